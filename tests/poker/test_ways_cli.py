"""``paigow poker set``: the setting of seven cards by a named way, for people and --json;
bad input is one line on stderr and exit status 2."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from paigow.cli.common import new_app
from paigow.cli.poker_ways import register

runner = CliRunner()


def make_app() -> typer.Typer:
    """A ``paigow``-like app with a ``poker`` group holding the ``set`` command."""
    app = new_app()
    poker = new_app()

    @app.callback()
    def root() -> None:
        """paigow."""

    @poker.callback()
    def group() -> None:
        """poker."""

    register(poker)
    app.add_typer(poker, name="poker")
    return app


APP = make_app()


def test_cli_set_seed_no_pair_house_way() -> None:
    """Seed: 'with K-Q-J-9-7-4-3, play Q-J and K-9-7-4-3'."""
    r = runner.invoke(APP, ["poker", "set", "Kd", "Qs", "Jh", "9c", "7d", "4s", "3h"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "Kd 9c 7d 4s 3h | Qs Jh"
    assert "house 1.1" in r.stdout


def test_cli_set_json_basic_jacks_and_fours() -> None:
    """Seed: J-J-4-4-A-Q-5 → A-Q and J-J-4-4-5 (basic 3.3)."""
    r = runner.invoke(APP, ["poker", "set", "Jd Jc 4s 4h As Qd 5c", "--strategy", "basic",
                            "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["high"] == ["Jd", "Jc", "5c", "4s", "4h"]
    assert data["low"] == ["As", "Qd"]
    assert data["rule"].startswith("basic 3.3:")
    assert data["strategy"] == "basic" and data["banking"] is False


def test_cli_set_banking_and_wild_joker() -> None:
    r = runner.invoke(APP, ["poker", "set", "Jk Kd Qc 9s 7h 4c 2d", "--joker", "wild",
                            "--banking", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["low"] == ["Qc", "9s"] and data["banking"] is True  # joker pairs the king


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["As Kd Qh"], "seven cards"),
        (["As Kd Qh Jc 9s 8d 7x"], "bad card '7x'"),
        (["As Kd Qh Jc 9s 8d As"], "repeated"),
        (["As Kd Qh Jc 9s 8d 2c", "--strategy", "nope"], "unknown poker way"),
        (["As Kd Qh Jc 9s 8d 2c", "--wheel", "up"], "--wheel 'up': choose second, lowest"),
    ],
)
def test_cli_set_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    r = runner.invoke(APP, ["poker", "set", *args])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1
