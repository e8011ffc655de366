"""How to play (``/rules/tiles``, ``/rules/poker``): the rankings the pages list are the
rules' own (RULES.md 1.1, 1.3 and 2.2, from the seeds), in order, each named once.

The pages are generated from the engine (``web/rules_page.py``); these tests read the
HTML a browser gets and compare it with the orders written in the rules, so a page that
listed the engine's order wrongly, or named a hand twice ("straight flush straight flush,
9 high", two rows both called "Gee Joon"), fails.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from webkit import poker_opts, serving, tiles_opts

# RULES.md 1.1: the 16 pairs, highest first
PAIRS = ["Gee Joon", "Teen", "Day", "Yun", "Gor", "Mooy", "Chong", "Bon", "Foo", "Ping", "Tit",
         "Look", "Chop Gow", "Chop Bot", "Chop Chit", "Chop Ng"]
# RULES.md 1.3, the default single-tile order: ... the sevens, then 2-4, the fives, 1-2 last
SINGLES = ["6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5",
           "3-6 4-5", "2-6 3-5", "3-4 2-5", "2-4", "2-3 1-4", "1-2"]
# RULES.md 2.2: five aces, royal flush, straight flush, ... high card (joker a bug)
POKER = ["five aces", "royal flush", "straight flush", "four of a kind", "full house", "flush",
         "straight", "three of a kind", "two pair", "pair", "high card"]


def _items(page: str, cls: str) -> list[str]:
    """The text of each item of the ranking list ``cls`` and its pieces, tags dropped."""
    block = page[page.index(f'class="ranking {cls}"'):]
    block = block[:block.index("</ol>")]
    out = []
    for li in re.findall(r"<li>(.*?)</li>", block, re.S):
        pieces = re.search(r'data-pieces="([^"]*)"', li)
        text = html.unescape(re.sub(r"<[^>]+>", "", li)).strip()
        out.append(f"{pieces.group(1) if pieces else ''} | {text}")
    return out


def _same_tiles(a: str, b: str) -> bool:
    """Two tiles lists alike, pips in either order (RULES.md 1.1: 6-6, 2-4 either way)."""
    def norm(s: str) -> list[str]:
        return sorted("-".join(sorted(t.split("-"))) for t in s.split())
    return norm(a) == norm(b)


def test_the_tile_pages_rankings_are_the_rules_orders(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        page = TestClient(app).get("/rules/tiles").text
    pairs = _items(page, "pairs")
    # each pair by its name and, beside it, its Chinese name (seed 003's characters)
    assert [x.split(" | ")[1].split(" (")[0] for x in pairs] == \
        ["Gee Joon pair 至尊"] + [f"pair of {p} 雙{c}" for p, c in zip(
            PAIRS[1:], ["天", "地", "人", "鵝", "梅", "長", "板", "斧", "屏", "七", "六", "紮九", "紮八", "紮七", "紮五"], strict=True)]
    singles = _items(page, "singles")
    assert len(singles) == len(SINGLES)
    for got, want in zip(singles, SINGLES, strict=True):
        assert _same_tiles(got.split(" | ")[0], want), (got, want)
    names = [x.split(" | ")[1] for x in singles]
    assert len(set(names)) == len(names), names  # each row told apart by its name


def test_the_poker_pages_ranking_is_the_rules_order_each_hand_named_once(tmp_path: Path) -> None:
    with serving(tmp_path, poker_opts()) as (_lobby, app):
        page = TestClient(app).get("/rules/poker?table=1").text
    hands = [x.split(" | ")[1] for x in _items(page, "hands")]
    assert [h.split(" (")[0] for h in hands] == POKER
    for name, text in zip(POKER, hands, strict=True):
        assert text.count(name) == 1 or name == "pair", text  # "pair (pair of tens, ...)"
