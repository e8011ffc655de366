"""``paigow poker`` commands, including bad input (exit 2, one line, no traceback)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from paigow.cli.poker import app

runner = CliRunner()


def test_cli_rank_names_the_jokers_role() -> None:
    r = runner.invoke(app, ["rank", "As", "Ks", "Qs", "Js", "Jk"])
    assert r.exit_code == 0
    assert "royal flush" in r.stdout and "joker completes the royal flush" in r.stdout


def test_cli_rank_json_and_variants() -> None:
    r = runner.invoke(app, ["rank", "Jk2c3d4h5s", "--wheel", "lowest", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["category"] == "straight" and "as 6" in data["joker"]
    r2 = runner.invoke(app, ["rank", "Jk", "Kd", "--joker", "wild", "--json"])
    assert json.loads(r2.stdout)["category"] == "pair"


def test_cli_settings_lists_21_with_fouls() -> None:
    r = runner.invoke(app, ["settings", "As Kd Qh Jc 9s 8d Jk", "--json"])
    assert r.exit_code == 0
    rows = json.loads(r.stdout)
    assert len(rows) == 21
    by_low = {row["low"]: row for row in rows}
    assert by_low["Jk As"]["foul"] is True  # a pair of aces in front of K-high
    assert by_low["Kd Qh"]["foul"] is False
    assert runner.invoke(app, ["settings", "As Kd Qh Jc 9s 8d Jk"]).exit_code == 0


def test_cli_compare() -> None:
    r = runner.invoke(app, ["compare", "Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert (data["high"], data["low"], data["outcome"]) == ("win", "lose", "push")
    r2 = runner.invoke(app, ["compare", "Ks Qd 9h 6c 2c | 3s 3d", "Kh Kd 9c 8h 2h | Qc Jd",
                             "--foul", "forfeit"])
    assert r2.exit_code == 0 and "lose" in r2.stdout


def test_cli_census_small_deck_json() -> None:
    r = runner.invoke(app, ["census", "--deck", "As Ks Qs Js Ts 9s 2c 2d", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["total"] == 8
    assert data["by_category"]["royal flush"] == 3


@pytest.mark.parametrize(
    "args",
    [
        ["rank", "As", "Xx", "Qs", "Js", "Jk"],
        ["rank", "As", "As", "Qs", "Js", "Jk"],
        ["rank", "As", "Ks", "Qs"],
        ["rank", "As", "Ks", "--joker", "free"],
        ["settings", "As Kd Qh"],
        ["compare", "Ah Ad 9c 8d | Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs"],
        ["compare", "Ks Qd 9h 6c 2c | 3s 3d", "Kh Kd 9c 8h 2h | Qc Jd"],  # foul, no house way
        ["census", "--wheel", "sideways"],
    ],
)
def test_cli_bad_input_exits_2_with_one_line(args: list[str]) -> None:
    r = subprocess.run(
        [sys.executable, "-c", "from paigow.cli.poker import app; app()", *args],
        capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith("error:")
