"""How results show in a notebook: a small HTML table each (``_repr_html_``), beside the
pieces (:mod:`paigow.svg`) where a result holds some.

Every result of the library (a value, a comparison, advice, an edge, a simulation, a side
bet's odds) builds its ``_repr_html_`` from :func:`table_html`, so they look alike and
escape what they show.

>>> html = table_html([("win", "12"), ("lose", "8")], head=("", "hands"), title="a <b>")
>>> html.count("<tr>"), "a &lt;b&gt;" in html
(3, True)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape

_STYLE = ("border-collapse:collapse;font:13px sans-serif;margin:4px 0")
_CELL = "padding:2px 10px;border-bottom:1px solid #ddd;text-align:{align}"


def _cell(tag: str, value: object, first: bool, raw: bool = False) -> str:
    text = "" if value is None else str(value)
    align = "left" if first or raw or not _numeric(text) else "right"
    return f'<{tag} style="{_CELL.format(align=align)}">{text if raw else escape(text)}</{tag}>'


def _numeric(text: str) -> bool:
    t = text.replace(",", "").replace("%", "").replace("+", "").replace("-", "").strip()
    return bool(t) and t.replace(".", "", 1).replace("/", "", 1).isdigit()


def table_html(rows: Iterable[Sequence[object]], head: Sequence[str] | None = None,
               title: str | None = None, mark: int | None = None,
               raw: Collection[int] = ()) -> str:
    """An HTML table of ``rows`` (each a sequence of cells), with an optional header row
    and caption; row number ``mark`` (from 0) in bold (the best setting, say); the
    columns in ``raw`` hold markup of their own (pieces), the rest is escaped."""
    out = [f'<table class="paigow-result" style="{_STYLE}">']
    if title:
        out.append(f'<caption style="text-align:left;font-weight:600">{escape(title)}'
                   "</caption>")
    if head:
        out.append("<tr>" + "".join(_cell("th", h, i == 0) for i, h in enumerate(head))
                   + "</tr>")
    for n, row in enumerate(rows):
        cells = "".join(_cell("td", v, i == 0, i in raw) for i, v in enumerate(row))
        style = ' style="font-weight:700"' if n == mark else ""
        out.append(f"<tr{style}>{cells}</tr>")
    out.append("</table>")
    return "".join(out)


def cards_html(cards: Iterable[int]) -> str:
    """Cards as the browser draws them, in one ``<div>`` (nothing for no cards)."""
    from paigow.poker.cards import card_name
    from paigow.svg import cards_row

    names = [card_name(c) for c in cards]
    return f"<div>{cards_row(names)}</div>" if names else ""


def tiles_html(tiles: Iterable[object]) -> str:
    """Tiles as the browser draws them, in one ``<div>``."""
    from paigow.svg import tiles_row
    from paigow.tiles.tile import Tile

    ts = [t for t in tiles if isinstance(t, Tile)]
    return f"<div>{tiles_row([str(t) for t in ts], [t.label() for t in ts])}</div>"


def pct(x: object, places: int = 4) -> str:
    """A probability or edge as a percentage: ``0.012345`` -> ``"1.2345%"``."""
    return f"{float(x):.{places}%}"  # type: ignore[arg-type]


__all__ = ["cards_html", "pct", "table_html", "tiles_html"]
