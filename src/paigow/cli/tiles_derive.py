"""``paigow tiles derive-strategy`` (a tile way a person can learn, learned exactly) and
``paigow tiles card`` (a printable strategy card of a tile way file).

:func:`register` adds both to the tiles Typer app. See docs/tiles-derive.md.
"""

from __future__ import annotations

import json as jsonlib
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, get_args

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Choice,
    Int,
    OutputFile,
    Token,
    argument,
    console,
    err_console,
    option,
    print_json,
    run_command,
)
from paigow.cli.tiles import (
    BANKING_OPTION,
    COMMISSION_OPTION,
    DEALER_OPTION,
    GJ_OPTION,
    _get,
    _rate,
    rules_from,
)
from paigow.errors import PaigowError
from paigow.tiles.api import Conditions, Shape

TIMES_FILE = "tiles-derive-times.json"
# measured on the shared 2-core machine at load average 15-18 (docs/tiles-derive.md,
# section 3: both shapes, 12 rules), used when this machine has no run on record yet
DEFAULT_SECONDS = {"labels": 15.0, "learning": 1060.0, "check": 20.0}
SMALL_SECONDS = {"labels": 15.0, "learning": 15.0, "check": 40.0}


def _times_path() -> Path:
    from paigow.tiles.ways._cache import cache_dir

    return cache_dir("tiles-derive") / TIMES_FILE


def _last_times(small: bool) -> tuple[dict[str, float], bool]:
    """The step times of the last finished run of this size on this machine, and whether
    they are this machine's (else the documented figures)."""
    key = "small" if small else "full"
    try:
        data = jsonlib.loads(_times_path().read_text())
        got = {k: float(v) for k, v in data[key].items()}
        return got, True
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return dict(SMALL_SECONDS if small else DEFAULT_SECONDS), False


def _save_times(small: bool, times: dict[str, float]) -> None:
    from paigow.tiles.ways._cache import save_atomically

    path = _times_path()
    try:
        data = jsonlib.loads(path.read_text())
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data["small" if small else "full"] = times
    text = jsonlib.dumps(data, indent=1)
    def write(fh: Any) -> None:
        fh.write(text.encode())

    save_atomically(path, write)


def _minutes(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


class _StepBars:
    """One rich progress bar (with an ETA) per step of the derivation, on stderr."""

    def __init__(self, progress: Any) -> None:
        self.progress = progress
        self.tasks: dict[str, Any] = {}

    def __call__(self, what: str, done: int, total: int) -> None:
        task = self.tasks.get(what)
        if task is None:
            task = self.progress.add_task(what, total=total)
            self.tasks[what] = task
        self.progress.update(task, completed=done, total=total)


def register(app: typer.Typer) -> None:
    """Add ``derive-strategy`` and ``card`` to the tiles app."""

    @app.command("derive-strategy")
    def derive_strategy(
        out: Annotated[str, option("-o", "--output", parser=OutputFile("-o"),
                                   help="The way file to write (.toml).")],
        dealer: Annotated[str, DEALER_OPTION] = "australian",
        banking: Annotated[bool, BANKING_OPTION] = False,
        commission: Annotated[str, COMMISSION_OPTION] = "0.05",
        max_rules: Annotated[int, option("--max-rules", parser=Int("--max-rules", 2, 40),
                                         help="At most this many rules, the otherwise line "
                                              "counted (2 to 40).")] = 12,
        shape: Annotated[str, option("--shape", parser=Choice("--shape", *get_args(Shape)),
                                     help="exceptions: the dealer's way with exceptions; own: "
                                          "rules of its own; best: both, the better kept.")]
        = "best",
        conditions: Annotated[str, option(
            "--conditions", parser=Choice("--conditions", *get_args(Conditions)),
            help="What a rule's conditions may say: points (thresholds in points about the "
                 "settings the tiles make), tiles (thresholds naming the highest tile too), "
                 "house (the house way's own setting too).")] = "tiles",
        small: Annotated[bool, typer.Option(
            "--small", help="About two thousand candidate rules instead of tens of millions "
                            "(tests, smoke runs).")] = False,
        gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Learn a short tile way against a dealer way, exactly, and write it as a way file.

        Every distinct hand is labelled with the exact EV of each setting against the
        dealer way (all 736,281,000 matchups); the learned way's edge and its share of
        optimal's gain over the dealer's way are exact. See docs/tiles-derive.md.

        Example: paigow tiles derive-strategy --dealer australian -o my-tiles.toml
        """
        from paigow.analysis import tiles_derive as td
        from paigow.analysis.tiles_derive_run import shapes_of

        def body() -> None:
            rules = rules_from(gee_joon_tiebreak)
            rate = _rate(commission)
            path = Path(out)
            if path.suffix.lower() != ".toml":
                raise PaigowError(f"-o {out!r}: a way file is written as .toml")
            shapes = shapes_of(shape)
            guess, mine = _last_times(small)
            n_cand = td.space(small, conditions).size
            role = "the bank against players" if banking else "a player against a banker"
            who = ("The last run here" if mine
                   else "Measured on the shared 2-core machine, it")
            if not json:
                err_console.print(
                    f"derive-strategy: label all 8,130 distinct hands exactly against "
                    f"{dealer} ({role}), search all {n_cand:,} candidate rules at every place "
                    f"of the list, exactly over every hand, "
                    f"learn at most {max_rules} rules ({' and '.join(shapes)}), write "
                    f"{out}, load it back and count its edge over all 736,281,000 "
                    f"matchups. {who} took about {_minutes(sum(guess.values()))}; "
                    "Ctrl-C stops cleanly.", highlight=False)
            times: dict[str, float] = {}
            try:
                report = _derive(dealer, banking, rate, rules, max_rules, shapes, small,
                                 path, json, times, conditions)
            except KeyboardInterrupt:
                err_console.print("interrupted: nothing was written", highlight=False)
                raise typer.Exit(code=130) from None
            _save_times(small, times)
            if json:
                print_json(report)
            else:
                _print(report)

        run_command(body)

    @app.command("card")
    def card(
        way: Annotated[str, argument(parser=Token("WAY", table_path=True),
                                     help="A way file: a .toml path or a shipped name "
                                          "(australian.toml).")],
        out: Annotated[str, option("-o", "--output", parser=OutputFile("-o"),
                                   help="The card to write: .svg or .pdf.")],
        gee_joon_tiebreak: Annotated[str, GJ_OPTION] = "ranked",
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """A printable strategy card of a tile way file: one page, its rules in order,
        each drawn with an example hand of tiles set by the rule (SVG or PDF by -o).

        Example: paigow tiles card my-tiles.toml -o card.pdf
        """
        from paigow.tiles.strategy_card import card_pdf, card_svg

        def body() -> None:
            rules = rules_from(gee_joon_tiebreak)
            suffix = Path(out).suffix.lower()
            if suffix not in (".svg", ".pdf"):
                raise PaigowError(f"-o {out!r}: the card is written as .svg or .pdf")
            data = card_pdf(way, rules) if suffix == ".pdf" else card_svg(way, rules).encode()
            Path(out).write_bytes(data)
            if json:
                print_json({"way": way, "output": out, "bytes": len(data)})
            else:
                err_console.print(f"wrote {out}", highlight=False)

        run_command(body)


def _derive(
    dealer: str, banking: bool, rate: Fraction, rules: Any, max_rules: int,
    shapes: tuple[str, ...], small: bool, path: Path, quiet: bool, times: dict[str, float],
    conditions: str = "tiles",
) -> dict[str, Any]:
    from paigow.analysis.tiles_derive_run import derive

    with _bars(not quiet) as bars:
        dealer_way = _get(dealer, rules, rate, None)
        run = derive(dealer, dealer_way, rules, rate, banking=banking, max_rules=max_rules,
                     shapes=shapes, small=small, source=str(path), progress=bars,
                     times=times, conditions=conditions)
    from paigow.tiles.ways._cache import save_atomically

    def write(fh: Any) -> None:
        fh.write(run.text.encode())

    save_atomically(path, write)
    return {"output": str(path), **run.report,
            "seconds": {k: round(v, 1) for k, v in times.items()}}


def _bars(show: bool) -> Any:
    import contextlib

    @contextlib.contextmanager
    def cm() -> Any:
        if not show:
            yield None
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                      console=err_console, transient=True) as progress:
            yield _StepBars(progress)

    return cm()


def _print(r: dict[str, Any]) -> None:
    from rich.table import Table

    side = "bank" if r["banking"] else "house"
    console.print(f"wrote [bold]{r['output']}[/]: {r['rules']} rules ({r['shape']}"
                  + (f", otherwise {r['otherwise']}" if r["otherwise"] else "") + ")",
                  highlight=False)
    for n, t in enumerate(r["rule_texts"], 1):
        console.print(f"  {n}. {t}", highlight=False)
    if r["otherwise"]:
        console.print(f"  otherwise: as the {r['otherwise']} way sets it", highlight=False)
    table = Table(title=f"exact over all {r['matchups']:,} matchups, commission "
                        f"{r['commission']:.2%}")
    table.add_column("way")
    table.add_column(f"{side} edge", justify="right")
    table.add_row(f"the dealer's way ({r['dealer']})", f"{r['edge_dealer_way']:+.4%}")
    table.add_row("learned", f"{r['edge_learned']:+.4%}")
    table.add_row("optimal", f"{r['edge_optimal']:+.4%}")
    console.print(table)
    console.print(f"share of optimal's gain: [bold]{r['share']:.2%}[/] (exactly "
                  f"{r['share_exact']})", highlight=False)
    console.print("curve: " + ", ".join(f"{c['rules']}: {c['share']:.1%}" for c in r["curve"]),
                  highlight=False)
    for k, o in r["other_shapes"].items():
        console.print(f"the {k} shape: {o['rules']} rules, {o['share']:.2%}", highlight=False)
