"""The ``paigow`` command: one sub-command group per part of the project."""

from __future__ import annotations

import typer

from paigow.poker import cli_odds, cli_ways
from paigow.poker.cli import app as poker_app
from paigow.table.cli import history, play, replay_cmd
from paigow.tiles.cli import app as tiles_app
from paigow.web.cli import serve

app = typer.Typer(
    name="paigow",
    help="Pai Gow tiles and Pai Gow Poker: rules, hand-setting ways, exact odds, a table.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(tiles_app, name="tiles")

cli_ways.register(poker_app)
cli_odds.register(poker_app)
app.add_typer(poker_app, name="poker")
app.command("play")(play)
app.command("replay")(replay_cmd)
app.command("history")(history)
app.command("serve")(serve)


def main() -> None:
    """Entry point of the console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
