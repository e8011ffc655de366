"""What the table needs from a game, so one engine runs both Pai Gow tiles and poker.

A :class:`Game` deals hands to places, sets a hand the house way, checks a seat's
setting (and handles a poker foul per the rule variant), and compares a player's setting
with the banker's hand by hand. Pieces (tiles or cards) and settings are the game's own
types; the table sees them through this interface and records them as text.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from paigow.settle import HandResult
from paigow.ways import Rule

P = TypeVar("P")  # a piece: a tile or a card
S = TypeVar("S")  # a setting of a hand
P_contra = TypeVar("P_contra", contravariant=True)


@dataclass(frozen=True)
class Choice(Generic[S]):
    """A setting chosen for a hand, the rule (or person) that chose it, and what the table
    did about a foul: ``note`` says so, ``forfeit`` means the bet is lost whatever the cards.

    ``rule`` is the line the record keeps (``"person"``, ``"house way (house 1.1: ...)"``);
    ``way_rule`` the way's :class:`~paigow.ways.Rule` when a way set the hand (None for a
    person), and ``house`` whether that way was the table's house way: what a page says
    about the setting is built from these two, never from the line."""

    setting: S
    rule: str
    note: str = ""
    forfeit: bool = False
    way_rule: Rule | None = None
    house: bool = False


@dataclass(frozen=True)
class Showdown:
    """A player's two hands against the banker's: each result and the rule that decided it."""

    high: HandResult
    low: HandResult
    high_reason: str
    low_reason: str


@dataclass(frozen=True)
class SettingView:
    """A setting as text, for display and the record."""

    high: str
    low: str
    high_name: str
    low_name: str

    def __str__(self) -> str:
        return f"{self.high} ({self.high_name}) / {self.low} ({self.low_name})"


class Chooser(Protocol[P_contra, S]):
    """Whoever sets a seat's hand: a bot wrapping any hand-setting way, or a person."""

    name: str

    def choose(self, hand: tuple[P_contra, ...], banking: bool) -> Choice[S]:
        """The setting for ``hand``, as banker when ``banking``."""
        ...


class Game(ABC, Generic[P, S]):
    """One game's rules as the table uses them."""

    #: ``"tiles"`` or ``"poker"``
    name: str
    #: places around the table, the dealer's (place 0) included
    places: int
    #: the way the bank option and the settlement pass: -1 counterclockwise, +1 clockwise
    direction: int
    #: the house way's name, recorded with the session
    house_way_name: str

    @abstractmethod
    def deck(self) -> tuple[P, ...]:
        """Every piece, in a fixed order (the order a shuffle rearranges)."""

    @abstractmethod
    def deal(self, deck: Sequence[P], dice_total: int, banker_place: int) -> dict[int, tuple[P, ...]]:
        """The hand of every place, dealt from the shuffled ``deck`` by the dice."""

    @abstractmethod
    def house_choice(self, hand: tuple[P, ...], banking: bool) -> Choice[S]:
        """The setting the house way plays."""

    @abstractmethod
    def settings_of(self, hand: tuple[P, ...]) -> list[S]:
        """Every distinct legal way to set ``hand`` (what a person chooses among)."""

    @abstractmethod
    def check(self, hand: tuple[P, ...], choice: Choice[S], banking: bool) -> Choice[S]:
        """The choice the table plays: ``choice`` when it is a legal setting of ``hand``; a
        foul re-set or forfeited per the rules; :class:`~paigow.errors.SettingError` when
        it does not use the hand's pieces."""

    @abstractmethod
    def showdown(self, player: S, banker: S) -> Showdown:
        """Compare each of the player's hands with the banker's of the same size."""

    @abstractmethod
    def view(self, setting: S) -> SettingView:
        """The setting as text."""

    @abstractmethod
    def setting_from_text(self, hand: tuple[P, ...], high: str, low: str) -> S:
        """Rebuild a recorded setting of ``hand`` (for replays)."""

    @abstractmethod
    def piece_text(self, piece: P) -> str:
        """A piece's notation (``6-6``, ``As``)."""

    @abstractmethod
    def piece_label(self, piece: P) -> str:
        """A piece with its name, for people (``6-6 Teen``)."""

    @abstractmethod
    def parse_piece(self, text: str) -> P:
        """Read a piece's notation."""

    def hand_text(self, hand: Sequence[P]) -> str:
        """Pieces as space-separated notation."""
        return " ".join(self.piece_text(p) for p in hand)

    def rules_json(self) -> dict[str, object]:
        """The rule variants in force, for the record."""
        return {}

    def push_reason(self, banker: S) -> str | None:
        """Why every bet pushes against the banker's setting ``banker`` (a commission-free
        game's barred hand), or ``None`` when bets are settled as usual."""
        return None
