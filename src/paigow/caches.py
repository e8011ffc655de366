"""What paigow keeps between processes, and clearing it (``paigow cache``).

Everything lives in the user's cache dir (``platformdirs.user_cache_dir("paigow")``,
under ``XDG_CACHE_HOME`` where that is set), except numba's compiled kernels, which numba
keeps in ``__pycache__`` folders beside paigow's source (or in ``NUMBA_CACHE_DIR``).
Every file is rebuilt by itself when it is missing, so clearing any of them only costs the
time to build it again (:data:`KINDS` says how long, on the project's 2-core machine).

>>> [k.name for k in KINDS][:3]
['poker-tables', 'poker-ranks', 'poker-census']
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from pathlib import Path

from paigow.errors import PaigowError


@dataclass(frozen=True)
class Kind:
    """One kind of cached file: its name (what ``paigow cache clear NAME`` takes), the
    file patterns under the cache dir, what it is and what rebuilding it costs."""

    name: str
    patterns: tuple[str, ...]
    what: str
    rebuild: str


KINDS: tuple[Kind, ...] = (
    Kind("poker-tables", ("poker-table-*.table",),
         "a poker dealer way's setting of every hand (exact advice, simulate, dealer bets)",
         "about 1-2 minutes each"),
    Kind("poker-ranks", ("poker-ranks-*.npz",),
         "the dense rank ids of every five- and two-card poker hand", "seconds"),
    Kind("poker-census", ("poker-census-*.json",),
         "a census of every seven-card hand by its best hand", "a few seconds each"),
    Kind("poker-patterns", ("poker-way-patterns-*.npy",),
         "every pattern of ranks a hand can hold (the way files' load check)", "seconds"),
    Kind("poker-derive", ("derive-*.json",),
         "derive-strategy's labelled hands", "minutes"),
    Kind("tiles-ways", ("tiles-ways/*.npy",),
         "a tile way's setting of every hand", "a second or two each"),
    Kind("tiles-odds", ("tiles-odds/*.npy",),
         "a tile dealer way's win and lose counts of every hand's settings",
         "a second or two each"),
    Kind("tiles-way-files", ("tiles-way-files/*.npz",),
         "a tile way file's compiled settings", "a second or two each"),
    Kind("stale", ("poker-table-*.npy", "poker-kind-*.npy", "*.part", "*.tmp",
                   "*/*.tmp"),
         "files of older versions and unfinished writes (nothing reads them)", "nothing"),
)

NUMBA = Kind("numba", ("*.nbi", "*.nbc"),
             "numba's compiled kernels (beside paigow's source)",
             "about 75 s of compiling on first use")


@dataclass(frozen=True)
class Entry:
    """One cached file."""

    kind: Kind
    path: Path
    size: int

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {"kind": self.kind.name, "file": str(self.path), "name": self.path.name,
                "bytes": self.size, "what": self.kind.what}


def cache_dir() -> Path:
    """The user's cache dir of paigow."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("paigow"))


def numba_dirs() -> list[Path]:
    """Where numba keeps paigow's compiled kernels: ``NUMBA_CACHE_DIR`` when set, else the
    ``__pycache__`` folders of the paigow package."""
    root = Path(__file__).resolve().parent
    env = os.environ.get("NUMBA_CACHE_DIR")
    if env:
        return [Path(env)]
    return sorted(p for p in root.rglob("__pycache__") if p.is_dir())


def _kind_of(path: Path, folder: Path) -> Kind | None:
    rel = path.relative_to(folder).as_posix()
    for kind in KINDS:
        if any(fnmatch.fnmatchcase(rel, pat) for pat in kind.patterns):
            return kind
    return None


def entries(folder: Path | None = None, numba: bool = True) -> list[Entry]:
    """Every cached file, by kind then name (a file of no known kind is listed as
    ``other``); with ``numba``, numba's compiled kernels of paigow too."""
    base = cache_dir() if folder is None else folder
    found: list[Entry] = []
    other = Kind("other", (), "a file paigow does not know", "")
    if base.is_dir():
        for p in sorted(base.rglob("*")):
            if p.is_file():
                found.append(Entry(_kind_of(p, base) or other, p, p.stat().st_size))
    if numba:
        for d in numba_dirs():
            for p in sorted(d.rglob("*")):
                if p.is_file() and p.suffix in (".nbi", ".nbc"):
                    found.append(Entry(NUMBA, p, p.stat().st_size))
    order = {k.name: i for i, k in enumerate((*KINDS, NUMBA, other))}
    return sorted(found, key=lambda e: (order[e.kind.name], e.path.name))


def select(found: list[Entry], names: list[str]) -> list[Entry]:
    """The entries that ``names`` name: a kind (``poker-tables``), a file name, or a
    glob of file names (``poker-table-foxwoods-*``); every name must name something."""
    picked: list[Entry] = []
    kinds = {k.name for k in (*KINDS, NUMBA)} | {"other"}
    for name in names:
        hit = [e for e in found if e.kind.name == name or e.path.name == name
               or fnmatch.fnmatchcase(e.path.name, name)]
        if not hit and name not in kinds:
            raise PaigowError(f"nothing cached is named {name!r}: give a kind "
                              f"({', '.join(sorted(kinds))}) or a file name that "
                              "`paigow cache` lists")
        picked += [e for e in hit if e not in picked]
    return picked


def clear(chosen: list[Entry]) -> int:
    """Delete the entries; the bytes freed."""
    freed = 0
    for e in chosen:
        try:
            e.path.unlink()
            freed += e.size
        except FileNotFoundError:
            pass
    return freed


def human(size: int) -> str:
    """A size as people read it.

    >>> human(27_091_648), human(512), human(2_500_000_000)
    ('27.1 MB', '512 B', '2.50 GB')
    """
    if size < 1000:
        return f"{size} B"
    for unit, scale in (("kB", 1e3), ("MB", 1e6), ("GB", 1e9)):
        if size < scale * 1000 or unit == "GB":
            value = size / scale
            return f"{value:.2f} {unit}" if unit == "GB" else f"{value:.1f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


__all__ = ["KINDS", "NUMBA", "Entry", "Kind", "cache_dir", "clear", "entries", "human",
           "numba_dirs", "select"]
