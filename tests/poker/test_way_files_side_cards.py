"""The conditions added for derived ways (docs/poker-house-way-files.md, "Conditions"):
``straight_or_flush`` (the hand can put a straight or better behind, in any section) and
``fourth_single`` / ``fifth_single`` (the 4th and 5th highest side cards).

Facts asserted, each condition by its clause: ``straight_or_flush = false`` keeps a
no-pair rule off a hand with a straight, which a way of exceptions then leaves to its
otherwise way's straight rule (without the condition the rule takes the straight too: the
trap a no-pair exception falls into); ``straight_or_flush = true`` takes exactly the hands
with a straight or flush, whether or not the straights-and-flushes section is used;
``fourth_single`` and ``fifth_single`` read the 4th and 5th highest side cards (a hand
with fewer has not got them, and a section whose hands never have them refuses the
condition). The numba interpreter equals the Python one on a way that uses them all, under
every ranking variant, on random hands and rank patterns. Malformed conditions are
refused naming the rule and the line.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from paigow.errors import RuleError
from paigow.poker.cards import parse_cards
from paigow.poker.rules import PokerRules, ranking_variants
from paigow.poker.setting import settings
from paigow.poker.ways.file_fast import file_splits, file_splits_unchecked
from paigow.poker.ways.file_way import load_way, pattern_hands, read_way

NEW = """
[way]
name = "new-conditions"
otherwise = "trump-plaza"

[[no_pair]]
rule = "1"
straight_or_flush = false
top_single = "A"
third_single = "7-T"
set = "singles 2-4"

[[no_pair]]
rule = "2"
straight_or_flush = false
fourth_single = "2-6"
fifth_single = "2-4"
set = "singles 2-5"

[[one_pair]]
rule = "3"
straight_or_flush = true
pair = "2-9"
set = "singles 1-2"

[[two_pair]]
rule = "4"
straight_or_flush = false
top_single = "K"
set = "singles 1-2"

[[trips]]
rule = "5"
fourth_single = "2-6"
set = "trips + single 1"
"""


@pytest.fixture
def new_way(tmp_path: Path) -> Path:
    path = tmp_path / "new-conditions.toml"
    path.write_text(NEW)
    return path


def front(low: tuple[int, ...], cards: str) -> set[str]:
    return {c for c in cards.split() if parse_cards(c)[0] in set(low)}


@pytest.mark.parametrize(
    ("cards", "rule", "in_front"),
    [
        # no straight or flush, ace high, third side card a ten: rule 1, K and 6 in front
        ("Ah Kd Tc 6s 4h 3d 2c", "new-conditions 1", {"Kd", "6s"}),
        # the same shape with a wheel (A-2-3-4-5): not rule 1; Trump Plaza plays the
        # straight behind
        ("Ah Kd Tc 5s 4h 3d 2c", "new-conditions, otherwise trump-plaza", None),
        # a flush: not rule 1 either
        ("Ah Kh Th 6h 4h 3d 2c", "new-conditions, otherwise trump-plaza", None),
    ],
)
def test_straight_or_flush_false_keeps_a_no_pair_rule_off_straights_and_flushes(
    new_way: Path, cards: str, rule: str, in_front: set[str] | None,
) -> None:
    d = load_way(str(new_way)).choose(cards)
    assert d.rule.text.split(":")[0].startswith(rule)
    if in_front is not None:
        assert front(d.setting.low, cards) == in_front
    else:
        tp = load_way("trump-plaza").choose(cards)
        assert d.setting == tp.setting
        assert d.setting.high != settings(parse_cards(cards))[0].high  # not A-K in front


def test_without_the_condition_a_no_pair_exception_takes_the_straight(tmp_path: Path) -> None:
    """Why the condition exists: a way of exceptions is read before its otherwise way's
    straights-and-flushes rules, so a no-pair rule without it breaks the wheel."""
    path = tmp_path / "bare.toml"
    path.write_text(NEW.replace("straight_or_flush = false\ntop_single", "top_single"))
    cards = "Ah Kd Tc 5s 4h 3d 2c"
    d = load_way(str(path)).choose(cards)
    assert d.rule.text.startswith("new-conditions 1:")
    assert front(d.setting.low, cards) == {"Kd", "5s"}


def test_straight_or_flush_true_takes_exactly_the_hands_with_one(new_way: Path) -> None:
    """A one-pair rule with ``straight_or_flush = true`` (rule 3): a pair of sevens with a
    straight is set by it (the pair behind, the two highest singles in front), with the
    straights-and-flushes section used or not; the same pair without a straight is left
    to Trump Plaza."""
    way = load_way(str(new_way))
    cards_sf = "7d 7c 8s 9h Th Jc 2d"  # sevens and a jack-high straight
    cards_no = "7d 7c 8s 9h Kh Jc 2d"  # sevens, no straight
    d = way.choose(cards_sf)
    assert d.rule.text.startswith("new-conditions 3:")
    assert front(d.setting.low, cards_sf) == {"Jc", "Th"}
    hands = np.array([sorted(parse_cards(cards_sf))], np.int32)
    for use_sf in (True, False):
        got = int(file_splits_unchecked(way.compiled, hands, None, use_sf)[0])
        assert front(settings(parse_cards(cards_sf))[got].low, cards_sf) == {"Jc", "Th"}
    assert way.choose(cards_no).rule.text.startswith("new-conditions, otherwise trump-plaza")


@pytest.mark.parametrize(
    ("cards", "rule"),
    [
        ("Kh Qd Tc 5s 4h 3d 2c", "new-conditions 2"),  # 4th side card a five, 5th a four
        ("Kh Qd Tc 7s 4h 3d 2c", "new-conditions, otherwise"),  # the 4th is a seven
        ("Kh Qd Tc 6s 5h 3d 2c", "new-conditions, otherwise"),  # the 5th is a five
        ("9h 9d 9c 6s 4h 3d Kc", "new-conditions 5"),  # three nines, 4th side card a three
        ("9h 9d 9c 8s 7h Td Kc", "new-conditions, otherwise"),  # the 4th is a seven
    ],
)
def test_fourth_and_fifth_single(new_way: Path, cards: str, rule: str) -> None:
    assert load_way(str(new_way)).choose(cards).rule.text.split(":")[0].startswith(rule)


@pytest.mark.parametrize("rules", ranking_variants(), ids=str)
def test_numba_interpreter_equals_python_interpreter_on_the_new_conditions(
    new_way: Path, tmp_path: Path, rules: PokerRules,
) -> None:
    """Two independent readings agree on a way using every new condition, as exceptions
    to Trump Plaza and as a way that sets every hand itself (the seeds file's rules after
    its own), on random hands (half with the joker) and on rank patterns."""
    alone = tmp_path / "alone.toml"
    seeds = (Path(__file__).parents[2] / "src/paigow/poker/houseways/seeds.toml").read_text()
    body = seeds.split("[way]", 1)[1].split("\n[[", 1)[1]
    own = NEW.split("[way]", 1)[1].split("\n[[", 1)[1]
    alone.write_text('[way]\nname = "alone"\n\n[[' + own.replace('rule = "', 'rule = "n')
                     + "\n[[" + body)
    rng = np.random.default_rng(7)
    patterns = pattern_hands()
    hands = np.array([rng.choice(53, 7, replace=False) for _ in range(800)], dtype=np.int32)
    hands[:400] = [np.r_[52, rng.choice(52, 6, replace=False)] for _ in range(400)]
    batches = (hands, patterns[rng.choice(len(patterns), 800, replace=False)])
    for path in (new_way, alone):
        way = load_way(str(path), rules)
        for batch in batches:
            got = file_splits(way.compiled, batch, rules)
            for row, k in zip(batch.tolist(), got.tolist(), strict=True):
                assert settings(row)[k] == way.set(row, False), (path.name, row)


@pytest.mark.parametrize(
    ("section", "rule", "message"),
    [
        ("trips", 'fifth_single = "2-5"\nset = "singles 1-2"',
         r"rule 9 \(line 5\): trips hands have no fifth single"),
        ("two_pair", 'fourth_single = "A"\nset = "singles 1-2"',
         r"rule 9 \(line 5\): two_pair hands have no fourth single"),
        ("one_pair", 'fourth_single = "Z"\nset = "singles 1-2"', r"rule 9 \(line 5\): .*'Z'"),
        ("no_pair", 'straight_or_flush = "no"\nset = "singles 2-3"',
         r"rule 9 \(line 5\): straight_or_flush must be true or false"),
    ],
)
def test_a_malformed_new_condition_is_refused_naming_its_line(
    tmp_path: Path, section: str, rule: str, message: str,
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f'[way]\notherwise = "foxwoods"\n[[{section}]]\nrule = "9"\n{rule}\n')
    with pytest.raises(RuleError, match=message):
        read_way(str(path))
