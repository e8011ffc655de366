"""A tile strategy a person can learn (issue 25 §3): exact labels, the learner, the written
way file and its ``otherwise`` line, the exact share, the command, the card and the drill.

Every figure is checked against a count made another way: the learner's own sums against
:func:`paigow.analysis.tiles_odds.edge` of the written file (the way-file reader setting
every hand, the inclusion-exclusion kernel counting every matchup), and the share against
three independent edges.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from paigow.analysis import tiles_derive as td
from paigow.analysis.tiles_odds import OptimalWay, edge
from paigow.cli import app
from paigow.tiles.rules import DEFAULT_RULES
from paigow.tiles.setting import settings
from paigow.tiles.tile import parse_tiles
from paigow.tiles.ways._common import pairs_in, ranked_tiles
from paigow.tiles.ways.table_file import distinct_hands
from paigow.tiles.ways.way_file import _compile_rule, _Hand, read_way_text
from paigow.ways import TILES, get_way

runner = CliRunner()


@pytest.fixture(scope="module")
def dealer() -> Any:
    return get_way("australian", TILES)


@pytest.fixture(scope="module")
def labels(dealer: Any) -> td.TileLabels:
    return td.label(dealer, banking=False)


@pytest.fixture(scope="module")
def small_way(labels: td.TileLabels) -> td.Derived:
    return td.learn(labels, max_rules=3, small=True)


def test_labels_count_every_one_of_the_35960_hands_and_their_20475_opponents(
    labels: td.TileLabels,
) -> None:
    # RULES.md 1.8: 8,130 distinct hands by face stand for the 35,960 hands
    assert len(labels.weight) == 8130 and int(labels.weight.sum()) == 35_960
    # each split of each group meets every opponent hand once: win + lose <= hands x 20,475
    assert np.all(labels.win + labels.lose <= labels.weight[:, None] * 20_475)
    w, p, lo = labels.counts(labels.dealer_split)
    assert w + p + lo == 736_281_000


def test_labels_of_the_dealer_way_give_the_edge_of_the_dealer_way_as_player(
    labels: td.TileLabels, dealer: Any,
) -> None:
    e = edge(dealer, dealer, False)
    assert (e.win, e.push, e.lose) == labels.counts(labels.dealer_split)
    assert -e.edge == labels.ev(labels.dealer_split)


def test_labels_best_split_gives_the_optimal_way_edge(labels: td.TileLabels, dealer: Any) -> None:
    e = edge(OptimalWay(dealer), dealer, False)
    assert -e.edge == labels.ev(labels.best_split)


def test_the_share_is_the_exact_identity_of_three_independent_edges(
    small_way: td.Derived, dealer: Any, tmp_path: Path,
) -> None:
    text = td.way_text(small_way, "small", "small", "test")
    way = read_way_text(text, str(tmp_path / "small.toml"), use_cache=False)
    learned = edge(way, dealer, False).edge
    house = edge(dealer, dealer, False).edge
    best = edge(OptimalWay(dealer), dealer, False).edge
    assert small_way.share == (house - learned) / (house - best)
    assert small_way.ev() == -learned
    assert small_way.n_rules <= 3


def test_the_learned_file_reloads_and_sets_every_hand_as_learned(
    small_way: td.Derived, dealer: Any, tmp_path: Path,
) -> None:
    text = td.way_text(small_way, "small", "small", "test")
    counts = td.check_file(text, str(tmp_path / "small.toml"), small_way, dealer)
    assert counts["matchups"] == 736_281_000
    assert (counts["win"], counts["push"], counts["lose"]) == small_way.labels.counts(
        small_way.splits)


def test_each_greedy_step_never_loses_and_the_curve_starts_at_the_dealer_way(
    small_way: td.Derived,
) -> None:
    totals = [s.total for s in small_way.curve]
    assert totals == sorted(totals)
    if small_way.otherwise:
        assert small_way.share_of(totals[0]) == 0


OTHERWISE_ONLY = """[way]
name = "dealer-only"
otherwise = "australian"
[[rule]]
id = "1"
text = "Four Teens (no hand has them): never applies."
tiles = ["Teen", "Teen", "Teen", "Teen"]
prefer = ["max high"]
"""


def test_a_way_file_whose_rules_never_apply_plays_the_otherwise_way_exactly(
    dealer: Any, tmp_path: Path,
) -> None:
    way = read_way_text(OTHERWISE_ONLY, str(tmp_path / "d.toml"), use_cache=False)
    assert way.unreached == ("1",)
    for banking in (False, True):
        a, b = edge(way, dealer, banking), edge(dealer, dealer, banking)
        assert (a.win, a.push, a.lose) == (b.win, b.push, b.lose)
    d = way.choose(parse_tiles("6-5 3-2 6-4 4-3"))
    assert d.rule.text.startswith("dealer-only otherwise: australian 6")


def test_way_file_otherwise_keeps_the_role_of_the_way_it_names(tmp_path: Path) -> None:
    text = OTHERWISE_ONLY.replace('"australian"', '"luger"')
    way = read_way_text(text, str(tmp_path / "l.toml"), use_cache=False)
    luger = get_way("luger", TILES)
    hand = parse_tiles("3-3 3-3 6-6 1-1")  # Luger's columns differ on Chong with Teen Day
    for banking in (False, True):
        assert way.choose(hand, banking).setting.same_way(luger.choose(hand, banking).setting)


def test_way_file_otherwise_refuses_optimal_and_unknown_ways(tmp_path: Path) -> None:
    from paigow.tiles.ways.way_file import WayFileError

    for bad in ("optimal", "nonsense"):
        with pytest.raises(WayFileError, match="otherwise"):
            read_way_text(OTHERWISE_ONLY.replace('"australian"', f'"{bad}"'),
                          str(tmp_path / "x.toml"), use_cache=False)


SPECS = [
    # every statistic of a `when` condition, both comparisons, plain and with a tile, and
    # every action and kind of scope the learner writes
    td.RuleSpec(when=("house low < 4 with High 8", "best high >= 6 with High 6"),
                action="strongest high"),
    td.RuleSpec(hand="no pair", when=("house high >= 9", "best low's high < 8 with Low 7"),
                action="strongest low"),
    td.RuleSpec(hand="no pair", has=("Gee",), when=("best low >= 4", "best high's low < 3"),
                action="close"),
    td.RuleSpec(hand="no pair", has=("Teen or Day",), when=("best high < Gong",),
                action="strongest high"),
    td.RuleSpec(hand="one pair", when=("best low < 8 with High 6",
                                       "best high's low >= 4 with High 7"),
                action="strongest high"),
    td.RuleSpec(pair="Teen or Day", when=("best low >= 6 with 11",), action="split, strongest low"),
    td.RuleSpec(pair="9", when=("house low < 5", "house high >= pair"),
                action="split, strongest high"),
    td.RuleSpec(pair="High 8", action="keep"),
    td.RuleSpec(when=("not best high >= Wong", "best high's low >= 2 with 11"),
                action="strongest low"),
]


def test_the_learners_array_reading_equals_the_way_file_reader_on_every_hand(
    labels: td.TileLabels, dealer: Any,
) -> None:
    """Two implementations of every kind of rule the learner writes: its arrays, and the
    way-file reader's own compiled rule applied hand by hand, on every one of the 8,130
    distinct hands (the house way's settings: the reader asks the way itself, the arrays
    take the labels' record of it)."""
    import tomllib

    from paigow.tiles.ways._common import strongest

    f = td.features()
    arrays = [td.apply_rule(spec, f, labels.dealer_split) for spec in SPECS]
    compiled = [_compile_rule(tomllib.loads(spec.toml("1", spec.words()))["rule"][0], 1, 1)
                for spec in SPECS]
    reached = [0] * len(SPECS)
    for g, tiles in enumerate(f.hands):
        h = _Hand(tiles, DEFAULT_RULES, False, settings(tiles), pairs_in(tiles),
                  ranked_tiles(tiles, DEFAULT_RULES), house_way=dealer)
        for n, (rule, (applies, play)) in enumerate(zip(compiled, arrays, strict=True)):
            got = rule.applies(h)
            assert (got is not None) == bool(applies[g]), (SPECS[n], tiles)
            if got is not None:
                reached[n] += 1
                s = strongest(got)
                p = int(play[g])
                assert (s.high_value.code, s.low_value.code) == (
                    int(f.hi_code[g, p]), int(f.lo_code[g, p])), (SPECS[n], tiles)
    assert all(reached), reached  # every rule is tested on hands it sets


def test_the_house_condition_is_the_dealer_ways_own_setting_in_the_role(
    labels: td.TileLabels, dealer: Any,
) -> None:
    # the labels' record of the house way (what `house` conditions read in the learner) is
    # the way's own choice of each hand, as the reader asks it
    f = td.features()
    for g in range(0, td.N_FACE, 7):
        s = dealer.choose(f.hands[g], False).setting
        p = int(labels.dealer_split[g])
        assert (s.high_value.code, s.low_value.code) == (
            int(f.hi_code[g, p]), int(f.lo_code[g, p]))


@pytest.mark.parametrize("conditions", td.CONDITIONS)
def test_each_vocabulary_says_only_what_it_may_and_each_rule_gains(
    labels: td.TileLabels, conditions: str,
) -> None:
    way = td.learn(labels, max_rules=4, small=True, shapes=("exceptions",),
                   conditions=conditions)
    words = [w for spec in way.specs for w in spec.when]
    assert words, way.specs  # the small space's best rules have conditions
    assert all(" with " not in w for w in words) or conditions != "points"
    assert all(not w.startswith("house") for w in words) or conditions == "house"
    # no rule of the list loses: taken out, the way is no better (the exchange pass keeps no
    # rule that costs)
    full = way.labels.total(way.splits)
    f = td.features()
    for i in range(len(way.specs)):
        rest = way.specs[:i] + way.specs[i + 1:]
        splits = way.labels.dealer_split.astype(np.int64).copy()
        taken = np.zeros(td.N_FACE, dtype=bool)
        for spec in rest:
            a, p = td.apply_rule(spec, f, way.labels.dealer_split)
            new = a & ~taken
            splits[new] = p[new]
            taken |= new
        assert way.labels.total(splits) <= full


def test_learn_refuses_too_few_or_too_many_rules(labels: td.TileLabels) -> None:
    from paigow.errors import PaigowError

    for n in (1, 41):
        with pytest.raises(PaigowError, match="max-rules"):
            td.learn(labels, max_rules=n, small=True)
    with pytest.raises(PaigowError, match="unknown conditions 'dealer'"):
        td.learn(labels, max_rules=3, small=True, conditions="dealer")


# ------------------------------------------------------------------------- the command


def _run(*args: str) -> Any:
    r = runner.invoke(app, ["tiles", *args])
    return r


def test_derive_strategy_writes_a_file_that_tiles_edge_and_set_read_alike(tmp_path: Path) -> None:
    out = tmp_path / "mine.toml"
    r = _run("derive-strategy", "--dealer", "australian", "--small", "--max-rules", "3",
             "-o", str(out), "--json")
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert out.exists() and rep["rules"] <= 3 and rep["matchups"] == 736_281_000
    e = _run("edge", "--player", str(out), "--dealer", "australian", "--json")
    assert e.exit_code == 0, e.output
    assert json.loads(e.stdout)["edge_exact"] == rep["edge_learned_exact"]
    s = _run("set", "6-5", "3-2", "6-4", "4-3", "--way", str(out), "--json")
    assert s.exit_code == 0, s.output
    assert json.loads(s.stdout)["strategy"] == "derived-australian"
    house, learned = Fraction(rep["edge_dealer_way_exact"]), Fraction(rep["edge_learned_exact"])
    best = Fraction(rep["edge_optimal_exact"])
    assert Fraction(rep["share_exact"]) == (house - learned) / (house - best)


@pytest.mark.parametrize("args, word", [
    (["--max-rules", "1"], "--max-rules"),
    (["--max-rules", "x"], "--max-rules"),
    (["--dealer", "nonsense"], "nonsense"),
    (["--dealer", "optimal"], "optimal"),
    (["--shape", "round"], "--shape"),
    (["--conditions", "dealer"], "--conditions"),
])
def test_derive_strategy_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, args: list[str], word: str,
) -> None:
    out = tmp_path / "x.toml"
    r = _run("derive-strategy", "--small", "-o", str(out), *args)
    assert r.exit_code == 2, r.output
    assert word in r.output and not out.exists()


def test_derive_strategy_refuses_an_output_that_is_not_toml(tmp_path: Path) -> None:
    r = _run("derive-strategy", "--small", "-o", str(tmp_path / "x.txt"))
    assert r.exit_code == 2 and ".toml" in r.output


# ------------------------------------------------------------------------- the card


def test_card_draws_every_rule_and_each_example_is_set_by_its_rule(
    small_way: td.Derived, tmp_path: Path,
) -> None:
    from paigow.tiles.strategy_card import OTHERWISE, card_svg, examples, load_card_way

    path = tmp_path / "small.toml"
    path.write_text(td.way_text(small_way, "small", "Small card", "test"))
    svg = card_svg(str(path))
    way = load_card_way(str(path))
    assert svg.count('class="rule"') == len(way.rule_list)
    assert svg.count('class="otherwise"') == (1 if small_way.otherwise else 0)
    assert svg.count('class="piece tile small"') >= 4 * len(way.rule_list)
    # a way whose rules say "your best high hand" explains it, and the tiles' order
    assert ('class="legend"' in svg) == any(r.when for r in way.rule_list)
    assert "Teen, Day, High 8, High 4" in " ".join(
        line.split(">", 1)[1].split("<", 1)[0] for line in svg.splitlines()
        if 'class="legend"' in line) or not any(r.when for r in way.rule_list)
    house = get_way("australian", TILES)
    for rid, ex in examples(way).items():
        d = way.choose(ex.tiles, ex.banking)
        want = "small otherwise:" if rid == OTHERWISE else f"small {rid}:"
        assert d.rule.text.startswith(want)
        assert d.setting.same_way(ex.setting)
        if rid != OTHERWISE and ex.setting.same_way(house.choose(ex.tiles).setting):
            # an exception is drawn on a hand it sets like the house way only when it
            # sets every hand so
            for h in distinct_hands():
                got = way.choose(h)
                if got.rule.startswith(want):
                    assert got.setting.same_way(house.choose(h).setting), (rid, h)


def test_card_pdf_is_one_page_and_bad_output_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "card.pdf"
    r = _run("card", "australian.toml", "-o", str(out))
    assert r.exit_code == 0, r.output
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") + data.count(
        b"/Type /Page ") + data.count(b"/Type /Page>") >= 1
    bad = _run("card", "australian.toml", "-o", str(tmp_path / "card.png"))
    assert bad.exit_code == 2 and ".svg or .pdf" in bad.output
    notfile = _run("card", "australian", "-o", str(tmp_path / "c.svg"))
    assert notfile.exit_code == 2 and "way file" in notfile.output


def test_shipped_card_of_the_australian_way_shows_all_its_rules(tmp_path: Path) -> None:
    out = tmp_path / "aus.svg"
    r = _run("card", "australian.toml", "-o", str(out))
    assert r.exit_code == 0, r.output
    svg = out.read_text()
    way = get_way("australian.toml", TILES)
    assert svg.count('class="rule"') == len(way.rule_list)  # type: ignore[attr-defined]
    assert 'class="legend"' not in svg  # no rule of the casino's way says "best high"


# ------------------------------------------------------------------------- the drill


def test_train_tiles_card_grades_against_the_card_and_shows_optimal(
    small_way: td.Derived, tmp_path: Path,
) -> None:
    from paigow.cli.train import app as train_app

    path = tmp_path / "small.toml"
    path.write_text(td.way_text(small_way, "small", "Small card", "test"))
    r = runner.invoke(train_app, ["tiles", "--card", str(path), "--seed", "3", "--hands", "1",
                                  "--no-save"], input="1\n")
    assert r.exit_code == 0, r.output
    assert "Learn this card" in r.output
    assert "small" in r.output and "best" in r.output
    assert "setting by australian" in r.output or "sets by australian" in r.output


def test_train_tiles_card_refuses_a_drill_or_a_non_toml(tmp_path: Path) -> None:
    from paigow.cli.train import app as train_app

    r = runner.invoke(train_app, ["tiles", "--card", "australian.toml", "--drill", "dealer",
                                  "--no-save"], input="")
    assert r.exit_code == 2
    r = runner.invoke(train_app, ["tiles", "--card", "x.csv", "--no-save"], input="")
    assert r.exit_code == 2 and ".toml" in r.output


def test_distinct_hands_of_the_card_and_of_the_labels_are_the_same_8130(
) -> None:
    keys = {tuple(sorted((t.hi, t.lo) for t in h)) for h in distinct_hands()}
    mine = {tuple(sorted((t.hi, t.lo) for t in h)) for h in td.features().hands}
    assert keys == mine and len(keys) == 8130


def test_a_learned_card_is_drilled_against_the_way_it_is_exceptions_to(
    small_way: td.Derived, tmp_path: Path,
) -> None:
    from paigow.training.ways import card_dealer

    path = tmp_path / "small.toml"
    path.write_text(td.way_text(small_way, "small", "Small card", "test"))
    want = "australian" if small_way.otherwise else str(path)
    assert card_dealer("tiles", str(path)) == want
    assert card_dealer("tiles", "harrahs.toml") == "harrahs.toml"  # no otherwise line
    assert card_dealer("tiles", "luger") == "luger"
    assert card_dealer("poker", "house") == "house"


# ------------------------------------------------------------------------- a published way

JB = Path(__file__).resolve().parents[2] / "docs" / "tiles" / "derive" / "jb-player-way.toml"


@pytest.fixture(scope="module")
def jb() -> Any:
    return read_way_text(JB.read_text(), str(JB), use_cache=False)


@pytest.mark.parametrize("hand, high", [
    # the JB Player Way's listed hands ("low/high", "high 8": the 8 with the higher tile)
    ("6-6 1-1 3-2 2-1", "6-6 2-1"),  # H2-L2-5-GJ: 7 / high 8 (Teen with Gee Joon)
    ("6-6 1-1 3-1 3-3", "6-6 3-3"),  # H2-L2-4-6: 6 / high 8
    ("4-4 6-5 5-5 6-2", "4-4 6-5"),  # H8-11-10-L8: 8 / high 9
    ("4-4 6-5 5-5 5-1", "4-4 6-5"),  # H8-11-H10-L6: 6 / 9
    ("5-5 6-4 6-2 6-3", "5-5 6-3"),  # H10-L10-L8-9: 8 / high 9
    ("5-5 6-4 3-3 6-1", "5-5 6-1"),  # H10-L10-H6-7: 6 / high 7
    ("1-1 3-2 5-1 2-1", "5-1 2-1"),  # 2-5-6-GJ: 7 / 9 (the 6 with Gee Joon)
    ("3-1 2-2 3-2 4-2", "2-2 3-2"),  # H4-L4-5-GJ: high 7 / 9
    ("3-1 2-2 4-1 5-4", "3-1 4-1"),  # H4-L4-5-9: 3 / high 9
    # its pair rules: split Teens to make 6/8 or better; never with a High 8 and a 9
    ("6-6 6-6 3-1 4-3", "6-6 4-3"),
    ("6-6 6-6 4-4 5-4", "6-6 6-6"),
])
def test_jb_player_way_file_sets_its_listed_hands_as_published(
    jb: Any, hand: str, high: str,
) -> None:
    s = jb.choose(parse_tiles(hand)).setting
    assert sorted(map(str, s.high)) == sorted(high.split()), (hand, str(s))
