"""Side bets: the Emperor's Challenge pay table against published counts, the numba
kernel against the plain reference reading of each line, and pay-table files.

Published figures: Wizard of Odds, "Pai Gow Poker Side Bets" (Emperor's Challenge table,
wizardofodds.com/games/pai-gow-poker/appendix/3/, also reproduced by playpaigow.net):
natural 7-card straight flush 32, wild 7-card straight flush 196, five aces 1,128,
royal flush 26,092, straight flush 184,644, four of a kind 307,472, full house 4,188,528,
flush 6,172,088, three of a kind 7,672,500, straight 11,034,204, 9-high pai gow 31,080,
10-high 248,640, J-high 963,480, nonpaying 123,312,996; total 154,143,080; return
-0.041714.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from paigow.errors import AmountError, RuleError
from paigow.poker.cards import parse_cards
from paigow.poker.rules import PokerRules
from paigow.poker.sidebet import (
    LINES,
    best_line,
    class_counts,
    lines_made,
    lines_of_class,
    load_paytable,
    parse_paytable,
    sidebet_odds,
)

WIZARD = {
    "seven-card-straight-flush": 32,
    "seven-card-straight-flush-joker": 196,
    "five-aces": 1128,
    "royal-flush": 26092,
    "straight-flush": 184644,
    "four-of-a-kind": 307472,
    "full-house": 4188528,
    "flush": 6172088,
    "three-of-a-kind": 7672500,
    "straight": 11034204,
    "no-pair-9-high": 31080,
    "no-pair-T-high": 248640,
    "no-pair-J-high": 963480,
}
WIZARD_LOSING = 123312996


@pytest.fixture(scope="module")
def emperor() -> object:
    return sidebet_odds(load_paytable("emperors-challenge"))


@pytest.mark.slow
def test_emperors_challenge_counts_sum_to_all_seven_card_hands(emperor: object) -> None:
    total = sum(line.count for line in emperor.lines) + emperor.losing  # type: ignore[attr-defined]
    assert total == comb(53, 7) == 154_143_080


@pytest.mark.slow
def test_emperors_challenge_matches_wizard_of_odds(emperor: object) -> None:
    got = {line.hand: line.count for line in emperor.lines}  # type: ignore[attr-defined]
    assert got == WIZARD
    assert emperor.losing == WIZARD_LOSING  # type: ignore[attr-defined]
    assert round(float(emperor.edge), 6) == 0.041714  # type: ignore[attr-defined]


@pytest.mark.slow
def test_edge_is_minus_expected_net(emperor: object) -> None:
    e = emperor  # type: ignore[assignment]
    won = sum(Fraction(line.pays) * line.count for line in e.lines)  # type: ignore[attr-defined]
    assert e.edge == -(won - e.losing) / comb(53, 7)  # type: ignore[attr-defined]


def _kernel_lines(hand: tuple[int, ...], rules: PokerRules) -> set[str]:
    (cls,) = class_counts(rules, hand)
    return lines_of_class(cls)


@pytest.mark.parametrize("rules", [PokerRules(), PokerRules(joker="wild", wheel="lowest")])
def test_kernel_equals_reference_on_a_small_deck(rules: PokerRules) -> None:
    deck = parse_cards("As Ks Qs Js Ts 9s 8s Ah Ad Ac 2d 5h Jk")
    table = load_paytable("emperors-challenge")
    want: Counter[str | None] = Counter()
    for hand in combinations(deck, 7):
        line = best_line(hand, table, rules)
        want[None if line is None else line.hand] += 1
    odds = sidebet_odds(table, rules, deck)
    got = Counter({line.hand: line.count for line in odds.lines if line.count})
    got[None] = odds.losing
    assert +got == +want
    assert odds.total == comb(len(deck), 7)


def test_kernel_equals_reference_on_random_hands() -> None:
    rng = random.Random(5)
    for rules in (PokerRules(), PokerRules(joker="wild")):
        for _ in range(60):
            hand = tuple(sorted(rng.sample(range(53), 7)))
            assert _kernel_lines(hand, rules) == lines_made(hand, rules), hand


def test_rare_lines_by_hand() -> None:
    assert "seven-card-straight-flush" in lines_made("As 2s 3s 4s 5s 6s 7s")  # ace low
    assert "seven-card-straight-flush-joker" in lines_made("Jk 9h Th Jh Qh Kh Ah")
    assert "seven-card-straight-flush-joker" in lines_made("Jk 2h 3h 5h 6h 7h 8h")  # gap
    assert "five-aces" in lines_made("As Ah Ad Ac Jk 2c 3d")


def test_joker_is_an_ace_so_never_nine_high() -> None:
    assert lines_made("Jk Kd 9h 7d 6c 3s 2h") == {"no-pair-A-high"}
    assert lines_made("Ts 9h 7d 6c 4s 3h 2d") == {"no-pair-T-high"}
    # wild, the joker pairs a card: never a no-pair hand
    assert "pair" in lines_made("Jk 9h 7d 6c 4s 3h 2d", PokerRules(joker="wild"))


def test_best_paying_line_wins_over_the_best_poker_hand() -> None:
    table = load_paytable("emperors-challenge")
    line = best_line("9h 9d 9c 8s 7d 6c 5h", table)  # a straight holding trips
    assert line is not None and line.hand == "three-of-a-kind"


def test_paytable_file_and_errors(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text('name = "mine"\n[[line]]\nhand = "Flush"\npays = "3/2"\n'
                 '[[line]]\nhand = "no-pair-10-high"\npays = 7\n')
    t = load_paytable(str(f))
    assert [(x.hand, x.pays) for x in t.lines] == [("flush", Fraction(3, 2)),
                                                  ("no-pair-T-high", 7)]
    with pytest.raises(RuleError, match="unknown pay table"):
        load_paytable("nope")
    with pytest.raises(RuleError, match="unknown pay-table line 'quads'"):
        parse_paytable('[[line]]\nhand = "quads"\npays = 1')
    with pytest.raises(AmountError):
        parse_paytable('[[line]]\nhand = "flush"\npays = 0')
    with pytest.raises(RuleError, match="not valid TOML"):
        parse_paytable("[[line")
    assert set(LINES) >= set(WIZARD)
