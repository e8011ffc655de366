"""The sweep's gain of the optimal way over the house way: a paired estimate (both ways
scored on the same hands) with its own 95% interval (issue 12).

Checked against an independent computation: each hand advised on its own, the per-hand
gains (best EV minus the house setting's EV) averaged with :mod:`statistics`.
"""

from __future__ import annotations

import statistics
from fractions import Fraction

import pytest

from paigow.analysis.poker_odds import advise
from paigow.analysis.poker_sweep import Z95, sample_hands, suit_classes, sweep
from paigow.poker.cards import parse_cards
from paigow.poker.rules import PokerRules

DECK = parse_cards("9s 9h 9d 9c Ks Kh Kd Qs Qd Js Jh Th As Ah Ad 2c Jk 3c 4h 7d")


@pytest.mark.parametrize("rules", [PokerRules(), PokerRules(push="pai-gow:Q")],
                         ids=["classic", "ez"])
def test_paired_gain_equals_per_hand_gains_and_their_interval(rules: PokerRules) -> None:
    rate = Fraction(1, 20) if rules.push == "none" else Fraction(0)
    hands = sample_hands(40, 6, DECK)
    res = sweep(hands, deck=DECK, rules=rules, rate=rate, chunk=7, cache=False)
    gains = []
    for h in hands:
        adv = advise(h, "house", rate=rate, rules=rules, deck=DECK, cache=False)
        assert adv.house_setting is not None
        gains.append(adv.best_setting.ev - adv.house_setting.ev)
    assert res.gain == res.house.edge - res.optimal.edge == sum(gains) / len(gains)
    assert res.gain > 0 and min(gains) >= 0
    half = Z95 * statistics.stdev(float(g) for g in gains) / len(gains) ** 0.5
    lo, hi = res.gain_ci95()
    assert lo == pytest.approx(float(res.gain) - half, rel=1e-9)
    assert hi == pytest.approx(float(res.gain) + half, rel=1e-9)
    # the paired interval is narrower than either edge's
    for e in (res.house, res.optimal):
        elo, ehi = e.ci95()
        assert hi - lo < ehi - elo


def test_suit_class_sweep_gain_is_exact_without_an_interval() -> None:
    deck = parse_cards("As Ah Ad Ac Ks Kh Kd Kc 7s 7h 7d 7c 2s 2h 2d 2c")
    hands, sizes = suit_classes(deck)
    res = sweep(hands, sizes, deck=deck, mode="suit-classes", chunk=64, cache=False)
    data = res.to_json()
    assert res.gain == res.house.edge - res.optimal.edge >= 0
    assert data["gain"] == {"edge": float(res.gain), "edge_exact": str(res.gain)}
