"""A printable strategy card of a tile way file: one page, its rules in order, each drawn
as tiles: an example hand the rule sets, shown as the way sets it (high hand, low hand).

:func:`card_svg` draws the card as SVG (a string, no dependency; the tiles are the
browser's own drawings, :func:`paigow.svg.tile_tree`); :func:`card_pdf` turns the same
drawing into a one-page PDF with CairoSVG, so the two never differ. The page is 595 × 792
points: A4's width and US Letter's height, so it prints whole on either paper (the same
page as the poker card, :mod:`paigow.poker.strategy_card`).

The example of a rule is a real hand it sets: the first of the 8,130 distinct hands (in
the order strategy tables are written) whose setting that rule made, as a player; a rule
only the bank's hands reach takes its example there. For a way with an ``otherwise`` way,
a rule's example is the first such hand it sets otherwise than that way does (when there
is one), and one more row shows a hand none of its rules sets.

>>> svg = card_svg("australian.toml")
>>> svg.startswith("<svg") and svg.count('class="rule"') == len(load_card_way("australian.toml").rule_list)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from paigow.errors import RuleError
from paigow.svg import STYLE, render, tile_tree
from paigow.tiles.hand import tiebreak_strength
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting
from paigow.tiles.tile import CLASSES, Tile
from paigow.tiles.ways.table_file import distinct_hands
from paigow.tiles.ways.way_file import FileWay, Rule

WIDTH, HEIGHT = 595.0, 792.0  # points: 210 mm x 11 in
MARGIN = 28.0
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
OTHERWISE = "otherwise"


def load_card_way(name: str, rules: TileRules = DEFAULT_RULES) -> FileWay:
    """The way file a card is drawn for: a shipped name (``australian.toml``) or a path."""
    from paigow.ways import get_way

    key = name.strip()
    if not key.lower().endswith(".toml"):
        raise RuleError(f"a strategy card is drawn from a way file, and {name!r} is not one: "
                        "give a .toml path or a shipped way file (australian.toml)")
    way = get_way(key, rules)
    if not isinstance(way, FileWay):  # pragma: no cover - .toml always loads a FileWay
        raise RuleError(f"{name!r} is not a way file")
    return way


@dataclass(frozen=True)
class Example:
    """A rule's example: the hand, the way's setting of it, and the role."""

    tiles: tuple[Tile, ...]
    setting: Setting
    banking: bool


def examples(way: FileWay) -> dict[str, Example]:
    """An example hand for every rule whose setting some hand keeps, by rule id; under
    :data:`OTHERWISE` a hand the ``otherwise`` way sets."""
    found: dict[str, Example] = {}
    n_rules = len(way.rule_list)
    hands = distinct_hands()
    for role in (0, 1):
        last = way._last[role]
        for n in range(n_rules + 1):
            rid = way.rule_list[n].id if n < n_rules else OTHERWISE
            if rid in found:
                continue
            hits = (last == n).nonzero()[0]
            if not len(hits):
                continue
            pick = int(hits[0])
            if way.otherwise is not None and n < n_rules:
                # an exception is shown on a hand it sets otherwise than the house way
                for h in hits:
                    tiles = tuple(hands[int(h)])
                    mine = way.choose(tiles, bool(role)).setting
                    if not mine.same_way(way.otherwise.choose(tiles, bool(role)).setting):
                        pick = int(h)
                        break
            tiles = tuple(hands[pick])
            found[rid] = Example(tiles, way.choose(tiles, bool(role)).setting, bool(role))
    return found


def _hand_svg(x: float, y: float, s: Setting, h: float) -> str:
    """The setting as tiles: the high hand, a gap, the low hand."""
    w = h / 2
    parts = []
    tiles: list[Tile | None] = [*s.high, None, *s.low]
    cx = x
    for t in tiles:
        if t is None:
            cx += w * 0.6
            continue
        node = tile_tree(str(t), t.label(), small=True)
        placed = (node[0], {**node[1], "x": f"{cx:.1f}", "y": f"{y:.1f}", "width": f"{w:.1f}",
                            "height": f"{h:.1f}"}, node[2], node[3])
        parts.append(render(placed, standalone=False))
        cx += w + 1.5
    return "".join(parts)


def _wrap(text: str, width: float, size: float) -> list[str]:
    per_line = max(10, int(width / (0.53 * size)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines or [""]


def otherwise_text(way: FileWay) -> str:
    """The words of a way's otherwise line."""
    other = way.otherwise
    assert other is not None
    return (f"Otherwise (no rule above fits): set the hand as the {other.name} way sets it "
            "(at a casino of that way, ask the dealer to set it the house way).")


#: the words a card uses for each rank class, as way files write them (by class index)
_TILE_WORDS = ("Gee Joon", "Teen", "Day", "High 8", "High 4", "High 10", "High 6", "Low 4",
               "11", "Low 10", "High 7", "Low 6", "9", "Low 8", "Low 7", "5")


def legend(way: FileWay) -> str:
    """What a card says about the words of its ``when`` rules and strongest hands (empty
    when the way's rules use neither): the best hands, and the single tiles' order."""
    if not any(r.when for r in way.rule_list):
        return ""
    ranks: dict[str, int] = {}
    for c in CLASSES:  # the two Gee Joon tiles may rank apart (--gee-joon-tiebreak)
        for f in c.faces:
            word = _TILE_WORDS[c.index]
            ranks[word] = max(ranks.get(word, 0), tiebreak_strength(Tile(*f), way.rules))
    split = {tiebreak_strength(Tile(*f), way.rules) for f in CLASSES[0].faces}
    if len(split) > 1:
        del ranks[_TILE_WORDS[0]]
        for f in CLASSES[0].faces:
            ranks[f"Gee Joon {f[0]}-{f[1]}"] = tiebreak_strength(Tile(*f), way.rules)
    order = sorted(ranks, key=lambda w: -ranks[w])
    return ("Your best high hand: the strongest high hand any setting of the four tiles "
            "makes, and the low hand beside it is that setting's other hand (likewise your "
            "best low hand). Hands compare by points (a Gong 10, a Wong 11, pairs above), "
            "then by their highest tile: " + ", ".join(order) + ".")


_WAY_NAMES = {"australian": "Australian", "harrahs": "Harrah's", "luger": "Luger's"}


def _way_name(name: str) -> str:
    return _WAY_NAMES.get(name, name)


def players_words(text: str) -> str:
    """A way file's title or source line as a player reads it on a card: no references to
    this project's seed files or docs, no command line (issue 24 §1.8's rule for the poker
    cards, kept by the tile cards too).

    >>> players_words("Harrah's house way (seed 000): Luger's Banker column")
    "Harrah's house way: Luger's Banker column"
    >>> players_words("seed 000, 'the house way'; readings in docs/tiles-ways.md, section 2")
    "'the house way'"
    >>> players_words("paigow tiles derive-strategy --dealer australian --commission 1/20")
    'Learned from every hand against the Australian way'
    >>> players_words("A learned tile way against australian (player)")
    'A learned tile way against the Australian way (player)'
    """
    if m := re.match(r"paigow tiles derive-strategy .*?--dealer (\S+)", text):
        return f"Learned from every hand against the {_way_name(m.group(1))} way"
    t = re.sub(r"\s*\(seed \d+\)", "", text)
    t = re.sub(r"^seed \d+,\s*", "", t)
    t = re.sub(r";?\s*readings in docs/[^;]*$", "", t)
    t = re.sub(r"\bagainst (australian|harrahs|luger)\b",
               lambda m: f"against the {_way_name(m.group(1))} way", t)
    return t.strip()


def card_svg(name: str, rules: TileRules = DEFAULT_RULES) -> str:
    """The strategy card of a tile way file (a shipped name or a path) as SVG."""
    way = load_card_way(name, rules)
    ex = examples(way)
    rule_list: list[Rule] = [r for r in way.rule_list]
    inner = WIDTH - 2 * MARGIN
    num_w = 26.0
    head = 9.0 * len([x for x in _wrap(legend(way), inner, 7.0) if x])
    rows: list[tuple[Rule | None, list[str], float]] = []
    size = line_h = tile_h = hand_w = 0.0
    for scale in (1.0, 0.9, 0.8, 0.7, 0.62, 0.55, 0.48, 0.42, 0.36, 0.3, 0.25):
        size = max(5.6, 8.6 * scale)  # the words stay readable; the tiles shrink further
        tile_h = 30.0 * scale + 4
        hand_w = 4 * (tile_h / 2 + 1.5) + tile_h / 2 * 0.6
        text_w = inner - num_w - hand_w - 10
        line_h = size * 1.22
        rows = []
        for r in rule_list:
            lines = _wrap(r.text or f"rule {r.id}", text_w, size)
            rows.append((r, lines, max(len(lines) * line_h + 2, tile_h) + 4 * scale))
        if way.otherwise is not None:
            lines = _wrap(otherwise_text(way), text_w, size)
            rows.append((None, lines, max(len(lines) * line_h + 2, tile_h) + 4 * scale))
        if 96 + head + sum(h for *_, h in rows) + 26 <= HEIGHT - 2 * MARGIN:
            break
    title = players_words(way.title or way.name)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0f}pt" height="{HEIGHT:.0f}pt" '
        f'viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" font-family="{FONT}">',
        f"<title>{escape(title)}: strategy card</title>",
        f"<style>{STYLE}</style>",
        f'<rect width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="#fff"/>',
    ]
    y = MARGIN + 16
    out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="15" font-weight="bold">'
               f"{escape(title)}</text>")
    y += 13
    if way.source_note:
        for line in _wrap(players_words(way.source_note), inner, 7.0)[:2]:
            out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="7" fill="#444">'
                       f"{escape(line)}</text>")
            y += 9
    y += 4
    intro = "Try the rules in order; the first that fits the hand sets it."
    if way.otherwise is not None:
        intro += f" No rule fits: play the {_way_name(way.otherwise.name)} way."
    out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="7.5" fill="#222">'
               f"{escape(intro)}</text>")
    y += 10
    for line in _wrap(legend(way), inner, 7.0):
        if line:
            out.append(f'<text class="legend" x="{MARGIN}" y="{y:.1f}" font-size="7" '
                       f'fill="#222">{escape(line)}</text>')
            y += 9
    hx = WIDTH - MARGIN - hand_w
    low_x = hx + 2 * (tile_h / 2 + 1.5) + tile_h / 2 * 0.6
    out.append(f'<text x="{hx - 4:.1f}" y="{y:.1f}" font-size="6.8" fill="#555" '
               f'text-anchor="end">example:</text>'
               f'<text x="{hx:.1f}" y="{y:.1f}" font-size="6.8" fill="#555">high</text>'
               f'<text x="{low_x:.1f}" y="{y:.1f}" font-size="6.8" fill="#555">low</text>')
    y += 4
    out.append(f'<line x1="{MARGIN}" y1="{y:.1f}" x2="{WIDTH - MARGIN}" y2="{y:.1f}" '
               'stroke="#333" stroke-width="0.8"/>')
    y += 4
    for i, (rule, lines, h) in enumerate(rows):
        if i % 2 == 1:
            out.append(f'<rect x="{MARGIN - 2}" y="{y - 1:.1f}" width="{inner + 4:.1f}" '
                       f'height="{h:.1f}" fill="#f3f3f3"/>')
        ty = y + size + 1.5
        number, cls = (rule.id, "rule") if rule is not None else ("else", "otherwise")
        out.append(f'<g class="{cls}"><text x="{MARGIN:.1f}" y="{ty:.1f}" '
                   f'font-size="{size:.1f}" font-weight="bold">{escape(number)}</text>')
        for k, line in enumerate(lines):
            out.append(f'<text x="{MARGIN + num_w:.1f}" y="{ty + k * line_h:.1f}" '
                       f'font-size="{size:.1f}">{escape(line)}</text>')
        e = ex.get(rule.id if rule is not None else OTHERWISE)
        if e is not None:
            out.append(_hand_svg(hx, y + 1, e.setting, tile_h))
        out.append("</g>")
        y += h
    foot = (f"paigow tile strategy card \u00b7 {way.name.removesuffix('.toml')} \u00b7 "
            f"Gee Joon tie-break {rules.gee_joon_tiebreak} \u00b7 every example is a hand its rule sets, drawn as set")
    out.append(f'<text x="{MARGIN}" y="{HEIGHT - MARGIN + 8:.1f}" font-size="6.5" '
               f'fill="#666">{escape(foot)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def card_pdf(name: str, rules: TileRules = DEFAULT_RULES) -> bytes:
    """The same card as a one-page PDF (:func:`paigow.strategy.svg_to_pdf`).

    Raises:
        MissingExtraError: without the ``pdf`` extra (``pip install 'paigow[pdf]'``).
        RuleError: a way that is not a way file, or the cairo library missing.
    """
    from paigow.strategy import svg_to_pdf

    return svg_to_pdf(card_svg(name, rules))


__all__ = ["OTHERWISE", "card_pdf", "card_svg", "examples", "legend", "load_card_way",
           "otherwise_text"]
