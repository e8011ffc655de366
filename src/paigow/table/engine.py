"""The table: seats, bets, the bank, and a round from the bets to the settlement.

Pure: the engine talks to the world only through what it is given — a :class:`Game`, the
seats' :class:`Player` objects (bots or people), a :class:`~paigow.table.chance.Chance`, and
a :class:`Store` that keeps the ledger (:class:`MemoryStore` here, SQLite in
:mod:`paigow.store`).

A round (RULES.md 1.5, 1.6, 2.5, 2.6):

1. **Bets**: each seat bets (or sits out). A bet must be a positive whole number of cents
   that the seat can cover with the flat fee, if any; otherwise it is refused and nothing
   changes. With it a seat may make the side bets the table offers and ask for the dragon
   hand (a :class:`~paigow.table.house_rules.Wager`; see :mod:`paigow.table.house_rules`).
2. **Bank**: the house banks the first round; afterwards the option passes around the
   table (see :mod:`paigow.table.bank`), unless the house rules allow no player banking
   (``HouseRules.player_bank``): then the house banks every round.
3. **Shuffle and dice**; the round is *opened* in the store in one transaction: its deck
   order and dice, each bet (main, dragon, side) moved to ``bets``, the banker's cover
   (of the main bets and the dragon bet) moved to ``bank``.
4. **Deal**; players set their hands, then the dragon hand is set (by the house way or
   its buyer, as the house rules say), then the banker (the house way when the house
   banks or co-banks).
5. **Reveal and settle**, one bet at a time in table order from the banker's place (the
   dragon bet at its place); a banker's hand of the game's push kind (the commission-free
   game) pushes every bet, and each result says why it won, lost or pushed. Then the bank
   is released to its banker(s) with commission on a player-banker's net win, and the
   side bets and Envy bonuses are settled with the house. All of it is written in *one*
   transaction with the round marked settled.

A round killed between 3 and 5 is voided by the store when it is next opened: every entry
of the round is reversed, so each bet goes back where it came from.

**Fair chance.** When the chance is a :class:`~paigow.table.chance.FairChance` (the
default), :attr:`Table.commitment` is the commitment of the round about to be played (or
being played) — publish it before the bets; the round's shuffle and dice come from that
round's seed; the record of a settled round carries the ``commitment`` and the revealed
``seed`` (:mod:`paigow.table.fair` checks them).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar, cast

from paigow.errors import AmountError, PaigowError
from paigow.settle import Commission, HandResult, Outcome, outcome_of, settle_bet
from paigow.table.bank import (
    HOUSE_BANK,
    BankDecision,
    Banker,
    BankOffer,
    cobank_share,
    funding,
    next_option,
)
from paigow.table.chance import Chance, Dice, secure_chance
from paigow.table.game import Choice, Game, Showdown
from paigow.table.house_rules import (
    NO_HOUSE_RULES,
    DragonBuy,
    DragonRule,
    HouseRules,
    SideBetOffer,
    Wager,
    as_wager,
)
from paigow.table.ledger import (
    BANK,
    BETS,
    CASHIER,
    HOUSE,
    WALLET_PREFIX,
    Entry,
    apply,
    seat_account,
    transfer,
)
from paigow.table.money import check_minor, format_money
from paigow.table.sidebets import SideResult, SideStake, settle_side_bets, side_opening

P = TypeVar("P")
S = TypeVar("S")
P_contra = TypeVar("P_contra", contravariant=True)

MAX_SEATS = 7


@dataclass(frozen=True)
class BetLimits:
    """The table's minimum and maximum bet in cents (``maximum`` None: only the bankroll
    limits a bet).

    >>> BetLimits(500, 10_000).describe()
    '$5.00 to $100.00'
    """

    minimum: int = 1
    maximum: int | None = None

    def __post_init__(self) -> None:
        check_minor(self.minimum, "the minimum bet")
        if self.maximum is not None:
            check_minor(self.maximum, "the maximum bet")
            if self.maximum < self.minimum:
                raise AmountError(
                    f"the maximum bet {format_money(self.maximum)} is below the minimum "
                    f"{format_money(self.minimum)}"
                )

    def describe(self) -> str:
        if self.maximum is None:
            return f"at least {format_money(self.minimum)}"
        return f"{format_money(self.minimum)} to {format_money(self.maximum)}"


NO_LIMITS = BetLimits()


@dataclass(frozen=True)
class BetRequest:
    """What a seat is told when asked for its bet; ``check`` raises if a bet (an ``int``
    or a :class:`~paigow.table.house_rules.Wager`) is refused. ``offers``: the side bets
    the table offers; ``dragon``: the dragon-hand rule (``None``: not offered)."""

    seat: int
    balance: int
    fee: int
    round_number: int
    check: Callable[[int | Wager], None]
    commitment: str | None = None
    """The commitment to this round's seed (published before the bets), if any."""
    limits: BetLimits = NO_LIMITS
    offers: tuple[SideBetOffer, ...] = ()
    dragon: DragonRule | None = None

    @property
    def most(self) -> int:
        """The largest bet the seat can make (its chips less the flat fee, at most the
        table maximum)."""
        most = max(0, self.balance - self.fee)
        return most if self.limits.maximum is None else min(most, self.limits.maximum)


class Player(Protocol[P_contra, S]):
    """Who plays a seat: bets, answers the bank offer, sets hands, watches results.

    Optional hooks, looked up by name: ``dealt(hand, banking)`` (the hand, as soon as it
    is dealt) and ``choose_dragon(hand)`` (the setting of a dragon hand the seat bought,
    when the house rules let the buyer set it; without it the house way sets it)."""

    def bet(self, request: BetRequest) -> int | Wager | None:
        """The bet for this round in cents (or a :class:`Wager` with side bets and the
        dragon hand), or ``None`` to sit out."""
        ...

    def bank(self, offer: BankOffer) -> BankDecision:
        """Take, co-bank or refuse the bank (only offers the seat can cover are taken)."""
        ...

    def choose(self, hand: tuple[P_contra, ...], banking: bool) -> Choice[S]:
        """The setting of ``hand``."""
        ...

    def observe(self, record: RoundRecord) -> None:
        """The round is over: its record (hands, outcomes, balances)."""
        ...


@dataclass
class Seat(Generic[P, S]):
    """A seat at the table: its number (its place), who plays it and who owns it."""

    number: int
    name: str
    strategy: str
    start: int
    player: Player[P, S]
    owner: str = ""

    def __post_init__(self) -> None:
        if not self.owner:
            self.owner = f"seat{self.number}"


@dataclass(frozen=True)
class SeatInfo:
    number: int
    name: str
    strategy: str
    start: int

    def to_json(self) -> dict[str, object]:
        return {"seat": self.number, "name": self.name, "strategy": self.strategy, "start": self.start}


@dataclass(frozen=True)
class SessionInfo:
    """What a session records once: the game, its rules, commission, seats and chance."""

    game: str
    rules: dict[str, object]
    commission: Commission
    house_way: str
    chance: str
    seed: int | None
    seats: tuple[SeatInfo, ...]

    def commission_json(self) -> dict[str, object]:
        c = self.commission
        return {"rate": str(c.rate), "flat_fee": c.flat_fee, "rounding": c.rounding}


@dataclass(frozen=True)
class HandRecord:
    """A hand as played: where it was dealt, its pieces and how it was set."""

    place: int
    seat: int | None
    role: Literal["banker", "player", "dragon"]
    hand: str
    high: str
    low: str
    high_name: str
    low_name: str
    rule: str
    note: str = ""
    forfeit: bool = False
    way_rule: dict[str, object] | None = None
    """The way's rule that set the hand (:meth:`paigow.ways.Rule.to_json`), None when a
    person did (and in records kept before rules were values)."""
    house: bool = False
    """Whether the table's house way set it."""

    def to_json(self) -> dict[str, object]:
        return dict(self.__dict__)


REASONS = {
    "won-both": "won both hands",
    "lost-both": "lost both hands (copies go to the banker)",
    "split": "one hand each: a push",
    "banker-push": "the banker's hand pushes every bet",
    "forfeit": "fouled hand: the bet is forfeit",
}
"""Why a bet was won, lost or pushed: the ``reason`` codes of a :class:`SeatResult`."""


@dataclass(frozen=True)
class SeatResult:
    """One bet settled against the banker: a seat's main bet, or the dragon hand it bought
    (``bet == "dragon"``, its hand at ``place``). ``reason`` says why it won, lost or
    pushed (a code of :data:`REASONS`), ``note`` the same in words."""

    seat: int
    stake: int
    high: str
    low: str
    high_reason: str
    low_reason: str
    outcome: str
    net: int
    commission: int
    fee: int
    reason: str = ""
    note: str = ""
    place: int | None = None
    bet: str = "main"

    def to_json(self) -> dict[str, object]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class RoundOpening:
    """What is written when a round opens (before the deal)."""

    number: int
    banker: Banker
    bets: dict[int, int]
    deck: tuple[str, ...]
    dice: Dice
    entries: tuple[Entry, ...]
    commitment: str | None = None
    side: tuple[SideStake, ...] = ()
    dragon: DragonBuy | None = None


@dataclass(frozen=True)
class RoundRecord:
    """A settled round: everything needed to show, replay and audit it."""

    number: int
    banker: Banker
    bets: dict[int, int]
    deck: tuple[str, ...]
    dice: Dice
    hands: tuple[HandRecord, ...]
    results: tuple[SeatResult, ...]
    bank_net: int
    bank_commission: int
    entries: tuple[Entry, ...]
    balances: dict[str, int] = field(default_factory=dict)
    round_id: int = 0
    commitment: str | None = None
    """The commitment to the round's seed, published before the round."""
    seed: str | None = None
    """The round's seed (hex), revealed with the settlement: check it with ``paigow verify``."""
    dragon: SeatResult | None = None
    side: tuple[SideResult, ...] = ()
    push: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round_id,
            "number": self.number,
            "banker": self.banker.to_json(),
            "bets": {str(k): v for k, v in self.bets.items()},
            "deck": list(self.deck),
            "dice": list(self.dice),
            "hands": [h.to_json() for h in self.hands],
            "results": [r.to_json() for r in self.results],
            "bank_net": self.bank_net,
            "bank_commission": self.bank_commission,
            "entries": [e.to_json() for e in self.entries],
            "balances": self.balances,
            "commitment": self.commitment,
            "seed": self.seed,
            "dragon": None if self.dragon is None else self.dragon.to_json(),
            "side": [x.to_json() for x in self.side],
            "push": self.push,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundRecord:
        """The record :meth:`to_json` wrote (a settled round's ``detail`` in the ledger):
        ``RoundRecord.from_json(r.to_json()) == r``."""
        banker = data["banker"]
        dragon = data.get("dragon")
        return cls(
            number=int(data["number"]),
            banker=Banker(banker["kind"], banker["seat"]),
            bets={int(k): int(v) for k, v in data["bets"].items()},
            deck=tuple(data["deck"]),
            dice=tuple(int(d) for d in data["dice"]),  # type: ignore[arg-type]
            hands=tuple(HandRecord(**h) for h in data["hands"]),
            results=tuple(SeatResult(**r) for r in data["results"]),
            bank_net=int(data["bank_net"]),
            bank_commission=int(data["bank_commission"]),
            entries=tuple(Entry(e["kind"], e["from"], e["to"], int(e["amount"]), e["seat"],
                                e.get("memo", "")) for e in data["entries"]),
            balances={k: int(v) for k, v in data.get("balances", {}).items()},
            round_id=int(data.get("round") or 0),
            commitment=data.get("commitment"),
            seed=data.get("seed"),
            dragon=None if not dragon else SeatResult(**dragon),
            side=tuple(SideResult(**x) for x in data.get("side", ())),
            push=str(data.get("push", "")),
        )


class Store(Protocol):
    """Keeps the ledger. Each method is one atomic transaction."""

    def start_session(self, info: SessionInfo, entries: Sequence[Entry]) -> int:
        """Record a new session and its buy-ins; its id."""
        ...

    def open_round(self, session_id: int, opening: RoundOpening) -> int:
        """Record an opened round with its bets and bank cover; its id."""
        ...

    def settle_round(self, round_id: int, record: RoundRecord) -> None:
        """Record the round's hands, results and settlement entries; mark it settled."""
        ...

    def void_round(self, round_id: int) -> bool:
        """Void an open round: reverse its entries (bets back to the seats)."""
        ...


class MemoryStore:
    """A store in memory (for tests and pure use): same calls, no persistence."""

    def __init__(self) -> None:
        self.sessions: list[tuple[SessionInfo, list[Entry]]] = []
        self.rounds: dict[int, tuple[int, RoundOpening, RoundRecord | None]] = {}
        self.voided: set[int] = set()

    def start_session(self, info: SessionInfo, entries: Sequence[Entry]) -> int:
        self.sessions.append((info, list(entries)))
        return len(self.sessions)

    def open_round(self, session_id: int, opening: RoundOpening) -> int:
        rid = len(self.rounds) + 1
        self.rounds[rid] = (session_id, opening, None)
        return rid

    def settle_round(self, round_id: int, record: RoundRecord) -> None:
        sid, opening, done = self.rounds[round_id]
        if done is not None or round_id in self.voided:
            raise PaigowError(f"round {round_id} is not open")
        self.rounds[round_id] = (sid, opening, record)

    def void_round(self, round_id: int) -> bool:
        if round_id in self.voided or self.rounds[round_id][2] is not None:
            return False
        self.voided.add(round_id)
        return True


def table_order(banker_place: int, places: int, direction: int) -> list[int]:
    """The places after the banker's, in the game's direction (the settlement order)."""
    return [(banker_place + direction * k) % places for k in range(1, places)]


def settle_hands(
    game: Game[P, S],
    banker: Banker,
    bets: dict[int, int],
    choices: dict[int, Choice[S]],
    commission: Commission,
    dragon: DragonBuy | None = None,
) -> tuple[list[SeatResult], list[Entry], int, int]:
    """Settle every bet against the banker's hand (``choices[banker.place]``), in table
    order, the bought ``dragon`` hand's bet at its place; release the bank. Returns
    results (the dragon's with ``bet == "dragon"``), entries, the bank's net and its
    commission."""
    bank_choice = choices[banker.place]
    push = game.push_reason(bank_choice.setting)
    stakes = dict(bets)
    owners = {p: p for p in bets}
    if dragon is not None:
        stakes[dragon.place] = dragon.stake
        owners[dragon.place] = dragon.seat
    results: list[SeatResult] = []
    entries: list[Entry] = []
    bank_net = 0
    for place in table_order(banker.place, game.places, game.direction):
        if place not in stakes:
            continue
        stake = stakes[place]
        owner = owners[place]
        seat_acc = seat_account(owner)
        kind = "dragon" if dragon is not None and place == dragon.place else "main"
        memo = f"dragon hand at place {place}" if kind == "dragon" else ""
        mine = choices[place]
        if mine.forfeit:
            why = REASONS["forfeit"]
            show = Showdown(HandResult.LOSE, HandResult.LOSE, why, why)
            outcome, reason, note = Outcome.LOSE, "forfeit", why
        else:
            show = game.showdown(mine.setting, bank_choice.setting)
            if push is not None:
                outcome, reason, note = Outcome.PUSH, "banker-push", push
            else:
                outcome = outcome_of(show.high, show.low)
                reason = {Outcome.WIN: "won-both", Outcome.LOSE: "lost-both",
                          Outcome.PUSH: "split"}[outcome]
                note = REASONS[reason]
        s = settle_bet(outcome, stake, commission)
        fee = commission.flat_fee
        rate_part = s.commission - fee
        if outcome is Outcome.WIN:
            entries += transfer("stake_return", BETS, seat_acc, stake, owner, memo)
            entries += transfer("payout", BANK, seat_acc, stake, owner, memo)
            entries += transfer("commission", seat_acc, HOUSE, rate_part, owner, memo)
            bank_net -= stake
        elif outcome is Outcome.PUSH:
            entries += transfer("stake_return", BETS, seat_acc, stake, owner, memo)
        else:
            entries += transfer("stake_lost", BETS, BANK, stake, owner, memo)
            bank_net += stake
        entries += transfer("fee", seat_acc, HOUSE, fee, owner, memo)
        hr = "forfeit" if mine.forfeit else show.high.value
        lr = "forfeit" if mine.forfeit else show.low.value
        results.append(
            SeatResult(
                owner, stake, hr, lr, show.high_reason, show.low_reason,
                outcome.value, s.net, rate_part, fee, reason, note, place, kind,
            )
        )
    total = sum(stakes.values())
    left = total + bank_net
    bank_comm = 0
    if banker.kind == "house":
        entries += transfer("bank_release", BANK, HOUSE, left)
    elif banker.kind == "player":
        assert banker.seat is not None
        acc = seat_account(banker.seat)
        entries += transfer("bank_release", BANK, acc, left, banker.seat)
        bank_comm = commission.on(bank_net)
        entries += transfer("bank_commission", acc, HOUSE, bank_comm, banker.seat)
    else:
        assert banker.seat is not None
        acc = seat_account(banker.seat)
        share = cobank_share(bank_net)
        mine_back = total // 2 + share
        entries += transfer("bank_release", BANK, acc, mine_back, banker.seat)
        entries += transfer("bank_release", BANK, HOUSE, left - mine_back)
        bank_comm = commission.on(share)
        entries += transfer("bank_commission", acc, HOUSE, bank_comm, banker.seat)
    return results, entries, bank_net, bank_comm


def opening_entries(
    banker: Banker,
    bets: dict[int, int],
    side: Sequence[SideStake] = (),
    dragon: DragonBuy | None = None,
) -> list[Entry]:
    """The bets moved to the table (main bets, the dragon bet, side bets) and the
    banker's cover of the main and dragon bets moved into the bank."""
    out: list[Entry] = []
    for place, stake in sorted(bets.items()):
        out += transfer("bet", seat_account(place), BETS, stake, place)
    covered = sum(bets.values())
    if dragon is not None:
        out += transfer("bet", seat_account(dragon.seat), BETS, dragon.stake, dragon.seat,
                        f"dragon hand at place {dragon.place}")
        covered += dragon.stake
    for acc, amount in funding(banker, covered):
        seat = banker.seat if acc != HOUSE else None
        out += transfer("bank_fund", acc, BANK, amount, seat)
    return out + side_opening(side)


class Table(Generic[P, S]):
    """A game at a table: up to seven seats and a banker, a ledger, injected chance."""

    def __init__(
        self,
        game: Game[P, S],
        seats: Sequence[Seat[P, S]],
        *,
        commission: Commission | None = None,
        chance: Chance | None = None,
        store: Store | None = None,
        seed: int | None = None,
        limits: BetLimits = NO_LIMITS,
        on_open: Callable[[RoundOpening], None] | None = None,
        house: HouseRules | None = None,
        keep_history: int | None = None,
        rounds_before: int = 0,
    ) -> None:
        """``keep_history``: how many settled rounds :attr:`history` keeps (None: all; a
        server that plays for days keeps a few, the ledger has every one).
        ``rounds_before``: the rounds the table played in its earlier sessions (a browser
        table started again after a restart): its rounds are numbered on after them.
        ``limits``: the table's minimum and maximum bet. ``on_open``: told of each round
        as it opens (banker, bets, dice; also the deck, which a watcher must keep to itself),
        e.g. for a browser to show the Chung and the dice before the reveal."""
        if not seats:
            raise PaigowError("a table needs at least one seat")
        limit = min(MAX_SEATS, game.places - 1)
        if len(seats) > limit:
            raise PaigowError(f"a {game.name} table has at most {limit} seats, got {len(seats)}")
        numbers = [s.number for s in seats]
        if len(set(numbers)) != len(numbers) or not all(1 <= n <= limit for n in numbers):
            raise PaigowError(f"seat numbers must be distinct, from 1 to {limit}: {numbers}")
        for s in seats:
            check_minor(s.start, f"seat {s.number}'s bankroll")
        self.house = house if house is not None else NO_HOUSE_RULES
        if self.house.side_bets:
            rules = getattr(game, "rules", None)
            from paigow.poker.rules import PokerRules

            if game.name != "poker" or not isinstance(rules, PokerRules):
                raise PaigowError(f"side bets read seven cards: they are dealt at the poker "
                                  f"table, not at {game.name}")
            for offer in self.house.side_bets:
                offer.paytable.check_rules(rules)
        self.game = game
        self.seats = {s.number: s for s in sorted(seats, key=lambda s: s.number)}
        self.commission = commission if commission is not None else Commission()
        self.chance: Chance = chance if chance is not None else secure_chance()
        self.store: Store = store if store is not None else MemoryStore()
        self.limits = limits
        self.on_open = on_open
        label = getattr(self.chance, "label", type(self.chance).__name__)
        rules_json = game.rules_json()
        if self.house != NO_HOUSE_RULES:  # recorded whole, pay tables included, for replays
            rules_json["house"] = self.house.to_json()
        self.info = SessionInfo(
            game.name, rules_json, self.commission, game.house_way_name, str(label), seed,
            tuple(SeatInfo(s.number, s.name, s.strategy, s.start) for s in self.seats.values()),
        )
        buy_ins = [
            Entry("buy_in", CASHIER, seat_account(s.number), s.start, s.number)
            for s in self.seats.values()
        ]
        self.session_id = self.store.start_session(self.info, buy_ins)
        self.balances: dict[str, int] = apply({}, buy_ins)
        self.pending: dict[int, Wager] = {}
        self.dragon_turn = 1  # the seat first in turn for the dragon hand
        self.option: int | None = None  # the seat holding the bank option (None: house)
        if rounds_before < 0:
            raise PaigowError(f"rounds played before {rounds_before} must not be negative")
        self.rounds_played = rounds_before  # numbers the next round
        self.history: list[RoundRecord] = []
        self.keep_history = keep_history
        self._in_play: str | None = None
        self._asking_bank: int | None = None  # the seat answering the bank offer now
        self._committed: set[int] = set()  # seats with money in the round in play

    # -- seats changing hands ------------------------------------------------------
    def busy_seats(self) -> set[int]:
        """The seats whose chips are committed now: a bet taken for the round about to
        open, the seat answering the bank offer, or a seat with money in the round in play
        (a bet, a side bet, the dragon bet, the bank's cover). Their chips may not move
        (:meth:`transfer`) until the round is over."""
        busy = set(self.pending) | self._committed
        if self._asking_bank is not None:
            busy.add(self._asking_bank)
        return busy

    def transfer(self, entries: Sequence[Entry], write: Callable[[Sequence[Entry]], None]) -> None:
        """Move chips to or from seats outside a round (a person buys in from their wallet
        or cashes out to it; a bot's chips go back to the cashier): ``entries`` are
        checked (no seat whose chips are committed, no seat left below zero), then
        ``write`` records them (one transaction; if it raises, nothing moves), then the
        table's balances follow. A refusal raises :class:`PaigowError` and moves nothing.

        >>> from paigow.table.ledger import CASHIER, Entry, wallet_account
        >>> from paigow.table.tiles_game import TilesGame
        >>> t = Table(TilesGame(None), [Seat(1, "a", "t", 500, None)])  # type: ignore[arg-type]
        >>> t.transfer([Entry("cash_out", "seat:1", CASHIER, 500, 1),
        ...             Entry("buy_in", wallet_account(3), "seat:1", 200, 1)], lambda e: None)
        >>> t.balance(1)
        200
        >>> t.transfer([Entry("cash_out", "seat:1", CASHIER, 300, 1)], lambda e: None)
        Traceback (most recent call last):
        ...
        paigow.errors.PaigowError: seat 1 holds $2.00: it cannot give $3.00
        """
        busy = self.busy_seats()
        after = dict(self.balances)
        for e in entries:
            for acc in (e.src, e.dst):
                if acc.startswith("seat:") and int(acc.split(":")[1]) in busy:
                    raise PaigowError(f"seat {acc.split(':')[1]}'s chips are in the round "
                                      "in play: they move when it is over")
                if acc in (BETS, BANK):
                    raise PaigowError(f"chips on the table ({acc}) move only in a round")
            if e.src.startswith("seat:") and after.get(e.src, 0) < e.amount:
                raise PaigowError(f"seat {e.src.split(':')[1]} holds "
                                  f"{format_money(after.get(e.src, 0))}: it cannot give "
                                  f"{format_money(e.amount)}")
            after = apply(after, [e])
        write(entries)
        self.balances = apply(self.balances, entries)

    @property
    def commitment(self) -> str | None:
        """The commitment to the seed of the round being played, or else of the next
        round: what to publish before the bets (``None`` if the chance makes none)."""
        if self._in_play is not None:
            return self._in_play
        return getattr(self.chance, "next_commitment", None)

    # -- money ---------------------------------------------------------------------
    def balance(self, seat: int) -> int:
        """Seat ``seat``'s chips (bets on the table in a round in play excluded)."""
        return self.balances.get(seat_account(seat), 0)

    @property
    def house_net(self) -> int:
        """The house's result so far, commission and fees included."""
        return self.balances.get(HOUSE, 0)

    def validate_bet(self, seat: int, amount: object, owner: str, you: bool = False) -> Wager:
        """The bet as a :class:`Wager` if ``owner`` may bet ``amount`` (cents, or a
        :class:`Wager` with side bets and the dragon hand) at ``seat``; else an error
        naming the bad bet (``you``: said to the seat's player, "you cannot bet ...")."""
        if seat not in self.seats:
            raise PaigowError(f"there is no seat {seat} at this table")
        if self.seats[seat].owner != owner:
            raise PaigowError(f"seat {seat} is not yours")
        wager = as_wager(amount)
        check_minor(wager.main, "a bet")
        lim = self.limits
        if wager.main < lim.minimum or (lim.maximum is not None and wager.main > lim.maximum):
            raise AmountError(
                f"a bet of {format_money(wager.main)} is outside the table's limits: "
                f"{lim.describe()}"
            )
        self.house.check(wager)
        wager = self.house.normal(wager)
        fee = self.commission.flat_fee * (2 if wager.dragon else 1)
        have = self.balance(seat)
        if wager.total + fee > have:
            extra = f" plus the {format_money(fee)} fee" if fee else ""
            more = wager.total - wager.main
            what = format_money(wager.main) + (
                f" with {format_money(more)} of side and dragon bets" if more else "")
            who, holds = ("you", "your seat holds") if you else (f"seat {seat}", "it holds")
            raise AmountError(f"{who} cannot bet {what}{extra}: {holds} {format_money(have)}")
        return wager

    def place_bet(self, seat: int, amount: object, owner: str) -> None:
        """Stage a bet (cents or a :class:`Wager`) for the next round. A refused bet
        raises and changes nothing."""
        self.pending[seat] = self.validate_bet(seat, amount, owner)

    # -- the round ----------------------------------------------------------------
    def _collect_bets(self) -> None:
        number = self.rounds_played + 1
        for n, seat in self.seats.items():
            if n in self.pending:
                continue
            req = BetRequest(
                n, self.balance(n), self.commission.flat_fee, number,
                self._checker(n, seat.owner), self.commitment, self.limits,
                self.house.side_bets, self.house.dragon,
            )
            amount = seat.player.bet(req)
            if amount is not None:
                self.place_bet(n, amount, seat.owner)

    def _checker(self, seat: int, owner: str) -> Callable[[int | Wager], None]:
        def check(amount: int | Wager) -> None:
            self.validate_bet(seat, amount, owner)

        return check

    def _dragon_buy(self, banker: Banker, wagers: dict[int, Wager]) -> DragonBuy | None:
        """Who buys the dragon hand this round with ``banker``: the first seat in turn
        among those asking (the banker cannot), at the first place with no bet in table
        order from the banker; ``None`` when it is not offered, asked for or available."""
        if self.house.dragon is None:
            return None
        game = self.game
        players = {p for p in wagers if p != banker.seat}
        empty = [p for p in table_order(banker.place, game.places, game.direction)
                 if p not in players]
        askers = {p: wagers[p].dragon for p in players if wagers[p].dragon}
        if not empty or not askers:
            return None
        turn = [(self.dragon_turn + game.direction * k) % game.places
                for k in range(game.places)]
        buyer = next(p for p in turn if p in askers)
        return DragonBuy(buyer, empty[0], askers[buyer])

    def _choose_banker(self, wagers: dict[int, Wager]) -> Banker:
        if self.rounds_played == 0 or self.option is None or not self.house.player_bank:
            return HOUSE_BANK
        seat = self.option
        others = sum(w.main for k, w in wagers.items() if k != seat)
        dragon = self._dragon_buy(Banker("player", seat), wagers)
        if dragon is not None:
            others += dragon.stake  # the bank covers the dragon bet too
        own_side = sum(wagers[seat].side.values()) if seat in wagers else 0
        self._asking_bank = seat
        try:
            offer = BankOffer(seat, self.balance(seat) - own_side, others)
            decision = self.seats[seat].player.bank(offer)
        finally:
            self._asking_bank = None
        offer.check(decision)
        if decision == "take":
            return Banker("player", seat)
        if decision == "cobank":
            return Banker("cobank", seat)
        return HOUSE_BANK

    def play_round(self) -> RoundRecord | None:
        """Play one round; ``None`` when nobody bets (nothing is recorded)."""
        saved = dict(self.pending)
        try:
            self._collect_bets()
            wagers = dict(self.pending)
            if not wagers:
                self.pending = saved
                return None
            banker = self._choose_banker(wagers)
        except BaseException:
            self.pending = saved  # a refused bet or bank changes nothing
            raise
        # a banker does not bet against itself: its main bet and dragon request are
        # withdrawn; its side bets (banked by the house, on its own hand) stand
        bets = {p: w.main for p, w in wagers.items() if p != banker.seat}
        side = tuple(SideStake(p, name, stake) for p, w in sorted(wagers.items())
                     for name, stake in sorted(w.side.items()))
        dragon = self._dragon_buy(banker, wagers)
        self.pending = {}
        game = self.game
        start: Callable[[], str] | None = getattr(self.chance, "start_round", None)
        commitment = start() if start is not None else None
        self._in_play = commitment
        try:
            deck = self.chance.shuffle(game.deck())
            dice = self.chance.dice()
            number = self.rounds_played + 1
            opening = RoundOpening(
                number, banker, bets, tuple(game.piece_text(p) for p in deck), dice,
                tuple(opening_entries(banker, bets, side, dragon)), commitment,
                side=side, dragon=dragon,
            )
            round_id = self.store.open_round(self.session_id, opening)
            self._committed = {e.seat for e in opening.entries if e.seat is not None}
            try:
                if self.on_open is not None:
                    self.on_open(opening)
                record = self._play_opened(round_id, opening, deck)
            except BaseException:
                # the round cannot finish (a bad setting, input ended at the prompt...):
                # void it now, every bet back to its seat; if that fails, the next open will
                self._void_quietly(round_id)
                raise
        finally:
            self._in_play = None
            self._committed = set()
        self.balances = apply(apply(self.balances, opening.entries), record.entries)
        self.rounds_played += 1
        self.history.append(record)
        if self.keep_history is not None:
            del self.history[:-self.keep_history or len(self.history)]
        if self.house.player_bank:  # else the house keeps the bank: no option moves
            self.option = next_option(self.option, self.seats, game.places, game.direction)
        if dragon is not None:
            self.dragon_turn = (dragon.seat + game.direction) % game.places
        for seat in self.seats.values():
            seat.player.observe(record)
        return record

    def _void_quietly(self, round_id: int) -> None:
        # if the store itself is broken, the next open of the database voids the round
        with contextlib.suppress(Exception):
            self.store.void_round(round_id)

    def _play_opened(self, round_id: int, opening: RoundOpening, deck: list[P]) -> RoundRecord:
        """Deal, set, reveal and settle an opened round; write the settlement."""
        game = self.game
        banker, bets, dice, number = opening.banker, opening.bets, opening.dice, opening.number
        dragon = opening.dragon

        dealt = game.deal(deck, sum(dice), banker.place)
        self._announce_hands(dealt, banker, bets, dragon)
        choices: dict[int, Choice[S]] = {}
        hands: list[HandRecord] = []
        for place in table_order(banker.place, game.places, game.direction):
            if place not in bets:
                continue  # a hand at a place with no bet is not played
            hand = dealt[place]
            choice = game.check(hand, self.seats[place].player.choose(hand, False), False)
            choices[place] = choice
            hands.append(self._hand_record(place, place, "player", hand, choice))
        if dragon is not None:
            hand = dealt[dragon.place]
            choices[dragon.place] = self._dragon_choice(dragon, hand)
            hands.append(self._hand_record(dragon.place, dragon.seat, "dragon", hand,
                                           choices[dragon.place]))
        bank_hand = dealt[banker.place]
        if banker.house_way:
            bchoice = game.house_choice(bank_hand, True)
        else:
            assert banker.seat is not None
            bchoice = game.check(bank_hand, self.seats[banker.seat].player.choose(bank_hand, True), True)
        choices[banker.place] = bchoice
        hands.insert(0, self._hand_record(banker.place, banker.seat, "banker", bank_hand, bchoice))

        results, entries, bank_net, bank_comm = settle_hands(
            game, banker, bets, choices, self.commission, dragon
        )
        side: list[SideResult] = []
        if opening.side:
            side, side_entries = self._settle_side(opening, dealt, choices)
            entries += side_entries
        # read now, not at the deal: a seat out of the round may have changed hands meanwhile
        balances = apply(apply(self.balances, opening.entries), entries)
        if balances.get(BETS, 0) != 0 or balances.get(BANK, 0) != 0:  # pragma: no cover
            raise AssertionError("the table and the bank must be empty after a round")
        reveal: Callable[[], str] | None = getattr(self.chance, "reveal", None)
        record = RoundRecord(
            number, banker, bets, opening.deck, dice, tuple(hands),
            tuple(r for r in results if r.bet == "main"),
            bank_net, bank_comm, tuple(entries),
            # the table's accounts: not a wallet's side of a buy-in or cash-out (the ledger
            # keeps it), which grew with every person who ever sat down, in every record
            # and in the last round's public story
            {k: v for k, v in sorted(balances.items())
             if k not in (BETS, BANK, CASHIER) and not k.startswith(WALLET_PREFIX)},
            round_id, opening.commitment,
            reveal() if reveal is not None and opening.commitment is not None else None,
            dragon=next((r for r in results if r.bet == "dragon"), None),
            side=tuple(side),
            push=game.push_reason(bchoice.setting) or "",
        )
        self.store.settle_round(round_id, record)
        return record

    def _dragon_choice(self, dragon: DragonBuy, hand: tuple[P, ...]) -> Choice[S]:
        """The dragon hand's setting: the house way, or its buyer's when the house rules
        say so and the buyer's player can set one (its ``choose_dragon`` hook)."""
        rule = self.house.dragon
        assert rule is not None
        game = self.game
        if rule.set_by == "player":
            hook = getattr(self.seats[dragon.seat].player, "choose_dragon", None)
            if hook is not None:
                return game.check(hand, hook(hand), False)
            c = game.house_choice(hand, False)
            return Choice(c.setting, c.rule, "set the house way: this seat's player cannot "
                          "set a dragon hand", way_rule=c.way_rule, house=c.house)
        return game.house_choice(hand, False)

    def _settle_side(
        self, opening: RoundOpening, dealt: dict[int, tuple[P, ...]], choices: dict[int, Choice[S]]
    ) -> tuple[list[SideResult], list[Entry]]:
        """Settle the side bets on the hands in play (those with a setting)."""
        owners = {p: p for p in opening.bets}
        if opening.dragon is not None:
            owners[opening.dragon.place] = opening.dragon.seat
        rules = getattr(self.game, "rules", None)
        from paigow.poker.rules import PokerRules

        assert isinstance(rules, PokerRules)
        hands = {p: cast(tuple[int, ...], dealt[p]) for p in choices}
        banker_setting = cast(Any, choices[opening.banker.place].setting)
        return settle_side_bets(self.house, opening.side, hands, owners,
                                opening.banker.place, rules, banker_setting)

    def _announce_hands(
        self, dealt: dict[int, tuple[P, ...]], banker: Banker, bets: dict[int, int],
        dragon: DragonBuy | None = None,
    ) -> None:
        """Show every seat that will set a hand its hand at once, before anyone is asked
        (optional hook ``player.dealt(hand, banking)``; the browser table uses it so that
        people can set their hands in any order), and the buyer of a dragon hand that its
        buyer sets that hand (optional hook ``player.dealt_dragon(hand)``), so it can be set
        as soon as it is dealt, and a co-banker the bank's hand the house way sets (optional
        hook ``player.bank_dealt(hand)``). Players without the hooks are not told."""
        setters = [(p, False) for p in bets]
        if banker.kind == "player" and banker.seat is not None:
            setters.append((banker.seat, True))
        for place, banking in setters:
            hook = getattr(self.seats[place].player, "dealt", None)
            if hook is not None:
                hook(dealt[place], banking)
        if banker.kind == "cobank" and banker.seat is not None:
            shown = getattr(self.seats[banker.seat].player, "bank_dealt", None)
            if shown is not None:
                shown(dealt[banker.place])
        rule = self.house.dragon
        if dragon is not None and rule is not None and rule.set_by == "player":
            told = getattr(self.seats[dragon.seat].player, "dealt_dragon", None)
            if told is not None:
                told(dealt[dragon.place])

    def _hand_record(
        self, place: int, seat: int | None, role: Literal["banker", "player", "dragon"],
        hand: tuple[P, ...], choice: Choice[S],
    ) -> HandRecord:
        v = self.game.view(choice.setting)
        rule = choice.way_rule
        house = choice.house or (rule is not None and rule.way == self.game.house_way_name)
        return HandRecord(
            place, seat, role, self.game.hand_text(hand), v.high, v.low, v.high_name,
            v.low_name, choice.rule, choice.note, choice.forfeit,
            None if rule is None else rule.to_json(), house,
        )

