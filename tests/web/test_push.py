"""A socket's frames leave at once (paigow.web.push): a pass writes each socket's frame on
the event loop's thread when the socket can take it (no turn of the loop through its
sender task), and a request's action runs the pass it caused before the loop turns
(``Broadcast.flush``). Whatever path a frame takes, the frames a socket gets are numbered
one after another, in order, each against the view sent before it (docs/web.md, The API).
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from paigow.web.push import Broadcast


class Now:
    """A socket's synchronous writer, as uvicorn's protocol gives it (``ready``, ``write``)."""

    def __init__(self, ready: bool = True) -> None:
        self.is_ready = ready
        self.frames: list[dict[str, Any]] = []

    def ready(self) -> bool:
        return self.is_ready

    def write(self, text: str) -> None:
        self.frames.append(json.loads(text))


class Source:
    """A table-like source: a round number, changed by hand."""

    def __init__(self) -> None:
        self.round = 1
        self.listeners: list[Any] = []
        self.lock = threading.RLock()  # free: a pass computes on the loop's thread

    def views(self, keys: list[Any]) -> dict[Any, Any]:
        return {k: {"round": self.round, "who": str(k), "names": ["a", "b"]} for k in keys}

    def subscribe(self, fn: Any) -> Any:
        self.listeners.append(fn)
        return lambda: self.listeners.remove(fn)

    def change(self) -> None:
        self.round += 1
        for fn in self.listeners:
            fn()


def _replay(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The views a page holds after each frame (patches over the view before; the numbers
    must follow one another)."""
    views: list[dict[str, Any]] = []
    for n, f in enumerate(frames, 1):
        assert f["seq"] == n, [x["seq"] for x in frames]
        if f["type"] == "state":
            views.append(f["state"])
        else:
            views.append({**views[-1], **f["parts"]})
    return views


def test_a_frame_is_written_at_once_when_the_socket_can_take_it() -> None:
    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
        src, now, slow = Source(), Now(), []
        b = Broadcast(src.views, src.subscribe, src.lock)

        async def send(text: str) -> None:  # the sender task's road: not taken here
            slow.append(text)

        b.attach("ann", send, now)
        first = list(now.frames)  # no await since: written on this thread, in this turn
        src.change()  # a request's action, on the loop's thread
        b.flush()
        second = list(now.frames)
        await asyncio.sleep(0.05)
        return first, second, slow

    first, second, slow = asyncio.run(run())
    assert [f["type"] for f in first] == ["state"] and first[0]["state"]["round"] == 1
    assert [f["type"] for f in second] == ["state", "patch"]
    assert second[1]["parts"] == {"round": 2}  # only what changed
    assert slow == []


def test_without_flush_the_pass_waits_for_the_loop_to_turn() -> None:
    """The scheduled pass still runs (a change from the table's own thread has no request
    to flush it), one turn later; a flushed pass is not run twice."""
    async def run() -> tuple[int, int, int]:
        src, now = Source(), Now()
        b = Broadcast(src.views, src.subscribe, src.lock)

        async def send(text: str) -> None:
            raise AssertionError("the sender task is not needed here")

        b.attach("ann", send, now)
        src.change()
        before = len(now.frames)
        await asyncio.sleep(0.05)
        after = len(now.frames)
        src.change()
        b.flush()
        b.flush()
        await asyncio.sleep(0.05)
        return before, after, len(now.frames)

    before, after, flushed = asyncio.run(run())
    assert (before, after, flushed) == (1, 2, 3)


def test_frames_keep_their_order_whichever_road_they_take() -> None:
    """A socket that cannot take a frame now (flow control) gets it from its sender task;
    while that task is sending, a newer view waits for it (never overtakes); every frame
    follows the one before, and the page ends on the newest view."""
    async def run() -> list[dict[str, Any]]:
        src, now = Source(), Now(ready=False)
        b = Broadcast(src.views, src.subscribe, src.lock)
        got: list[dict[str, Any]] = []
        gate = asyncio.Event()
        gate.set()

        async def send(text: str) -> None:  # the sender task's road
            await gate.wait()
            got.append(json.loads(text))

        real_write = now.write
        now.write = lambda text: (real_write(text), got.append(json.loads(text)))  # type: ignore[method-assign]
        b.attach("ann", send, now)
        await asyncio.sleep(0.05)  # the whole view, through the task (not ready)
        now.is_ready = True
        src.change()
        b.flush()  # written at once
        gate.clear()
        now.is_ready = False
        src.change()
        b.flush()  # the task takes it, and waits at the gate
        await asyncio.sleep(0.05)
        now.is_ready = True
        src.change()
        b.flush()  # the task is busy: this one must wait behind it
        src.change()
        b.flush()
        gate.set()
        await asyncio.sleep(0.05)
        return got

    got = asyncio.run(run())
    views = _replay(got)
    assert views[-1]["round"] == 5
    assert [v["round"] for v in views] == sorted(v["round"] for v in views)


@pytest.mark.parametrize("game", ["tiles", "poker"])
def test_a_change_that_pushes_nothing_changes_no_view(tmp_path: Path, game: str) -> None:
    """The round taking a person's bet or setting exactly as they gave it tells no socket
    (``TableHost._changed(shown=False)``: no pass, the costliest part of a round's work):
    sound only if every view — each person's, a visitor's — is then what it was after
    the change before, which their own request's push showed. Checked at every such take
    over two rounds of two people."""
    from webkit import Person, play_round, poker_opts, serving, tiles_opts

    from paigow.web.view import person_view

    with serving(tmp_path, tiles_opts() if game == "tiles" else poker_opts()) as (lobby, app):
        host = lobby.get("1")
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        viewers = [None, *host.people]
        real = host._changed
        last: dict[Any, Any] = {}
        quiet: list[int] = []

        def spy(shown: bool = True) -> None:
            views = {p: person_view(host, p) for p in viewers}
            if shown:
                last.clear()
                last.update(views)
            else:
                quiet.append(1)
                assert views == last, "a change told no socket, yet a view changed"
            real(shown)

        host._changed = spy  # type: ignore[method-assign]
        for _ in range(2):
            play_round([ann, bob])
        assert len(quiet) >= 6, quiet  # two bets and two settings a round, taken quietly
