"""RULES.md 2.5: each hand against the banker's, copies to the banker, settlement."""

from __future__ import annotations

from fractions import Fraction

import pytest

from paigow.errors import SettingError
from paigow.poker.rules import PokerRules
from paigow.poker.setting import compare
from paigow.settle import Commission, HandResult, Outcome


def test_rules_2_5_win_both_wins_even_money_less_5_percent() -> None:
    c = compare("Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Qc Jd")
    assert (c.high, c.low, c.outcome) == (HandResult.WIN, HandResult.WIN, Outcome.WIN)
    assert c.settle(1000).net == 950
    assert c.settle(1000, Commission(rate=Fraction(0), flat_fee=100)).net == 900


def test_rules_2_5_one_each_is_a_push() -> None:
    c = compare("Ah Ad 9c 8d 2s | Qc Jd", "Kh Kd 9h 8h 2h | Kc Qd")
    assert (c.high, c.low, c.outcome) == (HandResult.WIN, HandResult.LOSE, Outcome.PUSH)
    assert c.settle(1000).net == 0


def test_rules_2_5_lose_both_loses() -> None:
    c = compare("Kh Kd 9h 8h 2h | Qc Jd", "Ah Ad 9c 8d 2s | Kc Qd")
    assert c.outcome is Outcome.LOSE
    assert c.settle(1000).net == -1000


def test_rules_2_5_copy_goes_to_the_banker() -> None:
    # same five-card ranks, same two-card ranks: both copies, the banker wins both
    c = compare("Ah Kd 9c 8d 2s | Qc Jd", "As Kc 9h 8h 2d | Qs Jh")
    assert (c.high, c.low, c.outcome) == (HandResult.LOSE, HandResult.LOSE, Outcome.LOSE)
    assert "tie goes to the banker" in c.reasons[0]
    # player wins the high hand, copies the low: a push
    c2 = compare("Ah Ad 9c 8d 2s | Qc Jd", "Kh Kc 9h 8h 2d | Qs Jh")
    assert c2.outcome is Outcome.PUSH


def test_rules_2_5_hands_compared_under_the_rules_in_force() -> None:
    player = "Jk 2c 3d 4h 5s | Kc Qd"
    banker = "6h 7c 8d 9h Ts | Ks Qh"
    assert compare(player, banker).high is HandResult.WIN  # the wheel above 10-high
    assert compare(player, banker, PokerRules(wheel="lowest")).high is HandResult.LOSE
    banker2 = "6h 2d 3c 4d 5c | Ks Qh"  # 6-high straight
    assert compare(player, banker2).high is HandResult.WIN  # the wheel is second highest
    assert compare(player, banker2, PokerRules(wheel="lowest")).high is HandResult.LOSE  # copy


def test_rules_2_5_forfeit_on_a_foul_loses() -> None:
    c = compare("Ks Qd 9h 6c 2c | 3s 3d", "Kh Kd 9c 8h 2h | Qc Jd", PokerRules(foul="forfeit"))
    assert c.outcome is Outcome.LOSE
    assert c.played is None


def test_rules_2_5_hands_must_not_share_cards() -> None:
    with pytest.raises(SettingError, match="share"):
        compare("Ah Ad 9c 8d 2s | Kc Qd", "Ah Kd 9h 8h 2h | Qc Jd")
