"""A printable strategy card of a Pai Gow Poker way file: one page, its rules in order,
each beside a small example hand set by that rule.

:func:`card_svg` draws the card as SVG (no dependency: a string); :func:`card_pdf` turns
that same drawing into a one-page PDF with CairoSVG (vector, fonts embedded), so the two
never differ. The page is 595 × 792 points: 210 mm wide (A4's width) and 11 inches high
(US Letter's height), so it prints whole on either paper.

The example of a rule is a real hand the rule decides: the first of a seeded sample of
uniform hands that reaches it (so the examples are ordinary hands, the same on every
run), or, for a rule that only rare hands reach, the first pattern hand of the loader's
check that does (:func:`paigow.poker.ways.file_way.pattern_hands`). It is shown as the way
sets it: the five cards behind, a gap, the two in front.

>>> svg = card_svg("foxwoods")
>>> n_rules = len(load_card_way("foxwoods").spec.rules)  # every rule of the file, drawn
>>> svg.startswith("<svg") and "Foxwoods" in svg and svg.count('class="rule"') == n_rules
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from html import escape

import numpy as np

from paigow.errors import RuleError
from paigow.poker.cards import JOKER, RANKS, Card, parse_cards, sort_cards
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.setting import Setting
from paigow.poker.ways.file_way import FileWay, pattern_hands
from paigow.poker.ways.spec import Rule, WaySpec

WIDTH, HEIGHT = 595.0, 792.0  # points: 210 mm x 11 in
MARGIN = 28.0
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
SUITS = {0: ("\u2663", "#111"), 1: ("\u2666", "#c0392b"), 2: ("\u2665", "#c0392b"),
         3: ("\u2660", "#111")}
SAMPLE_SEED = 20240601
SAMPLE_SIZE = 200_000


def load_card_way(name: str, rules: PokerRules = DEFAULT_RULES) -> FileWay:
    """The way file a card is drawn for: a shipped name or a path; ``house`` is the shipped
    ``seeds`` file (its rules, equal to the built-in house way on every hand)."""
    from paigow.ways import get_way

    key = name.strip().lower()
    way = get_way("seeds" if key == "house" else name, rules)
    if not isinstance(way, FileWay):
        raise RuleError(f"a strategy card is drawn from a way file, and {name!r} is not one: "
                        "give house, a shipped way file or a .toml path")
    return way


@dataclass(frozen=True)
class Example:
    """A rule's example: the hand and the way's setting of it."""

    cards: tuple[Card, ...]
    setting: Setting


OTHERWISE = "otherwise"  # the key of the example of a way's otherwise line


def examples(way: FileWay) -> dict[str, Example]:
    """An example hand for every rule a hand reaches, by rule number (see the module
    description); for a way with an ``otherwise`` way, under :data:`OTHERWISE` a hand
    none of its rules sets."""
    return dict(_examples_cached(way.spec.digest, way.rules, way))


@lru_cache(maxsize=32)
def _examples_cached(digest: str, rules: PokerRules, way: FileWay) -> tuple[tuple[str, Example], ...]:
    from paigow.poker.ways.file_fast import file_splits_and_rules

    rng = np.random.default_rng(SAMPLE_SEED)
    deck = np.arange(53, dtype=np.int32)
    keys = rng.random((SAMPLE_SIZE, 53))
    hands = np.sort(deck[np.argpartition(keys, 7, axis=1)[:, :7]], axis=1).astype(np.int32)
    compiled = way.compiled
    own = compiled.own
    want = own + (1 if compiled.layers > 1 else 0)
    found: dict[str, tuple[Card, ...]] = {}
    for pool in (hands, pattern_hands()):
        _, both = file_splits_and_rules(compiled, np.ascontiguousarray(pool, np.int32), rules)
        for col in (0, 1):  # the rule that set the hand, and one that sent it there
            idx = both[:, col]
            uniq, first = np.unique(idx, return_index=True)
            for r, i in zip(uniq.tolist(), first.tolist(), strict=True):
                if 0 <= r < own:  # the file's own rules (an otherwise way's aside)
                    found.setdefault(compiled.rules[r].rule, parse_cards(pool[i].tolist()))
        if want > own:  # a hand the otherwise way sets: no rule of the file took it
            rest = np.flatnonzero((both[:, 0] >= own) & ~((both[:, 1] >= 0) & (both[:, 1] < own)))
            if len(rest):
                found.setdefault(OTHERWISE, parse_cards(pool[rest[0]].tolist()))
        if len(found) == want:
            break
    out = []
    for key in (*(rule.rule for rule in way.spec.rules), OTHERWISE):
        cards = found.get(key)
        if cards is not None:
            out.append((key, Example(cards, way.choose(list(cards)).setting)))
    return tuple(out)


# ------------------------------------------------------------------------- drawing


def _wrap(text: str, width: float, size: float) -> list[str]:
    """Greedy word wrap for a line ``width`` points wide at ``size`` points (an average
    glyph of 0.53 em: generous for DejaVu Sans and Helvetica)."""
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


def _card(x: float, y: float, c: Card, w: float, h: float) -> str:
    if c == JOKER:
        label, suit, color = "JK", "\u2605", "#6c3483"
    else:
        r = RANKS[c >> 2]
        label = "10" if r == "T" else r
        suit, color = SUITS[c & 3]
    fs = h * 0.42
    return (
        f'<g class="card"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
        f'rx="{w * 0.14:.1f}" fill="#fff" stroke="#888" stroke-width="0.6"/>'
        f'<text x="{x + w / 2:.1f}" y="{y + h * 0.45:.1f}" font-size="{fs:.1f}" '
        f'font-weight="bold" text-anchor="middle" fill="{color}">{label}</text>'
        f'<text x="{x + w / 2:.1f}" y="{y + h * 0.88:.1f}" font-size="{fs:.1f}" '
        f'text-anchor="middle" fill="{color}">{suit}</text></g>'
    )


def _hand(x: float, y: float, ex: Example, w: float, h: float) -> str:
    back = sort_cards(ex.setting.high)
    front = sort_cards(ex.setting.low)
    step = w + 1.5
    parts = [_card(x + i * step, y, c, w, h) for i, c in enumerate(back)]
    fx = x + 5 * step + w * 0.6
    parts += [_card(fx + i * step, y, c, w, h) for i, c in enumerate(front)]
    return "".join(parts)


def card_svg(name: str, rules: PokerRules = DEFAULT_RULES) -> str:
    """The strategy card of a way file (a shipped name, ``house`` or a path) as SVG."""
    way = load_card_way(name, rules)
    spec = way.spec
    ex = examples(way)
    rules_list: tuple[Rule, ...] = spec.rules
    inner = WIDTH - 2 * MARGIN
    num_w = 22.0
    # sizes shrink together until the rules fit on the page
    for scale in (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55):
        size = 8.2 * scale
        cw, ch = 13.0 * scale + 2, 18.0 * scale + 2.5
        hand_w = 7 * (cw + 1.5) + cw * 0.6
        text_w = inner - num_w - hand_w - 10
        line_h = size * 1.22
        rows: list[tuple[Rule | None, list[str], float]] = []
        for r in rules_list:
            lines = _wrap(r.text, text_w, size)
            rows.append((r, lines, max(len(lines) * line_h, ch) + 5 * scale))
        if spec.otherwise is not None:  # the otherwise line: one more row
            lines = _wrap(otherwise_text(spec), text_w, size)
            rows.append((None, lines, max(len(lines) * line_h, ch) + 5 * scale))
        head = 74.0
        notes = _wrap(spec.notes, inner, 6.6)[:4] if spec.notes else []
        head += 8.2 * len(notes)
        if head + sum(h for *_, h in rows) + 26 <= HEIGHT - 2 * MARGIN:
            break
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0f}pt" height="{HEIGHT:.0f}pt" '
        f'viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" font-family="{FONT}">',
        f"<title>{escape(spec.title)}: strategy card</title>",
        f'<rect width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="#fff"/>',
    ]
    y = MARGIN + 16
    out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="16" font-weight="bold">'
               f"{escape(spec.title)}</text>")
    y += 14
    src = card_source(spec)
    if src:
        out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="7.5" fill="#444">'
                   f"{escape(src)}</text>")
        y += 10
    for line in notes:
        out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="6.6" fill="#444">'
                   f"{escape(line)}</text>")
        y += 8.2
    y += 6
    intro = ("Try the rules in order; the first that fits the hand sets it. A hand that can "
             "make a straight or flush behind looks at those rules first.")
    if spec.otherwise is not None:
        intro = ("Try the rules in order; the first that fits sets the hand (straight-or-flush "
                 f"rules first). No rule fits: play the {spec.otherwise.name} way.")
    out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="7.5" fill="#222">'
               f"{escape(intro)}</text>")
    y += 10
    hx = WIDTH - MARGIN - hand_w
    out.append(f'<text x="{hx:.1f}" y="{y:.1f}" font-size="6.8" fill="#555">example: five '
               f'behind</text><text x="{hx + 5 * (cw + 1.5) + cw * 0.6:.1f}" y="{y:.1f}" '
               'font-size="6.8" fill="#555">front</text>')
    y += 4
    out.append(f'<line x1="{MARGIN}" y1="{y:.1f}" x2="{WIDTH - MARGIN}" y2="{y:.1f}" '
               'stroke="#333" stroke-width="0.8"/>')
    y += 4
    section = ""
    for i, (row_rule, lines, h) in enumerate(rows):
        if i % 2 == 1:
            out.append(f'<rect x="{MARGIN - 2}" y="{y - 1:.1f}" width="{inner + 4:.1f}" '
                       f'height="{h:.1f}" fill="#f3f3f3"/>')
        key = row_rule.section if row_rule is not None else OTHERWISE
        if key != section and i:
            out.append(f'<line x1="{MARGIN}" y1="{y - 1:.1f}" x2="{WIDTH - MARGIN}" '
                       f'y2="{y - 1:.1f}" stroke="#bbb" stroke-width="0.5"/>')
        section = key
        ty = y + size + 1.5
        number, cls = (row_rule.rule, "rule") if row_rule is not None else ("else", "otherwise")
        out.append(f'<g class="{cls}"><text x="{MARGIN:.1f}" y="{ty:.1f}" '
                   f'font-size="{size:.1f}" font-weight="bold">{escape(number)}</text>')
        for k, line in enumerate(lines):
            out.append(f'<text x="{MARGIN + num_w:.1f}" y="{ty + k * line_h:.1f}" '
                       f'font-size="{size:.1f}">{escape(line)}</text>')
        example = ex.get(row_rule.rule if row_rule is not None else OTHERWISE)
        if example is not None:
            out.append(_hand(hx, y + 1, example, cw, ch))
        out.append("</g>")
        y += h
    foot = (f"paigow strategy card \u00b7 {_JOKER[rules.joker]} \u00b7 {_WHEEL[rules.wheel]} "
            "\u00b7 every example is set by its rule")
    out.append(f'<text x="{MARGIN}" y="{HEIGHT - MARGIN + 8:.1f}" font-size="6.5" '
               f'fill="#666">{escape(foot)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# the rules a card's examples are set under, in a player's words (its footer)
_JOKER = {"bug": "the joker an ace, or it fills a straight or flush", "wild": "the joker wild"}
_WHEEL = {"second": "A-2-3-4-5 the second-best straight", "lowest": "A-2-3-4-5 the lowest straight"}


def card_source(spec: WaySpec) -> str:
    """The line under a card's title: where its way comes from, in a player's words. A way
    read from a web page is cited by the page (a file's ``source`` may also say where its
    text is kept, for the people who keep the file); any other by its source as written.

    >>> card_source(load_card_way("foxwoods").spec)
    'Source: wizardofodds.com/games/pai-gow-poker/house-way/foxwoods'
    """
    scheme, _, where = spec.url.partition("://")
    if scheme in ("http", "https") and where:
        return f"Source: {where.rstrip('/')}"
    return spec.source


def otherwise_text(spec: WaySpec) -> str:
    """The words of a way's otherwise line: the way every other hand is set by."""
    other = spec.otherwise
    assert other is not None
    title = other.title if other.title != other.name else f"the {other.name} way"
    return (f"Otherwise (no rule above fits): set the hand as {title} sets it "
            "(at a casino of that way, ask the dealer to set it the house way).")


def card_pdf(name: str, rules: PokerRules = DEFAULT_RULES) -> bytes:
    """The same card as a one-page PDF (:func:`paigow.strategy.svg_to_pdf`).

    Raises:
        MissingExtraError: without the ``pdf`` extra (``pip install 'paigow[pdf]'``).
        RuleError: a way that is not a way file, or the cairo library missing.
    """
    from paigow.strategy import svg_to_pdf

    return svg_to_pdf(card_svg(name, rules))


__all__ = ["OTHERWISE", "card_pdf", "card_source", "card_svg", "examples", "load_card_way",
           "otherwise_text"]
