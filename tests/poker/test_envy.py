"""The Envy bonus: exact against brute force on small decks, and against Monte Carlo on
the full deck.

Brute force here deals every possible round: the bettor's seven cards, then another
player's seven from what is left, and reads the other hand's Envy straight from the rules
(:func:`lines_made`, the largest Envy amount among the lines it makes).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from paigow.errors import AmountError, RuleError
from paigow.poker.cards import parse_cards
from paigow.poker.envy import envy_distribution, envy_odds
from paigow.poker.rules import PokerRules
from paigow.poker.sidebet import lines_made, load_paytable

FORTUNE = load_paytable("fortune")
DECKS = [
    "As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Jk 2c 3d",           # 14 cards: quads, five aces
    "As Ks Qs Js Ts 9s Kh Qh Ah Ad Ac Jk 8s 2d 3c",        # 15: royals, matches, 7-card SF
]


def _brute(deck: tuple[int, ...]) -> tuple[Fraction, Counter[int]]:
    """Mean Envy (currency units) from one other hand, and the deals by paying hands."""
    assert FORTUNE.envy is not None
    amounts = {x.hand: x.amount for x in FORTUNE.envy.lines}
    total = Fraction(0)
    deals = 0
    paying: Counter[int] = Counter()
    seen: dict[tuple[int, ...], Fraction | None] = {}
    for mine in combinations(deck, 7):
        rest = [c for c in deck if c not in mine]
        for other in combinations(rest, 7):
            if other not in seen:
                seen[other] = max((amounts[h] for h in lines_made(other) if h in amounts),
                                  default=None)
            got = seen[other]
            total += got or 0
            paying[1 if got else 0] += 1
            deals += 1
    return total / deals, paying


@pytest.mark.parametrize("text", DECKS)
def test_envy_exact_equals_brute_force_on_a_small_deck(text: str) -> None:
    deck = parse_cards(text)
    mean, paying = _brute(deck)
    assert mean > 0
    odds = envy_odds(FORTUNE, 1, deck=deck)
    assert odds.method == "exact" and odds.expected == mean
    dist = envy_distribution(FORTUNE, 1, deck=deck)
    assert dist.method == "exact" and dist.mean_exact == mean
    n = sum(paying.values())
    assert [Fraction(h, dist.rounds) for h in dist.hands] == [
        Fraction(paying[0], n), Fraction(paying[1], n)]


def test_expected_envy_is_linear_in_the_other_hands() -> None:
    deck = parse_cards(DECKS[1] + " 4c 5d 6h 7c 8d 9h Tc")  # 22 cards: room for two others
    one = envy_odds(FORTUNE, 1, deck=deck).expected
    assert envy_odds(FORTUNE, 2, deck=deck).expected == 2 * one


@pytest.mark.slow
def test_envy_exact_agrees_with_monte_carlo_on_the_full_deck() -> None:
    # Five other hands at a full table: the exact expectation (linearity over one
    # enumeration) lies inside the Monte Carlo interval of 400,000 random deals.
    exact = envy_odds(FORTUNE, 5).expected
    mc = envy_distribution(FORTUNE, 5, rounds=400_000, seed=20)
    assert mc.method == "monte-carlo" and mc.rounds == 400_000
    lo, hi = mc.ci95()
    assert lo <= float(exact) <= hi
    # and one other hand's chance of paying, exact, inside the five-hand estimate's share:
    # P(at least one of five pays) <= 5 * P(one pays)
    one = envy_distribution(FORTUNE, 1)
    p_one = one.hands[1] / one.rounds
    p_any = 1 - mc.share(0)[0]
    assert p_any <= 5 * p_one * 1.05 and p_any >= p_one


def test_monte_carlo_is_reproducible_from_its_seed() -> None:
    deck = parse_cards(DECKS[1] + " 4c 5d 6h 7c 8d 9h Tc")
    a = envy_distribution(FORTUNE, 2, deck=deck, rounds=5000, seed=9)
    b = envy_distribution(FORTUNE, 2, deck=deck, rounds=5000, seed=9)
    assert a == b and a.method == "monte-carlo"


def test_bad_envy_requests() -> None:
    with pytest.raises(AmountError, match="from 0 to 6"):
        envy_odds(FORTUNE, 9)
    with pytest.raises(AmountError, match="cannot deal the bettor's hand and 2 other"):
        envy_odds(FORTUNE, 2, deck=parse_cards(DECKS[0]))
    with pytest.raises(RuleError, match="has no Envy bonus"):
        envy_odds(load_paytable("emperors-challenge"), 1)
    with pytest.raises(AmountError, match="rounds"):
        envy_distribution(FORTUNE, 2, rounds=0, seed=1)
    with pytest.raises(RuleError, match="wild joker"):
        envy_odds(load_paytable("dynasty-wild"), 1, PokerRules())
