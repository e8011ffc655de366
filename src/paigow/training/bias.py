"""Dealing more of the hands a person gets wrong.

The scheme, in full:

1. Look at the person's last :data:`RECENT` graded hands of this game and drill (every
   session kept, this one included). Until there are :data:`WARMUP` of them, every deal is
   an even one.
2. Each hand counts towards each of its kinds (:mod:`paigow.training.kinds`). A kind the
   person set wrong at least once gets a weight: its error rate, smoothed as
   ``(wrong + 1) / (seen + 2)`` so that one slip on a rare kind does not outweigh a habit.
3. Half the deals (each decided by the session's random source) are biased: a kind is
   drawn with probability proportional to its weight, then hands are dealt evenly until one
   of that kind comes (at most :data:`TRIES` hands; if none comes the deal is an even one).
   The other half are even deals, so a person also keeps meeting every other kind.
4. A biased deal says so: the exercise carries the kind and a sentence of why.

As the person gets a kind right, its error rate falls and it is dealt less; once it drops
out of the recent window with no mistakes, it is dealt only at its natural rate.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any

from paigow.phrasing import Msg
from paigow.training.kinds import kind_label

WARMUP = 10
RECENT = 200
SHARE = Fraction(1, 2)
TRIES = 5_000


@dataclass(frozen=True)
class Focus:
    """A kind chosen for a biased deal, and why."""

    kind: str
    seen: int
    wrong: int
    reason: str


def weights(rows: Sequence[Mapping[str, Any]]) -> dict[str, tuple[int, int, Fraction]]:
    """Per kind set wrong at least once in ``rows``: (seen, wrong, weight)."""
    seen: dict[str, int] = {}
    wrong: dict[str, int] = {}
    for r in rows:
        for k in r["kinds"]:
            seen[k] = seen.get(k, 0) + 1
            if not r["correct"]:
                wrong[k] = wrong.get(k, 0) + 1
    return {k: (seen[k], w, Fraction(w + 1, seen[k] + 2)) for k, w in wrong.items()}


def choose_focus(game: str, rows: Sequence[Mapping[str, Any]], rng: Random) -> Focus | None:
    """The kind to deal next, or None for an even deal (see the module's description);
    ``rows`` are the person's graded hands, oldest first."""
    recent = list(rows)[-RECENT:]
    if len(recent) < WARMUP:
        return None
    table = weights(recent)
    if not table or rng.random() >= SHARE:
        return None
    kinds = sorted(table)
    total = sum(table[k][2] for k in kinds)
    x = Fraction(rng.random()) * total
    for k in kinds:
        seen, wrong, w = table[k]
        if x < w or k == kinds[-1]:
            label = kind_label(game, k)
            return Focus(k, seen, wrong,
                         Msg("dealt for practice: {kind} (you set {wrong} of your last {seen} "
                             "such hands wrong)", kind=Msg(label), wrong=wrong, seen=seen))
        x -= w
    return None  # pragma: no cover - the loop always returns


def deal_of_kind(
    deal: Callable[[Random], tuple[Hashable, ...]],
    kinds: Callable[[tuple[Hashable, ...]], tuple[str, ...]],
    kind: str, rng: Random, tries: int = TRIES,
) -> tuple[Hashable, ...] | None:
    """An even deal repeated until a hand of ``kind`` comes (None after ``tries``)."""
    for _ in range(tries):
        hand = deal(rng)
        if kind in kinds(hand):
            return hand
    return None


__all__ = ["RECENT", "SHARE", "TRIES", "WARMUP", "Focus", "choose_focus", "deal_of_kind",
           "weights"]
