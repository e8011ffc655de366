"""Issue 23 §4: a user script using the public API is ``mypy --strict`` clean, and the
rule options are typed: mypy itself refuses ``joker="free"`` (a checker outside the code,
run on scripts a user would write).

The checks share a mypy cache under the user cache (``XDG_CACHE_HOME``), so only the
first run analyses paigow from scratch.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

USER_SCRIPT = '''\
"""What a person writes against paigow: both games, values, results, rules."""
from fractions import Fraction

import paigow
from paigow.errors import PaigowError, RulesMismatchError
from paigow.poker import Card, Hand, HandRank, PokerRules, Rank, Setting
from paigow.tiles import HandValue, Tile, TileRules
from paigow.ways import POKER, TILES, Decision, Rule, get_way

value: HandValue = paigow.tiles.value("6-6", "5-4", gee_joon_tiebreak="no_value")
bigger: bool = value > paigow.tiles.value([Tile(1, 1), "6-3"])
winner: str = paigow.tiles.compare("4-3 2-2", "6-5 5-5").winner
tile_settings = [str(s) for s in paigow.tiles.settings("6-5 3-2 6-4 4-3")]
tile_way: Decision[paigow.tiles.Setting] = paigow.tiles.set_hand(
    "6-6 4-2 5-3 1-1", way="australian", rules=TileRules("ranked"))
rule: Rule = tile_way.rule
number: str | None = rule.number
edge_text = str(paigow.tiles.edge("australian", dealer="australian", commission="5%").edge)

card: Card = Card("As")
rank_of_card: Rank = card.rank
hand: Hand = paigow.poker.hand("Kd As Jk")
rank: HandRank = paigow.poker.rank("As Ks Qs Js Jk", joker="wild", wheel="lowest")
later: bool = rank > paigow.poker.rank("2c 3d 4h 5s 7c", rules=PokerRules(joker="wild", wheel="lowest"))
setting: Setting = Setting.parse("Kd 9c 7d 4s 3h | Qs Jh")
again: Setting = Setting.parse(repr(setting))
decision: Decision[Setting] = paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h", way="foxwoods")
fouls = [s.foul for s in paigow.poker.settings("As Kd Qh Jc 9s 8d 2c")]
outcome: str = paigow.poker.compare("Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs").outcome.value
sim_edge: float = paigow.poker.simulate("house", "house", rounds=1000, seed=1, game="ez").edge
side_edge: Fraction = paigow.poker.side_bet("fortune", joker="bug").edge
card_svg: str = paigow.poker.way_card("foxwoods").svg
house = get_way("house", POKER)
luger = get_way("luger", TILES)
names: list[str] = [house.name, luger.name]
try:
    paigow.poker.rank("As Ks")
except RulesMismatchError:
    pass
except PaigowError as exc:
    message: str = str(exc)
'''

TYPO_SCRIPT = '''\
import paigow

paigow.poker.rank("As Ks Qs Js Jk", joker="free")
paigow.tiles.value("6-6 5-4", gee_joon_tiebreak="sideways")
paigow.poker.simulate(rounds=10, game="ez-pai-gow")
paigow.poker.simulate(rounds=10, push="pai-gow:8")
'''


def _mypy(tmp_path: Path, name: str, text: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / name
    script.write_text(text, encoding="utf-8")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "paigow-mypy"
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
         str(cache), str(script)],
        capture_output=True, text=True, timeout=1800, cwd=tmp_path)


@pytest.mark.slow
def test_a_user_script_of_the_public_api_is_mypy_strict_clean(tmp_path: Path) -> None:
    res = _mypy(tmp_path, "user_script.py", USER_SCRIPT)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.slow
def test_mypy_refuses_a_rule_option_that_does_not_exist(tmp_path: Path) -> None:
    res = _mypy(tmp_path, "typos.py", TYPO_SCRIPT)
    assert res.returncode == 1
    errors = [line for line in res.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["3", "4", "5", "6"], res.stdout
    assert "'free'" in errors[0] and "'sideways'" in errors[1]
    assert all("incompatible type" in line for line in errors), res.stdout
