"""RULES.md 2.1: deck and notation."""

from __future__ import annotations

import pytest

from paigow.errors import CardError
from paigow.poker.cards import JOKER, card_name, format_cards, parse_card, parse_cards


def test_rules_2_1_deck_is_52_cards_and_one_joker() -> None:
    names = {card_name(c) for c in range(53)}
    assert len(names) == 53
    assert "Jk" in names
    assert {n for n in names if n != "Jk"} == {r + s for r in "23456789TJQKA" for s in "cdhs"}


def test_rules_2_1_notation_either_case() -> None:
    assert parse_card("As") == parse_card("aS") == parse_card("AS") == parse_card("as")
    assert card_name(parse_card("td")) == "Td"
    assert card_name(parse_card("7C")) == "7c"


def test_rules_2_1_joker_written_jk_or_joker() -> None:
    assert parse_card("Jk") == parse_card("joker") == parse_card("JOKER") == JOKER
    assert card_name(JOKER) == "Jk"


def test_rules_2_1_forgiving_input_prints_canonical() -> None:
    assert format_cards(parse_cards("As Kd")) == "As Kd"
    assert format_cards(parse_cards("AsKd")) == "As Kd"
    assert format_cards(parse_cards("as,kd,jk")) == "As Kd Jk"
    assert format_cards(parse_cards(["As", "Kd jK"])) == "As Kd Jk"
    assert format_cards(parse_cards("10h")) == "Th"


@pytest.mark.parametrize("token", ["1s", "Ax", "A", "Kdd", "11c", "jok"])
def test_rules_2_1_bad_card_is_an_error_naming_the_token(token: str) -> None:
    with pytest.raises(CardError) as exc:
        parse_cards(f"As {token}")
    assert token[:2] in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_rules_2_1_repeated_card_is_an_error() -> None:
    with pytest.raises(CardError, match="Kd"):
        parse_cards("Kd As kd")
    with pytest.raises(CardError, match="Jk"):
        parse_cards("Jk joker")
