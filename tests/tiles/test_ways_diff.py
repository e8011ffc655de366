"""ways-diff (issue 12): its total over every hand two ways set differently equals the
difference of their exact edges, whatever the ways, role and commission."""

from __future__ import annotations

from fractions import Fraction

import pytest
from waykit import HighestHigh, RoleAware

from paigow.analysis.tiles_diff import by_group, ways_diff
from paigow.analysis.tiles_odds import OptimalWay, advise, edge
from paigow.analysis.tiles_tables import N_HANDS
from paigow.ways import TILES, get_way


@pytest.mark.parametrize("a,b,banking,rate", [
    ("australian", "luger", False, Fraction(5, 100)),
    ("harrahs", "eighty", True, Fraction(5, 100)),
    ("australian", "eighty", False, Fraction(0)),
])
def test_ways_diff_total_equals_the_difference_of_the_exact_edges(
    a: str, b: str, banking: bool, rate: Fraction
) -> None:
    dealer = get_way("australian", TILES)
    d = ways_diff(get_way(a, TILES), get_way(b, TILES), dealer, banking, rate)
    ea = edge(get_way(a, TILES), dealer, banking, rate)
    eb = edge(get_way(b, TILES), dealer, banking, rate)
    assert d.total == eb.edge - ea.edge
    assert sum(v for _, _, v in by_group(d)) == d.total
    assert sum(v for _, _, v in by_group(d, "rule_b")) == d.total


def test_ways_diff_of_a_way_with_itself_is_empty() -> None:
    w = get_way("luger", TILES)
    d = ways_diff(w, w, get_way("australian", TILES), banking=True)
    assert d.rows == () and d.total == 0 and d.hands == 0


def test_ways_diff_rows_agree_with_exact_advice_and_count_hands() -> None:
    dealer = get_way("australian", TILES)
    d = ways_diff(HighestHigh(), RoleAware(), dealer)
    assert d.total == edge(RoleAware(), dealer).edge - edge(HighestHigh(), dealer).edge
    assert 0 < d.hands <= N_HANDS
    for r in d.rows[:: max(1, len(d.rows) // 20)]:
        a = advise(r.tiles, dealer)
        evs = {s.ev for s in a.settings if s.setting.same_way(r.setting_a)}
        assert evs == {r.ev_a}
        assert {s.ev for s in a.settings if s.setting.same_way(r.setting_b)} == {r.ev_b}
        assert not r.setting_a.same_way(r.setting_b)
        assert r.value == r.hands * (r.ev_a - r.ev_b) / N_HANDS


def test_ways_diff_optimal_never_loses_to_a_house_way_on_any_class() -> None:
    dealer = get_way("australian", TILES)
    d = ways_diff(OptimalWay(dealer), dealer, dealer)
    assert all(r.ev_a >= r.ev_b for r in d.rows)
    assert d.total == edge(dealer, dealer).edge - edge(OptimalWay(dealer), dealer).edge > 0


def test_ways_diff_of_a_way_file_and_the_code_it_mirrors_is_empty() -> None:
    d = ways_diff(get_way("australian.toml", TILES), get_way("australian", TILES), get_way("luger", TILES))
    assert d.rows == () and d.total == 0
