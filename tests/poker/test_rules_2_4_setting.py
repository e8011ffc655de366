"""RULES.md 2.4: setting seven cards, fouls and the foul rule."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from paigow.errors import CardError, RuleError, SettingError
from paigow.poker.cards import Card
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting, is_foul, play_setting, settings


def test_rules_2_4_seven_cards_split_21_ways() -> None:
    ss = settings("As Kd Qh Jc 9s 8d Jk")
    assert len(ss) == 21
    assert len({(s.high, s.low) for s in ss}) == 21
    for s in ss:
        assert len(s.high) == 5 and len(s.low) == 2
        assert sorted(s.cards) == sorted(ss[0].cards)


def test_rules_2_4_seven_cards_needed() -> None:
    with pytest.raises(CardError):
        settings("As Kd Qh Jc 9s 8d")


def test_rules_2_4_pair_in_front_over_high_cards_behind_fouls() -> None:
    assert is_foul("Ks Qd 9h 6c 2c | 3s 3d")


def test_rules_2_4_higher_pair_in_front_fouls() -> None:
    assert is_foul("Ks Kd 9h 6c 2c | As Ad")
    assert not is_foul("As Ad 9h 6c 2c | Ks Kd")


def test_rules_2_4_high_cards_compare_rank_by_rank() -> None:
    assert is_foul("Ks Qd 9h 6c 2c | Ac 3d")
    assert not is_foul("As Qd 9h 6c 2c | Kc Jd")
    assert not is_foul("As Qd 9h 6c 2c | Ac Jd")  # A-Q-… behind beats A-J in front
    assert is_foul("As Td 9h 6c 2c | Ac Jd")


def test_rules_2_4_equal_leading_cards_five_card_hand_is_higher() -> None:
    assert not is_foul("As Kd 9h 6c 2c | Ac Kh")
    assert not is_foul("7s 7d Ah Kc Qc | 7c 7h")  # 7-7 in front equals 7-7-A-K-Q's lead


def test_rules_2_4_made_hands_behind_never_foul() -> None:
    assert not is_foul("Ts 9d 8h 7c 6c | As Ad")
    assert not is_foul("Js Jd 4h 4c 2c | As Ad")


def test_rules_2_4_joker_in_front_is_ranked_under_the_joker_rule() -> None:
    setting = "Ks Qd 9h 6c 2c | Jk 4d"  # bug: A-4 in front over K-high behind: a foul
    assert is_foul(setting)
    assert is_foul(setting, PokerRules(joker="wild"))  # wild: 4-4 in front, still a foul
    assert not is_foul("Ks Kd 9h 6c 2c | Jk 4d")
    assert is_foul("Ks Kd 9h 6c 2c | Jk 4d", PokerRules(joker="wild")) is False


def test_rules_2_4_foul_forfeit_variant_loses_the_bet() -> None:
    assert play_setting("Ks Qd 9h 6c 2c | 3s 3d", PokerRules(foul="forfeit")) is None


def test_rules_2_4_foul_house_without_house_way_is_a_clear_error() -> None:
    with pytest.raises(RuleError, match="house way"):
        play_setting("Ks Qd 9h 6c 2c | 3s 3d")


class FirstLegal:
    """A stand-in strategy for the test: the first setting that does not foul."""

    def set(self, cards: Sequence[Card], banking: bool) -> Setting:
        return next(s for s in settings(cards) if not is_foul(s))


class Cheat:
    def set(self, cards: Sequence[Card], banking: bool) -> Setting:
        return Setting.parse("As Ks Qs Js Ts | Ah Ad")


def test_rules_2_4_foul_house_default_resets_by_the_house_way() -> None:
    fouled = Setting.parse("Ks Qd 9h 6c 2c | 3s 3d")
    played = play_setting(fouled, PokerRules(), FirstLegal())
    assert played is not None
    assert not is_foul(played)
    assert sorted(played.cards) == sorted(fouled.cards)
    assert play_setting("3s 3d 9h 6c 2c | Ks Qd", PokerRules(), FirstLegal()) == Setting.parse(
        "3s 3d 9h 6c 2c | Ks Qd"
    )


def test_rules_2_4_house_way_must_use_the_same_cards() -> None:
    with pytest.raises(SettingError):
        play_setting("Ks Qd 9h 6c 2c | 3s 3d", PokerRules(), Cheat())


def test_rules_2_4_setting_notation() -> None:
    assert str(Setting.parse("ah ad 9c 8d 2s|kc qd")) == "Ah Ad 9c 8d 2s | Kc Qd"
    with pytest.raises(SettingError):
        Setting.parse("Ah Ad 9c 8d | 2s Kc Qd")
    with pytest.raises(SettingError):
        Setting.parse("Ah Ad 9c 8d 2s Kc Qd")
    with pytest.raises(CardError):
        Setting.parse("Ah Ad 9c 8d 2s | Ah Qd")
