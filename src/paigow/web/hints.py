"""The Hint button: the exact value of every setting of a hand, computed off the request.

Tiles: :func:`paigow.analysis.tiles_odds.advise` (about a millisecond a hand, over all
20,475 hands the opponent can hold). Poker: :func:`paigow.analysis.poker_odds.advise`,
whose first use builds a one-time table of the house way's settings (tens of seconds,
cached on disk afterwards); the job reports that build's progress while it runs.

Each hint is a :class:`HintJob` run in a daemon thread; the page polls its
:meth:`HintJob.snapshot`. One advisor runs at a time (the poker table is large).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from paigow.errors import PaigowError
from paigow.table.game import Game

_COMPUTE = threading.Lock()


@dataclass
class HintJob:
    """One hint in the making: ``status`` is ``working``, ``ready`` or ``failed``."""

    status: str = "working"
    building: bool = False
    done: int = 0
    total: int = 0
    settings: list[dict[str, Any]] = field(default_factory=list)
    opponent_hands: int = 0
    message: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def snapshot(self) -> dict[str, Any]:
        """The job as plain data (the page's view of it)."""
        with self.lock:
            return {
                "status": self.status,
                "building": self.building,
                "progress": {"done": self.done, "total": self.total},
                "opponent_hands": self.opponent_hands,
                "settings": list(self.settings),
                "message": self.message,
            }

    def progress(self, done: int, total: int) -> None:
        """Progress of the poker table's one-time build."""
        with self.lock:
            self.building = True
            self.done, self.total = done, total


def _row(n: int, win: int, push: int, lose: int, ev: Fraction, best: bool) -> dict[str, Any]:
    return {"n": n, "win": win, "push": push, "lose": lose, "total": win + push + lose,
            "ev": float(ev), "ev_exact": str(ev), "best": best, "foul": False}


def tiles_rows(game: Any, hand: tuple[Any, ...], banking: bool, options: list[Any],
               rate: Fraction) -> tuple[list[dict[str, Any]], int]:
    """One row per setting of a tile hand (numbered as ``options``) and the opponent count."""
    from paigow.analysis.tiles_odds import advise

    adv = advise(hand, game.house_way, banking, rate, game.rules)
    rows = []
    for odds in adv.settings:
        n = next((i for i, s in enumerate(options, 1) if s.same_way(odds.setting)), 0)
        rows.append(_row(n, odds.win, odds.push, odds.lose, odds.ev, odds.best))
    rows.sort(key=lambda r: int(r["n"]))
    total = int(rows[0]["total"]) if rows else 0
    return rows, total


def poker_rows(game: Any, hand: tuple[Any, ...], banking: bool, options: list[Any],
               rate: Fraction, job: HintJob) -> tuple[list[dict[str, Any]], int]:
    """One row per setting of a poker hand: the legal ones with counts, fouls marked."""
    from paigow.analysis.poker_odds import advise, cached_table
    from paigow.analysis.poker_ways import fast_way

    if cached_table(fast_way("house", game.rules), game.rules, not banking) is None:
        job.progress(0, 0)  # the one-time table must be built first
    adv = advise(list(hand), "house", banking, rate, game.rules, on_progress=job.progress)
    rows: dict[int, dict[str, Any]] = {}
    for odds in adv.settings:
        n = next((i for i, s in enumerate(options, 1) if s == odds.setting), 0)
        rows[n] = _row(n, odds.win, odds.push, odds.lose, odds.ev, odds.best)
    out = [rows.get(i) or {"n": i, "foul": True} for i in range(1, len(options) + 1)]
    return out, adv.total


def _run(job: HintJob, game: Game[Any, Any], hand: tuple[Any, ...], banking: bool,
         options: list[Any], rate: Fraction) -> None:
    try:
        with _COMPUTE:
            if game.name == "tiles":
                rows, total = tiles_rows(game, hand, banking, options, rate)
            else:
                rows, total = poker_rows(game, hand, banking, options, rate, job)
        with job.lock:
            job.settings, job.opponent_hands = rows, total
            job.status, job.building = "ready", False
    except (PaigowError, ImportError, OSError, MemoryError) as exc:
        with job.lock:
            job.status, job.message = "failed", f"hint unavailable: {exc}"


def start_hint(game: Game[Any, Any], hand: tuple[Any, ...], banking: bool,
               options: list[Any], rate: Fraction) -> HintJob:
    """Start computing the hint for ``hand`` in a daemon thread; the job to poll."""
    job = HintJob()
    threading.Thread(target=_run, args=(job, game, hand, banking, list(options), rate),
                     name="paigow-hint", daemon=True).start()
    return job
