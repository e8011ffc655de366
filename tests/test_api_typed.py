"""Issue 23 §4: a user script using the public API is ``mypy --strict`` clean, and the
rule options are typed: mypy itself refuses ``joker="free"`` (a checker outside the code,
run on scripts a user would write).

The checks share a mypy cache under the user cache (``XDG_CACHE_HOME``), so only the
first run analyses paigow from scratch.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

USER_SCRIPT = '''\
"""What a person writes against paigow: every public name of both games, the ways, the
table, the pieces and the errors, at small sizes so that it also runs in a minute."""
from fractions import Fraction
from pathlib import Path
from tempfile import TemporaryDirectory

import paigow
from paigow import PaigowError, __version__
from paigow.errors import (
    AmountError, CardError, CardNotationError, CheckpointError, DeriveError,
    IllegalCardsError, IllegalError, IllegalSettingError, IllegalTilesError,
    MissingExtraError, NotationError, RuleError, RulesMismatchError, SettingError,
    SettingNotationError, TableError, TablesServedError, TileError, TileNotationError, TrainerError,
    WayFileError, WebError,
)
from paigow.poker import (
    Card, CardsLike, FoulRule, GameName, Hand, HandRank, JokerRule, PokerRules, PushSpec,
    Rank, RankedSetting, Setting, WheelRule,
)
from paigow.svg import card, cards_row, setting_html, tile, tiles_row
from paigow.table import (
    BankOffer, Banker, Bot, Choice, Entry, Game, MemoryStore, PokerGame, RoundRecord,
    ScriptedChance, Seat, StrategyChooser, Table, TilesGame, WayChooser, secure_chance,
    seeded_chance,
)
from paigow.tiles import (
    CLASSES, DECK, FACES, GeeJoonTiebreak, HandValue, Tile, TileClass, TileHand, TileRules,
    TilesLike,
)
from paigow.ways import POKER, TILES, Decision, Rule, WayName, get_way

version: str = __version__
SMALL = "As Ks Qs Js Ts 9s 8s 7s 2d"
DECK15 = "Kd Qs Jh 9c 7d 4s 3h As Ah Ad Ac 2c 2d 2h 2s"

# --- tiles -------------------------------------------------------------------------------
tiebreak: GeeJoonTiebreak = "no_value"
tile_rules = TileRules(tiebreak)
first: Tile = paigow.tiles.parse_tile("teen")
some: tuple[Tile, ...] = paigow.tiles.parse_tiles("6-6 5-4")
tiles_like: TilesLike = [Tile(1, 1), "6-3"]
top: TileClass = CLASSES[0]
counts: tuple[int, int] = (len(DECK), len(FACES))
value: HandValue = paigow.tiles.value("6-6", "5-4", rules=tile_rules)
bigger: bool = value > paigow.tiles.value(tiles_like, gee_joon_tiebreak="no_value")
same: HandValue = paigow.tiles.hand_value(some, paigow.tiles.DEFAULT_RULES)
code: int = paigow.tiles.hand_code(some[0], some[1])
held: TileHand = paigow.tiles.hand("6-6 4-2 5-3 1-1")
winner: str = paigow.tiles.compare("4-3 2-2", paigow.tiles.value("6-5 5-5")).winner
tile_comparison: paigow.tiles.Comparison = paigow.tiles.compare(held.tiles[:2], "6-5 5-5")
tile_settings: paigow.tiles.Settings = paigow.tiles.settings("6-5 3-2 6-4 4-3")
one: paigow.tiles.Setting = tile_settings[0]
again: paigow.tiles.Setting = paigow.tiles.Setting.parse(repr(one))
tile_way: Decision[paigow.tiles.Setting] = paigow.tiles.set_hand(held, way=Path("australian.toml"))
rule: Rule = tile_way.rule
number: str | None = rule.number
tile_advice_best: int = paigow.tiles.advise(held, dealer="australian").best
tile_grade_lost: Fraction = paigow.tiles.grade(held, tile_way.setting).ev_lost
tile_edge: Fraction = paigow.tiles.edge("australian", dealer="luger", commission="5%").edge
tile_derived: paigow.tiles.DerivedStrategy = paigow.tiles.derive_strategy(
    "australian", max_rules=3, small=True, shape="exceptions")
tile_share: float | None = tile_derived.share
tile_card: paigow.tiles.StrategyCard = paigow.tiles.way_card("australian.toml")

# --- poker -------------------------------------------------------------------------------
joker: JokerRule = "wild"
wheel: WheelRule = "lowest"
foul: FoulRule = "forfeit"
push: PushSpec = "pai-gow:Q"
game: GameName = "ez"
poker_rules = PokerRules(joker=joker, wheel=wheel, foul=foul, push=push)
ace: Card = Card("As")
rank_of_card: Rank = ace.rank
cards: tuple[Card, ...] = paigow.poker.parse_cards("Kd As Jk")
cards_like: CardsLike = [ace, "Kd", 52]
hand: Hand = paigow.poker.hand(cards_like)
rank: HandRank = paigow.poker.rank("As Ks Qs Js Jk", joker="wild", wheel="lowest")
later: bool = rank > paigow.poker.rank("2c 3d 4h 5s 7c", rules=PokerRules(joker="wild", wheel="lowest"))
setting: Setting = Setting.parse("Kd 9c 7d 4s 3h | Qs Jh")
back: Setting = Setting.parse(repr(setting))
listing: paigow.poker.Settings = paigow.poker.settings("As Kd Qh Jc 9s 8d 2c")
ranked: RankedSetting = listing[0]
fouls: list[bool] = [s.foul for s in listing]
decision: Decision[Setting] = paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h", way="foxwoods")
outcome: str = paigow.poker.compare(ranked, "Kh Kc 9h 8h 3h | 5s 4s", way="house").outcome.value
poker_comparison: paigow.poker.Comparison = paigow.poker.compare(setting, "Ah Ad 8c 8d 2s | Kc Qc")
advice_total: int = paigow.poker.advise(hand.cards[1:] + paigow.poker.parse_cards("Qs Jh 9c 7d 4s"),
                                        dealer="house", deck=DECK15, game=game).total
poker_grade_lost: Fraction = paigow.poker.grade("Kd Qs Jh 9c 7d 4s 3h", decision.setting,
                                                deck=DECK15).ev_lost
sim_edge: float = paigow.poker.simulate("house", "house", rounds=1000, seed=1, game="ez").edge
side_edge: Fraction = paigow.poker.side_bet("emperors-challenge", joker="bug", deck=SMALL).edge
envy: Fraction = paigow.poker.envy_bonus("fortune", 1, deck=SMALL + " Ah Kh Qh Jh Th").expected
tables: list[str] = paigow.poker.paytables()
poker_derived: paigow.poker.DerivedStrategy = paigow.poker.derive_strategy(
    "house", max_rules=12, sample=1000, eval_sample=0, seed=5, otherwise="none", folds=0,
    deck="As Ah Ad Ks Kh Kd Qs Qh Js Jh Ts 9s 9h 8s 7s 2c 3c Jk")
with TemporaryDirectory() as folder:
    way_file: Path = poker_derived.write(Path(folder) / "mine.toml")
    mine: WayName = way_file
    mine_sets: Setting = paigow.poker.set_hand("As Ah Kd Qs 9h 8s 2c", way=mine).setting
poker_card: paigow.poker.StrategyCard = paigow.poker.way_card("foxwoods")
card_svg: str = poker_card.svg
defaults: tuple[PokerRules, TileRules] = (paigow.poker.DEFAULT_RULES, paigow.tiles.DEFAULT_RULES)

# --- ways, pieces, the table -------------------------------------------------------------
house = get_way("house", POKER)
luger = get_way("luger", TILES)
names: list[str] = [house.name, luger.name]
pieces: list[str] = [tile("6-6"), card("As"), tiles_row(["6-6", "5-4"]), cards_row(["As", "Kd"]),
                     setting_html("6-6 5-4", "1-1 4-2", "high", "low")]
australian = get_way("australian", TILES)
tile_seats = [Seat(n, f"bot {n}", "australian", 10_000, Bot(WayChooser(australian), 100))
              for n in (1, 2)]
tile_table = Table(TilesGame(australian), tile_seats, chance=seeded_chance(7),
                   store=MemoryStore())
record: RoundRecord | None = tile_table.play_round()
assert record is not None
entries: tuple[Entry, ...] = record.entries
banker: Banker = record.banker
poker_seats = [Seat(1, "bot", "house", 10_000, Bot(StrategyChooser(house), 100))]
poker_table = Table(PokerGame(house, PokerRules()), poker_seats, chance=secure_chance())
poker_record: RoundRecord | None = poker_table.play_round()
table_types = (BankOffer, Choice, Game, ScriptedChance)

# --- errors --------------------------------------------------------------------------------
try:
    refused: bool = paigow.poker.rank("As Ks", rules=poker_rules) < paigow.poker.rank("As Ks")
except RulesMismatchError as exc:
    message: str = str(exc)
except (AmountError, CardError, CardNotationError, CheckpointError, DeriveError,
        IllegalCardsError, IllegalError, IllegalSettingError, IllegalTilesError,
        MissingExtraError, NotationError, RuleError, SettingError, SettingNotationError,
        TableError, TablesServedError, TileError, TileNotationError, TrainerError, WayFileError, WebError):
    raise
except PaigowError:
    raise
else:
    raise SystemExit("ranks of different rules compared")
'''

TYPO_SCRIPT = '''\
import paigow

paigow.poker.rank("As Ks Qs Js Jk", joker="free")
paigow.tiles.value("6-6 5-4", gee_joon_tiebreak="sideways")
paigow.poker.simulate(rounds=10, game="ez-pai-gow")
paigow.poker.simulate(rounds=10, push="pai-gow:8")
paigow.poker.PokerRules(foul="lose")
paigow.tiles.derive_strategy("australian", shape="wide")
paigow.poker.compare("Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs", house_way="house")
'''


def _mypy(tmp_path: Path, name: str, text: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / name
    script.write_text(text, encoding="utf-8")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "paigow-mypy"
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
         str(cache), str(script)],
        capture_output=True, text=True, timeout=1800, cwd=tmp_path)


PUBLIC = ("paigow", "paigow.tiles", "paigow.poker", "paigow.ways", "paigow.errors",
          "paigow.table", "paigow.svg")


def test_the_user_script_uses_every_public_name() -> None:
    """The script below is the whole public API: every name each public module exports
    (its ``__all__``) is imported or used in it, so a name added without a typed use here
    fails this test."""
    import importlib

    tree = ast.parse(USER_SCRIPT)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    used |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):  # from paigow.ways import ...: ways, and the names
            used |= {a.name for a in node.names} | set((node.module or "").split("."))
    missing = [f"{m}.{name}" for m in PUBLIC for name in importlib.import_module(m).__all__
               if name not in used]
    assert missing == []


@pytest.mark.slow
def test_a_user_script_of_the_public_api_is_mypy_strict_clean(tmp_path: Path) -> None:
    res = _mypy(tmp_path, "user_script.py", USER_SCRIPT)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.slow
def test_the_user_script_runs(tmp_path: Path) -> None:
    """What mypy passed is a script that works: it runs to its end (small sizes)."""
    script = tmp_path / "user_script.py"
    script.write_text(USER_SCRIPT, encoding="utf-8")
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=1800, cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.slow
def test_mypy_refuses_a_rule_option_that_does_not_exist(tmp_path: Path) -> None:
    res = _mypy(tmp_path, "typos.py", TYPO_SCRIPT)
    assert res.returncode == 1
    errors = [line for line in res.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["3", "4", "5", "6", "7", "8", "9"], res.stdout
    assert "'free'" in errors[0] and "'sideways'" in errors[1] and "'wide'" in errors[5]
    assert all("incompatible type" in line for line in errors[:6]), res.stdout
    assert '"house_way"' in errors[6]  # one naming: the way that re-sets a foul is way=
