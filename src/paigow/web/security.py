"""The browser table's guard at the door: body size, Host and Origin, for every request.

One ASGI middleware (:class:`Guard`) sits in front of the whole app:

* **Size**: a body over :data:`~paigow.web.schemas.MAX_BODY` bytes is refused with 413,
  from its ``Content-Length`` before anything is read, or as soon as a chunked body
  passes the limit; nothing past the limit is kept in memory. The guard reads the whole
  body (at most the limit) before the app runs, so every route refuses alike; a body
  that takes more than :data:`BODY_SECONDS` to arrive is refused with 408 and its
  connection closed.
* **Host** (DNS rebinding): the ``Host`` header must name this server: an IP address, a
  loopback name (``localhost``), or a name the operator allowed (``--allow-host``). A page
  on another site whose name was re-pointed at 127.0.0.1 sends its own name and is refused
  (421), on every request, reads included.
* **Origin** (cross-site requests): a state-changing request (anything but GET, HEAD and
  OPTIONS) and every WebSocket handshake that carries an ``Origin`` must come from this very
  host and port; ``Origin: null`` is refused. A request without ``Origin`` (a script, curl)
  passes: browsers always send it on the requests that matter.

>>> host_allowed("127.0.0.1:8000", frozenset()), host_allowed("evil.example:8000", frozenset())
(True, False)
>>> origin_matches("http://127.0.0.1:8000", "127.0.0.1:8000")
True
>>> origin_matches("http://127.0.0.1:9999", "127.0.0.1:8000")
False
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Awaitable, Callable, MutableMapping
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from paigow.web.schemas import MAX_BODY

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
BODY_SECONDS = 15.0
"""How long a request's body may take to arrive once its headers are in (then 408)."""


def _hostname(host_header: str) -> str:
    """The name part of a ``Host`` header value (``[::1]:8000`` → ``::1``)."""
    h = host_header.strip().lower()
    if h.startswith("["):
        return h[1:h.find("]")] if "]" in h else h
    return h.rsplit(":", 1)[0] if h.count(":") == 1 else h


@lru_cache(maxsize=512)
def host_allowed(host_header: str, allowed: frozenset[str]) -> bool:
    """Whether a ``Host`` header names this server (see the module docstring). Asked on
    every request, for the few names a server is called by: remembered (parsing an IP
    address was a tenth of a request's time)."""
    name = _hostname(host_header)
    if not name:
        return False
    if name in LOOPBACK_NAMES or name in allowed:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def origin_matches(origin: str, host_header: str, scheme: str = "http") -> bool:
    """Whether ``Origin`` is this very scheme, host and port (the request came by
    ``scheme``: http or https, ws or wss)."""
    if not origin or origin == "null":
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    secure = scheme in ("https", "wss")
    if (parts.scheme == "https") != secure:
        return False
    default = "443" if secure else "80"
    want = host_header.strip().lower()
    got = parts.netloc.lower()
    if ":" not in got.rsplit("]", 1)[-1]:
        got = f"{got}:{default}"
    if ":" not in want.rsplit("]", 1)[-1]:
        want = f"{want}:{default}"
    return got == want


_READ = frozenset({b"host", b"origin", b"content-length"})


def _headers(scope: Scope) -> dict[str, str]:
    """The headers the guard reads (the last of each, as before; ASGI names are lower
    case)."""
    out: dict[str, str] = {}
    for k, v in scope.get("headers", []):
        if k in _READ:
            out[k.decode("latin-1")] = v.decode("latin-1")
    return out


async def _refuse(send: Send, status: int, message: str, close: bool = False) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The ASGI middleware described in the module docstring."""

    def __init__(self, app: ASGIApp, allowed_hosts: frozenset[str] = frozenset(),
                 max_body: int = MAX_BODY, body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.allowed = frozenset(h.lower() for h in allowed_hosts)
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        host = headers.get("host", "")
        if not host_allowed(host, self.allowed):
            why = (f"this server does not answer to the host name {_hostname(host)!r}"
                   if host else "the request names no host")
            await self._deny(kind, send, receive, 421, why)
            return
        origin = headers.get("origin")
        changes = kind == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
        if changes and origin is not None and \
                not origin_matches(origin, host, str(scope.get("scheme", "http"))):
            await self._deny(kind, send, receive, 403,
                             f"cross-site request refused: origin {origin!r} is not {host!r}")
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                await _refuse(send, 400, f"bad Content-Length {length!r}")
                return
            if int(length) > self.max_body:
                await _refuse(send, 413, f"the request body is {int(length)} bytes: "
                                         f"at most {self.max_body} allowed")
                return
        # the body is read here, whole, before the app sees the request: a chunked body
        # past the limit is refused with 413 at once, on every route alike (read inside a
        # route, the framework answered the same refusal 500); the route then reads it
        # from memory, at most max_body bytes
        body: list[bytes] = []
        seen = 0
        try:
            async with asyncio.timeout(self.body_seconds):  # a body sent slowly holds nothing
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        return  # the client went away before its body was in
                    chunk = message.get("body", b"")
                    seen += len(chunk)
                    if seen > self.max_body:
                        await _refuse(send, 413, f"the request body passed {self.max_body} "
                                                 "bytes")
                        return
                    body.append(chunk)
                    if not message.get("more_body"):
                        break
        except TimeoutError:
            await _refuse(send, 408, f"the request body did not arrive within "
                                     f"{self.body_seconds:g} s", close=True)
            return
        whole = b"".join(body)
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()  # then what the server says next (a disconnect)

        await self.app(scope, replay, send)

    async def _deny(self, kind: str, send: Send, receive: Receive, status: int,
                    message: str) -> None:
        if kind == "websocket":
            await receive()  # the websocket.connect message
            await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
            return
        await _refuse(send, status, message)
