"""The tile game at the table: woodpile, dice counted counterclockwise from the banker,
house way for the banker, comparison hand by hand (copies and 0-0 to the banker)."""

from __future__ import annotations

from collections.abc import Sequence

from paigow.errors import IllegalSettingError, RuleError
from paigow.settle import HandResult
from paigow.table.deal import (
    COUNTERCLOCKWISE,
    IDENTITY_CUT,
    TILE_PLACES,
    Cut,
    Woodpile,
    deal_tiles,
)
from paigow.table.game import Choice, Game, SettingView, Showdown
from paigow.tiles.hand import compare
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting, setting_from_text, settings
from paigow.tiles.tile import DECK, Tile, parse_tile
from paigow.tiles.ways import Decision, TileWay


class WayChooser:
    """A seat played by a bot: any :class:`~paigow.tiles.ways.TileWay`."""

    def __init__(self, way: TileWay) -> None:
        self.way = way
        self.name = way.name

    def choose(self, hand: tuple[Tile, ...], banking: bool) -> Choice[Setting]:
        d: Decision[Setting] = self.way.choose(hand, banking)
        return Choice(d.setting, d.rule.text, way_rule=d.rule)


class TilesGame(Game[Tile, Setting]):
    """Pai Gow tiles (RULES.md part 1). ``house_way`` sets the banker's hand when the house
    banks or co-banks (``None`` only for replays, which read the recorded settings);
    ``cut`` rearranges the woodpile before the deal (none by default)."""

    name = "tiles"
    places = TILE_PLACES
    direction = COUNTERCLOCKWISE

    def __init__(
        self,
        house_way: TileWay | None,
        rules: TileRules = DEFAULT_RULES,
        cut: Cut = IDENTITY_CUT,
    ) -> None:
        self.house_way = house_way
        self.house_way_name = house_way.name if house_way is not None else "none"
        self.rules = rules
        self.cut = cut

    def deck(self) -> tuple[Tile, ...]:
        return DECK

    def deal(
        self, deck: Sequence[Tile], dice_total: int, banker_place: int
    ) -> dict[int, tuple[Tile, ...]]:
        pile = Woodpile(tuple(deck)).cut(self.cut)
        return deal_tiles(pile, dice_total, banker_place)

    def house_choice(self, hand: tuple[Tile, ...], banking: bool) -> Choice[Setting]:
        if self.house_way is None:
            raise RuleError("no house way was given to this tile table")
        d = self.house_way.choose(hand, banking)
        return Choice(d.setting, f"house way ({self.house_way.name}): {d.rule}",
                      way_rule=d.rule, house=True)

    def settings_of(self, hand: tuple[Tile, ...]) -> list[Setting]:
        return settings(hand, self.rules)

    def check(
        self, hand: tuple[Tile, ...], choice: Choice[Setting], banking: bool
    ) -> Choice[Setting]:
        s = choice.setting
        used = sorted((*s.high, *s.low), key=lambda t: (t.hi, t.lo))
        if used != sorted(hand, key=lambda t: (t.hi, t.lo)):
            raise IllegalSettingError(
                f"the setting {s} does not use the hand's tiles {self.hand_text(hand)}"
            )
        return choice

    def showdown(self, player: Setting, banker: Setting) -> Showdown:
        hi = compare(player.high, banker.high, self.rules)
        lo = compare(player.low, banker.low, self.rules)
        return Showdown(
            HandResult.WIN if hi.winner == "player" else HandResult.LOSE,
            HandResult.WIN if lo.winner == "player" else HandResult.LOSE,
            hi.reason,
            lo.reason,
        )

    def view(self, setting: Setting) -> SettingView:
        return SettingView(
            self.hand_text(setting.high),
            self.hand_text(setting.low),
            setting.high_value.name,
            setting.low_value.name,
        )

    def setting_from_text(self, hand: tuple[Tile, ...], high: str, low: str) -> Setting:
        return setting_from_text(hand, high, low, self.rules)

    def piece_text(self, piece: Tile) -> str:
        return str(piece)

    def piece_label(self, piece: Tile) -> str:
        return piece.label()

    def parse_piece(self, text: str) -> Tile:
        return parse_tile(text)

    def rules_json(self) -> dict[str, object]:
        return {
            "gee_joon_tiebreak": self.rules.gee_joon_tiebreak,
            "cut": self.cut.name,
            "cut_perm": list(self.cut.perm),
        }
