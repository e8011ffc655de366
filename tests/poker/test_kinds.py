"""Hand kinds (paigow.poker.kinds): what a "queen-high pai gow" is, joker rules included.

EZ Pai Gow's banker push and the Queen's Dragon both name "a queen-high pai gow": seven
cards that make no pair, straight or flush, queen high.
"""

from __future__ import annotations

import pytest

from paigow.errors import RuleError
from paigow.poker.cards import parse_cards
from paigow.poker.kinds import parse_kind
from paigow.poker.rules import PokerRules

Q = parse_kind("pai-gow:Q")
BUG, WILD = PokerRules(), PokerRules(joker="wild")


@pytest.mark.parametrize(("cards", "expected"), [
    ("Qs Jh 9d 7c 5s 3h 2d", True),
    ("Qs Jh 9d 7c 5s 3h 3d", False),   # a pair
    ("Qs Jh Td 9c 8s 3h 2d", False),   # a straight
    ("Qs Js 9s 7s 5s 3h 2d", False),   # a flush
    ("Ks Jh 9d 7c 5s 3h 2d", False),   # king high
    ("Jk Jh 9d 7c 5s 3h 2d", False),   # the bug joker is an ace: ace high
])
def test_queen_high_pai_gow_bug_joker(cards: str, expected: bool) -> None:
    assert Q.matches(parse_cards(cards), BUG) is expected


def test_bug_joker_with_an_ace_is_a_pair() -> None:
    assert not parse_kind("pai-gow:A").matches(parse_cards("Jk As Jh 9d 7c 5s 3h"), BUG)


def test_bug_joker_without_an_ace_is_ace_high_pai_gow() -> None:
    assert parse_kind("pai-gow:A").matches(parse_cards("Jk Qs Jh 9d 7c 4s 2h"), BUG)


def test_bug_joker_completing_a_straight_is_no_pai_gow() -> None:
    assert not parse_kind("pai-gow:A").matches(parse_cards("Jk Qs Jh 9d 8c 4s 2h"), BUG)


def test_wild_joker_always_pairs() -> None:
    assert not parse_kind("pai-gow:A").matches(parse_cards("Jk Qs Jh 9d 7c 4s 2h"), WILD)
    assert not Q.matches(parse_cards("Jk Qs Jh 9d 7c 4s 2h"), WILD)


def test_none_matches_nothing() -> None:
    assert not parse_kind("none").matches(parse_cards("Qs Jh 9d 7c 5s 3h 2d"))


@pytest.mark.parametrize("bad", ["pai-gow:8", "pai-gow:", "paigow:Q", "queen", "pai-gow:QQ", ""])
def test_bad_kind_names_the_token(bad: str) -> None:
    with pytest.raises(RuleError, match="bad hand kind"):
        parse_kind(bad)


def test_rules_carry_the_push_kind() -> None:
    assert PokerRules(push="PAI-GOW:q").banker_push == Q
    with pytest.raises(RuleError, match="pai-gow:9x"):
        PokerRules(push="pai-gow:9x")
