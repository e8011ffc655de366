"""RULES.md 2.3: the two-card (low) hand."""

from __future__ import annotations

import pytest

from paigow.errors import CardError
from paigow.poker.rank import Category, rank2
from paigow.poker.rules import PokerRules

BUG = PokerRules()
WILD = PokerRules(joker="wild")


def test_rules_2_3_only_a_pair_or_high_cards() -> None:
    assert rank2("9s 9d").category is Category.PAIR
    for hand in ("Ks Qs", "Ts 9s", "5h 4h"):  # suited or connected: still high cards
        assert rank2(hand).category is Category.HIGH_CARD


def test_rules_2_3_pair_beats_high_cards_and_pairs_rank_by_rank() -> None:
    assert rank2("2c 2d") > rank2("Ac Kd")
    assert rank2("Ac Ad") > rank2("Kc Kd") > rank2("2c 2h")


def test_rules_2_3_high_cards_compare_rank_by_rank() -> None:
    assert rank2("Ac 3d") > rank2("Kc Qd")
    assert rank2("Ac Qd") > rank2("Ad Jd")
    assert rank2("Ac Qd") == rank2("As Qh")


@pytest.mark.parametrize("rules", [BUG, WILD], ids=str)
def test_rules_2_3_joker_with_ace_is_a_pair_of_aces(rules: PokerRules) -> None:
    assert rank2("Jk Ad", rules) == rank2("Ac Ad", rules)


def test_rules_2_3_joker_bug_is_an_ace() -> None:
    assert rank2("Jk 4c", BUG) == rank2("Ad 4c", BUG)
    assert "plays as an ace" in rank2("Jk 4c", BUG).description


def test_rules_2_3_joker_wild_pairs_the_other_card() -> None:
    assert rank2("Jk 4c", WILD) == rank2("4d 4c", WILD)


def test_rules_2_3_two_cards_needed() -> None:
    with pytest.raises(CardError):
        rank2("As Kd Qh")
