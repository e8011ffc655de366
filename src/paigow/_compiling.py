"""Say so when numba compiles paigow's kernels, and show it going (issue 23 §7).

numba keeps compiled kernels on disk (``cache=True``), so a kernel compiles once after
an install or an upgrade; but the first call of a fresh install spent 75 s compiling
without a word. The kernel modules import this one, which listens to numba's
``numba:compile`` events (fired only for a real compile, not for a load from numba's
cache). At the first compile of a process it prints one line on stderr (what, and how
long all of it takes on the project's 2-core machine) and shows a progress bar (rich, on
stderr, while a kernel compiles): kernels compiled of those of the imported modules that
numba has not cached yet, with the time left at the rate so far. ``PAIGOW_QUIET=1`` keeps
it silent. Ctrl-C stops a compile cleanly: numba writes a cache file whole or not at all.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

from numba.core import event

ALL_SECONDS = 75
"""All of paigow's kernels compiled from nothing, on the project's 2-core machine."""


def _paigow(dispatcher: Any) -> bool:
    return str(getattr(getattr(dispatcher, "py_func", None), "__module__", "")).startswith(
        "paigow.")


def _uncached() -> int:
    """How many of the paigow kernels imported so far numba has no cache index for."""
    n = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("paigow.") or module is None:
            continue
        for obj in list(vars(module).values()):
            cache = getattr(obj, "_cache", None)
            index = getattr(cache, "_index_path", None)
            if _paigow(obj) and index is not None and not os.path.exists(index):
                n += 1
    return n


class _Watch(event.Listener):
    """Counts paigow's compiles and keeps a progress bar up while one runs."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0
        self.done = 0
        self.total = 0
        self.said = False
        self.progress: Any = None
        self.task: Any = None

    def on_start(self, ev: event.Event) -> None:
        if not _paigow(ev.data.get("dispatcher")) or os.environ.get("PAIGOW_QUIET"):
            return
        with self.lock:
            self.depth += 1
            if self.depth > 1:
                return
            name = ev.data["dispatcher"].py_func.__qualname__
            if not self.said:
                self.said = True
                self.total = max(_uncached(), 1)
                _stderr().print(
                    f"paigow: compiling its numba kernels ({name} first): once after an "
                    f"install or upgrade, about {ALL_SECONDS} s for all of them on 2 cores; "
                    "numba keeps them for later runs", highlight=False)
            self._show(name)

    def on_end(self, ev: event.Event) -> None:
        if not _paigow(ev.data.get("dispatcher")) or os.environ.get("PAIGOW_QUIET"):
            return
        with self.lock:
            self.done += 1
            self.total = max(self.total, self.done)
            self.depth = max(0, self.depth - 1)
            if self.progress is not None:
                self.progress.update(self.task, completed=self.done, total=self.total)
            if self.depth == 0 and self.progress is not None:
                self.progress.stop()
                self.progress = None

    def _show(self, name: str) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn("compiling [bold]{task.fields[name]}[/]"), BarColumn(),
            MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("left"),
            TimeRemainingColumn(), console=_stderr(), transient=True,
        )
        self.task = self.progress.add_task("compile", total=self.total, completed=self.done,
                                           name=name)
        self.progress.start()


def _stderr() -> Any:
    from rich.console import Console

    return Console(stderr=True)


_WATCH = _Watch()
event.register("numba:compile", _WATCH)  # type: ignore[no-untyped-call]
