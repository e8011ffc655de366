"""How ``paigow serve`` runs the app under uvicorn: whose addresses it believes, and how
long a connection may take to say what it wants.

* **X-Forwarded-For** is believed only when the operator says a proxy is in front
  (``serve --behind-proxy``, as ``paigow proxy``'s setup does), and then only from the
  proxy's own machine (127.0.0.1, ::1). By default it is ignored: uvicorn's own default
  believed it from 127.0.0.1, so any local client could name a new address on every
  request and reset every per-address limit (new people, failed sign-ins, seats).
* **Headers in time**: a connection must finish its request's headers within
  :data:`HEADER_SECONDS` of its first byte (or of connecting); otherwise it is closed.
  uvicorn armed no timer before the headers were in, so a client sending half a request
  held its connection for ever (300 held for 78 s in the attack, and no end). Between
  requests uvicorn's keep-alive closes an idle connection; a stray byte between requests
  starts the header deadline. A request's body is bounded in time by the guard
  (:attr:`paigow.web.security.Guard.body_seconds`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from paigow.web.push import ws_protocol

HEADER_SECONDS = 15.0
"""How long a connection may take to send a request's headers."""
KEEP_ALIVE_SECONDS = 75
"""An idle connection is kept this long: longer than a front proxy's (nginx: 60 s), so the
server never closes a connection the proxy is sending a request on."""
PROXY_ADDRESSES = "127.0.0.1,::1"
"""Where a proxy whose X-Forwarded-For is believed may be (``--behind-proxy``): this
machine."""


def header_deadline_protocol(seconds: float = HEADER_SECONDS) -> type[Any]:
    """uvicorn's HTTP protocol (httptools) with a deadline on the request's headers: the
    connection is closed unless they are all in within ``seconds`` of the connection or of
    a new request's first byte."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class HeaderDeadline(HttpToolsProtocol):
        header_seconds = seconds

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self._header_timer: asyncio.TimerHandle | None = None
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.cycle is None or self.cycle.response_complete:
                self._arm()  # a byte between requests: the next one's headers are due
            super().data_received(data)

        def on_message_begin(self) -> None:
            self._arm()
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._disarm()  # first: an upgrade hands the connection to a WebSocket
            super().on_headers_complete()

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(self.header_seconds, self._late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _late(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

    return HeaderDeadline


def server_config(app: Any, *, behind_proxy: bool = False,
                  header_seconds: float = HEADER_SECONDS, **kw: Any) -> Any:
    """The ``uvicorn.Config`` serving ``app`` as ``paigow serve`` does: the WebSocket
    protocol of :func:`paigow.web.push.ws_protocol`, the header deadline, the keep-alive,
    and X-Forwarded-For believed only ``behind_proxy`` (from this machine). ``kw``: more
    of uvicorn's settings (host, port, log_level)."""
    import uvicorn

    settings: dict[str, Any] = dict(log_level="warning", lifespan="off",
                                    timeout_keep_alive=KEEP_ALIVE_SECONDS)
    settings.update(kw)
    return uvicorn.Config(app, ws=ws_protocol(), http=header_deadline_protocol(header_seconds),
                          proxy_headers=behind_proxy,
                          forwarded_allow_ips=PROXY_ADDRESSES if behind_proxy else "",
                          **settings)


__all__ = ["HEADER_SECONDS", "KEEP_ALIVE_SECONDS", "header_deadline_protocol",
           "server_config"]
