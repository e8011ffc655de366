"""The ``paigow`` command: the shell over the core. One thin module per command group;
nothing below :mod:`paigow.cli` imports it (every import arrow points down).

**A fast start.** The root lists its commands from one line of help each
(:class:`~paigow.cli.common.Lazy`) and imports a command's module only when that command
runs; the command modules import what is heavy (numba, numpy, the analysis kernels,
FastAPI, the database drivers, rich's tables) inside the command bodies.
tests/cli/test_fast_start.py guards both rules; ``benchmarks/cli_start.py`` measures.

**Adding a command.** A ``tiles`` or ``poker`` sub-command: ``@app.command("name")`` in its
module, or a ``register(app)`` called from :func:`_tiles`/:func:`_poker` below. A new
top-level command or group: one :class:`~paigow.cli.common.Lazy` entry in ``app`` (its line
of help is the first sentence of the command's own; tests/cli/test_help.py checks they
agree). Either way the command's help gets the project's form from
:mod:`paigow.cli.helptext`; its docstring ends with one ``Example: paigow ...`` line.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import typer

from paigow.cli.common import Lazy, new_app


@cache
def _tiles() -> typer.Typer:
    """The ``tiles`` group, every command registered (once per process)."""
    from paigow.cli import tiles_derive, train
    from paigow.cli.tiles import app as tiles_app

    train.register_grade(tiles_app, None)
    tiles_derive.register(tiles_app)
    return tiles_app


@cache
def _poker() -> typer.Typer:
    """The ``poker`` group, every command registered (once per process)."""
    from paigow.cli import poker_derive, poker_odds, poker_sidebets, poker_ways, train
    from paigow.cli.poker import app as poker_app

    train.register_grade(None, poker_app)
    poker_ways.register(poker_app)
    poker_odds.register(poker_app)
    poker_sidebets.register(poker_app)
    poker_derive.register(poker_app)
    return poker_app


def _table(name: str) -> Any:
    from paigow.cli import table

    return getattr(table, name)


def _serve() -> Any:
    from paigow.cli.serve import serve

    return serve


def _proxy() -> Any:
    from paigow.cli.proxy import proxy

    return proxy


def _verify() -> Any:
    from paigow.cli.verify import verify

    return verify


def _cache() -> typer.Typer:
    from paigow.cli.cache import app as cache_app

    return cache_app


def _train() -> typer.Typer:
    from paigow.cli.train import app as train_app

    return train_app


app = new_app(
    name="paigow",
    help="Pai Gow tiles and Pai Gow Poker: rules, hand-setting ways, exact odds, a table.",
    no_args_is_help=True,
    add_completion=True,
    lazy={
        "tiles": Lazy("Pai Gow tiles: values, comparisons, settings, ways, exact odds.",
                      _tiles),
        "poker": Lazy("Pai Gow Poker: ranking, settings, ways, exact odds, side bets.",
                      _poker),
        "play": Lazy("Play Pai Gow at a table: you at seat 1, bots at the others "
                     "(--auto: bots only).",
                     lambda: _table("play")),
        "replay": Lazy("Replay a recorded round from its shuffle and dice, and audit it "
                       "against the ledger.",
                       lambda: _table("replay_cmd")),
        "history": Lazy("The recorded rounds: hands, settings, outcomes and balances.",
                        lambda: _table("history")),
        "serve": Lazy("Serve the lobby at http://HOST:PORT/: people open tables, join seats "
                    "or watch; bots play the empty seats.", _serve),
        "proxy": Lazy("Write the nginx configuration that puts a card room behind one "
                      "address.", _proxy),
        "void": Lazy("Void a stuck open round: every bet returned, an audit entry kept.",
                     lambda: _table("void_cmd")),
        "verify": Lazy("Check that a round was dealt from the seed its table committed to.",
                       _verify),
        "train": Lazy("Practise setting hands: the player's best setting or the dealer's "
                     "house way.", _train),
        "cache": Lazy("List what paigow keeps in its cache (each file, what it is, its "
                      "size, the total), or clear it.", _cache),
    },
)


def _version(value: bool) -> None:
    if value:
        from paigow import __version__

        print(f"paigow {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                 help="Print the version and exit."),
) -> None:
    """Pai Gow tiles and Pai Gow Poker: rules, hand-setting ways, exact odds, a table."""


def main() -> None:
    """Entry point of the console script (and of ``python -m paigow``)."""
    app(prog_name="paigow")


if __name__ == "__main__":  # pragma: no cover
    main()
