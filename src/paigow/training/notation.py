"""Reading a person's setting of a hand: ``"HIGH | LOW"`` in the pieces of the hand.

One reader serves both games. The two hands are written on either side of ``|`` (a ``/``
standing alone between spaces works too), in either order; the software tells the high
hand from the low one itself. A shorthand names only one hand: the two tiles (tiles) or the
two cards in front (poker); the rest of the hand forms the other.

Every refusal is a :class:`~paigow.errors.SettingError` (or the game's own error for a token
that is no tile or card at all) naming the bad piece: one the hand does not hold, one used
more often than the hand holds it, one left out, or a hand of the wrong size.

>>> from paigow.tiles.tile import parse_tiles
>>> hand = parse_tiles("6-5 3-2 6-4 4-3")
>>> [str(t) for t in read_tiles_setting(hand, "6-4 4-3 | 6-5 3-2")[0]]
['6-4', '4-3']
>>> read_tiles_setting(hand, "6-4 4-3 | 6-5 5-5")
Traceback (most recent call last):
...
paigow.errors.IllegalSettingError: the setting uses 5-5, which is not in the hand 6-5 3-2 6-4 4-3
>>> from paigow.poker.cards import format_cards, parse_cards
>>> five, two = read_poker_setting(parse_cards("As Kh Qd Js 9s 8h 2h"), "As Kh")
>>> format_cards(five), format_cards(two)
('Qd Js 9s 8h 2h', 'As Kh')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from paigow.errors import IllegalSettingError, SettingNotationError
from paigow.poker.cards import Card, card_name, parse_cards
from paigow.tiles.tile import Tile, parse_tiles
from paigow.values import unwrap

P = TypeVar("P", bound=Hashable)

_SLASH = re.compile(r"\s/\s")


def split_sides(text: str) -> list[str]:
    """The setting's text cut at ``|`` (or at a ``/`` standing alone between spaces).

    >>> split_sides("6-6 5-4 | 1-1 3-2"), split_sides("6-6 5-4 / 1-1 3-2"), split_sides("As Kd")
    (['6-6 5-4 ', ' 1-1 3-2'], ['6-6 5-4', '1-1 3-2'], ['As Kd'])
    """
    if "|" in text:
        return text.split("|")
    return _SLASH.split(text)


def read_setting(
    hand: Sequence[P],
    text: str,
    parse: Callable[[str], Sequence[P]],
    name: Callable[[P], str],
    sizes: tuple[int, int],
    what: str,
) -> tuple[tuple[P, ...], tuple[P, ...]]:
    """``text`` read as a setting of ``hand``: the larger hand (or the first written, when
    both hands are of one size) and the smaller. ``sizes`` are the two hands' sizes,
    ``(5, 2)`` or ``(2, 2)``; ``what`` names a piece ("tile", "card")."""
    raw = unwrap(text, "Setting.parse", "Setting").strip()  # a setting's repr reads too
    if not raw:
        raise SettingNotationError(f"no setting given: write the two hands as {_form(sizes, what)}")
    sides = split_sides(raw)
    if len(sides) > 2:
        raise SettingNotationError(f"bad setting {raw!r}: write the two hands as {_form(sizes, what)}")
    parts = [tuple(parse(s)) for s in sides]
    used = Counter(p for part in parts for p in part)
    held = Counter(hand)
    shown = " ".join(name(p) for p in hand)
    for piece, n in used.items():
        if held[piece] == 0:
            raise IllegalSettingError(f"the setting uses {name(piece)}, which is not in the hand {shown}")
        if n > held[piece]:
            times = "twice" if n == 2 else f"{n} times"
            once = "once" if held[piece] == 1 else f"{held[piece]} times"
            raise IllegalSettingError(
                f"the setting uses {name(piece)} {times}, but the hand holds it {once}"
            )
    if len(parts) == 1:  # the shorthand: one hand named, the rest is the other
        one = parts[0]
        small = min(sizes)
        if len(one) != small:
            raise IllegalSettingError(
                f"bad setting {raw!r}: name both hands as {_form(sizes, what)}, or only the "
                f"{small} {what}s of the {'front' if sizes[0] != sizes[1] else 'one'} hand"
            )
        left = held - Counter(one)
        rest: list[P] = []
        for p in hand:
            if left[p] > 0:
                rest.append(p)
                left[p] -= 1
        parts = [tuple(rest), one] if sizes[0] != sizes[1] else [one, tuple(rest)]
    missing = held - used if len(sides) == 2 else Counter[P]()
    if missing:
        piece = next(p for p in hand if missing[p] > 0)
        raise IllegalSettingError(f"the setting leaves out {name(piece)}: a setting uses every {what} "
                           f"of the hand {shown}")
    a, b = parts
    if sorted((len(a), len(b)), reverse=True) != sorted(sizes, reverse=True):
        raise IllegalSettingError(
            f"bad setting {raw!r}: the hands hold {len(a)} and {len(b)} {what}s; write them "
            f"as {_form(sizes, what)}"
        )
    if len(b) > len(a):
        a, b = b, a
    return a, b


def _form(sizes: tuple[int, int], what: str) -> str:
    big, small = max(sizes), min(sizes)
    if big == small:
        return f"'{big} {what}s | {small} {what}s' (the high hand and the low, in either order)"
    return f"'{big} {what}s | {small} {what}s' (the five-card hand and the two in front)"


def read_tiles_setting(hand: Sequence[Tile], text: str) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """A setting of four tiles written ``"HIGH | LOW"`` (or two tiles for one hand)."""
    return read_setting(hand, text, parse_tiles, str, (2, 2), "tile")


def read_poker_setting(hand: Sequence[int], text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A setting of seven cards written ``"FIVE | TWO"`` (or the two cards in front): the
    five-card hand and the two-card hand."""
    return read_setting(parse_cards(hand), text, parse_cards, card_name, (5, 2), "card")


__all__ = ["read_poker_setting", "read_setting", "read_tiles_setting", "split_sides"]
