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
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Choice,
    Int,
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
    tile_way_file_names,
    tile_way_names,
)
from paigow.errors import RuleError
from paigow.settle import parse_rate
from paigow.tiles.hand import HandValue, compare, hand_value
from paigow.tiles.rules import TileRules
from paigow.tiles.tile import Tile, parse_tiles

if TYPE_CHECKING:  # the rest is imported by the commands that use it (a fast start)
    from paigow.tiles.setting import Setting
    from paigow.tiles.ways import TileWay

app = new_app(help="Pai Gow tiles: values, comparisons, settings, ways, exact odds.", no_args_is_help=True)

TILES_ARG = argument(parser=Token("TILES"), help="Tiles like 6-6 5-4 or teen 5-4.")
GJ_OPTION = option(
    "--gee-joon-tiebreak", parser=Choice("--gee-joon-tiebreak", "ranked", "no_value"),
    help="How a lone Gee Joon tile breaks ties: ranked or no_value.",
)


def rules_from(gee_joon_tiebreak: str) -> TileRules:
    if gee_joon_tiebreak not in ("ranked", "no_value"):
        raise RuleError(f"unknown --gee-joon-tiebreak {gee_joon_tiebreak!r}: choose ranked or no_value")
    return TileRules(gee_joon_tiebreak)  # type: ignore[arg-type]


CHINESE_OPTION = typer.Option(
    "--chinese", help="Print the Chinese names beside the English: 天王 Teen Wong, 天牌 6-6.")


def _describe(v: HandValue, chinese: bool = False) -> str:
    name = f"{v.chinese} {v.name}" if chinese else v.name
    return f"[bold]{name}[/]  ({v.explanation})"


def _tile_text(t: Tile, chinese: bool) -> str:
    """A tile as the text output names it: ``6-6 Teen``, with ``--chinese`` ``6-6 Teen 天牌``."""
    return t.label() if chinese else f"{t} {t.class_name}"


@app.command("value")
def value_cmd(
    tiles: Annotated[list[str], TILES_ARG],
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
    chinese: Annotated[bool, CHINESE_OPTION] = False,
) -> None:
    """The value of a two-tile hand and why (its Chinese names: --chinese; always in --json).

    Example: paigow tiles value 6-6 5-4 --chinese
    """

    def body() -> None:
        v = hand_value(parse_tiles(tiles, count=2), rules_from(gee_joon_tiebreak))
        if json:
            print_json(v.to_json())
        else:
            console.print(f"{' '.join(_tile_text(t, chinese) for t in v.tiles)}: "
                          f"{_describe(v, chinese)}")

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
    chinese: Annotated[bool, CHINESE_OPTION] = False,
) -> None:
    """A player's two-tile hand against the banker's: who wins and which rule decided it.

    Example: paigow tiles compare "4-3 2-2" "6-5 5-5"
    """

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        c = compare(parse_tiles(player, count=2), parse_tiles(banker, count=2), rules)
        if json:
            print_json(c.to_json())
            return
        console.print(f"player {' '.join(map(str, c.player.tiles))}: "
                      f"{_describe(c.player, chinese)}")
        console.print(f"banker {' '.join(map(str, c.banker.tiles))}: "
                      f"{_describe(c.banker, chinese)}")
        console.print(f"[bold]{c.winner} wins[/]: {c.reason}")

    run_command(body)


@app.command("settings")
def settings_cmd(
    tiles: Annotated[list[str], TILES_ARG],
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
    chinese: Annotated[bool, CHINESE_OPTION] = False,
) -> None:
    """Each distinct way to set four tiles, with its high and low hand and their values.

    Example: paigow tiles settings 6-5 3-2 6-4 4-3
    """

    from rich.table import Table

    from paigow.tiles.setting import settings

    def body() -> None:
        ss = settings(parse_tiles(tiles, count=4), rules_from(gee_joon_tiebreak))
        if json:
            print_json([s.to_json() for s in ss])
            return
        table = Table(title="Ways to set " + " ".join(tiles))
        for col in ("#", "high hand", "value", "low hand", "value"):
            table.add_column(col)
        for n, s in enumerate(ss, 1):
            hv, lv = s.high_value, s.low_value
            table.add_row(
                str(n), " ".join(map(str, s.high)),
                f"{hv.chinese} {hv.name}" if chinese else hv.name,
                " ".join(map(str, s.low)), f"{lv.chinese} {lv.name}" if chinese else lv.name,
            )
        console.print(table)

    run_command(body)


@app.command("facts")
def facts_cmd(json: Annotated[bool, JSON_OPTION] = False) -> None:
    """Counts of hands, computed by enumerating the 32 tiles.

    Example: paigow tiles facts --json
    """
    from rich.table import Table

    from paigow.tiles.facts import compute_facts

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
    "--strategy", "--way", "-s", parser=Token("--strategy", table_path=True, complete=tile_way_names),
    help="A way: australian, luger, harrahs, eighty, optimal, a way file (FILE.toml, or a "
         "shipped one: australian.toml) or a strategy table (FILE.csv).",
)
DEALER_OPTION = option(
    "--dealer", parser=Token("--dealer", table_path=True, complete=tile_way_names),
    help="The other side's way (the banker's, or the player's when you bank): a name or a "
         "way file.",
)
BANKING_OPTION = typer.Option("--banking", help="Set or count as the banker.")
COMMISSION_OPTION = option(
    "--commission", parser=Rate("--commission"),
    help="Commission on a win (or a bank's net win): 0.05, 5% or 1/20.",
)


class _Bars:
    """Rich progress bars on stderr for long computations; one bar per phase. The bars
    (and rich's progress module) start at the first report, so a command whose work is
    all cached draws nothing and imports nothing for them."""

    _LABELS: typing.ClassVar[dict[int, str]] = {
        8130: "setting every distinct hand",
        16260: "checking the way file: setting every hand in both roles",
        35960: "counting every matchup",
    }

    def __init__(self) -> None:
        self.progress: Any = None
        self.task: Any = None
        self.total = -1
        self.done = -1

    def __call__(self, done: int, total: int) -> None:
        if self.progress is None:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.progress = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                console=err_console, transient=True,
            )
            self.progress.start()
        if self.task is None or total != self.total or done < self.done:
            label = self._LABELS.get(total, "working")
            self.task = self.progress.add_task(label, total=total)
            self.total = total
        self.done = done
        self.progress.update(self.task, completed=done)

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()


@contextlib.contextmanager
def _progress_bars(show: bool) -> Iterator[_Bars | None]:
    """Progress bars while the body runs; Ctrl-C stops cleanly with exit status 130."""
    bars = _Bars() if show else None
    try:
        yield bars
    except KeyboardInterrupt:
        if bars is not None:
            bars.stop()
        err_console.print("interrupted: nothing was written", highlight=False)
        raise typer.Exit(code=130) from None
    finally:
        if bars is not None:
            bars.stop()


def _rate(commission: str) -> Fraction:
    return parse_rate(commission)


def _get(name: str, rules: TileRules, rate: Fraction, bars: _Bars | None) -> TileWay:
    """A way by name or file; a way file's rules that no hand reaches are reported."""
    from paigow.ways import get_way

    way = get_way(name, rules, commission=rate, progress=bars)
    unreached = getattr(way, "unreached", ())
    if unreached:
        err_console.print(
            f"[yellow]note:[/] {way.name}: no hand reaches rule {', '.join(unreached)}",
            highlight=False)
    return way


def _player_and_dealer(
    player: str, dealer: str, rules: TileRules, rate: Fraction, bars: _Bars | None = None,
) -> tuple[TileWay, TileWay]:
    """Build the dealer way once and, for ``optimal``, the player's way against it."""
    from paigow.analysis.tiles_odds import OptimalWay

    dealer_way = _get(dealer, rules, rate, bars)
    if player.strip().lower() == "optimal":
        return OptimalWay(dealer_way, rules, rate), dealer_way
    return _get(player, rules, rate, bars), dealer_way


def _one_way(
    name: str, dealer: str, rules: TileRules, rate: Fraction, bars: _Bars | None = None,
) -> TileWay:
    """A way by name; the dealer way is built only when ``name`` is ``optimal``."""
    if name.strip().lower() == "optimal":
        return _player_and_dealer(name, dealer, rules, rate, bars)[0]
    return _get(name, rules, rate, bars)


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
    """How a way sets four tiles, and the rule that decided.

    ``--dealer`` and ``--commission`` matter only to ``optimal``.

    Example: paigow tiles set 6-6 4-2 5-3 1-1 --strategy optimal
    """

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        hand = parse_tiles(tiles, count=4)
        rate = _rate(commission)
        with _progress_bars(not json) as bars:
            way = _one_way(strategy, dealer, rules, rate, bars)
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
    """Exact odds of each way to set four tiles against every hand of the 28 tiles left.

    Example: paigow tiles advise 6-6 4-2 5-3 1-1 --dealer australian
    """
    from rich.table import Table

    from paigow.analysis.tiles_odds import advise

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        hand = parse_tiles(tiles, count=4)
        rate = _rate(commission)
        with _progress_bars(not json) as bars:
            dealer_way = _get(dealer, rules, rate, bars)
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
        str, option("--player", parser=Token("--player", table_path=True, complete=tile_way_names),
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

    Example: paigow tiles edge --player optimal --dealer australian
    """
    from rich.table import Table

    from paigow.analysis.tiles_odds import edge

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        rate = _rate(commission)
        with _progress_bars(not json) as bars:
            player_way, dealer_way = _player_and_dealer(player, dealer, rules, rate, bars)
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
    ``hand,high,low``), loadable again as ``table:PATH``.

    Example: paigow tiles table --strategy luger --banking -o luger-banker.csv
    """
    from paigow.tiles.ways.table_file import write_table

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        rate = _rate(commission)
        with _progress_bars(output is not None) as bars:
            way = _one_way(strategy, dealer, rules, rate, bars)
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


def _pct(x: Fraction) -> str:
    return f"{float(x):+.4%}"


def _short(v: HandValue) -> str:
    return {"pair": "pair", "wong": "Wong", "gong": "Gong"}.get(v.kind, str(v.points))


def _setting_str(s: Setting) -> str:
    """``6-6 6-6 / 3-3 5-1 (pair-2)``: the high hand, the low hand and their values."""
    return (f"{_tiles_str(s.high)} / {_tiles_str(s.low)} "
            f"({_short(s.high_value)}-{_short(s.low_value)})")


@app.command("ways-diff")
def ways_diff_cmd(
    a: Annotated[str, argument(parser=Token("A", allow_empty=False, complete=tile_way_names),
                               help="Way A: a name, optimal, or a way file.")],
    b: Annotated[str, argument(parser=Token("B", allow_empty=False, complete=tile_way_names),
                               help="Way B: a name, optimal, or a way file.")],
    dealer: Annotated[str, DEALER_OPTION] = "australian",
    banking: Annotated[bool, BANKING_OPTION] = False,
    commission: Annotated[str, COMMISSION_OPTION] = "0.05",
    limit: Annotated[int, option("--limit", parser=Int("--limit", 0, 1_000_000),
                                 help="Rows to show (0: all).")] = 25,
    plot: Annotated[
        str | None, option("--plot", parser=OutputFile("--plot"),
                           help="Write a PNG of where the value lies.")
    ] = None,
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Every hand two ways set differently, exactly, over all 35,960 hands: how often it
    comes, the EV of each setting against the ``--dealer`` way, and the total, which is
    the difference of the two ways' exact edges.

    Example: paigow tiles ways-diff optimal australian --limit 10
    """
    from rich.table import Table

    from paigow.analysis.tiles_diff import by_group, plot_diff, ways_diff

    def body() -> None:
        if plot is not None:
            from paigow.extras import require

            require("plots", "--plot")  # before the work
        rules = rules_from(gee_joon_tiebreak)
        rate = _rate(commission)
        with _progress_bars(not json) as bars:
            dealer_way = _get(dealer, rules, rate, bars)
            way_a, way_b = (
                _player_and_dealer(x, dealer, rules, rate, bars)[0]
                if x.strip().lower() == "optimal" else _get(x, rules, rate, bars)
                for x in (a, b)
            )
            d = ways_diff(way_a, way_b, dealer_way, banking, rate, rules, bars)
            if plot is not None:
                plot_diff(d, plot)
        if json:
            print_json(d.to_json())
            return
        role = "as banker against players of" if banking else "as a player against a banker of"
        shown = d.rows if limit == 0 else d.rows[:limit]
        table = Table(title=f"{d.a} (A) vs {d.b} (B), {role} {d.dealer}, commission "
                            f"{float(rate):.2%}: {len(d.rows):,} classes set differently"
                            + ("" if len(shown) == len(d.rows) else f", largest {len(shown)}"))
        for col in ("hand", "hands", "A sets (high / low)", "EV A", "B sets (high / low)", "EV B",
                    "value"):
            table.add_column(col, justify="right" if col in ("hands", "EV A", "EV B", "value")
                             else "left")
        for r in shown:
            table.add_row(_tiles_str(r.tiles), f"{r.hands}", _setting_str(r.setting_a),
                          f"{float(r.ev_a):+.4f}", _setting_str(r.setting_b),
                          f"{float(r.ev_b):+.4f}", _pct(r.value))
        console.print(table)
        for key, title in (("kind", "by kind of hand"),
                           ("rule_b", f"by the rule of {d.b} (B) that set the hand")):
            groups = Table(title=title)
            for col in ("group", "hands", "value"):
                groups.add_column(col, justify="left" if col == "group" else "right")
            found = by_group(d, key)
            for g, n, v in found if limit == 0 else found[:limit]:
                groups.add_row(g, f"{n:,}", _pct(v))
            console.print(groups)
        console.print(
            f"{d.hands:,} of 35,960 hands ({d.hands / 35960:.2%}) set differently; "
            f"A gains [bold]{_pct(d.total)}[/] of a bet over B (exactly {d.total})",
            highlight=False)
        console.print(
            f"edges: {d.a} {_pct(d.edge_a.edge)}, {d.b} {_pct(d.edge_b.edge)}; "
            f"edge(B) − edge(A) = {_pct(d.edge_b.edge - d.edge_a.edge)}"
            + (" = the total" if d.edge_b.edge - d.edge_a.edge == d.total else ""),
            highlight=False)
        if plot is not None:
            console.print(f"plot written to {plot}", highlight=False)

    run_command(body)


@app.command("way-check")
def way_check_cmd(
    file: Annotated[str, argument(parser=Token("FILE", allow_empty=False, complete=tile_way_file_names),
                                  help="A way file (FILE.toml) or a shipped one.")],
    gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Check a way file: every hand gets one setting; how many hands each rule sets; the
    rules no hand reaches. Errors name the rule and its line (exit 2).

    Example: paigow tiles way-check australian.toml
    """
    from rich.table import Table

    from paigow.tiles.ways.way_file import FileWay
    from paigow.ways import get_way

    def body() -> None:
        rules = rules_from(gee_joon_tiebreak)
        if not file.strip().lower().endswith(".toml"):
            raise RuleError(f"a way file ends in .toml, got {file!r}")
        with _progress_bars(not json) as bars:
            way = get_way(file, rules, progress=bars)
        assert isinstance(way, FileWay)
        rows = []
        for r in way.rule_list:
            hp, hb = way.hits(r.id)
            dp, db = way.decided(r.id)
            rows.append({"id": r.id, "line": r.line, "text": r.text, "after": sorted(r.after),
                         "hands_player": hp, "hands_banker": hb,
                         "deals_player": dp, "deals_banker": db})
        if json:
            print_json({"name": way.name, "source": way.source, "title": way.title,
                        "sha256": way.sha256, "rules": rows, "unreached": list(way.unreached)})
            return
        table = Table(title=f"{way.name}: {way.title or way.source}")
        for col in ("rule", "line", "applies to (distinct hands)", "sets (of 35,960 deals)",
                    "text"):
            table.add_column(col, justify="left" if col in ("rule", "text") else "right")
        for row in rows:
            def both(x: object, y: object) -> str:
                return f"{x:,}" if x == y else f"{x:,} / {y:,} as banker"
            table.add_row(str(row["id"]), str(row["line"]),
                          both(row["hands_player"], row["hands_banker"]),
                          both(row["deals_player"], row["deals_banker"]),
                          str(row["text"])[:70])
        console.print(table)
        console.print("every one of the 35,960 hands gets exactly one setting in each role",
                      highlight=False)
        if way.unreached:
            console.print(f"[yellow]no hand reaches rule {', '.join(way.unreached)}[/]",
                          highlight=False)

    run_command(body)
