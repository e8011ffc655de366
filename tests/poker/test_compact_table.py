"""The compact opponent table (issue 23 §7): each hand's setting ranks as the way's
kernel gives them, on every hand of small decks and on a large sample of the full deck;
its counts equal a direct count of the hands; its file is written whole or not at all;
and a warm call imports no numba.

The plain table (one ``(H, L)`` a hand, what the old code stored) is recomputed here from
the way's kernel: the split of every hand (``FastWay.splits``) ranked by
``poker_kernels.setting_ranks``.
"""

from __future__ import annotations

import subprocess
import sys
from math import comb
from pathlib import Path

import numpy as np
import pytest

from paigow.analysis import poker_kernels as kern
from paigow.analysis import poker_layout as lay
from paigow.analysis import poker_table
from paigow.analysis.poker_odds import opponent_table, rank_ids, way_for
from paigow.poker.cards import parse_cards
from paigow.poker.rules import PokerRules

# 22 cards: four suited runs with the joker (flushes and straight flushes of every block),
# pairs and trips across suits (rank classes with many suit patterns)
DECK = sorted(parse_cards(
    "As Ks Qs Js Ts 9s 5s Ah Kh Qh 9h 8h Ad Kd 9d 4d Ac Kc 9c 5c 2c Jk"))
WAYS = ["house", "foxwoods", "mgm-grand"]
RULES = [PokerRules(), PokerRules(joker="wild", wheel="lowest")]


def kernel_ranks(way: str, rules: PokerRules, hands: np.ndarray) -> tuple[np.ndarray, ...]:
    """The plain table's ``(H, L)`` of each hand, from the way's kernel."""
    fast = way_for(way, rules)
    ids = rank_ids(rules)
    splits = np.ascontiguousarray(fast.splits(hands, True), dtype=np.int8)
    out = np.zeros((len(hands), 3), np.uint8)
    kern.setting_ranks(hands, splits, ids.rid5, ids.rid2, kern.HIGH_ASC, kern.LOW_ASC,
                       lay.BINOM, out)
    return out[:, 0].astype(np.int64) | (out[:, 1].astype(np.int64) << 8), out[:, 2]


def every_hand(deck: list[int]) -> np.ndarray:
    return kern.hands_range(np.array(deck, np.int64), 0, comb(len(deck), 7), lay.BINOM)


@pytest.mark.parametrize("rules", RULES, ids=["bug-second", "wild-lowest"])
@pytest.mark.parametrize("way", WAYS)
def test_every_hand_of_a_small_deck_reads_back_as_the_kernel_sets_it(
    way: str, rules: PokerRules
) -> None:
    hands = every_hand(DECK)
    table = opponent_table(way_for(way, rules), True, rules, DECK, cache=False)
    want_h, want_l = kernel_ranks(way, rules, hands)
    got_h, got_l = table.lookup(hands)
    assert np.array_equal(got_h, want_h) and np.array_equal(got_l, want_l)
    flush = lay.flush_places(hands)[0] >= 0
    assert 0 < flush.sum() < len(hands)  # both parts of the table are read


@pytest.mark.parametrize("way", ["house", "foxwoods"])
def test_counts_equal_a_direct_count_of_the_hands_left(way: str) -> None:
    """Counting by rank class and pair (no pass over the hands) equals a histogram of
    each hand left's own ranks, with the pai gow kind counted apart."""
    rules = PokerRules()
    hands = every_hand(DECK)
    table = opponent_table(way_for(way, rules), True, rules, DECK, cache=False)
    hh, ll = kernel_ranks(way, rules, hands)
    high = kern.pai_gow_high(hands, rules)
    n5, n2 = len(table.keys5), len(table.keys2)
    for removed in (parse_cards("As Ks Qh Jk 2c 4d 9c"), parse_cards("Ah Kh 9h 8h 5c Ad Kc"),
                    []):
        left = ~np.isin(hands, removed).any(axis=1)
        for kind in (0, 13, 14):
            grid, n_kind = table.counts(removed, np.arange(n5), np.arange(n2), n5, n2, kind)
            pushed = left & (high == kind) if kind else np.zeros(len(hands), np.bool_)
            want = np.zeros((n5, n2), np.int64)
            np.add.at(want, (hh[left & ~pushed], ll[left & ~pushed]), 1)
            assert n_kind == int(pushed.sum())
            assert np.array_equal(grid, want), (removed, kind)


@pytest.mark.slow
@pytest.mark.parametrize("way", ["house"])
def test_a_large_sample_of_the_full_deck_reads_back_as_the_kernel_sets_it(way: str) -> None:
    """200,000 uniform hands and 100,000 hands that can make a flush, against the way's
    kernel (the full-deck table the suite builds once for exact advice). The table is the
    same code for every way: the way files' (foxwoods, mgm-grand) read back hand by hand
    on a small deck above, where building costs seconds, not five minutes."""
    rules = PokerRules()
    table = opponent_table(way_for(way, rules), True, rules)
    assert len(table) == comb(53, 7) and table.nbytes < 64 * 2**20
    rng = np.random.default_rng(2311)

    def sample(n: int) -> np.ndarray:
        # n uniform seven-card hands at once: the first 7 of a random order of the deck
        return np.sort(rng.random((n, 53)).argsort(axis=1)[:, :7], axis=1)

    uniform = sample(200_000)
    suited = np.empty((0, 7), dtype=uniform.dtype)
    while len(suited) < 100_000:  # uniform hands kept when they can make a flush
        batch = np.ascontiguousarray(sample(200_000), dtype=np.int32)
        suited = np.concatenate([suited, batch[lay.flush_places(batch)[0] >= 0]])
    for hands in (uniform, suited[:100_000]):
        hands = np.ascontiguousarray(hands, dtype=np.int32)
        want_h, want_l = kernel_ranks(way, rules, hands)
        got_h, got_l = table.lookup(hands)
        assert np.array_equal(got_h, want_h) and np.array_equal(got_l, want_l)


def test_a_table_file_reads_back_whole_and_a_damaged_one_is_not_read(tmp_path: Path) -> None:
    rules = PokerRules()
    table = opponent_table(way_for("house", rules), True, rules, DECK, cache=False)
    path = tmp_path / "t.table"
    table.save(path)
    back = poker_table.load(path)
    assert back is not None and back.deck == table.deck
    for name in poker_table._ARRAYS:
        assert np.array_equal(getattr(back, name), getattr(table, name)), name
    assert [p.name for p in tmp_path.iterdir()] == ["t.table"]  # no temporary left
    path.write_bytes(path.read_bytes()[:1000])
    assert poker_table.load(path) is None
    path.write_bytes(b"not a table")
    assert poker_table.load(path) is None


def test_an_interrupted_build_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while a table is built (here: from its progress callback) leaves nothing
    in the cache folder, and the next call builds it whole."""
    rules = PokerRules()
    way = way_for("house", rules)

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    from paigow.analysis import poker_odds

    monkeypatch.setattr(poker_odds, "_TABLES", {})
    with pytest.raises(KeyboardInterrupt):
        opponent_table(way, True, rules, DECK, cache=tmp_path, on_progress=stop)
    assert list(tmp_path.iterdir()) == []
    table = opponent_table(way, True, rules, DECK, cache=tmp_path)
    assert len(table) == comb(len(DECK), 7)
    assert [p.suffix for p in tmp_path.iterdir()] == [".table"]


def test_a_warm_advice_imports_no_numba(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the table is on disk, advice counts with numpy alone: a fresh process that
    advises a hand never imports numba (its start-up alone is most of a second)."""
    from paigow.analysis import poker_odds

    monkeypatch.setattr(poker_odds, "_TABLES", {})  # built and written here, not memoised
    rules = PokerRules()
    opponent_table(way_for("house", rules), True, rules, DECK, cache=tmp_path)
    code = (
        "import sys\n"
        "from paigow.analysis.poker_odds import advise\n"
        "from paigow.poker.cards import Card\n"  # the deck's repr: Card('2c'), ...
        f"a = advise('As Kh Qh 9h 9d 5c 2c', deck={DECK!r}, cache={str(tmp_path)!r})\n"
        "assert a.total == a.settings[0].win + a.settings[0].push + a.settings[0].lose\n"
        "print('numba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.strip() == "False", out.stderr


def test_a_process_finding_a_table_in_the_making_waits_and_reads_it(tmp_path: Path) -> None:
    """Two processes missing one table build it once (the cache folder's lock): the second
    says it waits, then reads the first one's file, building nothing (two test workers or
    two servers at once would otherwise each spend the machine's cores on it). Here the
    test is the first process, holding the folder's lock while it writes the table."""
    import fcntl
    import os

    from paigow.analysis import poker_odds

    rules = PokerRules()
    way = way_for("house", rules)
    path = poker_odds.table_path(tmp_path, way, poker_odds.table_key(
        way, True, rules, poker_odds.check_deck(DECK)))
    code = ("from paigow.analysis.poker_odds import opponent_table, way_for\n"
            "from paigow.poker.cards import parse_cards\n"
            "from paigow.poker.rules import PokerRules\n"
            "r = PokerRules()\n"
            f"deck = sorted(parse_cards({' '.join(map(str, DECK))!r}))\n"
            f"t = opponent_table(way_for('house', r), True, r, deck, cache={str(tmp_path)!r})\n"
            "print(len(t))\n")
    env = {k: v for k, v in os.environ.items() if k != "PAIGOW_QUIET"}
    fd = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stderr is not None
        said = ""
        while "another process" not in said and "building" not in said:  # what it does
            line = proc.stderr.readline()
            assert line, f"it ended saying {said!r}"
            said += line
        assert "another process is building a table" in said, said  # it waits ...
        poker_odds.build_table(way, True, rules, poker_odds.check_deck(DECK)).save(path)
        written = path.stat().st_ino
    finally:
        os.close(fd)  # ... until the table is written
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    assert int(out) == comb(len(DECK), 7)
    assert "building the" not in said + err  # it read the file; it built none
    assert path.stat().st_ino == written and [p.suffix for p in tmp_path.iterdir()] == [".table"]
