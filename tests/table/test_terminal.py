"""The person at the prompt, driven by a scripted UI (both games)."""

from __future__ import annotations

from tablekit import BestLowWay, PokerSimple

from paigow.cli.terminal import Human
from paigow.poker.setting import is_foul
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.tiles_game import TilesGame, WayChooser


class ScriptUI:
    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.out: list[str] = []

    def ask(self, prompt: str) -> str:
        self.out.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def say(self, text: str) -> None:
        self.out.append(text)


def test_poker_at_the_prompt_hint_unavailable_then_house_way() -> None:
    ui = ScriptUI(["15", "hint", "22", "house"])
    game = PokerGame(PokerSimple())
    me = Human(ui, game, 1, 1000, hint=None)
    seats = [Seat(1, "you", "person", 50_000, me, owner="you"),
             Seat(2, "bot", "simple", 50_000, Bot(StrategyChooser(PokerSimple()), 500))]
    table = Table(game, seats, chance=seeded_chance(4))
    rec = table.play_round()
    text = "\n".join(ui.out)
    assert rec is not None
    assert "hint: unavailable (no exact advisor for poker yet)" in text
    assert "error: '22' is not a setting: type a number from 1 to 21" in text
    mine = next(h for h in rec.hands if h.seat == 1)
    assert mine.rule == "you (house way)" and rec.bets[1] == 1500
    assert "Your chips:" in text
    assert sum(table.balance(n) - 50_000 for n in (1, 2)) + table.house_net == 0


def test_a_person_who_fouls_is_reset_by_the_house_way() -> None:
    game = PokerGame(PokerSimple())
    ui = ScriptUI(["10"])
    me = Human(ui, game, 1, 1000)

    def foul_choice(hand: tuple[int, ...], banking: bool) -> object:
        from paigow.table.game import Choice

        fouls = [s for s in game.settings_of(hand) if is_foul(s)]
        return Choice(fouls[0] if fouls else game.settings_of(hand)[0], "you")

    me.choose = foul_choice  # type: ignore[method-assign,assignment]
    seats = [Seat(1, "you", "person", 50_000, me, owner="you")]
    table = Table(game, seats, chance=seeded_chance(1))
    rec = table.play_round()
    assert rec is not None
    mine = next(h for h in rec.hands if h.seat == 1)
    assert "re-set by the house way" in mine.note


def test_tiles_prompt_lists_settings_with_names() -> None:
    ui = ScriptUI(["10", "2"])
    game = TilesGame(BestLowWay())
    me = Human(ui, game, 3, 1000)
    seats = [Seat(3, "you", "person", 10_000, me, owner="you"),
             Seat(4, "bot", "t", 10_000, Bot(WayChooser(BestLowWay()), 100))]
    table = Table(game, seats, chance=seeded_chance(2))
    rec = table.play_round()
    assert rec is not None
    text = "\n".join(ui.out)
    # the four tiles are shown with their class names, the settings with their values
    hand_line = next(line for line in ui.out if line.startswith("Your hand: "))
    assert len(hand_line.split(", ")) == 4
    assert any(name in text for name in ("Teen", "Day", "Gee Joon", "Chop", "Foo", "Bon"))
    assert "  1) " in text and "  2) " in text
    assert "points" in text or "pair" in text
