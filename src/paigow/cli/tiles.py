"""``paigow tiles``: the tile game's commands."""

from __future__ import annotations

import contextlib
import csv
import io
import sys
import typing
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from paigow.cli.common import (
    JSON_OPTION,
    Choice,
    OutputFile,
    Rate,
    Token,
    argument,
    console,
    err_console,
    new_app,
    option,
    print_json,
    run_command,
)
from paigow.errors import RuleError
from paigow.settle import parse_rate
from paigow.tiles.facts import compute_facts
from paigow.tiles.hand import HandValue, compare, hand_value
from paigow.tiles.rules import TileRules
from paigow.tiles.setting import settings
from paigow.tiles.tile import parse_tiles
from paigow.tiles.ways import TileWay
from paigow.tiles.ways.registry import get_way

app = new_app(help="Pai Gow tiles: values, comparisons, settings, facts.", no_args_is_help=True)

TILES_ARG = argument(parser=Token("TILES"), help="Tiles like 6-6 5-4 or teen 5-4.")
GJ_OPTION = option(
    "--gee-joon-tiebreak", parser=Choice("--gee-joon-tiebreak", "ranked", "no_value"),
    help="How a lone Gee Joon tile breaks ties: ranked or no_value.",
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
    player: Annotated[
        str, argument(parser=Token("PLAYER"), help='The player\'s hand, e.g. "4-3 2-2".')
    ],
    banker: Annotated[
        str, argument(parser=Token("BANKER"), help='The banker\'s hand, e.g. "6-5 5-5".')
    ],
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


# ---------------------------------------------------------------------------------------
# Hand-setting ways and exact odds: set, advise, edge, table (paigow.analysis.tiles_odds).

STRATEGY_OPTION = option(
    "--strategy", parser=Token("--strategy", table_path=True),
    help="A way by name: australian, luger, harrahs, eighty, optimal, table:PATH.",
)
DEALER_OPTION = option(
    "--dealer", parser=Token("--dealer", table_path=True),
    help="The other side's way (the banker's, or the player's when you bank).",
)
BANKING_OPTION = typer.Option("--banking", help="Set or count as the banker.")
COMMISSION_OPTION = option(
    "--commission", parser=Rate("--commission"),
    help="Commission on a win (or a bank's net win): 0.05, 5% or 1/20.",
)


class _Bars:
    """Rich progress bars on stderr for long computations; one bar per phase."""

    _LABELS: typing.ClassVar[dict[int, str]] = {
        8130: "setting every distinct hand",
        35960: "counting every matchup",
    }

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.task: TaskID | None = None
        self.total = -1
        self.done = -1

    def __call__(self, done: int, total: int) -> None:
        if self.task is None or total != self.total or done < self.done:
            label = self._LABELS.get(total, "working")
            self.task = self.progress.add_task(label, total=total)
            self.total = total
        self.done = done
        self.progress.update(self.task, completed=done)


@contextlib.contextmanager
def _progress_bars(show: bool) -> Iterator[_Bars | None]:
    """Progress bars while the body runs; Ctrl-C stops cleanly with exit status 130."""
    try:
        if not show:
            yield None
            return
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), console=err_console, transient=True,
        ) as progress:
            yield _Bars(progress)
    except KeyboardInterrupt:
        err_console.print("interrupted: nothing was written", highlight=False)
        raise typer.Exit(code=130) from None


def _rate(commission: str) -> Fraction:
    return parse_rate(commission)


def _player_and_dealer(
    player: str, dealer: str, rules: TileRules, rate: Fraction
) -> tuple[TileWay, TileWay]:
    """Build the dealer way once and, for ``optimal``, the player's way against it."""
    from paigow.analysis.tiles_odds import OptimalWay

    dealer_way = get_way(dealer, rules, commission=rate)
    if player.strip().lower() == "optimal":
        return OptimalWay(dealer_way, rules, rate), dealer_way
    return get_way(player, rules, commission=rate), dealer_way


def _one_way(name: str, dealer: str, rules: TileRules, rate: Fraction) -> TileWay:
    """A way by name; the dealer way is built only when ``name`` is ``optimal``."""
    if name.strip().lower() == "optimal":
        return _player_and_dealer(name, dealer, rules, rate)[0]
    return get_way(name, rules, commission=rate)


def _tiles_str(tiles: typing.Sequence[object]) -> str:
    return " ".join(str(t) for t in tiles)


@app.command("set")
def set_cmd(
    tiles: Annotated[list[str], TILES_ARG],
    strategy: Annotated[str, STRATEGY_OPTION] = "australian",
    banking: Annotated[bool, BANKING_OPTION] = False,
    dealer: Annotated[str, DEALER_OPTION] = "australian",
    commission: Annotated[str, COMMISSION_OPTION] = "0.05",
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """How a way sets four tiles, e.g. ``paigow tiles set 6-6 4-2 5-3 1-1 --strategy optimal``.

    ``--dealer`` and ``--commission`` matter only to ``optimal``.
    """

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        hand = parse_tiles(tiles, count=4)
        rate = _rate(commission)
        with _progress_bars(not json):
            way = _one_way(strategy, dealer, rules, rate)
            d = way.choose(hand, banking)
        if json:
            print_json({"tiles": [str(t) for t in hand], "strategy": way.name,
                        "banking": banking, **d.to_json()})
            return
        s = d.setting
        console.print(f"high: [bold]{_tiles_str(s.high)}[/] ({s.high_value.name})")
        console.print(f"low:  [bold]{_tiles_str(s.low)}[/] ({s.low_value.name})")
        console.print(f"rule: {d.rule}", highlight=False)

    run_command(body)


@app.command("advise")
def advise_cmd(
    tiles: Annotated[list[str], TILES_ARG],
    dealer: Annotated[str, DEALER_OPTION] = "australian",
    banking: Annotated[bool, BANKING_OPTION] = False,
    commission: Annotated[str, COMMISSION_OPTION] = "0.05",
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Exact odds of each way to set four tiles against every hand of the 28 tiles left."""
    from paigow.analysis.tiles_odds import advise

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        hand = parse_tiles(tiles, count=4)
        rate = _rate(commission)
        with _progress_bars(not json) as bars:
            dealer_way = get_way(dealer, rules, commission=rate)
            from paigow.analysis.tiles_tables import way_choices

            way_choices(dealer_way, not banking, rules, bars)
            a = advise(hand, dealer_way, banking, rate, rules)
        if json:
            print_json(a.to_json())
            return
        who = "as banker against players" if banking else "against a banker"
        table = Table(title=f"{_tiles_str(hand)} {who} setting by {dealer_way.name}, "
                            f"commission {float(rate):.2%}")
        for col in ("high hand", "low hand", "win", "push", "lose", "EV", ""):
            table.add_column(col, justify="right" if col in ("win", "push", "lose", "EV") else "left")
        for o in a.settings:
            table.add_row(
                f"{_tiles_str(o.setting.high)} ({o.setting.high_value.name})",
                f"{_tiles_str(o.setting.low)} ({o.setting.low_value.name})",
                f"{o.win:,}", f"{o.push:,}", f"{o.lose:,}", f"{float(o.ev):+.4f}",
                "[bold green]best[/]" if o.best else "",
            )
        console.print(table)

    run_command(body)


@app.command("edge")
def edge_cmd(
    player: Annotated[
        str, option("--player", parser=Token("--player", table_path=True),
                    help="The way whose edge to count.")
    ] = "australian",
    dealer: Annotated[str, DEALER_OPTION] = "australian",
    banking: Annotated[bool, BANKING_OPTION] = False,
    commission: Annotated[str, COMMISSION_OPTION] = "0.05",
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """The exact house edge of a way against a dealer way over all 736,281,000 matchups.

    With ``--banking`` the ``--player`` way holds the bank against players of the
    ``--dealer`` way, and the figures are the bank's.
    """
    from paigow.analysis.tiles_odds import edge

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        rate = _rate(commission)
        with _progress_bars(not json) as bars:
            player_way, dealer_way = _player_and_dealer(player, dealer, rules, rate)
            e = edge(player_way, dealer_way, banking, rate, rules, bars)
        if json:
            print_json(e.to_json())
            return
        side = "banking against" if banking else "against a banker of"
        table = Table(title=f"{e.player} {side} {e.dealer}, commission {float(rate):.2%}")
        table.add_column("outcome")
        table.add_column("matchups", justify="right")
        table.add_column("probability", justify="right")
        for name, n, p in (("win", e.win, e.p_win), ("push", e.push, e.p_push),
                           ("lose", e.lose, e.p_lose)):
            table.add_row(name, f"{n:,}", f"{float(p):.6f}")
        table.add_row("total", f"{e.total:,}", "1")
        console.print(table)
        console.print(f"house edge: [bold]{float(e.edge):+.4%}[/] (exactly {e.edge}); "
                      f"standard deviation of one bet {e.sd:.4f}", highlight=False)

    run_command(body)


@app.command("table")
def table_cmd(
    strategy: Annotated[str, STRATEGY_OPTION] = "australian",
    banking: Annotated[bool, BANKING_OPTION] = False,
    output: Annotated[
        str | None,
        option("--output", "-o", parser=OutputFile("--output"),
               help="CSV file to write (default: stdout)."),
    ] = None,
    dealer: Annotated[str, DEALER_OPTION] = "australian",
    commission: Annotated[str, COMMISSION_OPTION] = "0.05",
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Write a way's setting of all 8,130 distinct hands as a strategy table (CSV
    ``hand,high,low``), loadable again as ``table:PATH``."""
    from paigow.tiles.ways.table_file import write_table

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        rate = _rate(commission)
        with _progress_bars(output is not None) as bars:
            way = _one_way(strategy, dealer, rules, rate)
            if output is None:
                buf = io.StringIO()
                rows = write_table(way, banking, buf, bars)
            else:
                tmp = Path(output + ".part")
                try:
                    rows = write_table(way, banking, tmp, bars)
                    tmp.replace(output)
                except BaseException:
                    tmp.unlink(missing_ok=True)
                    raise
        if output is None:
            if json:
                lines = buf.getvalue().splitlines()[1:]
                print_json([dict(zip(("hand", "high", "low"), r, strict=True))
                            for r in csv.reader(lines)])
            else:
                sys.stdout.write(buf.getvalue())
        elif json:
            print_json({"path": output, "rows": rows, "strategy": way.name, "banking": banking})
        else:
            console.print(f"wrote {rows:,} hands set by {way.name} to {output}", highlight=False)

    run_command(body)
