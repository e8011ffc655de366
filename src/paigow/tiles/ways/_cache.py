"""The on-disk cache shared by everything that stores a tile way's settings between processes.

What a way sets depends on the code of the whole tiles package (the engine and every way),
so every cache key includes :func:`tiles_source_hash`; a change to that code rebuilds the
cached files. Writes are atomic (a temporary file, then a rename), and a cache directory
that cannot be written only costs speed.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import BinaryIO

import platformdirs


def cache_dir(kind: str) -> Path:
    """The directory for one kind of cached file (under the user's cache dir)."""
    return Path(platformdirs.user_cache_dir("paigow")) / kind


@cache
def _hash_files(extra: tuple[Path, ...]) -> str:
    root = Path(__file__).resolve().parent.parent  # the paigow.tiles package
    h = hashlib.sha256()
    for f in sorted(root.rglob("*.py")):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    for f in extra:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def tiles_source_hash(extra: Iterable[Path] = ()) -> str:
    """A hash of the source of the tiles package and of the ``extra`` files (for example
    the module that maps settings to split indexes)."""
    return _hash_files(tuple(Path(p).resolve() for p in extra))


def save_atomically(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Write ``path`` through ``write(fh)`` into a temporary file, then rename it into place.
    An unwritable cache directory is ignored."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            write(fh)
        os.replace(tmp, path)
    except OSError:
        pass
