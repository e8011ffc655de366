"""Issue 19, "A package": ``python -m build`` gives a wheel and an sdist that install into a
clean virtual environment and run (``paigow tiles value 6-6 5-4`` -> Teen Wong, the seed's
example), with every file of the package inside (the web table's static files and
templates, the shipped TOML ways and pay tables), and one version everywhere.

The build runs on a copy of the tracked files (what a fresh clone holds), without build
isolation (setuptools and build come with the dev extra, so no download). Each clean
environment is a new venv without pip that sees the dev environment's dependencies
(numpy, numba, typer, ...) through a ``.pth`` line, never its paigow: pip installs the
artifact itself with ``--no-deps --no-index``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import paigow

ROOT = Path(__file__).resolve().parents[1]


def _tracked() -> list[str]:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True,
                             text=True, check=True, timeout=60).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    return [f for f in out.splitlines() if (ROOT / f).is_file()]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    src = tmp_path_factory.mktemp("clone")
    for f in _tracked():
        (src / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, src / f)
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "-o", str(out),
                           str(src)], capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    wheels, sdists = list(out.glob("*.whl")), list(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, list(out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0]}


def test_the_version_is_in_one_place(dist: dict[str, Path]) -> None:
    assert dist["wheel"].name.startswith(f"paigow-{paigow.__version__}-")
    assert dist["sdist"].name == f"paigow-{paigow.__version__}.tar.gz"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" in project["dynamic"] and "version" not in project


def test_the_wheel_holds_every_file_of_the_package(dist: dict[str, Path]) -> None:
    names = set(zipfile.ZipFile(dist["wheel"]).namelist())
    want = {f[len("src/"):] for f in _tracked() if f.startswith("src/paigow/")}
    assert want - names == set()
    for must in ("paigow/web/static/js/pieces.js", "paigow/web/static/css/app.css",
                 "paigow/web/templates/base.html", "paigow/poker/houseways/foxwoods.toml",
                 "paigow/poker/paytables/fortune.toml", "paigow/tiles/ways/files/australian.toml",
                 "paigow/py.typed"):
        assert must in names, must


def test_the_sdist_holds_the_sources_tests_and_docs(dist: dict[str, Path]) -> None:
    with tarfile.open(dist["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"pyproject.toml", "CHANGELOG.md", "mkdocs.yml", "docs/index.md",
            "src/paigow/__init__.py", "tests/test_package.py"} <= names


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_it_installs_into_a_clean_venv_and_runs(kind: str, dist: dict[str, Path],
                                                tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    py = venv / "bin" / "python"
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()"
                                "['purelib'])"], capture_output=True, text=True, check=True,
                               timeout=60).stdout.strip())
    (site / "_dev_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install",
                           "--no-deps", "--no-index", "--no-build-isolation", "-q",
                           str(dist[kind])], capture_output=True, text=True, timeout=600,
                          check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    where = subprocess.run([str(py), "-c", "import paigow; print(paigow.__file__)"],
                           capture_output=True, text=True, check=True, timeout=60).stdout
    assert where.startswith(str(site)), where  # the installed copy, not the checkout
    out = subprocess.run([str(venv / "bin" / "paigow"), "tiles", "value", "6-6", "5-4"],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    assert "Teen Wong" in out
    static = subprocess.run([str(py), "-c", "import importlib.resources as r; print((r.files("
                             "'paigow.web') / 'static' / 'js' / 'pieces.js').is_file())"],
                            capture_output=True, text=True, check=True, timeout=60).stdout
    assert static.strip() == "True"
