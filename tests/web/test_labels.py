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


def _rounds(game: str, way: str, n: int) -> list[tuple[object, dict[str, object]]]:
    """``n`` settled rounds of a table of bots that take the bank (seeded), each with the
    page's story of it."""
    from paigow.store import open_store
    from paigow.table.chance import seeded_chance
    from paigow.table.session import build_table
    from paigow.web.view import round_story

    opts = TableOptions(game=game, house_way=way, bot_ways=(way,), bot_bank="take", seats=4)
    table = build_table(opts, open_store(":memory:"), seeded_chance(24))
    out = []
    while len(out) < n:
        record = table.play_round()
        if record is not None:
            out.append((record, round_story(record, {})))
    return out


def test_issue_24_1_10_a_bot_bankers_rule_reads_as_the_house_ways_numbered_rule() -> None:
    """Issue 24 §1.10: a bot banker's rule read "house: house 1.1" on the page. Every hand
    a bot set, the bank's too, now reads "house way rule N: words", N and the words being
    the house way's own decision for that hand, asked here again."""
    from paigow.poker.cards import parse_cards
    from paigow.tiles.tile import parse_tiles
    from paigow.ways import POKER, TILES, get_way

    for game, way in (("poker", "house"), ("tiles", "australian")):
        house = get_way(way, POKER) if game == "poker" else get_way(way, TILES)
        banked = 0
        for record, story in _rounds(game, way, 12):
            banked += record.banker.kind == "player"  # type: ignore[attr-defined]
            told = {h["place"]: h["rule_text"]
                    for h in [story["bank_hand"], *story["seats"]]}  # type: ignore[list-item]
            for h in record.hands:  # type: ignore[attr-defined]
                pieces = parse_cards(h.hand) if game == "poker" else parse_tiles(h.hand)
                d = house.choose(pieces, h.role == "banker")  # type: ignore[arg-type]
                assert told[h.place] == f"house way rule {d.rule.number}: {d.rule.words}"
        assert banked > 0, game  # a bot banked: the case of the report
