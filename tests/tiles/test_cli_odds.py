"""``paigow tiles set | advise | edge | table``: JSON output, facts it must respect, bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from paigow.cli import app

runner = CliRunner()
HAND = ["6-6", "4-2", "5-3", "1-1"]


def run_json(*args: str) -> dict[str, Any]:
    r = runner.invoke(app, ["tiles", *args, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert isinstance(data, dict)
    return data


def test_set_json_uses_the_hands_tiles() -> None:
    data = run_json("set", *HAND, "--strategy", "australian")
    high, low = data["high"], data["low"]
    assert isinstance(high, list) and isinstance(low, list)
    assert sorted(high + low) == sorted(["6-6", "4-2", "5-3", "1-1"])
    assert isinstance(data["rule"], str) and data["rule"]


def test_set_optimal_is_the_best_setting_of_advise() -> None:
    chosen = run_json("set", *HAND, "--strategy", "optimal", "--dealer", "australian")
    advice = run_json("advise", *HAND, "--dealer", "australian")
    best = advice["best"]
    assert isinstance(best, dict)
    assert (sorted(chosen["high"]), sorted(chosen["low"])) == (
        sorted(best["high"]), sorted(best["low"]))
    assert str(chosen["rule"]).startswith("optimal: EV +")


@pytest.mark.parametrize("commission", ["0.05", "0", "1/20"])
@pytest.mark.parametrize("banking", [False, True], ids=["player", "banker"])
def test_advise_counts_cover_every_dealer_hand(commission: str, banking: bool) -> None:
    args = ["advise", "teen", "2-1", "5-3", "day", "--commission", commission]
    data = run_json(*args, *(["--banking"] if banking else []))
    rate = Fraction(commission)
    rows = data["settings"]
    assert isinstance(rows, list) and len(rows) == 3
    for row in rows:
        w, p, lo = row["win"], row["push"], row["lose"]
        assert w + p + lo == comb(28, 4)
        assert Fraction(row["ev_exact"]) == ((1 - rate) * w - lo) / comb(28, 4)
    assert sum(row["best"] for row in rows) == 1
    assert max(Fraction(r["ev_exact"]) for r in rows) == Fraction(
        next(r for r in rows if r["best"])["ev_exact"])


def test_advise_table_for_people() -> None:
    r = runner.invoke(app, ["tiles", "advise", *HAND])
    assert r.exit_code == 0, r.output
    assert "best" in r.stdout and "Teen" in r.stdout and "6-6 5-3" in r.stdout


@pytest.fixture(scope="module")
def house_edge() -> dict[str, Any]:
    return run_json("edge", "--player", "australian", "--dealer", "australian")


def test_edge_json_counts_and_identity(house_edge: dict[str, Any]) -> None:
    data = house_edge
    w, p, lo = data["win"], data["push"], data["lose"]
    assert isinstance(w, int) and isinstance(p, int) and isinstance(lo, int)
    assert w + p + lo == comb(32, 4) * comb(28, 4) == 736_281_000
    exact = Fraction(str(data["edge_exact"]))
    assert exact == Fraction(lo, w + p + lo) - Fraction(95, 100) * Fraction(w, w + p + lo)
    assert data["edge"] == pytest.approx(float(exact))
    assert data["p_win"] + data["p_push"] + data["p_lose"] == pytest.approx(1)
    assert 0 < data["sd"] < 1


def test_edge_optimal_beats_the_house_way_and_banking_mirrors(house_edge: dict[str, Any]) -> None:
    house = house_edge
    optimal = run_json("edge", "--player", "optimal", "--dealer", "australian")
    assert optimal["edge"] < house["edge"]
    bank = run_json("edge", "--player", "australian", "--dealer", "australian", "--banking",
                    "--commission", "0")
    # the same deals seen from the bank: win and lose exchange
    assert (bank["win"], bank["lose"]) == (house["lose"], house["win"])


def test_table_writes_a_loadable_file(tmp_path: Path) -> None:
    out = tmp_path / "australian.csv"
    data = run_json("table", "--strategy", "australian", "-o", str(out))
    assert data["rows"] == 8130
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "hand,high,low" and len(lines) == 8131
    from_table = run_json("set", *HAND, "--strategy", f"table:{out}")
    from_way = run_json("set", *HAND, "--strategy", "australian")
    assert (sorted(from_table["high"]), sorted(from_table["low"])) == (
        sorted(from_way["high"]), sorted(from_way["low"]))
    assert "line" in str(from_table["rule"])


def test_table_to_stdout_is_csv() -> None:
    r = runner.invoke(app, ["tiles", "table", "--strategy", "australian", "--banking"])
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0] == "hand,high,low" and len(lines) == 8131


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["set", "6-6", "4-2", "5-3", "7-1"], "bad tile '7-1'"),
        (["set", "6-6", "4-2", "5-3"], "expected 4 tiles"),
        (["set", *HAND, "--strategy", "nonsense"], "unknown tile way 'nonsense'"),
        (["advise", *HAND, "--commission", "150%"], "must be at least 0 and below 1"),
        (["advise", *HAND, "--commission", "lots"], "bad commission rate 'lots'"),
        (["advise", *HAND, "--dealer", "table:/nowhere/x.csv"], "cannot read the strategy table"),
        (["edge", "--player", "nonsense"], "unknown tile way"),
        (["edge", "--commission", "-1"], "must be at least 0"),
        (["table", "--strategy", "nonsense"], "unknown tile way"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    r = runner.invoke(app, ["tiles", *args])
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert needle in err and len(err.splitlines()) == 1, err


def test_bad_table_file_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("hand,high,low\n6-6 6-6 1-1 1-1,6-6 6-6,1-1 2-2\n", encoding="utf-8")
    r = runner.invoke(app, ["tiles", "set", *HAND, "--strategy", f"table:{bad}"])
    assert r.exit_code == 2
    assert "line 2" in r.stderr and "does not use the hand's tiles" in r.stderr
