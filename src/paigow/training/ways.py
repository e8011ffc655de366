"""Where the trainer finds its ways: the one place that turns a name into a way.

Two ways matter to a grade: the **house way** (the way a dealer drills, and whose setting
and numbered rule every grade shows) and the **opponent's way** (the way the other side
sets by, against which every setting's exact EV is counted). Both are looked up here and
nowhere else, through the games' own registries, so a way those registries learn to load
(from a file, say) can be drilled and graded against with no change to the trainer.

>>> house_way("tiles", "australian").name
'australian'
>>> house_way("poker", "HOUSE").name
'house'
>>> house_way("chess", "house")
Traceback (most recent call last):
...
paigow.errors.RuleError: unknown game 'chess': choose tiles or poker
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, cast

from paigow.errors import RuleError
from paigow.poker.cards import FULL_DECK
from paigow.poker.rules import PokerRules
from paigow.poker.ways import PokerWay
from paigow.tiles.rules import TileRules
from paigow.tiles.ways import TileWay
from paigow.ways import get_way

Game = Literal["tiles", "poker"]
GAMES: tuple[Game, ...] = ("tiles", "poker")

#: The house way each game drills and plays against unless told otherwise.
DEFAULT_WAY: dict[Game, str] = {"tiles": "australian", "poker": "house"}


def check_game(game: str) -> Game:
    """``game`` as one of :data:`GAMES`, else a :class:`RuleError` naming it."""
    key = str(game).strip().lower()
    if key not in GAMES:
        raise RuleError(f"unknown game {game!r}: choose tiles or poker")
    return key


def house_way(
    game: str, name: str | None = None, rules: TileRules | PokerRules | None = None
) -> TileWay | PokerWay:
    """The hand-setting way called ``name`` (default the game's house way) as the game's
    registry builds it: a :class:`~paigow.tiles.ways.TileWay` or a
    :class:`~paigow.poker.ways.PokerWay`."""
    g = check_game(game)
    key = DEFAULT_WAY[g] if name is None or not str(name).strip() else str(name)
    if g == "tiles":
        return get_way(key, cast(TileRules, check_rules(g, rules)))
    return get_way(key, cast(PokerRules, check_rules(g, rules)))


def tile_opponent(
    name: str | TileWay | None, rules: TileRules, commission: Fraction
) -> TileWay:
    """The tile way the other side sets by (default ``australian``)."""
    if name is not None and not isinstance(name, str):
        return name
    key = DEFAULT_WAY["tiles"] if name is None or not name.strip() else name
    return get_way(key, rules, commission=commission)


def card_dealer(game: str, way: str) -> str:
    """The way the other side sets by when ``way`` is drilled as a card: for a tile way
    file of exceptions (``[way] otherwise = NAME``, a learned card) the way it is
    exceptions to, else ``way`` itself."""
    if check_game(game) != "tiles" or not str(way).lower().endswith(".toml"):
        return way
    other = getattr(get_way(way, TileRules()), "otherwise_name", None)
    return other if isinstance(other, str) and other else way


def poker_opponent(
    name: str | object | None, rules: PokerRules, deck: Sequence[int] | None = None
) -> object:
    """The poker way the other side sets by, as the batch way the exact advice needs
    (:class:`paigow.analysis.poker_ways.FastWay`; default the house way's kernel).

    A way with no batch kernel would set every one of the 154,143,080 hands one by one to
    build the advice's table (hours): on the full deck that is refused with a clear error;
    on a small deck (tests, small exact problems) it is fine.
    """
    from paigow.analysis.poker_ways import SlowWay, fast_way

    if name is not None and not isinstance(name, str):
        return name
    key = DEFAULT_WAY["poker"] if name is None or not name.strip() else name
    way = fast_way(key, rules)
    full = deck is None or tuple(sorted(deck)) == FULL_DECK
    if isinstance(way, SlowWay) and full:
        raise RuleError(
            f"the {way.name} poker way has no batch kernel, so exact grading against it would "
            "set all 154,143,080 hands one by one (hours): grade against --dealer house"
        )
    return way


def check_rules(game: Game, rules: TileRules | PokerRules | None) -> TileRules | PokerRules:
    """The rules of ``game`` (its defaults when None); the other game's rules are refused.

    >>> check_rules("poker", TileRules())
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: the poker game takes PokerRules, not TileRules
    """
    want = TileRules if game == "tiles" else PokerRules
    if rules is None:
        return want()
    if not isinstance(rules, want):
        raise RuleError(f"the {game} game takes {want.__name__}, not {type(rules).__name__}")
    return rules


__all__ = [
    "DEFAULT_WAY",
    "GAMES",
    "Game",
    "card_dealer",
    "check_game",
    "check_rules",
    "house_way",
    "poker_opponent",
    "tile_opponent",
]
