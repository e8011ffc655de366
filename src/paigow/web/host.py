"""One table served to browsers: people join seats, bots play the others.

The engine's round (:meth:`paigow.table.engine.Table.play_round`) is synchronous: it asks
each seat's player for a bet, the bank answer and a setting, in table order. Here it runs
in a background thread, and every seat is played by a :class:`WebSeat`: a bot while nobody
sits there, a person once someone has joined. A person's answers come from HTTP requests:
the request checks the answer, stores it in the seat's slot and wakes the round; the
round thread, blocked in ``bet``/``bank``/``choose``, takes it from the slot. Bets may be
placed in any order during the betting, and hands set in any order once dealt (the
engine's optional ``dealt`` hook shows each seat its hand before anyone is asked).

Every piece of shared state is guarded by one :class:`threading.Condition`. A refused
answer raises :class:`WebError` (a status code and a message naming the bad input) before
anything is stored, so it changes nothing. A seat whose person leaves mid-round is played
by its bot from that moment; closing the host voids a round in play (bets go back).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from paigow.errors import PaigowError
from paigow.store import Store, open_store
from paigow.table.bank import DECISIONS, BankDecision, BankOffer
from paigow.table.chance import secure_chance, seeded_chance
from paigow.table.engine import BetRequest, RoundRecord, Seat, Table
from paigow.table.game import Choice, Game
from paigow.table.ledger import HOUSE
from paigow.table.players import Bot
from paigow.table.session import TableOptions, bot_policy, make_game
from paigow.web.hints import HintJob, start_hint

Phase = Literal["starting", "waiting", "betting", "bank", "setting", "closed", "error"]
MAX_NAME = 24
WAIT_STEP = 0.5  # seconds between checks of a blocked seat (closing, leaving)
IDLE_SECONDS = 120.0  # a person who takes longer sits out / refuses / gets the house way

Waited = Literal["answered", "left", "idle"]


class WebError(Exception):
    """A request the table refuses: an HTTP status and a message naming the bad input."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Closed(BaseException):
    """The host is closing: the round in play is abandoned (the engine voids it)."""


_UNSET: Any = object()


@dataclass
class SeatState:
    """What a seat holds between the HTTP side and the round thread (guarded by the lock)."""

    number: int
    bot: Bot[Any, Any]
    person: str | None = None  # the person's name, None while a bot plays the seat
    token: str | None = None
    playing: bool = False  # a person plays this seat in the round in play
    bet_closed: bool = False  # the seat's bet for this round has been taken
    bet: Any = _UNSET  # a person's bet (cents, or None to sit out) waiting to be taken
    round_bet: int | None = None  # the bet the seat made this round
    offer: BankOffer | None = None
    bank_answer: BankDecision | None = None
    hand: tuple[Any, ...] | None = None
    banking: bool = False
    options: list[Any] = field(default_factory=list)
    choice: Choice[Any] | None = None
    chosen: Choice[Any] | None = None  # the person's choice once taken by the round
    hints: dict[int, HintJob] = field(default_factory=dict)
    timed_out: str | None = None  # what the table did for a person who took too long

    def reset(self) -> None:
        """A new round: nothing bet, offered or dealt."""
        self.playing = False
        self.bet_closed = False
        self.bet = _UNSET
        self.round_bet = None
        self.offer = None
        self.bank_answer = None
        self.hand = None
        self.banking = False
        self.options = []
        self.choice = None
        self.chosen = None
        self.hints = {}
        self.timed_out = None


class WebSeat:
    """The :class:`~paigow.table.engine.Player` of a seat at the browser table: its bot
    while no person plays it this round, else the person's answers from the host."""

    def __init__(self, host: TableHost, number: int) -> None:
        self.host = host
        self.number = number

    def bet(self, request: BetRequest) -> int | None:
        return self.host._take_bet(self.number, request)

    def bank(self, offer: BankOffer) -> BankDecision:
        return self.host._take_bank(self.number, offer)

    def dealt(self, hand: tuple[Any, ...], banking: bool) -> None:
        self.host._deal(self.number, hand, banking)

    def choose(self, hand: tuple[Any, ...], banking: bool) -> Choice[Any]:
        return self.host._take_choice(self.number, hand, banking)

    def observe(self, record: RoundRecord) -> None:
        return None


class TableHost:
    """A table for browsers: ``opts`` (seats, bankroll, game...), the ledger at ``db``.

    :meth:`start` builds the table and runs rounds in a thread; people :meth:`join`, then
    act through :meth:`place_bet`, :meth:`answer_bank`, :meth:`set_hand`; :meth:`state`
    is what one person may see. :meth:`close` stops the table.
    """

    def __init__(
        self, opts: TableOptions, db: str | None = None, idle_seconds: float | None = IDLE_SECONDS
    ) -> None:
        """``idle_seconds``: how long the round waits for a person before acting for them
        (sit out the bet, refuse the bank, set the hand the house way); None waits forever."""
        if idle_seconds is not None and idle_seconds <= 0:
            raise PaigowError(f"idle time {idle_seconds} must be positive")
        self.opts = opts
        self.db = db
        self.idle_seconds = idle_seconds
        self.cv = threading.Condition()
        self.phase: Phase = "starting"
        self.error: str | None = None
        self.closed = False
        self.version = 0
        self.table: Table[Any, Any] | None = None
        self.game: Game[Any, Any] | None = None
        self.store_path = ""
        self.session_id = 0
        self.seats: dict[int, SeatState] = {}
        self.tokens: dict[str, int] = {}
        self.last: RoundRecord | None = None
        self.history: list[RoundRecord] = []
        self._thread: threading.Thread | None = None

    # -- life --------------------------------------------------------------------------
    def start(self, timeout: float = 60.0) -> None:
        """Open the ledger and build the table in the round thread; wait until it is ready
        (or raise its error)."""
        self._thread = threading.Thread(target=self._run, name="paigow-table", daemon=True)
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
            self.cv.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    def _changed(self) -> None:
        self.version += 1
        self.cv.notify_all()

    def _build(self, store: Store) -> Table[Any, Any]:
        opts = self.opts
        game, bots = make_game(opts)
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
                     seed=opts.seed)

    def _run(self) -> None:
        try:
            store = open_store(self.db)  # opened here: a SQLite connection stays in its thread
        except Exception as exc:
            with self.cv:
                self.phase, self.error = "error", str(exc)
                self._changed()
            return
        try:
            with self.cv:
                try:
                    self.table = self._build(store)
                except Exception as exc:
                    self.phase, self.error = "error", str(exc)
                    self._changed()
                    return
                self.store_path = str(getattr(store, "path", ""))
                self.session_id = self.table.session_id
                self.phase = "waiting"
                self._changed()
            self._loop(self.table)
        finally:
            store.close()

    def _loop(self, table: Table[Any, Any]) -> None:
        while True:
            with self.cv:
                self.cv.wait_for(lambda: self.closed or any(
                    s.person is not None for s in self.seats.values()))
                if self.closed:
                    self.phase = "closed"
                    self._changed()
                    return
                for s in self.seats.values():
                    s.reset()
                self.phase = "betting"
                self._changed()
            try:
                record = table.play_round()
            except Closed:
                with self.cv:
                    self.phase = "closed"
                    self._changed()
                return
            except Exception as exc:
                with self.cv:
                    self.phase, self.error = "error", f"the round failed: {exc}"
                    self._changed()
                return
            with self.cv:
                if record is not None:
                    self.last = record
                    self.history.append(record)
                self.phase = "waiting"
                self._changed()

    # -- the round thread's side -------------------------------------------------------
    def _wait(self, seat: SeatState, ready: Callable[[], bool]) -> Waited:
        """Block the round until ``ready()``: ``"answered"``; ``"left"`` when the person
        left (their bot answers); ``"idle"`` when they took longer than ``idle_seconds``.
        Raises :class:`Closed` when the host closes. Holds the lock."""
        deadline = None if self.idle_seconds is None else time.monotonic() + self.idle_seconds
        while not ready():
            if self.closed:
                raise Closed
            if seat.person is None:
                seat.playing = False
                return "left"
            step = WAIT_STEP
            if deadline is not None:
                step = min(step, deadline - time.monotonic())
                if step <= 0:
                    return "idle"
            self.cv.wait(step)
        return "answered"

    def _take_bet(self, n: int, request: BetRequest) -> int | None:
        with self.cv:
            seat = self.seats[n]
            seat.playing = seat.person is not None
            waited = self._wait(seat, lambda: seat.bet is not _UNSET) if seat.playing else "left"
            if waited == "answered":
                amount: int | None = seat.bet
            elif waited == "idle":
                amount = None
                seat.timed_out = "no bet in time: sat out this round"
            else:
                amount = seat.bot.bet(request)
            seat.bet_closed = True
            seat.round_bet = amount
            self._changed()
            return amount

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
            if seat.playing and self.game is not None:
                seat.hand = hand
                seat.banking = banking
                seat.options = self.game.settings_of(hand)
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
            else:  # the seat's bot sets by the house way
                choice = seat.bot.choose(hand, banking)
                if waited == "idle":
                    seat.timed_out = "hand not set in time: set the house way"
            seat.chosen = choice
            self._changed()
            return choice

    # -- the people's side ------------------------------------------------------------
    def join(self, name: str, token: str | None = None) -> tuple[int, str]:
        """Seat a person (again, when ``token`` is already theirs): ``(seat, token)``."""
        with self.cv:
            self._ready()
            if token is not None and token in self.tokens:
                return self.tokens[token], token
            clean = " ".join(str(name).split())
            if not 1 <= len(clean) <= MAX_NAME:
                raise WebError(400, f"name {name!r} must be 1 to {MAX_NAME} characters")
            free = [s for s in self.seats.values() if s.person is None]
            if not free:
                raise WebError(409, f"the table is full: all {len(self.seats)} seats are taken")
            seat = free[0]
            new = secrets.token_urlsafe(18)
            seat.person, seat.token = clean, new
            self.tokens[new] = seat.number
            self._changed()
            return seat.number, new

    def leave(self, token: str | None) -> int:
        """The person leaves; their bot plays the seat from now on."""
        with self.cv:
            n = self._seat_of(token)
            seat = self.seats[n]
            seat.person, seat.token = None, None
            del self.tokens[str(token)]
            self._changed()
            return n

    def _ready(self) -> Table[Any, Any]:
        if self.phase == "error":
            raise WebError(503, f"the table stopped: {self.error}")
        if self.closed or self.phase == "closed":
            raise WebError(503, "the table is closed")
        if self.table is None:
            raise WebError(503, "the table is starting")
        return self.table

    def _seat_of(self, token: str | None) -> int:
        if not token:
            raise WebError(401, "no seat token: join the table first")
        n = self.tokens.get(token)
        if n is None:
            raise WebError(401, f"unknown seat token {token[:12]!r}: join the table first")
        return n

    def check_seat(self, token: str | None, seat: int) -> None:
        """Refuse (:class:`WebError`) unless ``token`` sits at ``seat``."""
        with self.cv:
            self._mine(token, seat)

    def _mine(self, token: str | None, seat: int) -> SeatState:
        """The seat ``seat`` if ``token`` sits there; a clear refusal otherwise."""
        self._ready()
        n = self._seat_of(token)
        if seat not in self.seats:
            raise WebError(404, f"there is no seat {seat} at this table "
                                f"(seats 1 to {len(self.seats)})")
        if seat != n:
            raise WebError(403, f"seat {seat} is not yours: you sit at seat {n}")
        return self.seats[seat]

    def place_bet(self, token: str | None, seat: int, amount: int | None) -> None:
        """Bet ``amount`` cents this round (``None``: sit the round out)."""
        with self.cv:
            s = self._mine(token, seat)
            table = self._ready()
            if self.phase != "betting" or s.bet_closed or s.bet is not _UNSET:
                raise WebError(409, f"seat {seat} cannot bet now: "
                                    + ("its bet for this round is already in"
                                       if s.bet_closed or s.bet is not _UNSET
                                       else f"the table is {self._doing()}"))
            if amount is not None:
                try:
                    table.validate_bet(seat, amount, table.seats[seat].owner)
                except PaigowError as exc:
                    raise WebError(400, str(exc)) from None
            s.bet = amount
            self._changed()

    def answer_bank(self, token: str | None, seat: int, decision: str) -> None:
        """Take, co-bank or refuse the bank offered to the seat."""
        with self.cv:
            s = self._mine(token, seat)
            if s.offer is None or s.bank_answer is not None:
                raise WebError(409, f"no bank offer is waiting for seat {seat}: "
                                    f"the table is {self._doing()}")
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
        self, token: str | None, seat: int, *, index: int | None = None,
        high: str | None = None, low: str | None = None, house: bool = False,
    ) -> None:
        """Set the seat's hand: setting number ``index`` (1-based, as listed), the setting
        whose hands read ``high``/``low``, or the house way."""
        with self.cv:
            s = self._mine(token, seat)
            if s.hand is None or s.choice is not None or s.chosen is not None:
                why = "its hand is already set" if s.choice is not None or s.chosen \
                    else f"it has no hand to set (the table is {self._doing()})"
                raise WebError(409, f"seat {seat} cannot set a hand now: {why}")
            game = self.game
            assert game is not None
            if house:
                try:
                    c = game.house_choice(s.hand, s.banking)
                except PaigowError as exc:
                    raise WebError(400, f"no house way: {exc}") from None
                s.choice = Choice(c.setting, "person (house way)")
            elif index is not None:
                if isinstance(index, bool) or not isinstance(index, int) \
                        or not 1 <= index <= len(s.options):
                    raise WebError(400, f"setting {index!r} is not one of the "
                                        f"{len(s.options)} settings of your hand "
                                        f"(1 to {len(s.options)})")
                s.choice = Choice(s.options[index - 1], "person")
            elif high is not None and low is not None:
                want = (" ".join(str(high).split()), " ".join(str(low).split()))
                found = [o for o in s.options if (game.view(o).high, game.view(o).low) == want]
                if not found:
                    raise WebError(400, f"{want[0]!r} / {want[1]!r} is not a setting of "
                                        f"your hand {game.hand_text(s.hand)}")
                s.choice = Choice(found[0], "person")
            else:
                raise WebError(400, "say which setting: its number, high and low, or house")
            self._changed()

    def hint(self, token: str | None, seat: int) -> dict[str, Any]:
        """The exact value of every setting of the seat's hand (started on first ask; a
        poker hint may first build its one-time table, reported as progress)."""
        with self.cv:
            s = self._mine(token, seat)
            if s.hand is None or self.game is None:
                raise WebError(409, f"seat {seat} has no hand to advise on now")
            rnd = self.table.rounds_played + 1 if self.table else 0
            job = s.hints.get(rnd)
            if job is None:
                job = start_hint(self.game, s.hand, s.banking, s.options,
                                 self.opts.commission.rate)
                s.hints[rnd] = job
        return job.snapshot()

    # -- what a person sees ------------------------------------------------------------
    def _doing(self) -> str:
        return {
            "starting": "starting", "waiting": "waiting for a person to join",
            "betting": "taking bets", "bank": "offering the bank",
            "setting": "setting hands", "closed": "closed", "error": "stopped",
        }[self.phase]

    def state(self, token: str | None) -> dict[str, Any]:
        """Everything the person holding ``token`` may see (no token: a visitor)."""
        with self.cv:
            table, game = self.table, self.game
            me = self.tokens.get(token or "")
            seats = []
            for n, s in self.seats.items():
                seats.append({
                    "seat": n,
                    "name": s.person or f"bot ({s.bot.chooser.name})",
                    "kind": "person" if s.person else "bot",
                    "you": n == me,
                    "balance": table.balance(n) if table else 0,
                    "bet": s.round_bet if s.bet_closed else None,
                    "status": self._status(s),
                })
            out: dict[str, Any] = {
                "version": self.version,
                "game": self.opts.game,
                "phase": self.phase,
                "doing": self._doing(),
                "error": self.error,
                "round": (table.rounds_played + (0 if self.phase == "waiting" else 1))
                if table else 0,
                "rounds_played": table.rounds_played if table else 0,
                "session": self.session_id,
                "commission": str(self.opts.commission.rate),
                "flat_fee": self.opts.commission.flat_fee,
                "seats": seats,
                "house_net": table.balances.get(HOUSE, 0) if table else 0,
                "you": self._you(me) if me is not None and table and game else None,
                "last": round_json(self.last, self.seats) if self.last else None,
            }
            return out

    def _status(self, s: SeatState) -> str:
        if self.phase == "betting":
            if s.bet_closed:
                return "sits out" if s.round_bet is None else "bet"
            return "betting" if s.person else "waiting"
        if self.phase == "bank" and s.offer is not None:
            return "deciding on the bank"
        if self.phase == "setting":
            if s.hand is not None and s.choice is None and s.chosen is None:
                return "setting the hand"
            if s.round_bet is None and not s.banking:
                return "sits out"
            return "set"
        return ""

    def _you(self, n: int) -> dict[str, Any]:
        s = self.seats[n]
        table, game = self.table, self.game
        assert table is not None and game is not None
        awaiting: str | None = None
        if self.phase == "betting" and not s.bet_closed and s.bet is _UNSET:
            awaiting = "bet"
        elif s.offer is not None and s.bank_answer is None:
            awaiting = "bank"
        elif s.hand is not None and s.choice is None and s.chosen is None:
            awaiting = "set"
        you: dict[str, Any] = {
            "seat": n,
            "name": s.person,
            "balance": table.balance(n),
            "most": max(0, table.balance(n) - table.commission.flat_fee),
            "last_bet": self.opts.bet,
            "awaiting": awaiting,
            "timed_out": s.timed_out,
            "playing": s.playing,
            "bet": s.round_bet if s.bet_closed else (None if s.bet is _UNSET else s.bet),
            "bet_in": s.bet_closed or s.bet is not _UNSET,
            "offer": None,
            "hand": None,
        }
        if s.offer is not None:
            o = s.offer
            you["offer"] = {"others": o.others, "balance": o.balance,
                            "can_take": o.can_take, "can_cobank": o.can_cobank}
        if s.hand is not None:
            picked = s.choice or s.chosen
            you["hand"] = {
                "pieces": [game.piece_text(p) for p in s.hand],
                "labels": [game.piece_label(p) for p in s.hand],
                "banking": s.banking,
                "options": [
                    {"n": i, **game.view(o).__dict__} for i, o in enumerate(s.options, 1)
                ],
                "chosen": None if picked is None else {
                    **game.view(picked.setting).__dict__, "rule": picked.rule},
            }
        return you


def round_json(rec: RoundRecord, seats: dict[int, SeatState]) -> dict[str, Any]:
    """A settled round for the page: the reveal (every hand) and the results."""
    j: dict[str, Any] = rec.to_json()
    del j["deck"], j["entries"]
    j["banker_text"] = rec.banker.describe()
    results = {r.seat: r.to_json() for r in rec.results}
    hands: list[dict[str, Any]] = []
    for h in rec.hands:
        row = h.to_json()
        row["result"] = results.get(h.seat) if h.role == "player" and h.seat else None
        seat = seats.get(h.seat) if h.seat is not None else None
        row["name"] = (seat.person or "bot") if seat is not None else "the house"
        hands.append(row)
    j["hands"] = hands
    return j
