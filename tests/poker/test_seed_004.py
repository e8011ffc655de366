"""Facts seed 004 (the Pai Gow Poker encyclopedia text) states about ranking and play."""

from __future__ import annotations

from paigow.poker.cards import parse_cards
from paigow.poker.rank import Category, rank2, rank5
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting, compare, is_foul, rank_setting, settings
from paigow.settle import HandResult, Outcome


def test_seed_004_nevada_wheel_above_king_high_below_ace_high() -> None:
    """"in most Nevada casinos, the hand A-2-3-4-5 ranks above a king-high straight, but
    below the ace-high straight A-K-Q-J-10. In California, this rule doesn't apply.\""""
    nv = PokerRules(wheel="second")
    assert rank5("Ah Kd Qc Js Td", nv) > rank5("Ac 2d 3h 4s 5c", nv) > rank5("Kh Qd Jc Ts 9d", nv)
    ca = PokerRules(wheel="lowest")
    assert rank5("Ac 2d 3h 4s 5c", ca) < rank5("6h 5d 4c 3s 2d", ca)


def test_seed_004_joker_bug_straight_or_flush_else_ace() -> None:
    """"The joker plays as a bug: in the five-card hand it can be used to complete a
    straight or flush, if possible; otherwise it is an ace.\""""
    assert rank5("Jk 9d 8c 7h 6s").category is Category.STRAIGHT
    assert rank5("Jk 9d 7d 4d 2d").category is Category.FLUSH
    assert rank5("Jk Qd 8c 7h 6s") == rank5("Ac Qd 8c 7h 6s")


def test_seed_004_joker_in_two_card_hand_always_an_ace() -> None:
    """"In the two-card hand, it always plays as an ace.\""""
    assert rank2("Jk 7c") == rank2("Ac 7d")
    assert rank2("Jk Ac") == rank2("Ah Ac")


def test_seed_004_five_card_hand_must_rank_higher() -> None:
    """"The five-card hand must rank higher than your two-card hand\" (else a foul)."""
    assert is_foul("Kh Jd 9c 7s 3d | Ac Qs")
    assert not is_foul("Ac Jd 9c 7s 3d | Kh Qs")


def test_seed_004_ties_go_to_the_banker() -> None:
    """"if your five-card hand loses to the banker and your two-card hand ties him, you
    lose.\""""
    c = compare("Kh Kd 9c 7s 3d | Ac Qs", "Ah Ad 9h 7d 3c | As Qh")
    assert c.high is HandResult.LOSE and c.low is HandResult.LOSE
    assert c.outcome is Outcome.LOSE


def test_seed_004_examples_are_legal_settings() -> None:
    """Every setting the seed recommends is legal (none fouls)."""
    for text in (
        "Kh 9c 7d 4s 3h | Qd Jc",  # K-Q-J-9-7-4-3: play Q-J and K-9-7-4-3
        "Ah Tc 5d 4s 2h | Qd 9c",  # A-Q-10-9-5-4-2: Q-9 and A-10-5-4-2
        "Qh Qd 6c 5s 3h | As 9c",  # A-Q-Q-9-6-5-3: A-9 and Q-Q-6-5-3
        "7h 7d 4c 4s Ah | Ks Kc",  # K-K-7-7-4-4-A: K-K and 7-7-4-4-A
        "Jh Jd 4c 4s 5h | As Qc",  # J-J-4-4-A-Q-5: A-Q and J-J-4-4-5
        "7h 7d 7c Ah Qs | Qd Qc",  # Q-Q-Q-7-7-7-A: Q-Q and 7-7-7-A-Q
        "Th Td Jc 5s 4h | Ts Tc",  # 10-10-10-10-J-5-4: 10-10 and 10-10-J-5-4
        "3h 3d 3c 3s 7h | Ks Qc",  # 3-3-3-3-K-Q-7: K-Q and 3-3-3-3-7
        "9h 9d 9c 9s Kh | 7s 7c",  # 9-9-9-9-7-7-K: 7-7 and 9-9-9-9-K
        "8c 7s 6c 5s 4s | Ks 9s",  # K-9 and 8-7-6-5-4
        "Ah Ad Jk Kh Kd | Ac As",  # four aces and the joker, back pair of kings: aces in front
    ):
        assert not is_foul(text), text


def test_seed_004_straight_flush_example_hands() -> None:
    """K♠-9♠-8♣-7♠-6♣-5♠-4♠: "playing the flush would put 8-6 in front, playing the
    9-high straight would put K-4 up front, ... the correct play is K-9 and 8-7-6-5-4.\""""
    by_low = {s.low: rank_setting(s) for s in settings("Ks 9s 8c 7s 6c 5s 4s")}
    assert by_low[parse_cards("8c 6c")].high.category is Category.FLUSH
    nine_high = by_low[parse_cards("Ks 4s")].high
    assert nine_high.category is Category.STRAIGHT and nine_high == rank5("9s 8c 7s 6c 5s")
    assert by_low[parse_cards("Ks 9s")].high == rank5("8c 7s 6c 5s 4s")


def test_seed_004_four_aces_and_joker_is_five_aces() -> None:
    """"With all four aces and the joker\": five aces behind is the top hand."""
    five = rank5("Ah Ad Ac As Jk")
    assert five.category is Category.FIVE_ACES
    assert Setting.parse("Ah Ad Ac As Jk | Kh Kd").high == parse_cards("Jk As Ah Ad Ac")
