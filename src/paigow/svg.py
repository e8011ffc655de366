"""The pieces as SVG, for notebooks and documents: the same drawings as the browser's.

The browser table draws its pieces in ``web/static/js/pieces.js``; this module draws the
same elements with the same coordinates and classes (tests/test_svg.py renders both and
compares them, element by element), and carries the colours of the browser's style sheet
(``web/static/css/app.css``) in a ``<style>`` of its own, so a drawing stands alone.

Dominoes follow a real set: dark tiles, the pips of 1 and 4 red and the rest white, the 1
one large red pip, the 3-3 (Chong) laid out two across, two down the middle, two across,
and on the 6-6 (Teen) half of the pips red. Cards are white, red or black by suit; the
joker is framed in purple.

>>> tile("6-6")[:59]
'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 80"'
>>> "five of hearts" in card("5h") and "the joker" in card("Jk")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

SVG_NS = "http://www.w3.org/2000/svg"

STYLE = (
    ".tile-body{fill:#15171a;stroke:#000}"
    ".tile-back{fill:#6b4a2b;stroke:#3c2816}"
    ".pip.white{fill:#f4f1e8}"
    ".pip.red{fill:#e2231a}"
    ".card-body{fill:#fff;stroke:#999}"
    ".card.red text{fill:#c8102e}"
    ".card.black text{fill:#111}"
    ".card-rank{font-size:17px;font-weight:700}"
    ".card-suit-small{font-size:14px}"
    ".card-suit{font-size:34px}"
    ".card.joker .card-body{fill:#fff8e1;stroke:#6a1b9a;stroke-width:2}"
    ".joker-frame{fill:none;stroke:#6a1b9a;stroke-dasharray:3 2}"
    ".joker-star{font-size:34px;fill:#6a1b9a}"
    ".joker-word{font-size:11px;font-weight:800;fill:#6a1b9a;letter-spacing:1px}"
)
"""The piece rules of the browser's style sheet (tests/test_svg.py checks they agree)."""

SUITS = {"c": ("♣", "clubs", False), "d": ("♦", "diamonds", True),
         "h": ("♥", "hearts", True), "s": ("♠", "spades", False)}

Element = tuple[str, dict[str, str], list["Element"], str]
"""``(name, attributes, children, text)``: the tree both implementations are compared by."""


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _el(name: str, parent: list[Element] | None = None, text: str = "",
        **attrs: object) -> Element:
    node: Element = (name, {k.replace("_", "-"): _num(v) if isinstance(v, (int, float))
                            else str(v) for k, v in attrs.items()}, [], text)
    if parent is not None:
        parent.append(node)
    return node


def _root(w: int, h: int, label: str, cls: str) -> Element:
    root = _el("svg", viewBox=f"0 0 {w} {h}", role="img", focusable="false")
    root[1]["class"] = cls
    root[1]["aria-label"] = label
    _el("title", root[2], text=label)
    return root


def _pip_layout(n: int, end: int) -> list[tuple[float, float, bool]]:
    """Pip centres in a square half of side 40; ``end`` -1 for the top half, +1 bottom."""
    left, centre, right, top, middle, bottom = 11, 20, 29, 11, 20, 29
    outer = top if end < 0 else bottom
    layouts: dict[int, list[tuple[float, float, bool]]] = {
        1: [(centre, middle, True)],
        2: [(13, outer, False), (27, outer, False)],
        3: ([(left, top, False), (centre, middle, False), (right, bottom, False)] if end < 0
            else [(right, top, False), (centre, middle, False), (left, bottom, False)]),
        4: [(left, top, False), (right, top, False), (left, bottom, False),
            (right, bottom, False)],
        5: [(left, top, False), (right, top, False), (centre, middle, False),
            (left, bottom, False), (right, bottom, False)],
        6: [(left, top, False), (left, middle, False), (left, bottom, False),
            (right, top, False), (right, middle, False), (right, bottom, False)],
    }
    return layouts.get(n, [])


def _half(root: Element, n: int, y0: int, end: int, teen: bool, chong: bool) -> None:
    pips = _pip_layout(n, end)
    if chong:  # 3-3: two across at each end, two down the middle of the tile
        pips = ([(11, 11, False), (29, 11, False), (20, 33, False)] if end < 0
                else [(20, 7, False), (11, 29, False), (29, 29, False)])
    for i, (x, y, big) in enumerate(pips):
        red = n in (1, 4) or (teen and i < 3)
        node = _el("circle", root[2], cx=x, cy=y0 + y, r=7 if big else 4.2)
        node[1]["class"] = "pip red" if red else "pip white"


def tile_tree(text: str, label: str | None = None, small: bool = False) -> Element:
    """The element tree of a domino from its notation (``"6-5"``: the higher on top)."""
    a, b = (int(x) for x in text.split("-"))
    root = _root(40, 80, label or text, "piece tile small" if small else "piece tile")
    body = _el("rect", root[2], x=1, y=1, width=38, height=78, rx=5)
    body[1]["class"] = "tile-body"
    teen, chong = a == b == 6, a == b == 3
    _half(root, a, 0, -1, teen, chong)
    _half(root, b, 40, 1, teen, chong)
    return root


def card_name(text: str) -> str:
    """``"Td"`` -> ``"ten of diamonds"``; ``"Jk"`` -> ``"the joker"``."""
    from paigow.poker.cards import RANKS, Rank  # the rank words, defined once

    if text == "Jk":
        return "the joker"
    word = Rank(RANKS.index(text[0])).word if text[:1] and text[0] in RANKS else text[0]
    return f"{word} of {SUITS[text[1]][1] if text[1] in SUITS else text[1]}"


def card_tree(text: str, small: bool = False) -> Element:
    """The element tree of a card from its notation (``"Td"``, ``"Jk"``)."""
    root = _root(60, 84, card_name(text), "piece card small" if small else "piece card")
    body = _el("rect", root[2], x=1, y=1, width=58, height=82, rx=6)
    body[1]["class"] = "card-body"
    if text == "Jk":
        root[1]["class"] += " joker"
        frame = _el("rect", root[2], x=5, y=5, width=50, height=74, rx=4)
        frame[1]["class"] = "joker-frame"
        star = _el("text", root[2], text="★", x=30, y=50, text_anchor="middle")
        star[1]["class"] = "joker-star"
        word = _el("text", root[2], text="JOKER", x=30, y=22, text_anchor="middle")
        word[1]["class"] = "joker-word"
        return root
    sym, _, red = SUITS.get(text[1], ("?", text[1], False))
    root[1]["class"] += " red" if red else " black"
    corner = _el("text", root[2], text="10" if text[0] == "T" else text[0], x=6, y=20)
    corner[1]["class"] = "card-rank"
    suit_small = _el("text", root[2], text=sym, x=6, y=36)
    suit_small[1]["class"] = "card-suit-small"
    big = _el("text", root[2], text=sym, x=36, y=62, text_anchor="middle")
    big[1]["class"] = "card-suit"
    return root


def render(node: Element, *, standalone: bool = True) -> str:
    """SVG markup of an element tree (the outermost with its namespace and style)."""
    name, attrs, children, text = node
    pieces = [f'<{name}']
    if standalone and name == "svg":
        pieces.append(f' xmlns="{SVG_NS}"')
        if "width" not in attrs:  # its own size, not the page's width
            _, _, w, h = attrs["viewBox"].split()
            attrs = {**attrs, "width": w, "height": h}
    pieces += [f' {k}="{escape(v)}"' for k, v in attrs.items()]
    inner = escape(text, quote=False)
    if standalone and name == "svg":
        inner = f"<style>{STYLE}</style>" + inner
    inner += "".join(render(c, standalone=False) for c in children)
    return "".join(pieces) + f">{inner}</{name}>"


def tile(text: str, label: str | None = None) -> str:
    """One domino as SVG (``label``: its name, e.g. ``"6-6 Teen"``)."""
    return render(tile_tree(text, label))


def card(text: str) -> str:
    """One card as SVG."""
    return render(card_tree(text))


def row(trees: Sequence[Element], label: str, gap: int = 4, height: int = 84) -> str:
    """Pieces side by side in one SVG, each scaled to ``height``."""
    x = 0.0
    out: list[Element] = []
    for t in trees:
        _, vw, vh = (float(v) for v in t[1]["viewBox"].split()[1:])
        w = vw * height / vh
        placed = (t[0], {**t[1], "x": _num(x), "y": "0", "width": _num(round(w, 2)),
                         "height": _num(height)}, t[2], t[3])
        out.append(placed)
        x += w + gap
    whole = _root(int(max(x - gap, 1)), height, label, "pieces")
    whole[2].extend(out)
    return render(whole)


def tiles_row(texts: Iterable[str], labels: Iterable[str] | None = None) -> str:
    """Dominoes side by side (a hand)."""
    texts = list(texts)
    names = list(labels) if labels is not None else texts
    return row([tile_tree(t, n) for t, n in zip(texts, names, strict=True)], " ".join(names))


def cards_row(texts: Iterable[str]) -> str:
    """Cards side by side (a hand)."""
    texts = list(texts)
    return row([card_tree(t) for t in texts], ", ".join(card_name(t) for t in texts))


def setting_html(high: str, low: str, high_label: str, low_label: str) -> str:
    """A setting as HTML: the high (rear) hand, then the low (front) hand, each labelled."""
    def line(title: str, svg: str) -> str:
        return (f'<div style="display:flex;align-items:center;gap:8px;margin:2px 0">'
                f'<span style="min-width:11em;font:13px sans-serif">{escape(title)}</span>'
                f"{svg}</div>")
    return f'<div class="paigow-setting">{line(high_label, high)}{line(low_label, low)}</div>'


__all__ = ["card", "cards_row", "setting_html", "tile", "tiles_row"]
