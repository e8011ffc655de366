"""Setting seven cards into a five-card and a two-card hand; fouls; player against banker.

A setting fouls when its five-card hand does not outrank its two-card hand, both ranked as
poker hands on one scale (RULES.md 2.4). What happens then is ``rules.foul``: ``"house"``
re-sets the seven cards by a house way (a :class:`Strategy`, supplied by the caller; issue
#5 writes the house way), ``"forfeit"`` loses the bet.

>>> s = Setting.parse("Ah Ad 9c 8d 2s | Kc Qd")
>>> str(s), is_foul(s)
('Ah Ad 9c 8d 2s | Kc Qd', False)
>>> is_foul(Setting.parse("Kh 9d 7c 5d 2s | Ac Ad"))
True
>>> len(settings("As Kd Qh Jc 9s 8d 2c"))
21
>>> compare("Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Ac Jd").outcome
<Outcome.PUSH: 'push'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from paigow.errors import (
    IllegalCardsError,
    IllegalSettingError,
    RuleError,
    SettingNotationError,
)
from paigow.poker.cards import (
    Card,
    CardsLike,
    card_name,
    format_cards,
    parse_cards,
    sort_cards,
)
from paigow.poker.rank import HandRank, rank2, rank5
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.settle import Commission, HandResult, Outcome, Settlement, outcome_of, settle_bet
from paigow.values import unwrap


@dataclass(frozen=True)
class Setting:
    """Seven cards set as a five-card (high, "behind") and a two-card (low, "in front")
    hand. It prints as a player writes it, and its repr reads back:

    >>> s = Setting.parse("Kd 9c 7d 4s 3h | Qs Jh")
    >>> s
    Setting.parse('Kd 9c 7d 4s 3h | Qs Jh')
    >>> Setting.parse(repr(s)) == eval(repr(s)) == s == Setting("Kd 9c 7d 4s 3h", "Qs Jh")
    True
    """

    high: tuple[Card, ...]
    low: tuple[Card, ...]

    def __init__(self, high: CardsLike, low: CardsLike) -> None:
        h, lo = parse_cards(high), parse_cards(low)
        if len(h) != 5 or len(lo) != 2:
            raise IllegalSettingError(
                f"a setting is a five-card and a two-card hand, got {len(h)} and {len(lo)} "
                "cards"
            )
        if not set(h).isdisjoint(lo):
            parse_cards((*h, *lo))  # names the card given twice
        object.__setattr__(self, "high", sort_cards(h))
        object.__setattr__(self, "low", sort_cards(lo))

    def _repr_html_(self) -> str:
        """Both hands as the browser draws them, the five-card hand first (Jupyter)."""
        from paigow.svg import cards_row, setting_html

        return setting_html(cards_row([card_name(c) for c in self.high]),
                            cards_row([card_name(c) for c in self.low]),
                            "five-card (behind)", "two-card (in front)")

    @classmethod
    def parse(cls, text: str) -> Setting:
        """Read ``"five cards | two cards"`` (the two hands in either order), or a
        setting's repr.

        >>> Setting.parse("Kc Qd | Ah Ad 9c 8d 2s").low
        (Card('Kc'), Card('Qd'))

        Raises:
            SettingNotationError: text that is not two hands split by ``|``.
            CardNotationError: a token that is not a card.
            IllegalCardsError: a card twice.
        """
        text = unwrap(text, "Setting.parse", "Setting")
        parts = text.split("|")
        if len(parts) != 2:
            raise SettingNotationError(
                f"bad setting {text.strip()!r}: write the two hands as 'five cards | two cards'"
            )
        a, b = (parse_cards(p) for p in parts)
        if len(a) == 2 and len(b) == 5:
            a, b = b, a
        if len(a) != 5 or len(b) != 2:
            raise SettingNotationError(
                f"bad setting {text.strip()!r}: it needs five cards on one side of '|' and "
                f"two on the other, got {len(a)} and {len(b)}"
            )
        return cls(a, b)

    @property
    def cards(self) -> tuple[Card, ...]:
        """All seven cards, highest first."""
        return sort_cards((*self.high, *self.low))

    def __str__(self) -> str:
        return f"{format_cards(self.high)} | {format_cards(self.low)}"

    def __repr__(self) -> str:
        return f"Setting.parse({str(self)!r})"

    def to_json(self) -> dict[str, str]:
        """Plain data for ``--json`` output."""
        return {"high": format_cards(self.high), "low": format_cards(self.low)}

    def hands_json(self) -> dict[str, object]:
        """The two hands as lists of card names (a :class:`~paigow.ways.Decision`'s
        JSON)."""
        return {"high": [card_name(c) for c in self.high], "low": [card_name(c) for c in self.low]}


def _as_setting(setting: Setting | str) -> Setting:
    return setting if isinstance(setting, Setting) else Setting.parse(setting)


def settings(cards: CardsLike) -> tuple[Setting, ...]:
    """The 21 ways to set seven cards (each choice of the two-card hand).

    >>> str(settings("As Kd Qh Jc 9s 8d 2c")[0])
    'Qh Jc 9s 8d 2c | As Kd'

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card twice, or not seven cards.
    """
    hand = sort_cards(parse_cards(cards))
    if len(hand) != 7:
        raise IllegalCardsError(f"a Pai Gow Poker hand has seven cards, got {len(hand)}")
    out = []
    for low in combinations(hand, 2):
        high = tuple(c for c in hand if c not in low)
        out.append(Setting(high, low))
    return tuple(out)


@dataclass(frozen=True)
class RankedSetting:
    """A setting with both hands ranked and whether it fouls."""

    setting: Setting
    high: HandRank
    low: HandRank

    @property
    def foul(self) -> bool:
        """True when the five-card hand does not outrank the two-card hand."""
        return not self.high > self.low

    def __str__(self) -> str:
        foul = "  FOUL" if self.foul else ""
        return f"{self.setting}  ({self.high.description} / {self.low.description}){foul}"

    def _repr_html_(self) -> str:
        """Both hands as the browser draws them, and their ranks (Jupyter)."""
        from paigow.notebook import table_html

        return self.setting._repr_html_() + table_html(
            [("five-card", self.high.description), ("two-card", self.low.description),
             ("foul", "yes" if self.foul else "no")])

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "high": format_cards(self.setting.high),
            "low": format_cards(self.setting.low),
            "high_rank": self.high.to_json(),
            "low_rank": self.low.to_json(),
            "foul": self.foul,
        }


def rank_setting(setting: Setting | str, rules: PokerRules = DEFAULT_RULES) -> RankedSetting:
    """Rank both hands of a setting.

    >>> r = rank_setting("Ah Ad 9c 8d 2s | Kc Qd")
    >>> r.high.description, r.low.description, r.foul
    ('pair of aces, 9-8-2 kickers', 'high card, K-Q', False)
    """
    s = _as_setting(setting)
    return RankedSetting(s, rank5(s.high, rules), rank2(s.low, rules))


def is_foul(setting: Setting | str, rules: PokerRules = DEFAULT_RULES) -> bool:
    """Whether the setting fouls: its five-card hand must outrank its two-card hand.

    Where the two cards equal the five-card hand's leading cards, the five-card hand is
    the higher (it has more cards to show):

    >>> is_foul("Ah Kd 9c 8d 2s | Ac Kh")
    False
    >>> is_foul("Ah Kd 9c 8d 2s | Ac As")
    True
    """
    return rank_setting(setting, rules).foul


class Strategy(Protocol):
    """A hand-setting way: given seven cards (and whether it banks), a setting.

    The house way (issue #5), an optimal way or a human at a prompt all have this shape.
    """

    def set(self, cards: Sequence[int], banking: bool) -> Setting:
        """Set the seven ``cards``; ``banking`` is true when setting the banker's hand."""
        ...


def play_setting(
    setting: Setting | str,
    rules: PokerRules = DEFAULT_RULES,
    house_way: Strategy | None = None,
    banking: bool = False,
) -> Setting | None:
    """The setting that actually plays: the setting itself when it is legal; when it fouls,
    under ``foul="house"`` the house way's setting of the same cards, under
    ``"forfeit"`` ``None`` (the bet is lost). A banker's fouled hand is always re-set by
    the house way (the house, or a co-banker, plays the house way; nothing is forfeit).

    >>> play_setting("Kh 9d 7c 5d 2s | Ac Ad", PokerRules(foul="forfeit")) is None
    True
    >>> play_setting("Kh 9d 7c 5d 2s | Ac Ad")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: the setting Kh 9d 7c 5d 2s | Ad Ac fouls and the foul rule is 'house', but no house way was given to re-set it (or choose the 'forfeit' foul rule)
    """
    s = _as_setting(setting)
    if not is_foul(s, rules):
        return s
    if rules.foul == "forfeit" and not banking:
        return None
    if house_way is None:
        raise RuleError(
            f"the setting {s} fouls and the foul rule is 'house', but no house way was given "
            "to re-set it (or choose the 'forfeit' foul rule)"
        )
    reset = house_way.set(s.cards, banking)
    if sorted(reset.cards) != sorted(s.cards):
        raise IllegalSettingError(f"the house way set other cards ({reset}) than the hand's ({s})")
    if is_foul(reset, rules):
        raise IllegalSettingError(f"the house way's setting {reset} fouls too")
    return reset


def hand_result(player: HandRank, banker: HandRank) -> HandResult:
    """One hand against the banker's of the same size: higher wins, a copy goes to the banker.

    >>> hand_result(rank2("Ah Kd"), rank2("Ac Ks"))
    <HandResult.LOSE: 'lose'>
    """
    return HandResult.WIN if player > banker else HandResult.LOSE


@dataclass(frozen=True)
class Comparison:
    """A player's setting against the banker's: per-hand results, the outcome, reasons."""

    player: Setting
    banker: Setting
    played: Setting | None  # the player's setting as played (re-set or None if forfeit)
    banker_played: Setting
    high: HandResult
    low: HandResult
    outcome: Outcome
    reasons: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.outcome.value}: " + "; ".join(self.reasons)

    def _repr_html_(self) -> str:
        """Both settings, each hand's result and the outcome (Jupyter)."""
        from paigow.notebook import cards_html, table_html

        played = self.played
        rows = [("player", cards_html(self.player.high), cards_html(self.player.low)),
                ("banker", cards_html(self.banker_played.high),
                 cards_html(self.banker_played.low)),
                ("result", self.high.value, self.low.value)]
        if played is not None and played != self.player:
            rows.insert(1, ("player, re-set", cards_html(played.high), cards_html(played.low)))
        return table_html(rows, head=("", "five-card", "two-card"), raw={1, 2},
                          title=f"{self.outcome.value}: " + "; ".join(self.reasons))

    def settle(self, stake: int, commission: Commission | None = None) -> Settlement:
        """Settle a bet of ``stake`` minor units on this comparison (see :func:`settle_bet`).

        >>> compare("Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Qc Jd").settle(1000).net
        950
        """
        return settle_bet(self.outcome, stake, commission)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "player": self.player.to_json(),
            "banker": self.banker.to_json(),
            "player_played": None if self.played is None else self.played.to_json(),
            "banker_played": self.banker_played.to_json(),
            "high": self.high.value,
            "low": self.low.value,
            "outcome": self.outcome.value,
            "reasons": list(self.reasons),
        }


def _reason(which: str, mine: HandRank, theirs: HandRank, result: HandResult) -> str:
    if mine == theirs:
        return f"{which}: copy ({mine.description}); a tie goes to the banker"
    if result is HandResult.WIN:
        return f"{which}: player's {mine.description} beats banker's {theirs.description}"
    return f"{which}: banker's {theirs.description} beats player's {mine.description}"


def compare(
    player: Setting | str,
    banker: Setting | str,
    rules: PokerRules = DEFAULT_RULES,
    house_way: Strategy | None = None,
) -> Comparison:
    """Compare a player's setting with the banker's (RULES.md 2.5).

    Each hand is compared with the banker's hand of the same size; a copy goes to the
    banker; the outcome is :func:`paigow.settle.outcome_of` the two results.

    >>> c = compare("Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs")
    >>> c.high.value, c.low.value, c.outcome.value
    ('win', 'lose', 'push')
    >>> c.reasons[1]
    'low: copy (high card, K-Q); a tie goes to the banker'
    """
    p = _as_setting(player)
    b = _as_setting(banker)
    shared = set(p.cards) & set(b.cards)
    if shared:
        raise IllegalSettingError(
            f"the player's and the banker's hands share {format_cards(sort_cards(shared))}"
        )
    reasons: list[str] = []
    b_played = play_setting(b, rules, house_way, banking=True)
    assert b_played is not None  # a banker's hand is never forfeit
    if b_played != b:
        reasons.append(f"banker's setting fouls: re-set by the house way as {b_played}")
    p_played = play_setting(p, rules, house_way, banking=False)
    if p_played is None:
        reasons.append("player's setting fouls (the two-card hand is not below the five-card "
                       "hand): the bet is forfeit")
        return Comparison(p, b, None, b_played, HandResult.LOSE, HandResult.LOSE,
                          Outcome.LOSE, tuple(reasons))
    if p_played != p:
        reasons.append(f"player's setting fouls: re-set by the house way as {p_played}")
    ph, pl = rank5(p_played.high, rules), rank2(p_played.low, rules)
    bh, bl = rank5(b_played.high, rules), rank2(b_played.low, rules)
    high = hand_result(ph, bh)
    low = hand_result(pl, bl)
    reasons.append(_reason("high", ph, bh, high))
    reasons.append(_reason("low", pl, bl, low))
    return Comparison(p, b, p_played, b_played, high, low, outcome_of(high, low), tuple(reasons))
