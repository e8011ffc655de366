"""A way file runs everywhere a built-in way does: the lookups (``get_way``, ``fast_way``),
the table, Monte Carlo, the command line; and ``ways-diff`` counts every hand once (here
on the hands of the 32 lowest cards; on the full deck in benchmarks/poker_way_files.py)."""

from __future__ import annotations

import json
import shutil
from math import comb
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from paigow.analysis.poker_sim import simulate
from paigow.analysis.poker_ways import FileFastWay, exact_diff, fast_way, sample_gain
from paigow.cli import app
from paigow.poker.rules import PokerRules
from paigow.poker.setting import settings
from paigow.poker.ways.file_way import FileWay, shipped_path
from paigow.table.session import TableOptions, make_game
from paigow.ways import POKER, get_way

runner = CliRunner()


@pytest.fixture
def my_way(tmp_path: Path) -> Path:
    """A casino's own way file, outside the package (a copy of the Foxwoods way)."""
    src = shipped_path("foxwoods")
    assert src is not None
    path = tmp_path / "my-casino.toml"
    shutil.copy(src, path)
    return path


def test_get_way_and_fast_way_take_a_shipped_name_or_a_path(my_way: Path) -> None:
    by_path = get_way(str(my_way), POKER)
    assert isinstance(by_path, FileWay) and by_path.name == "foxwoods"
    fast = fast_way(str(my_way))
    assert isinstance(fast, FileFastWay) and getattr(fast, "role_blind", False)
    hands = np.array([[0, 5, 10, 20, 30, 40, 52], [1, 2, 3, 4, 5, 6, 7]], dtype=np.int32)
    for row, k in zip(hands.tolist(), fast.splits(hands, False).tolist(), strict=True):
        assert settings(row)[k] == by_path.set(row, False)
    assert fast.fingerprint() == fast_way("foxwoods").fingerprint()


def test_the_table_plays_a_way_file_as_its_house_way(my_way: Path) -> None:
    opts = TableOptions(game="poker", seats=2, house_way=str(my_way),
                        bot_ways=("ballys-atlantic-city",))
    game, bots = make_game(opts)
    assert isinstance(game.house_way, FileWay) and game.house_way.name == "foxwoods"
    assert bots[0].name == "ballys-atlantic-city"


def test_monte_carlo_plays_way_files_on_both_sides() -> None:
    res = simulate("foxwoods", "ballys-atlantic-city", 20_000, seed=5)
    assert res.win + res.push + res.lose == 20_000
    again = simulate("foxwoods", "ballys-atlantic-city", 20_000, seed=5)
    assert (again.win, again.push, again.lose) == (res.win, res.push, res.lose)


def test_cli_set_takes_way_files(my_way: Path) -> None:
    out = runner.invoke(app, ["poker", "set", "9d", "9c", "4s", "4h", "As", "Qd", "5c",
                              "--way", str(my_way), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["low"] == ["As", "Qd"] and data["rule"].startswith("foxwoods 3.2:")


def test_cli_ways_check_lists_each_rule_and_refuses_a_bad_file(tmp_path: Path) -> None:
    out = runner.invoke(app, ["poker", "way-check", "ballys-atlantic-city", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["errors"] == [] and all(r["hands"] > 0 for r in data["rules"])
    bad = tmp_path / "bad.toml"
    bad.write_text('[way]\nname = "bad"\n[[one_pair]]\nrule = "2"\nset = "low pair"\n')
    out = runner.invoke(app, ["poker", "way-check", str(bad)])
    assert out.exit_code == 2
    assert "rule 2 (line 5)" in out.output


def test_sample_gain_is_the_ev_difference_of_the_two_settings() -> None:
    """With an injected exact EV (here: the split index, a known function), each sampled
    cost is EV(B's split) - EV(A's split), and every sampled hand is one the ways set
    differently."""
    a, b = fast_way("seeds"), fast_way("foxwoods")
    costs = sample_gain("seeds", "foxwoods", 25, seed=4,
                        advise_fn=lambda hand: {k: float(k) for k in range(21)})
    assert costs.n == 25 and not any(costs.agree)
    assert 0 < costs.scale < 1 and costs.draws >= 25
    assert all(c != 0 for c in costs.costs)
    # and the draws are reproducible from the seed
    again = sample_gain("seeds", "foxwoods", 25, seed=4,
                        advise_fn=lambda hand: {k: float(k) for k in range(21)})
    assert again.costs == costs.costs
    del a, b


def test_ways_diff_agreement_counts_sum_to_all_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand is counted once: by hand type, by rule of A, by rule of B (one pass of
    both ways over every hand). Here the pass is cut to the hands whose highest card is one
    of the 32 lowest cards (every hand of 2s to 9s: C(32,7) = 3,365,856); all C(53,7) =
    154,143,080 hands in benchmarks/poker_way_files.py (about a minute on 2 cores)."""
    from paigow.poker.ways import file_fast

    n = comb(32, 7)
    monkeypatch.setattr(file_fast, "top_chunks",
                        lambda: iter([(np.arange(6, 32, dtype=np.int64), n)]))
    d = exact_diff("house", "foxwoods", PokerRules())
    assert d.total == n == 3_365_856
    assert sum(r.hands for r in d.by_type) == n
    assert sum(r.hands for r in d.by_rule_a) == n
    assert sum(r.hands for r in d.by_rule_b) == n
    assert sum(r.agree for r in d.by_type) == d.agree == sum(r.agree for r in d.by_rule_a)
    assert 0 < d.agree < n  # (the cut still holds hands the two ways set differently)
    # hand types the two ways play alike by the same text agree on every hand
    alike = {r.label: r for r in d.by_type}
    assert alike["no pair"].differ == 0 and alike["three pair"].differ == 0
    assert alike["no pair"].hands > 0 and alike["three pair"].hands > 0


def test_sample_gain_against_optimal_takes_the_best_setting_from_advice() -> None:
    """With ``optimal`` as B every sampled hand counts (there is no exact part), and B's
    setting is the advice's best: here an injected EV that makes split 0 best."""
    costs = sample_gain("foxwoods", "optimal", 12, seed=2,
                        advise_fn=lambda hand: {k: -float(k) for k in range(21)} | {-1: 0})
    assert costs.n == 12 and costs.draws == 12 and costs.scale == 1.0
    assert all(c >= 0 for c in costs.costs)
    assert all(a == (c == 0) for a, c in zip(costs.agree, costs.costs, strict=True))
