"""The ``paigow`` command: the shell over the core. One thin module per command group;
nothing below :mod:`paigow.cli` imports it (every import arrow points down)."""

from __future__ import annotations

from paigow.cli import poker_odds, poker_sidebets, poker_ways, train
from paigow.cli.common import new_app
from paigow.cli.poker import app as poker_app
from paigow.cli.proxy import proxy
from paigow.cli.serve import serve
from paigow.cli.table import history, play, replay_cmd, void_cmd
from paigow.cli.tiles import app as tiles_app
from paigow.cli.verify import verify

app = new_app(
    name="paigow",
    help="Pai Gow tiles and Pai Gow Poker: rules, hand-setting ways, exact odds, a table.",
    no_args_is_help=True,
)
train.register_grade(tiles_app, poker_app)
app.add_typer(tiles_app, name="tiles")

poker_ways.register(poker_app)
poker_odds.register(poker_app)
poker_sidebets.register(poker_app)
app.add_typer(poker_app, name="poker")
app.command("play")(play)
app.command("replay")(replay_cmd)
app.command("history")(history)
app.command("serve")(serve)
app.command("proxy")(proxy)
app.command("void")(void_cmd)
app.command("verify")(verify)
app.add_typer(train.app, name="train")


def main() -> None:
    """Entry point of the console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
