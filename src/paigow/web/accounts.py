"""People who last, on the web side: who a browser is, their wallet, their password.

A person is a player record in the ledger's database (:mod:`paigow.store.players`), so the
same at every table, after a restart and (issue 17) at every process on one PostgreSQL.
A browser proves who it is with a secret in the ``paigow_player`` cookie (HttpOnly,
SameSite=Strict, kept :data:`SECRET_DAYS` days), or the ``X-Paigow-Token`` header for
programs; only the secret's hash is stored, and nothing sends the secret anywhere but that
cookie. A person is made on their first join (or first named practice), their wallet given
:data:`WALLET_GRANT` of play money. A password (argon2, :mod:`argon2`) is optional: with one,
the same person signs in from another browser. Names are unique, case and spacing aside.

Refusals change nothing: no or a forged secret → 401; an expired one → 401 (and it is
forgotten); a wrong name or password → 401 without saying which; too many new people or
wrong passwords from one client → 429.

**Password checks** (argon2id, 64 MiB and most of a second each) are the server's most
costly work, so they are bounded: at most :data:`PASSWORD_CHECKS` run at once, and a
request that would start one more is refused at once (503, ``Retry-After``) instead of
queueing (40 at once took a server from 731 MB to 3.2 GB). A wrong password is counted
*before* its check (:data:`FAILED_PER_HOUR` an hour per address, then 429), so a storm
from one address runs at most that many checks. Every sign-in runs exactly one check,
whether the name has a password, has none, or is nobody's (:data:`DUMMY_HASH`): its cost
does not tell which names have a password. Changing a password (``old``) is limited the
same way, per address and per person, and a new password signs the person's other
browsers out.
"""

from __future__ import annotations

import math
import os
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from paigow.errors import PaigowError
from paigow.phrasing import N_, NOTHING, Money, Msg, message_of
from paigow.store import Store, open_store
from paigow.store.players import secret_hash
from paigow.table.ledger import seat_account
from paigow.table.money import format_money
from paigow.web.lookalike import looks
from paigow.web.schemas import WebError, shown_number

COOKIE = "paigow_player"
HEADER = "x-paigow-token"
SECRET_DAYS = 400  # how long a browser stays signed in (the longest a browser keeps a cookie)
WALLET_GRANT = 200_000  # cents: a new person's play money, $2,000
NEW_PER_HOUR = 20  # new people one client may make in an hour
FAILED_PER_HOUR = 10  # wrong passwords (sign-ins, changes) one client may send in an hour
PASSWORD_CHECKS = 4  # argon2 checks (64 MiB each) running at once, at most
PASSWORD_CHECKS_ENV = "PAIGOW_PASSWORD_CHECKS"  # a process's own bound (the benchmark's)
BUSY_SECONDS = 1  # the Retry-After of a request refused while the checks are all taken
DUMMY_HASH = ("$argon2id$v=19$m=65536,t=3,p=4$4+I7VJ2BBFTlYBQn/5yl3Q$"
              "UxgSUsAVYLOIfWmbKdT91U/hwHhXCq1PoRhsCQRFvi8")
"""What a sign-in to a name without a password (or nobody's) is checked against: the hash
of a random password nobody kept, made with argon2-cffi's default parameters (a test
holds them equal to the hasher's), so that it costs what a wrong password costs."""
PASSWORD_MIN, PASSWORD_MAX = 8, 128
KNOWN_SECONDS = 2.0  # how long a looked-up sign-in is trusted before the ledger is asked again
KNOWN_SECONDS_ENV = "PAIGOW_KNOWN_SECONDS"  # a process's own setting of it (the card room's tests)
KNOWN_MOST = 10_000  # sign-ins remembered at most (then forgotten all at once)


def _known_seconds(text: str | None) -> float:
    """How long this process trusts a looked-up sign-in: ``KNOWN_SECONDS``, or the
    environment's ``PAIGOW_KNOWN_SECONDS`` (a card room's tests set an hour, so a refusal
    at another process can only come from the sign-out's notice)."""
    if not text:
        return KNOWN_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < 10**6:
        raise PaigowError(f"{KNOWN_SECONDS_ENV}={text!r} is not a number of seconds")
    return seconds


def _password_checks(text: str | None) -> int:
    """How many password checks this process runs at once: ``PASSWORD_CHECKS``, or the
    environment's ``PAIGOW_PASSWORD_CHECKS`` (1-64)."""
    if not text:
        return PASSWORD_CHECKS
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 64):
        raise PaigowError(f"{PASSWORD_CHECKS_ENV}={text!r} is not a number of checks, 1 to 64")
    return int(text)


@dataclass(frozen=True)
class Me:
    """A person as a request knows them."""

    id: int
    name: str
    has_password: bool


class Accounts:
    """The people's records of one server, over its own connection to the ledger (used from
    any thread, one call at a time). Opening it recovers what a server that died left:
    every person's seat at its tables cashed out to their wallet."""

    def __init__(self, db: str | None, grant: int = WALLET_GRANT,
                 clock: Callable[[], float] = time.time) -> None:
        if grant < 0:
            raise PaigowError(f"a new person's wallet of {format_money(grant)} must not be "
                              "negative")
        self.db = db
        self.grant = grant
        self.clock = clock
        self.lock = threading.Lock()
        self.store: Store = open_store(db, shared=True)
        self.store.fill_looks(looks)  # people made before looks were kept
        # the secret's hash -> (when looked up, the person, when the secret expires): what a
        # request asks most (every bet and setting), answered without the ledger (whose
        # read let a round thread hold the interpreter while the event loop waited).
        # Forgotten at a sign-out, an expired secret or a new password here, at a sign-out
        # at another process of a card room when the room hears of it (:meth:`forget`, by
        # PostgreSQL's NOTIFY), and asked again after KNOWN_SECONDS in any case.
        self._known: dict[str, tuple[float, Me, float]] = {}
        self.known_seconds = _known_seconds(os.environ.get(KNOWN_SECONDS_ENV))
        #: called with a secret's hash when this process signs it out (the card room
        #: tells the other processes)
        self.on_forget: Callable[[str], None] = lambda digest: None
        self._new: dict[str, deque[float]] = {}
        self._failed: dict[str, deque[float]] = {}
        self.new_per_hour = NEW_PER_HOUR
        self.failed_per_hour = FAILED_PER_HOUR
        self.checks_most = _password_checks(os.environ.get(PASSWORD_CHECKS_ENV))
        #: the slots of the password checks: one taken while a check runs
        self.checks = threading.BoundedSemaphore(self.checks_most)
        self._hasher: Any = None

    def close(self) -> None:
        with self.lock:
            self.store.close()

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    def _stamp(self, days: float = 0) -> str:
        return (self._now() + timedelta(days=days)).isoformat(timespec="seconds")

    # -- who is this ----------------------------------------------------------------------
    def lookup(self, secret: str | None) -> Me | None:
        """The person holding ``secret``; None without one; 401 for a secret nobody holds
        or one that expired (which is then forgotten)."""
        if not secret:
            return None
        if len(secret) > 200:
            raise WebError(401, Msg("that sign-in is not one of this server's: sign in again"))
        now = self.clock()
        digest = secret_hash(secret)
        known = self._known.get(digest)
        if known is not None and now - known[0] < self.known_seconds and now < known[2]:
            return known[1]
        with self.lock:
            row = self.store.player_by_secret(secret)
            if row is None:
                raise WebError(401, Msg("that sign-in is not one of this server's (unknown or "
                                        "signed out): sign in again, or sign out to start "
                                        "anew"))
            if row["expires"] <= self._stamp():
                self._known.pop(digest, None)
                self.store.drop_secret(secret)
                raise WebError(401, Msg("your sign-in has expired: sign in again with your "
                                        "name and password, or sign out to start anew"))
            me = Me(row["id"], row["name"], bool(row["password"]))
            if len(self._known) >= KNOWN_MOST:
                self._known.clear()
            self._known[digest] = (now, me, _epoch(row["expires"]))
        return me

    def forget(self, digest: str) -> None:
        """The secret whose hash is ``digest`` was signed out (at another process)."""
        with self.lock:
            self._known.pop(digest, None)

    def require(self, secret: str | None) -> Me:
        """The person holding ``secret``; 401 without one."""
        me = self.lookup(secret)
        if me is None:
            raise WebError(401, Msg("you are not signed in: join a table (or the trainer) with "
                                    "a name, or sign in"))
        return me

    # -- new people, signing in and out ----------------------------------------------------
    def _limit(self, book: dict[str, deque[float]], key: str, most: int, what: str,
               whom: str = N_("from this address")) -> None:
        now = self.clock()
        seen = book.setdefault(key, deque())
        while seen and now - seen[0] > 3600:
            seen.popleft()
        if len(seen) >= most:
            raise WebError(429, Msg("too many {what} {whom} in an hour (at most {most}): try "
                                    "again later", what=Msg(what), whom=Msg(whom), most=most),
                           retry_after=max(1, math.ceil(3600 - (now - seen[0]))))

    def _count_attempt(self, keys: list[tuple[str, str]]) -> float:
        """Count a password attempt against each ``(key, whom)`` before it is checked (429
        when one is at the limit); its stamp, for :meth:`_uncount`."""
        with self.lock:
            for key, whom in keys:
                self._limit(self._failed, key, self.failed_per_hour, N_("wrong passwords"),
                            whom)
            stamp = self.clock()
            for key, _whom in keys:
                self._failed.setdefault(key, deque()).append(stamp)
        return stamp

    def _uncount(self, keys: list[tuple[str, str]], stamp: float) -> None:
        """The attempt counted at ``stamp`` was right, or was never checked."""
        with self.lock:
            for key, _whom in keys:
                seen = self._failed.get(key)
                if seen and stamp in seen:
                    seen.remove(stamp)

    @property
    def hasher(self) -> Any:
        """The argon2 hasher (argon2-cffi's defaults: argon2id, 64 MiB, 3 passes)."""
        if self._hasher is None:
            from argon2 import PasswordHasher

            self._hasher = PasswordHasher()
        return self._hasher

    @contextmanager
    def _checking(self) -> Iterator[None]:
        """One slot of the bounded password checks; 503 at once when all are taken."""
        if not self.checks.acquire(blocking=False):
            raise WebError(503, Msg("the server is busy checking other passwords: try again "
                                    "in a moment"), retry_after=BUSY_SECONDS)
        try:
            yield
        finally:
            self.checks.release()

    def _verify(self, stored: str | None, given: str) -> bool:
        """Whether ``given`` is the password whose hash is ``stored``: one argon2 check
        either way (no password: against :data:`DUMMY_HASH`, never true). Call it inside
        :meth:`_checking`."""
        from argon2.exceptions import InvalidHashError, VerificationError

        try:
            self.hasher.verify(stored or DUMMY_HASH, given)
        except (VerificationError, InvalidHashError):
            return False
        return bool(stored)

    def create(self, name: str, client: str) -> tuple[Me, str]:
        """A new person called ``name`` (checked by :func:`schemas.name_field`); the
        browser's new secret. A taken name is refused (409)."""
        with self.lock:
            self._limit(self._new, client, self.new_per_hour, N_("new people"))
            secret = secrets.token_urlsafe(32)
            try:
                pid = self.store.create_player(name, secret, self._stamp(SECRET_DAYS),
                                               self.grant, self._stamp(), client, looks(name))
            except PaigowError as exc:
                raise WebError(409, message_of(exc)) from None
            self._new[client].append(self.clock())
        return Me(pid, name, False), secret

    def sign_in(self, name: str, password: str, client: str) -> tuple[Me, str]:
        """Sign in as ``name`` with ``password`` from a new browser; its secret. The attempt
        is counted before the check and forgotten if it was right."""
        keys = [(client, N_("from this address"))]
        stamp = self._count_attempt(keys)
        try:
            with self.lock:
                row = self.store.player_by_name(name)
            with self._checking():
                right = self._verify(row["password"] if row else None, password)
        except BaseException:  # never checked (busy, the ledger): not a wrong password
            self._uncount(keys, stamp)
            raise
        if not right or row is None:
            raise WebError(401, Msg("wrong name or password (a person without a password "
                                    "cannot sign in elsewhere)"))
        self._uncount(keys, stamp)
        secret = secrets.token_urlsafe(32)
        with self.lock:
            self.store.add_secret(row["id"], secret, self._stamp(SECRET_DAYS), self._stamp())
        return Me(row["id"], row["name"], True), secret

    def sign_out(self, secret: str | None) -> bool:
        """Forget this browser's secret; whether it was known."""
        if not secret or len(secret) > 200:
            return False
        digest = secret_hash(secret)
        with self.lock:
            self._known.pop(digest, None)
            known = self.store.drop_secret(secret)
        self.on_forget(digest)
        return known

    def set_password(self, me: Me, new: str, old: str | None, client: str = "unknown",
                     keep: str | None = None) -> int:
        """Give ``me`` a password (or change it: ``old`` must then be the current one,
        limited as sign-ins are, per address and per person). Every other browser of
        theirs is signed out: all their secrets but ``keep`` (this browser's) are dropped.
        How many were."""
        if not PASSWORD_MIN <= len(new) <= PASSWORD_MAX:
            raise WebError(400, Msg("a password is {low} to {high} characters, not {n}",
                                    low=PASSWORD_MIN, high=PASSWORD_MAX, n=len(new)))
        with self.lock:
            row = self.store.player_by_id(me.id)
        assert row is not None
        keys = [(client, N_("from this address")), (f"person:{me.id}", N_("for this person"))] \
            if row["password"] else []
        stamp = self._count_attempt(keys) if keys else 0.0
        try:
            with self._checking():  # the check of the old one and the hash of the new one
                right = not row["password"] or self._verify(row["password"], old or "")
                made = self.hasher.hash(new) if right else ""
        except BaseException:
            self._uncount(keys, stamp)
            raise
        if not right:
            raise WebError(403, Msg("the current password is wrong: the password is unchanged"))
        self._uncount(keys, stamp)
        with self.lock:
            self.store.set_password(me.id, made)
            dropped = self.store.drop_other_secrets(me.id, keep)
            self._known = {k: v for k, v in self._known.items() if v[1].id != me.id}
        for digest in dropped:
            self.on_forget(digest)
        return len(dropped)

    # -- money ---------------------------------------------------------------------------
    def wallet(self, me: Me) -> int:
        with self.lock:
            return self.store.wallet(me.id)

    def summary(self, me: Me) -> dict[str, Any]:
        """What the account page shows: name, wallet, chips at each table, password set."""
        from paigow.web.view import stored_name

        with self.lock:
            wallet = self.store.wallet(me.id)
            seats = []
            for s in self.store.stints(player_id=me.id, open_only=True):
                chips = self.store.balances(s["session"]).get(seat_account(s["seat"]), 0)
                seats.append({"table": s["table"], **stored_name(s["table"], "table_msg"),
                              "seat": s["seat"], "chips": chips,
                              "since_round": s["first_round"]})
            _rows, rounds = self.store.player_rounds(me.id, limit=0)
        return {"id": me.id, "name": me.name, "password": me.has_password,
                "wallet": wallet, "seats": seats, "total": wallet + sum(s["chips"] for s in seats),
                "rounds": rounds, "grant": self.grant,
                "can_reload": self._can_reload(wallet, seats)}

    def _can_reload(self, wallet: int, seats: list[dict[str, Any]]) -> bool:
        return not seats and wallet < self.grant // 10

    def reload(self, me: Me) -> int:
        """Play money again for a person who has run out (their wallet below a tenth of a
        new person's, and no chips at any table): the wallet back to a new person's."""
        with self.lock:
            wallet = self.store.wallet(me.id)
            seated = self.store.stints(player_id=me.id, open_only=True)
            if seated or wallet >= self.grant // 10:
                raise WebError(409, Msg(
                    "a reload is for an empty wallet (below {low}) with no chips at any table; "
                    "yours holds {wallet}{seated}", low=Money(self.grant // 10),
                    wallet=Money(wallet), seated=Msg(" and you sit at a table") if seated
                    else NOTHING))
            self.store.grant(me.id, self.grant - wallet, "play money again: a reload")
            return self.grant

    # -- history -------------------------------------------------------------------------
    def rounds(self, me: Me, table: str | None, page: int, size: int) -> tuple[
            list[dict[str, Any]], int]:
        """A page of the settled rounds ``me`` sat in (at the table named ``table``, or
        anywhere), newest first, each with the names of the people at it; and the total."""
        with self.lock:
            rows, total = self.store.player_rounds(me.id, table, size, (page - 1) * size)
            for r in rows:
                r["names"] = self.store.names_at(r["session"], r["number"])
        return rows, total

    def round_of(self, me: Me, round_id: int) -> dict[str, Any]:
        """Round ``round_id`` for its story and audit, if ``me`` sat in it: 404 when there
        is no such settled round, 403 when it is someone else's."""
        import json

        with self.lock:
            try:
                rnd = self.store.round(round_id)
            except PaigowError:  # no such round (an id past the ledger's integers too)
                raise WebError(404, Msg("there is no round {round}",
                                        round=shown_number(round_id))) from None
            if rnd["status"] != "settled":
                raise WebError(404, Msg("round {round} is {status}, not settled",
                                        round=round_id, status=Msg(rnd["status"])))
            mine = self.store.round_owner(round_id, me.id)
            if mine is None:
                raise WebError(403, Msg("round {round} is not one you played: only its "
                                        "players may read it", round=round_id))
            session = self.store.session(rnd["session"])
            names = self.store.names_at(rnd["session"], rnd["number"])
        detail = rnd["detail"] if isinstance(rnd["detail"], dict) else json.loads(rnd["detail"])
        return {**mine, "detail": detail, "session_record": session, "names": names}


def _epoch(stamp: Any) -> float:
    """A secret's ``expires`` (an ISO text in SQLite, a timestamp in PostgreSQL) in
    seconds since the epoch."""
    when = stamp if isinstance(stamp, datetime) else datetime.fromisoformat(str(stamp))
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


__all__ = ["COOKIE", "HEADER", "SECRET_DAYS", "WALLET_GRANT", "Accounts", "Me"]
