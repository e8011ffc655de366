"""The bets on today's floor (issue 13): every shipped pay table against the figures its
source publishes, the Queen's Dragon from the count of queen-high pai gows (counted twice,
by combinatorics and by enumeration), and bad pay-table files refused with the place named.

Published figures:
* Wizard of Odds, "Pai Gow Mania" (wizardofodds.com/games/pai-gow-poker/appendix/5/),
  seven-card bet: five aces 1,128; royal flush 26,132; straight flush 184,832; four of a
  kind 307,472; full house 4,188,528; flush 6,172,088; three of a kind 7,672,500;
  straight 11,034,204; other 124,556,196; total 154,143,080; return -0.063667.
* Wizard of Odds, "Pai Gow Poker Side Bets" (appendix 3), Emperor's Challenge: 9-, 10-
  and J-high pai gows 31,080 / 248,640 / 963,480 (the other counts: test_sidebet.py).
* John Grochowski, "Fortune Pai Gow", Casino City Times, 17 May 2015: on the pay table
  5000/2000/1000/400/150/50/25/5/4/3/2 "the house edge is 7.8 percent before taking an envy
  bonus into account", and "each additional player at the table reduces the house edge by
  0.92 percent" (a $5 bet, the Envy amounts of fortune.toml), both citing the Wizard.
* paigowonline.com.au, "EZ Pai Gow": the Queen's Dragon pays 50 to 1 and "the house edge
  is just over 10 percent on this bet".
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from math import comb
from pathlib import Path

import pytest

from paigow.errors import AmountError, PaigowError, RuleError
from paigow.poker.cards import parse_cards
from paigow.poker.envy import envy_odds
from paigow.poker.paigow_count import pai_gow_count
from paigow.poker.rules import PokerRules
from paigow.poker.sidebet import (
    best_line,
    lines_made,
    load_paytable,
    parse_paytable,
    shipped_paytables,
    sidebet_odds,
)

TOTAL = comb(53, 7)
WILD = PokerRules(joker="wild")
MANIA = {
    "five-aces": 1128, "royal-flush": 26132, "straight-flush": 184832,
    "four-of-a-kind": 307472, "full-house": 4188528, "flush": 6172088,
    "three-of-a-kind": 7672500, "straight": 11034204,
}
MANIA_OTHER = 124556196
# Emperor's Challenge counts published by the Wizard (lines Fortune shares)
EMPEROR = {
    "seven-card-straight-flush": 32, "seven-card-straight-flush-joker": 196,
    "five-aces": 1128, "straight-flush": 184644, "four-of-a-kind": 307472,
    "full-house": 4188528, "flush": 6172088, "three-of-a-kind": 7672500,
    "straight": 11034204,
}
EMPEROR_ROYAL = 26092


def test_every_shipped_table_loads_and_names_its_source() -> None:
    names = shipped_paytables()
    assert {"emperors-challenge", "fortune", "pai-gow-mania", "dynasty-wild",
            "queens-dragon"} <= set(names)
    for name in names:
        table = load_paytable(name)
        assert table.source, name


def test_published_pai_gow_counts_by_combinatorics() -> None:
    # No enumeration: ranks times suits (paigow_count's docstring) gives the Wizard's 9-,
    # 10- and J-high counts.
    assert [pai_gow_count(r) for r in "9TJ"] == [31080, 248640, 963480]


def test_royal_match_by_a_rule_reading() -> None:
    assert "royal-flush-royal-match" in lines_made("As Ks Qs Js Ts Kh Qh")
    assert "royal-flush-royal-match" in lines_made("Jk Ks Qs Js Ts Kd Qd")  # joker as the ace
    assert "royal-flush-royal-match" not in lines_made("As Ks Qs Js Ts Kh Qd")  # not suited
    assert "royal-flush-royal-match" not in lines_made("As Ks Qs Js Ts Kh Jk")  # joker no K/Q


@pytest.mark.slow
def test_pai_gow_mania_matches_the_wizard() -> None:
    odds = sidebet_odds(load_paytable("pai-gow-mania"))
    assert {x.hand: x.count for x in odds.lines} == MANIA
    assert odds.losing == MANIA_OTHER and odds.total == TOTAL
    assert round(float(odds.edge), 6) == 0.063667


@pytest.mark.slow
def test_fortune_edge_is_the_published_7_8_percent() -> None:
    odds = sidebet_odds(load_paytable("fortune"))
    got = {x.hand: x.count for x in odds.lines}
    # 72 royal matches: a royal flush in one of 4 suits, natural or with the joker for one
    # of its 5 cards (6 ways), and the king and queen of one of the 3 other suits.
    assert got["royal-flush-royal-match"] == 4 * 6 * 3 == 72
    assert got["royal-flush"] == EMPEROR_ROYAL - 72
    assert {k: v for k, v in got.items() if k in EMPEROR} == EMPEROR
    assert odds.losing == MANIA_OTHER  # the same hands qualify as in Pai Gow Mania
    assert round(float(odds.edge) * 100, 1) == 7.8


@pytest.mark.slow
def test_fortune_envy_lowers_the_edge_0_92_percent_per_other_player() -> None:
    table = load_paytable("fortune")
    bonus = sidebet_odds(table).edge
    stake = Fraction(5)
    edges = [envy_odds(table, k).edge_with(bonus, stake) for k in range(6)]
    steps = {round(float(a - b) * 100, 2) for a, b in pairwise(edges)}
    assert steps == {0.92}
    assert edges[0] == bonus  # alone at the table: no Envy
    # below the Envy minimum a bet earns none, whatever the table
    assert envy_odds(table, 5).edge_with(bonus, Fraction(4)) == bonus


@pytest.mark.slow
def test_queens_dragon_edge_just_over_10_percent_from_the_queen_high_count() -> None:
    odds = sidebet_odds(load_paytable("queens-dragon"))
    (line,) = odds.lines
    assert line.hand == "no-pair-Q-high"
    assert line.count == pai_gow_count("Q") == 2_719_500  # enumeration = combinatorics
    assert odds.edge == 1 - 51 * Fraction(2_719_500, TOTAL)
    assert Fraction(10, 100) < odds.edge < Fraction(101, 1000)  # "just over 10 percent"


@pytest.mark.slow
@pytest.mark.parametrize("rules", [PokerRules(), WILD], ids=["bug", "wild"])
def test_every_pai_gow_count_by_combinatorics_equals_the_enumeration(rules: PokerRules) -> None:
    from paigow.poker.sidebet import class_counts, lines_of_class

    counts: dict[str, int] = {}
    for cls, n in class_counts(rules).items():
        for line in lines_of_class(cls):
            counts[line] = counts.get(line, 0) + n
    for high in "9TJQKA":
        assert counts.get(f"no-pair-{high}-high", 0) == pai_gow_count(high, rules.joker), high


@pytest.mark.slow
def test_dynasty_wild_five_of_a_kind_by_combinatorics() -> None:
    # Wild joker: four of a rank and the joker; the other two cards any of the 48 left.
    odds = sidebet_odds(load_paytable("dynasty-wild"), WILD)
    got = {x.hand: x.count for x in odds.lines}
    assert got["five-aces"] == comb(48, 2) == 1128
    assert got["five-of-a-kind"] == 12 * comb(48, 2)
    assert sum(got.values()) + odds.losing == TOTAL


def test_dynasty_wild_is_refused_under_the_bug_joker() -> None:
    with pytest.raises(RuleError, match="for the wild joker, not the bug joker"):
        sidebet_odds(load_paytable("dynasty-wild"), deck=parse_cards("As Ks Qs Js Ts 9s 8s"))


def test_fortune_kernel_equals_the_reference_with_royal_matches() -> None:
    # every hand of a small deck rich in royal matches: the kernel's best line is the
    # plain reading's
    from collections import Counter
    from itertools import combinations

    deck = parse_cards("As Ks Qs Js Ts Kh Qh Kd Qd Jk Ah 9s 2c")
    table = load_paytable("fortune")
    want: Counter[str | None] = Counter()
    for hand in combinations(deck, 7):
        line = best_line(hand, table)
        want[None if line is None else line.hand] += 1
    odds = sidebet_odds(table, deck=deck)
    got = Counter({x.hand: x.count for x in odds.lines if x.count})
    got[None] = odds.losing
    assert +got == +want and want["royal-flush-royal-match"] > 0


@pytest.mark.parametrize(("text", "error", "message"), [
    ('name = "t"\n[[line]]\nhand = "flush"\npays = 3\n[[line]]\nhand = "quads"\npays = 2',
     RuleError, "[[line]] entry 2: unknown pay-table line 'quads'"),
    ('name = "t"\n[[line]]\nhand = "flush"\npays = "x"', AmountError, "entry 1: bad pays 'x'"),
    ('name = "t"\n[[line]]\nhand = "flush"\npays = -2', AmountError, "must pay more than 0"),
    ('name = "t"\n[[line]]\nhand = "flush"', RuleError, "entry 1 needs 'pays'"),
    ('name = "t"\n[[line]]\nhand = "flush"\npay = 3', RuleError, "entry 1 needs 'pays'"),
    ('name = "t"\n[[line]]\nhand = "flush"\npays = 3\nodds = 4', RuleError,
     "unknown key 'odds'"),
    ('name = "t"\nlines = 3\n[[line]]\nhand = "flush"\npays = 3', RuleError,
     "unknown key 'lines'"),
    ('name = "t"\non = "dealer"\n[[line]]\nhand = "flush"\npays = 3', RuleError,
     "on = 'dealer': give own, banker or banker-set"),
    ('name = "t"\n[[line]]\nhand = "flush"\npays = 3\n[envy]\nminimum = 5\n'
     '[[envy.line]]\nhand = "four-of-a-kind"\namount = "1.234"', AmountError,
     "[[envy.line]] entry 1: Envy line 'four-of-a-kind': amount 617/500 is not a whole"),
    ('name = "t"\n[[line]]\nhand = "flush"\npays = 3\n[envy]\n[[envy.line]]\n'
     'hand = "four-of-a-kind"\namount = 5', RuleError, "needs 'minimum'"),
    ('name = "t"\non = "banker"\n[[line]]\nhand = "flush"\npays = 3\n[envy]\nminimum = 5\n'
     '[[envy.line]]\nhand = "four-of-a-kind"\namount = 5', RuleError,
     "an Envy bonus goes with a bet on one's own hand"),
    ('name = "t"\njoker = "sometimes"\n[[line]]\nhand = "flush"\npays = 3', RuleError,
     "joker = 'sometimes'"),
    ('name = "t"\n[[line]\nhand = "flush"', RuleError, "not valid TOML: .*line 2"),
    ('name = "t"\non = "banker-set"\n[[line]]\nhand = "flush"\npays = 3', RuleError,
     "line 'flush' reads seven cards: a banker-set table pays on low-R-high lines only"),
    ('name = "t"\non = "banker"\n[[line]]\nhand = "low-9-high"\npays = 30', RuleError,
     "line 'low-9-high' reads the banker's hand as set"),
    ('name = "t"\n[[line]]\nhand = "flush"\npays = 3\n[envy]\nminimum = 5\n'
     '[[envy.line]]\nhand = "low-9-high"\namount = 5', RuleError,
     "Envy line 'low-9-high' reads the banker's setting"),
    ('name = "t"\non = "banker-set"\n[[line]]\nhand = "low-2-high"\npays = 3', RuleError,
     "unknown pay-table line 'low-2-high'"),
])
def test_bad_pay_table_files_are_refused_naming_the_place(
    text: str, error: type[PaigowError], message: str
) -> None:
    with pytest.raises(error, match=message.replace("[", r"\[").replace("]", r"\]")
                       if "*" not in message else message):
        parse_paytable(text, "t")


def test_a_pay_table_file_by_path(tmp_path: Path) -> None:
    f = tmp_path / "my-bonus.toml"
    f.write_text('name = "Mine"\nsource = "me"\n[[line]]\nhand = "straight"\npays = "5/2"\n'
                 '[envy]\nminimum = "2.50"\n[[envy.line]]\nhand = "four-of-a-kind"\n'
                 'amount = "7.50"\n')
    t = load_paytable(str(f))
    assert t.lines[0].pays == Fraction(5, 2)
    assert t.envy is not None and t.envy.minimum == Fraction(5, 2)
    assert t.envy.lines[0].amount == Fraction(15, 2)
