"""The Trainer page's server side: a person alone with a practice session, no table, no money.

Each browser holds one :class:`Practice` (by the ``paigow_trainer`` cookie): a
:class:`paigow.training.TrainerSession` of the game, drill, house way and role the person
chose, the hand dealt, and the last grade. Its state is pushed over a WebSocket like a
table's; actions are small POSTs. The same pieces and hand-setting as the table: the hand
comes with every arrangement by positions (:func:`paigow.web.view.arrangements`), and a
setting is sent as the positions of its low hand.

Preparing a session (the poker opponent's one-time table, a minute or two the first time)
and grading a poker hand (the exact advice) run off the request, their progress pushed.
The graded hands of a named practice are kept in the project's database under the
person's name, which is their player record's (:mod:`paigow.web.accounts`: a named
practice is a signed-in person's, or makes one), so their statistics and the chart of EV
given up belong to that person and survive restarts; a SQLite connection stays in its
thread, so each piece of work opens the store it uses.
"""

from __future__ import annotations

import itertools
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from paigow.errors import PaigowError
from paigow.phrasing import Msg, message_of, wire
from paigow.table.game import Game
from paigow.table.session import TableOptions, make_game
from paigow.ways import Rule
from paigow.web.listeners import Listener, Listeners
from paigow.web.schemas import WebError
from paigow.web.words import rule_words, trainer_task, trainer_verdict

MAX_PRACTICES = 64
IDLE_SECONDS = 3600.0


@dataclass
class Practice:
    """One person's practice in the browser (guarded by ``lock``)."""

    token: str
    client: str
    settings: dict[str, Any]
    session: Any  # a TrainerSession
    game: Game[Any, Any]
    phase: str = "preparing"  # preparing, ready (a hand to set), grading, graded, failed
    done: int = 0
    total: int = 0
    message: str = ""
    exercise: dict[str, Any] | None = None
    pieces: tuple[Any, ...] = ()
    grade: dict[str, Any] | None = None
    stats: dict[str, Any] | None = None
    series: list[dict[str, Any]] = field(default_factory=list)
    last_seen: float = field(default_factory=time.time)
    lock: threading.Lock = field(default_factory=threading.Lock)
    listeners: Listeners = field(default_factory=Listeners)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self.listeners.subscribe(listener)

    def changed(self) -> None:
        self.listeners.notify()

    def view(self) -> dict[str, Any]:
        """Everything the page shows (the answer only once graded)."""
        with self.lock:
            return {
                "phase": self.phase, "settings": self.settings,
                "progress": {"done": self.done, "total": self.total},
                "message": self.message, "exercise": self.exercise, "grade": self.grade,
                "stats": self.stats, "series": self.series,
            }


class TrainerHub:
    """Every practice this server holds, by token. Hands are dealt from a secure random
    source; a server started with ``--seed N --insecure-seed`` deals its n-th practice
    from ``Random("N:trainer:n")``, so a replayed evening deals the trainer's hands again."""

    def __init__(self, db: str | None, seed: int | None = None) -> None:
        self.db = db
        self.seed = seed
        self.started = itertools.count(1)
        self.practices: dict[str, Practice] = {}
        self.lock = threading.Lock()

    def _rng(self) -> Random | None:
        """The dealing of the next practice: ``None`` (secure) without a seed."""
        return None if self.seed is None else Random(f"{self.seed}:trainer:{next(self.started)}")

    def get(self, token: str | None) -> Practice:
        with self.lock:
            p = self.practices.get(token or "")
        if p is None:
            raise WebError(401, Msg("no practice is open here: start one"))
        p.last_seen = time.time()
        return p

    def check(self, settings: dict[str, Any]) -> None:
        """Refuse (400) settings a practice could not start with, before anything is made."""
        try:
            make_game(TableOptions(game=settings["game"], house_way=settings["way"],
                                   bot_ways=(settings["way"],)))
        except PaigowError as exc:
            raise WebError(400, message_of(exc)) from None

    def start(self, client: str, settings: dict[str, Any], old: str | None) -> Practice:
        """Open a practice with ``settings`` (checked), replacing the caller's old one."""
        from paigow.training import TrainerSession

        game = settings["game"]
        way = settings["way"]
        try:
            opts = TableOptions(game=game, house_way=way, bot_ways=(way,))
            table_game, _ = make_game(opts)
            from paigow.training.ways import card_dealer

            # a learned card (a way file of exceptions) is played against the way it is
            # exceptions to; any other way against itself, as before
            session = TrainerSession(game, settings["drill"], way, settings["banking"],
                                     None, settings["name"], self._rng(),
                                     dealer=card_dealer(game, way))
        except PaigowError as exc:
            raise WebError(400, message_of(exc)) from None
        with self.lock:
            now = time.time()
            for tok, p in list(self.practices.items()):
                if tok == old or now - p.last_seen > IDLE_SECONDS:
                    del self.practices[tok]
            if len(self.practices) >= MAX_PRACTICES:
                raise WebError(429, Msg("{n} practices are open on this server (at most "
                                        "{most}): try again later", n=len(self.practices),
                                        most=MAX_PRACTICES))
            p = Practice(secrets.token_urlsafe(24), client, settings, session, table_game)
            self.practices[p.token] = p
        threading.Thread(target=self._prepare, args=(p,), name="paigow-trainer", daemon=True).start()
        return p

    # -- work off the request ----------------------------------------------------------
    def _store(self) -> Any:
        from paigow.store import open_store

        return open_store(self.db)

    def _progress(self, p: Practice) -> Callable[[int, int], None]:
        def report(done: int, total: int) -> None:
            with p.lock:
                step = max(1, total // 200)
                moved = done == total or done // step != p.done // step
                p.done, p.total = done, total
            if moved:
                p.changed()
        return report

    def _prepare(self, p: Practice) -> None:
        try:
            p.session.prepare(self._progress(p))
            self._deal(p)
        except Exception as exc:  # shown to the person; the server goes on
            with p.lock:
                p.phase, p.message = "failed", _message(exc)
            p.changed()

    def _refresh_stats(self, p: Practice) -> None:
        if not p.session.name:
            return
        store = self._store()
        try:
            p.session.store = store
            stats = p.session.stats().to_json()
            for m in stats["costliest"]:  # the way's rule by number, never its code name
                m["rule"] = wire(rule_words(Rule.from_json(m["rule_parts"])))
            series = p.session.series("session")
        finally:
            p.session.store = None
            store.close()
        with p.lock:
            p.stats, p.series = stats, series

    def _deal(self, p: Practice) -> None:
        from paigow.web.view import arrangements

        if p.session.name:
            store = self._store()
            try:
                p.session.store = store
                ex = p.session.deal()  # leans towards the kinds this person gets wrong
            finally:
                p.session.store = None
                store.close()
        else:
            ex = p.session.deal()
        pieces = tuple(p.game.parse_piece(t) for t in ex.hand)
        shown = {**ex.to_json(), "pieces": [p.game.piece_text(x) for x in pieces],
                 "task": wire(trainer_task(ex.to_json())),  # the ways by title, for the page
                 "reason": wire(ex.reason),
                 "arrangements": arrangements(p.game, pieces),
                 "piece_names": ({p.game.piece_text(t): p.game.piece_label(t) for t in p.game.deck()}
                                 if p.game.name == "tiles" else {}),
                 "foul_rule": getattr(getattr(p.game, "rules", None), "foul", None)}
        self._refresh_stats(p)
        with p.lock:
            p.exercise, p.pieces, p.grade, p.phase, p.message = shown, pieces, None, "ready", ""
            p.done = p.total = 0
        p.changed()

    def grade(self, p: Practice, low: tuple[int, ...]) -> None:
        """Grade the setting whose low hand is the pieces at ``low`` (off the request)."""
        from paigow.web.view import arrangement_of

        with p.lock:
            if p.phase != "ready" or not p.pieces:
                raise WebError(409, Msg("there is no hand to set now (the trainer is {phase})",
                                        phase=Msg(p.phase)))
            setting, _foul, _names = arrangement_of(p.game, p.pieces, low)
            v = p.game.view(setting)
            text = f"{v.high} | {v.low}"
            p.phase = "grading"
        p.changed()
        threading.Thread(target=self._grade, args=(p, text), name="paigow-grade",
                         daemon=True).start()

    def _grade(self, p: Practice, text: str) -> None:
        from paigow.web.hints import positions_of

        try:
            store = self._store() if p.session.name else None
            try:
                p.session.store = store
                g = p.session.grade(text, self._progress(p))
            finally:
                p.session.store = None
                if store is not None:
                    store.close()
            shown = g.to_json()
            shown["verdict"] = wire(trainer_verdict(shown))  # in words, for the page
            pieces = [p.game.piece_text(x) for x in p.pieces]
            for key in ("yours", "house", "best"):
                shown[f"{key}_low"] = positions_of(pieces, shown[key]["low"])
            for o in shown["options"]:
                o["low_positions"] = positions_of(pieces, o["low"])
            for o in (shown["yours"], shown["house"], shown["best"], *shown["options"]):
                in_dealt_order(o, pieces)
                o["played"] = wire(o.get("played", ""))
                # the hands' names by their parts: the page says them in its language (a
                # poker hand with the joker's role is a message of two messages)
                o["high_value"], o["low_value"] = wire(o["high_value"]), wire(o["low_value"])
            rule = shown.get("rule") or {}
            if isinstance(rule.get("words"), Msg):  # the rule's words by their parts
                rule["words_msg"] = wire(rule["words"])
            self._refresh_stats(p)
            with p.lock:
                p.grade, p.phase, p.message = shown, "graded", ""
        except PaigowError as exc:
            with p.lock:
                p.phase, p.message = "ready", message_of(exc)
        except Exception as exc:
            with p.lock:
                p.phase, p.message = "failed", _message(exc)
        p.changed()

    def next(self, p: Practice) -> None:
        """Deal the next hand (after a grade, or to skip one)."""
        with p.lock:
            if p.phase in ("preparing", "grading"):
                raise WebError(409, Msg("the trainer is {phase}: wait for it",
                                        phase=Msg(p.phase)))
            if p.phase == "failed":
                raise WebError(409, Msg("this practice failed: start a new one"))
            p.phase = "dealing"
        p.changed()
        threading.Thread(target=self._deal_safely, args=(p,), daemon=True).start()

    def _deal_safely(self, p: Practice) -> None:
        try:
            self._deal(p)
        except Exception as exc:
            with p.lock:
                p.phase, p.message = "failed", _message(exc)
            p.changed()


def in_dealt_order(setting: dict[str, Any], pieces: list[str]) -> None:
    """A setting's two hands (``high``, ``low``: piece texts), each in the order the hand
    was dealt: highest first, as the hand is shown to be set (a way's setting lists its
    pieces in the order it took them).

    >>> s = {"high": ["4c", "Ah", "9d", "Ks", "4d"], "low": ["2c", "Qh"]}
    >>> in_dealt_order(s, ["Ah", "Ks", "Qh", "9d", "4d", "4c", "2c"])
    >>> s["high"], s["low"]
    (['Ah', 'Ks', '9d', '4d', '4c'], ['Qh', '2c'])
    """
    from paigow.web.hints import positions_of

    for key in ("high", "low"):
        setting[key] = [pieces[i] for i in positions_of(pieces, setting[key])]


def _message(exc: BaseException) -> str:
    if isinstance(exc, PaigowError):
        return str(exc)
    import logging

    logging.getLogger("paigow.web").error("trainer failure", exc_info=exc)
    return f"the trainer failed ({type(exc).__name__}; see the server's log)"
