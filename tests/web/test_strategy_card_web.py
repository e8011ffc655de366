"""The Trainer page links to the shipped ways' strategy cards, and a route serves each as
SVG or PDF (issue 18, part 4); unknown ways and formats get 404, no path is read."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from webkit import HOSTS

from paigow.poker.strategy_card import card_svg
from paigow.web.app import create_app
from paigow.web.lobby import Lobby


def test_the_trainer_links_to_strategy_cards_served_as_svg_and_pdf(tmp_path: Path) -> None:
    c = TestClient(create_app(Lobby(str(tmp_path / "t.sqlite3"), warm_hints=False), HOSTS))
    page = c.get("/trainer").text
    for name in ("house", "foxwoods", "seeds"):
        assert f'href="/trainer/card/{name}.pdf"' in page
        assert f'href="/trainer/card/{name}.svg"' in page
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
