"""The Envy bonus: what a bonus bet earns from the *other* hands at the table.

A bonus bet with an Envy table (:class:`paigow.poker.sidebet.EnvyTable`) of at least the
Envy minimum is paid a fixed amount for every other player's hand that makes an Envy line
(each hand at its best-paying Envy line; never the bettor's own hand, never the banker's).
So the Envy depends on how many **other hands** are dealt, ``others`` (0 to 5 at a full
six-seat table).

Two figures, and the output says how each was obtained:

* **The expected Envy** is exact for any number of other hands, by linearity: each other
  hand, on its own, is a uniformly random seven of the cards the bettor does not hold,
  averaged over the bettor's hands that is a uniformly random seven of the deck, so the
  expectation is ``others`` times the average Envy of one hand over all C(n,7) hands —
  one enumeration (:func:`envy_odds`).
* **The distribution** (how often 0, 1, 2… other hands pay an Envy in one round, and the
  spread of the Envy paid) is exact with one other hand, again from that enumeration;
  with two or more the hands must be taken jointly (they share a deck), which no
  enumeration of the full deck reaches, so :func:`envy_distribution` plays random deals
  in a numba kernel (Monte Carlo) and gives 95% intervals.

>>> from fractions import Fraction
>>> from paigow.poker.cards import parse_cards
>>> from paigow.poker.sidebet import load_paytable
>>> deck = parse_cards("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Jk 2c 3d")
>>> odds = envy_odds(load_paytable("fortune"), others=1, deck=deck)
>>> odds.method, odds.total, odds.per_hand
('exact', 3432, Fraction(75, 22))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.errors import AmountError, RuleError
from paigow.poker.fast import BINOM
from paigow.poker.rules import DEFAULT_RULES, PLACES, PokerRules
from paigow.poker.sidebet import (
    _KEEP,
    _W7,
    N_CLASSES,
    EnvyTable,
    PayTable,
    _categories,
    _check_deck,
    _classify,
    class_counts,
    lines_of_class,
)

MAX_OTHERS = PLACES - 1
Z95 = 1.959964


def _envy_of(table: PayTable) -> EnvyTable:
    if table.envy is None:
        raise RuleError(f"the pay table {table.name!r} has no Envy bonus")
    return table.envy


def _check_others(others: int, deck_size: int) -> None:
    if isinstance(others, bool) or not isinstance(others, int) or not 0 <= others <= MAX_OTHERS:
        raise AmountError(f"other hands {others!r} must be a whole number from 0 to {MAX_OTHERS}")
    if 7 * (others + 1) > deck_size:
        raise AmountError(f"a deck of {deck_size} cards cannot deal the bettor's hand and "
                          f"{others} other hand(s) of seven")


@dataclass(frozen=True)
class EnvyLineOdds:
    """One Envy line: how many hands make it (as their best-paying Envy line)."""

    hand: str
    label: str
    amount: Fraction
    count: int
    probability: Fraction

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {"hand": self.hand, "label": self.label, "amount": str(self.amount),
                "count": self.count, "probability": float(self.probability)}


@dataclass(frozen=True)
class EnvyOdds:
    """The exact expected Envy of a bonus bet at a table with ``others`` other hands."""

    paytable: PayTable
    rules: PokerRules
    others: int
    deck_size: int
    total: int
    lines: tuple[EnvyLineOdds, ...]

    method = "exact"

    @property
    def per_hand(self) -> Fraction:
        """Expected Envy (currency units) from one other hand."""
        return sum((x.amount * x.probability for x in self.lines), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """Expected Envy per round from all ``others`` other hands (linearity)."""
        return self.per_hand * self.others

    @property
    def minimum(self) -> Fraction:
        """The smallest bonus bet that qualifies for the Envy."""
        return _envy_of(self.paytable).minimum

    def edge_with(self, bonus_edge: Fraction, stake: Fraction) -> Fraction:
        """The house edge of the bonus bet of ``stake`` units with its Envy: the bonus
        bet's edge less the expected Envy per unit staked (no Envy below the minimum)."""
        if stake <= 0:
            raise AmountError(f"the stake {stake} must be more than 0")
        return bonus_edge - (self.expected / stake if stake >= self.minimum else 0)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {
            "method": "exact: one enumeration of every seven-card hand, times the number of "
                      "other hands (linearity of expectation)",
            "others": self.others,
            "deck_size": self.deck_size,
            "total": self.total,
            "minimum": str(self.minimum),
            "lines": [x.to_json() for x in self.lines],
            "per_hand": float(self.per_hand),
            "per_hand_exact": str(self.per_hand),
            "expected": float(self.expected),
            "expected_exact": str(self.expected),
        }

    def _repr_html_(self) -> str:
        """Each Envy line and the expected Envy as a table (Jupyter)."""
        from paigow.notebook import table_html

        rows = [(x.label, str(x.amount), f"{x.count:,}", f"{float(x.probability):.8f}")
                for x in self.lines]
        return table_html(rows, head=("hand", "pays", "hands", "probability"),
                          title=f"Envy with {self.others} other hands: "
                                f"{float(self.expected):.6f} expected a round")


def envy_by_class(table: PayTable) -> dict[int, str]:
    """The Envy line of each kernel class that makes one (its best-paying Envy line)."""
    envy = _envy_of(table)
    out = {}
    for cls in range(N_CLASSES):
        line = envy.pays_for(lines_of_class(cls))
        if line is not None:
            out[cls] = line.hand
    return out


def envy_odds(
    table: PayTable,
    others: int,
    rules: PokerRules | None = None,
    deck: Sequence[int] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> EnvyOdds:
    """The exact expected Envy with ``others`` other hands: one enumeration of the
    seven-card hands of ``deck`` (default all 53 cards) and linearity (module docstring)."""
    r = rules or DEFAULT_RULES
    table.check_rules(r)
    envy = _envy_of(table)
    cards = _check_deck(deck)
    _check_others(others, len(cards))
    counts = class_counts(r, cards, on_progress)
    total = sum(counts.values())
    per_line = {line.hand: 0 for line in envy.lines}
    for cls, n in counts.items():
        line = envy.pays_for(lines_of_class(cls))
        if line is not None:
            per_line[line.hand] += n
    lines = tuple(
        EnvyLineOdds(x.hand, x.label, x.amount, per_line[x.hand],
                     Fraction(per_line[x.hand], total))
        for x in envy.lines
    )
    return EnvyOdds(table, r, others, len(cards), total, lines)


# --------------------------------------------------------------- the distribution


@dataclass(frozen=True)
class EnvyDistribution:
    """How many other hands pay an Envy in one round, and the Envy paid: exact over every
    deal (``method == "exact"``) or estimated from random deals (``"monte-carlo"``).

    ``hands[j]``: deals (or rounds) in which exactly ``j`` other hands pay an Envy;
    ``total_cents`` and ``square_cents``: the sum of the Envy per deal, and of its square,
    in cents."""

    others: int
    method: str
    rounds: int
    hands: tuple[int, ...]
    total_cents: int
    square_cents: int
    seed: int | None = None

    @property
    def mean(self) -> float:
        """The Envy per round (currency units)."""
        return self.total_cents / self.rounds / 100

    @property
    def mean_exact(self) -> Fraction | None:
        """The Envy per round as a fraction, when every deal was enumerated."""
        return Fraction(self.total_cents, 100 * self.rounds) if self.method == "exact" else None

    def ci95(self) -> tuple[float, float]:
        """95% interval of the mean Envy (a point when exact)."""
        if self.method == "exact":
            return self.mean, self.mean
        n = self.rounds
        m = self.total_cents / n
        var = max(0.0, self.square_cents / n - m * m) * n / max(1, n - 1)
        half = Z95 * sqrt(var / n)
        return (m - half) / 100, (m + half) / 100

    def share(self, j: int) -> tuple[float, float, float]:
        """The share of rounds in which exactly ``j`` other hands pay an Envy, with its
        95% (Wilson) interval; the interval is the point itself when exact."""
        n = self.rounds
        p = self.hands[j] / n
        if self.method == "exact":
            return p, p, p
        den = 1 + Z95**2 / n
        mid = (p + Z95**2 / (2 * n)) / den
        half = Z95 * sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / den
        return p, max(0.0, mid - half), min(1.0, mid + half)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        lo, hi = self.ci95()
        return {
            "method": self.method,
            "others": self.others,
            "rounds": self.rounds,
            "seed": self.seed,
            "hands_paying": [
                dict(zip(("j", "share", "low", "high"), (j, *self.share(j)), strict=True))
                for j in range(self.others + 1)
            ],
            "mean": self.mean,
            "mean_exact": None if self.mean_exact is None else str(self.mean_exact),
            "mean_ci95": [lo, hi],
        }


def _amount_cents(table: PayTable) -> dict[str, int]:
    return {x.hand: int(x.amount * 100) for x in _envy_of(table).lines}


def _one_hand(table: PayTable, others: int, rules: PokerRules, cards: list[int],
              on_progress: Callable[[int, int], None] | None) -> EnvyDistribution:
    """With at most one other hand the distribution is that of one hand: exact from the
    enumeration of every seven-card hand (each weighted alike)."""
    counts = class_counts(rules, cards, on_progress)
    total_hands = sum(counts.values())
    if others == 0:
        return EnvyDistribution(0, "exact", total_hands, (total_hands,), 0, 0)
    cents = _amount_cents(table)
    by_class = envy_by_class(table)
    paying = total = square = 0
    for cls, n in counts.items():
        if cls in by_class:
            c = cents[by_class[cls]]
            paying += n
            total += n * c
            square += n * c * c
    return EnvyDistribution(1, "exact", total_hands, (total_hands - paying, paying),
                            total, square)


@nb.njit(cache=True)
def _simulate(
    deck: npt.NDArray[np.int64], others: int, rounds: int, seed: int, bug: bool,
    cents: npt.NDArray[np.int64], cat5: npt.NDArray[np.uint8], binom: npt.NDArray[np.int64],
    keep: npt.NDArray[np.int64], w7: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], int, int]:
    np.random.seed(seed)
    n = deck.shape[0]
    work = deck.copy()
    counts = np.zeros(others + 1, np.int64)
    total = 0
    square = 0
    h = np.zeros(7, np.int64)
    need = 7 * (others + 1)
    for _ in range(rounds):
        for i in range(need):  # partial Fisher-Yates: the first `need` cards are the deal
            j = i + np.random.randint(0, n - i)
            t = work[i]
            work[i] = work[j]
            work[j] = t
        paying = 0
        amount = 0
        for k in range(1, others + 1):  # hand 0 is the bettor's
            for m in range(7):
                h[m] = work[7 * k + m]
            h.sort()
            st = 0
            for m in range(7):
                if h[m] < 52:
                    st |= np.int64(1) << (16 * (h[m] & 3) + (h[m] >> 2))
            c = cents[_classify(h, st, h[6] == 52, bug, cat5, binom, keep, w7)]
            if c > 0:
                paying += 1
                amount += c
        counts[paying] += 1
        total += amount
        square += amount * amount
    return counts, total, square


def _monte_carlo(table: PayTable, others: int, rules: PokerRules, cards: list[int],
                 rounds: int, seed: int,
                 on_progress: Callable[[int, int], None] | None) -> EnvyDistribution:
    cents_of = _amount_cents(table)
    lookup = np.zeros(N_CLASSES, np.int64)
    for cls, hand in envy_by_class(table).items():
        lookup[cls] = cents_of[hand]
    deck = np.array(cards, dtype=np.int64)
    cat5 = _categories(rules)
    counts = np.zeros(others + 1, np.int64)
    total = square = done = 0
    chunk = 200_000
    step = 0
    while done < rounds:
        size = min(chunk, rounds - done)
        c, t, q = _simulate(deck, others, size, (seed + step * 0x9E3779B1) % (2**31),
                            rules.joker == "bug", lookup, cat5, BINOM, _KEEP, _W7)
        counts += c
        total += int(t)
        square += int(q)
        done += size
        step += 1
        if on_progress is not None:
            on_progress(done, rounds)
    return EnvyDistribution(others, "monte-carlo", rounds,
                            tuple(int(x) for x in counts), total, square, seed)


def envy_distribution(
    table: PayTable,
    others: int,
    rules: PokerRules | None = None,
    deck: Sequence[int] | None = None,
    *,
    rounds: int = 1_000_000,
    seed: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> EnvyDistribution:
    """How many other hands pay an Envy per round, and the Envy paid. With one other hand
    (or none) this is exact, from the enumeration of every seven-card hand; with two or
    more the hands must be taken jointly, which no enumeration of the full deck reaches,
    so ``rounds`` random deals are played (Monte Carlo, reproducible with ``seed``). The
    result's ``method`` says which."""
    r = rules or DEFAULT_RULES
    table.check_rules(r)
    _envy_of(table)
    cards = _check_deck(deck)
    _check_others(others, len(cards))
    if others <= 1:
        return _one_hand(table, others, r, cards, on_progress)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise AmountError(f"rounds {rounds!r} must be a whole number of at least 1")
    s = random.SystemRandom().randrange(2**31) if seed is None else seed
    return _monte_carlo(table, others, r, cards, rounds, s, on_progress)


__all__ = [
    "EnvyDistribution",
    "EnvyLineOdds",
    "EnvyOdds",
    "envy_by_class",
    "envy_distribution",
    "envy_odds",
]
