"""The frames on the wire (paigow.web.push.ws_protocol): the server compresses its
large WebSocket messages (permessage-deflate, RFC 7692) with a window that holds the last
view it sent, so a view that repeats most of the last one costs a few hundred bytes; a
message under MIN_DEFLATED bytes (a patch of a bet) goes as it is (RFC 7692 section 6: a
message's RSV1 bit says whether it is compressed), and the compressed ones stay readable
with one context, as the client keeps it.

Read at the byte level: the handshake's ``Sec-WebSocket-Extensions`` answer (RFC 7692
section 7.1.2.1: ``server_max_window_bits``), each frame's RSV1 bit (compressed) and
payload length (RFC 6455 section 5.2), and the payload inflated with the four bytes the
sender removed (RFC 7692 section 7.2.2) giving back the text sent."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from paigow.web.push import MIN_DEFLATED, SEND_NOW, WINDOW_BITS, ws_protocol


def _view(n: int) -> str:
    """A view-like text of about 9 KB, its round number ``n`` the only change."""
    story = [{"seat": s, "hand": f"{s}-{s} 6-{s % 6}", "result": "won" if s % 2 else "lost",
              "words": f"seat {s} set its hand high and low the house way, round {s * 7}"}
             for s in range(1, 72)]
    return json.dumps({"round": n, "phase": "betting", "last": story})


async def _app(scope: Any, receive: Any, send: Any) -> None:
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    for n in (1, 2):
        await send({"type": "websocket.send", "text": _view(n)})
    await receive()  # the client closes


async def _app_now(scope: Any, receive: Any, send: Any) -> None:
    """Writes its two views through the protocol's synchronous writer (SEND_NOW)."""
    assert scope["type"] == "websocket"
    await receive()
    await send({"type": "websocket.accept"})
    now = scope["extensions"][SEND_NOW]
    for n in (1, 2):
        assert now.ready()
        now.write(_view(n))
    await receive()


def _small(n: int) -> str:
    return json.dumps({"type": "patch", "seq": n, "parts": {"phase": "betting"}})


async def _app_mixed(scope: Any, receive: Any, send: Any) -> None:
    """A large view, a small patch, the large view again (one number changed)."""
    await receive()
    await send({"type": "websocket.accept"})
    for text in (_view(1), _small(2), _view(3)):
        await send({"type": "websocket.send", "text": text})
    await receive()


def _read(sock: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        got = sock.recv(n - len(out))
        assert got, "the server closed the connection"
        out += got
    return out


def _frame(sock: socket.socket) -> tuple[bool, bytes]:
    """One server frame: whether RSV1 (compressed) is set, and its payload."""
    head = _read(sock, 2)
    length = head[1] & 0x7F
    if length == 126:
        length = int.from_bytes(_read(sock, 2), "big")
    elif length == 127:
        length = int.from_bytes(_read(sock, 8), "big")
    return bool(head[0] & 0x40), _read(sock, length)


@contextmanager
def _served(app: Any) -> Iterator[int]:
    """``app`` served by uvicorn with the server's WebSocket protocol, in a thread: the port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, ws=ws_protocol(),
                            lifespan="off", log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 180
        while not server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.02)
        yield port
    finally:
        server.should_exit = True
        thread.join(120)


def _handshake(sock: socket.socket, port: int, path: str = "/") -> None:
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n"
                  "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits"
                  "\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += _read(sock, 1)
    head = answer.decode("latin-1").lower()
    assert head.startswith("http/1.1 101"), head
    assert f"server_max_window_bits={WINDOW_BITS}" in head


@pytest.mark.parametrize("app", [_app, _app_now], ids=["asgi-send", "written-at-once"])
def test_views_are_compressed_against_the_last_one_sent(app: Any) -> None:
    """Through ASGI's send, or written at once by the protocol (paigow.web.push.SEND_NOW,
    what a table's pass uses): the same frames, byte for byte the protocol's."""
    with _served(app) as port, socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        _handshake(sock, port)
        inflate = zlib.decompressobj(-WINDOW_BITS)  # one context: the server's takes over
        sizes = []
        for n in (1, 2):
            compressed, payload = _frame(sock)
            assert compressed
            assert inflate.decompress(payload + b"\x00\x00\xff\xff").decode() == _view(n)
            sizes.append(len(payload))
        sock.sendall(bytes([0x88, 0x80]) + os.urandom(4))  # close, masked, no payload
    text = len(_view(2))
    assert text > 8000
    # the second view, all but one number the same as the first: back-references into the
    # window, not the text again (uvicorn's own 4 KB window, which the text does not fit
    # in, sends about a tenth of it here; of a table's 9 KB view, a quarter)
    assert sizes[1] < text / 20, (sizes, text)


def test_a_small_message_goes_as_it_is_and_the_large_ones_stay_readable() -> None:
    with _served(_app_mixed) as port, \
            socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        _handshake(sock, port)
        inflate = zlib.decompressobj(-WINDOW_BITS)  # fed the compressed messages only
        got = []
        for _ in range(3):
            compressed, payload = _frame(sock)
            text = (inflate.decompress(payload + b"\x00\x00\xff\xff") if compressed
                    else payload).decode()
            got.append((compressed, text, len(payload)))
        sock.sendall(bytes([0x88, 0x80]) + os.urandom(4))
    assert len(_small(2)) < MIN_DEFLATED < len(_view(1))
    assert [(c, t) for c, t, _ in got] == [(True, _view(1)), (False, _small(2)),
                                           (True, _view(3))]
    assert got[2][2] < len(_view(3)) / 20  # still against the first view, across the patch


def test_a_table_sends_its_view_whole_then_the_parts_that_changed(tmp_path: Path) -> None:
    """A visitor's socket at a real table, read on the wire: the first frame is the whole
    view; a person sitting down changes the seats, and the next frame is a patch of the
    parts that changed only (not the tile names, which never change)."""
    from webkit import Person, serving, tiles_opts

    with serving(tmp_path, tiles_opts()) as (_lobby, app), _served(app) as port, \
            socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        _handshake(sock, port, "/ws/tables/1")
        inflate = zlib.decompressobj(-WINDOW_BITS)
        msgs, sizes, deflated = [], [], []
        for _ in range(2):
            compressed, payload = _frame(sock)
            text = inflate.decompress(payload + b"\x00\x00\xff\xff") if compressed \
                else payload
            deflated.append((compressed, len(text) >= MIN_DEFLATED))
            msgs.append(json.loads(text))
            sizes.append(len(payload))
            if len(msgs) == 1:
                Person(app, name="Ann").join()  # through the API: the seats change
        sock.sendall(bytes([0x88, 0x80]) + os.urandom(4))
    whole, patch = msgs
    assert (whole["type"], whole["seq"], patch["type"], patch["seq"]) == ("state", 1, "patch", 2)
    assert "seats" in patch["parts"] and "piece_names" not in patch["parts"]
    assert set(patch["parts"]) < set(whole["state"])
    assert any(x["name"] == "Ann" for x in patch["parts"]["seats"])
    assert sizes[1] < sizes[0], sizes
    # compressed exactly when large (an empty table's view is small too)
    assert all(c == large for c, large in deflated), deflated
