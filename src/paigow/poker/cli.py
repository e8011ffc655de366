"""``paigow poker``: the card game's commands."""

from __future__ import annotations

import typer

app = typer.Typer(help="Pai Gow Poker: cards, ranking, settings, census.", no_args_is_help=True)
