"""The Tiger 9 (issue 18 §2): a bet that wins 30 to 1 when the dealer plays a nine-high
two-card hand, priced from the dealer way's setting of every hand.

Checked by agreement of two independent implementations: the exact odds read from the
dealer way's one-time table (the numba kernel's settings, as dense rank ids) against every
hand of a small deck set one by one by the plain-Python way (the house way's reference
code, or a way file's interpreter) and classified by the reference ``rank2``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from paigow.analysis.dealer_bets import dealer_bet_odds, low_rank_counts
from paigow.errors import RuleError
from paigow.poker.cards import Rank, parse_cards
from paigow.poker.rules import PokerRules
from paigow.poker.sidebet import (
    load_paytable,
    parse_paytable,
    set_lines_made,
    shipped_paytables,
    sidebet_odds,
)
from paigow.ways import POKER, get_way

TIGER = load_paytable("tiger-9")
DECKS = [
    parse_cards("As Kh Qd 9d 9s 8c 7s 6d 5h 4d 3c 2s 2h Jk"),
    parse_cards("Ah Kd 9c 9h 8s 8d 7h 6c 5d 4s 4c 3h 2c Td Jk"),
]


def _reference(deck: list[int], way: str, rules: PokerRules) -> dict[str, int]:
    """Every hand of ``deck`` set as banker by the plain-Python way, its lines read by
    ``rank2``: how many hands make each ``low-R-high`` line."""
    w = get_way(way, rules)
    out: dict[str, int] = {}
    for hand in combinations(deck, 7):
        for line in set_lines_made(w.choose(hand, True).setting, rules):
            out[line] = out.get(line, 0) + 1
    return out


def test_tiger_9_pays_30_to_1_on_the_dealers_nine_high_two_card_hand() -> None:
    """The shipped table says what the sources say: 30 to 1, on the dealer's setting."""
    assert "tiger-9" in shipped_paytables()
    assert TIGER.on == "banker-set"
    assert [(x.hand, x.pays) for x in TIGER.lines] == [("low-9-high", Fraction(30))]


@pytest.mark.parametrize("deck", DECKS, ids=["14 cards", "15 cards"])
@pytest.mark.parametrize(("way", "joker"), [("house", "bug"), ("house", "wild"),
                                            ("ballys-atlantic-city", "bug")])
def test_exact_odds_equal_every_hand_set_by_the_reference_way(
    deck: list[int], way: str, joker: str
) -> None:
    rules = PokerRules(joker=joker)  # type: ignore[arg-type]
    ref = _reference(deck, way, rules)
    odds = dealer_bet_odds(TIGER, way, rules, deck, cache=False)
    assert odds.total == comb(len(deck), 7)
    assert odds.lines[0].count == ref.get("low-9-high", 0) > 0
    assert odds.losing == odds.total - odds.lines[0].count
    # every low-R-high line, not only the nine
    by_line: dict[str, int] = {}
    for key, n in low_rank_counts(way, rules, deck, cache=False).items():
        from paigow.poker.sidebet import lines_of_low_key

        for line in lines_of_low_key(key):
            by_line[line] = by_line.get(line, 0) + n
    assert by_line == ref
    p = odds.lines[0].probability
    assert odds.edge == 1 - 31 * p  # a 30-to-1 bet: edge = 1 - (30 + 1) p
    assert odds.dealer == way


def test_the_odds_depend_on_the_dealers_way() -> None:
    """The same seven cards, two ways, two answers (the reason the bet cannot be priced
    from seven-card counts): with four fives, a nine, an eight and a three, the house way
    splits the fives (a pair of fives in front) while the Foxwoods text never splits four
    sixes or lower (nine-eight in front). On a deck holding that hand the counts differ."""
    hand = "5s 5h 5d 5c 9h 8s 3h"
    house = get_way("house", POKER).choose(hand, True).setting
    fox = get_way("foxwoods", POKER).choose(hand, True).setting
    assert (set_lines_made(house), set_lines_made(fox)) == (set(), {"low-9-high"})
    deck = parse_cards(hand + " Kd Qc Jh 7d 4c 2s Ah")
    a = dealer_bet_odds(TIGER, "house", deck=deck, cache=False).lines[0].count
    b = dealer_bet_odds(TIGER, "foxwoods", deck=deck, cache=False).lines[0].count
    assert a != b


def test_seven_card_odds_refuse_a_bet_on_the_setting_and_vice_versa() -> None:
    with pytest.raises(RuleError, match="depend on the dealer's way"):
        sidebet_odds(TIGER)
    with pytest.raises(RuleError, match="reads seven cards"):
        dealer_bet_odds(load_paytable("queens-dragon"), deck=DECKS[0], cache=False)


def test_a_way_without_a_kernel_is_refused_on_the_full_deck() -> None:
    with pytest.raises(RuleError, match="no fast kernel"):
        dealer_bet_odds(TIGER, "basic")


def test_a_custom_table_on_the_setting_prices_every_line() -> None:
    """A file may pay on any ``low-R-high``: each line's count is its own."""
    table = parse_paytable('name = "t"\non = "banker-set"\n[[line]]\nhand = "low-9-high"\n'
                           'pays = 30\n[[line]]\nhand = "low-T-high"\npays = 10')
    deck = DECKS[0]
    ref = _reference(deck, "house", PokerRules())
    odds = dealer_bet_odds(table, "house", deck=deck, cache=False)
    assert [x.count for x in odds.lines] == [ref.get("low-9-high", 0), ref.get("low-T-high", 0)]


@pytest.mark.slow
def test_full_deck_table_agrees_with_the_reference_way_on_a_sample() -> None:
    """On the full deck: the counts cover all 154,143,080 hands, and the table's two-card
    hand of 3,000 random hands is nine high exactly when the reference house way plays a
    nine-high front (the table index and the rank ids read right at full size)."""
    from paigow.analysis.poker_odds import opponent_table, way_for
    from paigow.poker.kinds import LowKind

    rules = PokerRules()
    odds = dealer_bet_odds(TIGER, "house", rules)
    assert odds.total == comb(53, 7) == odds.lines[0].count + odds.losing
    table = opponent_table(way_for("house", rules), True, rules)
    keys2 = table.keys2
    way = get_way("house", rules)
    rng = np.random.default_rng(99)
    nine = LowKind(Rank.NINE)
    hits = 0
    for _ in range(3000):
        hand = sorted(int(c) for c in rng.choice(53, 7, replace=False))
        fast = nine.matches_key2(int(keys2[table.lookup([hand])[1][0]]))
        ref = nine.matches_setting(way.choose(hand, True).setting, rules)
        assert fast == ref, hand
        hits += ref
    assert hits > 30
