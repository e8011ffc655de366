"""Exact advice for one hand (the histogram method) against independent brute force,
identities of its counts, the optimal way, and Monte Carlo agreement.

The full 53-card problem needs a one-time table of all 154,143,080 hands (about a minute
and a half, 462 MB, see benchmarks/poker_advise.py); these tests use small decks, where
the same code gives exact answers that a brute force with the reference comparison
(:func:`paigow.poker.setting.compare`) can check.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from paigow.analysis.poker_odds import OptimalWay, advise, brute_force_advice
from paigow.analysis.poker_sim import simulate_hand
from paigow.analysis.poker_ways import fast_way
from paigow.poker.cards import parse_cards
from paigow.poker.rules import PokerRules
from paigow.poker.setting import is_foul, settings
from paigow.ways import get_way

# 17 cards: the quads and joker hands below leave 10, so C(10,7) = 120 opponent hands
DECK = parse_cards("9s 9h 9d 9c Ks Kh Kd Qs Qd Js Jh Th As Ah Ad 2c Jk")
QUADS = "9s 9h 9d 9c Ks Qd 2c"
JOKER = "Jk As Kh Qs Js Th 2c"


@pytest.fixture(scope="module")
def house() -> object:
    return fast_way("house")


@pytest.mark.parametrize("hand", [QUADS, JOKER])
@pytest.mark.parametrize("banking", [False, True])
def test_histogram_method_equals_brute_force(hand: str, banking: bool, house: object) -> None:
    adv = advise(hand, house, banking, deck=DECK, cache=False)  # type: ignore[arg-type]
    brute = brute_force_advice(hand, house, banking, deck=DECK)  # type: ignore[arg-type]
    assert {s.split: (s.win, s.push, s.lose) for s in adv.settings} == brute
    assert adv.total == comb(len(DECK) - 7, 7) == 120


@pytest.mark.parametrize("hand", [QUADS, JOKER, "As Kd Qh 9c 7s 4d 2c"])
@pytest.mark.parametrize("banking", [False, True])
def test_counts_sum_to_opponent_hands_for_every_legal_setting(hand: str, banking: bool) -> None:
    deck = sorted(set(DECK) | set(parse_cards("Kd Qh 9c 7s 4d 2c Ac 3h")))
    adv = advise(hand, "house", banking, deck=deck, cache=False)
    legal = [j for j, s in enumerate(settings(hand)) if not is_foul(s)]
    assert [s.split for s in adv.settings] == legal
    for s in adv.settings:
        assert s.win + s.push + s.lose == adv.total == comb(len(deck) - 7, 7)
        assert s.ev == ((1 - Fraction(1, 20)) * s.win - s.lose) / adv.total
    assert sum(s.best for s in adv.settings) == 1
    assert sum(s.house for s in adv.settings) == 1
    house_split = int(fast_way("house").splits(
        __import__("numpy").array([sorted(parse_cards(hand))], dtype="int32"), banking)[0])
    assert adv.house_setting is not None and adv.house_setting.split == house_split


def test_optimal_never_below_house_on_a_sample() -> None:
    import random

    rng = random.Random(11)
    deck = DECK
    for _ in range(25):
        hand = rng.sample(deck, 7)
        for banking in (False, True):
            adv = advise(hand, "house", banking, deck=deck, cache=False)
            assert adv.house_setting is not None
            assert adv.best_setting.ev >= adv.house_setting.ev
            assert all(adv.best_setting.ev >= s.ev for s in adv.settings)


def test_optimal_way_by_name_and_commission() -> None:
    way = get_way("optimal", PokerRules(), deck=DECK, cache=False)
    d = way.choose(QUADS)
    adv = advise(QUADS, "house", deck=DECK, cache=False)
    assert d.setting == adv.best_setting.setting and d.rule.text.startswith("optimal")
    free = OptimalWay(deck=DECK, cache=False, rate=0).advise(QUADS)
    assert all(s.ev == Fraction(s.win - s.lose, free.total) for s in free.settings)


@pytest.mark.parametrize("banking", [False, True])
def test_monte_carlo_agrees_with_exact_advice(banking: bool) -> None:
    """Player hand fixed, opponent random from the rest of the deck: every setting's
    frequencies fall within 4 standard errors of the exact probabilities."""
    deck = sorted(set(DECK) | set(parse_cards("Kc Qh Qc Jd Jc Td Tc 8s 8h 7d 6c 4h 3s")))
    adv = advise(JOKER, "house", banking, deck=deck, cache=False)
    n = 40_000
    for s in (adv.best_setting, adv.settings[-1]):
        w, p, lo = simulate_hand(JOKER, s.split, "house", n, seed=3, banking=banking,
                                 deck=deck)
        for got, exact in ((w, s.win), (p, s.push), (lo, s.lose)):
            prob = exact / adv.total
            se = (prob * (1 - prob) / n) ** 0.5
            assert abs(got / n - prob) <= 4 * se + 1e-12, (s.setting, got, exact)


def test_cache_rebuilds_when_code_changes_and_removes_stale_tables(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The precomputed table is cached on disk and rebuilt by itself when the code it
    depends on changes: a table of another code generation is deleted, the current one and
    other rule variants' tables of this generation are kept."""
    from pathlib import Path

    from paigow.analysis import poker_odds
    from paigow.analysis.poker_odds import check_deck, opponent_table, table_key, table_path

    monkeypatch.setattr(poker_odds, "_TABLES", {})  # nothing from other tests in memory
    folder = Path(str(tmp_path))
    way = fast_way("house")
    stale = folder / "poker-table-00000000-deadbeef.npy"
    folder.mkdir(exist_ok=True)
    stale.write_bytes(b"old")
    wheel_low = PokerRules(wheel="lowest")
    deck = check_deck(DECK)
    other = table_path(folder, way, table_key(way, True, wheel_low, deck))
    other.write_bytes(b"another variant")
    table = opponent_table(way, True, PokerRules(), DECK, cache=folder)
    assert len(table) == comb(len(DECK), 7)
    current = table_path(folder, way, table_key(way, True, PokerRules(), deck))
    assert current.is_file() and other.is_file() and not stale.exists()


def test_cached_tables_of_other_ways_are_kept_and_one_table_is_built_once(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server whose tables play two house ways needs both ways' tables: building one
    must not delete the other's (it used to, so two ways rebuilt each other's 462 MB table
    in turn). This way's tables of another code or way version go, as do half-built files
    of processes that are gone. Two threads asking for one table build it once."""
    import threading
    from pathlib import Path

    from paigow.analysis import poker_odds
    from paigow.analysis.poker_odds import check_deck, opponent_table, table_key, table_path

    monkeypatch.setattr(poker_odds, "_TABLES", {})
    folder = Path(str(tmp_path))
    folder.mkdir(exist_ok=True)
    house, foxwoods = fast_way("house"), fast_way("foxwoods")
    deck = check_deck(DECK)
    key = table_key(foxwoods, True, PokerRules(), deck)
    theirs = table_path(folder, foxwoods, key)
    theirs.write_bytes(b"the other way's table")
    mine_old = folder / "poker-table-house-00000000-x.npy"
    mine_old.write_bytes(b"this way, older code")
    dead = subprocess_pid_gone()
    half = folder / f"poker-table-house-00000000-y.{dead}-1.part"
    half.write_bytes(b"half built by a process that died")
    older_half = folder / f"poker-table-0000abcd-y.{dead}.part"  # named as before
    older_half.write_bytes(b"half built by a process that died, long ago")
    builds: list[int] = []
    real = poker_odds.build_table

    def counted(*a: object, **kw: object) -> object:
        builds.append(1)
        return real(*a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(poker_odds, "build_table", counted)
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(
        opponent_table(house, True, PokerRules(), DECK, cache=folder))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 2 and builds == [1]
    assert theirs.is_file() and not mine_old.exists() and not half.exists()
    assert not older_half.exists()
    assert table_path(folder, house, table_key(house, True, PokerRules(), deck)).is_file()


def subprocess_pid_gone() -> int:
    """The PID of a process that has exited and been reaped."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.mark.slow
@pytest.mark.parametrize("hand", [QUADS, JOKER])
@pytest.mark.parametrize("rules", [PokerRules(), PokerRules(push="pai-gow:Q")],
                         ids=["classic", "ez"])
def test_full_deck_advise_counts_sum_to_53_524_680_for_every_setting(
    hand: str, rules: PokerRules
) -> None:
    """The real problem: every banker hand from the 46 other cards, C(46,7) = 53,524,680,
    for every legal setting, with the joker and with four of a kind, in the classic game
    and in EZ Pai Gow (a banker's queen-high pai gow pushes). Uses (and on a new machine
    builds, once, about a minute) the cached table of the house way's settings."""
    adv = advise(hand, "house", rules=rules)
    assert adv.total == comb(46, 7) == 53_524_680
    legal = [s for s in settings(hand) if not is_foul(s)]
    assert len(adv.settings) == len(legal)
    for s in adv.settings:
        assert s.win + s.push + s.lose == 53_524_680
    assert adv.house is not None and adv.best_setting.ev >= adv.settings[adv.house].ev
    # and Monte Carlo on the full deck agrees with the exact counts of the best setting
    n = 60_000
    best = adv.best_setting
    w, p, lo = simulate_hand(hand, best.split, "house", n, seed=11, rules=rules)
    for got, exact in ((w, best.win), (p, best.push), (lo, best.lose)):
        prob = exact / adv.total
        assert abs(got / n - prob) <= 4 * (prob * (1 - prob) / n) ** 0.5 + 1e-12
    if rules.push != "none":
        assert 0 < adv.pushed <= min(s.push for s in adv.settings)


FULL_DECK_SAMPLE = ["Jk Ah Kd Kc 7s 4h 2c", "Th Tc 6s 6d 5h 4c 2s", "Qs Jh 9d 7c 5s 3h 2d"]


@pytest.mark.slow
@pytest.mark.parametrize("rules", [PokerRules(), PokerRules(push="pai-gow:Q")],
                         ids=["classic", "ez"])
def test_full_deck_grid_method_equals_histogram_method(rules: PokerRules) -> None:
    """The fast method (a grid of the hand's own thresholds, table read in order) and the
    first method (the full (H, L) histogram) give the same counts on a sample of full-deck
    hands, joker hands and a queen-high pai gow among them, both roles."""
    for hand in FULL_DECK_SAMPLE:
        for banking in (False, True):
            a, b = (advise(hand, "house", banking, rules=rules, method=m)
                    for m in ("grid", "histogram"))
            assert a == b, (hand, banking)


def test_unknown_method_is_refused() -> None:
    from paigow.errors import RuleError

    with pytest.raises(RuleError, match="unknown advice method 'fast'"):
        advise(QUADS, "house", deck=DECK, cache=False, method="fast")


def test_rank_ids_kept_on_disk_equal_a_fresh_computation(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pathlib import Path

    import numpy as np

    from paigow.analysis import poker_kernels, poker_odds
    from paigow.poker.fast import table2, table5

    monkeypatch.setattr(poker_odds, "cache_dir", lambda: Path(str(tmp_path)))
    monkeypatch.setattr(poker_odds, "_RANK_IDS", {})
    rules = PokerRules(wheel="lowest")
    first = poker_odds.rank_ids(rules)
    assert len(list(Path(str(tmp_path)).glob("poker-ranks-*.npz"))) == 1
    monkeypatch.setattr(poker_odds, "_RANK_IDS", {})
    again = poker_odds.rank_ids(rules)  # read back from the file
    fresh = poker_kernels.rank_ids(table5(rules), table2(rules))
    for got, want in zip((again.rid5, again.rid2, again.keys5, again.keys2), fresh, strict=True):
        assert np.array_equal(got, want)
    assert np.array_equal(first.rid5, again.rid5)
