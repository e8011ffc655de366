"""The seed's basic strategy (docs/poker-house-way.md, part B), rule by rule.

Each test is named after its rule (``test_basic_3_3_…`` is rule 3.3) and uses the seed's
example hands (seed 004, "Basic Strategy"); expected settings are read off the seed and
the documented readings, never off the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from paigow.poker.cards import format_cards, parse_cards
from paigow.poker.fast import rank2_batch, rank5_batch
from paigow.poker.rank import Category, rank5
from paigow.poker.rules import PokerRules, ranking_variants
from paigow.poker.setting import is_foul, settings
from paigow.poker.ways import Decision
from paigow.poker.ways.basic import BasicStrategy
from paigow.ways import get_way

BUG = PokerRules()
WILD = PokerRules(joker="wild")
BASIC = BasicStrategy()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "poker-house-way.md"


def decided(hand: str, expect_front: str, number: str, rules: PokerRules = BUG) -> Decision:
    """Check the front hand and the deciding rule, and that the setting is legal."""
    d = BasicStrategy(rules=rules).choose(hand)
    want = format_cards(sorted(parse_cards(expect_front), reverse=True))
    assert format_cards(d.setting.low) == want, d
    assert (d.rule.way, d.rule.number) == ("basic", number), d.rule
    assert d.rule.text.startswith(f"basic {number}: "), d.rule
    assert d.setting in settings(hand)
    assert not is_foul(d.setting, rules)
    return d


def back(d: Decision) -> str:
    return format_cards(d.setting.high)


# ---------------------------------------------------------------- 1. no pair ---------------


def test_basic_1_1_no_pair_second_and_third_highest_in_front() -> None:
    """Seed: 'with K-Q-J-9-7-4-3, play Q-J and K-9-7-4-3'."""
    d = decided("Kd Qs Jh 9c 7d 4s 3h", "Qs Jh", "1.1")
    assert back(d) == "Kd 9c 7d 4s 3h"


def test_basic_1_2_exception_a_q_t_9_plays_q_9() -> None:
    """Seed: 'with A-Q-10-9-5-4-2 it is slightly better to play Q-9 and A-10-5-4-2'."""
    d = decided("As Qd Th 9c 5d 4s 2h", "Qd 9c", "1.2")
    assert back(d) == "As Th 5d 4s 2h"
    # only that pattern: A-K-T-9 is the plain rule
    decided("As Kd Th 9c 5d 4s 2h", "Kd Th", "1.1")


# ---------------------------------------------------------------- 2. one pair --------------


def test_basic_2_1_one_pair_behind_two_highest_in_front() -> None:
    """Seed: 'with A-Q-Q-9-6-5-3, play A-9 and Q-Q-6-5-3. There are no exceptions'."""
    d = decided("Ah Qd Qc 9s 6h 5d 3c", "Ah 9s", "2.1")
    assert back(d) == "Qd Qc 6h 5d 3c"


# ---------------------------------------------------------------- 3. two pair --------------


def test_basic_3_1_two_pair_ignores_straight_or_flush() -> None:
    """Seed: 'with two pair ... play as if it were two pair and ignore the straight'."""
    d = decided("Jd Jc Ts 9h 8d 8c 7s", "8d 8c", "3.7")  # J-high straight, played as J-J-8-8
    assert rank5(d.setting.high).category is Category.PAIR


def test_basic_3_2_aces_kings_queens_always_split() -> None:
    """Seed: 'always split ... if your high pair is aces, and almost always ... kings or
    queens'."""
    decided("As Ah 3d 3c Kh Qd 9c", "3d 3c", "3.2")
    decided("Qs Qh 4d 4c Ah Kd 9c", "4d 4c", "3.2")


def test_basic_3_3_jacks_with_a_q_play_two_pair_behind() -> None:
    """Seed: 'With something like J-J-4-4-A-Q-5 you can consider playing A-Q and
    J-J-4-4-5' (decided: do); 'Jacks and tens might be more inclined to split, because
    tens in front is much better than A-Q'."""
    d = decided("Jd Jc 4s 4h As Qd 5c", "As Qd", "3.3")
    assert back(d) == "Jd Jc 5c 4s 4h"
    decided("Jd Jc Ts Th As Qd 5c", "Ts Th", "3.7")  # jacks and tens: split
    decided("Jd Jc 4s 4h As 9d 5c", "4s 4h", "3.7")  # only A-9: split


def test_basic_3_4_tens_or_nines_with_an_ace() -> None:
    decided("Td Tc 4s 4h As 7d 2c", "As 7d", "3.4")
    decided("Td Tc 4s 4h Ks Qd 2c", "4s 4h", "3.7")


def test_basic_3_5_sevens_and_eights_with_king_high() -> None:
    """Seed: 'With pairs as small as 7s and 8s, you might consider playing two pair behind
    if you can play a king-high or better in front'."""
    decided("8d 8c 7s 7h Ks 5d 2c", "Ks 5d", "3.5")
    decided("8d 8c 7s 7h Qs Jd 2c", "7s 7h", "3.7")


def test_basic_3_6_twos_and_threes_with_queen_high() -> None:
    """Seed: 'With 2s and 3s, you might even play as little as a queen-high in front'."""
    decided("3d 3c 2s 2h Qs 9d 5c", "Qs 9d", "3.6")


def test_basic_3_7_no_side_card_above_a_jack_always_split() -> None:
    """Seed: 'If you have no side cards higher than a jack, always split pairs, even 2s
    and 3s'."""
    decided("3d 3c 2s 2h Js 9d 5c", "2s 2h", "3.7")
    decided("8d 8c 7s 7h Js Td 2c", "7s 7h", "3.7")


# ---------------------------------------------------------------- 4. three pair ------------


def test_basic_4_1_three_pair_highest_pair_in_front() -> None:
    """Seed: 'with K-K-7-7-4-4-A, play K-K and 7-7-4-4-A'."""
    d = decided("Kd Ks 7h 7c 4d 4s Ac", "Ks Kd", "4.1")
    assert back(d) == "Ac 7h 7c 4s 4d"


def test_basic_4_2_three_pair_and_a_straight_aces_in_front() -> None:
    """Seed: 'play as three pair (aces in front)'."""
    decided("Jk Ah Kd Kc Qs Qh Js", "Jk Ah", "4.1")


# ---------------------------------------------------------------- 5. three of a kind -------


def test_basic_5_1_trips_behind() -> None:
    decided("9s 9h 9d Kc Qd 5h 2c", "Kc Qd", "5.1")
    decided("Kd Ks Kh Qc 9d 7s 6h", "Qc 9d", "5.1")  # side cards queen-high: no split


def test_basic_5_2_always_split_three_aces() -> None:
    """Seed: 'always split three aces, playing a pair of aces behind and ace-high in
    front'."""
    decided("As Ah Ad Kc Qd 5h 2c", "As Kc", "5.2")


def test_basic_5_3_split_three_kings_without_queen_high() -> None:
    """Seed: 'with K-K-K-J-9-7-6, it is slightly better to play K-J and K-K-9-7-6'."""
    d = decided("Kd Ks Kh Jc 9d 7s 6h", "Ks Jc", "5.3")
    assert back(d) == "Kh Kd 9d 7s 6h"


# ---------------------------------------------------------------- 6. straights, flushes ----


def test_basic_6_1_straight_or_flush_with_the_best_two_card_hand() -> None:
    """Seed: K♠-9♠-8♣-7♠-6♣-5♠-4♠ → 'K-9 and 8-7-6-5-4'."""
    d = decided("Ks 9s 8c 7s 6c 5s 4s", "Ks 9s", "6.1")
    assert back(d) == "8c 7s 6c 5s 4s"


# ---------------------------------------------------------------- 7. full house ------------


def test_basic_7_1_full_house_split() -> None:
    decided("5s 5h 5d 7c 7d Ah Qc", "7d 7c", "7.1")
    decided("5s 5h 5d 3c 3d Kh Qc", "3d 3c", "7.1")  # small pair but no ace beside


def test_basic_7_2_full_house_and_a_pair() -> None:
    """Seed: 'play the higher pair in front and a full house in back'."""
    decided("9s 9h 9d Kc Kd 4h 4c", "Kd Kc", "7.2")


def test_basic_7_3_small_pair_with_a_q_keeps_the_full_house() -> None:
    """Seed: 'with 5-5-5-3-3-A-Q, it might be better to play A-Q with the full house
    behind' (decided: do)."""
    d = decided("5s 5h 5d 3c 3d Ah Qc", "Ah Qc", "7.3")
    assert rank5(d.setting.high).category is Category.FULL_HOUSE


# ---------------------------------------------------------------- 8. two trips -------------


def test_basic_8_1_two_trips() -> None:
    """Seed: 'with Q-Q-Q-7-7-7-A, play Q-Q and 7-7-7-A-Q. No exceptions'."""
    d = decided("Qs Qh Qd 7c 7d 7h Ac", "Qs Qh", "8.1")
    assert back(d) == "Ac Qd 7h 7d 7c"


# ---------------------------------------------------------------- 9. four of a kind --------


def test_basic_9_1_four_of_a_kind_split_like_two_pair() -> None:
    """Seed: 'with 10-10-10-10-J-5-4, play 10-10 and 10-10-J-5-4'."""
    d = decided("Ts Th Td Tc Js 5d 4c", "Ts Th", "9.1")
    assert back(d) == "Js Td Tc 5d 4c"
    decided("Qs Qh Qd Qc As Kd 2c", "Qs Qh", "9.1")


def test_basic_9_2_four_of_a_kind_and_a_pair() -> None:
    """Seed: 'with 9-9-9-9-7-7-K, play 7-7 and 9-9-9-9-K'."""
    d = decided("9s 9h 9d 9c 7d 7h Ks", "7h 7d", "9.2")
    assert back(d) == "Ks 9s 9h 9d 9c"


def test_basic_9_3_four_of_a_kind_and_trips_split_the_four() -> None:
    """Seed: 'split the four to play a pair in front and full house behind'."""
    d = decided("8s 8h 8d 8c Js Jh Jd", "8s 8h", "9.3")
    assert rank5(d.setting.high).category is Category.FULL_HOUSE


def test_basic_9_4_four_jacks_with_an_ace() -> None:
    decided("Js Jh Jd Jc As 5d 2c", "As 5d", "9.4")
    decided("Js Jh Jd Jc Ks Qd 2c", "Js Jh", "9.1")


def test_basic_9_5_four_tens_or_nines_with_king_high() -> None:
    decided("9s 9h 9d 9c Ks 5d 2c", "Ks 5d", "9.5")


def test_basic_9_6_four_eights_to_fours_with_queen_high() -> None:
    decided("6s 6h 6d 6c Qs 5d 2c", "Qs 5d", "9.6")
    decided("6s 6h 6d 6c Js 5d 2c", "6s 6h", "9.1")


def test_basic_9_7_four_threes_or_twos_with_jack_high() -> None:
    """Seed: 'with 3-3-3-3-K-Q-7, play K-Q and 3-3-3-3-7'."""
    d = decided("3s 3h 3d 3c Ks Qd 7c", "Ks Qd", "9.7")
    assert back(d) == "7c 3s 3h 3d 3c"
    decided("2s 2h 2d 2c Js 9d 5c", "Js 9d", "9.7")


def test_basic_9_8_big_four_of_a_kind_with_a_tiny_pair_splits() -> None:
    """Seed: 'with Q-Q-Q-Q-3-3-9, you might play Q-Q and Q-Q-3-3-9' (decided: do)."""
    d = decided("Qs Qh Qd Qc 3d 3h 9s", "Qs Qh", "9.8")
    assert rank5(d.setting.high).category is Category.TWO_PAIR


# ---------------------------------------------------------------- 10. five aces ------------


def test_basic_10_1_five_aces_with_kings() -> None:
    """Seed: '... UNLESS your back pair is a pair of kings'."""
    decided("Jk As Ah Ad Ac Kd Kc", "Kd Kc", "10.1")


def test_basic_10_2_five_aces_pair_of_aces_in_front() -> None:
    """Seed: 'play a pair of aces in front and three aces (or a full house) behind'."""
    decided("Jk As Ah Ad Ac Qd Qc", "As Ah", "10.2")


# ---------------------------------------------------------------- the way as a whole -------


def test_basic_never_fouls_on_a_random_sample() -> None:
    rng = np.random.default_rng(20240504)
    for rules in ranking_variants():
        way = get_way("basic", rules)
        hands = np.argsort(rng.random((6000, 53)), axis=1)[:, :7]
        hands[:3000, 0] = 52  # half the sample holds the joker
        hands[:3000, 1:] = np.argsort(rng.random((3000, 52)), axis=1)[:, :6]
        highs, lows = [], []
        for row in hands:
            s = way.set([int(c) for c in row], False)
            highs.append(s.high)
            lows.append(s.low)
        assert np.all(rank5_batch(np.array(highs), rules) > rank2_batch(np.array(lows), rules))


def test_basic_every_rule_of_the_docs_has_a_test() -> None:
    part_b = DOCS.read_text().split("## Part B")[1].split("## Readings")[0]
    numbers = sorted(set(re.findall(r"\*\*(\d+)\.(\d+)", part_b)))
    names = [n for n in globals() if n.startswith("test_basic_")]
    missing = [f"{a}.{b}" for a, b in numbers
               if not any(n.startswith(f"test_basic_{a}_{b}_") for n in names)]
    assert numbers and not missing
