"""The suite's test runner (tests/conftest.py) builds an app's click command once, and
anew when a command is registered later: a later command is never missed."""

from __future__ import annotations

import typer
import typer.main
import typer.testing
from typer.testing import CliRunner

from paigow.cli import app


def test_the_command_is_built_once_and_anew_when_the_app_changes() -> None:
    build = typer.testing._get_command  # type: ignore[attr-defined]
    assert build(app) is build(app)  # built once
    mine = typer.Typer()

    @mine.command()
    def one() -> None:
        print("one")

    @mine.command()
    def two() -> None:
        print("two")

    runner = CliRunner()
    assert runner.invoke(mine, ["one"]).stdout == "one\n"
    first = build(mine)

    @mine.command()
    def three() -> None:
        print("three")

    res = runner.invoke(mine, ["three"])
    assert res.exit_code == 0 and res.stdout == "three\n"
    assert build(mine) is not first
    # and what is built is what Typer builds
    fresh = typer.main.get_command(app)
    ctx = fresh.make_context("paigow", ["tiles"])
    assert build(app).list_commands(ctx) == fresh.list_commands(ctx)  # type: ignore[attr-defined]
