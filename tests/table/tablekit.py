"""Helpers for the table tests: simple, fully stated ways defined here (never the code
under test) and scripted deals."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from paigow.poker.cards import format_cards, parse_cards
from paigow.poker.setting import Setting as PokerSetting
from paigow.poker.setting import is_foul
from paigow.poker.setting import settings as poker_settings
from paigow.store import Store, open_store
from paigow.tiles.setting import setting_from_text, settings
from paigow.tiles.tile import DECK, Tile, parse_tiles
from paigow.tiles.ways import Decision
from paigow.ways import Rule


class BestLowWay:
    """Test way: the setting with the best low hand (then the best high hand)."""

    name = "best-low"

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision:
        best = max(settings(tiles), key=lambda s: (s.low_value.code, s.high_value.code))
        return Decision(best, Rule(self.name, None, "", cite="best low"))


class ScriptWay:
    """Test way: plays exactly the settings it is told, hand by hand."""

    def __init__(self, name: str, script: dict[str, tuple[str, str]]) -> None:
        self.name = name
        self.script = {_key(parse_tiles(h)): v for h, v in script.items()}

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision:
        high, low = self.script[_key(tiles)]
        return Decision(setting_from_text(tuple(tiles), high, low),
                        Rule(self.name, None, "", cite="script"))


def _key(tiles: Iterable[Tile]) -> tuple[str, ...]:
    return tuple(sorted(str(t) for t in tiles))


class PokerScript:
    """Test poker way: plays the settings it is told (five cards | two cards)."""

    def __init__(self, name: str, script: dict[str, str]) -> None:
        self.name = name
        self.script = {tuple(sorted(parse_cards(h))): v for h, v in script.items()}

    def set(self, cards: Sequence[int], banking: bool) -> PokerSetting:
        return PokerSetting.parse(self.script[tuple(sorted(cards))])


class PokerSimple:
    """Test poker way: the legal setting with the best two-card hand (by its cards)."""

    name = "simple"

    def set(self, cards: Sequence[int], banking: bool) -> PokerSetting:
        legal = [s for s in poker_settings(cards) if not is_foul(s)]
        return max(legal, key=lambda s: (s.low[0] >> 2 == s.low[1] >> 2, sorted(s.low)))


def woodpile_order(stacks: dict[int, str]) -> list[Tile]:
    """A deck order whose stack ``k`` holds the given tiles (top first); the other stacks
    take the remaining tiles in the set's order."""
    left = list(DECK)
    fixed: dict[int, tuple[Tile, ...]] = {}
    for k, text in stacks.items():
        tiles = parse_tiles(text, count=4)
        for t in tiles:
            left.remove(t)
        fixed[k] = tiles
    out: list[Tile] = []
    for k in range(8):
        if k in fixed:
            out.extend(fixed[k])
        else:
            out.extend(left[:4])
            del left[:4]
    return out


def poker_order(hands: dict[int, str]) -> list[int]:
    """A deck order whose hand ``k`` (cards 7k..7k+6) is given; the rest in card order."""
    left = list(range(53))
    fixed: dict[int, tuple[int, ...]] = {}
    for k, text in hands.items():
        cards = parse_cards(text)
        assert len(cards) == 7, format_cards(cards)
        for c in cards:
            left.remove(c)
        fixed[k] = cards
    out: list[int] = []
    for k in range(7):
        if k in fixed:
            out.extend(fixed[k])
        else:
            out.extend(left[:7])
            del left[:7]
    out.extend(left)
    assert len(out) == 53
    return out


def play_cmd(db: str | Path, way_csv: Path, seed: int, *extra: str) -> list[str]:
    """The ``paigow play tiles`` command line of the crash tests (``db``: a path or a URL)."""
    return [sys.executable, "-m", "paigow.cli.table", "play", "tiles", "--db", str(db),
            "--seed", str(seed), "--house-way", f"table:{way_csv}", "--seats", "7", *extra]


def scalar(store: Store, sql: str, *args: Any) -> int:
    """One number from an audit query."""
    (row,) = store.query(sql, args)
    return int(next(iter(row.values())))


def consistent_ledger(db: str | Path) -> tuple[list[int], dict[int, dict[str, int]]]:
    """Reopen ``db`` (which voids unfinished rounds) and check every invariant from SQL:
    seats and house hold exactly the buy-ins, nothing on the table or in the bank, no open
    round, and each voided round gave every bet back to its seat. Returns the voided rounds
    and each session's balances."""
    store = open_store(str(db))
    voided = store.voided
    assert store.check() == []
    out = {}
    for sid in [s["session"] for s in store.sessions()]:
        bal = store.balances(sid)
        bought = scalar(store, "SELECT COALESCE(SUM(amount), 0) AS n FROM entry "
                               "WHERE session_id = ? AND kind = 'buy_in'", sid)
        chips = sum(v for k, v in bal.items() if k.startswith("seat:")) + bal.get("house", 0)
        assert chips == bought
        assert bal.get("bets", 0) == 0 and bal.get("bank", 0) == 0
        out[sid] = bal
    assert scalar(store, "SELECT COUNT(*) AS n FROM round WHERE status = 'open'") == 0
    for rid in voided:
        rows = store.entries(rid)
        bets = [e for e in rows if e["kind"] == "bet"]
        back = [e for e in rows if e["kind"] == "void" and e["memo"] == "void bet"]
        assert sorted((e["from"], e["amount"]) for e in bets) == sorted(
            (e["to"], e["amount"]) for e in back
        )
        assert store.round(rid)["status"] == "void"
    store.close()
    return voided, out


def start_at_the_prompt(db: str | Path, way_csv: Path) -> subprocess.Popen[str]:
    """Start ``paigow play tiles`` as a person at seat 1, bet $25, and return once it waits
    for the hand to be set: the round is open, its bet on the table."""
    proc = subprocess.Popen(play_cmd(db, way_csv, 7), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("25\n")
    proc.stdin.flush()
    seen = ""
    while "Set your hand" not in seen:
        ch = proc.stdout.read(1)
        assert ch, seen
        seen += ch
    return proc
