"""The pieces drawn in Python (paigow.svg, for notebooks) are the browser's drawings.

Two implementations agree: web/static/js/pieces.js is run by Node on a minimal DOM, and
every element it makes for each of the 21 tile faces and the 53 cards (name, attributes,
text, children, in order) must equal what paigow.svg makes; and the colours paigow.svg
carries must be the browser style sheet's own (app.css). Skipped, with the reason, when
Node is missing (Debian's ``nodejs`` package).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from paigow import svg
from paigow.poker.cards import DECK_SIZE, card_name
from paigow.tiles.tile import FACES

STATIC = Path(__file__).resolve().parents[1] / "src" / "paigow" / "web" / "static"
TILES = [str(f) for f in FACES]
CARDS = [card_name(c) for c in range(DECK_SIZE)]

HARNESS = """
class El {
  constructor(name) { this.name = name; this.attrs = {}; this.children = []; this.textContent = ""; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  appendChild(c) { this.children.push(c); return c; }
  get classList() {
    const el = this;
    return { add(c) { el.attrs["class"] = ((el.attrs["class"] || "") + " " + c).trim(); } };
  }
}
globalThis.document = { createElementNS: (ns, name) => new El(name) };
const tree = (e) => [e.name, e.attrs, e.children.map(tree), e.textContent];
const m = await import(process.argv[2]);
const [tiles, cards] = JSON.parse(process.argv[3]);
console.log(JSON.stringify({
  tiles: tiles.map((t) => tree(m.tileSVG(t))),
  cards: cards.map((c) => tree(m.cardSVG(c))),
}));
"""


def _js(tmp_path: Path) -> dict[str, Any]:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node is missing (apt-get install nodejs): cannot run pieces.js")
    # the page's scripts as ES modules (whatever package.json says), beside each other so
    # pieces.js's imports (./i18n.js) resolve
    for script in (STATIC / "js").glob("*.js"):
        (tmp_path / script.with_suffix(".mjs").name).write_text(
            script.read_text(encoding="utf-8").replace('.js";', '.mjs";'), encoding="utf-8")
    module = tmp_path / "pieces.mjs"
    harness = tmp_path / "harness.mjs"
    harness.write_text(HARNESS)
    out = subprocess.run([node, str(harness), module.as_uri(), json.dumps([TILES, CARDS])],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return dict(json.loads(out))


def _py(tree: svg.Element) -> list[Any]:
    name, attrs, children, text = tree
    return [name, attrs, [_py(c) for c in children], text]


def test_the_test_covers_every_piece() -> None:
    assert len(TILES) == 21 and len(set(TILES)) == 21
    assert len(CARDS) == 53 and "Jk" in CARDS


def test_every_tile_and_card_is_drawn_as_pieces_js_draws_it(tmp_path: Path) -> None:
    js = _js(tmp_path)
    for face, drawn in zip(TILES, js["tiles"], strict=True):
        assert _py(svg.tile_tree(face)) == drawn, face
    for card, drawn in zip(CARDS, js["cards"], strict=True):
        assert _py(svg.card_tree(card)) == drawn, card


def _rules(css: str) -> dict[str, str]:
    out = {}
    for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        decls = sorted(";".join(d.strip() for d in body.split(";") if d.strip()).replace(": ", ":")
                       .split(";"))
        out[" ".join(sel.split())] = ";".join(decls)
    return out


def test_the_colours_are_the_browser_style_sheets() -> None:
    page = _rules((STATIC / "css" / "app.css").read_text(encoding="utf-8"))
    mine = _rules(svg.STYLE)
    assert len(mine) >= 12
    for selector, decls in mine.items():
        assert page.get(selector) == decls, selector
