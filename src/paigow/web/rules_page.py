"""How to play: each game's rules page, built from the engine itself.

The rankings on the page are not a hand-written list: the 16 pairs come in the order of
the engine's rank classes (:data:`paigow.tiles.tile.CLASSES`) with their names valued by
:func:`paigow.tiles.hand.hand_value`; the single tiles in the order of
:func:`paigow.tiles.hand.tiebreak_strength` under the table's Gee Joon rule; the poker
hands in the order of :class:`paigow.poker.rank.Category`, each shown by an example that
:func:`paigow.poker.rank.rank5` ranks in that category and describes. The page draws
every piece with the same SVG as the table (``static/js/rules.js``).

>>> page = tiles_page()
>>> [p["name"]["text"] for p in page["pairs"][:3]], len(page["pairs"])
(['Gee Joon pair', 'pair of Teen', 'pair of Day'], 16)
>>> page["singles"][0]["tiles"], page["singles"][-1]["tiles"]
(['6-6'], ['2-1'])
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from paigow.phrasing import wire
from paigow.poker.rank import Category, rank2, rank5
from paigow.poker.rules import PokerRules
from paigow.tiles.hand import hand_value, tiebreak_strength
from paigow.tiles.rules import TileRules
from paigow.tiles.tile import CLASSES, FACES, Tile, parse_tiles

# An example of each poker category, highest first (checked against rank5 when shown).
_POKER_EXAMPLES: dict[Category, str] = {
    Category.FIVE_ACES: "As Ah Ad Ac Jk",
    Category.ROYAL_FLUSH: "As Ks Qs Js Ts",
    Category.STRAIGHT_FLUSH: "9h 8h 7h 6h 5h",
    Category.FOUR_OF_A_KIND: "Ks Kh Kd Kc 2s",
    Category.FULL_HOUSE: "Qs Qh Qd 3c 3s",
    Category.FLUSH: "Ah Jh 8h 6h 2h",
    Category.STRAIGHT: "Ts 9h 8d 7c 6s",
    Category.THREE_OF_A_KIND: "7s 7h 7d Kc 2s",
    Category.TWO_PAIR: "Js Jh 4d 4c As",
    Category.PAIR: "Ts Th Ad 8c 2s",
    Category.HIGH_CARD: "Ks Qh 9d 6c 3s",
    Category.FIVE_OF_A_KIND: "9s 9h 9d 9c Jk",
}


def tiles_page(rules: TileRules | None = None) -> dict[str, Any]:
    """The tile game's rankings: the 16 pairs, best first, and the single tiles in the
    order that breaks ties, under ``rules`` (the Gee Joon tie-break)."""
    r = rules or TileRules()
    pairs = []
    for c in CLASSES:
        tiles = [Tile(*f) for f in c.faces]
        pair = (tiles[0], tiles[-1])
        value = hand_value(pair, r)
        pairs.append({"rank": c.index + 1, "name": wire(value.name), "chinese": value.chinese,
                      "class": c.name, "english": c.english, "suit": c.names.suit,
                      "class_chinese": c.chinese,
                      "tiles": [str(t) for t in pair], "pips": sorted({t.pips for t in tiles})})
    ordered = sorted(FACES, key=lambda t: -tiebreak_strength(t, r))
    groups = [list(g) for _, g in groupby(ordered, key=lambda t: tiebreak_strength(t, r))]
    names = [faces[0].class_name for faces in groups]
    # a class whose two tiles stand apart in this order (the Gee Joon's) is told by its tile
    singles = [{"tiles": [str(t) for t in faces],
                "name": name if names.count(name) == 1
                else f"{name} ({' '.join(str(t) for t in faces)})",
                "chinese": "、".join(dict.fromkeys(t.chinese for t in faces)),
                "strength": tiebreak_strength(faces[0], r)}
               for faces, name in zip(groups, names, strict=True)]
    examples = [parse_tiles(t) for t in ("6-6 5-4", "1-1 6-3", "6-6 4-4", "1-1 6-2",
                                          "6-6 6-1", "2-1 6-1", "5-5 6-4")]
    return {"game": "tiles", "pairs": pairs, "singles": singles,
            "gee_joon_tiebreak": r.gee_joon_tiebreak,
            "examples": [{"tiles": [str(t) for t in x], "name": wire(hand_value(x, r).name),
                          "chinese": hand_value(x, r).chinese,
                          "why": wire(hand_value(x, r).explanation)} for x in examples]}


def _beyond(description: str, name: str) -> str:
    """What an example's description says beyond its category's name, so the page never
    reads "straight flush straight flush, 9 high".

    >>> _beyond("straight flush, 9 high", "straight flush"), _beyond("five aces (joker plays as the fifth ace)", "five aces")
    ('9 high', 'joker plays as the fifth ace')
    >>> _beyond("pair of tens, A-8-2 kickers", "pair")
    'pair of tens, A-8-2 kickers'
    """
    if description == name:
        return ""
    for sep in (", ", " ("):
        if description.startswith(name + sep):
            return description[len(name) + len(sep):].removesuffix(")" if sep == " (" else "")
    return description


def poker_page(rules: PokerRules | None = None) -> dict[str, Any]:
    """The card game's hand ranking, best first, each category with an example the engine
    ranks and describes, under ``rules`` (joker, wheel)."""
    r = rules or PokerRules()
    ranking = []
    for cat in sorted(Category, reverse=True):
        if cat is Category.FIVE_OF_A_KIND and r.joker != "wild":
            continue  # only a wild joker makes five of a kind below five aces
        example = _POKER_EXAMPLES[cat]
        hr = rank5(example, r)
        if hr.category is not cat:  # an example that does not show its category is left out
            continue
        # the page in English says what the example adds to the category's name; in
        # another language the example's whole description (its own words)
        ranking.append({"name": cat.label, "cards": example.split(),
                        "description": wire(hr.description),
                        "example": _beyond(hr.description, cat.label)})
    twos = [(t, wire(rank2(t, r).description)) for t in ("Jk Ah", "8s 8d", "Ah Kd", "9c 6d")]
    joker_examples = [(t, wire(rank5(t, r).description)) for t in
                      ("As Ks Qs Js Jk", "Ah 9h 6h 4h Jk", "Kd Kc 8s 4h Jk")]
    return {"game": "poker", "ranking": ranking,
            "twos": [{"cards": t.split(), "description": d} for t, d in twos],
            "joker": r.joker, "wheel": r.wheel, "foul": r.foul,
            "joker_examples": [{"cards": t.split(), "description": d}
                               for t, d in joker_examples]}
