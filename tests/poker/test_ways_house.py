"""The house way (docs/poker-house-way.md, part A), rule by rule.

Each test is named after the rule it checks (``test_house_3_2_…`` is rule 3.2) and uses
the seed's example hands where the seed has one (seed 004, "Basic Strategy", and what it
says house ways do). Expected settings are read off the rules, never off the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from paigow.errors import RuleError
from paigow.poker.cards import format_cards, parse_cards
from paigow.poker.rank import Category, rank2, rank5
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Strategy, is_foul, play_setting, settings
from paigow.poker.ways import Decision, PokerWay
from paigow.poker.ways.hand import key2, key5
from paigow.poker.ways.house import HouseWay
from paigow.ways import POKER, get_way

BUG = PokerRules()
WILD = PokerRules(joker="wild")
HOUSE = HouseWay()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "poker-house-way.md"


def front(hand: str, rules: PokerRules = BUG, banking: bool = False) -> str:
    """The two-card hand the house way plays, as canonical card names."""
    return format_cards(HouseWay(rules=rules).choose(hand, banking).setting.low)


def rule(hand: str, rules: PokerRules = BUG) -> str:
    """The number of the rule that decided, e.g. ``"3.2"``."""
    r = HouseWay(rules=rules).choose(hand).rule
    assert r.way == "house" and r.number is not None, r
    return r.number


def decided(hand: str, expect_front: str, number: str, rules: PokerRules = BUG) -> Decision:
    """Check the front hand and the deciding rule, and that the setting is legal."""
    d = HouseWay(rules=rules).choose(hand)
    assert format_cards(d.setting.low) == format_cards(sorted(parse_cards(expect_front),
                                                              reverse=True)), d
    assert (d.rule.way, d.rule.number) == ("house", number), d.rule
    assert d.rule.text.startswith(f"house {number}: "), d.rule
    assert d.setting in settings(hand)
    assert not is_foul(d.setting, rules)
    return d


# ---------------------------------------------------------------- 0. reading the hand ------


def test_house_0_1_bug_joker_is_an_ace() -> None:
    """With an ace the bug joker makes a pair of aces; alone it is an ace side card."""
    decided("Jk Ah Qd 9c 7s 4h 2d", "Qd 9c", "2.1")  # pair of aces behind, Q-9 in front
    decided("Jk 5d 5c 3s 3h 9c 2d", "Jk 9c", "3.3")  # small two pair: the joker-ace in front
    decided("Jk Kd Qc 9s 7h 4c 2d", "Kd Qc", "1.1")  # no pair: the joker is the highest card


def test_house_0_2_wild_joker_joins_the_largest_group() -> None:
    # the wild joker pairs the highest card: one pair of kings behind, Q-9 in front
    decided("Jk Kd Qc 9s 7h 4c 2d", "Qc 9s", "2.1", WILD)
    # it joins the pair of nines (trips behind); as a bug it would be an ace in front
    decided("Jk 9d 9c 7s 5h 3c 2d", "7s 5h", "5.1", WILD)
    decided("Jk 9d 9c 7s 5h 3c 2d", "Jk 7s", "2.1", BUG)
    # K-K-5-5 and the joker reads as kings full of fives: the pair in front (7.1)
    decided("Jk Kd Kc 5s 5h 9c 2d", "5s 5h", "7.1", WILD)


def test_house_0_2_wild_joker_never_alone_in_front() -> None:
    """A wild joker in front pairs its partner, so it only goes there inside its pair."""
    for hand in ("Jk Kd Qc 9s 7h 4c 2d", "Jk 9d 9c 7s 5h 3c 2d", "Jk Ad Ac Kd 9c 6h 3s",
                 "Jk As Ah Ad Kc Qd 2c", "Jk 4d 4c 3s 3h 9c 2d"):
        low = HouseWay(rules=WILD).choose(hand).setting.low
        assert 52 not in low, hand


def test_house_0_2_wild_joker_in_front_only_as_a_pair_under_rule_6() -> None:
    # natural 9-high straight behind; the wild joker pairs the king in front
    d = decided("Jk 9s 8d 7c 6h 5s Kd", "Jk Kd", "6.1", WILD)
    assert rank2(d.setting.low, WILD).category is Category.PAIR
    decided("Jk 9s 8d 7c 6h 5s Kd", "Jk Kd", "6.1", BUG)  # as a bug: A-K in front


def test_house_0_3_equal_ranks_highest_suit_first_joker_stays_behind() -> None:
    # four tens split: the spade and the heart go in front
    decided("Td Tc Ts Th Js 5d 4c", "Ts Th", "9.1")
    # four aces (three and the joker) split: natural aces in front, the joker behind
    d = decided("Jk As Ah Ad Kc Qd 2c", "As Ah", "9.1")
    assert 52 in d.setting.high
    # three aces (two and the joker) split: a natural ace in front
    d = decided("Jk Ad Ac Kd 9c 6h 3s", "Ad Kd", "5.2")
    assert 52 in d.setting.high


def test_house_0_3_lookup_keys_equal_the_reference_ranking() -> None:
    """The ways rank rule 6's candidates by the engine's tables; they agree with rank5."""
    rng = np.random.default_rng(11)
    for rules in (BUG, WILD, PokerRules(wheel="lowest")):
        for _ in range(60):
            hand = [int(c) for c in rng.choice(53, 7, replace=False)]
            if rng.random() < 0.5 and 52 not in hand:
                hand[0] = 52
            assert key5(hand[:5], rules) == rank5(hand[:5], rules).key
            assert key2(hand[5:], rules) == rank2(hand[5:], rules).key


def test_house_0_4_banker_sets_like_a_player() -> None:
    for hand in ("Jd Jc 4s 4h As Qd 5c", "Kd Ks Kh Jc 9d 7s 6h", "5s 5h 5d 3c 3d Ah Qc"):
        assert HOUSE.choose(hand, True) == HOUSE.choose(hand, False)


def test_house_0_5_every_hand_is_decided_by_exactly_one_numbered_rule() -> None:
    numbers = set(re.findall(r"\*\*(\d+\.\d+)\*\*", DOCS.read_text().split("## Part B")[0]))
    assert rule("Kd Qs Jh 9c 7d 4s 3h") in numbers
    assert rule("Ks 9s 8c 7s 6c 5s 4s") == "6.1"  # rule 6 first: the hand also has a flush


def test_house_0_6_never_fouls_on_the_seed_hands() -> None:
    for hand in SEED_HANDS:
        for rules in (BUG, WILD, PokerRules(wheel="lowest")):
            s = HouseWay(rules=rules).set(parse_cards(hand), False)
            assert s in settings(hand) and not is_foul(s, rules)


# ---------------------------------------------------------------- 1. no pair ---------------


def test_house_1_1_no_pair_second_and_third_highest_in_front() -> None:
    """Seed: 'with K-Q-J-9-7-4-3, play Q-J and K-9-7-4-3'."""
    d = decided("Kd Qs Jh 9c 7d 4s 3h", "Qs Jh", "1.1")
    assert format_cards(d.setting.high) == "Kd 9c 7d 4s 3h"
    # the house way has no A-Q-T-9 exception (that is basic 1.2)
    decided("As Qd Th 9c 5d 4s 2h", "Qd Th", "1.1")


# ---------------------------------------------------------------- 2. one pair --------------


def test_house_2_1_one_pair_behind_two_highest_in_front() -> None:
    """Seed: 'with A-Q-Q-9-6-5-3, play A-9 and Q-Q-6-5-3'."""
    d = decided("Ah Qd Qc 9s 6h 5d 3c", "Ah 9s", "2.1")
    assert format_cards(d.setting.high) == "Qd Qc 6h 5d 3c"


# ---------------------------------------------------------------- 3. two pair --------------


def test_house_3_1_two_pair_ignores_straight_or_flush() -> None:
    # 9-9-8-8 with a 9-high straight: played as two pair (nines high: split)
    d = decided("9s 9h 8d 8c 7s 6h 5d", "8d 8c", "3.2")
    assert rank5(d.setting.high).category is Category.PAIR
    # K-K-4-4 with five hearts: played as two pair, split
    d = decided("Kh Kd 4h 4c 9h 7h 2h", "4h 4c", "3.2")
    assert rank5(d.setting.high).category is Category.PAIR


def test_house_3_2_two_pair_sixes_or_higher_split() -> None:
    """'Most house ways split if there's a pair of 6s or higher' — even with an ace."""
    decided("6s 6h 2d 2c Ah Kd Qc", "2d 2c", "3.2")
    decided("Jd Jc 4s 4h As Qd 5c", "4s 4h", "3.2")  # the seed's J-J-4-4-A-Q-5
    decided("As Ah 3d 3c Kh Qd 9c", "3d 3c", "3.2")


def test_house_3_3_small_pairs_with_an_ace_stay_together() -> None:
    """'... and split small pairs if there's no Ace for the low hand': with one, two pair
    behind and the ace in front."""
    d = decided("5s 5h 2d 2c Ah Kd 9c", "Ah Kd", "3.3")
    assert rank5(d.setting.high).category is Category.TWO_PAIR
    decided("Jk 5d 5c 3s 3h 9c 2d", "Jk 9c", "3.3")  # a lone bug joker is the ace


def test_house_3_4_small_pairs_without_an_ace_split() -> None:
    decided("5s 5h 2d 2c Kh Qd 9c", "2d 2c", "3.4")


# ---------------------------------------------------------------- 4. three pair ------------


def test_house_4_1_three_pair_highest_pair_in_front() -> None:
    """Seed: 'with K-K-7-7-4-4-A, play K-K and 7-7-4-4-A'."""
    d = decided("Kd Ks 7h 7c 4d 4s Ac", "Ks Kd", "4.1")
    assert format_cards(d.setting.high) == "Ac 7h 7c 4s 4d"


def test_house_4_2_three_pair_with_a_straight_plays_as_three_pair() -> None:
    """Seed: 'With three pair and a straight or flush (only possible with the joker), play
    as three pair (aces in front)'."""
    hand = "Jk Ah Kd Kc Qs Qh Js"  # A(joker)-K-Q-J-T straight, or three pair A, K, Q
    assert any(rank5(s.high).category is Category.STRAIGHT for s in settings(hand))
    decided(hand, "Jk Ah", "4.1")


# ---------------------------------------------------------------- 5. three of a kind -------


def test_house_5_1_trips_behind_two_highest_in_front() -> None:
    decided("9s 9h 9d Kc Qd 5h 2c", "Kc Qd", "5.1")
    # 'Most house ways only split three Aces': three kings stay together
    decided("Kd Ks Kh Jc 9d 7s 6h", "Jc 9d", "5.1")


def test_house_5_2_split_only_three_aces() -> None:
    """Seed: 'always split three aces, playing a pair of aces behind and ace-high in
    front'."""
    d = decided("As Ah Ad Kc Qd 5h 2c", "As Kc", "5.2")
    assert rank5(d.setting.high).category is Category.PAIR


# ---------------------------------------------------------------- 6. straights, flushes ----


def test_house_6_1_straight_or_flush_with_the_best_two_card_hand() -> None:
    """Seed: K♠-9♠-8♣-7♠-6♣-5♠-4♠: 'playing the flush would put 8-6 in front, playing the
    9-high straight would put K-4 up front, but the correct play is K-9 and 8-7-6-5-4'."""
    d = decided("Ks 9s 8c 7s 6c 5s 4s", "Ks 9s", "6.1")
    assert format_cards(d.setting.high) == "8c 7s 6c 5s 4s"


def test_house_6_1_straight_leaving_a_pair_in_front() -> None:
    # straights 3-7 (8-3 in front) and 4-8 (3-3 in front): the pair is the best front
    decided("3s 3h 4d 5c 6s 7h 8d", "3s 3h", "6.1")
    # trips and a straight: a pair of kings in front of the straight
    decided("Ks Kh Kd Qc Jd Th 9c", "Ks Kh", "6.1")


def test_house_6_1_ties_better_five_card_hand_then_first_setting() -> None:
    # K-9 in front either way: 9c keeps the straight flush 9-5 behind, 9h only a straight
    d = decided("Ks 9h 9c 8c 7c 6c 5c", "Ks 9h", "6.1")
    assert rank5(d.setting.high).category is Category.STRAIGHT_FLUSH
    # K-9 in front either way with equal straights behind: the first of settings()
    decided("Ks 9s 9c 8d 7h 6s 5s", "Ks 9s", "6.1")


# ---------------------------------------------------------------- 7. full house ------------


def test_house_7_1_always_split_a_full_house() -> None:
    """Seed: 'House ways will always split the full house' (even 5-5-5-3-3-A-Q)."""
    d = decided("5s 5h 5d 3c 3d Ah Qc", "3d 3c", "7.1")
    assert format_cards(d.setting.high) == "Ah Qc 5s 5h 5d"


def test_house_7_2_full_house_and_a_pair_higher_pair_in_front() -> None:
    """Seed: 'With a full house and a pair, play the higher pair in front and a full house
    in back'."""
    d = decided("9s 9h 9d Kc Kd 4h 4c", "Kd Kc", "7.2")
    assert rank5(d.setting.high).category is Category.FULL_HOUSE


# ---------------------------------------------------------------- 8. two trips -------------


def test_house_8_1_two_trips_higher_pair_in_front() -> None:
    """Seed: 'with Q-Q-Q-7-7-7-A, play Q-Q and 7-7-7-A-Q'."""
    d = decided("Qs Qh Qd 7c 7d 7h Ac", "Qs Qh", "8.1")
    assert format_cards(d.setting.high) == "Ac Qd 7h 7d 7c"


# ---------------------------------------------------------------- 9. four of a kind --------


def test_house_9_1_always_split_four_of_a_kind() -> None:
    """Seed: 'Most house ways always split the four of a kind': 10-10-10-10-J-5-4 and
    3-3-3-3-K-Q-7 both play a pair in front."""
    d = decided("Ts Th Td Tc Js 5d 4c", "Ts Th", "9.1")
    assert format_cards(d.setting.high) == "Js Td Tc 5d 4c"
    decided("3s 3h 3d 3c Ks Qd 7c", "3s 3h", "9.1")


def test_house_9_2_four_of_a_kind_and_a_pair_pair_in_front() -> None:
    """Seed: 'House ways always put the quartet in back and the pair in front':
    9-9-9-9-7-7-K → 7-7 and 9-9-9-9-K; Q-Q-Q-Q-3-3-9 → 3-3."""
    d = decided("9s 9h 9d 9c 7d 7h Ks", "7h 7d", "9.2")
    assert format_cards(d.setting.high) == "Ks 9s 9h 9d 9c"
    decided("Qs Qh Qd Qc 3d 3h 9s", "3h 3d", "9.2")


def test_house_9_3_four_of_a_kind_and_trips_break_the_trips() -> None:
    """Seed: 'House ways will tend to break the trips'."""
    d = decided("8s 8h 8d 8c Js Jh Jd", "Js Jh", "9.3")
    assert rank5(d.setting.high).category is Category.FOUR_OF_A_KIND


# ---------------------------------------------------------------- 10. five aces ------------


def test_house_10_1_five_aces_and_kings_kings_in_front() -> None:
    """Seed: four aces and the joker: a pair of aces in front 'UNLESS your back pair is a
    pair of kings'."""
    d = decided("Jk As Ah Ad Ac Kd Kc", "Kd Kc", "10.1")
    assert rank5(d.setting.high).category is Category.FIVE_ACES
    # wild: five kings and a pair of aces, the aces in front
    decided("Jk Ks Kh Kd Kc Ad Ac", "Ad Ac", "10.1", WILD)


def test_house_10_2_five_aces_pair_of_aces_in_front() -> None:
    """Seed: 'play a pair of aces in front and three aces (or a full house) behind'."""
    d = decided("Jk As Ah Ad Ac Qd Qc", "As Ah", "10.2")
    assert rank5(d.setting.high).category is Category.FULL_HOUSE
    d = decided("Jk As Ah Ad Ac 9d 2c", "As Ah", "10.2")
    assert rank5(d.setting.high).category is Category.THREE_OF_A_KIND
    # wild: five sevens and a pair of fours; as a bug the same hand is 9.2
    decided("Jk 7s 7h 7d 7c 4d 4c", "7s 7h", "10.2", WILD)
    decided("Jk 7s 7h 7d 7c 4d 4c", "4d 4c", "9.2", BUG)


# ---------------------------------------------------------------- the way as an object -----


def test_house_way_is_a_strategy_that_resets_fouled_hands() -> None:
    """RULES 2.4: a fouled setting is re-set by the house way."""
    way: Strategy = HOUSE
    reset = play_setting("Kh 9d 7c 5d 2s | Ac Ad", BUG, way)
    assert reset is not None
    assert format_cards(reset.low) == "Kh 9d"  # one pair (aces) behind, K-9 in front
    assert isinstance(HOUSE, PokerWay) and HOUSE.name == "house"


def test_house_registry_by_name() -> None:
    assert isinstance(get_way("house", WILD), HouseWay)
    assert get_way(" House ", POKER).name == "house"
    with pytest.raises(RuleError, match="unknown poker way 'nope'"):
        get_way("nope", POKER)
    with pytest.raises(RuleError, match="takes no options"):
        get_way("house", BUG, dealer="house")


def test_registry_optimal_hook_reports_a_missing_module(monkeypatch: pytest.MonkeyPatch) -> None:
    import paigow.poker.ways as ways

    monkeypatch.setitem(ways._OPTIONAL, "optimal", ("paigow.analysis.no_such_module", "X"))
    with pytest.raises(RuleError, match="optimal poker way is not available"):
        get_way("optimal", POKER)


def test_house_bad_hands_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="seven cards"):
        HOUSE.choose("As Kd")
    with pytest.raises(ValueError, match="repeated"):
        HOUSE.choose("As As Kd Qh Jc 9s 8d")


SEED_HANDS = (
    "Kd Qs Jh 9c 7d 4s 3h", "As Qd Th 9c 5d 4s 2h", "Ah Qd Qc 9s 6h 5d 3c",
    "Jd Jc 4s 4h As Qd 5c", "Kd Ks 7h 7c 4d 4s Ac", "Kd Ks Kh Jc 9d 7s 6h",
    "Ks 9s 8c 7s 6c 5s 4s", "5s 5h 5d 3c 3d Ah Qc", "Qs Qh Qd 7c 7d 7h Ac",
    "Ts Th Td Tc Js 5d 4c", "3s 3h 3d 3c Ks Qd 7c", "9s 9h 9d 9c 7d 7h Ks",
    "Qs Qh Qd Qc 3d 3h 9s", "Jk As Ah Ad Ac Kd Kc", "Jk As Ah Ad Ac Qd 2c",
    "Jk Ah Kd Kc Qs Qh Js",
)


def test_house_every_rule_of_the_docs_has_a_test() -> None:
    part_a = DOCS.read_text().split("## Part B")[0]
    numbers = sorted(set(re.findall(r"\*\*(\d+)\.(\d+)", part_a)))
    names = [n for n in globals() if n.startswith("test_house_")]
    missing = [f"{a}.{b}" for a, b in numbers
               if not any(n.startswith(f"test_house_{a}_{b}_") for n in names)]
    assert numbers and not missing
