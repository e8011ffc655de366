"""The ``paigow tiles`` commands, for people and with --json, and their bad-input handling."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from paigow.cli import app

runner = CliRunner()


def run_json(*args: str) -> object:
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_cli_tiles_value_teen_wong() -> None:
    data = run_json("tiles", "value", "6-6", "5-4")
    assert isinstance(data, dict)
    assert data["kind"] == "wong" and data["name"] == "Teen Wong" and data["points"] == 11
    r = runner.invoke(app, ["tiles", "value", "6-6", "5-4"])
    assert r.exit_code == 0 and "Teen Wong" in r.stdout


def test_cli_tiles_value_pair_has_null_points() -> None:
    data = run_json("tiles", "value", "teen", "6-6")
    assert isinstance(data, dict)
    assert data["kind"] == "pair" and data["points"] is None


def test_cli_tiles_compare_seed_example_banker_wins_on_high_tile() -> None:
    data = run_json("tiles", "compare", "4-3 2-2", "6-5 5-5")
    assert isinstance(data, dict)
    assert data["winner"] == "banker" and "Mooy" in str(data["reason"])


def test_cli_tiles_compare_gee_joon_variant_option() -> None:
    ranked = run_json("tiles", "compare", "2-4 2-3", "1-4 1-2")
    novalue = run_json("tiles", "compare", "2-4 2-3", "1-4 1-2", "--gee-joon-tiebreak", "no_value")
    assert isinstance(ranked, dict) and isinstance(novalue, dict)
    assert (ranked["winner"], novalue["winner"]) == ("player", "banker")


def test_cli_tiles_settings_seed_example() -> None:
    data = run_json("tiles", "settings", "6-5", "3-2", "6-4", "4-3")
    assert isinstance(data, list) and len(data) == 3
    pts = sorted((s["high_value"]["points"], s["low_value"]["points"]) for s in data)
    assert pts == [(2, 1), (7, 6), (8, 5)]


def test_cli_tiles_facts_json() -> None:
    data = run_json("tiles", "facts")
    assert isinstance(data, dict)
    assert data["four_tile_hands"] == 35960 and data["four_tile_sets_by_class"] == 3620
    assert data["two_tile_values"]["Gee Joon pair"] == 1
    r = runner.invoke(app, ["tiles", "facts"])
    assert r.exit_code == 0 and "35,960" in r.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["tiles", "value", "6-6", "7-7"], "7-7"),
        (["tiles", "value", "6-6"], "expected 2 tiles"),
        (["tiles", "compare", "4-3 2-2", "2-2 2-2"], "2-2"),
        (["tiles", "settings", "6-5", "3-2", "6-4"], "expected 4 tiles"),
        (["tiles", "settings", "6-5", "3-2", "6-4", "zz"], "zz"),
        (["tiles", "compare", "6-6 5-4", "1-1 2-2", "--gee-joon-tiebreak", "odd"], "odd"),
    ],
)
def test_cli_tiles_bad_input_exits_2_with_one_clear_line(args: list[str], needle: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "paigow.cli", *args], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and needle in lines[0], proc.stderr
    assert proc.stdout == ""
