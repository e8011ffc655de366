"""A practice session: deal a hand, read the person's setting, grade it, keep the record.

:class:`TrainerSession` is the whole trainer as a library, for the terminal
(``paigow train``) and the browser alike:

>>> s = TrainerSession("tiles", "player", rng=7)
>>> ex = s.deal()
>>> len(ex.hand), [c.number for c in ex.choices][:1]
(4, [1])
>>> g = s.grade(1)
>>> g.ev_lost >= 0, s.summary().hands
(True, 1)

Two drills: ``player`` (set each hand for the best EV; right when nothing is given up)
and ``dealer`` (set each hand the house way; right when it is the house way's setting, and
the grade names the house way's numbered rule). The role defaults to the drill's: a player
against a banker in the player drill, the bank against a player in the dealer drill.

With a ``store`` (the project's database, :func:`paigow.store.open_store`) and a ``name``,
every graded hand is kept, in one transaction each, and :meth:`TrainerSession.stats` sums
up all of that person's sessions; deals lean towards the kinds of hands the person gets
wrong (:mod:`paigow.training.bias`). Chance is injected: ``rng`` is a
:class:`random.Random`, a seed (an ``int``, for replay), or None for the operating
system's secure source.
"""

from __future__ import annotations

import secrets
from collections.abc import Hashable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

from paigow.analysis import Progress
from paigow.errors import RuleError, TrainerError
from paigow.poker.rules import PokerRules
from paigow.store.base import Store
from paigow.tiles.rules import TileRules
from paigow.training.bias import RECENT, choose_focus, deal_of_kind
from paigow.training.grade import (
    DEFAULT_RATE,
    Choice,
    Drill,
    Grade,
    Grader,
    PokerGrader,
    TileGrader,
    check_drill,
)
from paigow.training.kinds import kind_label
from paigow.training.stats import (
    TrainerStats,
    ev_lost_series,
    hand_record,
    summarize,
    training_stats,
)
from paigow.training.ways import Game, check_game, check_rules

NAME_LIMIT = 64




def check_name(name: str) -> str:
    """A person's name as kept: trimmed, 1 to 64 printable characters.

    >>> check_name("  Ann ")
    'Ann'
    >>> check_name("")
    Traceback (most recent call last):
    ...
    paigow.errors.TrainerError: a name is needed to keep a person's practice: give one of 1 to 64 characters
    """
    text = str(name).strip()
    if not text or len(text) > NAME_LIMIT:
        raise TrainerError("a name is needed to keep a person's practice: give one of 1 to "
                           f"{NAME_LIMIT} characters")
    if not text.isprintable():
        raise TrainerError(f"the name {text!r} holds a character that cannot be printed")
    return text


@dataclass(frozen=True)
class Exercise:
    """A hand to set: the pieces, the distinct settings to choose among (numbered), and,
    when it was dealt for practice of a kind the person gets wrong, that kind and why.
    It holds no answer: it can be shown before the person sets the hand."""

    number: int
    game: Game
    drill: Drill
    hand: tuple[str, ...]
    choices: tuple[Choice, ...]
    kinds: tuple[str, ...]
    focus: str | None
    reason: str | None
    banking: bool
    way: str
    dealer: str

    @property
    def task(self) -> str:
        """What the person is asked to do, in one sentence."""
        role = "as the bank, against a player" if self.banking else "as a player, against a banker"
        if self.drill == "dealer":
            return f"set this hand by the house way, {self.way} ({role} setting by {self.dealer})"
        return f"set this hand for the best EV ({role} setting by {self.dealer})"

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number, "game": self.game, "drill": self.drill,
            "hand": list(self.hand), "choices": [c.to_json() for c in self.choices],
            "kinds": list(self.kinds),
            "kind_labels": [kind_label(self.game, k) for k in self.kinds],
            "focus": self.focus, "reason": self.reason, "banking": self.banking,
            "way": self.way, "dealer": self.dealer, "task": self.task,
        }


def _rng(rng: Random | int | None) -> tuple[Random, str]:
    if rng is None:
        return secrets.SystemRandom(), "secure"
    if isinstance(rng, bool):
        raise RuleError("a seed is a whole number")
    if isinstance(rng, int):
        if rng < 0:
            raise RuleError(f"a seed is a whole number of at least 0, got {rng}")
        return Random(rng), f"seed {rng}"
    return rng, "injected"


class TrainerSession:
    """One person practising one drill of one game (see the module's description).

    ``way`` is the house way drilled and shown (default ``australian`` / ``house``; any name
    the game's registry knows); ``dealer`` the way the other side sets by (the same
    defaults); ``banking`` None takes the drill's role. ``deck`` (poker only) deals from a
    smaller deck, a small exact problem (tests). ``bias`` False deals every hand evenly.

    ``store`` is a plain attribute: a server whose requests run in other threads may open a
    store in each (a SQLite connection stays in its thread) and set it before each call.
    """

    def __init__(
        self,
        game: str,
        drill: str = "player",
        way: str | None = None,
        banking: bool | None = None,
        store: Store | None = None,
        name: str = "",
        rng: Random | int | None = None,
        *,
        dealer: str | None = None,
        commission: Fraction | str | float = DEFAULT_RATE,
        rules: TileRules | PokerRules | None = None,
        deck: Sequence[int] | None = None,
        bias: bool = True,
        cache: Path | bool = True,
    ) -> None:
        self.game: Game = check_game(game)
        self.drill: Drill = check_drill(drill)
        self.banking = (self.drill == "dealer") if banking is None else bool(banking)
        self.store = store
        self.name = check_name(name) if store is not None or str(name).strip() else ""
        self.rng, self.chance = _rng(rng)
        self.bias = bias
        self.grader: Grader
        game_rules = check_rules(self.game, rules)
        if isinstance(game_rules, TileRules):
            if deck is not None:
                raise RuleError("a deck of cards is for the card game")
            self.grader = TileGrader(way, dealer, self.banking, commission, game_rules)
        else:
            self.grader = PokerGrader(way, dealer, self.banking, commission, game_rules, deck,
                                      cache)
        self.session_id: int | None = None
        self.started = _now()
        self.current: Exercise | None = None
        self._hand: tuple[Hashable, ...] = ()
        self._dealt = 0
        self.records: list[dict[str, Any]] = []

    # -- setting up ------------------------------------------------------------------
    def prepare(self, progress: Progress | None = None) -> None:
        """Do the one-time work of exact grading now (the opponent's setting of every hand,
        cached on disk: for poker a table of 154,143,080 hands built once in a minute or
        two), reporting ``progress(done, total)``."""
        self.grader.prepare(progress)

    def describe(self) -> str:
        """The session in one sentence."""
        role = "the bank against a player" if self.banking else "a player against a banker"
        what = "the house way" if self.drill == "dealer" else "the best EV"
        return (f"{self.game}, {self.drill} drill: set each hand for {what} "
                f"(the house way: {self.grader.way_name}; you play {role} who sets by "
                f"{self.grader.dealer_name}; commission {float(self.grader.commission):.2%})")

    # -- the loop --------------------------------------------------------------------
    def deal(self) -> Exercise:
        """Deal the next hand (a new one replaces a hand not yet graded)."""
        focus = choose_focus(self.game, self._history(), self.rng) if self.bias else None
        hand: tuple[Hashable, ...] | None = None
        if focus is not None:
            hand = deal_of_kind(self.grader.deal, self.grader.kinds, focus.kind, self.rng)
        if hand is None:
            focus = None
            hand = self.grader.deal(self.rng)
        self._dealt += 1
        self._hand = tuple(hand)
        self.current = Exercise(
            self._dealt, self.game, self.drill, self.grader.names(hand),
            self.grader.choices(hand), self.grader.kinds(hand),
            None if focus is None else focus.kind, None if focus is None else focus.reason,
            self.banking, self.grader.way_name, self.grader.dealer_name,
        )
        return self.current

    def set_hand(self, hand: str | Sequence[str]) -> Exercise:
        """Practise a hand of the person's choosing (not dealt): the next exercise."""
        pieces = self.grader.parse_hand(hand)
        self._dealt += 1
        self._hand = tuple(pieces)
        self.current = Exercise(
            self._dealt, self.game, self.drill, self.grader.names(pieces),
            self.grader.choices(pieces), self.grader.kinds(pieces), None, None,
            self.banking, self.grader.way_name, self.grader.dealer_name,
        )
        return self.current

    def grade(self, setting: str | int, on_progress: Progress | None = None) -> Grade:
        """Grade the person's setting of the current hand (written ``"HIGH | LOW"``, the
        front hand alone, or a listed number), keep it, and clear the hand. A bad setting
        raises a clear error and changes nothing: the same hand can be set again."""
        ex = self.current
        if ex is None:
            raise TrainerError("there is no hand to set: deal one first")
        g = self.grader.grade(self._hand, setting, self.drill, on_progress)
        record = hand_record(g, ex.number, self.name, ex.focus, _now())
        if self.store is not None:
            if self.session_id is None:
                self.session_id = self.store.start_training(self._session_info())
            record["id"] = self.store.record_training(self.session_id, record)
        record["session_id"] = self.session_id
        self.records.append(record)
        self.current = None
        return g

    # -- what it shows ---------------------------------------------------------------
    def summary(self) -> TrainerStats:
        """This session's statistics."""
        return summarize(self.records, self.name, self.game, self.drill, 1)

    def stats(self) -> TrainerStats:
        """The person's statistics over every session kept (this one's alone without a
        store), of this game and drill."""
        if self.store is None:
            return self.summary()
        return training_stats(self.store, self.name, self.game, self.drill)

    def series(self, by: str = "session") -> list[dict[str, Any]]:
        """EV given up over time, for a chart (see :func:`ev_lost_series`)."""
        if self.store is None:
            raise TrainerError("a chart over time needs the database: open the session "
                               "with a store and a name")
        return ev_lost_series(self.store, self.name, self.game, self.drill,
                              "hand" if by == "hand" else "session")

    def _history(self) -> list[dict[str, Any]]:
        if self.store is None:
            return self.records[-RECENT:]
        return self.store.training_hands(self.name, self.game, self.drill, last=RECENT)

    def _session_info(self) -> dict[str, Any]:
        return {
            "person": self.name, "game": self.game, "drill": self.drill,
            "way": self.grader.way_name, "dealer": self.grader.dealer_name,
            "banking": self.banking, "commission": str(self.grader.commission),
            "rules": asdict(self.grader.rules),
            "chance": self.chance, "started": self.started,
        }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


__all__ = ["Exercise", "TrainerError", "TrainerSession", "check_name"]
