"""``paigow poker set``, ``ways-check`` and ``ways-diff``: hand-setting ways, by name or
from a way file.

:func:`register` adds the commands to the ``paigow poker`` Typer app::

    $ paigow poker set Kd Qs Jh 9c 7d 4s 3h --strategy house
    Kd 9c 7d 4s 3h | Qs Jh
      behind:   high card, K-9-7-4-3
      in front: high card, Q-J
      rule:     house 1.1: no pair: highest card behind, second and third highest in front
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Choice,
    Int,
    Rate,
    Token,
    argument,
    console,
    deprecated_command,
    err_console,
    fail,
    option,
    poker_way_file_names,
    poker_way_names,
    print_json,
    run_command,
)
from paigow.cli.poker_odds import CF_OPTION, EZ_OPTION, PUSH_OPTION
from paigow.poker.cards import format_cards, parse_cards, sort_cards

if TYPE_CHECKING:
    from fractions import Fraction

    from paigow.analysis.poker_ways import CostSample, WaysDiff
    from paigow.poker.rules import PokerRules

STRATEGY_OPTION = option(
    "--strategy", "--way", "-s", parser=Token("--strategy", metavar="WAY", complete=poker_way_names),
    help="Hand-setting way: house (default), basic, optimal, a shipped way file "
    "(seeds, foxwoods, ballys-atlantic-city, trump-plaza, claridge, golden-nugget, "
    "flamingo-hilton, mgm-grand) or the path of a .toml way file.",
)
BANKING_OPTION = typer.Option("--banking", help="Set the hand as the banker.")
JOKER_OPTION = option("--joker", parser=Choice("--joker", "bug", "wild"), help="Joker rule: bug (default) or wild.")
WHEEL_OPTION = option("--wheel", parser=Choice("--wheel", "second", "lowest"), help="Wheel A-2-3-4-5: second (default) or lowest.")
CARDS_ARG = argument(parser=Token("CARDS"), help="Seven cards, e.g. Kd Qs Jh 9c 7d 4s 3h (or one string).")


def set_command(
    cards: Annotated[list[str], CARDS_ARG],
    strategy: Annotated[str, STRATEGY_OPTION] = "house",
    banking: Annotated[bool, BANKING_OPTION] = False,
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Set seven cards by a hand-setting way: the five-card and two-card hands and the
    numbered rule that decided (docs/poker-house-way.md).

    Example: paigow poker set Kd Qs Jh 9c 7d 4s 3h --strategy house
    """
    from paigow.poker.rank import rank2, rank5
    from paigow.poker.rules import PokerRules
    from paigow.ways import get_way

    def body() -> None:
        rules = PokerRules.of(joker, wheel)
        hand = parse_cards(cards)
        way = get_way(strategy, rules)
        decision = way.choose(hand, banking)
        s = decision.setting
        high, low = rank5(s.high, rules), rank2(s.low, rules)
        if json:
            print_json(
                {
                    "cards": format_cards(sort_cards(hand)),
                    "strategy": way.name,
                    "banking": banking,
                    **decision.to_json(),
                    "high_rank": high.description,
                    "low_rank": low.description,
                }
            )
            return
        console.print(str(s), highlight=False)
        console.print(f"  behind:   {high.description}", highlight=False)
        console.print(f"  in front: {low.description}", highlight=False)
        console.print(f"  rule:     {decision.rule}", highlight=False, soft_wrap=True)

    run_command(body)


def ways_check_command(
    way: Annotated[str, argument(parser=Token("WAY", allow_empty=False, complete=poker_way_file_names),
                                 help="A shipped way name or a .toml way file.")],
    all_hands: Annotated[
        bool, typer.Option("--all", help="Check all 154,143,080 hands (about a minute).")
    ] = False,
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Check a way file: every hand gets one setting, never a foul; count the hands each
    rule sets; list the rules no hand reaches.

    Example: paigow poker way-check foxwoods
    """
    from rich.table import Table

    from paigow.cli.poker_odds import _interruptible, _progress
    from paigow.poker.rules import PokerRules
    from paigow.poker.ways.file_way import check_all, check_way, read_way

    def body() -> None:
        rules = PokerRules.of(joker, wheel)
        spec = read_way(way)
        if all_hands:
            with _progress("checking every hand") as update:
                report = _interruptible(lambda: check_all(spec, rules, update), "check")
        else:
            report = check_way(spec, rules)
        compiled = spec.compile()
        own = compiled.own
        rest = sum(report.counts[own:])  # hands the otherwise way set
        if json:
            print_json({
                "way": spec.name, "title": spec.title, "source": spec.source, "url": spec.url,
                "hands": report.hands, "all_hands": all_hands,
                "rules": [{"rule": r.rule, "line": r.line, "text": r.text, "hands": c}
                          for r, c in zip(compiled.rules[:own], report.counts, strict=False)],
                "otherwise": None if spec.otherwise is None else
                {"way": spec.otherwise.name, "line": spec.otherwise_line, "hands": rest},
                "errors": report.errors, "warnings": report.warnings,
            })
        else:
            what = "every hand" if all_hands else "every rank pattern"
            out = Table(title=f"{spec.title}: {report.hands:,} hands ({what})")
            for col in ("rule", "line", "hands", "setting"):
                out.add_column(col, justify="right" if col in ("line", "hands") else "left")
            for r, c in zip(compiled.rules[:own], report.counts, strict=False):
                out.add_row(r.rule, str(r.line), f"{c:,}", r.text)
            if spec.otherwise is not None:
                out.add_row("else", str(spec.otherwise_line), f"{rest:,}",
                            f"otherwise: as {spec.otherwise.name} sets it")
            console.print(out)
            for w in report.warnings:
                err_console.print(f"[yellow]warning:[/] {w}", highlight=False)
        if report.errors:
            fail("; ".join(report.errors))

    run_command(body)


def ways_diff_command(
    a: Annotated[str, argument(parser=Token("A", allow_empty=False, complete=poker_way_names),
                               help="Way A: house, a shipped way file or a .toml path.")],
    b: Annotated[str, argument(parser=Token("B", allow_empty=False, complete=poker_way_names),
                               help="Way B: as A, or optimal.")],
    sample: Annotated[int, option(
        "--sample", parser=Int("--sample", 0, 1_000_000),
        help="Hands set differently to advise exactly for the EV (0: none).")] = 100,
    seed: Annotated[int, option("--seed", parser=Int("--seed", 0, 2**63 - 1),
                                help="Seed of the sample.")] = 1,
    dealer: Annotated[str, option(
        "--dealer", parser=Token("--dealer", metavar="WAY", complete=poker_way_names),
        help="The banker's way for the EV (default: way A).")] = "",
    commission: Annotated[str | None, option("--commission", parser=Rate("--commission"),
                                             help="Commission on a win: 0.05 (default).")] = None,
    push: Annotated[str | None, PUSH_OPTION] = None,
    ez: Annotated[bool, EZ_OPTION] = False,
    commission_free: Annotated[bool, CF_OPTION] = False,
    plot: Annotated[str, option(
        "--plot", parser=Token("--plot", metavar="FILE"),
        help="Save a plot of where the value lies to this PNG file.")] = "",
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Compare two ways: exact agreement over all 154,143,080 hands by hand type and by
    rule of each way, and the EV of the differences from exact advice on a sample (under
    the game's push rule and commission: --ez, --commission-free, --push).

    Example: paigow poker ways-diff house foxwoods --sample 100 --seed 1
    """
    from paigow.analysis.poker_ways import exact_diff, sample_gain
    from paigow.cli.poker_odds import _game, _interruptible, _progress
    from paigow.poker.rules import PokerRules

    def body() -> None:
        if plot.strip():
            from paigow.extras import require

            require("plots", "--plot")  # before the work
        kind, rate = _game(push, commission, ez, commission_free)
        rules = PokerRules.of(joker, wheel, push=kind)
        n, s = sample, seed
        optimal = b.strip().lower() == "optimal"
        diff: WaysDiff | None = None
        if not optimal:  # how the ways set hands: the push rule plays no part
            with _progress("comparing every hand") as update:
                diff = _interruptible(lambda: exact_diff(a, b, PokerRules.of(joker, wheel),
                                                         update), "ways-diff")
        cost = None
        if n or optimal:
            scale = None if diff is None else (diff.total - diff.agree) / diff.total
            with _progress("exact advice on the sample") as update:
                cost = _interruptible(
                    lambda: sample_gain(a, b, max(n, 1), s, dealer or None, rules, rate,
                                        scale, on_progress=update),
                    "ways-diff")
        result = _result(a, b, diff, cost)
        if json:
            print_json({**result.to_json(), "commission": str(rate), "push_rule": rules.push})
        else:
            _print_diff(result, rules, rate)
        if plot.strip():
            from paigow.analysis.poker_ways_plot import plot_diff

            path = plot_diff(result, plot.strip())
            err_console.print(f"plot saved to {path}", highlight=False)

    run_command(body)


def _result(a: str, b: str, diff: WaysDiff | None, cost: CostSample | None) -> WaysDiff:
    from paigow.analysis.poker_ways import DiffRow, WaysDiff

    if diff is not None:
        return WaysDiff(diff.a, diff.b, diff.total, diff.agree, diff.by_type, diff.by_rule_a,
                        diff.by_rule_b, cost)
    assert cost is not None
    labels = sorted(set(cost.hand_types), key=cost.hand_types.index)
    rows = tuple(
        DiffRow(t, cost.hand_types.count(t),
                sum(1 for x, g in zip(cost.hand_types, cost.agree, strict=True) if x == t and g))
        for t in labels
    )
    return WaysDiff(a, b, cost.n, sum(cost.agree), rows, (), (), cost, exact=False)


def _print_diff(d: WaysDiff, rules: PokerRules, rate: Fraction) -> None:
    from rich.table import Table

    what = "all hands" if d.exact else "a random sample of hands"
    console.print(
        f"{d.a} against {d.b} over {what}: {d.agree:,} of {d.total:,} set alike "
        f"({d.agree / d.total:.4%}), {d.total - d.agree:,} differently", highlight=False)
    for title, rows in (("by hand type", d.by_type), (f"by rule of {d.a}", d.by_rule_a),
                        (f"by rule of {d.b}", d.by_rule_b)):
        if not rows:
            continue
        out = Table(title=title)
        for col in ("", "hands", "alike", "differ", "differ %"):
            out.add_column(col, justify="left" if not col else "right")
        for r in rows:
            out.add_row(r.label, f"{r.hands:,}", f"{r.agree:,}", f"{r.differ:,}",
                        f"{r.differ / r.hands:.2%}" if r.hands else "")
        console.print(out)
    c = d.sample
    if c is not None:
        m, lo, hi = c.mean_ci()
        pm, plo, phi = c.per_hand()
        from paigow.cli.poker_odds import _game_label

        console.print(
            f"EV of {d.b}'s setting minus {d.a}'s, exact advice against a {c.dealer} banker "
            f"({_game_label(rules, rate)}), {c.n:,} sampled hands (seed {c.seed}):\n"
            f"  per hand advised  {m:+.5f}  (95% interval {lo:+.5f} to {hi:+.5f})\n"
            f"  per hand played   {pm:+.6f}  (95% interval {plo:+.6f} to {phi:+.6f})",
            highlight=False)


def register(app: typer.Typer) -> None:
    """Add the ``set``, ``way-check`` and ``ways-diff`` commands to the poker ``app``
    (``ways-check``, the old name of ``way-check``, kept hidden for 1.x)."""
    app.command("set")(set_command)
    app.command("way-check")(ways_check_command)
    app.command("ways-diff")(ways_diff_command)
    deprecated_command(app, "ways-check", "way-check", ways_check_command, "paigow poker")


__all__ = ["register", "set_command", "ways_check_command", "ways_diff_command"]
