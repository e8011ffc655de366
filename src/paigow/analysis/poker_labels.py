"""Exact labels for learning a hand-setting way: a sample of hands spread over hand types,
each with the exact EV of every legal setting against a dealer way.

**The sample** (:func:`stratified_sample`). Hands are drawn uniformly from the deck (a seeded
numpy generator) and sorted into *strata*: the hand type of the way-file format (no pair,
one pair, two pair, … five aces: :data:`paigow.poker.ways.spec.HAND_KEYS`) and whether a
straight or better can be set behind. Each stratum gets a quota of the sample, in
proportion to the square root of its share of all hands (so the common types get most of
the labels and the rare ones still get some), at least ``min_per_stratum``; the first hands
drawn of each stratum fill its quota. A labelled hand weighs ``share / quota`` of its
stratum, the share estimated from every hand drawn (millions), so weighted sums estimate
sums over all hands. The same seed gives the same sample.

**The labels** (:func:`label_hands`). Each hand gets one
:func:`~paigow.analysis.poker_odds.advise`: exact win and lose counts of each of its 21
splits (``-1`` where the split fouls) over every hand the dealer can hold, and the dealer
way's own setting of the hand (what a player copying the house way plays). Chunks run
through :func:`paigow.analysis.poker_jobs.run_chunks`: a progress bar, Ctrl-C between
chunks, and a checkpoint file that a rerun resumes from.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.analysis import Progress
from paigow.analysis.poker_jobs import Counts, run_chunks
from paigow.analysis.poker_odds import DEFAULT_RATE, advise, check_deck, check_rate
from paigow.analysis.poker_ways import FastWay
from paigow.errors import AmountError
from paigow.poker.cards import Card
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.ways.spec import HAND_KEYS, HAND_TYPES, CompiledWay, parse_way

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

N_SPLITS = 21
N_TYPES = len(HAND_KEYS)
N_STRATA = 2 * N_TYPES  # hand type, and whether a straight or better can be set behind


def stratum_name(s: int) -> str:
    """``"two pair"`` or ``"two pair, straight or flush"`` for stratum ``s``.

    >>> stratum_name(2), stratum_name(N_TYPES + 1)
    ('two pair', 'one pair, straight or flush')
    """
    name = HAND_TYPES[HAND_KEYS[s % N_TYPES]][0]
    return f"{name}, straight or flush" if s >= N_TYPES else name


# A way file that sorts hands into strata: one rule per hand type, and a straights-and-
# flushes rule per hand type; the rule the kernel plays is the stratum.
_DEFAULT_SET = {
    "no_pair": "singles 2-3", "one_pair": "singles 1-2", "two_pair": "low pair",
    "three_pair": "high pair", "trips": "singles 1-2", "full_house": "pair",
    "full_house_and_pair": "high pair", "two_trips": "trips pair", "quads": "quads pair",
    "quads_and_pair": "pair", "quads_and_trips": "trips pair", "five_aces": "five pair",
}


@cache
def _probe() -> CompiledWay:
    lines = ['[way]', 'name = "strata"']
    for i, key in enumerate(HAND_KEYS):
        lines += [f"[[{key}]]", f'rule = "{i}"', f'set = "{_DEFAULT_SET[key]}"']
    for i, key in enumerate(HAND_KEYS):
        lines += ["[[straights_and_flushes]]", f'rule = "sf{i}"', f'hand = "{key}"',
                  'set = "straight or flush"']
    return parse_way("\n".join(lines)).compile()


def strata(hands: I32, rules: PokerRules = DEFAULT_RULES) -> I64:
    """The stratum of each hand (rows of seven cards, ascending): its hand type index,
    plus :data:`N_TYPES` when a straight or better can be set behind.

    >>> from paigow.poker.cards import parse_cards
    >>> h = np.array([sorted(parse_cards("9s 9h 5d 5c Ks 3d 2h")),
    ...               sorted(parse_cards("Ts 9h 8d 7c 6s 3d 2h"))], np.int32)
    >>> [stratum_name(int(s)) for s in strata(h)]
    ['two pair', 'no pair, straight or flush']
    """
    from paigow.poker.ways.file_fast import file_splits_and_rules

    _, both = file_splits_and_rules(_probe(), np.ascontiguousarray(hands, np.int32), rules)
    return both[:, 0].astype(np.int64)  # rules in kernel order: the types, then sf0..


@dataclass(frozen=True)
class Sample:
    """A stratified sample of hands: the hands (ascending cards), their strata and weights
    (each hand stands for ``weight`` of all hands: the weights sum to 1), and how it was
    drawn."""

    hands: list[list[int]]
    strata: list[int]
    weights: list[float]
    seed: int
    drawn: int  # hands drawn to fill the quotas (and estimate the strata's shares)
    shares: tuple[float, ...]  # estimated share of all hands of each stratum
    quotas: tuple[int, ...]

    def counts(self) -> list[int]:
        """Hands of the sample in each stratum."""
        out = [0] * N_STRATA
        for s in self.strata:
            out[s] += 1
        return out


def quotas(shares: Iterable[float], n: int, minimum: int) -> list[int]:
    """Hands of a sample of ``n`` for each stratum: in proportion to the square root of its
    share, at least ``minimum`` for every stratum that exists.

    >>> quotas([0.64, 0.36, 0.0], 100, 5)
    [57, 43, 0]
    """
    sh = list(shares)
    roots = [math.sqrt(s) for s in sh]
    total = sum(roots)
    return [0 if s <= 0 else max(minimum, round(n * r / total)) for s, r in zip(sh, roots, strict=True)]


def stratified_sample(
    n: int,
    seed: int,
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
    min_per_stratum: int = 6,
    max_draws: int = 4_000_000,
    batch: int = 200_000,
) -> Sample:
    """``n`` hands (about: every stratum gets at least ``min_per_stratum``) spread over
    the strata, drawn with the seed (see the module description). A stratum too rare to fill
    its quota within ``max_draws`` uniform hands keeps the hands it got."""
    if n < 1:
        raise AmountError(f"a sample needs at least one hand, got {n}")
    cards = np.array(check_deck(deck), dtype=np.int32)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    # a first batch estimates the shares for the quotas; every batch refines them
    seen = np.zeros(N_STRATA, np.int64)
    drawn = 0
    kept: list[list[list[int]]] = [[] for _ in range(N_STRATA)]
    quota: list[int] | None = None
    while drawn < max_draws:
        size = min(batch, max_draws - drawn)
        keys = rng.random((size, len(cards)))
        pick = np.sort(cards[np.argpartition(keys, 7, axis=1)[:, :7]], axis=1).astype(np.int32)
        st = strata(pick, rules)
        seen += np.bincount(st, minlength=N_STRATA)
        drawn += size
        if quota is None:
            quota = quotas((seen / drawn).tolist(), n, min_per_stratum)
        for s in range(N_STRATA):
            need = quota[s] - len(kept[s])
            if need > 0 and seen[s]:
                take = np.flatnonzero(st == s)[:need]
                kept[s].extend(pick[take].tolist())
        if all(len(kept[s]) >= quota[s] for s in range(N_STRATA)):
            break
    assert quota is not None
    shares = (seen / drawn).tolist()
    rows = [(h, s, shares[s] / len(kept[s])) for s in range(N_STRATA) for h in kept[s]]
    # in a seeded random order, so that any part of the labelling is spread over the types
    rows = [rows[i] for i in rng.permutation(len(rows)).tolist()]
    hands = [h for h, _, _ in rows]
    strat = [s for _, s, _ in rows]
    weights = [w for _, _, w in rows]
    return Sample(hands, strat, weights, seed, drawn, tuple(shares), tuple(quota))


# ------------------------------------------------------------------------- labels


@dataclass(frozen=True)
class LabelSpec:
    """What a labelling chunk needs (plain data: it travels to a cluster's workers)."""

    dealer: str | FastWay
    rules: PokerRules
    rate: Fraction
    deck: tuple[Card, ...]
    cache: bool | str = True

    def job(self, sample: Sample, chunk: int) -> dict[str, Any]:
        """The description that keys a checkpoint."""
        dealer = self.dealer if isinstance(self.dealer, str) else self.dealer.fingerprint()
        return {
            "kind": "poker-labels",
            "format": 1,
            "dealer": dealer,
            "dealer_file": dealer_digest(self.dealer),
            "rules": [self.rules.joker, self.rules.wheel, self.rules.foul, self.rules.push],
            "rate": str(self.rate),
            "deck": list(self.deck),
            "seed": sample.seed,
            "hands": len(sample.hands),
            "first": sample.hands[0] if sample.hands else [],
            "chunk": chunk,
        }


def dealer_digest(dealer: str | FastWay) -> str:
    """The content digest of a dealer way given as a way file (a shipped name or a path),
    so that labels cached against a file are not reused once the file changes; ``""`` for
    a built-in way or a batch way object (whose fingerprint already says it).

    >>> dealer_digest("house"), len(dealer_digest("foxwoods"))
    ('', 16)
    """
    from paigow.poker.ways.file_way import is_way_file, read_way

    if isinstance(dealer, str) and is_way_file(dealer):
        return read_way(dealer).digest
    return ""


def label_chunk(spec: LabelSpec, hands: list[list[int]]) -> Counts:
    """Per hand: the dealer way's split of it, then the win and lose counts of each of its
    21 splits (``-1, -1`` where the split fouls)."""
    cache: Path | bool = spec.cache if isinstance(spec.cache, bool) else Path(spec.cache)
    out: list[int] = []
    for cards in hands:
        adv = advise(cards, spec.dealer, False, spec.rate, spec.rules, spec.deck, cache=cache)
        row = [-1] * (1 + 2 * N_SPLITS)
        house = adv.house_setting
        row[0] = -1 if house is None else house.split
        for s in adv.settings:
            row[1 + 2 * s.split] = s.win
            row[2 + 2 * s.split] = s.lose
        out.extend(row)
    return tuple(out)


@dataclass(frozen=True)
class Labels:
    """Exact labels of a sample: per hand the win and lose counts of each split (``-1``
    where it fouls) out of ``total`` dealer hands, and the dealer way's split."""

    sample: Sample
    win: I64  # (n, 21)
    lose: I64  # (n, 21)
    house: I64  # (n,)
    total: int
    rate: Fraction
    seconds: float

    def ev(self) -> F64:
        """EV of a one-unit bet on each split, ``-inf`` where it fouls: ``((1 - c)·win -
        lose) / total``."""
        c = float(self.rate)
        ev = ((1 - c) * self.win - self.lose) / self.total
        out: F64 = np.where(self.win < 0, -np.inf, ev)
        return out

    def best(self) -> I64:
        """The split of best EV of each hand (the first among equals)."""
        out: I64 = np.argmax(self.ev(), axis=1).astype(np.int64)
        return out


def label_hands(
    sample: Sample,
    dealer: str | FastWay = "house",
    rate: Fraction | float | str = DEFAULT_RATE,
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
    chunk: int = 16,
    executor: Executor | None = None,
    checkpoint: Path | None = None,
    on_progress: Progress | None = None,
    cache: bool | str = True,
) -> Labels:
    """Advise every hand of ``sample`` against the ``dealer`` way (see the module
    description); the time it took is kept in ``Labels.seconds``."""
    if chunk <= 0:
        raise AmountError(f"chunk size must be positive, got {chunk}")
    spec = LabelSpec(dealer, rules, check_rate(rate), check_deck(deck), cache)
    hands = sample.hands
    chunks = [hands[i : i + chunk] for i in range(0, len(hands), chunk)]
    start = time.perf_counter()
    results = run_chunks(label_chunk, spec, chunks, spec.job(sample, chunk),
                         [len(c) for c in chunks], executor, checkpoint, on_progress)
    seconds = time.perf_counter() - start
    flat = np.array([x for r in results for x in r], dtype=np.int64).reshape(len(hands), -1)
    return Labels(sample, flat[:, 1::2], flat[:, 2::2], flat[:, 0],
                  comb(len(spec.deck) - 7, 7), spec.rate, seconds)


__all__ = [
    "N_STRATA",
    "N_TYPES",
    "LabelSpec",
    "Labels",
    "Sample",
    "label_chunk",
    "label_hands",
    "quotas",
    "strata",
    "stratified_sample",
    "stratum_name",
]
