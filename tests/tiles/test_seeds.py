"""Every example in the seed documents about tiles, values and comparison.

Each test is named after its seed file and section; the docstring quotes the seed.
"""

from __future__ import annotations

import itertools

import pytest

from paigow.tiles import TileRules, compare, hand_value, parse_tiles, settings
from paigow.tiles.hand import tiebreak_strength
from paigow.tiles.tile import DECK, FACES, parse_tile

NO_VALUE = TileRules("no_value")


def pts(text: str) -> int | None:
    return hand_value(parse_tiles(text)).points


# ---------------------------------------------------------------- seed 000 -----------------


def test_seed000_introduction_eleven_duplicated_tiles_32_in_all() -> None:
    """'all pairs of numbers from 1-1 to 6-6, with the following eleven tiles duplicated:
    6-6, 6-5, 6-4, 6-1, 5-5, 5-1, 4-4, 3-3, 3-1, 2-2, 1-1. There are 32 tiles in all.'"""
    assert len(DECK) == 32
    assert len(FACES) == 21  # all pairs from 1-1 to 6-6
    doubled = {str(t) for t in FACES if DECK.count(t) == 2}
    assert doubled == {"6-6", "6-5", "6-4", "6-1", "5-5", "5-1", "4-4", "3-3", "3-1", "2-2", "1-1"}


def test_seed000_ranking_of_pairs_1_gee_joon_highest() -> None:
    """'The highest possible pair is the Gee Joon, made up of [4-2] and [2-1]'."""
    gj = hand_value(parse_tiles("4-2 2-1"))
    assert gj.kind == "pair" and gj.name == "Gee Joon pair"
    for other in ("6-6 6-6", "1-1 1-1", "6-6 5-4"):
        assert compare(parse_tiles("4-2 2-1"), parse_tiles(other)).winner == "player"


PAIR_ORDER_000 = [
    "6-6 6-6", "1-1 1-1", "4-4 4-4", "3-1 3-1", "5-5 5-5", "3-3 3-3", "2-2 2-2", "6-5 6-5",
    "6-4 6-4", "6-1 6-1", "5-1 5-1", "6-3 5-4", "6-2 5-3", "5-2 4-3", "4-1 3-2",
]


def test_seed000_ranking_of_pairs_2_bo_order() -> None:
    """The pairs (Bo) 'in order of rank from high to low': Heaven, Earth, Man, Goose, Plum
    Flower, Double Three, Board, Hatchet, Red Ten, Long Leg Seven, Big Head Six, mixed nine,
    mixed eight, mixed seven, mixed five."""
    codes = [hand_value(parse_tiles(p)).code for p in PAIR_ORDER_000]
    assert all(hand_value(parse_tiles(p)).kind == "pair" for p in PAIR_ORDER_000)
    assert codes == sorted(codes, reverse=True) and len(set(codes)) == len(codes)
    # each pair beats the next one, as a player hand against a banker hand
    for hi, lo in itertools.pairwise(PAIR_ORDER_000):
        assert compare(parse_tiles(hi), parse_tiles(lo)).winner == "player"


def test_seed000_ranking_of_pairs_3_wongs() -> None:
    """'Wongs ... a nine paired with a double six or double one. The double six combinations
    outrank the double one combinations.' [6-6]+[6-3], [6-6]+[5-4], [1-1]+[6-3], [1-1]+[5-4]."""
    for h in ("6-6 6-3", "6-6 5-4", "1-1 6-3", "1-1 5-4"):
        assert hand_value(parse_tiles(h)).kind == "wong"
        assert hand_value(parse_tiles(h)).points == 11
    assert compare(parse_tiles("6-6 6-3"), parse_tiles("1-1 5-4")).winner == "player"
    assert compare(parse_tiles("1-1 6-3"), parse_tiles("6-6 5-4")).winner == "banker"
    # a Wong is beneath every pair
    assert compare(parse_tiles("6-6 6-3"), parse_tiles("4-1 3-2")).winner == "banker"


def test_seed000_ranking_of_pairs_4_gongs() -> None:
    """'Gongs. They are a eight paired with a double six or double one. The double six
    combinations outrank the double one combinations.' Including [6-6]+[4-4]."""
    for h in ("6-6 6-2", "6-6 5-3", "6-6 4-4", "1-1 6-2", "1-1 5-3", "1-1 4-4"):
        assert hand_value(parse_tiles(h)).kind == "gong"
        assert hand_value(parse_tiles(h)).points == 10
    assert compare(parse_tiles("6-6 6-2"), parse_tiles("1-1 4-4")).winner == "player"
    # Gong is beneath Wong
    assert compare(parse_tiles("6-6 4-4"), parse_tiles("1-1 5-4")).winner == "banker"


def test_seed000_ranking_of_pairs_5_modulus_ten() -> None:
    """'add up all the pips on the two tiles and take the total, modulus ten'."""
    assert pts("6-5 6-4") == 1  # 21
    assert pts("4-3 3-2") == 2  # 12


TILE_ORDER_000 = [
    "6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1",
    "6-3", "5-4", "6-2", "5-3", "4-3", "5-2", "4-2", "4-1", "3-2", "2-1",
]


def test_seed000_ranking_of_pairs_6_single_tile_order() -> None:
    """'in the event of a tie, the ranking is settled based on individual tile values. From
    high to low': Teen, Day, Yun, Gor, Mooy, Chong, Bon, Foo, Ping, Tit, Look, Gow, Bot, Chut
    (RULES.md: the seed's '[6-1] and [5-2]' is a misprint for 4-3 and 2-5), Luk [4-2], Ng
    [4-1], Ng [3-2], Saam [2-1]. 'they are the lowest ranking single tiles'."""
    strengths = [tiebreak_strength(parse_tile(t)) for t in TILE_ORDER_000]
    assert strengths == sorted(strengths, reverse=True)
    # tiles listed together (Gow, Bot, Chut, Ng) are equal; the others strictly ordered
    groups = [["6-3", "5-4"], ["6-2", "5-3"], ["4-3", "5-2"], ["4-1", "3-2"]]
    for g in groups:
        assert len({tiebreak_strength(parse_tile(t)) for t in g}) == 1
    assert len(set(strengths)) == len(TILE_ORDER_000) - len(groups)


def test_seed000_strategy_example_three_ways() -> None:
    """'assume are dealt [5-6], [3-2], [6-4], and [4-3]. (A) [5-6]+[6-4] = one, [4-3]+[3-2]
    = two; (B) [5-6]+[3-2] = six, [6-4]+[4-3] = seven; (C) [5-6]+[4-3] = eight, [6-4]+[3-2]
    = five.'"""
    found = {
        frozenset({(s.high_value.points, frozenset(map(str, s.high))),
                   (s.low_value.points, frozenset(map(str, s.low)))})
        for s in settings(parse_tiles("5-6 3-2 6-4 4-3"))
    }
    expected = {
        frozenset({(1, frozenset({"6-5", "6-4"})), (2, frozenset({"4-3", "3-2"}))}),
        frozenset({(6, frozenset({"6-5", "3-2"})), (7, frozenset({"6-4", "4-3"}))}),
        frozenset({(8, frozenset({"6-5", "4-3"})), (5, frozenset({"6-4", "3-2"}))}),
    }
    assert found == expected


def test_seed000_basic_scoring_examples() -> None:
    """'1-3 with 2-3: value 9; 2-3 with 5-6: value 6 (16 pips; drop the 10); 5-5 with 4-6:
    value 0 (20 pips)'."""
    assert (pts("1-3 2-3"), pts("2-3 5-6"), pts("5-5 4-6")) == (9, 6, 0)


def test_seed000_gee_joon_tiles_score_3_or_6() -> None:
    """'these tiles may be scored as either 3 or 6, whichever results in a higher hand value.
    For example, a hand of 1-2 and 5-6 scores as seven rather than four.'"""
    assert pts("1-2 5-6") == 7
    assert pts("2-4 5-6") == 7
    assert pts("1-2 1-5") == 9  # 3 + 6
    assert pts("2-4 4-4") == 4  # 6 + 8 = 14 beats 3 + 8 = 11


def test_seed000_pairs_mixed_tiles_of_same_total_do_not_pair() -> None:
    """'If a hand contained one of the tiles on the left [4-4] and one of the tiles on the
    right [mixed eights], these would not form a pair at all'."""
    assert hand_value(parse_tiles("4-4 5-3")).kind == "points"
    assert hand_value(parse_tiles("4-4 5-3")).points == 6


def test_seed000_ties_highest_tile_wins() -> None:
    """'a player's hand of 3-4 and 2-2 and a dealer's hand of 5-6 and 5-5 would each score
    one point. However, since the dealer's 5-5 outranks the other three tiles, he would win'."""
    c = compare(parse_tiles("3-4 2-2"), parse_tiles("5-6 5-5"))
    assert c.player.points == c.banker.points == 1
    assert c.winner == "banker"
    # and the other way round, the higher tile wins for the player
    assert compare(parse_tiles("5-6 5-5"), parse_tiles("3-4 2-2")).winner == "player"


def test_seed000_ties_copy_goes_to_dealer() -> None:
    """'if the player held 2-2 and 1-6, and the dealer held 2-2 and 3-4, the dealer would win
    since the scores (1 each) and the higher tiles (2-2) are the same. The lower-ranked tile in
    each hand is never used to break a tie.'"""
    c = compare(parse_tiles("2-2 1-6"), parse_tiles("2-2 3-4"))
    assert c.winner == "banker" and c.reason.startswith("copy")
    # the player's lower tile (Tit) outranks the dealer's (Chop Chit), and still loses
    assert compare(parse_tiles("2-2 3-4"), parse_tiles("2-2 1-6")).winner == "banker"


def test_seed000_ties_zero_zero_goes_to_dealer() -> None:
    """'any zero-zero tie is won by the dealer, regardless of the tiles in the two hands.'"""
    c = compare(parse_tiles("5-5 4-6"), parse_tiles("2-2 3-3"))
    assert c.player.points == c.banker.points == 0
    assert c.winner == "banker" and c.reason.startswith("0-0")


def test_seed000_strategy_pair_means_two_distinct_ways() -> None:
    """'There are three ways to arrange four tiles into two hands when no two of them form a
    pair. However, if there is at least one pair among the tiles, there are only two distinct
    ways to form two hands.'"""
    assert len(settings(parse_tiles("6-5 3-2 6-4 4-3"))) == 3
    assert len(settings(parse_tiles("6-6 6-6 4-3 3-2"))) == 2
    assert len(settings(parse_tiles("6-3 5-4 4-3 3-2"))) == 2  # an unmatched (mixed) pair


def test_seed000_counts_of_hands() -> None:
    """'There are 35,960 possible ways to select 4 of the 32 tiles ... 3620 distinct sets of 4
    tiles when the tiles of a pair are considered indistinguishable ... 496 ways to select 2 ...
    136 distinct hands' (also in seeds 002/003)."""
    from paigow.tiles.facts import compute_facts

    f = compute_facts()
    assert (f.four_tile_hands, f.four_tile_sets_by_class) == (35960, 3620)
    assert (f.two_tile_hands, f.two_tile_hands_by_class) == (496, 136)


# ---------------------------------------------------------------- seed 001 -----------------


def test_seed001_gongs_and_wongs_ten_and_eleven_but_not_twelve() -> None:
    """'If a Day or Teen tile is used with an eight, the pair is worth ten instead of the
    usual zero. ... with a nine, the hand is worth eleven instead of one. But a Day or Teen tile
    used with a ten is only worth two, not twelve'."""
    assert pts("1-1 6-2") == 10 and pts("6-6 6-2") == 10
    assert pts("1-1 6-3") == 11 and pts("6-6 4-5") == 11
    assert pts("1-1 5-5") == 2 and pts("6-6 6-4") == 2


def test_seed001_ties_gee_joon_has_no_value_variant() -> None:
    """'although the Gee Joon tiles form the highest-ranking pair, they are considered to have
    no value when evaluating ties' — RULES.md variant gee_joon_tiebreak='no_value'."""
    # both hands 8 points; highest tiles: 2-4 against 1-4 (ranked), 2-3 against 1-4 (no value)
    p, b = parse_tiles("2-4 2-3"), parse_tiles("1-4 1-2")
    assert hand_value(p).points == hand_value(b).points == 8
    assert compare(p, b, NO_VALUE).winner == "banker"  # 2-3 against 1-4: a copy of fives
    assert compare(p, b).winner == "player"  # ranked: 2-4 outranks the fives
    # under no_value a lone Gee Joon tile ranks below every tile, even the fives
    gj = [tiebreak_strength(t, NO_VALUE) for t in DECK if t.is_gee_joon]
    assert max(gj) < min(tiebreak_strength(t, NO_VALUE) for t in DECK if not t.is_gee_joon)


def test_seed001_modular_examples() -> None:
    """'a 1-3 tile used with a 2-3 tile will score nine ... A 2-3 tile with a 5-6 tile will
    score six ... a 5-5 tile with a 4-6 tile will score zero'."""
    assert (pts("1-3 2-3"), pts("2-3 5-6"), pts("5-5 4-6")) == (9, 6, 0)


# ---------------------------------------------------------------- seeds 002/003 ------------


def test_seed002_named_pairs_table_sixteen_pairs() -> None:
    """'Pai Gow named pairs (Bo)': rank 1 (highest) 4+2, 1+2 Supreme ... 16 (lowest) 3+2, 1+4
    Fives. 'Only the sixteen named pairs are valid.'"""
    table = ["4-2 1-2", *PAIR_ORDER_000]
    assert len(table) == 16
    codes = [hand_value(parse_tiles(p)).code for p in table]
    assert codes == sorted(codes, reverse=True)
    import itertools

    pairs = {
        frozenset((str(a), str(b)))
        for a, b in itertools.combinations(DECK, 2)
        if hand_value((a, b)).kind == "pair"
    }
    assert len(pairs) == 16


def test_seed002_only_named_pairs_valid() -> None:
    """'if a hand contained a Yun (4-4) and a Chop Bot (3-5 or 2-6), these would not form a
    pair ... Look, 1-5, pairs with another Look, not the Gee Joon 2-4 ... Tit, 1-6, pairs with
    another Tit, not the two Chop Chit tiles 2-5 and 3-4, which pair with each other'."""
    for h in ("4-4 3-5", "4-4 2-6", "1-5 2-4", "1-6 2-5", "1-6 3-4"):
        assert hand_value(parse_tiles(h)).kind != "pair", h
    for h in ("1-5 1-5", "1-6 1-6", "2-5 3-4", "3-5 2-6"):
        assert hand_value(parse_tiles(h)).kind == "pair", h


def test_seed002_wong_and_gong_combinations_table() -> None:
    """The 'Wong and Gong combinations' table: Teen/Day with Gow (5-4, 6-3) is a Wong; with
    Yun (4-4) or Bot (5-3, 6-2) a Gong; 'Gongs and Wongs formed with a Teen tile are ranked
    higher than those formed with a Day tile.'"""
    for big in ("6-6", "1-1"):
        for nine in ("5-4", "6-3"):
            assert hand_value(parse_tiles(f"{big} {nine}")).kind == "wong"
        for eight in ("4-4", "5-3", "6-2"):
            assert hand_value(parse_tiles(f"{big} {eight}")).kind == "gong"
    assert compare(parse_tiles("6-6 4-4"), parse_tiles("1-1 5-3")).winner == "player"


def test_seed002_high_nine_is_nine_points() -> None:
    """'The combination of a Day or Teen with a seven (Tit, 1-6; or Chit, 2-5 or 3-4) is
    sometimes referred to as a high nine ... the group contains a high-rank tile for potential
    tiebreaking purposes.'"""
    for h in ("6-6 1-6", "6-6 2-5", "1-1 3-4"):
        hv = hand_value(parse_tiles(h))
        assert hv.kind == "points" and hv.points == 9 and hv.name == "high nine"
    # the high tile wins the tie against an ordinary nine
    assert compare(parse_tiles("1-1 3-4"), parse_tiles("4-4 6-1")).winner == "player"


def test_seed002_modular_arithmetic_examples_1_to_4() -> None:
    """'Basic scoring examples (modulo 10)': Ex. 1 1-3 2-3 → 9; Ex. 2 2-3 5-6 → 6; Ex. 3 5-5
    4-6 → 0; Ex. 4 1-2 5-6 → 3+11=14 or 6+11=17 → 7."""
    assert [pts(h) for h in ("1-3 2-3", "2-3 5-6", "5-5 4-6", "1-2 5-6")] == [9, 6, 0, 7]


def test_seed002_gee_joon_pair_is_unbeatable_rear_hand() -> None:
    """'If the player has both the 1-2 and 2-4 tiles, those collectively form the
    highest-ranked named pair and should be used together to form an unbeatable rear hand.'"""
    import itertools

    gj = parse_tiles("1-2 2-4")
    rest = [t for t in DECK if not t.is_gee_joon]
    for a, b in itertools.combinations(rest, 2):
        assert compare(gj, (a, b)).winner == "player"


def test_seed002_ties_gee_joon_tiles_rank_by_pips() -> None:
    """'the 2-4 ranks sequentially below the Chop Chit tiles (3-4 and 2-5), and the 1-2 ranks
    sequentially last overall, below the Chop Ng tiles (3-2 and 1-4).' (default, ranked)"""
    s = {t: tiebreak_strength(parse_tile(t)) for t in ("3-4", "2-5", "2-4", "3-2", "1-4", "1-2")}
    assert s["3-4"] == s["2-5"] > s["2-4"] > s["3-2"] == s["1-4"] > s["1-2"]
    assert min(tiebreak_strength(t) for t in DECK) == s["1-2"]


@pytest.mark.parametrize("text", ["6-5 5-6 6-5", "1-2 2-1", "4-5 5-4"])
def test_seed000_set_holds_each_tile_as_often_as_listed(text: str) -> None:
    """Eleven faces are duplicated, the others appear once: a hand can't hold more."""
    from paigow.errors import TileError

    with pytest.raises(TileError):
        parse_tiles(text)
