"""Pushing views over WebSockets: once per change for a whole table, not once per socket.

A :class:`Broadcast` serves every open socket of one source (a table, or the lobby). It
subscribes to the source once. A change, from any thread, schedules one pass on the event
loop (a burst of changes is one pass): the pass computes the view of every *distinct*
viewer (a token; every visitor shares one view) in one batch, encodes each once, and
hands every socket whose view differs from the last one it was sent the new text. Each
socket has its own sender, which always sends the newest text: a slow browser gets fewer,
newer views and never holds the others up.

Measured cause (docs/web.md, "Where the time goes"): pushing per socket cost a thread hop
(``run_in_threadpool``) and a full JSON encoding per socket per change, and the hops' thread
wake-ups (``Condition.notify``) were a quarter of the interpreter's time under load.

>>> import asyncio
>>> async def demo():
...     computed = []
...     def views(keys):
...         computed.append(sorted(map(str, keys)))
...         return {k: {"who": str(k)} for k in keys}
...     b = Broadcast(views, lambda fn: lambda: None)
...     got = []
...     async def send(text): got.append(text)
...     for key in (None, None, "t"):  # two visitors and a person
...         b.attach(key, send)
...     b.changed(); b.changed()  # two changes, one pass: three sockets, two views
...     await asyncio.sleep(0.2)
...     return computed[-1], len(got)
>>> asyncio.run(demo())
(['None', 't'], 3)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping
from typing import Any

log = logging.getLogger("paigow.web")

Views = Callable[[list[Any]], Mapping[Any, Any]]
Subscribe = Callable[[Callable[[], None]], Callable[[], None]]
Send = Callable[[str], Awaitable[None]]


def encode(data: Any) -> str:
    """Compact JSON (orjson when installed: several times faster than the standard
    library's encoder, which was a sixth of a loaded server's time)."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson is a dependency
        return json.dumps(data, separators=(",", ":"))
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


class Subscriber:
    """One open socket: who it shows (``key``), what it was sent, its sender task."""

    def __init__(self, key: Hashable, send: Send) -> None:
        self.key = key
        self.send = send
        self.sent = ""  # the last state text sent
        self.newest = ""  # the state text to send next
        self.seq = 0
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def offer(self, text: str) -> None:
        if text != self.newest:
            self.newest = text
            self.wake.set()

    async def run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            text = self.newest
            if text == self.sent:
                continue
            self.sent = text
            self.seq += 1
            # "now": the server's clock, so a page counts a deadline down whatever its own
            await self.send(
                f'{{"type":"state","seq":{self.seq},"now":{time.time():.3f},"state":{text}}}')


class Broadcast:
    """The sockets of one source; ``views(keys)`` gives the view of each distinct key (it is
    called in a worker thread, in one batch per pass), ``subscribe(fn)`` calls ``fn`` on
    every change of the source (from any thread) and returns the unsubscriber.

    A server has one event loop; a test client may run each socket on a loop of its own,
    so the sockets are grouped by loop and each group gets its own pass."""

    def __init__(self, views: Views, subscribe: Subscribe) -> None:
        self.views = views
        self.subscribe = subscribe
        self.groups: dict[asyncio.AbstractEventLoop, set[Subscriber]] = {}
        self._unsubscribe: Callable[[], None] | None = None
        self._pending: set[asyncio.AbstractEventLoop] = set()
        self._running: set[asyncio.AbstractEventLoop] = set()  # a pass computing views
        self._again: set[asyncio.AbstractEventLoop] = set()  # changed during that pass
        self._lock = threading.Lock()

    @property
    def subscribers(self) -> list[Subscriber]:
        with self._lock:
            return [s for group in self.groups.values() for s in group]

    # -- sockets ------------------------------------------------------------------------
    def attach(self, key: Hashable, send: Send) -> Subscriber:
        """A socket showing ``key``'s view opens; it is sent the view at once."""
        loop = asyncio.get_running_loop()
        sub = Subscriber(key, send)
        sub.task = asyncio.create_task(sub.run())
        with self._lock:
            self.groups.setdefault(loop, set()).add(sub)
            first = self._unsubscribe is None
        if first:
            self._unsubscribe = self.subscribe(self.changed)
        self._pass(loop)  # the new socket's view (the others' are unchanged, so not resent)
        return sub

    async def detach(self, sub: Subscriber) -> None:
        """The socket closed: stop its sender (and the subscription with the last one)."""
        loop = asyncio.get_running_loop()
        with self._lock:
            group = self.groups.get(loop, set())
            group.discard(sub)
            if not group:
                self.groups.pop(loop, None)
            last = not self.groups
        if sub.task is not None:
            sub.task.cancel()
            with contextlib.suppress(BaseException):
                await sub.task
        if last and self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # -- changes ------------------------------------------------------------------------
    def changed(self) -> None:
        """The source changed (any thread): one pass is scheduled on each loop with
        sockets, however many changes come before it runs."""
        with self._lock:
            loops = [lp for lp in self.groups if lp not in self._pending]
            self._pending.update(loops)
        for loop in loops:
            try:
                loop.call_soon_threadsafe(self._pass, loop)
            except RuntimeError:  # that loop has closed
                with self._lock:
                    self._pending.discard(loop)

    def _pass(self, loop: asyncio.AbstractEventLoop) -> None:
        """On ``loop``: compute the views in a worker thread (the source's lock may be held
        by its own thread for a while: the event loop must not wait on it), then offer
        them; a change during the computation runs one more pass after it."""
        with self._lock:
            self._pending.discard(loop)
            if loop in self._running:
                self._again.add(loop)
                return
            subs = list(self.groups.get(loop, ()))
            if not subs:
                return
            self._running.add(loop)
        done = loop.run_in_executor(None, self._compute, subs)
        done.add_done_callback(lambda f: self._offer(loop, subs, f))

    def _compute(self, subs: list[Subscriber]) -> dict[Any, str]:
        keys = list(dict.fromkeys(s.key for s in subs))
        views = self.views(keys)
        return {k: encode(views[k]) for k in keys}

    def _offer(self, loop: asyncio.AbstractEventLoop, subs: list[Subscriber],
               done: asyncio.Future[dict[Any, str]]) -> None:
        try:
            texts = done.result()
        except Exception as exc:  # a view that cannot be computed is logged, not pushed
            log.error("a view could not be computed", exc_info=exc)
            texts = {}
        for s in subs:
            if s.key in texts:
                s.offer(texts[s.key])
        with self._lock:
            self._running.discard(loop)
            again = loop in self._again
            self._again.discard(loop)
        if again:
            self._pass(loop)
