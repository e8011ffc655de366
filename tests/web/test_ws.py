"""The live side: each person's view pushed over a WebSocket on every change, a full view
on (re)connect, pings answered, anything else refused with an error message that changes
nothing, and the handshake guarded like every state-changing request (Host, Origin)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from starlette.websockets import WebSocketDisconnect
from webkit import (
    Live,
    Person,
    entry_count,
    live,
    play_round,
    refuse_bank_until_set,
    serving,
    tiles_opts,
)


def frames(ws: Live, until: Any, last: dict[str, Any] | None = None,
           limit: int = 200) -> list[dict[str, Any]]:
    """Frames from ``ws`` (each with the view held after it) until one satisfies ``until``
    (inclusive); ``last``, the latest frame already read, counts if it satisfies it."""
    if last is not None and until(last["state"]):
        return [last]
    out = []
    for _ in range(limit):
        msg = ws.receive()
        assert msg["type"] in ("state", "patch")
        out.append(msg)
        if until(msg["state"]):
            return out
    raise AssertionError(f"no state satisfied the condition in {limit} messages")


def test_a_person_gets_the_full_view_on_connect_and_each_change_pushed(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        with ann.client.websocket_connect("/ws/tables/1") as sock:
            ws = live(sock)
            first = ws.receive()
            assert first["type"] == "state" and first["seq"] == 1
            assert first["state"]["you"]["seat"] == 1
            seen = frames(ws, lambda s: s["you"]["awaiting"] == "bet", first)
            ann.ok("bet", {"amount": "10"})
            seen = frames(ws, lambda s: s["you"]["awaiting"] in ("set", "bank"), seen[-1])
            assert seen[-1]["state"]["you"]["bet"] == 1_000
            refuse_bank_until_set([ann])
            seen = frames(ws, lambda s: s["you"]["hand"] is not None, seen[-1])
            ann.ok("set", {"house": True})
            done = frames(ws, lambda s: s["last"] is not None, seen[-1])
            assert [m["seq"] for m in done] == sorted(m["seq"] for m in done)
            assert done[-1]["state"]["last"]["seats"][0]["seat"] in (1, 2, 3)
        # a page that reconnects gets the whole view it may see and carries on
        with ann.client.websocket_connect("/ws/tables/1") as ws:
            again = ws.receive_json()
            assert again["seq"] == 1 and again["state"]["last"] == done[-1]["state"]["last"]
            assert again["state"]["you"]["seat"] == 1


def test_after_the_whole_view_a_frame_holds_only_the_parts_that_changed(tmp_path: Path) -> None:
    """A patch laid over the view before it gives the view itself: the view held from a
    socket's patches equals the whole view a new socket is sent at the same moment and
    the API's answer (three roads to one view), each patch's parts all differ from the view they replace, and the
    last round's story is not sent again while it stays the same; a resync gets the whole
    view again, numbered next."""
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        with ann.client.websocket_connect("/ws/tables/1") as sock:
            ws = live(sock)
            held = frames(ws, lambda s: s["you"]["awaiting"] == "bet")
            for n in (1, 2):
                play_round([ann, bob])
                held = frames(ws, lambda s, n=n: s["rounds_played"] == n
                              and s["you"]["awaiting"] == "bet", held[-1])
            patches = [m for m in ws.raw if m["type"] == "patch"]
            assert len(patches) > 5 and all(m["parts"] for m in patches)
            before: dict[str, Any] = {}
            for m in ws.raw:
                if m["type"] == "patch":
                    assert all(before.get(k) != v for k, v in m["parts"].items()), m["parts"]
                before = {**before, **(m.get("state") or m["parts"])}
            assert sum("last" in m["parts"] for m in patches) <= 2  # once a settled round
            with ann.client.websocket_connect("/ws/tables/1") as again:
                whole = json.loads(again.receive_text())
                assert whole["type"] == "state" and whole["seq"] == 1
            assert held[-1]["state"] == whole["state"]
            # and the view the API answers (person_view, encoded whole) is the same again
            assert ann.state() == whole["state"]
            seq = ws.seq
            sock.send_text(json.dumps({"type": "resync"}))
            resent = ws.receive()
            assert resent["type"] == "state" and resent["seq"] == seq + 1
            assert ws.raw[-1]["state"] == whole["state"]


def test_pings_are_answered_and_other_messages_refused_changing_nothing(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        ann.awaiting("bet")
        before = (ann.state(), entry_count(tmp_path / "web.sqlite3"))
        with ann.client.websocket_connect("/ws/tables/1") as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "ping", "id": 7}))
            assert ws.receive_json() == {"type": "pong", "id": 7}
            for bad in ('{"type": "bet", "amount": "10"}', "not json", "[1, 2]",
                        "[" * 100 + "]" * 100, json.dumps({"type": "ping", "x": 1}),
                        json.dumps({"type": "resync", "seq": 3})):
                ws.send_text(bad)
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["status"] == 400, (bad, reply)
        assert (ann.state(), entry_count(tmp_path / "web.sqlite3")) == before


def test_a_visitor_watches_without_a_seat(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann, visitor = Person(app, name="Ann"), Person(app)
        ann.join()
        with visitor.client.websocket_connect("/ws/tables/1") as ws:
            s = ws.receive_json()["state"]
            assert s["you"] is None and s["seats"][0]["name"] == "Ann"


def test_the_lobby_is_pushed_live(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        c = Person(app).client
        with c.websocket_connect("/ws/lobby") as sock:
            ws = live(sock)
            first = ws.receive()["state"]["tables"]
            assert [t["id"] for t in first] == ["1"]
            assert c.post("/api/tables", json={"game": "tiles"}).status_code == 201
            for _ in range(50):
                tables = ws.receive()["state"]["tables"]
                if len(tables) == 2:
                    break
            assert [t["id"] for t in tables] == ["1", "2"]


@pytest.mark.parametrize("headers", [
    {"origin": "http://evil.example"},
    {"origin": "http://testserver:9999"},
    {"origin": "null"},
    {"host": "evil.example"},
])
def test_a_cross_site_handshake_is_refused(tmp_path: Path, headers: dict[str, str]) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        c = Person(app).client
        with pytest.raises(WebSocketDisconnect) as exc, \
                c.websocket_connect("/ws/tables/1", headers=headers) as ws:
            ws.receive_json()
        assert exc.value.code == 1008


def test_a_socket_to_no_table_is_closed(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        c = Person(app).client
        with pytest.raises(WebSocketDisconnect) as exc, \
                c.websocket_connect("/ws/tables/9") as ws:
            ws.receive_json()
        assert exc.value.code == 4404
