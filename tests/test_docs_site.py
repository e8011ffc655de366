"""Issue 19, "Documentation as a site": MkDocs builds docs/ and the docstrings with warnings
as errors (``--strict``: a broken link, a missing page, a page left out of the nav or an
unresolved API reference fails here), and the built site holds every command's help and the
API reference.

Issue 23 §3: the build's warnings are shown, never hidden (no ``-q``: MkDocs prints a page
left out of the nav at INFO level under ``-q``'s cut, which once let such a page pass), and
the API reference covers every public name: each name of ``__all__`` of ``paigow.tiles``,
``paigow.poker``, ``paigow.table`` and ``paigow.extras``, and every error class, has its
entry on the page.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=900, env=env, check=False)
    log = proc.stdout + proc.stderr
    print(log)  # the build's own words, shown with any failure
    assert proc.returncode == 0, log
    assert "WARNING" not in log, log
    # a page in docs/ that no nav entry reaches: MkDocs says so at INFO level
    assert "not included in the \"nav\"" not in log, log
    return out


def test_the_site_builds_strict_with_commands_and_api(site: Path) -> None:
    commands = (site / "reference" / "commands" / "index.html").read_text(encoding="utf-8")
    for path in ("paigow tiles value", "paigow poker set", "paigow serve", "paigow train stats",
                 "paigow poker way-check"):
        assert path in commands, path
    assert "paigow poker ways-check" not in commands  # the old name, hidden
    assert "Example:" in commands and "--install-completion" in commands
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("paigow.tiles.value", "paigow.poker.set_hand", "paigow.poker.simulate",
                 "paigow.table.Table", "PaigowError"):
        assert name in api, name
    assert "&gt;&gt;&gt;" in api and ":func:" not in api  # examples as code, no reST roles
    assert (site / "index.html").is_file() and (site / "tiles" / "index.html").is_file()
    assert (site / "poker-derive" / "index.html").is_file()


PUBLIC = ("paigow.tiles", "paigow.poker", "paigow.table", "paigow.extras")


def test_the_api_reference_covers_every_public_name(site: Path) -> None:
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="([^"]+)"', api))
    missing = []
    for mod_name in PUBLIC:
        mod = importlib.import_module(mod_name)
        for name in mod.__all__:
            obj = getattr(mod, name)
            where = {f"{mod_name}.{name}", f"{getattr(obj, '__module__', '')}.{name}"}
            if not where & anchors:
                missing.append(f"{mod_name}.{name}")
    import paigow.errors

    for name, obj in vars(paigow.errors).items():
        if inspect.isclass(obj) and issubclass(obj, Exception) \
                and obj.__module__ == "paigow.errors" and f"paigow.errors.{name}" not in anchors:
            missing.append(f"paigow.errors.{name}")
    assert missing == [], missing
