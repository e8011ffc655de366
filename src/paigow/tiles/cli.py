"""``paigow tiles``: the tile game's commands."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from paigow.cliutil import JSON_OPTION, console, print_json, run_command
from paigow.errors import RuleError
from paigow.tiles.facts import compute_facts
from paigow.tiles.hand import HandValue, compare, hand_value
from paigow.tiles.rules import TileRules
from paigow.tiles.setting import settings
from paigow.tiles.tile import parse_tiles

app = typer.Typer(help="Pai Gow tiles: values, comparisons, settings, facts.", no_args_is_help=True)

TILES_ARG = typer.Argument(..., help="Tiles like 6-6 5-4 or teen 5-4.")
GJ_OPTION = typer.Option(
    "--gee-joon-tiebreak", help="How a lone Gee Joon tile breaks ties: ranked or no_value."
)


def rules_from(gee_joon_tiebreak: str) -> TileRules:
    if gee_joon_tiebreak not in ("ranked", "no_value"):
        raise RuleError(f"unknown --gee-joon-tiebreak {gee_joon_tiebreak!r}: choose ranked or no_value")
    return TileRules(gee_joon_tiebreak)  # type: ignore[arg-type]


def _describe(v: HandValue) -> str:
    return f"[bold]{v.name}[/]  ({v.explanation})"


@app.command("value")
def value_cmd(
    tiles: Annotated[list[str], TILES_ARG],
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """The value of a two-tile hand and why, e.g. ``paigow tiles value 6-6 5-4``."""

    def body() -> None:
        v = hand_value(parse_tiles(tiles, count=2), rules_from(gee_joon_tiebreak))
        if json:
            print_json(v.to_json())
        else:
            console.print(f"{' '.join(t.label() for t in v.tiles)}: {_describe(v)}")

    run_command(body)


@app.command("compare")
def compare_cmd(
    player: Annotated[str, typer.Argument(help='The player\'s hand, e.g. "4-3 2-2".')],
    banker: Annotated[str, typer.Argument(help='The banker\'s hand, e.g. "6-5 5-5".')],
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """A player's two-tile hand against the banker's: who wins and which rule decided it."""

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        c = compare(parse_tiles(player, count=2), parse_tiles(banker, count=2), rules)
        if json:
            print_json(c.to_json())
            return
        console.print(f"player {' '.join(map(str, c.player.tiles))}: {_describe(c.player)}")
        console.print(f"banker {' '.join(map(str, c.banker.tiles))}: {_describe(c.banker)}")
        console.print(f"[bold]{c.winner} wins[/]: {c.reason}")

    run_command(body)


@app.command("settings")
def settings_cmd(
    tiles: Annotated[list[str], TILES_ARG],
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Each distinct way to set four tiles, with its high and low hand and their values."""

    def body() -> None:
        ss = settings(parse_tiles(tiles, count=4), rules_from(gee_joon_tiebreak))
        if json:
            print_json([s.to_json() for s in ss])
            return
        table = Table(title="Ways to set " + " ".join(tiles))
        for col in ("#", "high hand", "value", "low hand", "value"):
            table.add_column(col)
        for n, s in enumerate(ss, 1):
            table.add_row(
                str(n), " ".join(map(str, s.high)), s.high_value.name,
                " ".join(map(str, s.low)), s.low_value.name,
            )
        console.print(table)

    run_command(body)


@app.command("facts")
def facts_cmd(json: Annotated[bool, JSON_OPTION] = False) -> None:
    """Counts of hands, computed by enumerating the 32 tiles."""
    f = compute_facts()
    if json:
        print_json(f.to_json())
        return
    table = Table(title="Pai Gow tiles: counts by enumeration")
    table.add_column("what")
    table.add_column("count", justify="right")
    rows = [
        ("four-tile hands (32 tiles distinguishable)", f.four_tile_hands),
        ("distinct four-tile sets by rank class", f.four_tile_sets_by_class),
        ("distinct four-tile sets by tile face", f.four_tile_sets_by_face),
        ("two-tile hands", f.two_tile_hands),
        ("distinct two-tile hands by rank class", f.two_tile_hands_by_class),
        ("distinct two-tile hands by tile face", f.two_tile_hands_by_face),
        ("dealer hands from the 28 tiles left", f.dealer_hands),
    ]
    for what, n in rows:
        table.add_row(what, f"{n:,}")
    console.print(table)
    vt = Table(title="The 496 two-tile hands by value")
    vt.add_column("value")
    vt.add_column("hands", justify="right")
    for name, n in f.two_tile_values.items():
        vt.add_row(name, str(n))
    console.print(vt)
