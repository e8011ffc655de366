"""Pai Gow Poker at the table: seven hands of seven, dice counted clockwise from the first
place, fouls per the rule variant, copies to the banker.

The banker's way is pluggable: :class:`PokerGame` takes the house way as a
:class:`~paigow.poker.setting.Strategy`. When none is given (the poker house way is not
written yet), every call that needs it raises :class:`~paigow.errors.RuleError`; the table
never invents one.
"""

from __future__ import annotations

from collections.abc import Sequence

from paigow.errors import IllegalSettingError, RuleError
from paigow.phrasing import Msg
from paigow.poker.cards import (
    FULL_DECK,
    Card,
    card_name,
    format_cards,
    parse_card,
    sort_cards,
)
from paigow.poker.rank import rank2, rank5
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting, Strategy, compare, is_foul, settings
from paigow.settle import HandResult
from paigow.table.deal import CLOCKWISE, POKER_PLACES, deal_poker
from paigow.table.game import Choice, Game, SettingView, Showdown
from paigow.ways import Rule


def way_name(way: object) -> str:
    """A poker way's name (its ``name`` attribute, else its class name)."""
    return str(getattr(way, "name", type(way).__name__))


class StrategyChooser:
    """A seat played by a bot: any poker :class:`~paigow.poker.setting.Strategy`."""

    def __init__(self, way: Strategy, name: str | None = None) -> None:
        self.way = way
        self.name = name or way_name(way)

    def choose(self, hand: tuple[Card, ...], banking: bool) -> Choice[Setting]:
        return _decide(self.way, self.name, hand, banking)


def _decide(way: Strategy, name: str, hand: tuple[Card, ...], banking: bool) -> Choice[Setting]:
    """Ask ``way`` for its setting, with the numbered rule when the way gives one
    (``choose(cards, banking) -> Decision``), else just the setting (``set``)."""
    choose = getattr(way, "choose", None)
    if choose is not None:
        d = choose(hand, banking)
        rule: Rule = d.rule
        text = rule.text if rule.text.startswith(name) else f"{name}: {rule}"
        return Choice(d.setting, text, way_rule=rule)
    return Choice(way.set(hand, banking), name)


class PokerGame(Game[Card, Setting]):
    """Pai Gow Poker (RULES.md part 2) with ``rules`` (joker, wheel, foul) and the house way."""

    name = "poker"
    places = POKER_PLACES
    direction = CLOCKWISE

    def __init__(self, house_way: Strategy | None, rules: PokerRules | None = None) -> None:
        self.house_way = house_way
        self.house_way_name = way_name(house_way) if house_way is not None else "none"
        self.rules = rules if rules is not None else PokerRules()

    def _house(self) -> Strategy:
        if self.house_way is None:
            raise RuleError(
                "no Pai Gow Poker house way is available yet: the house (or a co-banker) "
                "cannot set its hand, and a foul cannot be re-set; give the table a house way"
            )
        return self.house_way

    def deck(self) -> tuple[Card, ...]:
        return FULL_DECK

    def deal(
        self, deck: Sequence[int], dice_total: int, banker_place: int
    ) -> dict[int, tuple[Card, ...]]:
        hands, _unused = deal_poker(deck, dice_total)
        return {place: sort_cards(h) for place, h in hands.items()}

    def house_choice(self, hand: tuple[Card, ...], banking: bool) -> Choice[Setting]:
        way = self._house()
        c = _decide(way, self.house_way_name, hand, banking)
        s = c.setting
        choice = Choice(s, f"house way ({c.rule})", way_rule=c.way_rule, house=True)
        self._uses(hand, s)
        if is_foul(s, self.rules):
            raise IllegalSettingError(f"the house way's setting {s} fouls")
        return choice

    def settings_of(self, hand: tuple[Card, ...]) -> list[Setting]:
        return list(settings(hand))

    def _uses(self, hand: tuple[Card, ...], s: Setting) -> None:
        if sorted(s.cards) != sorted(hand):
            raise IllegalSettingError(
                f"the setting {s} does not use the hand's cards {format_cards(sort_cards(hand))}"
            )

    def check(
        self, hand: tuple[Card, ...], choice: Choice[Setting], banking: bool
    ) -> Choice[Setting]:
        self._uses(hand, choice.setting)
        if not is_foul(choice.setting, self.rules):
            return choice
        if self.rules.foul == "forfeit" and not banking:
            return Choice(
                choice.setting, choice.rule,
                Msg("fouled: the two-card hand is not below the five-card hand; the bet is "
                    "forfeit"),
                forfeit=True,
            )
        reset = self.house_choice(hand, banking)
        return Choice(
            reset.setting, choice.rule,
            Msg("fouled ({setting}): re-set by the house way", setting=str(choice.setting)),
        )

    def showdown(self, player: Setting, banker: Setting) -> Showdown:
        c = compare(player, banker, self.rules, self.house_way)
        return Showdown(
            c.high if c.high is HandResult.WIN else HandResult.LOSE,
            c.low if c.low is HandResult.WIN else HandResult.LOSE,
            c.reasons[-2],
            c.reasons[-1],
        )

    def view(self, setting: Setting) -> SettingView:
        return SettingView(
            format_cards(setting.high),
            format_cards(setting.low),
            rank5(setting.high, self.rules).description,
            rank2(setting.low, self.rules).description,
        )

    def setting_from_text(self, hand: tuple[Card, ...], high: str, low: str) -> Setting:
        s = Setting.parse(f"{high} | {low}")
        self._uses(hand, s)
        return s

    def piece_text(self, piece: Card) -> str:
        return card_name(piece)

    def piece_label(self, piece: Card) -> str:
        return card_name(piece)

    def parse_piece(self, text: str) -> Card:
        return parse_card(text)

    def rules_json(self) -> dict[str, object]:
        return {"joker": self.rules.joker, "wheel": self.rules.wheel, "foul": self.rules.foul,
                "push": self.rules.push}

    def push_reason(self, banker: Setting) -> str | None:
        """Why every bet pushes, when the banker's hand (as set: a kind of the set hand
        reads its two-card hand, a seven-card kind its cards) is of the push kind: in
        words only (the push rule's code is the session's, in its rules)."""
        kind = self.rules.banker_push
        if kind.active and kind.matches_setting(banker, self.rules):
            return f"the banker's {kind.label} pushes every bet"
        return None
