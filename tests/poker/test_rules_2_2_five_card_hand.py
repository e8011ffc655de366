"""RULES.md 2.2: the five-card (high) hand, the joker and the wheel, in every variant."""

from __future__ import annotations

import itertools

import pytest

from paigow.poker.rank import Category, rank5
from paigow.poker.rules import PokerRules

BUG = PokerRules(joker="bug")
WILD = PokerRules(joker="wild")
BUG_LOW = PokerRules(joker="bug", wheel="lowest")
WILD_LOW = PokerRules(joker="wild", wheel="lowest")
ALL = [BUG, WILD, BUG_LOW, WILD_LOW]
JOKERS = [BUG, WILD]

# one hand per category, highest first, as RULES.md 2.2 lists them
LADDER = [
    ("Ah Ad Ac As Jk", Category.FIVE_ACES),
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH),
    ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH),
    ("Kh Kd Kc Ks 2d", Category.FOUR_OF_A_KIND),
    ("Qh Qd Qc 3s 3d", Category.FULL_HOUSE),
    ("Ac Jc 8c 6c 2c", Category.FLUSH),
    ("Tc 9d 8h 7s 6c", Category.STRAIGHT),
    ("7c 7d 7h Ks 2c", Category.THREE_OF_A_KIND),
    ("Jc Jd 4h 4s Ac", Category.TWO_PAIR),
    ("9c 9d Ah Ks 2c", Category.PAIR),
    ("Ac Qd 9h 6s 3c", Category.HIGH_CARD),
]


@pytest.mark.parametrize("rules", ALL, ids=str)
def test_rules_2_2_ranking_highest_first(rules: PokerRules) -> None:
    ranks = [rank5(h, rules) for h, _ in LADDER]
    assert [r.category for r in ranks] == [c for _, c in LADDER]
    assert all(a > b for a, b in itertools.pairwise(ranks))


def test_rules_2_2_five_aces_is_four_aces_and_the_joker_and_beats_a_royal_flush() -> None:
    for rules in ALL:
        five = rank5("Ah Ad Ac As Jk", rules)
        assert five.category is Category.FIVE_ACES
        assert five > rank5("As Ks Qs Js Ts", rules)
        assert five > rank5("Kh Kd Kc Ks Jk", rules)


# --- the joker as a bug (default) and wild: each case in both variants ------------------

@pytest.mark.parametrize("rules", JOKERS, ids=str)
def test_rules_2_2_joker_fills_an_inside_straight(rules: PokerRules) -> None:
    r = rank5("9c Tc Jk Qd Kh", rules)
    assert r.category is Category.STRAIGHT
    assert r == rank5("9c Tc Jd Qd Kh", rules)  # the joker is the jack
    assert "completes the straight as J" in r.description


@pytest.mark.parametrize("rules", JOKERS, ids=str)
def test_rules_2_2_joker_in_a_flush_holding_the_ace_takes_highest_missing_rank(
    rules: PokerRules,
) -> None:
    r = rank5("As 9s 7s 4s Jk", rules)
    assert r.category is Category.FLUSH
    assert r == rank5("As Ks 9s 7s 4s", rules)  # the king is the highest rank spades lack
    r2 = rank5("As Ks 9s 4s Jk", rules)
    assert r2 == rank5("As Ks Qs 9s 4s", rules)
    assert "completes the flush as Q" in r2.description


@pytest.mark.parametrize("rules", JOKERS, ids=str)
def test_rules_2_2_joker_completes_a_straight_flush(rules: PokerRules) -> None:
    r = rank5("5h 6h 7h 8h Jk", rules)
    assert r.category is Category.STRAIGHT_FLUSH
    assert r == rank5("5h 6h 7h 8h 9h", rules)  # 9 high beats 4 high
    royal = rank5("As Ks Qs Js Jk", rules)
    assert royal.category is Category.ROYAL_FLUSH
    assert "as T" in royal.description


@pytest.mark.parametrize("rules", JOKERS, ids=str)
def test_rules_2_2_joker_with_four_aces_is_five_aces(rules: PokerRules) -> None:
    r = rank5("As Ah Ad Ac Jk", rules)
    assert r.category is Category.FIVE_ACES
    assert "fifth ace" in r.description


def test_rules_2_2_joker_bug_with_four_kings_is_four_kings_ace_kicker() -> None:
    r = rank5("Ks Kh Kd Kc Jk", BUG)
    assert r.category is Category.FOUR_OF_A_KIND
    assert r == rank5("Ks Kh Kd Kc Ad", BUG)
    assert "plays as an ace" in r.description
    assert r < rank5("9h 8h 7h 6h 5h", BUG)


def test_rules_2_2_joker_wild_with_four_kings_is_five_kings_above_royal() -> None:
    r = rank5("Ks Kh Kd Kc Jk", WILD)
    assert r.category is Category.FIVE_OF_A_KIND
    assert r > rank5("As Ks Qs Js Ts", WILD)
    assert r < rank5("As Ah Ad Ac Jk", WILD)
    assert r > rank5("Qs Qh Qd Qc Jk", WILD)
    assert "wild" in r.description


def test_rules_2_2_joker_bug_is_otherwise_an_ace() -> None:
    assert rank5("Jk Kd 9c 5h 2s", BUG) == rank5("Ac Kd 9c 5h 2s", BUG)
    assert rank5("Jk Ad 9c 5h 2s", BUG) == rank5("Ac Ad 9c 5h 2s", BUG)
    assert rank5("Jk Kd Kc 5h 2s", BUG) == rank5("Ah Kd Kc 5h 2s", BUG)  # pair, not trips
    assert "plays as an ace" in rank5("Jk Kd 9c 5h 2s", BUG).description


def test_rules_2_2_joker_wild_is_any_card() -> None:
    assert rank5("Jk Kd 9c 5h 2s", WILD) == rank5("Ks Kd 9c 5h 2s", WILD)  # pairs the king
    assert rank5("Jk Kd Kc 5h 2s", WILD).category is Category.THREE_OF_A_KIND
    assert rank5("Jk Kd Kc 5h 5s", WILD) == rank5("Kh Kd Kc 5h 5s", WILD)  # full house
    assert rank5("Jk 9d 8c 6h 5s", WILD) == rank5("7d 9d 8c 6h 5s", WILD)  # inside straight


@pytest.mark.parametrize("rules", JOKERS, ids=str)
def test_rules_2_2_joker_with_2345_under_wheel_second_is_the_wheel(rules: PokerRules) -> None:
    r = rank5("Jk 2c 3d 4h 5s", rules)  # wheel rule "second" (default)
    assert r == rank5("Ac 2c 3d 4h 5s", rules)
    assert r > rank5("6c 2c 3d 4h 5s", rules)
    assert "as A" in r.description


@pytest.mark.parametrize("rules", [BUG_LOW, WILD_LOW], ids=str)
def test_rules_2_2_joker_with_2345_under_wheel_lowest_is_six_high(rules: PokerRules) -> None:
    r = rank5("Jk 2c 3d 4h 5s", rules)
    assert r == rank5("6c 2c 3d 4h 5s", rules)
    assert r > rank5("Ac 2c 3d 4h 5s", rules)
    assert "as 6" in r.description


@pytest.mark.parametrize("rules", JOKERS, ids=str)
def test_rules_2_2_wheel_second_highest_straight(rules: PokerRules) -> None:
    wheel = rank5("Ac 2d 3h 4s 5c", rules)
    assert rank5("Ac Kd Qh Js Tc", rules) > wheel > rank5("Kc Qd Jh Ts 9c", rules)
    sf_wheel = rank5("Ah 2h 3h 4h 5h", rules)
    assert sf_wheel.category is Category.STRAIGHT_FLUSH
    assert rank5("Ah Kh Qh Jh Th", rules) > sf_wheel > rank5("Kh Qh Jh Th 9h", rules)


@pytest.mark.parametrize("rules", [BUG_LOW, WILD_LOW], ids=str)
def test_rules_2_2_wheel_lowest_variant(rules: PokerRules) -> None:
    wheel = rank5("Ac 2d 3h 4s 5c", rules)
    assert wheel.category is Category.STRAIGHT
    assert wheel < rank5("6c 2d 3h 4s 5c", rules)
    assert wheel > rank5("Ac Ad 3h 4s 5c", rules)  # still a straight
    assert rank5("Ah 2h 3h 4h 5h", rules) < rank5("6h 2h 3h 4h 5h", rules)


def test_rules_2_2_rank_is_totally_ordered_int_key_with_description() -> None:
    r = rank5("As Ks Qs Js Jk")
    assert isinstance(r.key, int)
    assert "joker completes the royal flush" in r.description


def test_rules_2_2_suits_do_not_rank() -> None:
    for rules in ALL:
        assert rank5("As Kd 9h 5c 2c", rules) == rank5("Ah Kc 9s 5d 2d", rules)
