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


def test_a_player_ways_paired_gain_and_share_equal_per_hand_computations() -> None:
    """``sweep(players=[...])``: another way scored on the same hands. Its gain over the
    house way and its interval equal the per-hand gains (its setting's EV, found by its
    own choice of each hand, minus the house setting's), and its share of optimal's gain
    and the share's interval equal the delta-method formula computed from the per-hand
    arrays (:func:`paigow.analysis.poker_derive.share_ci`)."""
    import numpy as np

    from paigow.analysis.poker_derive import share_ci
    from paigow.ways import POKER, get_way

    hands = sample_hands(40, 9, DECK)
    res = sweep(hands, deck=DECK, chunk=6, cache=False, players=["foxwoods"])
    fox = get_way("foxwoods", POKER)
    g_fox, g_opt = [], []
    for h in hands:
        adv = advise(h, "house", deck=DECK, cache=False)
        assert adv.house_setting is not None
        mine = fox.choose(h).setting
        row = next(s for s in adv.settings if s.setting == mine)
        g_fox.append(row.ev - adv.house_setting.ev)
        g_opt.append(adv.best_setting.ev - adv.house_setting.ev)
    (p,) = res.players
    assert p.edge.name == "foxwoods"
    assert res.house.edge - p.edge.edge == sum(g_fox) / len(g_fox)
    half = Z95 * statistics.stdev(float(g) for g in g_fox) / len(g_fox) ** 0.5
    lo, hi = res.player_gain_ci95(p)
    assert (lo, hi) == pytest.approx((float(sum(g_fox) / 40) - half, float(sum(g_fox) / 40) + half))
    assert res.share(p) == sum(g_fox) / sum(g_opt)
    share, slo, shi = share_ci(np.array(g_fox, float), np.array(g_opt, float))
    assert (float(res.share(p)), *res.share_ci95(p)) == pytest.approx((share, slo, shi), rel=1e-6)
    data = res.to_json()["players"][0]  # type: ignore[index]
    assert data["name"] == "foxwoods" and data["share"]["of_optimal"] == pytest.approx(share)
