"""Side bets on the seven cards dealt: pay tables and their exact odds.

A side bet pays on the seven cards a player is dealt, whatever the main bet does. Its
pay table is a small TOML file (:func:`load_paytable`): a list of *lines*, each a hand the
engine knows (:data:`LINES`) and its payout "to 1". A hand is paid at the **best-paying
line it makes**; a hand that makes no line loses the stake.

When a hand *makes* a line (the readings are stated in docs/poker-odds.md):

* an ordinary poker line (``royal-flush`` … ``pair``, ``five-aces``): some five of the
  seven cards make exactly that hand, ranked under the rules in force (the joker as a bug
  by default). So a seven-card hand holding both a straight and three of a kind makes
  both lines, and is paid at whichever pays more;
* ``seven-card-straight-flush``: all seven cards are one suit and seven ranks in a row
  (the ace high, or low as in A-2-3-4-5-6-7), without the joker;
  ``seven-card-straight-flush-joker``: six such cards and the joker filling the gap or
  an end;
* ``royal-flush-royal-match``: five of the cards make a royal flush and the other two are
  a natural king and queen of one suit (Fortune's "royal flush plus royal match");
* ``no-pair-R-high``: the seven cards make no pair, straight or flush (every five of them
  is only a high card) and the highest card is ``R``. Under the bug rule the joker plays
  as an ace, so a hand with the joker is at best ace-high, never 9-high; under the wild
  rule a hand with the joker always pairs.

A pay table is on the bettor's own seven cards (``on = "own"``, the default), on the
banker's (``on = "banker"``: the Queen's Dragon pays 50 to 1 when the banker's hand is a
queen-high pai gow, line ``no-pair-Q-high``), or on the banker's hand **as set**
(``on = "banker-set"``, lines ``low-R-high``: the banker's two-card hand is ``R`` high
without a pair; the Tiger 9 pays 30 to 1 on ``low-9-high``). How the banker sets its
hand is its house way's doing, so the odds of a ``banker-set`` table depend on the
dealer's way and are computed from the way's setting of every hand
(:mod:`paigow.analysis.dealer_bets`), not here. A table may carry an **Envy** table
(:class:`EnvyTable`): fixed amounts paid to a bettor whose bonus bet is at least the Envy
minimum, for each *other* hand at the table that makes one of its lines (odds in
:mod:`paigow.poker.envy`).

Exact odds (:func:`sidebet_odds`) come from enumerating all C(53,7) = 154,143,080 hands in
a numba kernel: each hand falls in a *class* (which categories its 21 five-card subsets
make, its seven-card straight flush, its royal match, and its top card when it makes
nothing), classes are counted, and the pay table is applied to the class counts in exact
arithmetic. The counts of the whole deck are kept for the process (:func:`class_counts`),
so a second pay table under the same rules costs nothing.

>>> table = load_paytable("emperors-challenge")
>>> table.name, len(table.lines)
("Emperor's Challenge", 13)
>>> sorted(lines_made("9s 8d 7h 5c 4s 3d 2c"))
['no-pair-9-high']
>>> best_line("As Ks Qs Js Ts 9s 8s", table).hand
'seven-card-straight-flush'
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path
from typing import TypeVar

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.errors import AmountError, IllegalCardsError, RuleError
from paigow.poker.cards import JOKER, RANKS, Rank, check_deck, parse_cards
from paigow.poker.census import start_groups
from paigow.poker.fast import BINOM, table5
from paigow.poker.rank import Category, key_parts, rank2, rank5, unpack
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.setting import Setting

PAYTABLE_DIR = Path(__file__).with_name("paytables")

_POKER_LINES: dict[str, Category] = {
    "five-aces": Category.FIVE_ACES,
    "five-of-a-kind": Category.FIVE_OF_A_KIND,
    "royal-flush": Category.ROYAL_FLUSH,
    "straight-flush": Category.STRAIGHT_FLUSH,
    "four-of-a-kind": Category.FOUR_OF_A_KIND,
    "full-house": Category.FULL_HOUSE,
    "flush": Category.FLUSH,
    "straight": Category.STRAIGHT,
    "three-of-a-kind": Category.THREE_OF_A_KIND,
    "two-pair": Category.TWO_PAIR,
    "pair": Category.PAIR,
}

LINES: dict[str, str] = {
    "seven-card-straight-flush": "natural seven-card straight flush (no joker)",
    "seven-card-straight-flush-joker": "seven-card straight flush with the joker",
    "royal-flush-royal-match": "royal flush plus a suited king and queen",
    **{name: cat.label for name, cat in _POKER_LINES.items()},
    **{f"no-pair-{r}-high": f"no pair, straight or flush, {r} high" for r in RANKS[::-1]},
    **{f"low-{r}-high": f"the banker's two-card hand is {r} high (no pair)"
       for r in RANKS[:0:-1]},
}
"""Every line a pay table may name, with its description."""

SETTING_LINES = frozenset(f"low-{r}-high" for r in RANKS[1:])
"""The lines read on the banker's hand as set (``on = "banker-set"`` tables only)."""

_LINE_BY_LOWER = {name.lower(): name for name in LINES}

# class encoding produced by the kernel: categories made (12 bits), seven-card straight
# flush (2 bits: 1 natural, 2 with the joker), royal match (1 bit); a hand that makes
# nothing is NO_PAIR + top
_SF7_SHIFT = 12
_RM_SHIFT = 14
NO_PAIR = 1 << 15
N_CLASSES = NO_PAIR + 13

TARGETS = ("own", "banker", "banker-set")
"""What a pay table is read on: the bettor's own seven cards, the banker's, or the
banker's hand as set (its two-card hand)."""


# ------------------------------------------------------------------------ pay tables


@dataclass(frozen=True)
class _Line:
    hand: str

    @property
    def label(self) -> str:
        """The line's description."""
        return LINES[self.hand]


@dataclass(frozen=True)
class PayLine(_Line):
    """One line of a pay table: a hand the engine knows and what it pays "to 1"."""

    pays: Fraction


@dataclass(frozen=True)
class EnvyLine(_Line):
    """One line of an Envy table: a hand another player holds, and the fixed amount (in
    currency units, e.g. dollars; whole cents) it pays each qualifying bettor."""

    amount: Fraction


L = TypeVar("L", bound=_Line)


def _best(lines: Sequence[L], made: Iterable[str], value: Callable[[L], Fraction]) -> L | None:
    """The line of ``lines`` paying most among those ``made`` (the first on a tie)."""
    made_set = set(made)
    best: L | None = None
    for line in lines:
        if line.hand in made_set and (best is None or value(line) > value(best)):
            best = line
    return best


@dataclass(frozen=True)
class EnvyTable:
    """The Envy bonus of a bonus bet: a bettor whose bet is at least ``minimum`` (currency
    units) is paid ``amount`` for every *other* hand at the table making a line (each such
    hand at its best-paying line; never for the bettor's own hand or the banker's)."""

    minimum: Fraction
    lines: tuple[EnvyLine, ...]

    def __post_init__(self) -> None:
        if not self.lines:
            raise RuleError("an Envy table needs at least one [[envy.line]]")
        seen: set[str] = set()
        for line in self.lines:
            if line.hand not in LINES:
                raise RuleError(f"unknown Envy line {line.hand!r}: known lines are "
                                + ", ".join(LINES))
            if line.hand in seen:
                raise RuleError(f"Envy line {line.hand!r} is given twice")
            if line.hand in SETTING_LINES:
                raise RuleError(f"Envy line {line.hand!r} reads the banker's setting: an "
                                "Envy pays on the other players' seven cards")
            seen.add(line.hand)
            _whole_cents(line.amount, f"Envy line {line.hand!r}: amount", positive=True)
        _whole_cents(self.minimum, "the Envy minimum", positive=False)

    def pays_for(self, made: Iterable[str]) -> EnvyLine | None:
        """The largest-paying Envy line among the lines ``made`` (``None``: no Envy)."""
        return _best(self.lines, made, lambda line: line.amount)


@dataclass(frozen=True)
class PayTable:
    """A side bet's pay table (lines in the file's order).

    ``on``: whose seven cards it reads (``"own"`` or ``"banker"``); ``envy``: its Envy
    table, if any (bets on one's own hand only); ``joker``: the joker rule the table is
    meant for (``None``: either)."""

    name: str
    lines: tuple[PayLine, ...]
    source: str = ""
    on: str = "own"
    envy: EnvyTable | None = None
    joker: str | None = None

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for line in self.lines:
            if line.hand not in LINES:
                raise RuleError(
                    f"unknown pay-table line {line.hand!r}: known lines are "
                    + ", ".join(LINES)
                )
            if line.hand in seen:
                raise RuleError(f"pay-table line {line.hand!r} is given twice")
            if line.pays <= 0:
                raise AmountError(f"pay-table line {line.hand!r} must pay more than 0 to 1")
            seen.add(line.hand)
        if not self.lines:
            raise RuleError(f"pay table {self.name!r} has no lines")
        if self.on not in TARGETS:
            raise RuleError(f"pay table {self.name!r}: on = {self.on!r}: give own, banker or "
                            "banker-set")
        for line in self.lines:
            if (line.hand in SETTING_LINES) != (self.on == "banker-set"):
                raise RuleError(
                    f"pay table {self.name!r}: line {line.hand!r} "
                    + ("reads the banker's hand as set: give on = \"banker-set\""
                       if line.hand in SETTING_LINES else
                       "reads seven cards: a banker-set table pays on low-R-high lines only"))
        if self.envy is not None and self.on != "own":
            raise RuleError(f"pay table {self.name!r}: an Envy bonus goes with a bet on "
                            "one's own hand, not the banker's")
        if self.joker not in (None, "bug", "wild"):
            raise RuleError(f"pay table {self.name!r}: joker = {self.joker!r}: give bug or wild")

    def pays_for(self, made: Iterable[str]) -> PayLine | None:
        """The best-paying line among the lines ``made`` (the first in table order on a
        tie), or ``None`` when none of them pays."""
        return _best(self.lines, made, lambda line: line.pays)

    def check_rules(self, rules: PokerRules) -> None:
        """Refuse rules whose joker differs from the one this table is meant for."""
        if self.joker is not None and rules.joker != self.joker:
            raise RuleError(f"the pay table {self.name!r} is for the {self.joker} joker, "
                            f"not the {rules.joker} joker")


def shipped_paytables() -> list[str]:
    """Names of the pay tables shipped with paigow.

    >>> "emperors-challenge" in shipped_paytables()
    True
    """
    return sorted(p.stem for p in PAYTABLE_DIR.glob("*.toml"))


def _whole_cents(value: Fraction, what: str, positive: bool) -> None:
    if value < 0 or (positive and value == 0):
        raise AmountError(f"{what} {value} must be {'more than' if positive else 'at least'} 0")
    if (value * 100).denominator != 1:
        raise AmountError(f"{what} {value} is not a whole number of cents")


def _number(value: object, where: str, what: str) -> Fraction:
    """A payout or an amount from TOML: a whole number, or a string (``"3/2"``, ``"2.50"``)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise AmountError(f"{where}: {what} must be a whole number or a string such as "
                          f'"3/2" or "2.50", got {value!r}')
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise AmountError(f"{where}: bad {what} {value!r}") from None


def _hand(entry: dict[str, object], where: str) -> str:
    raw = str(entry["hand"]).strip()
    hand = _LINE_BY_LOWER.get(raw.lower().replace("-10-", "-t-"), raw)
    if hand not in LINES:
        raise RuleError(f"{where}: unknown pay-table line {raw!r}: known lines are "
                        + ", ".join(LINES))
    return hand


def _entries(raw: object, where: str, keys: tuple[str, ...]) -> list[dict[str, object]]:
    if not isinstance(raw, list) or not raw:
        raise RuleError(f"{where} needs entries with " + " and ".join(repr(k) for k in keys))
    out = []
    for i, entry in enumerate(raw, 1):
        here = f"{where} entry {i}"
        if not isinstance(entry, dict):
            raise RuleError(f"{here} is not a table of " + " and ".join(keys))
        for k in keys:
            if k not in entry:
                raise RuleError(f"{here} needs {k!r}")
        extra = sorted(set(entry) - set(keys))
        if extra:
            raise RuleError(f"{here}: unknown key {extra[0]!r} (give " + ", ".join(keys) + ")")
        out.append(entry)
    return out


def _read_lines(raw: object, where: str, key: str) -> list[tuple[str, Fraction, str]]:
    """The ``(hand, value, where)`` of each entry of an array of tables with ``hand`` and
    ``key``."""
    out = []
    for i, entry in enumerate(_entries(raw, where, ("hand", key)), 1):
        here = f"{where} entry {i}"
        out.append((_hand(entry, here), _number(entry[key], here, key), here))
    return out


_TOP_KEYS = ("name", "source", "notes", "on", "joker", "line", "envy")


def parse_paytable(text: str, default_name: str = "pay table") -> PayTable:
    """Read a pay table from TOML text (format in the module docstring and the docs).

    Every error names where it is: the TOML line for a syntax error, the ``[[line]]`` entry
    and its token otherwise.

    >>> parse_paytable('name = "t"\\n[[line]]\\nhand = "flush"\\npays = "3/2"').lines[0].pays
    Fraction(3, 2)
    >>> parse_paytable('name = "t"\\n[[line]]\\nhand = "flush"\\npays = "x"')
    Traceback (most recent call last):
    ...
    paigow.errors.AmountError: pay table 't', [[line]] entry 1: bad pays 'x'
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"pay table {default_name!r} is not valid TOML: {exc}") from None
    name = str(data.get("name", default_name))
    where = f"pay table {name!r}"
    unknown = sorted(set(data) - set(_TOP_KEYS))
    if unknown:
        raise RuleError(f"{where}: unknown key {unknown[0]!r} (known keys: "
                        + ", ".join(_TOP_KEYS) + ")")
    lines = []
    for hand, pays, here in _read_lines(data.get("line"), f"{where}, [[line]]", "pays"):
        if pays <= 0:
            raise AmountError(f"{here}: pay-table line {hand!r} must pay more than 0 to 1")
        lines.append(PayLine(hand, pays))
    envy = None
    if "envy" in data:
        envy = _parse_envy(data["envy"], where)
    on = str(data.get("on", "own")).strip().lower()
    joker = data.get("joker")
    return PayTable(name, tuple(lines), str(data.get("source", "")), on, envy,
                    None if joker is None else str(joker).strip().lower())


def _parse_envy(raw: object, where: str) -> EnvyTable:
    here = f"{where}, [envy]"
    if not isinstance(raw, dict):
        raise RuleError(f"{here} must be a table with 'minimum' and [[envy.line]] entries")
    extra = sorted(set(raw) - {"minimum", "line"})
    if extra:
        raise RuleError(f"{here}: unknown key {extra[0]!r} (give minimum, line)")
    if "minimum" not in raw:
        raise RuleError(f"{here} needs 'minimum' (the smallest bonus bet that qualifies)")
    minimum = _number(raw["minimum"], here, "minimum")
    lines = []
    for hand, amount, at in _read_lines(raw.get("line"), f"{here} [[envy.line]]", "amount"):
        try:
            _whole_cents(amount, f"Envy line {hand!r}: amount", positive=True)
        except AmountError as exc:
            raise AmountError(f"{at}: {exc}") from None
        lines.append(EnvyLine(hand, amount))
    try:
        _whole_cents(minimum, "the Envy minimum", positive=False)
    except AmountError as exc:
        raise AmountError(f"{here}: {exc}") from None
    return EnvyTable(minimum, tuple(lines))


def load_paytable(name_or_path: str) -> PayTable:
    """A shipped pay table by name (``emperors-challenge``) or a TOML file by path."""
    text = name_or_path.strip()
    path = Path(text)
    if not path.is_file():
        shipped = PAYTABLE_DIR / f"{text.lower()}.toml"
        if not shipped.is_file():
            raise RuleError(
                f"unknown pay table {text!r}: give a TOML file or one of "
                + ", ".join(shipped_paytables())
            )
        path = shipped
    try:
        content = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleError(f"cannot read pay table {text!r}: {exc}") from None
    return parse_paytable(content, path.stem)


# ------------------------------------------------------------- the reference (slow)

# seven ranks in a row, as 14-bit masks where bit 0 is the ace played low, bits 1..13
# are 2..A
_WINDOWS7 = tuple(0x7F << lo for lo in range(8))


def _mask14(ranks: Iterable[int]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << (r + 1)
        if r == 12:
            m |= 1
    return m


def lines_made(cards: str | Iterable[str | int], rules: PokerRules | None = None) -> set[str]:
    """Every line a seven-card hand makes, read straight from the rules (slow, plain).

    >>> sorted(lines_made("9h 9d 9c 8s 7d 6c 5h"))
    ['pair', 'straight', 'three-of-a-kind']
    >>> sorted(lines_made("Ah Ad Ac As Jk 2d 3c"))
    ['five-aces', 'four-of-a-kind', 'three-of-a-kind']
    """
    r = rules or DEFAULT_RULES
    hand = parse_cards(cards)
    if len(hand) != 7:
        raise IllegalCardsError(f"a side bet is on seven cards, got {len(hand)}")
    made: set[str] = set()
    cats = set()
    for sub in combinations(hand, 5):
        cat = rank5(sub, r).category
        cats.add(cat)
        rest = [c for c in hand if c not in sub]
        if (cat is Category.ROYAL_FLUSH and JOKER not in rest and rest[0] & 3 == rest[1] & 3
                and {rest[0] >> 2, rest[1] >> 2} == {10, 11}):
            made.add("royal-flush-royal-match")  # the other two: a suited king and queen
    for name, cat in _POKER_LINES.items():
        if cat in cats:
            made.add(name)
    naturals = [c for c in hand if c != JOKER]
    joker = len(naturals) == 6
    suits = {c & 3 for c in naturals}
    if len(suits) == 1:
        m = _mask14(c >> 2 for c in naturals)
        need = 6 if joker else 7
        if any(bin(m & w).count("1") >= need for w in _WINDOWS7):
            made.add("seven-card-straight-flush-joker" if joker else "seven-card-straight-flush")
    if cats == {Category.HIGH_CARD}:
        top = Rank.ACE if joker else max(c >> 2 for c in naturals)
        made.add(f"no-pair-{RANKS[top]}-high")
    return made


def set_lines_made(setting: Setting, rules: PokerRules | None = None) -> set[str]:
    """The lines a hand *as set* makes (``on = "banker-set"`` tables): ``low-R-high`` when
    its two-card hand is ``R`` high without a pair (ranked by :func:`rank2`: the bug
    joker is an ace there, a wild joker pairs).

    >>> sorted(set_lines_made(Setting.parse("Ah Kd Qs Jc 7h | 9d 8c")))
    ['low-9-high']
    >>> set_lines_made(Setting.parse("Ah Kd Qs Jc 7h | 9d 9c"))
    set()
    """
    return lines_of_low_key(rank2(setting.low, rules or DEFAULT_RULES).key)


def lines_of_low_key(key: int) -> set[str]:
    """The ``low-R-high`` line a two-card hand of rank key ``key`` makes (none: a pair).

    >>> lines_of_low_key(rank2("9d 8c").key), lines_of_low_key(rank2("9d 9c").key)
    ({'low-9-high'}, set())
    """
    category, values = key_parts(key)
    return {f"low-{unpack(values[0]).symbol}-high"} if category is Category.HIGH_CARD else set()


def best_line(
    cards: str | Iterable[str | int], table: PayTable, rules: PokerRules | None = None
) -> PayLine | None:
    """The line a seven-card hand is paid at (``None``: the bet loses).

    >>> table = load_paytable("emperors-challenge")
    >>> best_line("9h 9d 9c 8s 7d 6c 5h", table).hand      # trips pay 3, the straight 2
    'three-of-a-kind'
    >>> best_line("Jk Kd Qh 8s 6d 4c 2h", table) is None    # the joker is an ace: ace-high
    True
    """
    return table.pays_for(lines_made(cards, rules))


def lines_of_class(cls: int) -> set[str]:
    """The lines made by every hand of kernel class ``cls``."""
    if cls >= NO_PAIR:
        return {f"no-pair-{RANKS[cls - NO_PAIR]}-high"}
    made = {name for name, cat in _POKER_LINES.items() if (cls >> int(cat)) & 1}
    if (cls >> _RM_SHIFT) & 1:
        made.add("royal-flush-royal-match")
    sf7 = (cls >> _SF7_SHIFT) & 3
    if sf7 == 1:
        made.add("seven-card-straight-flush")
    elif sf7 == 2:
        made.add("seven-card-straight-flush-joker")
    return made


# ------------------------------------------------------------------- the kernel

_KEEP = np.array(
    [[i for i in range(7) if i not in (x, y)] for x in range(7) for y in range(x + 1, 7)],
    dtype=np.int64,
)
_W7 = np.array(_WINDOWS7, dtype=np.int64)


@nb.njit(cache=True, inline="always")
def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@nb.njit(cache=True)
def _classify(
    h: npt.NDArray[np.int64], st: int, joker: bool, bug: bool,
    cat5: npt.NDArray[np.uint8], binom: npt.NDArray[np.int64],
    keep: npt.NDArray[np.int64], w7: npt.NDArray[np.int64],
) -> int:
    """Class of seven sorted cards ``h`` (suit bits ``st``: suit s at bit 16*s)."""
    cm = 0
    for j in range(21):
        k = keep[j]
        idx = (
            binom[h[k[0]], 1] + binom[h[k[1]], 2] + binom[h[k[2]], 3]
            + binom[h[k[3]], 4] + binom[h[k[4]], 5]
        )
        cm |= 1 << cat5[idx]
    sf7 = 0
    need = 6 if joker else 7
    for s in range(4):
        m = (st >> (16 * s)) & 0x1FFF
        if _popcount(m) == need:
            m14 = (m << 1) | ((m >> 12) & 1)
            for w in range(8):
                if _popcount(m14 & w7[w]) >= need:
                    sf7 = 2 if joker else 1
    if cm == 1 and sf7 == 0:
        rm = (st | (st >> 16) | (st >> 32) | (st >> 48)) & 0x1FFF
        top = 12
        if not (joker and bug):
            while not (rm >> top) & 1:
                top -= 1
        return (1 << 15) + top
    # royal match: one suit holds T J Q K A (or four of them and the joker), another K Q
    match = 0
    for s in range(4):
        ms = (st >> (16 * s)) & 0x1FFF
        royal = _popcount(ms & 0x1F00)
        if royal == 5 or (joker and royal == 4):
            for t in range(4):
                if t != s and ((st >> (16 * t)) & 0xC00) == 0xC00:
                    match = 1
    return cm | (sf7 << 12) | (match << 14)


@nb.njit(cache=True, parallel=True)
def _count_chunk(
    deck: npt.NDArray[np.int64], starts: npt.NDArray[np.int64], bug: bool,
    cat5: npt.NDArray[np.uint8], binom: npt.NDArray[np.int64],
    keep: npt.NDArray[np.int64], w7: npt.NDArray[np.int64], slots: int,
) -> npt.NDArray[np.int64]:
    n = deck.shape[0]
    m = starts.shape[0]
    out = np.zeros((slots, (1 << 15) + 13), np.int64)
    bits = np.zeros(n, np.int64)
    for i in range(n):
        c = deck[i]
        if c < 52:
            bits[i] = np.int64(1) << (16 * (c & 3) + (c >> 2))
    for t in nb.prange(slots):
        h = np.zeros(7, np.int64)
        for p in range(t, m, slots):
            i0 = starts[p, 0]
            i1 = starts[p, 1]
            h[0] = deck[i0]
            h[1] = deck[i1]
            st1 = bits[i0] | bits[i1]
            for i2 in range(i1 + 1, n - 4):
                h[2] = deck[i2]
                st2 = st1 | bits[i2]
                for i3 in range(i2 + 1, n - 3):
                    h[3] = deck[i3]
                    st3 = st2 | bits[i3]
                    for i4 in range(i3 + 1, n - 2):
                        h[4] = deck[i4]
                        st4 = st3 | bits[i4]
                        for i5 in range(i4 + 1, n - 1):
                            h[5] = deck[i5]
                            st5 = st4 | bits[i5]
                            for i6 in range(i5 + 1, n):
                                h[6] = deck[i6]
                                cls = _classify(
                                    h, st5 | bits[i6], deck[i6] == 52, bug,
                                    cat5, binom, keep, w7,
                                )
                                out[t, cls] += 1
    return out


def _check_deck(deck: Sequence[int] | None) -> list[int]:
    return list(check_deck(deck, 7, "a side bet"))


_CAT5: dict[int, npt.NDArray[np.uint8]] = {}


def _categories(rules: PokerRules) -> npt.NDArray[np.uint8]:
    """Category of every five-card hand by colex index (memoised per ranking variant)."""
    if rules.variant not in _CAT5:
        _CAT5[rules.variant] = (table5(rules) >> 20).astype(np.uint8)
    return _CAT5[rules.variant]


_FULL_DECK_COUNTS: dict[int, dict[int, int]] = {}


def class_counts(
    rules: PokerRules | None = None,
    deck: Sequence[int] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    chunk_hands: int = 4_000_000,
) -> dict[int, int]:
    """Exact number of seven-card hands of ``deck`` (default all 53 cards) in each class.

    ``on_progress(done, total)`` is called after every chunk of about ``chunk_hands``
    hands; Ctrl-C (``KeyboardInterrupt``) stops the run between two chunks. The counts of
    the whole deck are kept for the rest of the process, per ranking variant.
    """
    r = rules or DEFAULT_RULES
    cards = _check_deck(deck)
    full = len(cards) == 53
    if full and r.variant in _FULL_DECK_COUNTS:
        total = comb(53, 7)
        if on_progress is not None:
            on_progress(total, total)
        return dict(_FULL_DECK_COUNTS[r.variant])
    arr = np.array(cards, dtype=np.int64)
    cat5 = _categories(r)
    total = comb(len(cards), 7)
    counts = np.zeros(N_CLASSES, np.int64)
    done = 0
    for starts, weight in start_groups(len(cards), chunk_hands):
        part = _count_chunk(arr, starts, r.joker == "bug", cat5, BINOM, _KEEP, _W7, 8)
        counts += part.sum(axis=0)
        done += weight
        if on_progress is not None:
            on_progress(done, total)
    if int(counts.sum()) != total:  # pragma: no cover - a broken kernel, not bad input
        raise AssertionError("side-bet class counts do not add up to the number of hands")
    out = {int(c): int(counts[c]) for c in np.flatnonzero(counts)}
    if full:
        _FULL_DECK_COUNTS[r.variant] = dict(out)
    return out


def classify_hand(cards: Sequence[int], rules: PokerRules | None = None) -> int:
    """The kernel's class of one seven-card hand (as :func:`class_counts` counts it)."""
    (cls,) = class_counts(rules, tuple(cards))
    return cls


# ---------------------------------------------------------------------- the odds


@dataclass(frozen=True)
class LineOdds:
    """One pay-table line: how many hands are paid at it, and its share of the return."""

    hand: str
    label: str
    pays: Fraction
    count: int
    probability: Fraction
    ret: Fraction

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "hand": self.hand,
            "label": self.label,
            "pays": float(self.pays),
            "count": self.count,
            "probability": float(self.probability),
            "return": float(self.ret),
        }


@dataclass(frozen=True)
class SideBetOdds:
    """Exact odds of a side bet over every seven-card hand of the deck (``dealer``: the
    way that set each banker hand, for a bet on the banker's hand as set)."""

    paytable: PayTable
    rules: PokerRules
    deck_size: int
    total: int
    lines: tuple[LineOdds, ...]
    losing: int
    dealer: str | None = None

    @property
    def expected_net(self) -> Fraction:
        """Expected net win of a one-unit bet."""
        won = sum((line.pays * line.count for line in self.lines), Fraction(0))
        return (won - self.losing) / self.total

    @property
    def edge(self) -> Fraction:
        """The house edge: minus the expected net win of a one-unit bet."""
        return -self.expected_net

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output (``edge`` as a fraction of the stake)."""
        return {
            "paytable": self.paytable.name,
            "on": self.paytable.on,
            "source": self.paytable.source,
            "method": "exact: every seven-card hand of the deck enumerated"
            + ("" if self.dealer is None else f", each set by the {self.dealer} way"),
            "dealer": self.dealer,
            "rules": {"joker": self.rules.joker, "wheel": self.rules.wheel},
            "deck_size": self.deck_size,
            "total": self.total,
            "lines": [line.to_json() for line in self.lines],
            "losing": self.losing,
            "losing_probability": self.losing / self.total,
            "edge": float(self.edge),
            "edge_exact": str(self.edge),
        }

    def _repr_html_(self) -> str:
        """Each line's count and return, and the house edge, as a table (Jupyter)."""
        from paigow.notebook import pct, table_html

        rows = [(x.label, f"{x.pays}", f"{x.count:,}", f"{float(x.probability):.8f}",
                 f"{float(x.ret):.6f}") for x in self.lines]
        rows.append(("loses", "-1", f"{self.losing:,}", f"{self.losing / self.total:.8f}",
                     f"{-self.losing / self.total:.6f}"))
        return table_html(rows, head=("line", "pays", "hands", "probability", "return"),
                          title=f"{self.paytable.name}: {self.total:,} hands, house edge "
                                f"{pct(self.edge)}")


def odds_from_classes(
    counts: dict[int, int], table: PayTable, rules: PokerRules, deck_size: int,
    lines_of: Callable[[int], set[str]] = lines_of_class, dealer: str | None = None,
) -> SideBetOdds:
    """Apply a pay table to class counts (exact); ``lines_of(cls)`` says which lines the
    hands of a class make (default: the seven-card kernel's classes)."""
    total = sum(counts.values())
    per_line = {line.hand: 0 for line in table.lines}
    losing = 0
    for cls, n in counts.items():
        line = table.pays_for(lines_of(cls))
        if line is None:
            losing += n
        else:
            per_line[line.hand] += n
    lines = tuple(
        LineOdds(
            line.hand, line.label, line.pays, per_line[line.hand],
            Fraction(per_line[line.hand], total), line.pays * Fraction(per_line[line.hand], total),
        )
        for line in table.lines
    )
    return SideBetOdds(table, rules, deck_size, total, lines, losing, dealer)


def sidebet_odds(
    table: PayTable,
    rules: PokerRules | None = None,
    deck: Sequence[int] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> SideBetOdds:
    """Exact odds of a side bet: every seven-card hand of ``deck`` (default the whole
    53-card deck, C(53,7) = 154,143,080 hands) paid at its best-paying line.

    >>> from paigow.poker.cards import parse_cards
    >>> deck = parse_cards("As Ks Qs Js Ts 9s 8s 7s 2d")
    >>> odds = sidebet_odds(load_paytable("emperors-challenge"), deck=deck)
    >>> odds.total, odds.lines[0].count, odds.lines[3].count
    (36, 2, 5)
    """
    r = rules or DEFAULT_RULES
    table.check_rules(r)
    if table.on == "banker-set":
        raise RuleError(f"the pay table {table.name!r} pays on the banker's hand as set: its "
                        "odds depend on the dealer's way (paigow.analysis.dealer_bets; "
                        "paigow poker sidebet --dealer WAY)")
    cards = _check_deck(deck)
    counts = class_counts(r, cards, on_progress)
    return odds_from_classes(counts, table, r, len(cards))


__all__ = [
    "LINES",
    "SETTING_LINES",
    "TARGETS",
    "EnvyLine",
    "EnvyTable",
    "LineOdds",
    "PayLine",
    "PayTable",
    "SideBetOdds",
    "best_line",
    "class_counts",
    "classify_hand",
    "lines_made",
    "lines_of_class",
    "lines_of_low_key",
    "load_paytable",
    "parse_paytable",
    "set_lines_made",
    "shipped_paytables",
    "sidebet_odds",
]
