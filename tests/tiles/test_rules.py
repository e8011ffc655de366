"""RULES.md part 1, clause by clause (1.1 to 1.5, 1.8), and an exhaustive consistency check."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from paigow.errors import AmountError, RuleError, SettingError, TileError
from paigow.settle import Commission, HandResult, Outcome, outcome_of, settle_bet
from paigow.tiles import DECK, TileRules, compare, hand_value, parse_tile, parse_tiles, settings
from paigow.tiles.facts import compute_facts
from paigow.tiles.setting import setting_from_text

# ------------------------------------------------------------------ 1.1 tiles and names ----


def test_rules_1_1_sixteen_rank_classes_eleven_civil() -> None:
    classes = {t.class_index for t in DECK}
    assert len(classes) == 16
    civil = {t.class_index for t in DECK if t.rank_class.civil}
    assert len(civil) == 11
    for c in classes:
        assert sum(1 for t in DECK if t.class_index == c) == 2


@pytest.mark.parametrize(
    ("token", "face"),
    [("6-6", "6-6"), ("2-4", "4-2"), ("4-2", "4-2"), ("teen", "6-6"), ("Day", "1-1"),
     ("yun", "4-4"), ("gor", "3-1"), ("mooy", "5-5"), ("chong", "3-3"), ("bon", "2-2"),
     ("foo", "6-5"), ("ping", "6-4"), ("tit", "6-1"), ("look", "5-1")],
)
def test_rules_1_1_notation_pips_either_order_and_civil_names(token: str, face: str) -> None:
    assert str(parse_tile(token)) == face


@pytest.mark.parametrize("token", ["7-1", "0-0", "66", "teem", "chop gow", "", "6-6-6", "gee"])
def test_rules_1_1_anything_else_is_an_error_naming_the_token(token: str) -> None:
    with pytest.raises(TileError) as e:
        parse_tile(token)
    assert repr(token.strip()) in str(e.value)


def test_rules_1_1_mixed_sevens_are_3_4_and_2_5_not_the_misprint() -> None:
    assert parse_tile("3-4").class_name == parse_tile("2-5").class_name == "Chop Chit"
    assert parse_tile("6-1").class_name == "Tit"


# ------------------------------------------------------------------ 1.2 value ----


def test_rules_1_2_1_gee_joon_pair_is_highest() -> None:
    gj = hand_value(parse_tiles("1-2 2-4"))
    best_other = max(hand_value((a, b)).code for a, b in itertools.combinations(DECK, 2)
                     if not (a.is_gee_joon and b.is_gee_joon))
    assert gj.code > best_other


def test_rules_1_2_2_pairs_ranked_by_class_and_above_wong() -> None:
    pair_codes = sorted(
        (hand_value((a, b)).code, a.class_index)
        for a, b in itertools.combinations(DECK, 2) if a.class_index == b.class_index
    )
    assert [c for _, c in pair_codes] == list(range(15, -1, -1))
    wong = hand_value(parse_tiles("6-6 6-3")).code
    assert min(code for code, _ in pair_codes) > wong


def test_rules_1_2_2_different_classes_never_pair_whatever_their_pips() -> None:
    for a, b in itertools.combinations(DECK, 2):
        if a.class_index != b.class_index:
            assert hand_value((a, b)).kind != "pair"


def test_rules_1_2_3_wong_teen_or_day_with_a_nine_teen_beats_day() -> None:
    assert hand_value(parse_tiles("6-6 3-6")).name == "Teen Wong"
    assert hand_value(parse_tiles("1-1 4-5")).name == "Day Wong"
    assert compare(parse_tiles("6-6 3-6"), parse_tiles("1-1 4-5")).winner == "player"


def test_rules_1_2_4_gong_teen_or_day_with_an_eight_teen_beats_day() -> None:
    for eight in ("4-4", "2-6", "3-5"):
        assert hand_value(parse_tiles(f"6-6 {eight}")).name == "Teen Gong"
        assert hand_value(parse_tiles(f"1-1 {eight}")).name == "Day Gong"
    assert compare(parse_tiles("6-6 2-6"), parse_tiles("1-1 4-4")).winner == "player"
    assert compare(parse_tiles("1-1 2-6"), parse_tiles("6-6 3-5")).winner == "banker"


def test_rules_1_2_5_points_modulo_ten_lone_gee_joon_3_or_6() -> None:
    for a, b in itertools.combinations(DECK, 2):
        v = hand_value((a, b))
        if v.kind != "points":
            continue
        options = [x + y for x in ((3, 6) if a.is_gee_joon else (a.pips,))
                   for y in ((3, 6) if b.is_gee_joon else (b.pips,))]
        assert v.points == max(o % 10 for o in options)


def test_rules_1_2_5_high_nine_is_nine_points_not_a_special_rank() -> None:
    hn = hand_value(parse_tiles("6-6 1-6"))
    assert hn.kind == "points" and hn.points == 9
    assert compare(parse_tiles("6-6 1-6"), parse_tiles("1-1 4-4")).winner == "banker"  # Gong


# ------------------------------------------------------------------ 1.3 comparison ----


def test_rules_1_3_higher_value_wins() -> None:
    assert compare(parse_tiles("6-5 3-2"), parse_tiles("6-4 4-3")).winner == "banker"  # 6 v 7


def test_rules_1_3_equal_points_decided_by_highest_single_tile() -> None:
    c = compare(parse_tiles("3-1 2-3"), parse_tiles("6-4 6-3"))  # 4+5 = 9 ; 10+9 = 19
    assert c.player.points == c.banker.points == 9
    assert c.winner == "player"  # Gor outranks Ping


def test_rules_1_3_lower_tile_never_breaks_a_tie() -> None:
    # same highest class (Teen); the player's lower tile (Gor) outranks the banker's (Bon)
    c = compare(parse_tiles("6-6 3-1"), parse_tiles("6-6 2-2"))
    assert c.player.points == c.banker.points == 6
    assert c.winner == "banker" and c.reason.startswith("copy")


def test_rules_1_3_equal_wongs_are_copies_to_the_banker() -> None:
    c = compare(parse_tiles("6-6 6-3"), parse_tiles("6-6 5-4"))
    assert c.winner == "banker" and c.reason.startswith("copy")


def test_rules_1_3_equal_gongs_are_copies_to_the_banker() -> None:
    assert compare(parse_tiles("1-1 4-4"), parse_tiles("1-1 6-2")).winner == "banker"


def test_rules_1_3_zero_zero_goes_to_banker_whatever_the_tiles() -> None:
    zero = [(a, b) for a, b in itertools.combinations(DECK, 2) if hand_value((a, b)).code == 0]
    assert zero and all(hand_value(h).points == 0 for h in zero)
    for p, b in itertools.product(zero, repeat=2):
        if all([*p, *b].count(t) <= t.copies for t in {*p, *b}):  # both from one set
            assert compare(p, b).winner == "banker"


def test_rules_1_3_single_tile_order_ranked_and_no_value_variant() -> None:
    # ranked: 2-4 between sevens and fives; 1-2 last. no_value: both below every tile.
    p, b = parse_tiles("2-4 2-3"), parse_tiles("1-4 1-2")  # 8 points each
    assert compare(p, b, TileRules("ranked")).winner == "player"
    assert compare(p, b, TileRules("no_value")).winner == "banker"
    with pytest.raises(RuleError):
        TileRules("whatever")  # type: ignore[arg-type]


def test_rules_1_3_two_pairs_of_the_same_class_cannot_meet() -> None:
    with pytest.raises(TileError):
        compare(parse_tiles("6-6 6-6"), parse_tiles("6-6 6-6"))


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["ranked", "no_value"])
def test_rules_1_3_exhaustive_consistency_over_all_ordered_disjoint_pairs(variant: str) -> None:
    """Every ordered pair of disjoint two-tile hands (496 x 435): exactly one winner; swapping
    the banker flips it except for copies and 0-0, which the banker wins both ways; and the
    rule-by-rule comparison agrees with the single comparison code the kernels use."""
    rules = TileRules(variant)  # type: ignore[arg-type]
    ids = list(range(32))
    hands = list(itertools.combinations(ids, 2))
    values = {h: hand_value((DECK[h[0]], DECK[h[1]]), rules) for h in hands}
    n = both_banker = 0
    for p in hands:
        for b in hands:
            if set(p) & set(b):
                continue
            n += 1
            pt, bt = (DECK[p[0]], DECK[p[1]]), (DECK[b[0]], DECK[b[1]])
            one = compare(pt, bt, rules)
            two = compare(bt, pt, rules)
            assert one.winner in ("player", "banker")
            assert (one.winner == "player") == (values[p].code > values[b].code)
            if one.winner == "player":
                assert two.winner == "banker"
            elif two.winner == "banker":
                both_banker += 1
                assert one.reason.startswith(("copy", "0-0")), one.reason
                assert two.reason.startswith(("copy", "0-0")), two.reason
    assert n == 496 * 435
    assert both_banker > 0


# ------------------------------------------------------------------ 1.4 setting ----


def test_rules_1_4_three_ways_fewer_when_tiles_repeat() -> None:
    for combo in itertools.combinations(range(32), 4):
        tiles = [DECK[i] for i in combo]
        # tiles of one class stand alike, except the two Gee Joon tiles (2-4 outranks 1-2)
        standing = [(t.class_index, t.pips if t.is_gee_joon else 0) for t in tiles]
        repeated = len(set(standing)) < 4
        assert len(settings(tiles)) == (2 if repeated else 3)


def test_rules_1_4_software_orders_high_and_low_itself() -> None:
    s = setting_from_text(parse_tiles("6-5 3-2 6-4 4-3"), "6-5 6-4", "4-3 3-2")
    assert s.high_value.points == 2 and s.low_value.points == 1
    with pytest.raises(SettingError):
        setting_from_text(parse_tiles("6-5 3-2 6-4 4-3"), "6-5 6-4", "4-3 2-2")


# ------------------------------------------------------------------ 1.5 settling ----


def test_rules_1_5_win_both_win_lose_both_lose_one_each_push() -> None:
    W, L = HandResult.WIN, HandResult.LOSE
    assert outcome_of(W, W) is Outcome.WIN
    assert outcome_of(L, L) is Outcome.LOSE
    assert outcome_of(W, L) is Outcome.PUSH and outcome_of(L, W) is Outcome.PUSH


def test_rules_1_5_even_money_less_five_percent_commission_in_cents() -> None:
    s = settle_bet(Outcome.WIN, 10_000)
    assert (s.net, s.commission) == (9_500, 500)
    assert settle_bet(Outcome.LOSE, 10_000).net == -10_000
    assert settle_bet(Outcome.PUSH, 10_000).net == 0


def test_rules_1_5_commission_rate_is_a_setting_zero_gives_no_commission_game() -> None:
    assert settle_bet(Outcome.WIN, 10_000, Commission(rate=Fraction(0))).net == 10_000
    assert settle_bet(Outcome.WIN, 10_000, Commission(rate=Fraction(1, 10))).net == 9_000


def test_rules_1_5_commission_rounding_is_a_setting_default_down() -> None:
    assert settle_bet(Outcome.WIN, 1_010).commission == 50  # 50.5 cents
    assert settle_bet(Outcome.WIN, 1_010, Commission(rounding="up")).commission == 51
    assert settle_bet(Outcome.WIN, 1_010, Commission(rounding="half_up")).commission == 51
    assert settle_bet(Outcome.WIN, 1_030, Commission(rounding="half_up")).commission == 52


@pytest.mark.parametrize("stake", [0, -5, 1.5, True])
def test_rules_1_5_money_is_positive_integer_minor_units(stake: object) -> None:
    with pytest.raises(AmountError):
        settle_bet(Outcome.WIN, stake)  # type: ignore[arg-type]


# ------------------------------------------------------------------ 1.8 facts ----


def test_rules_1_8_counts() -> None:
    f = compute_facts()
    assert (f.four_tile_hands, f.two_tile_hands) == (35_960, 496)
    assert (f.four_tile_sets_by_class, f.two_tile_hands_by_class) == (3_620, 136)
    assert (f.four_tile_sets_by_face, f.two_tile_hands_by_face) == (8_130, 221)
    assert f.dealer_hands == 20_475
    assert sum(f.two_tile_values.values()) == 496
