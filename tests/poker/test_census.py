"""Census of seven-card hands: totals, published counts, and identities.

Published counts: Brian Alspach, "7-Card Poker Hands with Joker" (31 July 2003,
http://people.math.sfu.ca/~alspach/comp40/) and "Pai Gow Poker Computations"
(http://people.math.sfu.ca/~alspach/comp38, Table 1: 7-card hands from 52 cards). His
joker completes straights and flushes and otherwise plays as an ace (our ``bug``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, combinations
from math import comb

import numpy as np
import pytest

from paigow.poker import fast
from paigow.poker.cards import parse_cards
from paigow.poker.census import census
from paigow.poker.rank import Category, rank5
from paigow.poker.rules import PokerRules, ranking_variants

VARIANTS = ranking_variants()


@pytest.fixture(scope="module")
def full() -> dict[str, dict[str, int]]:
    out = {}
    for joker in ("bug", "wild"):
        c = census(PokerRules(joker=joker))
        out[joker] = c.by_category | {"_total": c.total, "_high_A": c.high_card_by_top["A"]}
    return out


def test_census_totals_sum_to_c_53_7(full: dict[str, dict[str, int]]) -> None:
    for counts in full.values():
        assert counts["_total"] == comb(53, 7) == 154_143_080
        assert sum(v for k, v in counts.items() if not k.startswith("_")) == 154_143_080


def test_census_matches_alspach_7_card_hands_with_joker(full: dict[str, dict[str, int]]) -> None:
    """Alspach, "7-Card Poker Hands with Joker": 5 aces 1,128; straight flush 210,964;
    4-of-a-kind 307,472; full house 4,188,528; flush 6,172,088; straight 11,236,028;
    3-of-a-kind 7,470,676; two pair 35,553,816; pair 64,221,960; high card 24,780,420.

    (He gives 26,124 of the straight flushes as royal; we count 26,132, the number derived
    in :func:`test_census_royal_flush_count_by_hand`; the straight-flush total agrees.)
    """
    c = full["bug"]
    assert c["five aces"] == 1_128
    assert c["royal flush"] + c["straight flush"] == 210_964
    assert c["four of a kind"] == 307_472
    assert c["full house"] == 4_188_528
    assert c["flush"] == 6_172_088
    assert c["straight"] == 11_236_028
    assert c["three of a kind"] == 7_470_676
    assert c["two pair"] == 35_553_816
    assert c["pair"] == 64_221_960
    assert c["high card"] == 24_780_420


def test_census_royal_flush_count_by_hand(full: dict[str, dict[str, int]]) -> None:
    """A natural royal (4 suits) with any 2 of the other 48 cards, or the joker with 4 of
    a suit's 5 royal cards and 2 cards from the 47 outside that royal."""
    assert full["bug"]["royal flush"] == 4 * comb(48, 2) + 4 * 5 * comb(47, 2) == 26_132
    assert full["wild"]["royal flush"] == 26_132


def test_census_five_aces_and_wild_five_of_a_kind(full: dict[str, dict[str, int]]) -> None:
    """Four aces, the joker and any two of the other 48 cards; wild: the same for each
    of the twelve other ranks."""
    assert full["bug"]["five aces"] == full["wild"]["five aces"] == comb(48, 2)
    assert full["wild"]["five of a kind"] == 12 * comb(48, 2)
    assert "five of a kind" not in full["bug"]


def test_census_wild_joker_never_leaves_two_pair_or_high_card(
    full: dict[str, dict[str, int]],
) -> None:
    """With a wild joker, two pair and high card come only from the C(52,7) joker-free
    hands, whose counts are Alspach's Table 1 (31,433,400 and 23,294,460)."""
    assert full["wild"]["two pair"] == 31_433_400
    assert full["wild"]["high card"] == 23_294_460


def test_census_52_card_deck_matches_alspach_table_1() -> None:
    """Alspach, Table 1 (7-card hands from 52 cards)."""
    c = census(PokerRules(), deck=range(52)).by_category
    assert c["royal flush"] + c["straight flush"] == 41_584
    assert c["four of a kind"] == 224_848
    assert c["full house"] == 3_473_184
    assert c["flush"] == 4_047_644
    assert c["straight"] == 6_180_020
    assert c["three of a kind"] == 6_461_620
    assert c["two pair"] == 31_433_400
    assert c["pair"] == 58_627_800
    assert c["high card"] == 23_294_460
    assert c["royal flush"] == 4 * comb(47, 2)


def test_census_high_card_by_top_card_sums_to_high_card(full: dict[str, dict[str, int]]) -> None:
    for joker in ("bug", "wild"):
        c = census(PokerRules(joker=joker), deck=parse_cards("As Kd Qh 9c 8s 7d 5h 4c 3s 2d Jk"))
        assert sum(c.high_card_by_top.values()) == c.by_category["high card"]
        # no-pair seven cards hold seven distinct ranks, so the top card is at least 8
        assert all(n == 0 for r, n in c.high_card_by_top.items() if r in "234567")


def test_census_wheel_rule_does_not_change_category_counts() -> None:
    """The wheel rule only reorders straights among themselves."""
    deck = parse_cards("Ac 2d 3h 4s 5c 6d 7h Kd Qd Jd Td 9s Jk 2c 3c 4c")
    for joker in ("bug", "wild"):
        a = census(PokerRules(joker=joker, wheel="second"), deck=deck)
        b = census(PokerRules(joker=joker, wheel="lowest"), deck=deck)
        assert a.by_category == b.by_category


@lru_cache(maxsize=2)
def _hands(deck: tuple[int, ...]) -> np.ndarray:
    flat = np.fromiter(chain.from_iterable(combinations(sorted(deck), 7)), dtype=np.int64)
    return flat.reshape(-1, 7)


def _bruteforce(deck: list[int], rules: PokerRules) -> dict[str, int]:
    """Every seven-card hand of the deck by 21 look-ups in the five-card table."""
    keys = fast.best5_of7_lookup(_hands(tuple(deck)), rules)
    cats = np.bincount(keys >> 20, minlength=len(Category))
    return {c.label: int(cats[c]) for c in Category}


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
@pytest.mark.parametrize(
    "deck",
    [
        list(parse_cards("Ac Ad Ah As Jk Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc Td Th 6s 5c 5d 5h 4c 4d 4h"
                         " 3c 3d 3h 2c 2d")),
        list(parse_cards("As Ks Qs Js Ts 9s 8s 5s 4s 3s 2s Ah Kh Qh Jh Th 5h 4h 3h 2h Ad Kd 2c Jk")),
    ],
    ids=["ranks-TJQKA-2345", "two-suits"],
)
def test_census_equals_bruteforce_on_reduced_decks(deck: list[int], rules: PokerRules) -> None:
    """Two independent ways: the census kernel (suit masks, nested loops) and 21 look-ups
    in the five-card table for every seven-card hand of a reduced deck."""
    fast_counts = census(rules, deck=deck).by_category
    brute = _bruteforce(deck, rules)
    for label, n in fast_counts.items():
        assert brute[label] == n, label
    assert sum(fast_counts.values()) == comb(len(deck), 7)


def test_census_equals_reference_on_a_tiny_deck() -> None:
    """The census kernel against the reference evaluator (best of 21 five-card hands)."""
    deck = list(parse_cards("As Ah Ks Qs Js Ts 2s 3d 4d 5c Kd Jk"))
    for rules in (PokerRules(), PokerRules(joker="wild", wheel="lowest")):
        expected: dict[str, int] = {}
        for hand in combinations(deck, 7):
            best = max(rank5(five, rules) for five in combinations(hand, 5))
            expected[best.category.label] = expected.get(best.category.label, 0) + 1
        got = {k: v for k, v in census(rules, deck=deck).by_category.items() if v}
        assert got == expected
