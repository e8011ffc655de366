"""What a table offers beyond the game: side bets, the dragon hand, the bank; a seat's wager.

A :class:`HouseRules` object is part of a table's rules, as the commission is: it says
which **side bets** are offered (each a pay table, with a minimum and a maximum bet),
whether the **dragon hand** may be bought (and who sets it, and how large its bet may
be), and whether a **player may bank** (``player_bank``; Commission-Free Fortune Pai Gow
has no player banking: the house banks every round and the bank option never moves to a
seat). A seat answers the bet request with a :class:`Wager`: its main bet, its side bets by
name and, optionally, what it would bet on the dragon hand. Readings chosen (the sources
are silent or differ; see docs/poker-floor-games.md):

* A side bet goes with a main bet: a seat that sits out makes none. A seat that takes
  the bank keeps its side bets (the house banks every side bet, and its hand is the
  banker's); its main bet and dragon request are withdrawn.
* Side bets are poker only (they read seven cards).
* The dragon hand is the hand of the first place with no bet, in table order from the
  banker; a seat asks for it with its bet (before the deal, so its stake is on the table
  and covered by the bank when the round opens), and among the seats that asked, the
  first in turn gets it: the turn starts at seat 1 and moves past each buyer, so the
  chance passes around the table. The dragon bet is a bet against the banker like a main
  bet: same settlement, commission, flat fee and push rule.

>>> rules = HouseRules(dragon=DragonRule("house", "up-to-main"))
>>> rules.check(Wager(1000, {}, 500))
>>> rules.check(Wager(1000, {}, 1500))
Traceback (most recent call last):
...
paigow.errors.AmountError: the dragon bet $15.00 may be at most the main bet ($10.00)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, cast

from paigow.errors import AmountError, PaigowError, RuleError
from paigow.phrasing import Money, Msg
from paigow.poker.sidebet import EnvyLine, EnvyTable, PayLine, PayTable, load_paytable
from paigow.table.money import check_minor, format_money

DragonSetter = Literal["house", "player"]
DragonLimit = Literal["up-to-main", "equal-main", "any"]
DRAGON_SETTERS: tuple[DragonSetter, ...] = ("house", "player")
DRAGON_LIMITS: tuple[DragonLimit, ...] = ("up-to-main", "equal-main", "any")


@dataclass(frozen=True)
class Wager:
    """A seat's bets for one round, in cents: the main bet, side bets by offer name, and
    the bet it would put on the dragon hand (0: it does not ask for it)."""

    main: int
    side: Mapping[str, int] = field(default_factory=dict)
    dragon: int = 0

    @property
    def total(self) -> int:
        """Everything the wager puts on the table (main, side bets, dragon)."""
        return self.main + sum(self.side.values()) + self.dragon

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"main": self.main, "side": dict(self.side), "dragon": self.dragon}


def as_wager(answer: object) -> Wager:
    """A player's bet answer as a :class:`Wager` (a plain ``int`` is a main bet alone)."""
    if isinstance(answer, Wager):
        return answer
    return Wager(cast(int, answer))


@dataclass(frozen=True)
class SideBetOffer:
    """A side bet the table offers: its name (what a seat bets on), its pay table, and
    the smallest and largest bet in cents."""

    name: str
    paytable: PayTable
    minimum: int = 100
    maximum: int = 10_000

    def __post_init__(self) -> None:
        if not self.name or self.name != self.name.strip().lower() or " " in self.name:
            raise RuleError(f"side bet name {self.name!r}: lower case, no spaces")
        check_minor(self.minimum, f"the {self.name} minimum")
        check_minor(self.maximum, f"the {self.name} maximum")
        if self.maximum < self.minimum:
            raise AmountError(f"the {self.name} maximum {format_money(self.maximum)} is below "
                              f"its minimum {format_money(self.minimum)}")

    @property
    def on(self) -> str:
        """What the bet reads: ``"own"``, ``"banker"`` or ``"banker-set"``."""
        return self.paytable.on

    @property
    def reads(self) -> str:
        """What the bet reads, in words for a player.

        >>> side_bet_offer("tiger-9").reads
        "the banker's two-card hand as set"
        """
        return {"own": "your seven cards", "banker": "the banker's seven cards",
                "banker-set": "the banker's two-card hand as set"}[self.on]

    def check(self, stake: object) -> int:
        """``stake`` as cents if the table takes it, else :class:`AmountError`."""
        amount = check_minor(stake, f"the {self.name} bet")
        if not self.minimum <= amount <= self.maximum:
            raise AmountError(Msg("the {name} bet {amount} is outside the table's limits {low} "
                                  "to {high}", name=self.name, amount=Money(amount),
                                  low=Money(self.minimum), high=Money(self.maximum)))
        return amount

    def envy_minimum(self) -> int | None:
        """The smallest bet (cents) that qualifies for the Envy bonus; None: no Envy."""
        envy = self.paytable.envy
        return None if envy is None else int(envy.minimum * 100)

    def to_json(self) -> dict[str, object]:
        """Plain data, the whole pay table included, so a record replays by itself."""
        return {"name": self.name, "minimum": self.minimum, "maximum": self.maximum,
                "paytable": paytable_json(self.paytable)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SideBetOffer:
        """The offer :meth:`to_json` wrote."""
        return cls(str(data["name"]), paytable_from_json(data["paytable"]),
                   int(data["minimum"]), int(data["maximum"]))


def paytable_json(table: PayTable) -> dict[str, object]:
    """A pay table as plain data (amounts and payouts as exact strings)."""
    envy = table.envy
    return {
        "name": table.name,
        "source": table.source,
        "on": table.on,
        "joker": table.joker,
        "lines": [{"hand": x.hand, "pays": str(x.pays)} for x in table.lines],
        "envy": None if envy is None else {
            "minimum": str(envy.minimum),
            "lines": [{"hand": x.hand, "amount": str(x.amount)} for x in envy.lines],
        },
    }


def paytable_from_json(data: Mapping[str, Any]) -> PayTable:
    """The pay table :func:`paytable_json` wrote."""
    envy = data.get("envy")
    return PayTable(
        str(data["name"]),
        tuple(PayLine(x["hand"], Fraction(x["pays"])) for x in data["lines"]),
        str(data.get("source", "")),
        str(data.get("on", "own")),
        None if envy is None else EnvyTable(
            Fraction(envy["minimum"]),
            tuple(EnvyLine(x["hand"], Fraction(x["amount"])) for x in envy["lines"]),
        ),
        data.get("joker"),
    )


@dataclass(frozen=True)
class DragonRule:
    """The dragon hand is offered: ``set_by`` ``"house"`` (the house way sets it) or
    ``"player"`` (its buyer sets it); ``limit`` on its bet: ``"up-to-main"`` (at most the
    buyer's main bet, the default), ``"equal-main"`` (exactly it) or ``"any"``."""

    set_by: DragonSetter = "house"
    limit: DragonLimit = "up-to-main"

    def __post_init__(self) -> None:
        if self.set_by not in DRAGON_SETTERS:
            raise RuleError(f"unknown dragon setter {self.set_by!r}: choose house or player")
        if self.limit not in DRAGON_LIMITS:
            raise RuleError(f"unknown dragon bet limit {self.limit!r}: choose up-to-main, "
                            "equal-main or any")

    def check(self, stake: int, main: int) -> None:
        """Raise :class:`AmountError` when ``stake`` breaks the limit for a main bet."""
        check_minor(stake, "the dragon bet")
        if self.limit == "up-to-main" and stake > main:
            raise AmountError(Msg("the dragon bet {stake} may be at most the main bet ({main})",
                                  stake=Money(stake), main=Money(main)))
        if self.limit == "equal-main" and stake != main:
            raise AmountError(Msg("the dragon bet {stake} must equal the main bet ({main})",
                                  stake=Money(stake), main=Money(main)))

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"set_by": self.set_by, "limit": self.limit}


@dataclass(frozen=True)
class DragonBuy:
    """The dragon hand bought for a round: ``seat`` bets ``stake`` cents on the hand dealt
    to the empty ``place``."""

    seat: int
    place: int
    stake: int

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"seat": self.seat, "place": self.place, "stake": self.stake}


@dataclass(frozen=True)
class HouseRules:
    """A table's side bets (by name), dragon-hand rule (``None``: not offered), and whether
    a player may take the bank (``player_bank``; ``False``: the house banks every round)."""

    side_bets: tuple[SideBetOffer, ...] = ()
    dragon: DragonRule | None = None
    player_bank: bool = True

    def __post_init__(self) -> None:
        names = [o.name for o in self.side_bets]
        if len(set(names)) != len(names):
            raise RuleError(f"a side bet is offered twice: {names}")

    @property
    def offers(self) -> dict[str, SideBetOffer]:
        """The side bets by name."""
        return {o.name: o for o in self.side_bets}

    def offer(self, name: str) -> SideBetOffer:
        """The side bet called ``name`` (a clear error naming it if it is not offered)."""
        key = str(name).strip().lower()
        found = self.offers.get(key)
        if found is None:
            have = ", ".join(self.offers) or "none"
            raise PaigowError(f"the side bet {name!r} is not offered at this table "
                              f"(offered: {have})")
        return found

    def check(self, wager: Wager) -> None:
        """Raise a clear error naming the bad bet when ``wager`` breaks the table's rules
        (coverage by the seat's chips is the table's to check)."""
        check_minor(wager.main, "a bet")
        for name, stake in wager.side.items():
            self.offer(name).check(stake)
        if wager.dragon:
            if self.dragon is None:
                raise PaigowError("the dragon hand is not offered at this table")
            self.dragon.check(wager.dragon, wager.main)

    def normal(self, wager: Wager) -> Wager:
        """``wager`` with its side bets keyed by their offer names (as checked)."""
        return Wager(wager.main, {self.offer(k).name: v for k, v in wager.side.items()},
                     wager.dragon)

    def to_json(self) -> dict[str, object]:
        """Plain data, every pay table included."""
        return {"side_bets": [o.to_json() for o in self.side_bets],
                "dragon": None if self.dragon is None else self.dragon.to_json(),
                "player_bank": self.player_bank}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> HouseRules:
        """The rules :meth:`to_json` wrote (``None``: none)."""
        if not data:
            return NO_HOUSE_RULES
        d = data.get("dragon")
        return cls(
            tuple(SideBetOffer.from_json(x) for x in data.get("side_bets", ())),
            None if d is None else DragonRule(d["set_by"], d["limit"]),
            bool(data.get("player_bank", True)),
        )


NO_HOUSE_RULES = HouseRules()


def side_bet_offer(spec: str, minimum: int = 100, maximum: int = 10_000) -> SideBetOffer:
    """An offer from a pay table's name or file (its name: the shipped name or file stem).

    >>> side_bet_offer("queens-dragon").on
    'banker'
    """
    table = load_paytable(spec)
    from pathlib import Path

    name = Path(spec.strip()).stem.lower().replace(" ", "-")
    return SideBetOffer(name, table, minimum, maximum)


__all__ = [
    "DRAGON_LIMITS",
    "DRAGON_SETTERS",
    "NO_HOUSE_RULES",
    "DragonBuy",
    "DragonRule",
    "HouseRules",
    "SideBetOffer",
    "Wager",
    "as_wager",
    "paytable_from_json",
    "paytable_json",
    "side_bet_offer",
]
