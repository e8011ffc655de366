"""Named kinds of a banker's hand, which rule variants and bets refer to.

A commission-free game pushes every bet when the banker's hand is of a named kind, and a
side bet may pay on it. Two families exist, told apart by what they read:

* a kind of the **seven cards dealt** (:class:`HandKind`; EZ Pai Gow: a queen-high pai
  gow; the Queen's Dragon pays on it): how the banker sets them plays no part;
* a kind of the **hand as set** (:class:`LowKind`; Commission-Free Fortune Pai Gow: the
  dealer's two-card hand is nine high; the Tiger 9 pays on it): it depends on the
  banker's setting, so on the house way.

A kind is written as a short string:

* ``"none"``: no hand is of this kind (the classic game: no banker hand pushes bets);
* ``"pai-gow:R"``: a **pai gow** with ``R`` high, ``R`` one of ``9 T J Q K A``: seven
  cards whose best five-card hand is a high-card hand (no pair, straight or flush can be
  made from them) and whose highest card is ``R``. Under the default bug joker a joker
  counts as an ace unless it completes a straight or flush, so a joker with an ace is a
  pair and a joker without one makes the hand ace-high; under a wild joker every hand with
  the joker holds at least a pair. Eight high is impossible: seven different ranks from
  2 to 8 are a straight.
* ``"low:R"``: the banker's **two-card hand, as set**, is ``R`` high without a pair,
  ``R`` one of ``3 4 5 6 7 8 9 T J Q K A`` (``low:9``: nine high, the other card two to
  eight). The joker in a two-card hand is an ace under the bug rule (so a joker never
  makes a nine-high low hand) and pairs the other card under the wild rule.

:func:`parse_kind` (also named :func:`parse_push`) reads any of them.

>>> from paigow.poker.cards import parse_cards
>>> kind = parse_kind("pai-gow:Q")
>>> kind.label
'queen-high pai gow'
>>> kind.matches(parse_cards("Qs Jh 9d 7c 5s 3h 2d"))
True
>>> kind.matches(parse_cards("Qs Jh Td 9c 8s 3h 2d"))   # a straight
False
>>> kind.matches(parse_cards("Ks Jh 9d 7c 5s 3h 2d"))   # king high
False
>>> parse_kind("none").matches(parse_cards("Qs Jh 9d 7c 5s 3h 2d"))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from paigow.errors import RuleError
from paigow.poker.cards import RANKS, Rank

if TYPE_CHECKING:  # rules name a kind, so this module must not need them at import
    from paigow.poker.rules import PokerRules
    from paigow.poker.setting import Setting


@dataclass(frozen=True)
class HandKind:
    """A kind of seven-card hand: ``"none"`` or a pai gow with a given high card.

    ``high`` is the :class:`~paigow.poker.cards.Rank` of a pai gow's highest card (nine
    to ace), None for ``"none"``.
    """

    high: Rank | None = None

    on: ClassVar[str] = "cards"
    """What the kind reads: the seven cards dealt (``"cards"``), not their setting."""

    @property
    def active(self) -> bool:
        """Whether any hand can be of this kind (``"none"`` is not)."""
        return self.high is not None

    @property
    def spec(self) -> str:
        """The kind as written: ``"none"`` or ``"pai-gow:Q"``."""
        return "none" if self.high is None else f"pai-gow:{self.high.symbol}"

    @property
    def label(self) -> str:
        """The kind in words: ``"queen-high pai gow"``."""
        return "no hand" if self.high is None else f"{self.high.word}-high pai gow"

    def matches(self, cards: Sequence[int], rules: PokerRules | None = None) -> bool:
        """Whether seven cards are of this kind under ``rules`` (the reference: the best
        of the 21 five-card hands, ranked by :func:`paigow.poker.rank.rank5`)."""
        from paigow.poker.rank import Category, key_parts, pack, rank5
        from paigow.poker.rules import DEFAULT_RULES

        if self.high is None:
            return False
        if len(cards) != 7:
            raise RuleError(f"a hand kind is a property of seven cards, got {len(cards)}")
        r = rules or DEFAULT_RULES
        best = max(rank5(five, r).key for five in combinations(cards, 5))
        category, values = key_parts(best)
        return category is Category.HIGH_CARD and values[0] == pack(self.high)

    def matches_setting(self, setting: Setting, rules: PokerRules | None = None) -> bool:
        """Whether a set hand is of this kind: its seven cards are (how they are set plays
        no part)."""
        return self.matches(setting.cards, rules)


NO_KIND = HandKind()


@dataclass(frozen=True)
class LowKind:
    """A kind of hand *as set*: its two-card hand is ``high`` high without a pair.

    ``high`` is the :class:`~paigow.poker.cards.Rank` of the two-card hand's higher card,
    three to ace (``low:9``: ``Rank.NINE``).

    >>> from paigow.poker.setting import Setting
    >>> nine = parse_push("low:9")
    >>> nine.label, nine.on
    ('nine-high two-card hand', 'setting')
    >>> nine.matches_setting(Setting.parse("Ah Kd Qs Jc 7h | 9d 8c"))
    True
    >>> nine.matches_setting(Setting.parse("Ah Kd Qs Jc 9d | 8c 7h"))   # eight high
    False
    >>> nine.matches_setting(Setting.parse("Ah Kd Qs Jc 7h | 9d Jk"))   # the joker is an ace
    False
    """

    high: Rank

    on: ClassVar[str] = "setting"
    """What the kind reads: the hand as set (its two-card hand)."""

    def __post_init__(self) -> None:
        if not Rank.THREE <= self.high <= Rank.ACE:
            raise RuleError(f"a two-card hand without a pair is three to ace high, not "
                            f"{self.high}")
        object.__setattr__(self, "high", Rank(self.high))

    @property
    def active(self) -> bool:
        """A low kind always names some hands."""
        return True

    @property
    def spec(self) -> str:
        """The kind as written: ``"low:9"``."""
        return f"low:{self.high.symbol}"

    @property
    def label(self) -> str:
        """The kind in words: ``"nine-high two-card hand"``."""
        return f"{self.high.word}-high two-card hand"

    def matches_key2(self, key: int) -> bool:
        """Whether a two-card hand of rank key ``key`` (:func:`paigow.poker.rank.rank2`'s
        key, or :func:`paigow.poker.fast.table2`'s) is of this kind: a high-card hand
        whose higher card is ``high``."""
        from paigow.poker.rank import CATEGORY_SHIFT, pack

        return key >> CATEGORY_SHIFT == 0 and (key >> 16) & 15 == pack(self.high)

    def matches_setting(self, setting: Setting, rules: PokerRules | None = None) -> bool:
        """Whether a set hand's two-card hand is of this kind, ranked under ``rules``'
        joker by the reference :func:`paigow.poker.rank.rank2`."""
        from paigow.poker.rank import Category, key_parts, pack, rank2
        from paigow.poker.rules import DEFAULT_RULES

        category, values = key_parts(rank2(setting.low, rules or DEFAULT_RULES).key)
        return category is Category.HIGH_CARD and values[0] == pack(self.high)


PushRule = HandKind | LowKind
"""A kind of banker hand on which every bet pushes (``PokerRules.push``)."""


def parse_kind(text: str) -> PushRule:
    """Read a kind: ``"none"``; a seven-card kind ``"pai-gow:R"`` with ``R`` in
    ``9TJQKA``; or a kind of the set hand ``"low:R"`` with ``R`` in ``3456789TJQKA``
    (either case). :func:`parse_push` is the same reader, named for the rule that uses it.

    >>> parse_kind("PAI-GOW:q").spec, parse_kind("LOW:9").spec, parse_kind("none").spec
    ('pai-gow:Q', 'low:9', 'none')
    >>> parse_kind("pai-gow:8")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: bad hand kind 'pai-gow:8': a pai gow is nine to ace high (9, T, J, Q, K or A)
    >>> parse_kind("low:2")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: bad hand kind 'low:2': a two-card hand without a pair is three to ace high (3 ... 9, T, J, Q, K or A)
    >>> parse_kind("nine")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: bad hand kind 'nine': give none, pai-gow:R (seven cards that make no pair, straight or flush, R high: 9 T J Q K A) or low:R (the banker's two-card hand as set is R high without a pair: 3 ... 9 T J Q K A)
    """
    raw = str(text).strip()
    low = raw.lower()
    if low == "none":
        return NO_KIND
    name, sep, rank = low.partition(":")
    if name == "pai-gow" and len(rank) == 1 and rank.upper() in RANKS:
        value = Rank(RANKS.index(rank.upper()))
        if value >= Rank.NINE:
            return HandKind(value)
        raise RuleError(f"bad hand kind {raw!r}: a pai gow is nine to ace high "
                        "(9, T, J, Q, K or A)")
    if name == "low" and sep:
        if len(rank) == 1 and rank.upper() in RANKS[1:]:
            return LowKind(Rank(RANKS.index(rank.upper())))
        raise RuleError(f"bad hand kind {raw!r}: a two-card hand without a pair is three to "
                        "ace high (3 ... 9, T, J, Q, K or A)")
    raise RuleError(f"bad hand kind {raw!r}: give none, pai-gow:R (seven cards that make no "
                    "pair, straight or flush, R high: 9 T J Q K A) or low:R (the banker's "
                    "two-card hand as set is R high without a pair: 3 ... 9 T J Q K A)")


parse_push = parse_kind
"""Read a push rule (``PokerRules.push``): :func:`parse_kind`."""
