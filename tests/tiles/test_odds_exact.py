"""Exact tile odds: the plain-Python reference, the numba brute force and the
inclusion-exclusion kernel must give the same counts; the counts must cover every deal.

The reference deals every opponent hand and compares with ``compare`` (RULES.md 1.3);
the brute force counts each outcome of all 736,281,000 matchups on its own; the
inclusion-exclusion kernel never visits a matchup. Three independent computations.
"""

from __future__ import annotations

import random
from functools import cache
from math import comb

import numpy as np
import pytest
from waykit import HighestHigh, RoleAware

from paigow.analysis.tiles_odds import advise, brute_split_counts, split_counts
from paigow.analysis.tiles_reference import reference_advise, remaining_tiles
from paigow.analysis.tiles_tables import HANDS, N_HANDS, index_of, tiles_of
from paigow.tiles.rules import TileRules
from paigow.tiles.setting import settings
from paigow.tiles.tile import Tile, parse_tiles
from paigow.tiles.ways import TileWay
from paigow.ways import TILES, get_way


@cache
def house_way() -> TileWay:
    """The Australian house way once it exists; until then a test way."""
    try:
        return get_way("australian", TILES)
    except ImportError:
        return HighestHigh()


WAYS: dict[str, TileWay] = {"highest-high": HighestHigh(), "role-aware": RoleAware()}

SPECIAL_HANDS = [
    "6-6 6-6 2-1 4-2",  # Teen pair, Gee Joon pair
    "5-5 6-4 3-2 4-1",  # zero-point hands possible on both sides
    "1-1 4-5 2-2 3-4",  # Day Wong, copies of mixed tiles
]


def sample_hands(n: int, seed: int) -> list[tuple[Tile, ...]]:
    rng = random.Random(seed)
    return [tiles_of(rng.randrange(N_HANDS)) for _ in range(n)]


def test_dealer_hands_after_four_tiles_number_20475() -> None:
    assert len(remaining_tiles(parse_tiles("6-6 6-6 2-1 4-2"))) == 28
    assert comb(28, 4) == 20_475


@pytest.mark.parametrize("banking", [False, True], ids=["player", "banker"])
@pytest.mark.parametrize("dealer", ["highest-high", "role-aware", "house"])
def test_reference_equals_fast_advise_on_sample(dealer: str, banking: bool) -> None:
    way = house_way() if dealer == "house" else WAYS[dealer]
    hands = [parse_tiles(h) for h in SPECIAL_HANDS[:1]] + sample_hands(1, seed=len(dealer) * 7 + banking)
    for hand in hands:
        ref = reference_advise(hand, way, banking)
        fast = advise(hand, way, banking)
        assert len(ref) == len(fast.settings) == len(settings(hand))
        for r in ref:
            match = [f for f in fast.settings if f.setting.same_way(r.setting)]
            assert len(match) == 1, r.setting
            f = match[0]
            assert (f.win, f.push, f.lose) == (r.win, r.push, r.lose), (hand, r.setting)
            assert f.ev == r.ev
            # the reference counts each outcome on its own: together they cover every deal
            assert r.win + r.push + r.lose == comb(28, 4)


@pytest.mark.parametrize("hand", SPECIAL_HANDS[1:])
def test_reference_equals_fast_on_special_hands(hand: str) -> None:
    tiles = parse_tiles(hand)
    for banking in (False, True):
        ref = reference_advise(tiles, WAYS["role-aware"], banking)
        fast = advise(tiles, WAYS["role-aware"], banking)
        got = sorted((f.win, f.push, f.lose) for f in fast.settings)
        assert got == sorted((r.win, r.push, r.lose) for r in ref)


@pytest.mark.parametrize("banking", [False, True], ids=["player", "banker"])
def test_brute_force_equals_inclusion_exclusion_on_every_hand(banking: bool) -> None:
    way = WAYS["role-aware"]
    bw, bp, bl = brute_split_counts(way, banking)
    # the brute force counts win, push and lose separately: every deal is counted once
    assert (bw + bp + bl == comb(28, 4)).all()
    assert int((bw + bp + bl).sum()) == comb(32, 4) * comb(28, 4) * 3
    iw, il = split_counts(way, banking, use_cache=False)
    assert np.array_equal(bw, iw)
    assert np.array_equal(bl, il)


@pytest.mark.slow
def test_brute_force_equals_inclusion_exclusion_house_way() -> None:
    way = house_way()
    for banking in (False, True):
        bw, _, bl = brute_split_counts(way, banking)
        iw, il = split_counts(way, banking, use_cache=False)
        assert np.array_equal(bw, iw) and np.array_equal(bl, il)


def test_advise_counts_sum_to_20475_for_every_setting() -> None:
    # the one-hand kernel behind advise counts each outcome on its own (the brute-force
    # test above runs it on all hands); here through advise itself, on 1,500 hands a role
    way = WAYS["role-aware"]
    for banking in (False, True):
        for hand in sample_hands(1500, seed=11 + banking):
            a = advise(hand, way, banking)
            for s in a.settings:
                assert s.win + s.push + s.lose == 20_475
                assert min(s.win, s.push, s.lose) >= 0


def test_advise_lists_each_distinct_setting_once_and_marks_the_best_ev() -> None:
    way = WAYS["highest-high"]
    for hand in sample_hands(40, seed=3):
        a = advise(hand, way, False)
        assert len(a.settings) == len(settings(hand))
        assert sum(s.best for s in a.settings) == 1
        assert a.settings[a.best].best
        assert a.settings[a.best].ev == max(s.ev for s in a.settings)
        for s in a.settings:
            assert s.win + s.push + s.lose == 20_475


def test_hand_index_is_the_position_of_the_sorted_ids() -> None:
    for h in (0, 1, 12345, N_HANDS - 1):
        a, b, c, d = (int(i) for i in HANDS[h])
        assert a < b < c < d
        assert h == comb(a, 1) + comb(b, 2) + comb(c, 3) + comb(d, 4)
        # index_of takes the first copy of each face: the same faces, maybe other copies
        assert sorted(map(str, tiles_of(index_of(tiles_of(h))))) == sorted(map(str, tiles_of(h)))
    assert len({tuple(r) for r in HANDS.tolist()}) == comb(32, 4)


def test_no_value_gee_joon_variant_reference_brute_and_ie_agree() -> None:
    rules = TileRules("no_value")
    way = RoleAware(rules)
    bw, _, bl = brute_split_counts(way, False, rules)
    iw, il = split_counts(way, False, rules, use_cache=False)
    assert np.array_equal(bw, iw) and np.array_equal(bl, il)
    hand = parse_tiles("2-1 6-6 4-2 5-5")  # a lone Gee Joon tile breaking ties matters here
    ref = reference_advise(hand, way, False, rules=rules)
    fast = advise(hand, way, False, rules=rules)
    assert sorted((r.win, r.push, r.lose) for r in ref) == sorted(
        (f.win, f.push, f.lose) for f in fast.settings)
