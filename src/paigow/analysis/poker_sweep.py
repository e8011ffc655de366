"""Exact sweeps: advice for many hands, aggregated into the edge of the house way and of
the optimal way against the house way.

Hands come from a uniform sample (``sample_hands``, seeded) or from every hand up to suit
symmetry (``suit_classes``: one hand of each class, weighted by the class size, so the
weighted sum is exact over every hand of the deck). Each hand gets a full
:func:`~paigow.analysis.poker_odds.advise`; the house way's setting and the best setting
are counted, and so is the gain of the one over the other hand by hand (a paired
estimate: its interval is far narrower than either edge's). Under a push rule
(``PokerRules.push``) the advice counts it. Chunks of hands run locally or on an
:class:`~concurrent.futures.Executor` (a Dask cluster), resumable from a checkpoint
(:mod:`paigow.analysis.poker_jobs`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import permutations
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.analysis import Progress
from paigow.analysis import poker_kernels as kern
from paigow.analysis.poker_jobs import Counts, run_chunks, sum_counts
from paigow.analysis.poker_odds import (
    DEFAULT_RATE,
    Advice,
    SettingOdds,
    advise,
    check_deck,
    check_rate,
    score,
)
from paigow.analysis.poker_ways import FastWay, fast_way
from paigow.errors import AmountError, CardError
from paigow.poker.cards import Card
from paigow.poker.fast import BINOM
from paigow.poker.rules import DEFAULT_RULES, PokerRules

I64 = npt.NDArray[np.int64]
_PERMS = np.array(list(permutations(range(4))), dtype=np.int64)


def sample_hands(n: int, seed: int, deck: Iterable[int] | None = None) -> list[list[int]]:
    """``n`` hands drawn uniformly (with replacement) from every hand of ``deck``.

    >>> len(sample_hands(3, 1)), len(sample_hands(3, 1)[0])
    (3, 7)
    """
    cards = check_deck(deck)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    idx = rng.integers(0, comb(len(cards), 7), size=n)
    arr = np.array(cards, dtype=np.int64)
    out = []
    pos = np.zeros(7, np.int64)
    for x in idx.tolist():
        kern.unrank7(int(x), BINOM, pos)
        out.append([int(arr[p]) for p in pos])
    return out


def suit_classes(
    deck: Iterable[int] | None = None, on_progress: Progress | None = None,
    chunk: int = 1 << 22,
) -> tuple[list[list[int]], list[int]]:
    """One hand of each class of hands equal up to a permutation of the suits (the least
    by colex index of its cards), and the number of hands in each class.

    The deck must be closed under suit permutations (whole ranks, and the joker or not).

    >>> from paigow.poker.cards import parse_cards
    >>> hands, sizes = suit_classes(parse_cards("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc Jk Js"))
    Traceback (most recent call last):
    ...
    paigow.errors.CardError: a suit-class sweep needs a deck closed under suit permutations (whole ranks)
    """
    cards = check_deck(deck)
    naturals = {c for c in cards if c != 52}
    if any((c & ~3) | s not in naturals for c in naturals for s in range(4)):
        raise CardError("a suit-class sweep needs a deck closed under suit permutations "
                        "(whole ranks)")
    arr = np.array(cards, dtype=np.int64)
    total = comb(len(cards), 7)
    hands: list[list[int]] = []
    sizes: list[int] = []
    pos = np.zeros(7, np.int64)
    for start in range(0, total, chunk):
        count = min(chunk, total - start)
        reps, size = kern.suit_class_chunk(arr, start, count, _PERMS, BINOM)
        for x, s in zip(reps.tolist(), size.tolist(), strict=True):
            kern.unrank7(int(x), BINOM, pos)  # colex of cards: positions are cards
            hands.append([int(p) for p in pos])
            sizes.append(int(s))
        if on_progress is not None:
            on_progress(start + count, total)
    return hands, sizes


def suit_class_count(k: int = 7, ranks: int = 13, joker: bool = True) -> int:
    """Number of k-card hands up to suit symmetry (Burnside's lemma over the 24 suit
    permutations), for a deck of ``ranks`` whole ranks and the joker.

    >>> suit_class_count(5, joker=False), suit_class_count(7, joker=False)
    (134459, 6009159)
    """
    total = Fraction(0)
    for perm in permutations(range(4)):
        # cycle lengths of the permutation
        seen, cycles = set(), []
        for s in range(4):
            if s in seen:
                continue
            n, x = 0, s
            while x not in seen:
                seen.add(x)
                x = perm[x]
                n += 1
            cycles.append(n)
        # hands fixed by the permutation: unions of card orbits (per rank, one per cycle)
        poly = [1] + [0] * k
        for _ in range(ranks):
            for length in cycles:
                poly = [poly[i] + (poly[i - length] if i >= length else 0)
                        for i in range(k + 1)]
        fixed = poly[k] + (poly[k - 1] if joker and k >= 1 else 0)
        total += fixed
    return int(total / 24)


@dataclass(frozen=True)
class SweepSpec:
    """Everything a sweep chunk needs."""

    dealer: str | FastWay
    rules: PokerRules
    banking: bool
    rate: Fraction
    deck: tuple[Card, ...]
    cache: bool | str = True
    players: tuple[str | FastWay, ...] = ()  # more ways scored on the same hands

    def job(self, mode: str, n_hands: int, seed: int | None, chunk: int) -> dict[str, Any]:
        """The description that keys a checkpoint."""
        return {
            "kind": "poker-sweep",
            "mode": mode,
            "hands": n_hands,
            "seed": seed,
            "chunk": chunk,
            "dealer": self.dealer if isinstance(self.dealer, str) else self.dealer.fingerprint(),
            "rules": [self.rules.joker, self.rules.wheel, self.rules.foul, self.rules.push],
            "counts": "v2",  # house, optimal and the paired gain's squares
            "banking": self.banking,
            "rate": str(self.rate),
            "deck": list(self.deck),
            **({"players": [p if isinstance(p, str) else p.fingerprint()
                            for p in self.players]} if self.players else {}),
        }


PLAYER_COUNTS = 7
"""Counts per extra player in a chunk's result: win, push, lose, sum of squared scores,
sum of its paired gains over the house way, of their squares, and of their products with
optimal's gains."""


def _player_row(adv: Advice, split: int, rules: PokerRules) -> SettingOdds:
    """The advice's row of the setting a player's way chose: a fouled setting is re-set
    by the dealer way (the house foul rule) or loses the bet (forfeit)."""
    row = next((s for s in adv.settings if s.split == split), None)
    if row is not None:
        return row
    house = adv.house_setting
    if rules.foul == "house" and house is not None:
        return house
    return replace(adv.settings[0], win=0, push=adv.pushed, lose=adv.total - adv.pushed)


def sweep_chunk(spec: SweepSpec, chunk: tuple[list[list[int]], list[int]]) -> Counts:
    """Weighted counts over one chunk of hands: the house way's setting (win, push, lose,
    sum of squared scores), the best setting's (likewise), the hands' weight, then the
    sum of squared paired gains (best score minus house score, hand by hand); then
    :data:`PLAYER_COUNTS` counts for each extra player's way."""
    hands, weights = chunk
    cache: Path | bool = spec.cache if isinstance(spec.cache, bool) else Path(spec.cache)
    hw = hp = hl = hs = ow = op = ol = os_ = n = gs = 0
    players = [fast_way(p, spec.rules) for p in spec.players]
    arr = np.array([sorted(h) for h in hands], dtype=np.int32).reshape(len(hands), 7)
    splits = [w.splits(arr, spec.banking).tolist() for w in players]
    extra = [[0] * PLAYER_COUNTS for _ in players]
    for k, (cards, wgt) in enumerate(zip(hands, weights, strict=True)):
        adv = advise(cards, spec.dealer, spec.banking, spec.rate, spec.rules, spec.deck,
                     cache=cache)
        h = adv.house_setting
        b = adv.best_setting
        if h is None:  # pragma: no cover - the dealer way always picks a legal setting
            raise CardError("the house way's setting of a hand was not found among its settings")
        for acc, sp in zip(extra, splits, strict=True):
            row = _player_row(adv, int(sp[k]), spec.rules)
            sc = score(row.win, row.lose, spec.rate)
            g = sc - score(h.win, h.lose, spec.rate)
            go = score(b.win, b.lose, spec.rate) - score(h.win, h.lose, spec.rate)
            for i, x in enumerate((row.win, row.push, row.lose, sc * sc, g, g * g, g * go)):
                acc[i] += wgt * x
        hw, hp, hl = hw + wgt * h.win, hp + wgt * h.push, hl + wgt * h.lose
        ow, op, ol = ow + wgt * b.win, op + wgt * b.push, ol + wgt * b.lose
        sh, sb = score(h.win, h.lose, spec.rate), score(b.win, b.lose, spec.rate)
        hs += wgt * sh**2
        os_ += wgt * sb**2
        gs += wgt * (sb - sh) ** 2
        n += wgt
    return (hw, hp, hl, hs, ow, op, ol, os_, n, gs, *(x for acc in extra for x in acc))


Z95 = 1.959963984540054


def ci95(mean: Fraction, mean_sq: Fraction, n: int) -> tuple[float, float]:
    """Normal 95% interval of the mean of ``n`` sampled values, given the exact mean of
    the values and of their squares (sample variance with Bessel's correction).

    >>> ci95(Fraction(1), Fraction(1), 10)     # every value 1: no spread
    (1.0, 1.0)
    """
    var = max(mean_sq - mean * mean, Fraction(0))
    h = Z95 * math.sqrt(var / max(n - 1, 1))
    return (float(mean) - h, float(mean) + h)


@dataclass(frozen=True)
class StrategyEdge:
    """Exact aggregated counts of one strategy over the swept hands."""

    name: str
    win: int
    push: int
    lose: int
    score_sq: int
    hands: int
    per_hand: int
    rate: Fraction

    @property
    def edge(self) -> Fraction:
        """House edge over the swept hands (exact)."""
        total = self.win + self.push + self.lose
        return (self.lose - (1 - self.rate) * self.win) / total

    def ci95(self) -> tuple[float, float]:
        """95% interval of the edge over the hand sampling (for a uniform sample)."""
        d = self.rate.denominator * self.per_hand
        return ci95(self.edge, Fraction(self.score_sq, d * d * self.hands), self.hands)

    def to_json(self, sampled: bool) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        out: dict[str, object] = {
            "win": self.win, "push": self.push, "lose": self.lose,
            "edge": float(self.edge), "edge_exact": str(self.edge),
        }
        if sampled:
            out["ci95"] = list(self.ci95())
        return out


@dataclass(frozen=True)
class PlayerGain:
    """Another way scored on the swept hands: its edge, and its gain over the house way
    paired hand by hand (with the share of optimal's gain it takes)."""

    edge: StrategyEdge
    gain_sum: int  # sum of its per-hand gains over the house way, in score units
    gain_sq: int
    cross: int  # sum of its gains times optimal's, hand by hand

    def to_json(self, result: SweepResult) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        sampled = result.mode == "sample"
        gain = result.house.edge - self.edge.edge
        out: dict[str, object] = {"name": self.edge.name, **self.edge.to_json(sampled)}
        g: dict[str, object] = {"edge": float(gain), "edge_exact": str(gain)}
        share: dict[str, object] = {"of_optimal": float(result.share(self))
                                    if result.gain else None}
        if sampled:
            g["ci95"] = list(result.player_gain_ci95(self))
            share["ci95"] = list(result.share_ci95(self)) if result.gain else None
        out["gain"] = g
        out["share"] = share
        return out


@dataclass(frozen=True)
class SweepResult:
    """A sweep's exact counts for the house way and the optimal way (and any more ways
    scored on the same hands: ``players``)."""

    mode: str
    hands: int
    classes: int
    banking: bool
    house: StrategyEdge
    optimal: StrategyEdge
    gain_sq: int = 0
    players: tuple[PlayerGain, ...] = ()

    @property
    def gain(self) -> Fraction:
        """What playing the best setting gains over the house way's: the house way's edge
        minus the optimal way's (exact over the swept hands)."""
        return self.house.edge - self.optimal.edge

    def gain_ci95(self) -> tuple[float, float]:
        """95% interval of the gain over the hand sampling, as a paired estimate: both
        ways are scored on the same hands, so the interval comes from the spread of each
        hand's own gain (the best setting's EV minus the house setting's), far narrower
        than either edge's interval."""
        e = self.house
        d = e.rate.denominator * e.per_hand
        return ci95(self.gain, Fraction(self.gain_sq, d * d * self.hands), self.hands)

    def _unit(self) -> int:
        e = self.house
        return e.rate.denominator * e.per_hand

    def player_gain_ci95(self, p: PlayerGain) -> tuple[float, float]:
        """95% interval of a player way's gain over the house way (paired, as
        :meth:`gain_ci95`)."""
        d = self._unit()
        return ci95(self.house.edge - p.edge.edge, Fraction(p.gain_sq, d * d * self.hands),
                    self.hands)

    def share(self, p: PlayerGain) -> Fraction:
        """The share of optimal's gain over the house way that a player way takes."""
        return (self.house.edge - p.edge.edge) / self.gain

    def share_ci95(self, p: PlayerGain) -> tuple[float, float]:
        """95% interval of :meth:`share` over the hand sampling: the delta method for a
        ratio of paired means, ``r = mean(g) / mean(g_opt)``, whose error is that of
        ``mean(g - r·g_opt) / mean(g_opt)``."""
        n, d = self.hands, self._unit()
        mean_o = self.gain * d  # optimal's mean gain, in score units
        r = self.share(p)
        # sum of (g - r g_o)^2 = sum g^2 - 2 r sum g g_o + r^2 sum g_o^2
        resid_sq = Fraction(p.gain_sq) - 2 * r * p.cross + r * r * self.gain_sq
        mean_resid = Fraction(p.gain_sum) / n - r * mean_o
        var = max(resid_sq / n - mean_resid * mean_resid, Fraction(0))
        h = Z95 * math.sqrt(var / max(n - 1, 1)) / abs(float(mean_o))
        return (float(r) - h, float(r) + h)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        sampled = self.mode == "sample"
        gain: dict[str, object] = {"edge": float(self.gain), "edge_exact": str(self.gain)}
        if sampled:
            gain["ci95"] = list(self.gain_ci95())
        out: dict[str, object] = {
            "mode": self.mode,
            "hands": self.hands,
            "classes": self.classes,
            "banking": self.banking,
            "house": self.house.to_json(sampled),
            "optimal": self.optimal.to_json(sampled),
            "gain": gain,
        }
        if self.players:
            out["players"] = [p.to_json(self) for p in self.players]
        return out


def sweep(
    hands: list[list[int]],
    weights: list[int] | None = None,
    dealer: str | FastWay = "house",
    banking: bool = False,
    rate: Fraction | float | str = DEFAULT_RATE,
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
    mode: str = "sample",
    seed: int | None = None,
    chunk: int = 16,
    executor: Executor | None = None,
    checkpoint: Path | None = None,
    on_progress: Progress | None = None,
    cache: bool | str = True,
    players: Iterable[str | FastWay] = (),
) -> SweepResult:
    """Advise every hand of ``hands`` (each counted ``weights[i]`` times) and aggregate;
    each way of ``players`` is scored on the same hands too (its edge, and its gain over
    the house way paired hand by hand)."""
    if chunk <= 0:
        raise AmountError(f"chunk size must be positive, got {chunk}")
    if not hands:
        raise AmountError("a sweep needs at least one hand")
    w = [1] * len(hands) if weights is None else list(weights)
    spec = SweepSpec(dealer, rules, banking, check_rate(rate), check_deck(deck), cache,
                     tuple(players))
    for p in spec.players:
        fast_way(p, rules)  # a bad way is refused before any hand is advised
    chunks = [(hands[i : i + chunk], w[i : i + chunk]) for i in range(0, len(hands), chunk)]
    job = spec.job(mode, len(hands), seed, chunk)
    results = run_chunks(sweep_chunk, spec, chunks, job, [len(c[0]) for c in chunks],
                         executor, checkpoint, on_progress)
    hw, hp, hl, hs, ow, op, ol, os_, n, gs, *more = sum_counts(results)
    per_hand = comb(len(spec.deck) - 7, 7)
    gains: list[PlayerGain] = []
    for i, p in enumerate(spec.players):
        pw, pp, pl, ps, g, g2, cross = more[i * PLAYER_COUNTS : (i + 1) * PLAYER_COUNTS]
        name = p if isinstance(p, str) else p.name
        gains.append(PlayerGain(StrategyEdge(name, pw, pp, pl, ps, n, per_hand, spec.rate),
                                  g, g2, cross))
    return SweepResult(
        mode, n, len(hands), banking,
        StrategyEdge("house", hw, hp, hl, hs, n, per_hand, spec.rate),
        StrategyEdge("optimal", ow, op, ol, os_, n, per_hand, spec.rate),
        gs, tuple(gains),
    )


__all__ = [
    "PlayerGain",
    "StrategyEdge",
    "SweepResult",
    "SweepSpec",
    "sample_hands",
    "suit_class_count",
    "suit_classes",
    "sweep",
    "sweep_chunk",
]
