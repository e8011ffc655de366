"""Monte Carlo of Pai Gow Poker: one hand against another, both set by hand-setting ways.

Each round deals two seven-card hands from a shuffled 53-card deck: the tracked hand
(a player's, or the bank's when ``banking``) and its opponent's. The tracked hand is set
by the ``player`` way, the opponent's by the ``dealer`` way, and the round is settled
(a copy goes to the banker; a fouled player setting is re-set by the dealer way, or under
``foul="forfeit"`` loses). Under a push rule (``PokerRules.push``, the commission-free
games) a round in which the banker's hand is of the named kind pushes, whatever the
other hand: a kind of the seven cards (``pai-gow:Q``) is read from the banker's cards, a
kind of the set hand (``low:9``) from the two-card hand of the banker's setting (after a
foul is re-set); pass ``rate=0`` for those games' missing commission.

Chance is injected and reproducible. The rounds are cut into chunks of a fixed size;
chunk ``i`` draws from its own stream, a numpy Generator (PCG64) seeded by
``SeedSequence(seed, spawn_key=(i,))`` (what ``SeedSequence(seed).spawn`` hands out), so
the counts depend only on the seed and the number of rounds, never on the number of
workers or on where the chunks ran. Without a seed, one is drawn from :mod:`secrets` and
reported so the run can be repeated.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numba as nb
import numpy as np

from paigow.analysis import Progress
from paigow.analysis import poker_kernels as kern
from paigow.analysis.poker_jobs import Counts, run_chunks, sum_counts
from paigow.analysis.poker_odds import cached_table, way_for
from paigow.analysis.poker_table import CompactTable
from paigow.analysis.poker_ways import FastWay
from paigow.errors import AmountError, SettingError
from paigow.poker.cards import parse_cards
from paigow.poker.fast import BINOM, table2, table5
from paigow.poker.kinds import LowKind
from paigow.poker.rules import DEFAULT_RULES, PokerRules

DEFAULT_CHUNK = 1 << 18


@dataclass(frozen=True)
class SimSpec:
    """Everything a chunk needs (plain data, so it can travel to a cluster worker)."""

    player: str | FastWay
    dealer: str | FastWay
    rules: PokerRules
    rounds: int
    seed: int
    banking: bool = False
    chunk_rounds: int = DEFAULT_CHUNK

    def job(self) -> dict[str, Any]:
        """The description that keys a checkpoint."""
        return {
            "kind": "poker-simulate",
            "player": self.player if isinstance(self.player, str) else self.player.fingerprint(),
            "dealer": self.dealer if isinstance(self.dealer, str) else self.dealer.fingerprint(),
            "rules": _rules_job(self.rules),
            "rounds": self.rounds,
            "seed": self.seed,
            "banking": self.banking,
            "chunk_rounds": self.chunk_rounds,
        }

    def chunks(self) -> list[tuple[int, int]]:
        """(chunk index, rounds in it) of every chunk."""
        n = -(-self.rounds // self.chunk_rounds)
        return [(i, min(self.chunk_rounds, self.rounds - i * self.chunk_rounds)) for i in range(n)]


def _rules_job(rules: PokerRules) -> list[str]:
    """The rules as a job describes them (the push rule only when there is one, so the
    checkpoints of the classic game stay valid)."""
    out: list[str] = [rules.joker, rules.wheel, rules.foul]
    return out if rules.push == "none" else [*out, rules.push]


_WAYS: dict[tuple[str, PokerRules], FastWay] = {}


def _way(w: str | FastWay, rules: PokerRules) -> FastWay:
    if not isinstance(w, str):
        return w
    key = (w.strip().lower(), rules)
    if key not in _WAYS:
        _WAYS[key] = way_for(w, rules)
    return _WAYS[key]


def banker_pushes(
    banker: np.ndarray[Any, np.dtype[np.int32]], rules: PokerRules,
    low_keys: np.ndarray[Any, np.dtype[np.int32]] | None = None,
) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """Which banker hands (rows of seven cards) push every bet by the push rule; a kind of
    the set hand reads ``low_keys``, the two-card keys of the banker's settings
    (:func:`paigow.poker.fast.table2` keys)."""
    kind = rules.banker_push
    if isinstance(kind, LowKind):
        if low_keys is None:  # pragma: no cover - a caller's mistake, not bad input
            raise AssertionError(f"the push rule {kind.spec} reads the banker's setting")
        return kern.low_mask(low_keys, kind.high)
    return kern.kind_mask(banker, kind, rules)


_DECK = np.arange(53, dtype=np.int32)


def _shared_table(
    player: FastWay, dealer: FastWay, rules: PokerRules
) -> CompactTable | None:
    """The cached full-deck table of the way, when both sides play the same role-blind
    way and its table is already on disk (never built here)."""
    if not (getattr(player, "role_blind", False) and player.fingerprint() == dealer.fingerprint()):
        return None
    return cached_table(dealer, rules)


def chunk_stream(seed: int, index: int, n_words: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """The raw 64-bit words of chunk ``index``'s own random stream."""
    ss = np.random.SeedSequence(seed, spawn_key=(index,))
    words: np.ndarray[Any, np.dtype[np.uint64]] = np.random.default_rng(
        ss
    ).bit_generator.random_raw(n_words)
    return words


def _resolve_fouls(
    hands: np.ndarray[Any, np.dtype[np.int32]], splits: np.ndarray[Any, np.dtype[np.int8]],
    k5: np.ndarray[Any, np.dtype[np.int32]], k2: np.ndarray[Any, np.dtype[np.int32]],
    reset_way: FastWay, banking: bool, rules: PokerRules,
) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """Re-set fouled settings in place by the reset way; the rows that are forfeit."""
    foul = k5 <= k2
    forfeit = np.zeros(len(hands), np.bool_)
    if not foul.any():
        return forfeit
    rows = np.flatnonzero(foul)
    if rules.foul == "forfeit" and not banking:
        forfeit[rows] = True
        return forfeit
    sub = np.ascontiguousarray(hands[rows])
    new = np.ascontiguousarray(reset_way.splits(sub, banking), dtype=np.int8)
    n5, n2 = kern.split_keys(sub, new, table5(rules), table2(rules), kern.HIGH_ASC,
                             kern.LOW_ASC, BINOM)
    if np.any(n5 <= n2):
        raise SettingError(f"the {reset_way.name} way fouls when re-setting a fouled hand")
    splits[rows], k5[rows], k2[rows] = new, n5, n2
    return forfeit


def simulate_chunk(spec: SimSpec, chunk: tuple[int, int]) -> Counts:
    """Win, push and lose counts of one chunk of rounds."""
    index, n = chunk
    rules = spec.rules
    player, dealer = _way(spec.player, rules), _way(spec.dealer, rules)
    raw = chunk_stream(spec.seed, index, 7 * n)
    slots = max(1, nb.get_num_threads())
    dealt = kern.deal(raw, _DECK, n, 14, slots)
    p = np.ascontiguousarray(dealt[:, :7])
    b = np.ascontiguousarray(dealt[:, 7:])
    on_setting = isinstance(rules.banker_push, LowKind)
    table = _shared_table(player, dealer, rules)
    if table is not None:  # both hands set by the same role-blind way: look them up
        ph, pl = (a.astype(np.int32) for a in table.lookup(p))
        bh, bl = (a.astype(np.int32) for a in table.lookup(b))
        if on_setting:  # the banker's two-card rank ids, as keys
            keys2 = table.keys2
            pushed = banker_pushes(p, rules, keys2[pl if spec.banking else bl])
        else:
            pushed = banker_pushes(p if spec.banking else b, rules)
        out = kern.tally(ph, pl, bh, bl, np.zeros(n, np.bool_), pushed, spec.banking)
        return (int(out[0]), int(out[1]), int(out[2]))
    t5, t2 = table5(rules), table2(rules)
    sp = np.ascontiguousarray(player.splits(p, spec.banking), dtype=np.int8)
    sb = np.ascontiguousarray(dealer.splits(b, not spec.banking), dtype=np.int8)
    p5, p2 = kern.split_keys(p, sp, t5, t2, kern.HIGH_ASC, kern.LOW_ASC, BINOM)
    b5, b2 = kern.split_keys(b, sb, t5, t2, kern.HIGH_ASC, kern.LOW_ASC, BINOM)
    forfeit = _resolve_fouls(p, sp, p5, p2, dealer, spec.banking, rules)
    _resolve_fouls(b, sb, b5, b2, dealer, not spec.banking, PokerRules(
        rules.joker, rules.wheel, "house"))
    banker, banker_low = (p, p2) if spec.banking else (b, b2)
    pushed = banker_pushes(banker, rules, banker_low if on_setting else None)
    out = kern.tally(p5, p2, b5, b2, forfeit, pushed, spec.banking)
    return (int(out[0]), int(out[1]), int(out[2]))


@dataclass(frozen=True)
class SimResult:
    """Counts of a Monte Carlo run and the edge with its 95% confidence interval."""

    spec: SimSpec
    win: int
    push: int
    lose: int
    rate: Fraction

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return self.win + self.push + self.lose

    @property
    def edge(self) -> float:
        """House edge: minus the tracked hand's mean net win per unit staked."""
        return -self.mean

    @property
    def mean(self) -> float:
        """Mean net win per round of the tracked hand."""
        return float(((1 - self.rate) * self.win - self.lose) / self.rounds)

    @property
    def stderr(self) -> float:
        """Standard error of the mean net win."""
        n = self.rounds
        pay = float(1 - self.rate)
        second = (pay * pay * self.win + self.lose) / n
        var = max(second - self.mean**2, 0.0)
        return math.sqrt(var / n) if n > 1 else float("inf")

    @property
    def ci95(self) -> tuple[float, float]:
        """95% confidence interval of the edge (normal approximation)."""
        h = 1.959963984540054 * self.stderr
        return (self.edge - h, self.edge + h)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output (``edge`` as a fraction of the stake)."""
        s = self.spec
        return {
            "player": s.player if isinstance(s.player, str) else s.player.name,
            "dealer": s.dealer if isinstance(s.dealer, str) else s.dealer.name,
            "banking": s.banking,
            "seed": s.seed,
            "rounds": self.rounds,
            "win": self.win,
            "push": self.push,
            "lose": self.lose,
            "commission": float(self.rate),
            "push_rule": s.rules.push,
            "edge": self.edge,
            "ci95": list(self.ci95),
        }

    def _repr_html_(self) -> str:
        """The counts and the edge with its interval as a table (Jupyter)."""
        from paigow.notebook import pct, table_html

        s = self.spec
        names = [w if isinstance(w, str) else w.name for w in (s.player, s.dealer)]
        lo, hi = self.ci95
        n = self.rounds
        return table_html(
            [("win", f"{self.win:,}", pct(self.win / n)),
             ("push", f"{self.push:,}", pct(self.push / n)),
             ("lose", f"{self.lose:,}", pct(self.lose / n)),
             ("house edge", "", f"{pct(self.edge)} (95%: {pct(lo)} to {pct(hi)})")],
            head=("", "rounds", "share"),
            title=f"{names[0]} against {names[1]}: {n:,} rounds (seed {s.seed}, "
                  f"commission {float(self.rate):.0%}, push rule {s.rules.push})")


def new_seed() -> int:
    """A fresh 128-bit seed from the operating system's secure source."""
    return secrets.randbits(128)


def simulate(
    player: str | FastWay = "house",
    dealer: str | FastWay = "house",
    rounds: int = 1_000_000,
    seed: int | None = None,
    banking: bool = False,
    rules: PokerRules = DEFAULT_RULES,
    rate: Fraction = Fraction(5, 100),
    executor: Executor | None = None,
    checkpoint: Path | None = None,
    on_progress: Progress | None = None,
    chunk_rounds: int = DEFAULT_CHUNK,
) -> SimResult:
    """Play ``rounds`` rounds of ``player`` against ``dealer`` (see the module docstring).

    ``executor``: run the chunks there (e.g. a Dask client's ``get_executor()``); the
    ways must then be names, or picklable. ``checkpoint``: a JSON file to resume from.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds <= 0:
        raise AmountError(f"rounds must be a positive whole number, got {rounds!r}")
    if chunk_rounds <= 0:
        raise AmountError(f"chunk size must be positive, got {chunk_rounds}")
    r = Fraction(rate)
    if not 0 <= r < 1:
        raise AmountError(f"commission rate {rate} must be at least 0 and below 1")
    spec = SimSpec(player, dealer, rules, rounds, new_seed() if seed is None else seed,
                   banking, chunk_rounds)
    _way(player, rules)  # fail early on an unknown or unavailable way
    _way(dealer, rules)
    chunks = spec.chunks()
    results = run_chunks(simulate_chunk, spec, chunks, spec.job(), [n for _, n in chunks],
                         executor, checkpoint, on_progress)
    w, p, lo = sum_counts(results)
    return SimResult(spec, w, p, lo, r)


def simulate_hand(
    cards: Sequence[int],
    split: int,
    dealer: str | FastWay = "house",
    rounds: int = 100_000,
    seed: int | None = None,
    banking: bool = False,
    rules: PokerRules = DEFAULT_RULES,
    deck: Sequence[int] | None = None,
) -> tuple[int, int, int]:
    """Monte Carlo of one fixed hand set at ``split`` against random opponent hands dealt
    from the rest of ``deck`` (default all 53 cards), set by ``dealer``: the Monte Carlo
    twin of :func:`paigow.analysis.poker_odds.advise` (win, push, lose counts), push rule
    included."""
    hand = sorted(parse_cards(cards))
    full = sorted(range(53) if deck is None else deck)
    rest = np.array([c for c in full if c not in hand], dtype=np.int32)
    way = _way(dealer, rules)
    raw = chunk_stream(new_seed() if seed is None else seed, 0, 7 * rounds)
    opp = kern.deal(raw, rest, rounds, 7, max(1, nb.get_num_threads()))
    so = np.ascontiguousarray(way.splits(opp, not banking), dtype=np.int8)
    t5, t2 = table5(rules), table2(rules)
    o5, o2 = kern.split_keys(opp, so, t5, t2, kern.HIGH_ASC, kern.LOW_ASC, BINOM)
    mine = np.array([hand], dtype=np.int32)
    m5, m2 = kern.split_keys(mine, np.array([split], np.int8), t5, t2, kern.HIGH_ASC,
                             kern.LOW_ASC, BINOM)
    if m5[0] <= m2[0]:
        raise SettingError("that setting fouls")
    p5 = np.full(rounds, m5[0], np.int32)
    p2 = np.full(rounds, m2[0], np.int32)
    if banking:  # the hand is the bank's: its own kind pushes every round
        pushed = np.full(rounds, banker_pushes(mine, rules, m2)[0], np.bool_)
    else:
        pushed = banker_pushes(opp, rules, o2)
    out = kern.tally(p5, p2, o5, o2, np.zeros(rounds, np.bool_), pushed, banking)
    return (int(out[0]), int(out[1]), int(out[2]))


__all__ = ["SimResult", "SimSpec", "new_seed", "simulate", "simulate_chunk", "simulate_hand"]
