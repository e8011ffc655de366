"""The names of the tiles, the pairs and the hands: English, the Cantonese romanization the
seeds use, and Chinese (Traditional, as the seeds write it; Simplified beside it).

One table that everything else reads: the library (:attr:`Tile.chinese
<paigow.tiles.tile.Tile.chinese>`, :attr:`HandValue.chinese
<paigow.tiles.hand.HandValue.chinese>`), the command line (``tiles value --json`` carries
them, ``--chinese`` prints them), the pieces' labels, the browser's pages. Plain data, no
dependency: the core needs no translation library to name a tile.

Sources (docs/names.md cites each): the pairs' characters are seed 003's table (至尊 Gee
Joon, 天 Teen ... 紮五 Chop Ng); the civil (文) and military (武) classes, and the single
tiles' names, from the encyclopedia entries on Chinese dominoes and 牌九; Wong (王), Gong
(槓) and the high nine (天九, 地九) as Cantonese players write them.

>>> PAIRS[1].chinese, PAIRS[1].romanization, PAIRS[1].english
('天', 'Teen', 'Heaven')
>>> TILE_NAMES[(4, 2)].chinese, TILE_NAMES[(2, 1)].chinese
('二四', '丁三')
>>> hand_chinese("wong", (1, 12), None), hand_chinese("points", (4, 13), 7)
('天王', '7點')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Suit = Literal["civil", "military"]
Script = Literal["hant", "hans"]


@dataclass(frozen=True)
class Names:
    """One thing's names: ``english``, the seeds' ``romanization`` (Cantonese), and Chinese
    in Traditional (``chinese``) and Simplified (``simplified``) characters."""

    english: str
    romanization: str
    chinese: str
    simplified: str

    def zh(self, script: Script = "hant") -> str:
        """The Chinese name in ``script``: ``"hant"`` Traditional, ``"hans"`` Simplified."""
        return self.simplified if script == "hans" else self.chinese

    def to_json(self) -> dict[str, str]:
        return {"english": self.english, "romanization": self.romanization,
                "chinese": self.chinese, "simplified": self.simplified}


@dataclass(frozen=True)
class PairNames(Names):
    """A rank class (a pair): its names, and its suit (``civil`` 文 or ``military`` 武)."""

    suit: Suit = "civil"


#: The 16 pairs, highest first (the index of :data:`paigow.tiles.tile.CLASSES`): seed
#: 003's characters and romanization; the English of RULES.md 1.1.
PAIRS: tuple[PairNames, ...] = (
    PairNames("Supreme", "Gee Joon", "至尊", "至尊", "military"),
    PairNames("Heaven", "Teen", "天", "天"),
    PairNames("Earth", "Day", "地", "地"),
    PairNames("Man", "Yun", "人", "人"),
    PairNames("Goose", "Gor", "鵝", "鹅"),
    PairNames("Plum flower", "Mooy", "梅", "梅"),
    PairNames("Long", "Chong", "長", "长"),
    PairNames("Board", "Bon", "板", "板"),
    PairNames("Hatchet", "Foo", "斧", "斧"),
    PairNames("Partition", "Ping", "屏", "屏"),
    PairNames("Long leg seven", "Tit", "七", "七"),
    PairNames("Big head six", "Look", "六", "六"),
    PairNames("Mixed nines", "Chop Gow", "紮九", "扎九", "military"),
    PairNames("Mixed eights", "Chop Bot", "紮八", "扎八", "military"),
    PairNames("Mixed sevens", "Chop Chit", "紮七", "扎七", "military"),
    PairNames("Mixed fives", "Chop Ng", "紮五", "扎五", "military"),
)

#: The two suits: the 11 civil classes hold two identical tiles, the military ones differ.
SUITS: dict[Suit, Names] = {
    "civil": Names("Civil", "Man", "文", "文"),
    "military": Names("Military", "Mo", "武", "武"),
}

#: Each of the 21 faces (highest pip first): the single tile's own name, in the seeds'
#: romanization where seed 000 gives one (Ngor, Cheong Sum, Ban Tang, Foo Tau, Hoong Tau
#: Sap, Ko Kiok Chaat, Lim Lum Lok, Saam, Luk). A civil tile is named as players name the
#: tile (天牌, 長衫, 紅頭十...); a military tile by its points, written as the seeds write
#: the pairs (紮九; 雜九 elsewhere), but the two Gee Joon tiles, named on their own (二四, 丁三).
TILE_NAMES: dict[tuple[int, int], Names] = {
    (6, 6): Names("Heaven", "Teen", "天牌", "天牌"),
    (1, 1): Names("Earth", "Day", "地牌", "地牌"),
    (4, 4): Names("Man", "Yun", "人牌", "人牌"),
    (3, 1): Names("Goose", "Ngor", "鵝牌", "鹅牌"),
    (5, 5): Names("Plum flower", "Mooy", "梅花", "梅花"),
    (3, 3): Names("Long gown", "Cheong Sum", "長衫", "长衫"),
    (2, 2): Names("Bench", "Ban Tang", "板凳", "板凳"),
    (6, 5): Names("Hatchet head", "Foo Tau", "斧頭", "斧头"),
    (6, 4): Names("Red-head ten", "Hoong Tau Sap", "紅頭十", "红头十"),
    (6, 1): Names("Long leg seven", "Ko Kiok Chaat", "高腳七", "高脚七"),
    (5, 1): Names("Big head six", "Lim Lum Lok", "伶冧六", "伶冧六"),
    (6, 3): Names("Mixed nine", "Chop Gow", "紮九", "扎九"),
    (5, 4): Names("Mixed nine", "Chop Gow", "紮九", "扎九"),
    (6, 2): Names("Mixed eight", "Chop Bot", "紮八", "扎八"),
    (5, 3): Names("Mixed eight", "Chop Bot", "紮八", "扎八"),
    (4, 3): Names("Mixed seven", "Chop Chit", "紮七", "扎七"),
    (5, 2): Names("Mixed seven", "Chop Chit", "紮七", "扎七"),
    (3, 2): Names("Mixed five", "Chop Ng", "紮五", "扎五"),
    (4, 1): Names("Mixed five", "Chop Ng", "紮五", "扎五"),
    (4, 2): Names("Gee Joon six", "Luk", "二四", "二四"),
    (2, 1): Names("Gee Joon three", "Saam", "丁三", "丁三"),
}

#: The kinds of two-tile hand (RULES.md 1.2), highest first.
HAND_KINDS: dict[str, Names] = {
    "gee_joon": Names("Gee Joon pair", "Gee Joon", "至尊", "至尊"),
    "pair": Names("pair", "", "對子", "对子"),
    "wong": Names("Wong", "Wong", "王", "王"),
    "gong": Names("Gong", "Gong", "槓", "杠"),
    "high_nine": Names("high nine", "", "天九", "天九"),
    "points": Names("points", "", "點", "点"),
}

#: "pair of Teen" is 雙天: the pair's character(s) after 雙 ("a pair of").
PAIR_OF = Names("pair of", "", "雙", "双")

#: Teen (index 1) and Day (2), whose Wong, Gong and high nine take their name.
_LEADS = {1: 1, 2: 2}


def hand_chinese(kind: str, classes: tuple[int, int], points: int | None,
                 script: Script = "hant") -> str:
    """A two-tile hand's Chinese name from its kind (``pair``, ``wong``, ``gong`` or
    ``points``), its tiles' classes and its points: 至尊, 雙天 ... 雙紮五, 天王, 地王, 天槓,
    地槓, the high nine 天九 or 地九, else ``N點``.

    >>> hand_chinese("pair", (1, 1), None), hand_chinese("pair", (0, 0), None)
    ('雙天', '至尊')
    >>> hand_chinese("gong", (2, 3), 10), hand_chinese("points", (2, 10), 9)
    ('地槓', '地九')
    >>> hand_chinese("pair", (6, 6), None, "hans")
    '双长'
    """
    if kind == "pair":
        c = classes[0]
        if c == 0:
            return HAND_KINDS["gee_joon"].zh(script)
        return PAIR_OF.zh(script) + PAIRS[c].zh(script)
    lead = next((c for c in sorted(classes) if c in _LEADS), None)
    if kind in ("wong", "gong") and lead is not None:
        return PAIRS[lead].zh(script) + HAND_KINDS[kind].zh(script)
    if kind == "points" and points == 9 and lead is not None:
        return PAIRS[lead].zh(script) + "九"
    return f"{points or 0}{HAND_KINDS['points'].zh(script)}"


def pair_names(index: int) -> PairNames:
    """The names of rank class ``index`` (0 Gee Joon ... 15 Chop Ng)."""
    return PAIRS[index]


def tile_names(hi: int, lo: int) -> Names:
    """The names of the tile ``hi-lo`` (highest pip first)."""
    return TILE_NAMES[(hi, lo)]
