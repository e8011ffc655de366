"""``paigow poker``: the card game's commands (rank, settings, compare, census)."""

from __future__ import annotations

from math import comb
from typing import Annotated

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Choice,
    Token,
    argument,
    console,
    err_console,
    new_app,
    option,
    print_json,
    run_command,
)
from paigow.errors import CardError
from paigow.poker.cards import format_cards, parse_cards
from paigow.poker.rules import PokerRules

app = new_app(help="Pai Gow Poker: ranking, settings, ways, exact odds, side bets.", no_args_is_help=True)

JOKER_OPTION = option("--joker", parser=Choice("--joker", "bug", "wild"), help="Joker rule: bug (default) or wild.")
WHEEL_OPTION = option("--wheel", parser=Choice("--wheel", "second", "lowest"), help="Wheel A-2-3-4-5: second (default) or lowest.")
FOUL_OPTION = option("--foul", parser=Choice("--foul", "house", "forfeit"), help="Foul rule: house (default) or forfeit.")
CARDS_ARG = argument(parser=Token("CARDS"), help="Cards, e.g. As Ks Qs Js Jk (or 'AsKsQsJsJk').")
DECK_HELP = "Count over these cards only (default: all 53)."


@app.command()
def rank(
    cards: Annotated[list[str], CARDS_ARG],
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Rank a five- or two-card hand, naming the joker's role.

    Example: paigow poker rank As Ks Qs Js Jk
    """
    from paigow.poker.rank import rank_hand

    def body() -> None:
        rules = PokerRules.of(joker, wheel)
        hand = parse_cards(cards)
        r = rank_hand(hand, rules)
        if json:
            print_json({"cards": format_cards(hand), **r.to_json()})
        else:
            console.print(f"{format_cards(hand)}: {r.description}", highlight=False)

    run_command(body)


@app.command("settings")
def settings_cmd(
    cards: Annotated[list[str], CARDS_ARG],
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """List the 21 ways to set seven cards, both hands' ranks, and which ones foul.

    Example: paigow poker settings As Kd Qh Jc 9s 8d Jk
    """
    from rich.table import Table

    from paigow.poker.setting import rank_setting, settings

    def body() -> None:
        rules = PokerRules.of(joker, wheel)
        ranked = [rank_setting(s, rules) for s in settings(cards)]
        if json:
            print_json([r.to_json() for r in ranked])
            return
        table = Table(title=f"Settings of {format_cards(ranked[0].setting.cards)}")
        for col in ("#", "five-card hand", "rank", "two-card hand", "rank", "foul"):
            table.add_column(col)
        for i, r in enumerate(ranked, 1):
            table.add_row(
                str(i), format_cards(r.setting.high), r.high.description,
                format_cards(r.setting.low), r.low.description, "FOUL" if r.foul else "",
            )
        console.print(table)

    run_command(body)


@app.command()
def compare(
    player: Annotated[str, argument(parser=Token("PLAYER"), help="Player's setting: 'five cards | two cards'.")],
    banker: Annotated[str, argument(parser=Token("BANKER"), help="Banker's setting: 'five cards | two cards'.")],
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    foul: Annotated[str, FOUL_OPTION] = "house",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Compare a player's setting with the banker's: per-hand results, outcome, reasons.

    Example: paigow poker compare "Ah Ad 9c 8d 2s | Kc Qd" "Kh Kd 9h 8h 2h | Ks Qs"
    """
    from paigow.poker.setting import compare as compare_settings

    def body() -> None:
        rules = PokerRules.of(joker, wheel, foul)
        c = compare_settings(player, banker, rules)
        if json:
            print_json(c.to_json())
            return
        console.print(f"player: {c.player}   banker: {c.banker}", highlight=False)
        for reason in c.reasons:
            console.print(f"  {reason}", highlight=False)
        console.print(
            f"high {c.high.value}, low {c.low.value}: [bold]{c.outcome.value}[/]",
            highlight=False,
        )

    run_command(body)


@app.command()
def census(
    joker: Annotated[str, JOKER_OPTION] = "bug",
    wheel: Annotated[str, WHEEL_OPTION] = "second",
    json: Annotated[bool, JSON_OPTION] = False,
    deck: Annotated[
        str,
        option("--deck", parser=Token("--deck", metavar="CARDS"), help=DECK_HELP),
    ] = "",
) -> None:
    """Count all C(53,7) seven-card hands by their best five-card hand (exact).

    Example: paigow poker census --json
    """
    from rich.progress import (
        BarColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.table import Table

    from paigow.poker.census import census as run_census

    def body() -> None:
        rules = PokerRules.of(joker, wheel)
        cards = parse_cards(deck) if deck.strip() else None
        if cards is not None and len(cards) < 7:
            raise CardError(f"a census deck needs at least 7 cards, got {len(cards)}")
        with Progress(
            TextColumn("census"), BarColumn(), TextColumn("{task.completed:,}/{task.total:,}"),
            TimeElapsedColumn(), TimeRemainingColumn(), console=err_console, transient=True,
        ) as progress:
            task = progress.add_task("census", total=comb(53 if cards is None else len(cards), 7))

            def on_progress(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            try:
                result = run_census(rules, cards, on_progress)
            except KeyboardInterrupt:
                progress.stop()
                err_console.print("census interrupted")
                raise typer.Exit(code=130) from None
        if json:
            print_json(result.to_json())
            return
        table = Table(
            title=f"{result.total:,} seven-card hands (joker {rules.joker}, wheel {rules.wheel})"
        )
        table.add_column("best five-card hand")
        table.add_column("hands", justify="right")
        table.add_column("share", justify="right")
        for label, n in result.by_category.items():
            table.add_row(label, f"{n:,}", f"{n / result.total:.6%}")
        for top, n in result.high_card_by_top.items():
            if n:
                table.add_row(f"  high card, {top} high", f"{n:,}", f"{n / result.total:.6%}")
        console.print(table)

    run_command(body)
