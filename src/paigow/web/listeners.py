"""Who to tell of a change: the WebSocket connections of a table, the trainer or the lobby.

>>> seen = []
>>> tell = Listeners()
>>> stop = tell.subscribe(lambda: seen.append(1))
>>> tell.notify(); stop(); tell.notify()
>>> seen
[1]
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

Listener = Callable[[], None]


class Listeners:
    """A set of functions, each called (quickly, from any thread) on every change.
    ``lock``: the lock that guards the owner's state, if the set should share it."""

    def __init__(self, lock: Any = None) -> None:
        self._lock = lock if lock is not None else threading.Lock()
        self._fns: set[Listener] = set()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add ``listener``; returns the function that removes it."""
        with self._lock:
            self._fns.add(listener)

        def unsubscribe() -> None:
            with self._lock:
                self._fns.discard(listener)

        return unsubscribe

    def notify(self, *, quiet: bool = False) -> None:
        """Call every listener; ``quiet``: a failing one (a closed socket) is passed over."""
        with self._lock:
            fns = list(self._fns)
        for fn in fns:
            if quiet:
                with contextlib.suppress(Exception):
                    fn()
            else:
                fn()
