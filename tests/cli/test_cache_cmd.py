"""``paigow cache`` (issue 23 §7): it lists what paigow keeps, each file with its kind and
size and the total, and clears all of it or what is named; a kept census reads back equal
without numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def paigow(args: list[str], cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PAIGOW_QUIET": "1"}
    return subprocess.run([sys.executable, "-m", "paigow", *args], capture_output=True,
                          text=True, env=env, timeout=3600, check=False)


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    """A cache folder with one file of several kinds, written as paigow names them."""
    folder = tmp_path / "paigow"
    (folder / "tiles-ways").mkdir(parents=True)
    (folder / "poker-table-house-0123abcd-ffff.table").write_bytes(b"t" * 3000)
    (folder / "poker-ranks-0123abcd-bug-second.npz").write_bytes(b"r" * 200)
    (folder / "tiles-ways" / "abc.npy").write_bytes(b"w" * 50)
    (folder / "poker-table-house-e10a0fea-8331.npy").write_bytes(b"old" * 10)
    return tmp_path


def files(out: str) -> dict[str, tuple[str, int]]:
    data = json.loads(out)
    return {f["name"]: (f["kind"], f["bytes"]) for f in data["files"] if f["kind"] != "numba"}


def test_the_list_names_each_file_its_kind_and_size_and_the_total(cache: Path) -> None:
    proc = paigow(["cache", "--json"], cache)
    assert proc.returncode == 0, proc.stderr
    got = files(proc.stdout)
    assert got == {
        "poker-table-house-0123abcd-ffff.table": ("poker-tables", 3000),
        "poker-ranks-0123abcd-bug-second.npz": ("poker-ranks", 200),
        "abc.npy": ("tiles-ways", 50),
        "poker-table-house-e10a0fea-8331.npy": ("stale", 30),
    }
    data = json.loads(proc.stdout)
    assert data["bytes"] == sum(f["bytes"] for f in data["files"])
    table = paigow(["cache"], cache)
    assert table.returncode == 0 and "poker-tables" in table.stdout and "total" in table.stdout


def test_clear_by_kind_and_by_name_deletes_only_those(cache: Path) -> None:
    proc = paigow(["cache", "clear", "poker-tables", "abc.npy", "--json"], cache)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["bytes"] == 3050
    left = files(paigow(["cache", "--json"], cache).stdout)
    assert set(left) == {"poker-ranks-0123abcd-bug-second.npz",
                         "poker-table-house-e10a0fea-8331.npy"}


def test_clear_of_a_name_that_names_nothing_is_refused_and_deletes_nothing(cache: Path) -> None:
    proc = paigow(["cache", "clear", "poker-tablez"], cache)
    assert proc.returncode == 2
    assert "poker-tablez" in proc.stderr and proc.stderr.count("\n") == 1
    assert len(files(paigow(["cache", "--json"], cache).stdout)) == 4


def test_clear_of_everything_leaves_the_folder_empty(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from paigow import caches

    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    chosen = [e for e in caches.entries(numba=False)]
    assert caches.clear(chosen) == 3280
    assert caches.entries(numba=False) == []


def test_a_kept_census_reads_back_equal_and_imports_no_numba(tmp_path: Path) -> None:
    """The census of a small deck is counted once (numba), kept, and a second process
    reads the same counts back without importing numba."""
    code = (
        "import json, sys\n"
        "from paigow.poker.census import census\n"
        "from paigow.poker.cards import parse_cards\n"
        "c = census(deck=parse_cards('As Ks Qs Js Ts 9s 2c 2d 2h Jk'))\n"
        "print(json.dumps([c.to_json(), 'numba' in sys.modules]))\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PAIGOW_QUIET": "1"}
    runs = [json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                      text=True, env=env, timeout=3600, check=True).stdout)
            for _ in range(2)]
    assert runs[0][0] == runs[1][0] and runs[0][0]["total"] == 120
    assert runs[0][1] is True and runs[1][1] is False
    assert len(list((tmp_path / "paigow").glob("poker-census-*.json"))) == 1


def test_a_first_compile_says_so_and_a_second_run_says_nothing(tmp_path: Path) -> None:
    """With numba's cache empty, the census kernel compiles and the command says so on
    stderr (what it is doing, once after an install, about how long); the next process
    loads the kernel from numba's cache and says nothing."""
    env = {k: v for k, v in os.environ.items() if k != "PAIGOW_QUIET"}
    env |= {"XDG_CACHE_HOME": str(tmp_path / "xdg"), "NUMBA_CACHE_DIR": str(tmp_path / "nb")}
    args = [sys.executable, "-m", "paigow", "poker", "census", "--json", "--deck",
            "As Ks Qs Js Ts 9s 2c 2d"]
    runs = [subprocess.run(args, capture_output=True, text=True, env=env, timeout=3600,
                           check=True) for _ in range(2)]
    first, second = runs[0].stderr, runs[1].stderr
    assert "compiling its numba kernels" in first and "about 75 s" in first, first
    assert "compiling" not in second, second
    assert json.loads(runs[0].stdout)["total"] == 8
    (tmp_path / "xdg" / "paigow").mkdir(parents=True, exist_ok=True)
    for p in (tmp_path / "xdg" / "paigow").glob("poker-census-*.json"):
        p.unlink()  # the census counted again: the kernel is loaded, not compiled
    again = subprocess.run(args, capture_output=True, text=True, env=env, timeout=3600,
                           check=True)
    assert "compiling" not in again.stderr, again.stderr
