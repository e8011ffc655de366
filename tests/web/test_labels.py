"""Issue 16 §1: the page never names a hand other than the one it shows.

The setter shows the pieces at ``high_pos`` under ``high_name`` and those at ``low_pos``
under ``low_name`` (:func:`paigow.web.view.arrangements`). The names are checked here
against the engine's evaluators called on the pieces themselves (tiles:
:func:`paigow.tiles.hand.hand_value`; poker: ``rank5``/``rank2``), and the high hand of a
tile arrangement must not rank below its low hand (RULES.md 1.4: the table orders them).
The browser test checks the same on the page, deal after deal.
"""

from __future__ import annotations

import random
from itertools import combinations

from paigow.poker.rank import rank2, rank5
from paigow.table.session import TableOptions, make_game
from paigow.tiles.hand import hand_value
from paigow.tiles.tile import DECK
from paigow.web.view import arrangements


def test_every_tile_hand_names_the_pieces_shown_in_each_zone() -> None:
    """Every distinct set of four tile faces (8,130, RULES.md 1.8) in one dealt order,
    and 300 random dealt orders."""
    game, _ = make_game(TableOptions())
    seen: set[tuple[str, ...]] = set()
    hands = []
    for four in combinations(range(32), 4):
        key = tuple(sorted(str(DECK[i]) for i in four))
        if key not in seen:
            seen.add(key)
            hands.append(tuple(DECK[i] for i in four))
    assert len(hands) == 8_130
    rng = random.Random(16)
    hands += [tuple(rng.sample(DECK, 4)) for _ in range(300)]
    swapped = 0
    for hand in hands:
        for key, a in arrangements(game, hand).items():
            high = [hand[i] for i in a["high_pos"]]
            low = [hand[i] for i in a["low_pos"]]
            assert sorted(a["high_pos"] + a["low_pos"]) == [0, 1, 2, 3], (hand, key)
            hv, lv = hand_value(high), hand_value(low)
            assert (hv.name, lv.name) == (a["high_name"], a["low_name"]), (hand, key, a)
            assert hv.code >= lv.code, (hand, key, a)
            swapped += a["low_pos"] != [int(x) for x in key.split(",")]
    assert swapped > 0  # the case of the bug: the pieces named low made the higher hand


def test_the_two_keys_of_one_tile_split_name_its_hands_alike() -> None:
    """At tiles a key names either hand of a split ("0,3" and "1,2" are one split), so both
    keys must put the same pieces high, ties included (two 0-point hands: RULES.md 1.4
    leaves their order free, the page must not): every distinct hand of four faces."""
    game, _ = make_game(TableOptions())
    seen: set[tuple[str, ...]] = set()
    ties = 0
    for four in combinations(range(32), 4):
        hand = tuple(DECK[i] for i in four)
        key = tuple(sorted(str(t) for t in hand))
        if key in seen:
            continue
        seen.add(key)
        a = arrangements(game, hand)
        for one, other in (("0,1", "2,3"), ("0,2", "1,3"), ("0,3", "1,2")):
            assert a[one]["high_pos"] == a[other]["high_pos"], (hand, one, other)
            ties += a[one]["high_name"] == a[one]["low_name"]
    assert ties > 0  # the case that differed: two hands of one value


def test_every_poker_arrangement_names_the_pieces_shown() -> None:
    game, _ = make_game(TableOptions(game="poker", house_way="house", bot_ways=("house",)))
    rng = random.Random(16)
    deck = list(game.deck())
    for _ in range(40):
        hand = tuple(rng.sample(deck, 7))
        table = arrangements(game, hand)
        assert len(table) == 21  # RULES.md 2.8: 21 settings of seven cards
        for key, a in table.items():
            five = [game.piece_text(hand[i]) for i in a["high_pos"]]
            two = [game.piece_text(hand[i]) for i in a["low_pos"]]
            assert a["low_pos"] == [int(x) for x in key.split(",")]
            assert rank5(" ".join(five)).description == a["high_name"]
            assert rank2(" ".join(two)).description == a["low_name"]
