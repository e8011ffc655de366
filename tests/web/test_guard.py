"""The guard in front of the web app (paigow.web.security): a chunked body that passes
the limit is cut off with 413 without being kept, whatever the headers say."""

from __future__ import annotations

import asyncio
from typing import Any

from paigow.web.schemas import MAX_BODY
from paigow.web.security import Guard, host_allowed, origin_matches


def run(app: Any, chunks: list[bytes], headers: list[tuple[bytes, bytes]]) -> tuple[int, int]:
    sent: list[dict[str, Any]] = []
    queue = [{"type": "http.request", "body": c, "more_body": i < len(chunks) - 1}
             for i, c in enumerate(chunks)]
    read = [0]

    async def receive() -> dict[str, Any]:
        read[0] += 1
        return queue.pop(0)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/x", "scheme": "http",
             "headers": [(b"host", b"127.0.0.1:8000"), *headers]}
    asyncio.run(Guard(app)(scope, receive, send))
    return sent[0]["status"], read[0]


async def reads_everything(scope: Any, receive: Any, send: Any) -> None:
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def test_a_chunked_body_over_the_limit_is_cut_off() -> None:
    chunk = b"x" * 4096
    chunks = [chunk] * (MAX_BODY // 4096 + 50)
    status, read = run(reads_everything, chunks, [(b"transfer-encoding", b"chunked")])
    assert status == 413
    assert read == MAX_BODY // 4096 + 1  # stopped at the first chunk past the limit


def test_a_small_chunked_body_passes() -> None:
    assert run(reads_everything, [b"{}", b" "], [])[0] == 200


def test_host_names_this_server_only() -> None:
    none: frozenset[str] = frozenset()
    assert all(host_allowed(h, none) for h in
               ("127.0.0.1:8000", "localhost", "LOCALHOST:80", "[::1]:8000", "10.0.0.5", "[fe80::1]"))
    assert not any(host_allowed(h, none) for h in
                   ("evil.example", "127.0.0.1.nip.io", "localhost.evil.example:8000", "", "::1:x"))
    assert host_allowed("table.example:8000", frozenset({"table.example"}))


def test_origin_must_be_this_scheme_host_and_port() -> None:
    assert origin_matches("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert origin_matches("http://localhost", "localhost:80")
    assert origin_matches("https://t.example", "t.example", "https")
    assert origin_matches("https://t.example", "t.example:443", "wss")
    assert not origin_matches("https://t.example", "t.example", "http")
    assert not origin_matches("http://t.example", "t.example", "https")
    assert not origin_matches("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not origin_matches("null", "127.0.0.1:8000")
    assert not origin_matches("file://", "127.0.0.1:8000")
