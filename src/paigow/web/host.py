"""One table served to browsers: people take seats with their own money, bots play the others.

The engine's round (:meth:`paigow.table.engine.Table.play_round`) is synchronous: it asks
each seat's player for a bet, the bank answer and a setting, in table order. Here it runs
in a background thread, and every seat is played by a :class:`WebSeat`: its bot while the
seat holds the bot's chips, its person once someone has bought in. A person's answers come
from requests (HTTP): the request checks the answer, stores it in the seat's slot and wakes
the round; the round thread, blocked in ``bet``/``bank``/``choose``, takes it from the slot.
Bets may be placed in any order during the betting, and hands set in any order once dealt.

Every piece of shared state is guarded by one :class:`threading.Condition`. Every change
calls the host's listeners (the WebSocket connections of :mod:`paigow.web.app`, which then
push each person the view :mod:`paigow.web.view` computes for them). A refused answer
raises :class:`~paigow.web.schemas.WebError` before anything is stored, so it changes
nothing.

**The table keeps moving.** Each phase has one deadline for everyone at once (``deadline``,
``idle_seconds`` after the phase opens): the betting, the bank offer, the setting. Whoever
has not answered by then has the table act for them: no bet (they sit the round out), the
bank refused, the house way; and the table acts for them at once for the rest of that
round, so one idle person costs the others one deadline a round at most. A person the
table acted for in ``sit_out_after`` rounds in a row is **sat out**: the seat and its chips
are kept, the table no longer waits for them (no bet, the bank refused, at once) and
plays without them until they press "back" (:meth:`TableHost.back`). A table whose people
are all sat out deals no rounds. The buyer of a dragon hand is shown it as soon as it is
dealt and may set it at once.

**People and their money** (:mod:`paigow.store.players`): a person is a player record
(``player`` id), the same at every table and after a restart. Taking a seat buys in from
their wallet; leaving, being gone (no page open for ``gone_seconds``) or the table closing
cashes the seat out back to the wallet. Those moves are written by the round thread (the
one that owns the table's ledger connection), between the moments a seat's chips are in
play (:meth:`paigow.table.engine.Table.transfer`): a person who leaves mid-round sees the
round out (the table acts for them) and is cashed out when it ends. One person holds one
seat at a table (two tabs are one person); one client (an address) at most
``seats_per_client`` seats.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from paigow.errors import PaigowError
from paigow.phrasing import N_, Money, Msg, message_of
from paigow.store import Store, open_store
from paigow.table.bank import DECISIONS, BankDecision, BankOffer
from paigow.table.chance import secure_chance, seeded_chance
from paigow.table.engine import BetRequest, RoundOpening, RoundRecord, Seat, Table
from paigow.table.game import Choice, Game
from paigow.table.house_rules import Wager
from paigow.table.players import Bot
from paigow.table.seating import Seating
from paigow.table.session import Prepared, TableOptions, bot_policy, prepare
from paigow.web.hints import Advisor, HintJob, advisor_for
from paigow.web.listeners import Listener, Listeners
from paigow.web.schemas import WebError

Phase = Literal["starting", "waiting", "betting", "bank", "setting", "closed", "error"]
WAIT_STEP = 0.5  # seconds between checks of a blocked seat (closing, leaving, gone)
IDLE_SECONDS = 60.0
GONE_SECONDS = 90.0
SIT_OUT_AFTER = 2
SEATS_PER_CLIENT = 3
HISTORY_KEPT = 1  # settled rounds kept in memory whole: the views tell the last one's story;
# history and replay read the ledger, which keeps every round
BALANCES_KEPT = 201  # the balances after each of the last rounds: the chart's 200 points (and
# the round before them), without the rounds' hands and entries (14 KB a round)
MOVE_WAIT = 10.0  # seconds a join or top-up waits for the round thread to write it

Waited = Literal["answered", "left", "idle"]


log = logging.getLogger("paigow.web")


def _public(exc: BaseException, what: str) -> Msg:
    """What people may read of a failure: a bad-input message as it is; anything else
    (which may quote a file path or a database address) only in the server's log."""
    if isinstance(exc, PaigowError):
        return Msg("{what}: {why}", what=Msg(what), why=message_of(exc))
    log.error("%s", what, exc_info=exc)
    return Msg("{what} ({kind}; see the server's log)", what=Msg(what),
               kind=type(exc).__name__)


def default_name(game: str, table_id: str, name: str = "") -> str:
    """A table's name: the one it was given, else its game's and its id's ("Tiles table
    1": a message, which the page says in the reader's language; a kept name that reads
    the same is that message again).

    >>> default_name("poker", "2"), default_name("tiles", "1", "Ann's table")
    ('Poker table 2', "Ann's table")
    >>> type(default_name("tiles", "1", "Tiles table 1")).__name__
    'Msg'
    """
    made = (Msg("Tiles table {n}", n=table_id) if game == "tiles"
            else Msg("Poker table {n}", n=table_id))
    return made if not name or name == made else name


class Closed(BaseException):
    """The host is closing: the round in play is abandoned (the engine voids it)."""


_UNSET: Any = object()


@dataclass
class Person:
    """Someone seated at the table through a browser: player record ``player``."""

    player: int
    name: str
    seat: int
    client: str
    joined_round: int
    last_seen: float
    buy_in: int = 0  # the chips asked for, until the round thread writes the buy-in
    sockets: int = 0
    sat_out: bool = False  # missed too many rounds: the table plays without them
    misses: int = 0  # rounds in a row the table acted for them
    error: str | None = None  # why the buy-in failed (the person is then unseated)
    note: str | None = None  # the last refusal of a move (chips not added)


@dataclass
class SeatState:
    """What a seat holds between the HTTP side and the round thread (guarded by the lock)."""

    number: int
    bot: Bot[Any, Any]
    person: Person | None = None
    owner: int | None = None  # whose chips the seat holds (a player; None: the bot's)
    stint: int | None = None  # the owner's stint (paigow.store.players)
    leaving: str | None = None  # why the owner goes, when their cash-out waits for a round
    chips_asked: int = 0  # more chips its person asked for, not written yet
    playing: bool = False  # a person plays this seat in the round in play (``actor``)
    # who acts for the seat in the round in play: its person's player id, or None (the
    # bot, or nobody); decided once, when the round takes the seat's bet, and every view,
    # reveal and record of the round follows it (a person who takes the seat after that
    # moment plays from the next round)
    actor: int | None = None
    actor_name: str | None = None
    missed: bool = False  # the table acted for the person this round: away for its rest
    acted: bool = False  # the person answered something in time this round
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
    hand_view: dict[str, Any] | None = None  # the hand's arrangements, computed once a deal
    # the dragon hand this seat bought and sets itself (house rules "player")
    dragon_hand: tuple[Any, ...] | None = None
    dragon_choice: Choice[Any] | None = None
    dragon_chosen: Choice[Any] | None = None
    dragon_hint: HintJob | None = None
    dragon_view: dict[str, Any] | None = None
    dragon_deadline: float | None = None  # the dragon hand's own time, from its buyer's own
    # hand set
    bank_hand: tuple[Any, ...] | None = None  # the bank's hand, shown to a co-banker
    # the hand as the person's view shows it, with what it was built from (the choice,
    # whether it is the dragon hand, the dragon's place): kept while those are the same
    hand_shown: tuple[Any, bool, Any, dict[str, Any]] | None = None

    def reset(self) -> None:
        """A new round: nothing bet, offered or dealt."""
        self.playing = False
        self.actor = None
        self.actor_name = None
        self.missed = False
        self.acted = False
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
        self.hand_view = None
        self.dragon_hand = None
        self.dragon_choice = None
        self.dragon_chosen = None
        self.dragon_hint = None
        self.dragon_view = None
        self.dragon_deadline = None
        self.bank_hand = None
        self.hand_shown = None

    @property
    def setting_dragon(self) -> bool:
        """The seat's own hand is set and its dragon hand waits for its setting."""
        own_set = self.hand is None or self.choice is not None or self.chosen is not None
        return self.dragon_hand is not None and own_set and self.dragon_choice is None \
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

    def answering(self) -> bool:
        """A person who is here decides for this seat now (not the bot, not the table)."""
        p = self.person
        return self.playing and p is not None and p.player == self.actor \
            and p.player == self.owner and not p.sat_out and not self.missed

    def in_round(self, player: int) -> bool:
        """Whether ``player`` acts for this seat in the round in play (decided when the
        round took the seat's bet; before that, whether their bet is still theirs to
        place)."""
        if self.bet_closed:
            return self.playing and self.actor == player
        p = self.person
        return p is not None and p.player == player


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

    def dealt_dragon(self, hand: tuple[Any, ...]) -> None:
        self.host._deal_dragon(self.number, hand)

    def bank_dealt(self, hand: tuple[Any, ...]) -> None:
        self.host._show_bank(self.number, hand)

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
    sit_out_after: int = SIT_OUT_AFTER

    def __post_init__(self) -> None:
        if self.idle_seconds is not None and not self.idle_seconds > 0:
            raise PaigowError(f"idle time {self.idle_seconds} must be a positive number of "
                              "seconds (or None: wait forever)")
        if not self.gone_seconds > 0:
            raise PaigowError(f"gone time {self.gone_seconds} must be a positive number")
        if self.seats_per_client < 1:
            raise PaigowError(f"seats per client {self.seats_per_client} must be at least 1")
        if self.sit_out_after < 0:
            raise PaigowError(f"sit out after {self.sit_out_after} rounds: give 0 (never) "
                              "or more")


class TableHost:
    """A table for browsers: ``opts`` (game, seats, bankroll, rules), the ledger at ``db``.

    :meth:`start` builds the table and runs rounds in a thread; people :meth:`join` (a
    player record and a buy-in from their wallet), then act through :meth:`place_bet`,
    :meth:`answer_bank`, :meth:`set_hand`; the view of one person is
    :func:`paigow.web.view.person_view`. :meth:`close` stops the table, every person's
    chips back in their wallet.
    """

    def __init__(self, opts: TableOptions, db: str | None = None, *, table_id: str = "1",
                 name: str = "", limits: HostLimits | None = None, warm_hints: bool = True,
                 clock: Callable[[], float] = time.time,
                 prepared: Prepared | None = None, rounds_before: int = 0,
                 called_off: int | None = None, slot: int = 0) -> None:
        """``warm_hints``: prepare the exact hints as soon as the table opens (the poker
        one-time table is built in the background); otherwise on the first hint.
        ``prepared``: the table's game, bots and house rules, made (and so checked) by the
        caller before anything was written (:func:`paigow.table.session.prepare`).
        A table opened again after a restart (:meth:`paigow.web.lobby.Lobby.start`) had
        played ``rounds_before`` rounds (its next is numbered after them), and the restart
        called off its round ``called_off`` (every bet returned): its page says so. The
        ledger keeps the table under ``slot`` and its id (:mod:`paigow.store.tables`)."""
        self.opts = opts
        self.prepared = prepared
        self.db = db
        self.id = table_id
        self.name = default_name(opts.game, table_id, name)
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
        self.seating: Seating | None = None
        self.session_id = 0
        self.seats: dict[int, SeatState] = {}
        self.people: dict[int, Person] = {}  # by player id
        self.seat_back: dict[int, int] = {}  # player -> the seat they lost without leaving
        self.deadline: float | None = None  # when the phase in play stops waiting
        self.in_play: RoundInPlay | None = None
        self.rounds_before = rounds_before
        self.slot = slot
        self.round_no = rounds_before  # the round in play, or the last one played between rounds
        # what the page tells everyone until the next round settles: the round a restart
        # called off
        self.notice: Msg | None = None if called_off is None else Msg(
            "The server restarted while round {n} was in play: that round was called off "
            "and every bet in it returned.", n=called_off)
        self.history: list[tuple[RoundRecord, dict[int, str]]] = []
        # (round number, the ledger's balances after it), the last BALANCES_KEPT rounds
        self.balances_after: deque[tuple[int, dict[str, int]]] = deque(maxlen=BALANCES_KEPT)
        self.listeners = Listeners(self.cv)
        self.advisor: Advisor | None = None
        self._thread: threading.Thread | None = None
        # since when nobody has sat here (None: someone sits): the lobby closes a table
        # people opened once it stood empty long enough (Lobby.expire)
        self.empty_since: float | None = clock()

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
        """Stop the table: a round in play is voided (every bet goes back), then every
        person's chips go back to their wallet."""
        with self.cv:
            self.closed = True
            self._changed()
        if self._thread is not None:
            self._thread.join(timeout)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` (from any thread, quickly) on every change; returns the
        function that unsubscribes it."""
        return self.listeners.subscribe(listener)

    def _changed(self, shown: bool = True) -> None:
        """Something changed: wake the round thread and whoever waits on the table, and,
        unless ``shown`` is False (nothing any view shows changed: the round took an
        answer exactly as its person gave it, which their request had already shown),
        tell the listeners (the sockets' pushes: a pass computes every view)."""
        self.version += 1
        self.cv.notify_all()
        if shown:
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
                     house=prepared.house, keep_history=1,  # the views keep their own
                     rounds_before=self.rounds_before)

    def _run(self) -> None:
        try:
            store = open_store(self.db)  # opened here: a SQLite connection stays in its thread
        except Exception as exc:
            with self.cv:
                log.error("the ledger could not be opened", exc_info=exc)
                self.phase, self.error = "error", Msg(
                    "the ledger could not be opened (see the server's log)")
                self._changed()
            return
        try:
            with self.cv:
                try:
                    self.table = self._build(store)
                    self.seating = Seating(self.table, store, self.name)
                    self.seat_back = store.seat_back(self.name)
                    # the ledger's record of the table: the session it plays in now
                    store.table_session(self.slot, self.id, self.table.session_id,
                                        self.rounds_before + 1)
                except Exception as exc:
                    self.phase, self.error = "error", _public(exc, N_("the table could not be built"))
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
            with self.cv:
                self._cash_out_everyone(store)
            store.close()

    def _cash_out_everyone(self, store: Store) -> None:
        """The table closes: every person's chips back to their wallet (unless a round of
        it is still open, which the ledger's recovery then voids before cashing out)."""
        if self.seating is None or self.table is None:
            return
        if store.query("SELECT id FROM round WHERE session_id = ? AND status = 'open'",
                       (self.session_id,)):
            return
        for s in self.seats.values():
            if s.owner is not None and s.stint is not None:
                try:
                    self.seating.leave(s.stint, s.owner, s.number, "closed", bot_chips=0)
                except Exception as exc:  # the ledger's recovery does it on next open
                    log.error("cashing out seat %s at close failed", s.number, exc_info=exc)
                    continue
                s.owner = s.stint = None
        self.people.clear()

    def _active(self) -> bool:
        """Someone plays here (a person who is not sat out)."""
        return any(p is not None and not p.sat_out for p in
                   (s.person for s in self.seats.values()))

    def _loop(self, table: Table[Any, Any]) -> None:
        while True:
            with self.cv:
                self._moves()
                while not (self.closed or self._active()):
                    self.cv.wait(WAIT_STEP)
                    self._reap()
                    self._moves()
                if self.closed:
                    self.phase = "closed"
                    self._changed()
                    return
                for s in self.seats.values():
                    s.reset()
                self.in_play = None
                self.round_no = table.rounds_played + 1
                self.phase = "betting"
                self._phase_deadline()
                self._changed()
            try:
                record = table.play_round()
            except Closed:
                with self.cv:
                    self.phase, self.in_play, self.deadline = "closed", None, None
                    self._changed()
                return
            except Exception as exc:
                with self.cv:
                    self.phase, self.error = "error", _public(exc, N_("the round failed"))
                    self._changed()
                return
            with self.cv:
                if record is not None:
                    names: dict[int, str] = self.in_play.names if self.in_play else {}
                    self.history.append((record, names))
                    del self.history[:-HISTORY_KEPT]
                    self.notice = None  # a round played since: the reveal tells the table
                    self.balances_after.append((record.number, record.balances))
                self._count_misses()
                self.in_play = None
                self.deadline = None
                self.round_no = table.rounds_played
                self.phase = "waiting"
                self._changed()

    def _phase_deadline(self) -> None:
        """A phase opens: one deadline for everyone it asks (holds the lock)."""
        idle = self.limits.idle_seconds
        self.deadline = None if idle is None else self.clock() + idle

    def _count_misses(self) -> None:
        """After a round: a person the table acted for has missed it; one who answered in
        time has not; ``sit_out_after`` misses in a row sit them out (holds the lock)."""
        limit = self.limits.sit_out_after
        for s in self.seats.values():
            p = s.person
            if p is None or not s.playing:
                continue
            if s.missed:
                p.misses += 1
                if limit and p.misses >= limit and not p.sat_out:
                    p.sat_out = True
            elif s.acted:
                p.misses = 0

    # -- money moving between wallets and seats ---------------------------------------
    def _moves(self) -> None:
        """Write the seat changes waiting (holds the lock; the round thread only): the
        cash-out of people gone from seats whose chips are free, the buy-ins of people who
        joined, chips added. A seat whose chips are in play waits for the round's end."""
        table, seating = self.table, self.seating
        if table is None or seating is None:
            return
        busy = table.busy_seats()
        moved = False
        for s in self.seats.values():
            if s.number in busy:
                continue
            p = s.person
            if s.owner is not None and (p is None or p.player != s.owner):
                assert s.stint is not None
                try:
                    seating.leave(s.stint, s.owner, s.number, s.leaving or "left")
                except Exception as exc:
                    log.error("cashing out seat %s failed", s.number, exc_info=exc)
                    continue
                s.owner = s.stint = None
                s.leaving = None
                moved = True
            if p is not None and s.owner is None:
                try:
                    s.stint = seating.sit(p.player, s.number, p.buy_in, p.joined_round)
                except Exception as exc:
                    p.error = message_of(exc) if isinstance(exc, PaigowError) else \
                        _public(exc, N_("the buy-in failed"))
                    self._drop(p)
                    moved = True
                    continue
                s.owner = p.player
                moved = True
            if p is not None and s.owner == p.player and s.chips_asked:
                assert s.stint is not None
                try:
                    seating.add(s.stint, p.player, s.number, s.chips_asked)
                    p.note = None
                except Exception as exc:
                    p.note = message_of(exc) if isinstance(exc, PaigowError) else \
                        _public(exc, N_("adding chips failed"))
                s.chips_asked = 0
                moved = True
        if moved:
            self._changed()

    def _await_move(self, done: Callable[[], bool]) -> None:
        """Wait (in a request) until the round thread has written a seat change."""
        self.cv.wait_for(lambda: done() or self.closed or self.phase == "error", MOVE_WAIT)

    # -- presence ------------------------------------------------------------------------
    def _reap(self) -> None:
        """Unseat the people gone longer than ``gone_seconds`` (holds the lock): their
        chips go back to their wallet as soon as no round holds them."""
        now = self.clock()
        for p in list(self.people.values()):
            if p.sockets <= 0 and now - p.last_seen > self.limits.gone_seconds:
                self._drop(p, "gone")
                self.seat_back[p.player] = p.seat

    def _drop(self, p: Person, why: str = "left") -> None:
        self.people.pop(p.player, None)
        if not self.people:
            self.empty_since = self.clock()
        seat = self.seats[p.seat]
        if seat.person is p:
            seat.person = None
            if seat.owner == p.player:
                seat.leaving = why
        self._changed()

    def seen(self, player: int | None) -> None:
        """A request or message from ``player``: they are here."""
        with self.cv:
            p = self.people.get(player or 0)
            if p is not None:
                p.last_seen = self.clock()

    def connected(self, player: int | None, delta: int) -> None:
        """A page of ``player`` opened (+1) or closed (-1) its WebSocket."""
        with self.cv:
            p = self.people.get(player or 0)
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
            names = {n: s.actor_name for n, s in self.seats.items()
                     if s.actor is not None and s.actor_name is not None}
            self.in_play = RoundInPlay(
                opening.number, opening.banker.to_json(), dict(opening.bets),
                tuple(opening.dice), first, names,
                [{"seat": x.seat, "name": x.name, "stake": x.stake} for x in opening.side],
                None if opening.dragon is None else opening.dragon.to_json())
            self._changed()

    def _wait(self, seat: SeatState, ready: Callable[[], bool],
              deadline: float | None = _UNSET) -> Waited:
        """Block the round until ``ready()``: ``"answered"``; ``"left"`` when the person
        left or is gone; ``"idle"`` past ``deadline`` (default: the phase's; the person is
        then away for the rest of the round). Raises :class:`Closed` when the host closes.
        Holds the lock; writes waiting seat changes meanwhile."""
        while not ready():
            if self.closed:
                raise Closed
            self._reap()
            self._moves()
            if seat.person is None or seat.person.player != seat.owner:
                return "left"
            until = self.deadline if deadline is _UNSET else deadline
            step = WAIT_STEP
            if until is not None:
                step = min(step, until - self.clock())
                if step <= 0:
                    seat.missed = True
                    return "idle"
            self.cv.wait(step)
        seat.acted = True
        return "answered"

    def _others_bet(self, n: int) -> bool:
        """Every other seat the betting waits on has its bet in (holds the lock)."""
        for t in self.seats.values():
            q = t.person
            if t.number == n or t.bet_closed or q is None or q.sat_out:
                continue
            if q.joined_round <= self.round_no and t.bet is _UNSET:
                return False
        return True

    def _take_bet(self, n: int, request: BetRequest) -> Wager | None:
        with self.cv:
            self._moves()  # a person who just joined buys in before their bet is asked
            seat = self.seats[n]
            wager: Wager | None = None
            as_answered = False  # the person's bet taken as they made it
            out = seat.person
            if out is not None and out.sat_out and out.player == seat.owner:
                # sat out: not waited for, but "I'm back" while the others still bet brings
                # them into this round (their bet is then asked like anyone's)
                self._wait(seat, lambda: not out.sat_out or self._others_bet(n))
                seat.missed = seat.acted = False
            p = seat.person
            seat.playing = p is not None and p.player == seat.owner \
                and p.joined_round <= request.round_number
            seat.actor = p.player if seat.playing and p is not None else None
            if seat.owner is None:
                wager = self._bot_bet(seat, request)
            elif seat.answering():
                waited = self._wait(seat, lambda: seat.bet is not _UNSET)
                if waited == "answered":
                    wager = self._still_valid(seat, seat.bet)
                    as_answered = wager == seat.bet and seat.timed_out is None
                elif waited == "idle":
                    seat.timed_out = Msg("no bet in time: you sat this round out")
                elif seat.owner is None:  # left, and the seat is the bot's again
                    wager = self._bot_bet(seat, request)
            # the moment: who acts for the seat this round is who holds it now (a person
            # who left while their bet was asked hands it to the bot; one who comes after
            # this plays from the next round)
            p = seat.person
            if seat.owner is None or p is None or p.player != seat.actor:
                seat.playing, seat.actor = False, None
            seat.actor_name = p.name if seat.actor is not None and p is not None else None
            seat.bet_closed = True
            seat.round_wager = wager
            seat.round_bet = None if wager is None else wager.main
            # taken as answered, the seat shows what the answer showed ("bet in", the same
            # chips; "sits out" for none): tests/web/test_push.py checks it
            self._changed(shown=not as_answered)
            return wager

    def _bot_bet(self, seat: SeatState, request: BetRequest) -> Wager | None:
        """The bot's bet, asked with the seat's chips as they are now."""
        assert self.table is not None
        now = dataclasses.replace(request, balance=self.table.balance(seat.number))
        answer = seat.bot.bet(now)
        return None if answer is None else Wager(answer)

    def _still_valid(self, seat: SeatState, wager: Wager | None) -> Wager | None:
        """A person's wager as the table takes it (checked again: chips may have moved)."""
        if wager is None:
            return None
        assert self.table is not None
        try:
            return self.table.validate_bet(seat.number, wager,
                                           self.table.seats[seat.number].owner, you=True)
        except PaigowError as exc:
            seat.timed_out = Msg("your bet was not taken ({why}): you sat this round out",
                                 why=message_of(exc))
            return None

    def _take_bank(self, n: int, offer: BankOffer) -> BankDecision:
        with self.cv:
            seat = self.seats[n]
            if seat.owner is None:
                return seat.bot.bank(offer)
            if not seat.answering() or not (offer.can_take or offer.can_cobank):
                return "refuse"  # nobody here to ask, or nothing to offer
            seat.offer = offer
            self.phase = "bank"
            self._phase_deadline()
            self._changed()
            try:
                waited = self._wait(seat, lambda: seat.bank_answer is not None)
                decision: BankDecision = "refuse"
                if waited == "answered":
                    assert seat.bank_answer is not None
                    decision = seat.bank_answer
                elif waited == "idle":
                    seat.timed_out = Msg("no answer to the bank offer in time: refused")
            finally:
                seat.offer = None
            if decision != "refuse":
                seat.round_bet = None  # a banker does not bet against itself
            self._changed()
            return decision

    def _deal(self, n: int, hand: tuple[Any, ...], banking: bool) -> None:
        with self.cv:
            seat = self.seats[n]
            if self.phase != "setting":
                self.phase = "setting"
                self._phase_deadline()
            if seat.answering():
                seat.hand = hand
                seat.banking = banking
            self._changed()

    def _deal_dragon(self, n: int, hand: tuple[Any, ...]) -> None:
        """The dragon hand seat ``n`` bought, shown to its buyer as soon as it is dealt."""
        with self.cv:
            seat = self.seats[n]
            if seat.answering():
                seat.dragon_hand = hand
                self._changed()

    def _show_bank(self, n: int, hand: tuple[Any, ...]) -> None:
        """Seat ``n`` co-banks: its person sees the bank's hand, which the house way sets."""
        with self.cv:
            seat = self.seats[n]
            if seat.actor is not None:
                seat.bank_hand = hand
                self._changed()

    def _house(self, hand: tuple[Any, ...], banking: bool, why: str) -> Choice[Any]:
        game = self.game
        assert game is not None
        c = game.house_choice(hand, banking)
        return Choice(c.setting, c.rule, why, way_rule=c.way_rule, house=c.house)

    def _set_by(self, seat: SeatState, ready: Callable[[], Choice[Any] | None],
                hand: tuple[Any, ...], banking: bool, late: str,
                deadline: float | None = _UNSET) -> Choice[Any]:
        """The setting a person here makes (``ready()`` once they have), or the house way
        when they are away, leave or let ``deadline`` (the phase's) pass (told ``late``)."""
        waited = self._wait(seat, lambda: ready() is not None, deadline) \
            if seat.answering() else "left"
        choice = ready()
        if waited == "answered" and choice is not None:
            return choice
        if waited == "idle":
            seat.timed_out = late
        return self._house(hand, banking, "set the house way: its player was away or took "
                                          "too long")

    def _take_choice(self, n: int, hand: tuple[Any, ...], banking: bool) -> Choice[Any]:
        with self.cv:
            seat = self.seats[n]
            as_answered = False  # the person's setting, as they made it
            if seat.owner is None:
                choice = seat.bot.choose(hand, banking)
            else:
                if seat.answering() and seat.hand is None:
                    self._deal(n, hand, banking)  # a table without the dealt hook
                late = seat.timed_out
                choice = self._set_by(seat, lambda: seat.choice, hand, banking,
                                      Msg("hand not set in time: set the house way for you"))
                as_answered = choice is seat.choice and seat.timed_out == late
            seat.chosen = choice
            self._changed(shown=not as_answered)  # (as their request showed it: "set")
            return choice

    def _take_dragon(self, n: int, hand: tuple[Any, ...]) -> Choice[Any]:
        """The setting of the dragon hand seat ``n`` bought (house rules: its buyer sets
        it): the person's, or the house way when the seat is a bot's or its own time runs
        out (``idle_seconds`` from the moment its buyer set their own hand)."""
        with self.cv:
            seat = self.seats[n]
            if seat.answering() and seat.dragon_hand is None:
                seat.dragon_hand = hand
            if seat.answering() and seat.dragon_deadline is None:
                self._dragon_clock(seat)  # a table without the dealt hook: its time from now
            choice = self._set_by(seat, lambda: seat.dragon_choice, hand, False,
                                  "dragon hand not set in time: set the house way for you",
                                  seat.dragon_deadline)
            seat.dragon_chosen = choice
            self._changed()
            return choice

    # -- the people's side ------------------------------------------------------------
    def join(self, player: int, name: str, client: str, wallet: int,
             buy_in: int | None = None, seat: int | None = None) -> int:
        """Seat person ``player`` (called ``name``, whose wallet holds ``wallet`` cents)
        with ``buy_in`` cents from it (default: the table's chips per seat, or the whole
        wallet if less), at ``seat`` (default: the seat they lost without leaving if it is
        free, else the first free one); the seat. A person already seated here gets their
        seat (two tabs are one person). Waits until the buy-in is written."""
        with self.cv:
            self._ready()
            self._reap()
            mine = self.people.get(player)
            if mine is not None:
                mine.last_seen = self.clock()
                return mine.seat
            held = sum(1 for p in self.people.values() if p.client == client)
            if held >= self.limits.seats_per_client:
                raise WebError(429, Msg("this client already holds {held} seats at this table "
                                        "(at most {most})", held=held,
                                        most=self.limits.seats_per_client))
            own = next((s for s in self.seats.values() if s.owner == player), None)
            free = [s for s in self.seats.values()
                    if s.person is None and s.owner in (None, player)]
            if seat is not None:
                if seat not in self.seats:
                    raise WebError(404, Msg("there is no seat {seat} at this table (seats 1 "
                                            "to {last})", seat=seat, last=len(self.seats)))
                chosen = self.seats[seat]
                if chosen not in free:
                    raise WebError(409, Msg("seat {seat} is taken: choose a free one", seat=seat))
            elif own is not None and own in free:
                chosen = own  # they left mid-round: their chips are still at the seat
            else:
                if not free:
                    raise WebError(409, Msg("the table is full: all {n} seats are taken",
                                            n=len(self.seats)))
                back = self.seat_back.get(player)
                chosen = next((s for s in free if s.number == back), free[0])
            if chosen.owner == player:
                amount = 0  # back at a seat still holding their chips: no buy-in
            else:
                if own is not None:
                    raise WebError(409, Msg("your chips are still at seat {seat} until this "
                                            "round ends: take that seat", seat=own.number))
                amount = min(wallet, self.opts.bankroll) if buy_in is None else buy_in
                self._check_buy_in(amount, wallet)
            if self.phase in ("waiting", "starting"):
                joined = self.round_no + 1
            else:  # a round in play: theirs if the seat's bet is still to be taken
                joined = self.round_no + (1 if chosen.bet_closed or self.phase != "betting"
                                          else 0)
            p = Person(player, name, chosen.number, client, joined, self.clock(), amount)
            chosen.person = p
            if chosen.owner == player:
                chosen.leaving = None
            self.people[player] = p
            self.empty_since = None
            self.seat_back.pop(player, None)
            self._changed()
            self._await_move(lambda: chosen.owner == player or p.error is not None)
            if p.error is not None:
                raise WebError(409, Msg("you could not buy in: {why}", why=p.error))
            return chosen.number

    def can_seat(self, client: str, seat: int | None = None, buy_in: int | None = None,
                 wallet: int = 0) -> None:
        """Refuse (as :meth:`join` would) a new person (whose wallet will hold ``wallet``)
        at a full table, at a seat that is not free, from a client holding its seats
        already, or with a buy-in they could not make: checked before a person is made
        for the join."""
        with self.cv:
            self._check_buy_in(min(wallet, self.opts.bankroll) if buy_in is None else buy_in,
                               wallet)
            self._ready()
            self._reap()
            held = sum(1 for p in self.people.values() if p.client == client)
            if held >= self.limits.seats_per_client:
                raise WebError(429, Msg("this client already holds {held} seats at this table "
                                        "(at most {most})", held=held,
                                        most=self.limits.seats_per_client))
            free = [s.number for s in self.seats.values()
                    if s.person is None and s.owner is None]
            if seat is not None and seat not in self.seats:
                raise WebError(404, Msg("there is no seat {seat} at this table (seats 1 "
                                        "to {last})", seat=seat, last=len(self.seats)))
            if seat is not None and seat not in free:
                raise WebError(409, Msg("seat {seat} is taken: choose a free one", seat=seat))
            if not free:
                raise WebError(409, Msg("the table is full: all {n} seats are taken",
                                        n=len(self.seats)))

    def _check_buy_in(self, amount: int, wallet: int) -> None:
        low = self.opts.limits.minimum + self.opts.commission.flat_fee
        if amount <= 0:
            raise WebError(400, Msg("a buy-in of {amount} must be more than zero",
                                    amount=Money(amount)))
        if amount > wallet:
            raise WebError(409, Msg("your wallet holds {wallet}: you cannot buy in for "
                                    "{amount}", wallet=Money(wallet), amount=Money(amount)))
        if amount < low:
            raise WebError(400, Msg("a buy-in of {amount} cannot cover this table's minimum "
                                    "bet ({low} with any fee)", amount=Money(amount),
                                    low=Money(low)))

    def add_chips(self, player: int, amount: int, wallet: int) -> None:
        """More chips for ``player``'s seat from their wallet (holding ``wallet`` cents);
        written as soon as the seat's chips are not in a round."""
        with self.cv:
            p = self._person(player)
            s = self.seats[p.seat]
            if amount <= 0:
                raise WebError(400, Msg("chips added must be more than zero, not {amount}",
                                        amount=Money(amount)))
            if amount + s.chips_asked > wallet:
                raise WebError(409, Msg("your wallet holds {wallet}: you cannot add {amount}",
                                        wallet=Money(wallet), amount=Money(amount)))
            s.chips_asked += amount
            self._changed()
            self._await_move(lambda: s.chips_asked == 0)
            if p.note is not None:
                raise WebError(409, Msg("no chips were added: {why}", why=p.note))

    def leave(self, player: int | None) -> int:
        """The person leaves: their chips go back to their wallet (after the round in
        play, if it holds them; the table acts for them till then)."""
        with self.cv:
            p = self._person(player)
            self._drop(p)
            self.seat_back.pop(p.player, None)
            return p.seat

    def back(self, player: int | None) -> int:
        """A sat-out person is back: they play from the next betting (this one if their
        bet is still to be taken)."""
        with self.cv:
            p = self._person(player)
            if not p.sat_out:
                raise WebError(409, Msg("you are not sat out: nothing to come back to"))
            p.sat_out = False
            p.misses = 0
            self._changed()
            return p.seat

    def idle_for(self) -> float:
        """Seconds this table has stood empty: nobody seated, no one's chips at a seat and
        no round in play (0 while anyone sits or a round is in play; holds the lock)."""
        if (self.people or self.phase != "waiting"
                or any(s.owner is not None for s in self.seats.values())):
            return 0.0
        if self.empty_since is None:  # emptied some other way: it stands empty from now
            self.empty_since = self.clock()
        return max(0.0, self.clock() - self.empty_since)

    def _ready(self) -> Table[Any, Any]:
        if self.phase == "error":
            raise WebError(503, Msg("the table stopped: {why}", why=self.error or ""))
        if self.closed or self.phase == "closed":
            raise WebError(503, Msg("the table is closed"))
        if self.table is None:
            raise WebError(503, Msg("the table is starting"))
        return self.table

    def _person(self, player: int | None) -> Person:
        if not player:
            raise WebError(401, Msg("you are not signed in: join the table first"))
        self._reap()
        p = self.people.get(player)
        if p is None:
            raise WebError(409, Msg("you do not sit at this table: join it first"))
        p.last_seen = self.clock()
        return p

    def person(self, player: int | None) -> Person | None:
        """The person ``player`` seated here, if any."""
        with self.cv:
            return self.people.get(player or 0)

    def _mine(self, player: int | None, seat: int) -> SeatState:
        """The seat ``seat`` if ``player`` sits there; a clear refusal otherwise."""
        self._ready()
        p = self._person(player)
        if seat not in self.seats:
            raise WebError(404, Msg("there is no seat {seat} at this table (seats 1 to {last})",
                                    seat=seat, last=len(self.seats)))
        if seat != p.seat:
            raise WebError(403, Msg("seat {seat} is not yours: you sit at seat {mine}",
                                    seat=seat, mine=p.seat))
        return self.seats[seat]

    def place_bet(self, player: int | None, seat: int, amount: int | None,
                  side: dict[str, int] | None = None, dragon: int = 0) -> None:
        """Bet ``amount`` cents this round (``None``: sit the round out), with the side
        bets ``side`` (offer name: cents) and ``dragon`` cents asked for the dragon hand."""
        with self.cv:
            s = self._mine(player, seat)
            table = self._ready()
            p = s.person
            assert p is not None
            if self.phase == "betting" and s.bet_closed and not s.in_round(p.player):
                raise WebError(409, Msg("you cannot bet now: you play from the next round "
                                        "(the seat's bet for this one was taken before you "
                                        "sat down)"))
            if s.owner != p.player:
                raise WebError(409, Msg("you cannot bet yet: your chips are on their way from "
                                        "your wallet"))
            if p.sat_out:
                raise WebError(409, Msg("you are sat out: press \"I'm back\" to play again"))
            if self.phase != "betting" or s.bet_closed or s.bet is not _UNSET:
                raise WebError(409, Msg("you cannot bet now: {why}", why=(
                    Msg("your bet for this round is already in")
                    if s.bet_closed or s.bet is not _UNSET
                    else Msg("the table is {doing}", doing=Msg(self.doing())))))
            wager: Wager | None = None
            if amount is not None:
                try:
                    wager = table.validate_bet(seat, Wager(amount, dict(side or {}), dragon),
                                               table.seats[seat].owner, you=True)
                except PaigowError as exc:
                    raise WebError(400, message_of(exc)) from None
            elif side or dragon:
                raise WebError(400, Msg("side bets and the dragon hand go with a main bet: "
                                        "bet, or sit out without them"))
            s.bet = wager
            self._changed()

    def answer_bank(self, player: int | None, seat: int, decision: str) -> None:
        """Take, co-bank or refuse the bank offered to the seat."""
        with self.cv:
            s = self._mine(player, seat)
            if s.offer is None or s.bank_answer is not None:
                raise WebError(409, Msg("no bank offer is waiting for you: the table is {doing}",
                                        doing=Msg(self.doing())))
            if decision not in DECISIONS:
                raise WebError(400, Msg("unknown bank answer {answer}: take, cobank or refuse",
                                        answer=repr(decision)))
            answer: BankDecision = decision
            try:
                s.offer.check(answer)
            except PaigowError as exc:
                raise WebError(400, message_of(exc)) from None
            s.bank_answer = answer
            self._changed()

    def set_hand(
        self, player: int | None, seat: int, *, low: tuple[int, ...] | None = None,
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
            s = self._mine(player, seat)
            if dragon:
                if not s.setting_dragon:
                    why = (Msg("your dragon hand is already set")
                           if s.dragon_choice or s.dragon_chosen
                           else Msg("you have no dragon hand to set now"))
                    raise WebError(409, Msg("you cannot set a dragon hand: {why}", why=why))
                assert s.dragon_hand is not None
                hand, banking = s.dragon_hand, False
            else:
                if s.hand is None or s.choice is not None or s.chosen is not None:
                    why = Msg("your hand is already set") if s.choice is not None or s.chosen \
                        else Msg("you have no hand to set (the table is {doing})",
                                 doing=Msg(self.doing()))
                    raise WebError(409, Msg("you cannot set a hand now: {why}", why=why))
                hand, banking = s.hand, s.banking
            game = self.game
            assert game is not None
            choice: Choice[Any]
            if house:
                try:
                    c = game.house_choice(hand, banking)
                except PaigowError as exc:
                    raise WebError(400, Msg("no house way: {why}", why=message_of(exc))) from None
                choice = Choice(c.setting, "person (house way)")
            elif low is not None:
                setting, foul, names = arrangement_of(game, hand, low)
                if foul and not foul_ok:
                    raise WebError(409, Msg("{setting} fouls: the two-card hand must rank "
                                            "below the five-card hand; arrange it again or "
                                            "confirm the foul", setting=names))
                choice = Choice(setting, "person")
            elif high_text is not None and low_text is not None:
                want = (" ".join(high_text.split()), " ".join(low_text.split()))
                found = [o for o in game.settings_of(hand)
                         if (game.view(o).high, game.view(o).low) == want]
                if not found:
                    raise WebError(400, Msg("{high} / {low} is not a setting of the hand "
                                            "{hand}", high=repr(want[0]), low=repr(want[1]),
                                            hand=game.hand_text(hand)))
                choice = Choice(found[0], "person")
            else:
                raise WebError(400, Msg("say which setting: {how}", how='"low" positions, '
                                        '"high_text" and "low_text", or "house": true'))
            if dragon:
                s.dragon_choice = choice
            else:
                s.choice = choice
                if s.dragon_hand is not None:
                    self._dragon_clock(s)  # the dragon hand's own time starts now
            self._changed()

    def _dragon_clock(self, s: SeatState) -> None:
        """Start the dragon hand's own time for its buyer (holds the lock)."""
        idle = self.limits.idle_seconds
        s.dragon_deadline = None if idle is None else self.clock() + idle

    def hint(self, player: int | None, seat: int) -> dict[str, Any]:
        """The exact value of every distinct setting of the seat's hand. Tiles: computed
        here and now; poker: started in a thread, the result pushed when ready."""
        with self.cv:
            s = self._mine(player, seat)
            now = s.current()
            if now is None or self.game is None or self.advisor is None:
                raise WebError(409, Msg("you have no hand to advise on now"))
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
            result, status, message = {}, "failed", Msg("hint unavailable: {why}",
                                                        why=message_of(exc))
        with self.cv:
            job.result, job.status, job.message = result, status, message
            self._changed()

    # -- what people see ---------------------------------------------------------------
    def doing(self) -> str:
        """The phase in words."""
        if self.phase == "waiting" and self.people and not self._active():
            return "waiting: everyone here sits out"
        return {
            "starting": "starting", "waiting": "waiting for a person to join",
            "betting": "taking bets", "bank": "offering the bank",
            "setting": "setting hands", "closed": "closed", "error": "stopped",
        }[self.phase]

    def seated(self) -> int:
        """How many people sit at the table."""
        with self.cv:
            return len(self.people)
