"""The Hint button: the exact value of every *distinct* setting of a hand, served fast.

One :class:`Advisor` per (game, rules, house way, commission), shared by every table
that plays them. It is **warmed** as soon as a table opens, in a background thread:

* tiles: one advice call, which compiles the numba kernels (or loads them from numba's
  cache) and loads the house way's cached choices; afterwards a hint takes a few
  milliseconds (:func:`paigow.analysis.tiles_odds.advise`);
* poker: the one-time table of the house way's setting of every hand is built (or
  memory-mapped from the cache) with its progress visible to everyone at the table, so a
  person's first hint does not wait on it (:func:`paigow.analysis.poker_odds.advise`).

A hint lists one row per distinct setting: at poker, settings whose five-card hands rank
equal and whose two-card hands rank equal are one row (suits never decide a comparison,
so their counts are equal; the row says how many it stands for). Each row carries the
positions of its low hand in the dealt hand, so the page can arrange the pieces.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from paigow.errors import PaigowError
from paigow.phrasing import Msg, message_of, wire
from paigow.table.game import Game
from paigow.web.words import way_title

_POKER = threading.Lock()  # one poker advisor computes at a time (large tables in memory)


@dataclass
class Warmup:
    """What an advisor is doing before it can answer at once."""

    status: str = "cold"  # cold, warming, ready, failed
    done: int = 0
    total: int = 0
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "done": self.done, "total": self.total,
                "message": wire(self.message)}


def positions_of(hand: Sequence[Any], part: Sequence[Any]) -> list[int]:
    """Positions in ``hand`` of the pieces of ``part`` (equal pieces take distinct places).

    >>> positions_of(["a", "b", "a", "c"], ["a", "a"])
    [0, 2]
    """
    used: list[int] = []
    for piece in part:
        i = next(k for k, p in enumerate(hand) if p == piece and k not in used)
        used.append(i)
    return sorted(used)


class Advisor:
    """Exact hints for one game, rules, house way and commission (thread-safe)."""

    def __init__(self, game: Game[Any, Any], house_way: str, rate: Fraction) -> None:
        self.game = game
        self.house_way = house_way
        self.rate = rate
        self.warmup = Warmup()
        self.lock = threading.Lock()
        self.listeners: list[Any] = []

    # -- warming ----------------------------------------------------------------------
    def start(self) -> None:
        """Warm the advisor in a daemon thread (once)."""
        with self.lock:
            if self.warmup.status != "cold":
                return
            self.warmup.status = "warming"
        threading.Thread(target=self._warm, name="paigow-warm", daemon=True).start()

    def _progress(self, done: int, total: int) -> None:
        with self.lock:
            step = max(1, total // 200)
            changed = done == total or done // step != self.warmup.done // step
            self.warmup.done, self.warmup.total = done, total
        if changed:
            self._notify()

    def _notify(self) -> None:
        for fn in list(self.listeners):
            fn()

    def _warm(self) -> None:
        try:
            sample = self.game.deal(self.game.deck(), 3, 0)[1]
            self._advise(sample, False)
            with self.lock:
                self.warmup.status = "ready"
        except Exception as exc:  # a hint is a help, never a reason for the table to stop
            with self.lock:
                self.warmup.status, self.warmup.message = "failed", Msg(
                    "hints unavailable: {why}", why=message_of(exc))
        self._notify()

    @property
    def ready(self) -> bool:
        return self.warmup.status == "ready"

    # -- answering --------------------------------------------------------------------
    def _advise(self, hand: tuple[Any, ...], banking: bool) -> tuple[list[dict[str, Any]], int]:
        if self.game.name == "tiles":
            return self._tiles(hand, banking)
        with _POKER:
            return self._poker(hand, banking)

    def hint(self, hand: tuple[Any, ...], banking: bool) -> dict[str, Any]:
        """Every distinct setting of ``hand`` with its exact odds, and the server time."""
        t0 = time.perf_counter()
        rows, total = self._advise(hand, banking)
        ms = (time.perf_counter() - t0) * 1000
        # two rows whose hands' names read alike (kickers the names leave out) are told
        # apart by their pieces: the page shows them
        seen: dict[tuple[str, str], int] = {}
        for r in rows:
            seen[(r["high_name"], r["low_name"])] = seen.get((r["high_name"], r["low_name"]), 0) + 1
        rows = [{**r, "same_words": seen[(r["high_name"], r["low_name"])] > 1} for r in rows]
        return {"status": "ready", "rows": rows, "opponent_hands": total,
                "ms": round(ms, 2), "way": self.house_way,
                "way_title": wire(way_title(self.game.name, self.house_way)),
                "banking": banking,
                "commission": str(self.rate)}

    def _row(self, hand: tuple[Any, ...], odds: Any, merged: int) -> dict[str, Any]:
        view = self.game.view(odds.setting)
        return {
            "low": positions_of(hand, list(odds.setting.low)),
            "high_text": view.high, "low_text": view.low,
            "high_name": view.high_name, "low_name": view.low_name,
            "win": odds.win, "push": odds.push, "lose": odds.lose,
            "total": odds.win + odds.push + odds.lose,
            "ev": float(odds.ev), "ev_exact": str(odds.ev), "best": bool(odds.best),
            "merged": merged,
        }

    def _tiles(self, hand: tuple[Any, ...], banking: bool) -> tuple[list[dict[str, Any]], int]:
        from paigow.analysis.tiles_odds import advise

        game: Any = self.game
        adv = advise(hand, game.house_way, banking, self.rate, game.rules)
        rows = sorted((self._row(hand, o, 1) for o in adv.settings), key=lambda r: -float(r["ev"]))
        return rows, int(rows[0]["total"]) if rows else 0

    def _poker(self, hand: tuple[Any, ...], banking: bool) -> tuple[list[dict[str, Any]], int]:
        from paigow.analysis.poker_odds import advise
        from paigow.poker.rank import rank2, rank5

        game: Any = self.game
        adv = advise(list(hand), self.house_way, banking, self.rate, game.rules,
                     on_progress=self._progress)
        groups: dict[tuple[int, int], list[Any]] = {}
        for o in adv.settings:
            key = (rank5(o.setting.high, game.rules).key, rank2(o.setting.low, game.rules).key)
            groups.setdefault(key, []).append(o)
        rows: list[dict[str, Any]] = []
        for members in groups.values():
            first = members[0]
            same = [m for m in members
                    if (m.win, m.push, m.lose) == (first.win, first.push, first.lose)]
            if len(same) != len(members):  # pragma: no cover - suits never decide
                raise PaigowError("settings of equal rank gave different counts")
            best = next((m for m in members if m.best), first)
            rows.append(self._row(hand, best, len(members)))
        rows.sort(key=lambda r: -float(r["ev"]))
        return rows, adv.total


_ADVISORS: dict[tuple[Any, ...], Advisor] = {}
_ADVISORS_LOCK = threading.Lock()


def advisor_for(game: Game[Any, Any], house_way: str, rate: Fraction) -> Advisor:
    """The shared advisor of a game (by name and rules), house way and commission rate."""
    key = (game.name, repr(getattr(game, "rules", None)), house_way, rate)
    with _ADVISORS_LOCK:
        adv = _ADVISORS.get(key)
        if adv is None:
            adv = _ADVISORS[key] = Advisor(game, house_way, rate)
    return adv


@dataclass
class HintJob:
    """A hint being computed off the request (poker: up to a second or two)."""

    status: str = "working"
    result: dict[str, Any] = field(default_factory=dict)
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        if self.status == "ready":
            return self.result
        return {"status": self.status, "message": wire(self.message)}
