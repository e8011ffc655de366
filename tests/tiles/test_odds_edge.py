"""The edge of a way over all 736,281,000 matchups, and the optimal way.

Facts checked: the counts cover every deal; the house edge agrees with settling every
outcome with ``settle_bet`` (RULES.md 1.5) and with the average of the per-hand EVs; the
standard deviation agrees with a direct sum; the role-swap identity (a banking hand's
counts are the mirror image of the player's); the banker's advantage from copies; and
the optimal way, checked on all hands with counts from the brute-force kernel (not the
inclusion-exclusion kernel the optimal way is built on), is never worse than any way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pytest
from waykit import HighestHigh, RoleAware

from paigow.analysis.tiles_odds import (
    OptimalWay,
    advise,
    brute_split_counts,
    edge,
)
from paigow.analysis.tiles_tables import N_HANDS, index_of, split_of, tiles_of, way_choices
from paigow.settle import Commission, Outcome, expected_value, settle_bet
from paigow.tiles.tile import Tile
from paigow.tiles.ways import Decision, TileWay
from paigow.ways import TILES, get_way

MATCHUPS = comb(32, 4) * comb(28, 4)
FIVE = Fraction(5, 100)


HIGH = HighestHigh()
ROLE = RoleAware()


@cache
def house_way() -> TileWay:
    """The Australian house way once it exists; until then a test way."""
    try:
        return get_way("australian", TILES)
    except ImportError:
        return HIGH


@cache
def named_ways() -> tuple[TileWay, ...]:
    """Every house way of the registry that exists yet, and the two test ways."""
    out: list[TileWay] = [HIGH, ROLE]
    for name in ("australian", "luger", "harrahs", "eighty"):
        try:
            out.append(house_way() if name == "australian" else get_way(name, TILES))
        except ImportError:
            continue
    return tuple(out)


_BRUTE: dict[tuple[int, bool], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def brute(way: TileWay, banking: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Brute-force counts against ``way`` (shared by the tests of this module)."""
    key = (id(way), banking)
    if key not in _BRUTE:
        _BRUTE[key] = brute_split_counts(way, banking)
    return _BRUTE[key]


def money_edge(win: int, push: int, lose: int, rate: Fraction) -> Fraction:
    """The house edge by settling every outcome of a 1.00 bet in cents."""
    c = Commission(rate=rate)
    stake = 100
    net = (
        win * settle_bet(Outcome.WIN, stake, c).net
        + push * settle_bet(Outcome.PUSH, stake, c).net
        + lose * settle_bet(Outcome.LOSE, stake, c).net
    )
    return -Fraction(net, stake * (win + push + lose))


@pytest.mark.parametrize("banking", [False, True], ids=["player", "banker"])
def test_edge_counts_cover_all_736281000_matchups(banking: bool) -> None:
    e = edge(ROLE, HIGH, banking)
    assert e.win + e.push + e.lose == e.total == MATCHUPS == 736_281_000
    # the brute force counts pushes on its own: the same number
    w, p, lo = brute(HIGH, banking)
    choice = way_choices(ROLE, banking)
    rows = np.arange(N_HANDS)
    assert (int(w[rows, choice].sum()), int(p[rows, choice].sum()), int(lo[rows, choice].sum())) \
        == (e.win, e.push, e.lose)
    assert e.p_win + e.p_push + e.p_lose == 1


@pytest.mark.parametrize("rate", [FIVE, Fraction(0)], ids=["5%", "0%"])
@pytest.mark.parametrize("pair", ["role-high", "house-house"])
def test_edge_is_p_lose_less_paid_share_of_p_win(pair: str, rate: Fraction) -> None:
    player, dealer = (ROLE, HIGH) if pair == "role-high" else (house_way(), house_way())
    e = edge(player, dealer, False, rate)
    # identity between two computations: settling each outcome in cents, and the formula
    assert e.edge == money_edge(e.win, e.push, e.lose, rate)
    assert e.edge == e.p_lose - (1 - rate) * e.p_win


def test_edge_is_the_average_of_the_per_hand_evs() -> None:
    # every hand is dealt 20,475 opponent hands, so the mean of per-hand EVs is the EV
    w, p, lo = brute(HIGH, False)
    choice = way_choices(ROLE, False)
    total = Fraction(0)
    for h in range(N_HANDS):
        s = int(choice[h])
        total += expected_value(int(w[h, s]), int(p[h, s]), int(lo[h, s]), FIVE)
    assert -total / N_HANDS == edge(ROLE, HIGH, False, FIVE).edge


def test_standard_deviation_of_one_bet() -> None:
    e = edge(ROLE, HIGH, False, FIVE)
    mean = -e.edge
    var = sum(
        (p * (x - mean) ** 2 for x, p in ((Fraction(95, 100), e.p_win), (Fraction(0), e.p_push),
                                          (Fraction(-1), e.p_lose))),
        Fraction(0),
    )
    assert e.variance == var
    assert e.sd == pytest.approx(float(var) ** 0.5, rel=1e-12)


@pytest.mark.parametrize("pair", ["role-high", "high-role", "house-house"])
def test_role_swap_mirrors_counts(pair: str) -> None:
    """Deal hand X to a player of way A and hand Y to a banker of way B; renaming X and Y,
    the same deals are a bank of way B (hand X) against a player of way A (hand Y). So B's
    banking counts are A's player counts with win and lose exchanged, copies included."""
    pairs: dict[str, tuple[TileWay, TileWay]] = {
        "role-high": (ROLE, HIGH), "high-role": (HIGH, ROLE),
        "house-house": (house_way(), house_way()),
    }
    a, b = pairs[pair]
    as_player = edge(a, b, banking=False, commission=0)
    as_bank = edge(b, a, banking=True, commission=0)
    assert (as_bank.win, as_bank.push, as_bank.lose) == \
        (as_player.lose, as_player.push, as_player.win)
    assert as_bank.ev == -as_player.ev  # with no commission the game is zero-sum


def test_copies_favour_the_banker_between_equal_ways() -> None:
    # a role-blind way against itself: the deals are symmetric, but every copy and every
    # 0-0 goes to the banker, so the player loses strictly more often than it wins
    e = edge(HIGH, HIGH, False, 0)
    assert e.lose > e.win
    assert e.edge > 0


@pytest.mark.slow
@pytest.mark.parametrize("banking", [False, True], ids=["player", "banker"])
def test_optimal_is_never_worse_than_any_way_on_any_hand(banking: bool) -> None:
    dealer = house_way()
    opt = OptimalWay(dealer, commission=FIVE)
    w, _, lo = brute(dealer, banking)  # not the kernel the optimal way uses
    score = 95 * w - 100 * lo  # 100 x EV x 20,475
    rows = np.arange(N_HANDS)
    best = score[rows, opt.split_choices(banking)]
    assert (best == score.max(axis=1)).all()
    opt_edge = edge(opt, dealer, banking, FIVE)
    for way in named_ways():
        mine = score[rows, way_choices(way, banking)]
        worse = np.flatnonzero(best < mine)
        assert worse.size == 0, (way.name, [tiles_of(int(h)) for h in worse[:3]])
        assert opt_edge.edge <= edge(way, dealer, banking, FIVE).edge


@pytest.mark.parametrize("banking", [False, True], ids=["player", "banker"])
def test_optimal_way_choose_takes_the_best_setting_of_advise(banking: bool) -> None:
    opt = OptimalWay(ROLE, commission=FIVE)
    assert isinstance(opt, TileWay) and opt.name == "optimal"
    rng = random.Random(5)
    for _ in range(200):
        hand = list(tiles_of(rng.randrange(N_HANDS)))
        rng.shuffle(hand)
        d = opt.choose(hand, banking)
        a = advise(hand, ROLE, banking, FIVE)
        evs = {split_of(hand, s.setting): s.ev for s in a.settings}
        assert evs[split_of(hand, d.setting)] == max(evs.values())
        assert d.rule.text.startswith("optimal: EV ") and "role-aware" in d.rule.text
        assert opt.split_choices(banking)[index_of(hand)] == split_of(hand, d.setting)


def test_optimal_edge_through_choose_equals_the_fast_path() -> None:
    # the optimal way seen only through choose() (like any other way) gives the same edge
    opt = OptimalWay(HIGH, commission=FIVE)

    class Opaque:
        name = "opaque"

        def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision:
            return opt.choose(tiles, banking)

    via_choose = edge(Opaque(), HIGH, False, FIVE)
    direct = edge(opt, HIGH, False, FIVE)
    assert (via_choose.win, via_choose.push, via_choose.lose) == \
        (direct.win, direct.push, direct.lose)
