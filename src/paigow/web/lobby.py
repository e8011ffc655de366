"""The lobby: the tables one server holds, and opening a new one with its rules.

By default ``paigow serve`` opens one table of each game. A person may open another with
its own rules (game, seats, minimum and maximum bet, bankroll, commission rate or flat fee,
house way, rule variants), checked like any other input; a client may open at most
``tables_per_client`` tables and the server holds at most ``max_tables``.

**Empty tables close.** A table people opened that nobody has sat at for
``table_idle_seconds`` (30 minutes by default; ``paigow serve --table-idle-minutes``) is
closed (:meth:`Lobby.expire`): out of the lobby and out of the ledger's kept tables, its
page saying why (410). So tables a stranger opens and leaves cannot hold the server's
``max_tables`` places for ever. The command line's tables never close.

**Tables last.** Every table is kept in the ledger (:mod:`paigow.store.tables`): its id,
name and rules. When the server starts again (:meth:`Lobby.start`), each table people
opened comes back with its id, name and rules, and each of the command line's tables takes
back the id and name of the one of its game it had; a table numbers its rounds on from
where they were, and tells its page when a round was called off by the restart (its bets
returned). The seats people held are offered back to them (:mod:`paigow.store.players`).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paigow.errors import PaigowError
from paigow.phrasing import N_, Money, Msg, message_of
from paigow.settle import Commission, parse_rate
from paigow.store.base import now
from paigow.table.session import Prepared, TableOptions, prepare
from paigow.web.accounts import WALLET_GRANT, Accounts
from paigow.web.host import HostLimits, TableHost
from paigow.web.listeners import Listeners
from paigow.web.schemas import WebError

if TYPE_CHECKING:
    from paigow.web.room import Room

MAX_TABLES = 12
TABLES_PER_CLIENT = 2
TABLE_IDLE_SECONDS = 30 * 60.0
CLOSED_KEPT = 1000  # why a table closed, told to its late visitors: the last this many
DEFAULT_WAYS = {"tiles": "australian", "poker": "house"}


def house_ways(game: str) -> list[str]:
    """The house ways a new table of ``game`` may use: shipped ways that set a banker's
    hand, and at poker only those with a fast kernel (the Hint's exact advice needs the
    way's setting of all 154,143,080 hands). A command line's placeholders (``FILE.toml``)
    are never offered: a browser names no file."""
    from paigow.web.words import menu_ways

    if game == "tiles":
        from paigow.tiles.ways.registry import NAMES

        return menu_ways([n for n in NAMES if n != "optimal"])
    from paigow.analysis.poker_ways import SlowWay, fast_way
    from paigow.poker.ways import NAMES as POKER_NAMES
    from paigow.poker.ways.file_way import shipped_ways

    built_in = [n for n in POKER_NAMES
                if n != "optimal" and not isinstance(fast_way(n), SlowWay)]
    return [*built_in, *shipped_ways()]  # every shipped way file runs in the fast kernel


@dataclass
class Lobby:
    """Every table this server holds, by id (``"1"``, ``"2"``, ...)."""

    db: str | None = None
    limits: HostLimits = field(default_factory=HostLimits)
    max_tables: int = MAX_TABLES
    tables_per_client: int = TABLES_PER_CLIENT
    warm_hints: bool = True
    tables: dict[str, TableHost] = field(default_factory=dict)
    opened_by: dict[str, str] = field(default_factory=dict)  # table id -> client
    lock: threading.Lock = field(default_factory=threading.Lock)
    next_id: int = 1
    listeners: Listeners = field(default_factory=Listeners)
    wallet_grant: int = WALLET_GRANT
    accounts: Accounts = field(init=False)
    room: Room | None = None  # many processes on one PostgreSQL ledger (web/room.py)
    table_idle_seconds: float | None = TABLE_IDLE_SECONDS  # None: people's tables stay
    clock: Callable[[], float] = time.time  # the tables' clock too
    closed_why: dict[str, Msg] = field(default_factory=dict)  # table id -> why it closed
    _sweeper: threading.Thread | None = field(default=None, init=False, repr=False)
    _stop: threading.Event = field(default_factory=threading.Event, init=False, repr=False)

    def __post_init__(self) -> None:
        # the people's records, opened first: their recovery cashes out the seats a
        # server that died left, before a table of this one opens
        self.accounts = Accounts(self.db, self.wallet_grant)

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` on every change of any table (and on a new table)."""
        return self.listeners.subscribe(listener)

    def _notify(self) -> None:
        self.listeners.notify()

    def enter_room(self, url: str, slot: int, address: str) -> Room:
        """Join the card room on the PostgreSQL ``url`` in ``slot``, this process reachable
        at ``address``: its tables go in the room's directory, the room's changes reach
        the lobby's listeners, and sign-outs go both ways (:mod:`paigow.web.room`)."""
        from paigow.web.room import Room

        room = Room(url, slot, address, on_change=self.listeners.notify,
                    on_signout=self.accounts.forget)
        room.join()
        self.room = room
        self.accounts.on_forget = room.signed_out
        return room

    @property
    def slot(self) -> int:
        """This server's slot in a card room (0: a server on its own), which keeps its
        tables in the ledger apart from the other servers'."""
        return self.room.slot if self.room is not None else 0

    def start(self, defaults: list[tuple[TableOptions, Prepared]]) -> None:
        """Open the server's tables: each of ``defaults`` (the command line's, in the id
        and name the table of its game had before, if it had one) and every table people
        opened that the ledger keeps for this server (:mod:`paigow.store.tables`). A kept
        table whose rules can no longer be made is closed for good (logged). Refused
        (:class:`~paigow.errors.TablesServedError`) while another live server serves
        the ledger's tables: nothing is opened or written then."""
        from paigow.web.host import log

        store = self.accounts.store
        with self.accounts.lock:
            if self.room is None:  # a card room's slot is held by the room (web/room.py)
                store.hold_tables(self.slot)  # one server on a ledger's tables at a time
            kept = store.kept_tables(self.slot)
            ids = [int(i) for i in store.table_ids(self.slot) if i.isdigit()]
        self.next_id = max([self.next_id - 1, *ids]) + 1
        old = [k for k in kept if k["kind"] == "default"]
        for opts, made in defaults:
            k = next((x for x in old if x["options"].get("game") == opts.game), None)
            if k is not None:
                old.remove(k)
            self.open(opts, prepared=made, kind="default", kept=k)
        for k in old:  # a table of a game the command line no longer opens
            with self.accounts.lock:
                store.close_table(self.slot, k["id"], now())
        for k in kept:
            if k["kind"] != "opened":
                continue
            try:
                self.open(options_from_json(k["options"]), k["name"], k["client"], kept=k)
            except (PaigowError, WebError, TypeError, ValueError) as exc:
                log.error("table %s (%r) could not open again: %s", k["id"], k["name"], exc)
                with self.accounts.lock:
                    store.close_table(self.slot, k["id"], now())

    def open(self, opts: TableOptions, name: str = "", client: str = "",
             prepared: Prepared | None = None, *, kind: str = "opened",
             kept: dict[str, Any] | None = None) -> TableHost:
        """Open and start a table with ``opts`` (built from ``prepared`` when the caller has
        checked the options already); its host. Nothing is opened or written for options
        that a table would refuse. The table is kept in the ledger (``kind``: ``opened``
        by a person, or a ``default`` of the command line); ``kept``: the ledger's record
        of the table this one is again (its id and name, its rounds' numbers go on)."""
        if prepared is None:
            try:
                prepared = prepare(opts)
            except PaigowError as exc:
                raise WebError(400, Msg("the table could not open: {why}",
                                        why=message_of(exc))) from None
        before, called_off = self._resumed(kept)
        self.expire()  # a place held by a table that stood empty is free again
        self._sweep()
        with self.lock:
            if len(self.tables) >= self.max_tables:
                raise WebError(429, Msg("this server holds {n} tables already (at most "
                                        "{most})", n=len(self.tables), most=self.max_tables))
            if client and kept is None:
                mine = sum(1 for c in self.opened_by.values() if c == client)
                if mine >= self.tables_per_client:
                    raise WebError(429, Msg("you have opened {n} tables already (at most "
                                            "{most})", n=mine, most=self.tables_per_client))
            if kept is not None:
                table_id = kept["id"]
            else:
                table_id = self.room.new_table_id() if self.room else str(self.next_id)
                self.next_id += 1
            host = TableHost(opts, self.db, table_id=table_id,
                             name=kept["name"] if kept else name, limits=self.limits,
                             warm_hints=self.warm_hints, prepared=prepared,
                             rounds_before=before, called_off=called_off, slot=self.slot,
                             clock=self.clock)
            self.tables[table_id] = host
            if client:
                self.opened_by[table_id] = client
        with self.accounts.lock:
            self.accounts.store.keep_table(self.slot, table_id, host.name, kind,
                                           options_json(opts), client, now())
        try:
            host.start()
        except PaigowError as exc:
            with self.lock:
                self.tables.pop(table_id, None)
                self.opened_by.pop(table_id, None)
            with self.accounts.lock:
                self.accounts.store.close_table(self.slot, table_id, now())
            raise WebError(400, Msg("the table could not open: {why}",
                                    why=message_of(exc))) from None
        host.subscribe(self._notify)
        if self.room is not None:
            from paigow.web.view import table_summary

            room = self.room
            with host.cv:
                room.opened(table_id, table_summary(host))

            def publish() -> None:
                room.changed(table_id, lambda: _summary(host))

            host.subscribe(publish)
        self._notify()
        return host

    def _resumed(self, kept: dict[str, Any] | None) -> tuple[int, int | None]:
        """For a table opened again: how many rounds it had played (its next round's
        number follows them), and the number of the round its last start called off (its
        bets returned), if one was."""
        if kept is None or kept["session"] is None:
            return (0, None)
        with self.accounts.lock:
            last = self.accounts.store.last_round(kept["session"])
        if last is None:
            return (kept["first_round"] - 1, None)
        return (last["number"], last["number"] if last["status"] == "void" else None)

    def get(self, table_id: str) -> TableHost:
        """The table ``table_id``; 404 when there is none."""
        host = self.tables.get(table_id)
        if host is None:
            gone = self.closed_why.get(table_id)
            if gone is None and self.room is not None:
                why = self.room.gone(table_id)
                gone = None if why is None else Msg(why)
            if gone is not None:
                raise WebError(410, Msg("table {table} has closed: {why}", table=table_id,
                                        why=gone))
            raise WebError(404, Msg("there is no table {table} here",
                                    table=repr(table_id[:20])))
        return host

    def listing(self) -> list[dict[str, Any]]:
        """Every table as the lobby lists it."""
        from paigow.web.view import table_summary

        with self.lock:
            hosts = list(self.tables.values())
        out = []
        for h in hosts:
            with h.cv:
                out.append(table_summary(h))
        if self.room is not None:
            for x in out:
                x["where"] = self.room.where(self.room.slot, self.room.address, True)
            out += self.room.remote
            # in the order the tables were opened across the room (an id is the room's
            # serial times 100 plus the slot), the same from every process
            out.sort(key=lambda x: int(x["id"]) if str(x["id"]).isdigit() else 0)
        return out

    def expire(self) -> list[str]:
        """Close every table people opened that has stood empty (nobody seated, no chips
        at a seat, no round in play) for ``table_idle_seconds``: out of the lobby and the
        ledger's kept tables (a restart does not bring it back), its page told why (410),
        the room's lobbies too. The command line's tables stay. Called before a table opens
        (a full server makes room) and every minute by a thread of the lobby's; the ids
        closed."""
        limit = self.table_idle_seconds
        if limit is None:
            return []
        with self.lock:
            candidates = [(i, self.tables[i]) for i in self.opened_by if i in self.tables]
        minutes = round(limit / 60)
        why = (Msg("nobody sat at it for {minutes} minutes", minutes=minutes) if minutes > 1
               else Msg("nobody sat at it for a minute"))
        idle = []
        for table_id, host in candidates:
            with host.cv:  # never under the lobby's lock: a table tells the lobby under its own
                if host.closed or host.idle_for() < limit:
                    continue
                host.closed = True  # from here it seats nobody (join refuses a closed table)
                host.error = Msg("table {table} has closed: {why}", table=table_id, why=why)
            idle.append((table_id, host))
        if not idle:
            return []
        with self.lock:
            for table_id, _ in idle:
                self.tables.pop(table_id, None)
                self.opened_by.pop(table_id, None)
                self.closed_why[table_id] = why
            while len(self.closed_why) > CLOSED_KEPT:
                del self.closed_why[next(iter(self.closed_why))]
        for table_id, host in idle:
            host.close()
            with self.accounts.lock:
                self.accounts.store.close_table(self.slot, table_id, now())
            if self.room is not None:
                self.room.closed(table_id, N_("nobody sat at it for a long while"))
        self._notify()
        return [table_id for table_id, _ in idle]

    def _sweep(self) -> None:
        """Start the thread that closes tables left empty (:meth:`expire`) every minute
        (more often for a short ``table_idle_seconds``), once."""
        limit = self.table_idle_seconds
        if limit is None or self._sweeper is not None:
            return
        step = min(60.0, max(1.0, limit / 10))

        def run() -> None:
            from paigow.web.host import log

            while not self._stop.wait(step):
                try:
                    self.expire()
                except Exception as exc:  # the next pass tries again
                    log.error("closing the tables left empty failed", exc_info=exc)

        self._sweeper = threading.Thread(target=run, name="paigow-lobby-sweep", daemon=True)
        self._sweeper.start()

    def close(self) -> None:
        """Close every table (rounds in play are voided, people's chips go back to their
        wallets), then the people's records."""
        self._stop.set()
        if self._sweeper is not None:
            self._sweeper.join(10)
        with self.lock:
            hosts = list(self.tables.values())
        for h in hosts:
            h.close()
        self.accounts.close()


def options_json(opts: TableOptions) -> dict[str, Any]:
    """A table's rules as the ledger keeps them (the seed of a replay aside: a table that
    comes back deals from the secure source)."""
    import dataclasses

    out = {f.name: getattr(opts, f.name) for f in dataclasses.fields(opts)
           if f.name not in ("commission", "seed")}
    c = opts.commission
    out["commission"] = {"rate": str(c.rate), "flat_fee": c.flat_fee, "rounding": c.rounding}
    kept: dict[str, Any] = json.loads(json.dumps(out))  # tuples as lists
    return kept


def options_from_json(data: dict[str, Any]) -> TableOptions:
    """The rules :func:`options_json` kept, as options again (checked as any table's).

    >>> o = TableOptions(game="poker", house_way="house", bot_ways=("house",), push="low:9",
    ...                  side_bets=("tiger-9",), commission=Commission(rate=Fraction(0)))
    >>> options_from_json(options_json(o)) == o
    True
    """
    c = data["commission"]
    known = {k: v for k, v in data.items() if k != "commission"}
    for k in ("bot_ways", "side_bets"):
        if k in known:
            known[k] = tuple(known[k])
    if "bot_side" in known:
        known["bot_side"] = tuple((str(n), int(v)) for n, v in known["bot_side"])
    return TableOptions(**known, commission=Commission(
        rate=Fraction(c["rate"]), flat_fee=int(c["flat_fee"]), rounding=c["rounding"]))


def _summary(host: TableHost) -> dict[str, Any]:
    from paigow.web.view import table_summary

    with host.cv:
        return table_summary(host)


def _side_bets(raw: list[Any], game: str) -> tuple[str, ...]:
    """The side bets a new table offers: shipped pay tables only (a browser names no file)."""
    from paigow.poker.sidebet import shipped_paytables

    shipped = shipped_paytables()
    out: list[str] = []
    for name in raw:
        if not isinstance(name, str) or name.strip().lower() not in shipped:
            raise WebError(400, Msg("unknown side bet {name}: choose from {names}",
                                    name=repr(str(name)[:40]), names=", ".join(shipped)))
        if name.strip().lower() in out:
            raise WebError(400, Msg("the side bet {name} is offered twice", name=repr(name)))
        out.append(name.strip().lower())
    if out and game != "poker":
        raise WebError(400, Msg("side bets read seven cards: they are offered at poker "
                                "tables only"))
    return tuple(out)


def options_from_request(data: dict[str, Any], defaults: TableOptions) -> tuple[TableOptions, str]:
    """Table options from a checked ``NEW_TABLE`` body; every bad value named."""
    from paigow.web.schemas import money_field

    game = str(data.get("game", "")).strip().lower()
    if game not in DEFAULT_WAYS:
        raise WebError(400, Msg("unknown game {game}: choose tiles or poker", game=repr(game)))
    way = str(data.get("house_way") or DEFAULT_WAYS[game]).strip().lower()
    if way not in house_ways(game):
        raise WebError(400, Msg("unknown {game} house way {way}: choose one of {ways}",
                                game=Msg(game), way=repr(way),
                                ways=", ".join(house_ways(game))))
    seats = data.get("seats", 4)
    limit = 7 if game == "tiles" else 6
    if not 1 <= seats <= limit:
        raise WebError(400, Msg("a {game} table seats 1 to {most} players, not {seats}",
                                game=Msg(game), most=limit, seats=str(seats)))
    min_bet = money_field(data, "min_bet") if "min_bet" in data else defaults.min_bet
    max_bet = money_field(data, "max_bet") if "max_bet" in data else defaults.max_bet
    bankroll = money_field(data, "bankroll") if "bankroll" in data else defaults.bankroll
    fee = money_field(data, "flat_fee") if "flat_fee" in data else defaults.commission.flat_fee
    side_bets = _side_bets(data.get("side_bets", []), game)
    side_min = money_field(data, "side_min") if "side_min" in data else 100
    side_max = money_field(data, "side_max") if "side_max" in data else 10_000
    push = str(data.get("push", "none")).strip()
    bank = str(data.get("bank", "rotates")).strip().lower()
    if bank not in ("rotates", "house"):
        raise WebError(400, Msg("unknown bank rule {bank}: choose rotates (players may bank) "
                                "or house (the house banks every round)", bank=repr(bank[:20])))
    preset = [k for k in ("ez", "commission_free") if data.get(k) is True]
    if len(preset) > 1:
        raise WebError(400, Msg('"ez" and "commission_free" are two different games: give one'))
    if preset:
        title = {"ez": "EZ Pai Gow (\"ez\")",
                 "commission_free": "Commission-Free Pai Gow Poker (\"commission_free\")"}
        if "push" in data or "commission" in data:
            raise WebError(400, Msg('"{preset}" sets the push rule and the commission: give '
                                    '"{preset}" or "push"/"commission", not both',
                                    preset=preset[0]))
        if game != "poker":
            raise WebError(400, Msg("{game} is a Pai Gow Poker game",
                                    game=Msg(title[preset[0]])))
        push = "pai-gow:Q" if preset == ["ez"] else "low:9"
    if preset == ["commission_free"]:
        if "bank" in data and bank != "house":
            raise WebError(400, Msg('"commission_free" has no player banking: drop "bank"'))
        bank = "house"
        if "tiger-9" not in side_bets:
            side_bets = ("tiger-9", *side_bets)
    try:
        rate = Fraction(0) if preset else \
            parse_rate(data["commission"]) if "commission" in data else \
            defaults.commission.rate
        bet = max(min_bet, min(defaults.bet, max_bet or defaults.bet, bankroll - fee))
        name = " ".join(str(data.get("name", "")).split())
        if name and not name.isprintable():
            raise WebError(400, Msg("table name {name} holds a control character",
                                    name=repr(name)))
        if fee and fee >= bankroll:
            raise WebError(400, Msg("a flat fee of {fee} leaves nothing to bet from a "
                                    "bankroll of {bankroll}", fee=Money(fee),
                                    bankroll=Money(bankroll)))
        opts = TableOptions(
            game=game, seats=seats, bankroll=bankroll, bet=bet,
            commission=Commission(rate=rate, flat_fee=fee), house_way=way, bot_ways=(way,),
            bot_bank=defaults.bot_bank,
            gee_joon_tiebreak=str(data.get("gee_joon_tiebreak", "ranked")).strip().lower(),
            joker=str(data.get("joker", "bug")).strip().lower(),
            wheel=str(data.get("wheel", "second")).strip().lower(),
            foul=str(data.get("foul", "house")).strip().lower(),
            push=push, min_bet=min_bet, max_bet=max_bet,
            side_bets=side_bets, side_min=side_min, side_max=side_max,
            dragon=str(data.get("dragon", "off")).strip().lower(),
            dragon_limit=str(data.get("dragon_limit", "up-to-main")).strip().lower(),
            player_bank=bank == "rotates",
        )
        if game == "poker":
            opts.poker_rules  # noqa: B018 - checks the variants now, not at the first deal
        elif opts.gee_joon_tiebreak not in ("ranked", "no_value"):
            raise PaigowError(f"unknown gee_joon_tiebreak {opts.gee_joon_tiebreak!r}: "
                              "choose ranked or no_value")
    except WebError:
        raise
    except PaigowError as exc:
        raise WebError(400, message_of(exc)) from None
    return opts, name
