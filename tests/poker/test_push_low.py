"""Commission-Free Fortune Pai Gow in the analyses (issue 18 §2): every bet pushes when the
banker's two-card hand *as set* is nine high (``--push low:9``), a rule on the banker's
setting, not on its seven cards.

Checked against the reference: each hand set by the plain-Python house way
(:func:`paigow.poker.ways.get_way`), its two-card hand ranked by
:func:`paigow.poker.rank.rank2`, every comparison by :func:`paigow.poker.setting.compare`;
the Monte Carlo against exact advice. The two exact advice methods against a brute force,
and the Monte Carlo against a round-by-round settlement, are in
tests/poker/test_odds_push.py with the seven-card push rules.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from paigow.analysis import poker_kernels as kern
from paigow.analysis.poker_odds import advise, low_push_ids, rank_ids
from paigow.analysis.poker_sim import simulate_hand
from paigow.errors import RuleError
from paigow.poker.cards import Rank, parse_cards
from paigow.poker.fast import table2
from paigow.poker.kinds import LowKind, parse_push
from paigow.poker.rank import rank2
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting, compare, settings
from paigow.settle import Outcome
from paigow.ways import get_way

NINE = parse_push("low:9")
CF = PokerRules(push="low:9")
CLASSIC = PokerRules()

# 17 cards, most of them low: the house way often plays a nine in front here
DECK = parse_cards("Ks Ah 9c 9d 8s 8h 7c 6d 5s 4h 3c 2d Qh Jk Tc 2s 4c")
HAND = "Ks Ah 6d 5s 4h 2s Qh"      # leaves 9c 9d 8s 8h 7c 3c 2d Jk Tc 4c
NINE_FRONT = "9c 8s 7c 6d 4h 3c Ks"  # no pair: K behind, 9-8 in front by the house way


# ---------------------------------------------------------------------- the rule itself


@pytest.mark.parametrize(("setting", "bug", "wild"), [
    ("Ah Kd Qs Jc 7h | 9d 8c", True, True),     # nine high
    ("Ah Kd Qs Jc 7h | 9d 2c", True, True),     # nine high, the lowest
    ("Ah Kd Qs Jc 7h | 9d 9c", False, False),   # a pair of nines is not "nine high"
    ("Ah Kd Qs Jc 7h | Td 9c", False, False),   # ten high
    ("Ah Kd Qs Jc 9h | 8d 7c", False, False),   # eight high
    ("Ah Kd Qs Jc 7h | 9d Jk", False, False),   # bug: the joker is an ace; wild: it pairs
])
def test_low_9_is_a_nine_high_two_card_hand_without_a_pair(
    setting: str, bug: bool, wild: bool
) -> None:
    """The rule's words: the two-card hand is nine high (no pair, the higher card a nine),
    whatever the five-card hand; the joker plays as RULES.md 2.3 says."""
    s = Setting.parse(setting)
    assert NINE.matches_setting(s, CLASSIC) is bug
    assert NINE.matches_setting(s, PokerRules(joker="wild")) is wild


def test_the_rule_reads_the_setting_not_the_seven_cards() -> None:
    """The same seven cards push under one setting and not under another."""
    cards = "Ah Kd Qs Jc 9d 8c 7h"
    assert NINE.matches_setting(Setting.parse("Ah Kd Qs Jc 7h | 9d 8c"))
    assert not NINE.matches_setting(Setting.parse("9d 8c Qs Jc 7h | Ah Kd"))
    assert sorted(Setting.parse("Ah Kd Qs Jc 7h | 9d 8c").cards) == sorted(parse_cards(cards))


@pytest.mark.parametrize("joker", ["bug", "wild"])
def test_key_arithmetic_equals_the_reference_on_every_two_card_hand(joker: str) -> None:
    """``LowKind.matches_key2`` on the fast table's keys, and the numba ``low_mask``, equal
    the reference ``rank2`` on all C(53,2) = 1,378 two-card hands, for every R."""
    rules = PokerRules(joker=joker)  # type: ignore[arg-type]
    t2 = table2(rules)
    pairs = list(combinations(range(53), 2))
    keys = np.array([t2[a + b * (b - 1) // 2] for a, b in pairs], dtype=np.int32)
    def around(pair: tuple[int, int]) -> Setting:  # any five other cards behind
        return Setting(tuple(c for c in range(7) if c not in pair)[:5], pair)

    for high in (Rank(r) for r in range(Rank.THREE, Rank.ACE + 1)):
        kind = LowKind(high)
        ref = [kind.matches_setting(around(pair), rules) for pair in pairs]
        assert [kind.matches_key2(int(k)) for k in keys] == ref, high
        assert kern.low_mask(keys, high).tolist() == ref, high
    # nine high: 9 with one of 2..8, 16 suit pairs each (the joker never: ace or pair)
    assert sum(kern.low_mask(keys, Rank.NINE)) == 7 * 16
    ids = rank_ids(rules)
    assert int(low_push_ids(NINE, rules).sum()) == len(
        {rank2(p, rules).key for p in pairs if NINE.matches_setting(around(p), rules)})
    assert ids.keys2.dtype == np.int32


@pytest.mark.parametrize("bad", ["low:2", "low:", "low:99", "low:X", "high:9", "9-high"])
def test_bad_push_rules_name_the_token(bad: str) -> None:
    with pytest.raises(RuleError, match="bad hand kind"):
        PokerRules(push=bad)


# ------------------------------------------------------------------------ exact advice


def test_pushes_added_are_the_banker_nine_high_fronts_the_setting_would_win_or_lose() -> None:
    """Against every banker hand of the rest of the deck set by the reference house way:
    the push rule adds to each setting's pushes exactly the hands whose two-card hand is
    nine high that the setting would otherwise win or lose."""
    rest = [c for c in DECK if c not in parse_cards(HAND)]
    way = get_way("house", CLASSIC)
    banker = [way.choose(row, True).setting for row in combinations(rest, 7)]
    nine = [NINE.matches_setting(b) for b in banker]
    assert 5 <= sum(nine) < len(banker)
    cf = advise(HAND, "house", False, 0, CF, DECK, cache=False)
    classic = advise(HAND, "house", False, 0, CLASSIC, DECK, cache=False)
    assert (cf.pushed, classic.pushed) == (sum(nine), 0)
    for a, b in zip(cf.settings, classic.settings, strict=True):
        assert a.win + a.push + a.lose == cf.total == comb(10, 7)
        outcomes = [compare(a.setting, bk, CLASSIC).outcome for bk in banker]
        won = sum(1 for o, k in zip(outcomes, nine, strict=True) if k and o is Outcome.WIN)
        lost = sum(1 for o, k in zip(outcomes, nine, strict=True) if k and o is Outcome.LOSE)
        assert (b.win - a.win, b.lose - a.lose, a.push - b.push) == (won, lost, won + lost)


def test_a_bank_pushes_everything_with_exactly_its_nine_high_fronts() -> None:
    """Banking: each of the bank's own settings whose two-card hand is nine high pushes
    every bet (and says so); the others count as in the classic game."""
    cf = advise(NINE_FRONT, "house", True, 0, CF, DECK, cache=False)
    classic = advise(NINE_FRONT, "house", True, 0, CLASSIC, DECK, cache=False)
    mine = [s for s in cf.settings if NINE.matches_setting(s.setting)]
    assert mine and len(mine) < len(cf.settings)
    for a, b in zip(cf.settings, classic.settings, strict=True):
        if NINE.matches_setting(a.setting):
            assert (a.win, a.push, a.lose, a.ev, a.pushes_all) == (0, cf.total, 0, 0, True)
        else:
            assert (a.win, a.push, a.lose, a.pushes_all) == (b.win, b.push, b.lose, False)
    assert cf.house_setting is not None and cf.house_setting.pushes_all  # 9-8 in front


@pytest.mark.parametrize("banking", [False, True])
def test_monte_carlo_of_one_hand_agrees_with_exact_advice(banking: bool) -> None:
    """One hand's Monte Carlo frequencies lie within four standard errors of its exact
    counts under low:9 (opponents from the rest of a 27-card deck)."""
    deck = sorted(set(DECK) | set(parse_cards("Kc Qs Jd Th 7d 6s 5c 3h 2h Ad")))
    hand = NINE_FRONT if banking else HAND
    adv = advise(hand, "house", banking, 0, CF, deck, cache=False)
    n = 40_000
    for s in (adv.best_setting, adv.settings[-1]):
        got = simulate_hand(hand, s.split, "house", n, seed=3, banking=banking, rules=CF,
                            deck=deck)
        for x, exact in zip(got, (s.win, s.push, s.lose), strict=True):
            prob = exact / adv.total
            assert abs(x / n - prob) <= 4 * (prob * (1 - prob) / n) ** 0.5 + 1e-12


def test_the_low_rule_needs_no_seven_card_bits() -> None:
    """A hand set by a way that plays the nine behind never pushes: the rule reads the
    setting (the house way's here: settings of this hand differ in their fronts)."""
    fronts = {NINE.matches_setting(s) for s in settings(parse_cards(NINE_FRONT))}
    assert fronts == {True, False}
