"""A way file's ``otherwise`` line (docs/poker-house-way-files.md, "A way of exceptions"):
every hand no rule of the file sets is set as the named way sets it.

Facts asserted: a hand no rule takes gets exactly the otherwise way's setting (and a hand a
rule takes, the rule's); a "by hand type" rule sends the hand to the otherwise way's
hand-type rules, not to its straight (Trump Plaza's rule 7.3 plays the straight of
``Kd Ks 4s 5h 6s 7d 8c``, its rule 2 the pair behind); the numba interpreter equals the
Python one on files with otherwise lines, chains of them, and the shipped ways behind them,
under every ranking variant; the loader refuses an unknown otherwise way and a loop, naming
the line; a file of exceptions need not set every hand itself (the same rules without the
line are refused); the digest that keys the caches follows the otherwise file. That the
shipped files (none has the line) play as before on every hand is proven by
``benchmarks/poker_way_files_unchanged.py --baseline REV``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from paigow.errors import RuleError
from paigow.poker.cards import parse_cards
from paigow.poker.rules import PokerRules, ranking_variants
from paigow.poker.setting import settings
from paigow.poker.ways.file_fast import file_splits, file_splits_and_rules
from paigow.poker.ways.file_way import load_way, pattern_hands, read_way

EXCEPTIONS = """
[way]
name = "tp-exceptions"
otherwise = "trump-plaza"

[[straights_and_flushes]]
rule = "1"
hand = "one_pair"
pair = "J+"
set = "by hand type"

[[two_pair]]
rule = "2"
high_pair = "J+"
top_single = "A"
set = "singles 1-2"

[[trips]]
rule = "3"
trips = "K"
set = "trips + single 1"
"""


@pytest.fixture
def exceptions(tmp_path: Path) -> Path:
    path = tmp_path / "tp-exceptions.toml"
    path.write_text(EXCEPTIONS)
    return path


def front(setting_low: tuple[int, ...] | list[int], cards: str) -> set[str]:
    low = set(setting_low)
    return {c for c in cards.split() if parse_cards(c)[0] in low}


def random_hands(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    hands = np.array([rng.choice(53, 7, replace=False) for _ in range(n)], dtype=np.int32)
    hands[: n // 2] = [np.r_[52, rng.choice(52, 6, replace=False)] for _ in range(n // 2)]
    return hands


def test_a_hand_no_rule_takes_is_set_as_the_otherwise_way_sets_it(exceptions: Path) -> None:
    way = load_way(str(exceptions))
    tp = load_way("trump-plaza")
    own = {r.rule for r in way.spec.rules}
    taken = 0
    for row in random_hands(3000, 11).tolist():
        d = way.choose(row)
        number = d.rule.text.split(":")[0].removeprefix("tp-exceptions").strip(" ,")
        if number in own or number.startswith("1 then"):
            taken += 1
            continue
        assert number.startswith("otherwise trump-plaza ")
        assert d.setting == tp.set(row, False), row
    assert taken > 30  # the rules take some hands, the otherwise way the rest


@pytest.mark.parametrize(
    ("cards", "rule", "in_front"),
    [
        ("Jd Jc 4s 4h As Qd 5c", "tp-exceptions 2", {"As", "Qd"}),  # two pair kept, ace front
        ("Jd Jc 4s 4h Ks Qd 5c", "tp-exceptions, otherwise trump-plaza 3.3s", {"4s", "4h"}),
        ("Kd Kc Ks 4h As Qd 5c", "tp-exceptions 3", {"Ks", "As"}),  # kings broken (0.3: Ks)
        ("Qd Qc Qs 4h As Jd 5c", "tp-exceptions, otherwise trump-plaza 5.2", {"As", "Jd"}),
    ],
)
def test_each_rule_then_the_otherwise_way(exceptions: Path, cards: str, rule: str,
                                          in_front: set[str]) -> None:
    d = load_way(str(exceptions)).choose(cards)
    assert d.rule.text.split(":")[0] == rule
    assert front(d.setting.low, cards) == in_front


def test_by_hand_type_sends_the_hand_to_the_otherwise_ways_hand_type_rule(
    exceptions: Path,
) -> None:
    cards = "Kd Ks 4s 5h 6s 7d 8c"  # a pair of kings and an 8-high straight
    tp = load_way("trump-plaza").choose(cards)
    assert tp.rule.text.startswith("trump-plaza 7.3")  # Trump Plaza plays the straight
    assert front(tp.setting.low, cards) == {"Kd", "Ks"}
    d = load_way(str(exceptions)).choose(cards)
    assert d.rule.text.startswith("tp-exceptions 1 then otherwise trump-plaza 2:")
    assert front(d.setting.low, cards) == {"8c", "7d"}  # the pair behind, no straight
    # and the kernel: the deciding rule is Trump Plaza's 2, sent there by rule 1
    way = load_way(str(exceptions))
    hand = np.array([sorted(parse_cards(cards))], np.int32)
    split, both = file_splits_and_rules(way.compiled, hand)
    assert settings(parse_cards(cards))[int(split[0])] == d.setting
    chosen, via = (way.compiled.rules[int(i)] for i in both[0])
    assert (chosen.rule, via.rule) == ("2", "1")
    assert way.compiled.layer_of(int(both[0, 0])) == 1


CHAIN_MIDDLE = """
[way]
name = "middle"
otherwise = "foxwoods"

[[quads]]
rule = "m1"
quads = "J+"
set = "singles 1-2"

[[straights_and_flushes]]
rule = "m2"
hand = ["no_pair", "one_pair"]
top_single = "A"
set = "by hand type"
"""

CHAIN_TOP = """
[way]
name = "top"
otherwise = "middle.toml"

[[no_pair]]
rule = "t1"
top_single = "A"
second_single = "2-9"
set = "singles 2-4"

[[straights_and_flushes]]
rule = "t2"
hand = "trips"
set = "by hand type"

[[one_pair]]
rule = "t3"
pair = "2-9"
joker = true
set = "singles 2-3"
"""


@pytest.fixture
def chain(tmp_path: Path) -> Path:
    (tmp_path / "middle.toml").write_text(CHAIN_MIDDLE)
    path = tmp_path / "top.toml"
    path.write_text(CHAIN_TOP)
    return path


@pytest.mark.parametrize("rules", ranking_variants(), ids=str)
def test_numba_interpreter_equals_python_interpreter_with_otherwise(
    exceptions: Path, chain: Path, rules: PokerRules,
) -> None:
    """Two independent readings of files with otherwise lines agree: a file of exceptions
    to Trump Plaza, a chain of three ways (top, then middle, then Foxwoods, whose
    straight rule compares fronts), on random hands and on rank patterns."""
    rng = np.random.default_rng(5)
    patterns = pattern_hands()
    batches = (random_hands(600, 3), patterns[rng.choice(len(patterns), 600, replace=False)])
    for path in (exceptions, chain):
        way = load_way(str(path), rules)
        assert way.warnings == ()
        for batch in batches:
            got = file_splits(way.compiled, batch, rules)
            for row, k in zip(batch.tolist(), got.tolist(), strict=True):
                assert settings(row)[k] == way.set(row, False), (path.name, row)


def test_a_chain_offers_the_hand_to_each_way_in_turn(chain: Path) -> None:
    way = load_way(str(chain))
    assert way.compiled.layer_names == ("top", "middle", "foxwoods")
    # a pair of threes with the joker: top's own rule t3
    assert way.choose("3d 3c Jk Qh 9s 7d 2c").rule.text.startswith("top t3:")
    # four queens: top has no rule; middle's m1 keeps them together
    assert way.choose("Qd Qc Qs Qh 9s 7d 2c").rule.text.startswith("top, otherwise middle m1:")
    # four sevens: neither has a rule; Foxwoods 9.3 (sevens to tens, no king: split)
    assert way.choose("7d 7c 7s 7h 9s 5d 2c").rule.text.startswith("top, otherwise foxwoods 9.3:")


def test_a_way_of_exceptions_need_not_set_every_hand_itself(tmp_path: Path) -> None:
    path = tmp_path / "bare.toml"
    path.write_text(EXCEPTIONS.replace('otherwise = "trump-plaza"\n', ""))
    with pytest.raises(RuleError, match="hands get no setting"):
        load_way(str(path))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('otherwise = "no-such-way"', r"\[way\] otherwise \(line 4\): unknown house way "
                                      r"'no-such-way'"),
        ("otherwise = 3", r"\[way\] otherwise \(line 4\): give the name of a way file"),
        ('otherwise = "loop.toml"', r"loop through otherwise: loop\.toml names itself"),
    ],
)
def test_a_bad_otherwise_is_refused_naming_its_line(tmp_path: Path, line: str,
                                                    message: str) -> None:
    path = tmp_path / "loop.toml"
    path.write_text(f'\n[way]\nname = "loop"\n{line}\n\n[[two_pair]]\nrule = "1"\n'
                    'top_single = "A"\nset = "singles 1-2"\n')
    with pytest.raises(RuleError, match=message):
        read_way(str(path))


def test_otherwise_house_is_the_seeds_file_and_paths_are_read_from_the_files_folder(
    tmp_path: Path, chain: Path,
) -> None:
    text = EXCEPTIONS.replace('"trump-plaza"', '"house"')
    (tmp_path / "h.toml").write_text(text)
    assert read_way(str(tmp_path / "h.toml")).otherwise is not None
    assert read_way(str(tmp_path / "h.toml")).chain()[1].name == "seeds"
    assert read_way(str(chain)).chain()[1].name == "middle"  # middle.toml beside top.toml


def test_the_digest_follows_the_otherwise_file(chain: Path) -> None:
    before = read_way(str(chain)).digest
    middle = chain.parent / "middle.toml"
    middle.write_text(middle.read_text().replace('quads = "J+"', 'quads = "Q+"'))
    assert read_way(str(chain)).digest != before
