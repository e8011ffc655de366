"""Pushing views over WebSockets: once per change for a whole table, not once per socket.

A :class:`Broadcast` serves every open socket of one source (a table, or the lobby). It
subscribes to the source once. A change, from any thread, schedules one pass on the event
loop (a burst of changes is one pass): the pass computes the view of every *distinct*
viewer (a token; every visitor shares one view) in one batch — on the event loop when the
source's lock is free, else in a worker thread — encodes each as its top-level parts (a
part the views share, once for all: :func:`encode_parts`), and hands every socket whose
view differs from the last one it was sent the new parts. Each socket has its own sender,
which sends the whole view first, then only the parts that changed since its last frame
(:class:`Subscriber`), always against the newest view: a slow browser gets fewer, newer
frames and never holds the others up.

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
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping
from typing import Any, NamedTuple, Protocol

import orjson

log = logging.getLogger("paigow.web")

Views = Callable[[list[Any]], Mapping[Any, Any]]
Subscribe = Callable[[Callable[[], None]], Callable[[], None]]
Send = Callable[[str], Awaitable[None]]


class SendNow(Protocol):
    """A socket's frames written at once, on the event loop's thread: ``ready()`` when it
    can take one without waiting (open, not paused by flow control), ``write(text)``."""

    def ready(self) -> bool: ...

    def write(self, text: str) -> None: ...


def encode(data: Any) -> str:
    """Compact JSON (orjson: several times faster than the standard library's encoder,
    which was a sixth of a loaded server's time)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


Kept = dict[Any, tuple[Any, bytes]]
#: A view as its top-level parts, each encoded: key -> the JSON of its value.
Parts = dict[str, bytes]

_KEYS: dict[str, bytes] = {}  # a view's key, encoded (a few dozen names)


def _key(k: str) -> bytes:
    text = _KEYS.get(k)
    if text is None:
        text = _KEYS[k] = orjson.dumps(k)
    return text


def join(parts: Parts, keys: Any = None) -> bytes:
    """The JSON object of ``parts`` (of those in ``keys`` only, when given)."""
    return b"{" + b",".join(_key(k) + b":" + parts[k]
                            for k in (parts if keys is None else keys)) + b"}"


class Layered(NamedTuple):
    """A person's view as two layers: ``shared`` (the same dict for every viewer of a pass)
    under ``own`` (the parts that are the person's: over ``shared``'s of the same name, or
    added after them). The view is ``{**shared, **own}``; :func:`encode_parts` encodes
    ``shared``'s parts once for all the viewers of a pass."""

    shared: dict[str, Any]
    own: dict[str, Any]


_OPT = orjson.OPT_NON_STR_KEYS


class _Encoder:
    """One pass's encoding: every value once (by identity; every value lives as long as
    the pass's views, so ids are unique), a value kept from the pass before not at all."""

    def __init__(self, kept: Kept) -> None:
        self.memo: dict[int, bytes] = {}
        self.kept = kept

    def part(self, k: str, v: Any, keep: bool = True) -> bytes:
        """``v``, the value of part ``k``, encoded; ``keep``: for the passes after."""
        part = self.memo.get(id(v))
        if part is not None:
            return part
        old = self.kept.get(k)
        if old is not None and old[0] is v:
            part = old[1]
        else:
            if type(v) is list and v and type(v[0]) is dict:
                # a list of dicts (the seats) item by item: another viewer's list of mostly
                # the same items (theirs marked "you") encodes only its own item
                part = b"[" + b",".join(self.part("", x, False) for x in v) + b"]"
            else:
                part = orjson.dumps(v, option=_OPT)
            if keep and isinstance(v, (dict, list)):
                self.kept[k] = (v, part)
        self.memo[id(v)] = part
        return part

    def flat(self, view: dict[str, Any], keep: bool = True) -> Parts:
        return {k: self.part(k, v, keep) for k, v in view.items()}


def encode_parts(views: Mapping[Any, Any], kept: Kept | None = None) -> dict[Any, Parts | bytes]:
    """Each view as its top-level parts, encoded (a view that is not a dict: its whole
    text), with every part that views share encoded once: a view is a dict whose values
    are often *the same objects* in every view of a pass (a table's seats, the last
    round's story) and from one pass to the next (the story, all round). A value met again
    (the same object) is not encoded again, within the pass, nor across passes while
    ``kept`` (the caller's, key -> (object, text)) holds it; and a part met again is the
    same ``bytes`` object, which a socket's sender compares at no cost. So a view's values
    must never be changed in place once given (each pass builds new ones).

    A :class:`Layered` view's shared layer is encoded once for all the views that share
    it, and a list of dicts (the seats) item by item, so a person's copy of it, the same
    items but their own, encodes that one item.

    >>> story = {"round": 7, "seats": [1, 2]}
    >>> views = {"ann": {"you": "ann", "last": story}, None: {"you": None, "last": story}}
    >>> parts = encode_parts(views)
    >>> all(orjson.loads(join(parts[k])) == v for k, v in views.items())
    True
    >>> parts["ann"]["last"] is parts[None]["last"]
    True
    """
    enc = _Encoder({} if kept is None else kept)
    layers: dict[int, Parts] = {}
    out: dict[Any, Parts | bytes] = {}
    for key, view in views.items():
        if isinstance(view, Layered):
            base = layers.get(id(view.shared))
            if base is None:
                base = layers[id(view.shared)] = enc.flat(view.shared)
            # (a person's parts are new each pass: nothing of theirs is kept for the next)
            out[key] = {**base, **enc.flat(view.own, keep=False)}
        elif isinstance(view, dict):
            out[key] = enc.flat(view)
        else:
            out[key] = orjson.dumps(view, option=_OPT)
    return out


def encode_views(views: Mapping[Any, Any], kept: Kept | None = None) -> dict[Any, str]:
    """Each view's :func:`encode`, the same text, through :func:`encode_parts`.

    >>> story = {"round": 7, "seats": [1, 2]}
    >>> views = {"ann": {"you": "ann", "last": story}, None: {"you": None, "last": story}}
    >>> encode_views(views) == {k: encode(v) for k, v in views.items()}
    True
    """
    return {k: (join(p) if isinstance(p, dict) else p).decode()
            for k, p in encode_parts(views, kept).items()}


class Subscriber:
    """One open socket: who it shows (``key``), the parts it was last sent, its sender.

    The first frame on a socket is the whole view (``{"type": "state", "seq": 1, "now",
    "state"}``); after it, a frame holds only the top-level parts that changed since the
    frame before (``{"type": "patch", "seq", "now", "parts": {...}}``, with ``"gone": [keys]``
    when a part was dropped), to be applied over the view of ``seq - 1``. A client that
    finds a gap in the numbers (or any doubt) asks ``{"type": "resync"}`` and is sent the
    whole view again. A view that is not a dict is always sent whole."""

    def __init__(self, key: Hashable, send: Send, now: SendNow | None = None) -> None:
        self.key = key
        self.send = send
        self.now = now
        self.sent: Parts | bytes | None = None  # what the client holds (None: nothing yet)
        self.newest: Parts | bytes | None = None  # the view to send next
        self.seq = 0
        self.busy = False  # the sender task is sending a frame
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def offer(self, view: Parts | bytes) -> None:
        if view != self.newest:
            self.newest = view
            self._push()

    def resync(self) -> None:
        """The client asks for the whole view: the next frame is one."""
        self.sent = None
        self._push()

    def _push(self) -> None:
        """Send the next frame at once, on this (the event loop's) thread, when the socket
        can take it without waiting; else wake the sender task, which waits for it."""
        now = self.now
        if now is not None and not self.busy and now.ready():
            frame = self._frame()
            if frame is None:
                return
            try:
                now.write(frame)
                return
            except Exception:  # closing: the task's send says so (or sends a whole view)
                self.sent = None
        self.wake.set()

    def _frame(self) -> str | None:
        """The next frame (and it counts as sent), or None when the client holds the
        newest view."""
        view, sent = self.newest, self.sent
        if view is None or view == sent:
            return None
        if isinstance(view, dict) and isinstance(sent, dict):
            changed = [k for k, v in view.items() if sent.get(k) != v]
            gone = [k for k in sent if k not in view]
            body = b'"parts":' + join(view, changed)
            if gone:
                body += b',"gone":' + orjson.dumps(gone)
            kind = "patch"
        else:
            body = b'"state":' + (join(view) if isinstance(view, dict) else view)
            kind = "state"
        self.sent = view
        self.seq += 1
        # "now": the server's clock, so a page counts a deadline down whatever its own
        return (f'{{"type":"{kind}","seq":{self.seq},"now":{time.time():.3f},'
                + body.decode() + "}")

    async def run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            frame = self._frame()
            if frame is None:
                continue
            self.busy = True
            try:
                await self.send(frame)
            finally:
                self.busy = False


class Broadcast:
    """The sockets of one source; ``views(keys)`` gives the view of each distinct key (it is
    called in a worker thread, in one batch per pass), ``subscribe(fn)`` calls ``fn`` on
    every change of the source (from any thread) and returns the unsubscriber.

    ``lock``: the lock ``views`` takes (the source's). When it is free, a pass computes the
    views on the event loop at once; when the source's own thread holds it, in a worker
    thread, so that the event loop never waits on it.

    A server has one event loop; a test client may run each socket on a loop of its own,
    so the sockets are grouped by loop and each group gets its own pass."""

    def __init__(self, views: Views, subscribe: Subscribe, lock: Any = None) -> None:
        self.views = views
        self.subscribe = subscribe
        self.lock = lock
        self._kept: Kept = {}  # the parts encoded by the last pass (encode_parts)
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
    def attach(self, key: Hashable, send: Send, now: SendNow | None = None) -> Subscriber:
        """A socket showing ``key``'s view opens; it is sent the view at once."""
        loop = asyncio.get_running_loop()
        sub = Subscriber(key, send, now)
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
                loop.call_soon_threadsafe(self._due, loop)
            except RuntimeError:  # that loop has closed
                with self._lock:
                    self._pending.discard(loop)

    def _due(self, loop: asyncio.AbstractEventLoop) -> None:
        """The pass scheduled by a change, unless :meth:`flush` ran it first."""
        with self._lock:
            due = loop in self._pending
        if due:
            self._pass(loop)

    def flush(self) -> None:
        """On the event loop's thread, after a change made there (a request's action):
        the pass it scheduled runs now, not one turn of the loop later."""
        loop = asyncio.get_running_loop()
        self._due(loop)

    def _pass(self, loop: asyncio.AbstractEventLoop) -> None:
        """On ``loop``: compute the views, here if the source's lock is free, else in a
        worker thread (the source's own thread may hold its lock for a while: the event
        loop must not wait on it), then offer them; a change during a computation in a
        worker runs one more pass after it."""
        with self._lock:
            self._pending.discard(loop)
            if loop in self._running:
                self._again.add(loop)
                return
            subs = list(self.groups.get(loop, ()))
            if not subs:
                return
            self._running.add(loop)
        if self.lock is not None and self.lock.acquire(blocking=False):
            try:  # the common case: no thread hop, no wake-up
                texts = self._compute(subs)
            except Exception as exc:
                log.error("a view could not be computed", exc_info=exc)
                texts = {}
            finally:
                self.lock.release()
            self._offer(loop, subs, texts)
            return
        done = loop.run_in_executor(None, self._compute, subs)
        done.add_done_callback(lambda f: self._offer(loop, subs, self._result(f)))

    def _compute(self, subs: list[Subscriber]) -> dict[Any, Parts | bytes]:
        keys = list(dict.fromkeys(s.key for s in subs))
        views = self.views(keys)
        with self._lock:  # a pass on each loop may run at once (test clients)
            kept = dict(self._kept)
        texts = encode_parts({k: views[k] for k in keys}, kept)
        with self._lock:
            self._kept = kept
        return texts

    @staticmethod
    def _result(done: asyncio.Future[dict[Any, Parts | bytes]]) -> dict[Any, Parts | bytes]:
        try:
            return done.result()
        except Exception as exc:  # a view that cannot be computed is logged, not pushed
            log.error("a view could not be computed", exc_info=exc)
            return {}

    def _offer(self, loop: asyncio.AbstractEventLoop, subs: list[Subscriber],
               texts: dict[Any, Parts | bytes]) -> None:
        for s in subs:
            if s.key in texts:
                s.offer(texts[s.key])
        with self._lock:
            self._running.discard(loop)
            again = loop in self._again
            self._again.discard(loop)
        if again:
            self._pass(loop)


# -- the frames on the wire ----------------------------------------------------------------
#: The window the server compresses its frames with (permessage-deflate, RFC 7692): 2**14
#: bytes, room for the last view sent on that socket (a tiles view is about 9 KB), so a
#: new view, mostly the same as the last, compresses to what changed.
WINDOW_BITS = 14
#: zlib's effort (1-9; its default is 6): on a table's views, one after another on a
#: socket, 4 took 53 us and 570 bytes a 9 KB view, 6 took 70 us and 430 bytes
LEVEL = 4


def ws_protocol() -> type[Any]:
    """uvicorn's WebSocket protocol (``websockets-sansio``), compressing with a window of
    :data:`WINDOW_BITS` bits rather than uvicorn's 12 (4 KB, which no view fits in: each
    frame was compressed nearly from scratch, 2.2 KB of 9, and deflate searching a window
    it never matched in was a fifth of a loaded server's CPU), at :data:`LEVEL`. Memory:
    about 80 KB a socket (zlib's window and hash: 2**(bits+2) + 2**(memLevel+9) bytes)
    instead of 32 KB. Messages under :data:`MIN_DEFLATED` bytes go uncompressed. The
    scope's ``extensions`` hold :data:`SEND_NOW`, the socket's synchronous writer.
    Pass it as ``uvicorn.Config(ws=ws_protocol())``."""
    import logging as _logging

    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.server import ServerProtocol

    sparing = _sparing_factory()

    class Protocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kw: Any) -> None:
            super().__init__(*args, **kw)
            self.now = _Now(self)
            if self.config.ws_per_message_deflate:
                self.conn = ServerProtocol(
                    extensions=[sparing(
                        server_max_window_bits=WINDOW_BITS, client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": LEVEL})],
                    max_size=self.config.ws_max_size,
                    logger=_logging.getLogger("uvicorn.error"))

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            self.scope["extensions"][SEND_NOW] = self.now  # type: ignore[assignment]

    return Protocol


#: The smallest message compressed (bytes): the whole view (about 9 KB at tiles) and the
#: reveal's patch (the round's story, 5 KB) are; a patch of a bet or a setting (1-2 KB, ten
#: a round on a socket) is sent as it is. Deflating those cost a fifth of a loaded server's
#: CPU (48 tables: 18.1 ms a round, 14.3-15.5 without, 13.9 with no compression at all):
#: each socket's compressor (80 KB) is out of the cache by its next frame, and the
#: Python around it costs as much as the compressing. RFC 7692 lets a sender leave any
#: message uncompressed (its RSV1 bit clear); the context the others are compressed
#: against is the compressed messages' only.
MIN_DEFLATED = 4096


def _sparing_factory() -> type[Any]:
    """permessage-deflate that leaves messages under :data:`MIN_DEFLATED` bytes as they
    are (websockets' own extension, negotiated as usual, compresses every message)."""
    from websockets.extensions.base import Extension
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    from websockets.frames import DATA_OPCODES

    class Sparing(Extension):
        """websockets' PerMessageDeflate, skipping small whole messages."""

        name = "permessage-deflate"  # type: ignore[assignment]

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def decode(self, frame: Any, *, max_size: int | None = None) -> Any:
            return self.inner.decode(frame, max_size=max_size)

        def encode(self, frame: Any) -> Any:
            if frame.opcode in DATA_OPCODES and frame.fin and len(frame.data) < MIN_DEFLATED:
                return frame
            return self.inner.encode(frame)

    class Factory(ServerPerMessageDeflateFactory):
        def process_request_params(self, params: Any, accepted: Any) -> Any:
            answer, ext = super().process_request_params(params, accepted)
            return answer, Sparing(ext)

    return Factory


#: The key of a socket's :class:`SendNow` in its ASGI scope's ``extensions`` (set by
#: :func:`ws_protocol`'s protocol; a server without it sends through the sender task).
SEND_NOW = "paigow.send_now"


class _Now:
    """:class:`SendNow` over uvicorn's protocol: what its ``send`` does for a text message
    once it has nothing to wait for (it awaits only ``writable``, flow control)."""

    def __init__(self, proto: Any) -> None:
        self.proto = proto

    def ready(self) -> bool:
        p = self.proto
        return bool(p.handshake_complete and p.initial_response is None and not p.close_sent
                    and not p.disconnected and p.writable.is_set()
                    and not p.transport.is_closing())

    def write(self, text: str) -> None:
        p = self.proto
        p.conn.send_text(text.encode())
        p.transport.write(b"".join(p.conn.data_to_send()))
