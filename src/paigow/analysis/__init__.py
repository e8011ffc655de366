"""Exact analysis of the games: enumeration of every deal, optimal settings, strategy tables.

The fast kernels (numpy + numba) live here beside the plain-Python reference code they
mirror; tests prove the two equal.

* :mod:`paigow.analysis.tiles_tables` — tile ids, the 35,960 four-tile hands, comparison
  codes and a way's precomputed choice for every hand.
* :mod:`paigow.analysis.tiles_reference` — the readable reference: loops over dealer hands
  with :func:`paigow.tiles.hand.compare`.
* :mod:`paigow.analysis.tiles_kernels` — numba kernels: brute force and
  inclusion-exclusion counts.
* :mod:`paigow.analysis.tiles_odds` — the public API: :func:`advise`, :func:`edge`,
  :class:`OptimalWay`.
"""

from collections.abc import Callable

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, called from long computations."""



class ProgressBar:
    """A progress callback that draws a rich bar on stderr (with the time left) from its
    first report on, and says once, first, what is being built and about how long it
    takes (``notice``). ``stop()`` ends the bar; Ctrl-C in the work leaves it to the
    caller to stop."""

    def __init__(self, label: str, console: object = None, notice: str = "") -> None:
        self.label = label
        self.console = console
        self.notice = notice
        self._progress: object = None
        self._task: object = None

    def __call__(self, done: int, total: int) -> None:
        from typing import Any

        progress: Any = self._progress
        if progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            console: Any = self.console or Console(stderr=True)
            if self.notice:
                console.print(self.notice, highlight=False)
            progress = Progress(
                TextColumn(self.label), BarColumn(), TextColumn("{task.percentage:>5.1f}%"),
                TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                console=console, transient=True,
            )
            progress.start()
            self._progress = progress
            self._task = progress.add_task(self.label, total=total)
        progress.update(self._task, completed=done, total=total)

    def stop(self) -> None:
        """End the bar (if one was drawn)."""
        from typing import Any

        progress: Any = self._progress
        if progress is not None:
            progress.stop()
            self._progress = None


__all__ = ["Progress", "ProgressBar"]
