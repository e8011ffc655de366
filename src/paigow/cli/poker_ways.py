"""``paigow poker set``: set seven cards by a named hand-setting way.

:func:`register` adds the command to the ``paigow poker`` Typer app::

    $ paigow poker set Kd Qs Jh 9c 7d 4s 3h --strategy house
    Kd 9c 7d 4s 3h | Qs Jh
      behind:   high card, K-9-7-4-3
      in front: high card, Q-J
      rule:     house 1.1: no pair: highest card behind, second and third highest in front
"""

from __future__ import annotations

from typing import Annotated

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Choice,
    Token,
    argument,
    console,
    option,
    print_json,
    run_command,
)
from paigow.poker.cards import format_cards, parse_cards, sort_cards

STRATEGY_OPTION = option(
    "--strategy", "-s", parser=Token("--strategy"),
    help="Hand-setting way: house (default), basic or optimal.",
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
    numbered rule that decided (docs/poker-house-way.md)."""
    from paigow.poker.rank import rank2, rank5
    from paigow.poker.rules import PokerRules
    from paigow.poker.ways import get_way

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


def register(app: typer.Typer) -> None:
    """Add the ``set`` command to the ``paigow poker`` Typer ``app``."""
    app.command("set")(set_command)


__all__ = ["register", "set_command"]
