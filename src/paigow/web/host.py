"""One table served to browsers: people join seats, bots play the others.

The engine's round (:meth:`paigow.table.engine.Table.play_round`) is synchronous: it asks
each seat's player for a bet, the bank answer and a setting, in table order. Here it runs
in a background thread, and every seat is played by a :class:`WebSeat`: a bot while nobody
sits there, a person once someone has joined. A person's answers come from requests
(HTTP): the request checks the answer, stores it in the seat's slot and wakes the round;
the round thread, blocked in ``bet``/``bank``/``choose``, takes it from the slot. Bets may
be placed in any order during the betting, and hands set in any order once dealt.

Every piece of shared state is guarded by one :class:`threading.Condition`. Every change
calls the host's listeners (the WebSocket connections of :mod:`paigow.web.app`, which then
push each person the view :mod:`paigow.web.view` computes for them). A refused answer
raises :class:`~paigow.web.schemas.WebError` before anything is stored, so it changes
nothing.

People and their seats:

* a person joins with a name unique at the table (case and spacing aside) and gets a
  secret token; one client (an address) holds at most ``seats_per_client`` seats here;
* a person who acts slower than ``idle_seconds`` has the table act for them (sit out,
  refuse the bank, the house way), and keeps the seat;
* a person with no page open (no WebSocket, no request) for ``gone_seconds`` is gone: the
  seat goes back to its bot and the token stops working. Tokens live only in this
  process, so they also end with the server.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from paigow.errors import PaigowError
from paigow.store import Store, open_store
from paigow.table.bank import DECISIONS, BankDecision, BankOffer
from paigow.table.chance import secure_chance, seeded_chance
from paigow.table.engine import BetRequest, RoundOpening, RoundRecord, Seat, Table
from paigow.table.game import Choice, Game
from paigow.table.house_rules import Wager
from paigow.table.players import Bot
from paigow.table.session import Prepared, TableOptions, bot_policy, prepare
from paigow.web.hints import Advisor, HintJob, advisor_for
from paigow.web.listeners import Listener, Listeners
from paigow.web.schemas import WebError

Phase = Literal["starting", "waiting", "betting", "bank", "setting", "closed", "error"]
WAIT_STEP = 0.5  # seconds between checks of a blocked seat (closing, leaving, gone)
IDLE_SECONDS = 120.0
GONE_SECONDS = 90.0
SEATS_PER_CLIENT = 3
HISTORY_KEPT = 500  # settled rounds kept in memory for the views (the ledger keeps all)

Waited = Literal["answered", "left", "idle"]


log = logging.getLogger("paigow.web")


def _public(exc: BaseException, what: str) -> str:
    """What people may read of a failure: a bad-input message as it is; anything else
    (which may quote a file path or a database address) only in the server's log."""
    if isinstance(exc, PaigowError):
        return f"{what}: {exc}"
    log.error("%s", what, exc_info=exc)
    return f"{what} ({type(exc).__name__}; see the server's log)"


class Closed(BaseException):
    """The host is closing: the round in play is abandoned (the engine voids it)."""


_UNSET: Any = object()


@dataclass
class Person:
    """Someone seated at the table through a browser."""

    token: str
    name: str
    seat: int
    client: str
    joined_round: int
    last_seen: float
    sockets: int = 0


@dataclass
class SeatState:
    """What a seat holds between the HTTP side and the round thread (guarded by the lock)."""

    number: int
    bot: Bot[Any, Any]
    person: Person | None = None
    playing: bool = False  # a person plays this seat in the round in play
    bet_closed: bool = False  # the seat's bet for this round has been taken
    bet: Any = _UNSET  # a person's wager (or None to sit out) waiting to be taken
    round_bet: int | None = None  # the main bet the seat made this round
    round_wager: Wager | None = None  # ... with its side bets and dragon request
    offer: BankOffer | None = None
    bank_answer: BankDecision | None = None
    hand: tuple[Any, ...] | None = None
    banking: bool = False
    choice: Choice[Any] | None = None
    chosen: Choice[Any] | None = None  # the choice once taken by the round
    hint: HintJob | None = None
    timed_out: str | None = None  # what the table did for a person who took too long
    deadline: float | None = None  # wall-clock time the table stops waiting for the person
    hand_view: dict[str, Any] | None = None  # the hand's arrangements, computed once a deal
    # the dragon hand this seat bought and sets itself (house rules "player")
    dragon_hand: tuple[Any, ...] | None = None
    dragon_choice: Choice[Any] | None = None
    dragon_chosen: Choice[Any] | None = None
    dragon_hint: HintJob | None = None
    dragon_view: dict[str, Any] | None = None

    def reset(self) -> None:
        """A new round: nothing bet, offered or dealt."""
        self.playing = False
        self.bet_closed = False
        self.bet = _UNSET
        self.round_bet = None
        self.round_wager = None
        self.offer = None
        self.bank_answer = None
        self.hand = None
        self.banking = False
        self.choice = None
        self.chosen = None
        self.hint = None
        self.timed_out = None
        self.deadline = None
        self.hand_view = None
        self.dragon_hand = None
        self.dragon_choice = None
        self.dragon_chosen = None
        self.dragon_hint = None
        self.dragon_view = None

    @property
    def setting_dragon(self) -> bool:
        """The seat's own hand is set and its dragon hand waits for its setting."""
        return self.dragon_hand is not None and self.dragon_choice is None \
            and self.dragon_chosen is None

    def current(self) -> tuple[tuple[Any, ...], bool, bool] | None:
        """The hand this seat sets now, whether it banks with it, and whether it is the
        dragon hand: the dragon hand once the seat's own is set, else its own."""
        if self.setting_dragon:
            assert self.dragon_hand is not None
            return self.dragon_hand, False, True
        if self.hand is not None:
            return self.hand, self.banking, False
        return None


@dataclass
class RoundInPlay:
    """What everyone may know of the round in play once it opens: banker, bets, dice."""

    number: int
    banker: dict[str, Any]
    bets: dict[int, int]
    dice: tuple[int, ...]
    first_place: int
    names: dict[int, str]  # who sat where as the round opened (for the reveal)
    side: list[dict[str, Any]]  # the side bets staked (public once the round opens)
    dragon: dict[str, Any] | None  # the dragon hand bought: seat, place, stake


class WebSeat:
    """The engine's player for a seat: its bot, or the person's answers from the host."""

    def __init__(self, host: TableHost, number: int) -> None:
        self.host = host
        self.number = number

    def bet(self, request: BetRequest) -> int | Wager | None:
        return self.host._take_bet(self.number, request)

    def bank(self, offer: BankOffer) -> BankDecision:
        return self.host._take_bank(self.number, offer)

    def dealt(self, hand: tuple[Any, ...], banking: bool) -> None:
        self.host._deal(self.number, hand, banking)

    def choose(self, hand: tuple[Any, ...], banking: bool) -> Choice[Any]:
        return self.host._take_choice(self.number, hand, banking)

    def choose_dragon(self, hand: tuple[Any, ...]) -> Choice[Any]:
        return self.host._take_dragon(self.number, hand)

    def observe(self, record: RoundRecord) -> None:
        return None


@dataclass
class HostLimits:
    """How the table treats people: see the module docstring."""

    idle_seconds: float | None = IDLE_SECONDS
    gone_seconds: float = GONE_SECONDS
    seats_per_client: int = SEATS_PER_CLIENT

    def __post_init__(self) -> None:
        if self.idle_seconds is not None and not self.idle_seconds > 0:
            raise PaigowError(f"idle time {self.idle_seconds} must be a positive number of "
                              "seconds (or None: wait forever)")
        if not self.gone_seconds > 0:
            raise PaigowError(f"gone time {self.gone_seconds} must be a positive number")
        if self.seats_per_client < 1:
            raise PaigowError(f"seats per client {self.seats_per_client} must be at least 1")


class TableHost:
    """A table for browsers: ``opts`` (game, seats, bankroll, rules), the ledger at ``db``.

    :meth:`start` builds the table and runs rounds in a thread; people :meth:`join`, then
    act through :meth:`place_bet`, :meth:`answer_bank`, :meth:`set_hand`; the view of one
    person is :func:`paigow.web.view.person_view`. :meth:`close` stops the table.
    """

    def __init__(self, opts: TableOptions, db: str | None = None, *, table_id: str = "1",
                 name: str = "", limits: HostLimits | None = None, warm_hints: bool = True,
                 clock: Callable[[], float] = time.time,
                 prepared: Prepared | None = None) -> None:
        """``warm_hints``: prepare the exact hints as soon as the table opens (the poker
        one-time table is built in the background); otherwise on the first hint.
        ``prepared``: the table's game, bots and house rules, made (and so checked) by the
        caller before anything was written (:func:`paigow.table.session.prepare`)."""
        self.opts = opts
        self.prepared = prepared
        self.db = db
        self.id = table_id
        self.name = name or f"{opts.game.capitalize()} table {table_id}"
        self.limits = limits or HostLimits()
        self.clock = clock
        self.warm_hints = warm_hints
        self.cv = threading.Condition()
        self.phase: Phase = "starting"
        self.error: str | None = None
        self.closed = False
        self.version = 0
        self.table: Table[Any, Any] | None = None
        self.game: Game[Any, Any] | None = None
        self.session_id = 0
        self.seats: dict[int, SeatState] = {}
        self.people: dict[str, Person] = {}
        self.in_play: RoundInPlay | None = None
        self.round_no = 0  # the round in play, or the last one played between rounds
        self.history: list[tuple[RoundRecord, dict[int, str]]] = []
        self.listeners = Listeners(self.cv)
        self.advisor: Advisor | None = None
        self._thread: threading.Thread | None = None

    # -- life --------------------------------------------------------------------------
    def start(self, timeout: float = 60.0) -> None:
        """Open the ledger and build the table in the round thread; wait until it is ready
        (or raise its error)."""
        self._thread = threading.Thread(target=self._run, name=f"paigow-table-{self.id}",
                                        daemon=True)
        self._thread.start()
        with self.cv:
            self.cv.wait_for(lambda: self.phase != "starting", timeout)
            if self.phase == "error":
                raise PaigowError(self.error or "the table could not start")
            if self.phase == "starting":
                raise PaigowError("the table did not start in time")

    def close(self, timeout: float = 10.0) -> None:
        """Stop the table: a round in play is voided (every bet goes back)."""
        with self.cv:
            self.closed = True
            self._changed()
        if self._thread is not None:
            self._thread.join(timeout)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` (from any thread, quickly) on every change; returns the
        function that unsubscribes it."""
        return self.listeners.subscribe(listener)

    def _changed(self) -> None:
        self.version += 1
        self.cv.notify_all()
        self.listeners.notify(quiet=True)

    def _advisor_changed(self) -> None:
        with self.cv:
            self._changed()

    def _build(self, store: Store) -> Table[Any, Any]:
        opts = self.opts
        prepared = self.prepared or prepare(opts)
        game, bots = prepared.game, prepared.bots
        chance = seeded_chance(opts.seed) if opts.seed is not None else secure_chance()
        seats: list[Seat[Any, Any]] = []
        for n in range(1, opts.seats + 1):
            chooser = bots[(n - 1) % len(bots)]
            bot: Bot[Any, Any] = Bot(chooser, opts.bet, bot_policy(opts, n))
            self.seats[n] = SeatState(n, bot)
            seats.append(Seat(n, f"seat {n}", f"person or bot ({chooser.name})", opts.bankroll,
                              WebSeat(self, n), owner=f"seat{n}"))
        self.game = game
        return Table(game, seats, commission=opts.commission, chance=chance, store=store,
                     seed=opts.seed, limits=opts.limits, on_open=self._opened,
                     house=prepared.house)

    def _run(self) -> None:
        try:
            store = open_store(self.db)  # opened here: a SQLite connection stays in its thread
        except Exception as exc:
            with self.cv:
                log.error("the ledger could not be opened", exc_info=exc)
                self.phase, self.error = "error", "the ledger could not be opened (see the server's log)"
                self._changed()
            return
        try:
            with self.cv:
                try:
                    self.table = self._build(store)
                except Exception as exc:
                    self.phase, self.error = "error", _public(exc, "the table could not be built")
                    self._changed()
                    return
                self.session_id = self.table.session_id
                assert self.game is not None
                self.advisor = advisor_for(self.game, self.opts.house_way,
                                           self.opts.commission.rate)
                self.advisor.listeners.append(self._advisor_changed)
                if self.warm_hints:
                    self.advisor.start()
                self.phase = "waiting"
                self._changed()
            self._loop(self.table)
        finally:
            if self.advisor is not None:
                with contextlib.suppress(ValueError):
                    self.advisor.listeners.remove(self._advisor_changed)
            store.close()

    def _loop(self, table: Table[Any, Any]) -> None:
        while True:
            with self.cv:
                while not (self.closed or any(s.person for s in self.seats.values())):
                    self.cv.wait(WAIT_STEP)
                    self._reap()
                if self.closed:
                    self.phase = "closed"
                    self._changed()
                    return
                for s in self.seats.values():
                    s.reset()
                self.in_play = None
                self.round_no = table.rounds_played + 1
                self.phase = "betting"
                self._changed()
            try:
                record = table.play_round()
            except Closed:
                with self.cv:
                    self.phase, self.in_play = "closed", None
                    self._changed()
                return
            except Exception as exc:
                with self.cv:
                    self.phase, self.error = "error", _public(exc, "the round failed")
                    self._changed()
                return
            with self.cv:
                if record is not None:
                    names: dict[int, str] = self.in_play.names if self.in_play else {}
                    self.history.append((record, names))
                    del self.history[:-HISTORY_KEPT]
                self.in_play = None
                self.round_no = table.rounds_played
                self.phase = "waiting"
                self._changed()

    # -- presence ------------------------------------------------------------------------
    def _reap(self) -> None:
        """Free the seats of people gone longer than ``gone_seconds`` (holds the lock)."""
        now = self.clock()
        for p in list(self.people.values()):
            if p.sockets <= 0 and now - p.last_seen > self.limits.gone_seconds:
                self._free(p)

    def _free(self, p: Person) -> None:
        self.people.pop(p.token, None)
        seat = self.seats[p.seat]
        if seat.person is p:
            seat.person = None
        self._changed()

    def seen(self, token: str | None) -> None:
        """A request or message from the holder of ``token``: they are here."""
        with self.cv:
            p = self.people.get(token or "")
            if p is not None:
                p.last_seen = self.clock()

    def connected(self, token: str | None, delta: int) -> None:
        """A page of the holder of ``token`` opened (+1) or closed (-1) its WebSocket."""
        with self.cv:
            p = self.people.get(token or "")
            if p is not None:
                p.sockets = max(0, p.sockets + delta)
                p.last_seen = self.clock()
                self._changed()

    # -- the round thread's side -------------------------------------------------------
    def _opened(self, opening: RoundOpening) -> None:
        """The engine opened a round: banker, bets and dice become public (not the deck)."""
        from paigow.table.deal import CLOCKWISE, count_places

        game = self.game
        assert game is not None
        start = opening.banker.place if game.direction != CLOCKWISE else 0
        first = count_places(start, sum(opening.dice), game.places, game.direction)
        with self.cv:
            names = {n: s.person.name for n, s in self.seats.items()
                     if s.person is not None and s.playing}
            self.in_play = RoundInPlay(
                opening.number, opening.banker.to_json(), dict(opening.bets),
                tuple(opening.dice), first, names,
                [{"seat": x.seat, "name": x.name, "stake": x.stake} for x in opening.side],
                None if opening.dragon is None else opening.dragon.to_json())
            self._changed()

    def _wait(self, seat: SeatState, ready: Callable[[], bool]) -> Waited:
        """Block the round until ``ready()``: ``"answered"``; ``"left"`` when the person
        left or is gone (their bot answers); ``"idle"`` past ``idle_seconds``. Raises
        :class:`Closed` when the host closes. Holds the lock."""
        idle = self.limits.idle_seconds
        seat.deadline = None if idle is None else self.clock() + idle
        self._changed()
        try:
            while not ready():
                if self.closed:
                    raise Closed
                self._reap()
                if seat.person is None:
                    seat.playing = False
                    return "left"
                step = WAIT_STEP
                if seat.deadline is not None:
                    step = min(step, seat.deadline - self.clock())
                    if step <= 0:
                        return "idle"
                self.cv.wait(step)
            return "answered"
        finally:
            seat.deadline = None

    def _take_bet(self, n: int, request: BetRequest) -> Wager | None:
        with self.cv:
            seat = self.seats[n]
            p = seat.person
            seat.playing = p is not None and p.joined_round <= request.round_number
            waited = self._wait(seat, lambda: seat.bet is not _UNSET) if seat.playing else "left"
            wager: Wager | None
            if waited == "answered":
                wager = seat.bet
            elif waited == "idle":
                wager = None
                seat.timed_out = "no bet in time: you sat this round out"
            else:
                answer = seat.bot.bet(request)
                wager = None if answer is None else Wager(answer)
            seat.bet_closed = True
            seat.round_wager = wager
            seat.round_bet = None if wager is None else wager.main
            self._changed()
            return wager

    def _take_bank(self, n: int, offer: BankOffer) -> BankDecision:
        with self.cv:
            seat = self.seats[n]
            if not seat.playing or not (offer.can_take or offer.can_cobank):
                return seat.bot.bank(offer) if not seat.playing else "refuse"
            seat.offer = offer
            self.phase = "bank"
            self._changed()
            try:
                waited = self._wait(seat, lambda: seat.bank_answer is not None)
                if waited == "answered":
                    assert seat.bank_answer is not None
                    decision: BankDecision = seat.bank_answer
                elif waited == "idle":
                    decision = "refuse"
                    seat.timed_out = "no answer to the bank offer in time: refused"
                else:
                    decision = seat.bot.bank(offer)
            finally:
                seat.offer = None
            if decision != "refuse":
                seat.round_bet = None  # a banker does not bet against itself
            self._changed()
            return decision

    def _deal(self, n: int, hand: tuple[Any, ...], banking: bool) -> None:
        with self.cv:
            seat = self.seats[n]
            self.phase = "setting"
            if seat.playing:
                seat.hand = hand
                seat.banking = banking
            self._changed()

    def _take_choice(self, n: int, hand: tuple[Any, ...], banking: bool) -> Choice[Any]:
        with self.cv:
            seat = self.seats[n]
            if seat.playing and seat.hand is None:
                self._deal(n, hand, banking)  # a table without the dealt hook
            waited = self._wait(seat, lambda: seat.choice is not None) if seat.playing else "left"
            if waited == "answered":
                assert seat.choice is not None
                choice = seat.choice
            else:  # the seat's bot sets by its way
                choice = seat.bot.choose(hand, banking)
                if waited == "idle":
                    seat.timed_out = "hand not set in time: set the house way for you"
            seat.chosen = choice
            self._changed()
            return choice

    def _take_dragon(self, n: int, hand: tuple[Any, ...]) -> Choice[Any]:
        """The setting of the dragon hand seat ``n`` bought (house rules: its buyer sets
        it): the person's, or the house way when the seat is a bot's or time runs out."""
        with self.cv:
            seat = self.seats[n]
            game = self.game
            assert game is not None
            if not seat.playing:
                return game.house_choice(hand, False)
            seat.dragon_hand = hand
            waited = self._wait(seat, lambda: seat.dragon_choice is not None)
            if waited == "answered":
                assert seat.dragon_choice is not None
                choice = seat.dragon_choice
            else:
                c = game.house_choice(hand, False)
                choice = Choice(c.setting, c.rule, "set the house way: its buyer left or "
                                "took too long")
                if waited == "idle":
                    seat.timed_out = "dragon hand not set in time: set the house way for you"
            seat.dragon_chosen = choice
            self._changed()
            return choice

    # -- the people's side ------------------------------------------------------------
    def join(self, name: str, client: str, token: str | None = None) -> tuple[int, str]:
        """Seat a person (again, when ``token`` is already theirs here): ``(seat, token)``.
        ``name`` has been checked by :func:`paigow.web.schemas.name_field`."""
        with self.cv:
            self._ready()
            self._reap()
            mine = self.people.get(token or "")
            if mine is not None:
                mine.last_seen = self.clock()
                return mine.seat, mine.token
            key = name.casefold()
            if any(p.name.casefold() == key for p in self.people.values()):
                raise WebError(409, f"the name {name!r} is taken at this table: choose another")
            held = sum(1 for p in self.people.values() if p.client == client)
            if held >= self.limits.seats_per_client:
                raise WebError(429, f"this client already holds {held} seats at this table "
                                    f"(at most {self.limits.seats_per_client})")
            free = [s for s in self.seats.values() if s.person is None]
            if not free:
                raise WebError(409, f"the table is full: all {len(self.seats)} seats are taken")
            seat = free[0]
            if self.phase in ("waiting", "starting"):
                joined = self.round_no + 1
            else:  # a round in play: theirs if the seat's bet is still to be taken
                joined = self.round_no + (1 if seat.bet_closed or self.phase != "betting" else 0)
            person = Person(secrets.token_urlsafe(24), name, seat.number, client, joined,
                            self.clock())
            seat.person = person
            self.people[person.token] = person
            self._changed()
            return seat.number, person.token

    def leave(self, token: str | None) -> int:
        """The person leaves; their bot plays the seat from now on."""
        with self.cv:
            p = self._person(token)
            self._free(p)
            return p.seat

    def _ready(self) -> Table[Any, Any]:
        if self.phase == "error":
            raise WebError(503, f"the table stopped: {self.error}")
        if self.closed or self.phase == "closed":
            raise WebError(503, "the table is closed")
        if self.table is None:
            raise WebError(503, "the table is starting")
        return self.table

    def _person(self, token: str | None) -> Person:
        if not token:
            raise WebError(401, "no seat token: join the table first")
        self._reap()
        p = self.people.get(token)
        if p is None:
            raise WebError(401, "unknown or expired seat token: join the table again")
        p.last_seen = self.clock()
        return p

    def person(self, token: str | None) -> Person | None:
        """The person holding ``token`` here, if any."""
        with self.cv:
            return self.people.get(token or "")

    def _mine(self, token: str | None, seat: int) -> SeatState:
        """The seat ``seat`` if ``token`` sits there; a clear refusal otherwise."""
        self._ready()
        p = self._person(token)
        if seat not in self.seats:
            raise WebError(404, f"there is no seat {seat} at this table "
                                f"(seats 1 to {len(self.seats)})")
        if seat != p.seat:
            raise WebError(403, f"seat {seat} is not yours: you sit at seat {p.seat}")
        return self.seats[seat]

    def place_bet(self, token: str | None, seat: int, amount: int | None,
                  side: dict[str, int] | None = None, dragon: int = 0) -> None:
        """Bet ``amount`` cents this round (``None``: sit the round out), with the side
        bets ``side`` (offer name: cents) and ``dragon`` cents asked for the dragon hand."""
        with self.cv:
            s = self._mine(token, seat)
            table = self._ready()
            if self.phase != "betting" or s.bet_closed or s.bet is not _UNSET:
                raise WebError(409, f"seat {seat} cannot bet now: "
                                    + ("its bet for this round is already in"
                                       if s.bet_closed or s.bet is not _UNSET
                                       else f"the table is {self.doing()}"))
            wager: Wager | None = None
            if amount is not None:
                try:
                    wager = table.validate_bet(seat, Wager(amount, dict(side or {}), dragon),
                                               table.seats[seat].owner)
                except PaigowError as exc:
                    raise WebError(400, str(exc)) from None
            elif side or dragon:
                raise WebError(400, "side bets and the dragon hand go with a main bet: "
                                    "bet, or sit out without them")
            s.bet = wager
            self._changed()

    def answer_bank(self, token: str | None, seat: int, decision: str) -> None:
        """Take, co-bank or refuse the bank offered to the seat."""
        with self.cv:
            s = self._mine(token, seat)
            if s.offer is None or s.bank_answer is not None:
                raise WebError(409, f"no bank offer is waiting for seat {seat}: "
                                    f"the table is {self.doing()}")
            if decision not in DECISIONS:
                raise WebError(400, f"unknown bank answer {decision!r}: take, cobank or refuse")
            answer: BankDecision = decision
            try:
                s.offer.check(answer)
            except PaigowError as exc:
                raise WebError(400, str(exc)) from None
            s.bank_answer = answer
            self._changed()

    def set_hand(
        self, token: str | None, seat: int, *, low: tuple[int, ...] | None = None,
        high_text: str | None = None, low_text: str | None = None, house: bool = False,
        foul_ok: bool = False, dragon: bool = False,
    ) -> None:
        """Set the seat's hand: the pieces at positions ``low`` make the low hand (at tiles,
        either hand: the table orders them), or the setting whose hands read
        ``high_text``/``low_text``, or the house way. A fouling poker setting is refused
        unless ``foul_ok`` (the rule variant says what it costs). ``dragon``: the setting is
        for the dragon hand the seat bought (asked for once its own hand is set)."""
        from paigow.web.view import arrangement_of

        with self.cv:
            s = self._mine(token, seat)
            if dragon:
                if not s.setting_dragon:
                    why = ("its dragon hand is already set" if s.dragon_choice or s.dragon_chosen
                           else "it has no dragon hand to set now")
                    raise WebError(409, f"seat {seat} cannot set a dragon hand: {why}")
                assert s.dragon_hand is not None
                hand, banking = s.dragon_hand, False
            else:
                if s.hand is None or s.choice is not None or s.chosen is not None:
                    why = "its hand is already set" if s.choice is not None or s.chosen \
                        else f"it has no hand to set (the table is {self.doing()})"
                    raise WebError(409, f"seat {seat} cannot set a hand now: {why}")
                hand, banking = s.hand, s.banking
            game = self.game
            assert game is not None
            choice: Choice[Any]
            if house:
                try:
                    c = game.house_choice(hand, banking)
                except PaigowError as exc:
                    raise WebError(400, f"no house way: {exc}") from None
                choice = Choice(c.setting, "person (house way)")
            elif low is not None:
                setting, foul, names = arrangement_of(game, hand, low)
                if foul and not foul_ok:
                    raise WebError(409, f"{names} fouls: the two-card hand must rank below "
                                        "the five-card hand; arrange it again or confirm "
                                        "the foul")
                choice = Choice(setting, "person")
            elif high_text is not None and low_text is not None:
                want = (" ".join(high_text.split()), " ".join(low_text.split()))
                found = [o for o in game.settings_of(hand)
                         if (game.view(o).high, game.view(o).low) == want]
                if not found:
                    raise WebError(400, f"{want[0]!r} / {want[1]!r} is not a setting of "
                                        f"the hand {game.hand_text(hand)}")
                choice = Choice(found[0], "person")
            else:
                raise WebError(400, 'say which setting: "low" positions, "high_text" and '
                                    '"low_text", or "house": true')
            if dragon:
                s.dragon_choice = choice
            else:
                s.choice = choice
            self._changed()

    def hint(self, token: str | None, seat: int) -> dict[str, Any]:
        """The exact value of every distinct setting of the seat's hand. Tiles: computed
        here and now; poker: started in a thread, the result pushed when ready."""
        with self.cv:
            s = self._mine(token, seat)
            now = s.current()
            if now is None or self.game is None or self.advisor is None:
                raise WebError(409, f"seat {seat} has no hand to advise on now")
            hand, banking, dragon = now
            have = s.dragon_hint if dragon else s.hint
            if have is not None:
                return have.to_json()
            job = HintJob()
            if dragon:
                s.dragon_hint = job
            else:
                s.hint = job
            advisor = self.advisor
            self._changed()
        if self.opts.game == "tiles":
            self._compute_hint(job, advisor, hand, banking)
        else:
            threading.Thread(target=self._compute_hint, args=(job, advisor, hand, banking),
                             name="paigow-hint", daemon=True).start()
        return job.to_json()

    def _compute_hint(self, job: HintJob, advisor: Advisor, hand: tuple[Any, ...],
                      banking: bool) -> None:
        try:
            result = advisor.hint(hand, banking)
            status, message = "ready", ""
        except (PaigowError, ImportError, OSError, MemoryError) as exc:
            result, status, message = {}, "failed", f"hint unavailable: {exc}"
        with self.cv:
            job.result, job.status, job.message = result, status, message
            self._changed()

    # -- what people see ---------------------------------------------------------------
    def doing(self) -> str:
        """The phase in words."""
        return {
            "starting": "starting", "waiting": "waiting for a person to join",
            "betting": "taking bets", "bank": "offering the bank",
            "setting": "setting hands", "closed": "closed", "error": "stopped",
        }[self.phase]

    def seated(self) -> int:
        """How many people sit at the table."""
        with self.cv:
            return len(self.people)
