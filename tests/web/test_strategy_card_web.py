"""The Trainer page links to the shipped ways' strategy cards, and a route serves each as
SVG or PDF (issue 18, part 4); unknown ways and formats get 404, no path is read."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from webkit import HOSTS

from paigow.poker.strategy_card import card_svg
from paigow.poker.ways.file_way import shipped_ways
from paigow.web.app import create_app
from paigow.web.lobby import Lobby


def test_the_trainer_links_to_strategy_cards_served_as_svg_and_pdf(tmp_path: Path) -> None:
    c = TestClient(create_app(Lobby(str(tmp_path / "t.sqlite3"), warm_hints=False), HOSTS))
    page = c.get("/trainer").text
    for name in ("house", "foxwoods"):
        assert f'href="/trainer/card/{name}.pdf"' in page
        assert f'href="/trainer/card/{name}.svg"' in page
    # the house way's card once: its own file (seeds) draws it, and is not listed again
    assert "/trainer/card/seeds." not in page and page.count("The house way:") == 1
    # each card by the way's title (the file's own: "Foxwoods Pai Gow Poker House Way"),
    # not its code name; after the practice, not above it
    assert "The Foxwoods house way:" in page and ">foxwoods<" not in page
    assert page.index('id="strategy-cards"') > page.index('id="trainer-form"')
    r = c.get("/trainer/card/foxwoods.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == card_svg("foxwoods")
    r = c.get("/trainer/card/foxwoods.pdf")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")
    for bad in ("/trainer/card/nowhere.svg", "/trainer/card/house.png"):
        r = c.get(bad)
        assert r.status_code == 404 and "error" in r.json(), bad
    assert c.get("/trainer/card/..%2F..%2Fetc%2Fpasswd.svg").status_code == 404


# what a player reads on a card is a player's words: no developer's file names, notes or
# codes (issue 24 §1.8: "The seeds' house way", "seed 004 ... RULES.md 2.7 —
# docs/poker-house-way.md"); a source is cited by the page it was read from
DEVELOPER_WORDS = ("seed", "RULES.md", ".md", ".txt", ".toml", "src/", "repository",
                   "way file", "joker bug", "wheel second", "docs/")


@pytest.mark.parametrize("name", ["house", *sorted(shipped_ways())])
def test_a_strategy_card_reads_in_a_players_words(name: str) -> None:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(card_svg(name))
    words = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    found = [w for w in DEVELOPER_WORDS if w.lower() in words.lower()]
    assert not found, (name, found, words[:300])
    if name in ("house", "seeds"):
        assert words.startswith("The house way Source: en.wikipedia.org/wiki/Pai_gow_poker"), words[:80]
    else:
        assert "Source: wizardofodds.com/" in words, words[:200]


def test_the_trainer_links_to_the_tile_strategy_cards_the_learned_one_first(
    tmp_path: Path,
) -> None:
    """Issue 25 §3: the printable tile card (the learned way's first) is on the Trainer page,
    served as SVG and PDF; the card is the one `paigow tiles card` draws."""
    from paigow.tiles.strategy_card import card_svg as tile_card_svg
    from paigow.tiles.ways.way_file import shipped_way_files

    c = TestClient(create_app(Lobby(str(tmp_path / "t.sqlite3"), warm_hints=False), HOSTS))
    page = c.get("/trainer").text
    names = [n.removesuffix(".toml") for n in shipped_way_files()]
    assert "derived-australian" in names
    for name in names:
        assert f'href="/trainer/tiles-card/{name}.svg"' in page
        assert f'href="/trainer/tiles-card/{name}.pdf"' in page
    assert page.index("/trainer/tiles-card/derived-australian.svg") < page.index(
        "/trainer/tiles-card/australian.svg")
    r = c.get("/trainer/tiles-card/derived-australian.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == tile_card_svg("derived-australian.toml")
    pytest.importorskip("cairosvg")
    r = c.get("/trainer/tiles-card/harrahs.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    for bad in ("/trainer/tiles-card/nowhere.svg", "/trainer/tiles-card/australian.png",
                "/trainer/tiles-card/..%2Fharrahs.svg"):
        assert c.get(bad).status_code == 404, bad


@pytest.mark.parametrize("name", ["australian.toml", "derived-australian.toml", "harrahs.toml"])
def test_a_tile_strategy_card_reads_in_a_players_words(name: str) -> None:
    import xml.etree.ElementTree as ET

    from paigow.tiles.strategy_card import card_svg as tile_card_svg

    root = ET.fromstring(tile_card_svg(name))
    words = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    found = [w for w in (*DEVELOPER_WORDS, "--", "derive-strategy") if w.lower() in words.lower()]
    assert not found, (name, found, words[:300])
