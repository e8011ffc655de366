"""The house way's numba kernel equals the Python house way, and neither fouls.

The large sample doubles as the house way's own check (docs rule 0.6): on 50,000 hands per
ranking variant (half of them holding the joker) the Python way returns one of
``settings(cards)``, never fouls, and the kernel picks the same split.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from paigow.errors import CardError
from paigow.poker.cards import parse_cards
from paigow.poker.fast import rank2_batch, rank5_batch
from paigow.poker.rules import PokerRules, ranking_variants
from paigow.poker.setting import settings
from paigow.poker.ways.hand import SPLITS
from paigow.poker.ways.house import HouseWay
from paigow.poker.ways.house_fast import N7, house_splits, index7

I32 = npt.NDArray[np.int32]

# every example hand of the seed and of the rule tests
EXAMPLES = (
    "Kd Qs Jh 9c 7d 4s 3h", "As Qd Th 9c 5d 4s 2h", "Ah Qd Qc 9s 6h 5d 3c",
    "Jd Jc 4s 4h As Qd 5c", "Kd Ks 7h 7c 4d 4s Ac", "Kd Ks Kh Jc 9d 7s 6h",
    "Ks 9s 8c 7s 6c 5s 4s", "5s 5h 5d 3c 3d Ah Qc", "Qs Qh Qd 7c 7d 7h Ac",
    "Ts Th Td Tc Js 5d 4c", "3s 3h 3d 3c Ks Qd 7c", "9s 9h 9d 9c 7d 7h Ks",
    "Qs Qh Qd Qc 3d 3h 9s", "Jk As Ah Ad Ac Kd Kc", "Jk As Ah Ad Ac Qd Qc",
    "Jk As Ah Ad Ac 9d 2c", "Jk Ah Kd Kc Qs Qh Js", "Jk Ah Qd 9c 7s 4h 2d",
    "Jk 5d 5c 3s 3h 9c 2d", "Jk Kd Qc 9s 7h 4c 2d", "Jk 9d 9c 7s 5h 3c 2d",
    "Jk Kd Kc 5s 5h 9c 2d", "Jk Ad Ac Kd 9c 6h 3s", "Jk As Ah Ad Kc Qd 2c",
    "Jk 4d 4c 3s 3h 9c 2d", "9s 9h 8d 8c 7s 6h 5d", "Kh Kd 4h 4c 9h 7h 2h",
    "6s 6h 2d 2c Ah Kd Qc", "As Ah 3d 3c Kh Qd 9c", "5s 5h 2d 2c Ah Kd 9c",
    "5s 5h 2d 2c Kh Qd 9c", "9s 9h 9d Kc Qd 5h 2c", "As Ah Ad Kc Qd 5h 2c",
    "3s 3h 4d 5c 6s 7h 8d", "Ks Kh Kd Qc Jd Th 9c", "Ks 9h 9c 8c 7c 6c 5c",
    "Ks 9s 9c 8d 7h 6s 5s", "9s 9h 9d Kc Kd 4h 4c", "8s 8h 8d 8c Js Jh Jd",
    "Jk Ks Kh Kd Kc Ad Ac", "Jk 7s 7h 7d 7c 4d 4c",
)


def python_split(way: HouseWay, hand: list[int]) -> int:
    """The index in settings() order of the Python house way's setting."""
    return settings(hand).index(way.set(hand, False))


def draw(rng: np.random.Generator, n: int, k: int, deck: int) -> I32:
    """``n`` rows of ``k`` distinct cards drawn uniformly from ``0 .. deck - 1``: the
    ``j``-th draw picks among the ``deck - j`` cards left (skipping those taken)."""
    taken = np.empty((n, 0), np.int64)
    for j in range(k):
        c = rng.integers(0, deck - j, n)
        for t in range(j):  # taken is sorted per row: step over each smaller card taken
            c += c >= taken[:, t]
        taken = np.sort(np.column_stack([taken, c]), axis=1)
    return rng.permuted(taken, axis=1).astype(np.int32)


def sample(rng: np.random.Generator, n: int) -> I32:
    """``n`` random seven-card hands (rows in random order), the first half holding the
    joker."""
    half = n // 2
    with_joker = np.column_stack([np.full(half, 52), draw(rng, half, 6, 52)])
    return np.vstack([with_joker, draw(rng, n - half, 7, 53)]).astype(np.int32)


def chosen_keys(hands: I32, splits: npt.NDArray[np.int8], rules: PokerRules) -> tuple[
        npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Keys of the five- and two-card hands of each hand's chosen split."""
    desc = -np.sort(-hands, axis=1)
    pos = np.array(SPLITS)[splits.astype(np.int64)]
    rows = np.arange(len(hands))[:, None]
    low = desc[rows, pos]
    mask = np.ones_like(desc, dtype=bool)
    mask[rows, pos] = False
    high = desc[mask].reshape(len(hands), 5)
    return rank5_batch(high, rules), rank2_batch(low, rules)


@pytest.mark.parametrize("rules", ranking_variants(), ids=lambda r: f"{r.joker}-{r.wheel}")
def test_kernel_equals_python_on_every_example(rules: PokerRules) -> None:
    way = HouseWay(rules=rules)
    hands = [list(parse_cards(h)) for h in EXAMPLES]
    got = house_splits(np.array(hands), rules)
    assert [int(k) for k in got] == [python_split(way, h) for h in hands]


@pytest.mark.parametrize("rules", ranking_variants(), ids=lambda r: f"{r.joker}-{r.wheel}")
def test_kernel_equals_python_and_never_fouls_on_50k_random_hands(rules: PokerRules) -> None:
    """Rule 0.6 and the kernel's equivalence, 50,000 hands per variant (200,000 in all)."""
    rng = np.random.default_rng(5 + rules.variant)
    hands = sample(rng, 50_000)
    way = HouseWay(rules=rules)
    py = np.empty(len(hands), np.int8)
    for i, row in enumerate(hands.tolist()):
        s = way.set(row, False)
        if i % 97 == 0:  # spot-check: one of the 21 settings (a Setting built from them)
            assert s in settings(row)
        lo = sorted(row, reverse=True)
        py[i] = SPLITS.index(tuple(sorted((lo.index(s.low[0]), lo.index(s.low[1])))))
    fast = house_splits(hands, rules)
    assert np.array_equal(fast, py)
    high, low = chosen_keys(hands, fast, rules)
    assert np.all(high > low)  # never fouls


@pytest.mark.parametrize("rules", ranking_variants(), ids=lambda r: f"{r.joker}-{r.wheel}")
def test_kernel_never_fouls_on_a_million_hands(rules: PokerRules) -> None:
    hands = sample(np.random.default_rng(77 + rules.variant), 1_000_000)
    splits = house_splits(hands, rules)
    assert splits.min() >= 0 and splits.max() <= 20
    high, low = chosen_keys(hands, splits, rules)
    assert np.all(high > low)


def test_kernel_row_order_does_not_matter() -> None:
    hands = sample(np.random.default_rng(3), 2000)
    shuffled = np.ascontiguousarray(hands[:, ::-1])
    assert np.array_equal(house_splits(hands), house_splits(shuffled))


def test_kernel_rejects_bad_input() -> None:
    with pytest.raises(CardError, match="seven-card"):
        house_splits(np.zeros((2, 5), np.int32))
    with pytest.raises(CardError, match=r"0\.\.52"):
        house_splits(np.array([[0, 1, 2, 3, 4, 5, 53]]))
    with pytest.raises(CardError, match="same card twice"):
        house_splits(np.array([[0, 1, 2, 3, 4, 5, 5]]))


def test_house_all_enumeration_matches_the_batch_kernel() -> None:
    """house_all's enumeration (here: every hand of the 11 lowest cards, by their highest
    card) gives each hand's split at its combinatorial index, as house_splits does."""
    from itertools import combinations
    from math import comb

    from paigow.poker.ways import kernel

    rules = PokerRules()
    out = kernel.all_splits(kernel.house_arrays(rules), chunks=lambda: iter(
        [(np.arange(6, 11, dtype=np.int64), comb(11, 7))]))[: comb(11, 7)]
    hands = np.array(list(combinations(range(11), 7)), np.int32)
    assert np.array_equal(out[index7(hands)], house_splits(hands, rules))


def test_index7_spans_all_hands() -> None:
    """RULES 2.8: C(53,7) = 154,143,080 seven-card hands, indexed 0 .. N7 - 1."""
    assert N7 == 154_143_080
    ends = index7(np.array([[0, 1, 2, 3, 4, 5, 6], [46, 47, 48, 49, 50, 51, 52]]))
    assert ends.tolist() == [0, N7 - 1]
