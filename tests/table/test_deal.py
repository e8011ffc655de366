"""Dealing by the dice (RULES.md 1.6, 2.6), every total 3..18, both directions.

Places are numbered clockwise from the dealer (place 0). Counting *counterclockwise* from
a place means going to the place with the next lower number (0 → 7 at an 8-place table);
*clockwise*, the next higher. The expected places below are written out by hand.
"""

from __future__ import annotations

import pytest

from paigow.errors import PaigowError
from paigow.table.deal import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    Cut,
    Woodpile,
    count_places,
    deal_order,
    deal_poker,
    deal_tiles,
)
from paigow.table.poker_game import PokerGame
from paigow.table.tiles_game import TilesGame

# Tiles, house banking (place 0), counting counterclockwise 0 (=1), 7 (=2), 6 (=3), ...
TILES_FROM_HOUSE = {
    3: 6, 4: 5, 5: 4, 6: 3, 7: 2, 8: 1, 9: 0, 10: 7,
    11: 6, 12: 5, 13: 4, 14: 3, 15: 2, 16: 1, 17: 0, 18: 7,
}
# Tiles, a player banking at place 3: 3 (=1), 2, 1, 0, 7, 6, 5, 4, 3 (=9), ...
TILES_FROM_SEAT_3 = {
    3: 1, 4: 0, 5: 7, 6: 6, 7: 5, 8: 4, 9: 3, 10: 2,
    11: 1, 12: 0, 13: 7, 14: 6, 15: 5, 16: 4, 17: 3, 18: 2,
}
# Poker, counting clockwise from the first place (place 0) as 1, seven places:
POKER_FIRST = {
    3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 0, 9: 1, 10: 2,
    11: 3, 12: 4, 13: 5, 14: 6, 15: 0, 16: 1, 17: 2, 18: 3,
}


@pytest.mark.parametrize("total", range(3, 19))
def test_tiles_count_counterclockwise_from_the_house(total: int) -> None:
    pile = Woodpile(tuple(range(32)))
    dealt = deal_tiles(pile, total, banker_place=0)
    first = TILES_FROM_HOUSE[total]
    assert dealt[first] == (0, 1, 2, 3)  # stack 1 goes to the place the count reaches
    # the others follow counterclockwise, one stack each, empty places included
    for k in range(8):
        assert dealt[(first - k) % 8] == tuple(range(4 * k, 4 * k + 4))


@pytest.mark.parametrize("total", range(3, 19))
def test_tiles_count_from_a_player_banker(total: int) -> None:
    dealt = deal_tiles(Woodpile(tuple(range(32))), total, banker_place=3)
    assert dealt[TILES_FROM_SEAT_3[total]] == (0, 1, 2, 3)
    assert sorted(dealt) == list(range(8))


@pytest.mark.parametrize("total", range(3, 19))
def test_poker_count_clockwise_from_the_first_place(total: int) -> None:
    deck = list(range(53))
    hands, unused = deal_poker(deck, total)
    first = POKER_FIRST[total]
    for k in range(7):  # hand k+1 goes k places clockwise after the first
        assert hands[(first + k) % 7] == tuple(range(7 * k, 7 * k + 7))
    assert unused == (49, 50, 51, 52)  # four cards are not used


@pytest.mark.parametrize("total", range(3, 19))
def test_both_directions_at_both_sizes(total: int) -> None:
    for places in (7, 8):
        cw = deal_order(0, total, places, CLOCKWISE)
        ccw = deal_order(0, total, places, COUNTERCLOCKWISE)
        # counting the other way round reaches the mirror place
        assert cw[0] == (total - 1) % places
        assert ccw[0] == (-(total - 1)) % places
        assert sorted(cw) == sorted(ccw) == list(range(places))
        assert cw[1] == (cw[0] + 1) % places and ccw[1] == (ccw[0] - 1) % places


def test_games_deal_in_their_directions() -> None:
    assert TilesGame(None).direction == COUNTERCLOCKWISE
    assert PokerGame(None).direction == CLOCKWISE
    # the poker deal ignores the banker's place: the count starts at the first place
    g = PokerGame(None)
    deck = list(range(53))
    assert g.deal(deck, 10, banker_place=4) == g.deal(deck, 10, banker_place=0)
    # the tile deal counts from the banker's place
    t = TilesGame(None)
    tiles = t.deck()
    assert t.deal(tiles, 3, 0) != t.deal(tiles, 3, 3)


def test_count_places_rejects_nonsense() -> None:
    with pytest.raises(PaigowError):
        count_places(0, 0, 8, CLOCKWISE)
    with pytest.raises(PaigowError):
        count_places(0, 5, 8, 2)


def test_a_cut_is_a_permutation_of_the_32_places() -> None:
    with pytest.raises(PaigowError, match="not a permutation"):
        Cut("broken", (*range(31), 0))
    pile = Woodpile(tuple(range(32)))
    swap = Cut.of_stacks("halves swapped", [4, 5, 6, 7, 0, 1, 2, 3])
    cut = pile.cut(swap)
    assert cut.stack(0) == (16, 17, 18, 19) and cut.stack(7) == (12, 13, 14, 15)
    assert sorted(cut.places) == list(range(32))
    # a cut given place by place: reverse the whole woodpile
    rev = Cut("reversed", tuple(range(31, -1, -1)))
    assert pile.cut(rev).stack(0) == (31, 30, 29, 28)
    with pytest.raises(PaigowError):
        Cut.of_stacks("short", [0, 1, 2])


def test_a_tile_table_deals_after_its_cut() -> None:
    swap = Cut.of_stacks("halves swapped", [4, 5, 6, 7, 0, 1, 2, 3])
    t = TilesGame(None, cut=swap)
    deck = t.deck()
    dealt = t.deal(deck, 9, 0)  # 9 from the house: place 0 takes the first stack
    assert dealt[0] == tuple(deck[16:20])
