"""The fast tables equal the reference evaluator on every five- and two-card hand, under
every rule variant; the direct seven-card evaluator equals 21 table look-ups.

Exhaustive over all C(53,5) hands: every hand's fast key is compared with the reference
key of its *class* (its sorted ranks, the joker apart, and whether its natural cards are
one suit). Suits do not rank, so every hand in a class has the same reference rank; this
is checked on a random sample of hands ranked one by one, and the class mapping
itself is computed here in numpy, independently of the fast code.
"""

from __future__ import annotations

from itertools import chain, combinations
from math import comb

import numpy as np
import pytest

from paigow.poker import fast
from paigow.poker.rank import rank2, rank5
from paigow.poker.rules import PokerRules, ranking_variants

VARIANTS = ranking_variants()


@pytest.fixture(scope="module")
def all_five() -> np.ndarray:
    flat = np.fromiter(chain.from_iterable(combinations(range(53), 5)), dtype=np.int64)
    return flat.reshape(-1, 5)


@pytest.fixture(scope="module")
def classes(all_five: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(combinatorial index, first hand of each class, class of each hand)."""
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    idx = sum(binom[all_five[:, k], k + 1] for k in range(5))
    ranks = np.where(all_five == 52, 13, all_five >> 2)
    suits = np.where(all_five == 52, -1, all_five & 3)
    natural = suits >= 0
    first = suits[:, 0]
    suited = np.all((suits == first[:, None]) | ~natural, axis=1)
    code = (ranks * (14 ** np.arange(5))).sum(axis=1) * 2 + suited
    _, rep, inverse = np.unique(code, return_index=True, return_inverse=True)
    return idx, rep, inverse.ravel()


def test_combinatorial_index_is_a_bijection(classes: tuple[np.ndarray, ...]) -> None:
    idx = classes[0]
    assert len(idx) == comb(53, 5) == 2_869_685
    assert np.array_equal(np.sort(idx), np.arange(comb(53, 5)))


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_fast_equals_reference_on_every_five_card_hand(
    rules: PokerRules, all_five: np.ndarray, classes: tuple[np.ndarray, ...]
) -> None:
    idx, rep, inverse = classes
    ref = np.array([rank5(all_five[i].tolist(), rules).key for i in rep], dtype=np.int64)
    table = fast.table5(rules)
    assert np.array_equal(table[idx], ref[inverse])


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_reference_is_the_same_across_a_class_on_a_random_sample(
    rules: PokerRules, all_five: np.ndarray
) -> None:
    rng = np.random.default_rng(2024)
    sample = all_five[rng.choice(len(all_five), 3000, replace=False)]
    with_joker = all_five[all_five[:, 4] == 52]
    sample = np.vstack([sample, with_joker[rng.choice(len(with_joker), 1000, replace=False)]])
    ref = [rank5(h.tolist(), rules).key for h in sample]
    assert fast.rank5_batch(sample, rules).tolist() == ref


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_fast_equals_reference_on_every_two_card_hand(rules: PokerRules) -> None:
    hands = np.array(list(combinations(range(53), 2)))
    ref = [rank2(h.tolist(), rules).key for h in hands]
    assert fast.rank2_batch(hands, rules).tolist() == ref
    assert len(hands) == comb(53, 2)


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_direct_seven_card_evaluator_equals_21_lookups(rules: PokerRules) -> None:
    rng = np.random.default_rng(7)
    n = 300_000
    hands = np.argsort(rng.random((n, 53)), axis=1)[:, :7]
    with_joker = np.argsort(rng.random((n, 52)), axis=1)[:, :6]
    hands = np.vstack([hands, np.hstack([with_joker, np.full((n, 1), 52)])])
    assert np.array_equal(fast.best5_of7(hands, rules), fast.best5_of7_lookup(hands, rules))


def test_best_of_seven_equals_reference_on_a_sample() -> None:
    rng = np.random.default_rng(11)
    hands = np.argsort(rng.random((150, 53)), axis=1)[:, :7]
    for rules in VARIANTS:
        keys = fast.best5_of7(hands, rules)
        for h, k in zip(hands, keys, strict=True):
            assert max(rank5(list(c), rules).key for c in combinations(h.tolist(), 5)) == k
