"""A person at a seat, at the terminal: bets, bank offers and hand setting at a prompt.

The person is a :class:`~paigow.table.engine.Player` like any bot; its ``choose`` asks the
UI. Input and output go through a :class:`UI` (``ask``/``say``), so tests drive the prompt
with scripted lines. Bad input re-prompts with a clear message and changes nothing.

Commands when setting a hand: a setting's number, ``hint`` (exact value of every setting,
when an exact advisor exists for the game), ``house`` (set it the house way), ``help``.
At the bet prompt: an amount in dollars, Enter for the last bet, ``sit`` to sit the round
out, ``quit`` to leave (only between rounds). Where the table offers side bets or the
dragon hand, the amount may be followed by ``NAME DOLLARS`` pairs: ``10 fortune 5
queens-dragon 1 dragon 10`` bets $10, $5 on the Fortune bonus, $1 on the Queen's Dragon
and asks for the dragon hand with $10.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from paigow.errors import PaigowError
from paigow.table.bank import BankDecision, BankOffer
from paigow.table.engine import BetRequest, RoundRecord
from paigow.table.game import Choice, Game
from paigow.table.house_rules import Wager
from paigow.table.ledger import HOUSE, seat_account
from paigow.table.money import format_money, parse_major

P = TypeVar("P")
S = TypeVar("S")

Hint = Callable[[tuple[P, ...], bool, list[S]], list[str]]


class Quit(Exception):
    """The person asked to leave the table (between rounds)."""


class UI(Protocol):
    """Where a person reads and types."""

    def ask(self, prompt: str) -> str:
        """One line typed by the person (``EOFError`` when input ends)."""
        ...

    def say(self, text: str) -> None:
        """Show a line of text."""
        ...


class ConsoleUI:
    """The terminal: rich output, :func:`input` for the prompt. ``stderr``: the
    conversation on stderr (stdout kept for a command's ``--json`` result)."""

    def __init__(self, stderr: bool = False) -> None:
        from rich.console import Console

        self.console = Console(highlight=False, soft_wrap=True, stderr=stderr)

    def ask(self, prompt: str) -> str:
        self.console.print(prompt, end="", markup=False)
        return input()

    def say(self, text: str) -> None:
        self.console.print(text, markup=False)


class Human(Generic[P, S]):
    """A seat played at a prompt. ``hint`` gives one line per setting (``None``: no exact
    advisor for this game); ``default_bet`` is offered when Enter is pressed."""

    def __init__(
        self,
        ui: UI,
        game: Game[P, S],
        seat: int,
        default_bet: int,
        hint: Hint[P, S] | None = None,
    ) -> None:
        self.ui = ui
        self.game = game
        self.seat = seat
        self.last_bet = default_bet
        self.last_wager: Wager | None = None
        self.hint = hint
        self.name = "you"

    # -- bets ---------------------------------------------------------------------
    def bet(self, request: BetRequest) -> int | Wager | None:
        ui = self.ui
        ui.say(f"--- round {request.round_number} --- your chips: {format_money(request.balance)}")
        if request.commitment:
            ui.say(f"(this round's deck is committed: {request.commitment})")
        extras = [o.name for o in request.offers] + (["dragon"] if request.dragon else [])
        if extras and request.round_number == 1:
            for o in request.offers:
                envy = o.envy_minimum()
                env = f"; Envy from {format_money(envy)}" if envy is not None else ""
                ui.say(f"  side bet {o.name}: {o.paytable.name}, on {o.reads}, "
                       f"{format_money(o.minimum)} to {format_money(o.maximum)}{env}")
            if request.dragon:
                ui.say(f"  dragon: ask for the dragon hand (bet {request.dragon.limit}, set by "
                       f"{'the house way' if request.dragon.set_by == 'house' else 'you'})")
        last = self.last_wager or Wager(self.last_bet)
        more = f", then e.g. {extras[0]} 5" if extras else ""
        while True:
            text = ui.ask(
                f"Your bet in dollars{more} [Enter = {_describe(last)}, sit, quit]: "
            ).strip().lower()
            if text in ("quit", "q", "exit"):
                raise Quit
            if text in ("sit", "s", "pass"):
                return None
            if text in ("help", "?"):
                ui.say("Type an amount like 10 or 12.50, Enter for your last bet, "
                       "'sit' to sit this round out, or 'quit' to leave the table."
                       + (" After the amount, side bets and the dragon hand as NAME DOLLARS "
                          "pairs: " + ", ".join(extras) + "." if extras else ""))
                continue
            try:
                wager = last if text == "" else _read_wager(text)
                request.check(wager)
            except PaigowError as exc:
                ui.say(f"error: {exc}")
                continue
            self.last_bet = wager.main
            self.last_wager = wager
            return wager if (wager.side or wager.dragon) else wager.main

    # -- the bank -----------------------------------------------------------------
    def bank(self, offer: BankOffer) -> BankDecision:
        ui = self.ui
        ui.say(f"The bank is offered to you: {offer.describe()}.")
        if not offer.can_take and not offer.can_cobank:
            ui.say("You cannot cover the bets on the table: the house keeps the bank.")
            return "refuse"
        options = []
        if offer.can_take:
            options.append("bank")
        if offer.can_cobank:
            options.append("cobank")
        options.append("refuse")
        while True:
            text = ui.ask(f"Take the bank? [{' / '.join(options)}]: ").strip().lower()
            decision: BankDecision
            if text in ("b", "bank", "take", "y", "yes"):
                decision = "take"
            elif text in ("c", "cobank", "co-bank"):
                decision = "cobank"
            elif text in ("r", "refuse", "n", "no", ""):
                decision = "refuse"
            else:
                ui.say(f"error: {text!r} is not an answer: type one of {', '.join(options)}")
                continue
            try:
                offer.check(decision)
            except PaigowError as exc:
                ui.say(f"error: {exc}")
                continue
            return decision

    # -- setting a hand -------------------------------------------------------------
    def choose(self, hand: tuple[P, ...], banking: bool) -> Choice[S]:
        ui, game = self.ui, self.game
        role = "the banker's hand" if banking else "your hand"
        ui.say(f"{role.capitalize()}: " + ", ".join(game.piece_label(p) for p in hand))
        options = game.settings_of(hand)
        for n, s in enumerate(options, 1):
            ui.say(f"  {n:>2}) {game.view(s)}")
        while True:
            text = ui.ask(f"Set {role} [1-{len(options)}, hint, house, help]: ").strip().lower()
            if text in ("help", "?"):
                ui.say("Type the number of a setting; 'house' sets it the house way; 'hint' "
                       "shows the exact value of every setting.")
                continue
            if text == "hint":
                if self.hint is None:
                    ui.say(f"hint: unavailable (no exact advisor for {game.name} yet)")
                    continue
                try:
                    for line in self.hint(hand, banking, options):
                        ui.say("  " + line)
                except PaigowError as exc:
                    ui.say(f"hint: unavailable ({exc})")
                continue
            if text == "house":
                try:
                    c = game.house_choice(hand, banking)
                except PaigowError as exc:
                    ui.say(f"error: {exc}")
                    continue
                ui.say(f"House way: {game.view(c.setting)}")
                return Choice(c.setting, "you (house way)")
            if text.isdigit() and 1 <= int(text) <= len(options):
                return Choice(options[int(text) - 1], "you")
            ui.say(f"error: {text!r} is not a setting: type a number from 1 to {len(options)}, "
                   "hint, house or help")

    def choose_dragon(self, hand: tuple[P, ...]) -> Choice[S]:
        """Set the dragon hand this seat bought (when the house rules let the buyer)."""
        self.ui.say("You bought the dragon hand:")
        return self.choose(hand, False)

    # -- the reveal -----------------------------------------------------------------
    def observe(self, record: RoundRecord) -> None:
        ui = self.ui
        d = record.dice
        ui.say(f"Dice {d[0]}+{d[1]}+{d[2]} = {sum(d)}; banker: {record.banker.describe()}")
        if record.push:
            ui.say(f"  Every bet pushes: {record.push}")
        results = {r.seat: r for r in record.results}
        for h in record.hands:
            who = {"banker": "banker", "dragon": f"dragon (seat {h.seat})"}.get(
                h.role, f"seat {h.seat}")
            if h.seat == self.seat:
                who += " (you)"
            line = f"  {who:<16} {h.high} ({h.high_name}) / {h.low} ({h.low_name})"
            if h.note:
                line += f" [{h.note}]"
            r = results.get(h.seat) if h.role == "player" and h.seat is not None else None
            if h.role == "dragon":
                r = record.dragon
            if r is not None:
                line += f"  -> {r.outcome} {format_money(r.net)}"
            ui.say(line)
        for x in record.side:
            if x.seat != self.seat:
                continue
            if x.kind == "envy":
                ui.say(f"  your {x.name} Envy: place {x.place} holds {x.label}: "
                       f"+{format_money(x.net)}")
            elif x.line:
                ui.say(f"  your {x.name} bet: {x.label} pays {x.pays} to 1: "
                       f"+{format_money(x.net)}")
            else:
                ui.say(f"  your {x.name} bet loses: {format_money(x.net)}")
        if record.banker.seat is not None:
            ui.say(f"  bank net {format_money(record.bank_net)}, "
                   f"bank commission {format_money(record.bank_commission)}")
        if record.seed:
            ui.say(f"  seed revealed: {record.seed} (paigow verify {record.round_id} "
                   "deals the round again from it)")
        mine = record.balances.get(seat_account(self.seat), 0)
        ui.say(f"Your chips: {format_money(mine)}   (house net "
               f"{format_money(record.balances.get(HOUSE, 0))})")


def _read_wager(text: str) -> Wager:
    """``"10 fortune 5 dragon 10"`` as a :class:`Wager` (amounts in dollars)."""
    tokens = text.split()
    main = parse_major(tokens[0])
    if len(tokens) % 2 == 0:
        raise PaigowError(f"{tokens[-1]!r} has no amount: write NAME DOLLARS pairs after the "
                          "bet, e.g. 10 fortune 5")
    side: dict[str, int] = {}
    dragon = 0
    for name, amount in zip(tokens[1::2], tokens[2::2], strict=True):
        if name == "dragon":
            dragon = parse_major(amount)
        elif name in side:
            raise PaigowError(f"the side bet {name!r} is given twice")
        else:
            side[name] = parse_major(amount)
    return Wager(main, side, dragon)


def _describe(w: Wager) -> str:
    parts = [format_money(w.main)] + [f"{k} {format_money(v)}" for k, v in w.side.items()]
    if w.dragon:
        parts.append(f"dragon {format_money(w.dragon)}")
    return " ".join(parts)
