"""``poker derive-strategy`` (issue 18, part 4): exact labels, a learned way in the way-file
format, and its refusals.

Facts checked: the labels equal an independent brute force (each opponent hand compared
with the reference ``compare``); the strata equal the way-file interpreter's plain reading
of each hand; a way planted in the labels (the best setting of every labelled hand is the
planted way's) is learned back within its own number of rules, and what is learned loads
through the loader's check and plays on every labelled hand what the learner scored; a
sample or rule budget too small is refused before anything is written.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from paigow.analysis.poker_derive import MIN_RULES, cross_validate, learn_way, problem
from paigow.analysis.poker_labels import (
    N_TYPES,
    Labels,
    label_hands,
    strata,
    stratified_sample,
)
from paigow.analysis.poker_odds import brute_force_advice
from paigow.analysis.poker_ways import fast_way, split_index
from paigow.cli import app as APP
from paigow.errors import AmountError
from paigow.poker.cards import parse_cards
from paigow.poker.setting import is_foul, settings
from paigow.poker.ways.file_way import FileWay, read_hand
from paigow.poker.ways.hand import analyse
from paigow.poker.ways.spec import HAND_KEYS, parse_way
from paigow.ways import POKER, get_way

SMALL = parse_cards("As Ah Ad Ks Kh Kd Qs Qh Js Jh Ts 9s 9h 8s 7s 2c 3c Jk")

PLANTED = """
[way]
name = "planted"
[[straights_and_flushes]]
rule = "1"
set = "straight or flush"
[[no_pair]]
rule = "2"
set = "singles 2-3"
[[one_pair]]
rule = "3"
set = "singles 1-2"
[[two_pair]]
rule = "4"
top_single = "A"
set = "singles 1-2"
[[two_pair]]
rule = "5"
set = "low pair"
[[three_pair]]
rule = "6"
set = "high pair"
[[trips]]
rule = "7"
trips = "A"
set = "trips + single 1"
[[trips]]
rule = "8"
set = "singles 1-2"
[[full_house]]
rule = "9"
set = "pair"
[[full_house_and_pair]]
rule = "10"
set = "high pair"
[[two_trips]]
rule = "11"
set = "trips pair"
[[quads]]
rule = "12"
set = "quads pair"
[[quads_and_pair]]
rule = "13"
set = "pair"
[[quads_and_trips]]
rule = "14"
set = "trips pair"
[[five_aces]]
rule = "15"
set = "five pair"
"""


def test_a_sample_is_reproducible_spread_over_hand_types_and_weighted_to_one() -> None:
    a = stratified_sample(1200, 7, max_draws=400_000)
    b = stratified_sample(1200, 7, max_draws=400_000)
    assert a.hands == b.hands and a.weights == b.weights
    assert a.hands != stratified_sample(1200, 8, max_draws=400_000).hands
    assert sum(a.weights) == pytest.approx(1.0)
    counts = a.counts()
    # every stratum got its minimum of 6 (or every hand of it drawn); the common types got
    # most of the sample
    for share, n in zip(a.shares, counts, strict=True):
        assert n == min(max(6, n), round(share * a.drawn))
    assert counts[HAND_KEYS.index("two_pair")] > 100


def test_strata_are_the_way_file_readers_hand_type_and_straight_or_flush() -> None:
    s = stratified_sample(600, 3, max_draws=200_000)
    arr = np.array(s.hands, dtype=np.int32)
    got = strata(arr).tolist()
    assert got == s.strata
    for hand, st in zip(s.hands, got, strict=True):
        reading = read_hand(analyse(hand), True)
        assert st == reading.hand_type + N_TYPES * (reading.best_sf is not None)


def test_labels_equal_a_brute_force_over_every_opponent_hand() -> None:
    deck = SMALL[:17]  # 120 opponent hands
    s = stratified_sample(3, 11, deck=deck, min_per_stratum=1)
    labels = label_hands(s, "foxwoods", Fraction(1, 20), deck=deck, chunk=2, cache=False)
    dealer = fast_way("foxwoods")
    for i, hand in enumerate(s.hands[:3]):
        brute = brute_force_advice(hand, dealer, deck=deck)
        for split in range(21):
            if split in brute:
                w, _, lo = brute[split]
                assert (labels.win[i, split], labels.lose[i, split]) == (w, lo)
            else:
                assert labels.win[i, split] == labels.lose[i, split] == -1
        # the dealer way's own setting (or one of equal ranks: the same counts)
        own = int(dealer.splits(np.array([sorted(hand)], np.int32), False)[0])
        h = int(labels.house[i])
        assert (labels.win[i, h], labels.lose[i, h]) == (labels.win[i, own], labels.lose[i, own])


def _planted_labels(n: int, seed: int) -> tuple[Labels, FileWay]:
    """Labels whose best setting of every hand is the planted way's (EV 1; every other
    legal setting -1)."""
    way = FileWay(parse_way(PLANTED))
    s = stratified_sample(n, seed)
    win = np.full((len(s.hands), 21), -1, np.int64)
    lose = np.full((len(s.hands), 21), -1, np.int64)
    for i, hand in enumerate(s.hands):
        best = split_index(hand, way.choose(hand).setting.low)
        for j, st in enumerate(settings(sorted(hand))):
            if not is_foul(st):
                win[i, j], lose[i, j] = (1, 0) if j == best else (0, 1)
    # the way to beat plays each hand's first legal setting
    house = np.array([int(np.flatnonzero(row >= 0)[0]) for row in win], np.int64)
    return Labels(s, win, lose, house, 1, Fraction(0), 0.0), way


def test_a_way_planted_in_the_labels_is_learned_back_within_its_rules(tmp_path: Path) -> None:
    labels, planted = _planted_labels(1500, 5)
    derived = learn_way(labels, max_rules=15, name="learned")
    assert len(derived.spec.rules) <= 15
    assert derived.train_derived == pytest.approx(derived.train_optimal)
    assert derived.share == pytest.approx(1.0)
    # the file loads through the loader's check and plays the planted way on every hand
    path = tmp_path / "learned.toml"
    path.write_text(derived.text, encoding="utf-8")
    learned = get_way(str(path), POKER)
    assert isinstance(learned, FileWay) and not learned.warnings
    for hand in labels.sample.hands:
        assert learned.choose(hand).setting == planted.choose(hand).setting


PLANTED_EXCEPTIONS = """
[way]
name = "planted-exceptions"
otherwise = "foxwoods"
[[straights_and_flushes]]
rule = "1"
hand = "one_pair"
pair = "J+"
set = "by hand type"
[[two_pair]]
rule = "2"
high_pair = "7-T"
top_single = "A"
set = "low pair"
[[trips]]
rule = "3"
trips = "K"
set = "trips + single 1"
"""


@cache  # both tests read the same labels (built once: the Python interpreter is slow)
def _planted_exception_labels(n: int, seed: int) -> tuple[Labels, FileWay, FileWay]:
    """Labels whose best setting of every hand is the planted way of exceptions to
    Foxwoods (EV 1; every other legal setting -1; the house way: Foxwoods)."""
    from paigow.poker.ways.file_way import load_way

    way = FileWay(parse_way(PLANTED_EXCEPTIONS))
    fox = load_way("foxwoods")
    s = stratified_sample(n, seed)
    win = np.full((len(s.hands), 21), -1, np.int64)
    lose = np.full((len(s.hands), 21), -1, np.int64)
    house = np.zeros(len(s.hands), np.int64)
    for i, hand in enumerate(s.hands):
        best = split_index(hand, way.choose(hand).setting.low)
        house[i] = split_index(hand, fox.choose(hand).setting.low)
        for j, st in enumerate(settings(sorted(hand))):
            if not is_foul(st):
                win[i, j], lose[i, j] = (1, 0) if j == best else (0, 1)
    return Labels(s, win, lose, house, 1, Fraction(0), 0.0), way, fox


def test_a_way_of_exceptions_planted_in_the_labels_is_learned_back(tmp_path: Path) -> None:
    """The exceptions (and the otherwise line) are learned back: the learned file, loaded
    through the loader's check, plays the planted way on every labelled hand; its rules
    are the planted three and the otherwise line."""
    labels, planted, fox = _planted_exception_labels(1500, 5)
    derived = learn_way(labels, max_rules=8, name="learned", otherwise="foxwoods")
    assert derived.share == pytest.approx(1.0)
    assert len(derived.spec.rules) == 3 and derived.spec.otherwise is not None
    assert derived.spec.otherwise.name == "foxwoods"
    path = tmp_path / "learned.toml"
    path.write_text(derived.text, encoding="utf-8")
    learned = get_way(str(path), POKER)
    assert isinstance(learned, FileWay) and not learned.warnings
    differ = 0
    for hand in labels.sample.hands:
        assert learned.choose(hand).setting == planted.choose(hand).setting
        differ += planted.choose(hand).setting != fox.choose(hand).setting
    assert differ > 50  # the exceptions matter on the labelled hands


def test_cross_validation_keeps_the_planted_rules_and_no_more() -> None:
    """On noise-free labels the held-out gain rises with each planted exception and not
    after: cross-validation chooses the three rules and the otherwise line."""
    from paigow.poker.ways.file_way import read_way

    labels, _, _ = _planted_exception_labels(1500, 5)
    p = problem(labels, otherwise=read_way("foxwoods"))
    cv = cross_validate(p, 8, True, folds=4, zs=(0.5, 1.0))
    assert cv.rules == 4
    for curve in cv.curve.values():
        assert curve[0] == 0.0  # the otherwise line alone is the house way
        assert curve[1] < curve[2] < curve[3] == pytest.approx(max(curve))
    derived = learn_way(labels, max_rules=8, otherwise="foxwoods", folds=4, zs=(0.5, 1.0))
    assert derived.cv is not None and derived.cv.rules == 4
    assert len(derived.spec.rules) == 3


PLANTED_NEW_CONDITIONS = """
[way]
name = "planted-new"
otherwise = "foxwoods"
[[straights_and_flushes]]
rule = "1"
hand = "one_pair"
front = ["6", "7", "8", "9"]
set = "by hand type"
[[no_pair]]
rule = "2"
straight_or_flush = false
top_single = "A"
third_single = "7-T"
set = "singles 2-4"
"""


def test_a_way_using_the_new_conditions_is_learned_back(tmp_path: Path) -> None:
    """The conditions the learner gained (issue 18 §4): a no-pair exception that must be
    kept off straights and flushes (``straight_or_flush = false``, a third condition) and
    a straight rule by the front its play leaves (``front``), planted as exceptions to
    Foxwoods, are learned back: the file plays the planted way on every labelled hand."""
    way = FileWay(parse_way(PLANTED_NEW_CONDITIONS))
    s = stratified_sample(1200, 8)
    win = np.full((len(s.hands), 21), -1, np.int64)
    lose = np.full((len(s.hands), 21), -1, np.int64)
    from paigow.poker.ways.file_way import load_way

    fox = load_way("foxwoods")
    house = np.array([split_index(h, fox.choose(h).setting.low) for h in s.hands], np.int64)
    for i, hand in enumerate(s.hands):
        best = split_index(hand, way.choose(hand).setting.low)
        for j, st in enumerate(settings(sorted(hand))):
            if not is_foul(st):
                win[i, j], lose[i, j] = (1, 0) if j == best else (0, 1)
    labels = Labels(s, win, lose, house, 1, Fraction(0), 0.0)
    derived = learn_way(labels, max_rules=6, name="learned", otherwise="foxwoods")
    assert derived.share == pytest.approx(1.0)
    assert "straight_or_flush = false" in derived.text and "front = " in derived.text
    path = tmp_path / "learned.toml"
    path.write_text(derived.text, encoding="utf-8")
    learned = get_way(str(path), POKER)
    assert isinstance(learned, FileWay) and not learned.warnings
    for hand in s.hands:
        assert learned.choose(hand).setting == way.choose(hand).setting


def test_fewer_rules_than_hand_types_is_refused() -> None:
    labels, _ = _planted_labels(300, 2)
    with pytest.raises(AmountError, match=f"at least {MIN_RULES}"):
        learn_way(labels, max_rules=MIN_RULES - 1)


def test_the_learned_figures_are_the_labels_evs_of_the_written_ways_settings(
    tmp_path: Path,
) -> None:
    """Two computations of the derived way's EV over the labels: the learner's own, and
    the written file's settings (through the plain interpreter) looked up in the labels."""
    s = stratified_sample(60, 4, deck=SMALL, min_per_stratum=2)
    labels = label_hands(s, "house", Fraction(1, 20), deck=SMALL, cache=False)
    derived = learn_way(labels, max_rules=14, min_support=2)
    path = tmp_path / "d.toml"
    path.write_text(derived.text, encoding="utf-8")
    way = get_way(str(path), POKER)
    ev = labels.ev()
    w = np.array(s.weights)
    mine = sum(w[i] * ev[i, split_index(h, way.choose(h).setting.low)]
               for i, h in enumerate(s.hands))
    assert derived.train_derived == pytest.approx(mine, abs=1e-12)
    assert derived.train_house <= derived.train_optimal
    assert derived.train_derived <= derived.train_optimal + 1e-12


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--max-rules", "1"], "--max-rules 1 is too few: a way of exceptions"),
        (["--otherwise", "none", "--max-rules", "11"], "--max-rules 11 is too few"),
        (["--otherwise", "nowhere.toml"], "--otherwise: 'nowhere.toml' is not a way file"),
        (["--dealer", "optimal"], "--otherwise: the dealer's way 'optimal' is not a way file"),
        (["--cv-folds", "1"], "--cv-folds 1 cannot cross-validate"),
        (["--sample", "999"], "--sample 999 is too small to say anything"),
        (["--eval-sample", "100"], "--eval-sample 100 is too small to say anything"),
        (["--dealer", "nowhere"], "unknown poker way 'nowhere'"),
        (["--commission", "2"], "commission"),
    ],
)
def test_derive_strategy_refuses_before_writing_anything(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "way.toml"
    result = CliRunner().invoke(APP, ["poker", "derive-strategy", "-o", str(out), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.count("\n") == 1 and result.output.startswith("error: ")
    assert not out.exists()


def test_the_evaluation_from_labels_equals_the_sweep_of_the_same_hands(tmp_path: Path) -> None:
    """``derive-strategy`` scores its way from the labels of a uniform sample; ``poker
    sweep --player`` scores it by advising the same hands: the same edges, gains,
    intervals and share."""
    from paigow.analysis.poker_derive import evaluate, uniform_sample
    from paigow.analysis.poker_sweep import sample_hands, sweep

    hands = sample_hands(30, 5, SMALL)
    labels = label_hands(uniform_sample(hands, 5), "house", Fraction(1, 20), deck=SMALL,
                         cache=False)
    fox = fast_way("foxwoods")
    splits = fox.splits(np.array(hands, np.int32), False).astype(np.int64)
    ev = evaluate(labels, splits, "foxwoods")
    res = sweep(hands, deck=SMALL, cache=False, players=["foxwoods"])
    (p,) = res.players
    assert ev.house.edge == pytest.approx(float(res.house.edge), abs=1e-12)
    assert ev.optimal.edge == pytest.approx(float(res.optimal.edge), abs=1e-12)
    assert ev.derived.edge == pytest.approx(float(p.edge.edge), abs=1e-12)
    assert ev.house.edge_ci95 == pytest.approx(res.house.ci95(), abs=1e-9)
    assert ev.derived.gain_ci95 == pytest.approx(res.player_gain_ci95(p), abs=1e-9)
    assert ev.optimal.gain_ci95 == pytest.approx(res.gain_ci95(), abs=1e-9)
    assert (ev.share, *ev.share_ci95) == pytest.approx(
        (float(res.share(p)), *res.share_ci95(p)), rel=1e-6)


def test_ctrl_c_inside_a_numba_call_counts_as_an_interrupt() -> None:
    """numba reports a Ctrl-C that arrives while it unpickles a compiled function as a
    ``SystemError`` whose cause is the ``KeyboardInterrupt`` (seen in a labelling run):
    it stops the command cleanly like any Ctrl-C; another ``SystemError`` is a bug."""
    from paigow.cli.poker_odds import _interrupted

    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as cause:
            raise SystemError("returned a result with an exception set") from cause
    except SystemError as exc:
        assert _interrupted(exc)
    assert not _interrupted(SystemError("something else"))
    assert _interrupted(KeyboardInterrupt())
