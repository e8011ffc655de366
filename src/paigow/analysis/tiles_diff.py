"""Compare two tile ways exactly: every hand they set differently, and what it is worth.

Both ways play the same side (a player against a banker of the dealer way, or the bank
against players of it, see :mod:`paigow.analysis.tiles_odds`). Over all 35,960 hands,
grouped by class (hands equal up to which copy of an identical tile they hold: 8,130
classes), :func:`ways_diff` lists each class the two ways set differently (settings of
the same standing count as the same), how many of the 35,960 hands it stands for, and the
exact EV of each way's setting against the dealer way. The total, the frequency-weighted
sum of the EV differences over all hands, equals ``edge(B) - edge(A)`` exactly (a test
holds the identity), so it says where the difference of the two edges comes from.

>>> from paigow.ways import TILES, get_way
>>> d = ways_diff(get_way("luger", TILES), get_way("harrahs", TILES), get_way("australian", TILES))
>>> len(d.rows), d.hands
(37, 76)
>>> d.total == d.edge_b.edge - d.edge_a.edge
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from paigow.analysis import Progress
from paigow.analysis.tiles_odds import DEFAULT_RATE, EdgeResult, _check_rate, edge, split_counts
from paigow.analysis.tiles_tables import (
    FACE_GROUP,
    FACE_HANDS,
    HANDS,
    I64,
    N_DEALER,
    N_HANDS,
    split_setting,
    tiles_of,
    way_choices,
)
from paigow.settle import expected_value
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import SPLITS, Setting
from paigow.tiles.tile import CLASSES, DECK, Tile
from paigow.tiles.ways import TileWay
from paigow.tiles.ways._common import pairs_in
from paigow.ways import Rule

# A tile's standing: its class, except that the two Gee Joon tiles stand apart (as in
# paigow.tiles.setting.Setting.same_way).
_STANDING = np.array(
    [t.class_index if not t.is_gee_joon else 16 + (t.pips == 6) for t in DECK], dtype=np.int64)


def _canonical_splits() -> I64:
    """For every hand and split, the first split of the same standing (same way)."""
    st = _STANDING[HANDS]
    keys = np.empty((N_HANDS, 3), dtype=np.int64)
    for s, ((i, j), (k, m)) in enumerate(SPLITS):
        a = np.minimum(st[:, i], st[:, j]) * 18 + np.maximum(st[:, i], st[:, j])
        b = np.minimum(st[:, k], st[:, m]) * 18 + np.maximum(st[:, k], st[:, m])
        keys[:, s] = np.minimum(a, b) * 400 + np.maximum(a, b)
    out = np.tile(np.arange(3, dtype=np.int64), (N_HANDS, 1))
    for s in (1, 2):
        for earlier in range(s):
            same = (keys[:, s] == keys[:, earlier]) & (out[:, s] == s)
            out[same, s] = earlier
    return out


@dataclass(frozen=True)
class DiffRow:
    """One class of hands the two ways set differently.

    ``hands``: how many of the 35,960 hands the class holds; ``ev_a``/``ev_b``: the exact
    EV of one unit bet with each way's setting (the same for every hand of the class);
    ``value``: what the difference is worth over all hands, ``hands·(ev_a − ev_b) / 35,960``.
    """

    tiles: tuple[Tile, ...]
    hands: int
    setting_a: Setting
    setting_b: Setting
    rule_a: Rule
    rule_b: Rule
    counts_a: tuple[int, int, int]
    counts_b: tuple[int, int, int]
    ev_a: Fraction
    ev_b: Fraction

    @property
    def value(self) -> Fraction:
        return self.hands * (self.ev_a - self.ev_b) / N_HANDS

    def to_json(self) -> dict[str, object]:
        def side(s: Setting, rule: Rule, c: tuple[int, int, int], ev: Fraction) -> dict[str, object]:
            return {
                "high": [str(t) for t in s.high], "low": [str(t) for t in s.low],
                "high_value": s.high_value.name, "low_value": s.low_value.name,
                "rule": rule.text, "win": c[0], "push": c[1], "lose": c[2],
                "ev": float(ev), "ev_exact": str(ev),
            }

        return {
            "tiles": [str(t) for t in self.tiles],
            "hands": self.hands,
            "probability": self.hands / N_HANDS,
            "a": side(self.setting_a, self.rule_a, self.counts_a, self.ev_a),
            "b": side(self.setting_b, self.rule_b, self.counts_b, self.ev_b),
            "ev_difference": float(self.ev_a - self.ev_b),
            "value": float(self.value),
            "value_exact": str(self.value),
        }


@dataclass(frozen=True)
class WaysDiff:
    """Where two ways differ, against one dealer way, in one role, at one commission.

    ``rows`` are sorted by the size of their ``value``, largest first; ``total`` is the
    sum of every row's value (what A gains over B per unit bet): exactly ``edge_b.edge −
    edge_a.edge``.
    """

    a: str
    b: str
    dealer: str
    banking: bool
    rate: Fraction
    rows: tuple[DiffRow, ...]
    edge_a: EdgeResult
    edge_b: EdgeResult

    @property
    def hands(self) -> int:
        """How many of the 35,960 hands the two ways set differently."""
        return sum(r.hands for r in self.rows)

    @property
    def total(self) -> Fraction:
        return sum((r.value for r in self.rows), Fraction(0))

    def to_json(self) -> dict[str, object]:
        return {
            "a": self.a, "b": self.b, "dealer": self.dealer, "banking": self.banking,
            "commission": float(self.rate),
            "classes": len(self.rows), "hands": self.hands, "of_hands": N_HANDS,
            "total": float(self.total), "total_exact": str(self.total),
            "edge_a": self.edge_a.to_json(), "edge_b": self.edge_b.to_json(),
            "rows": [r.to_json() for r in self.rows],
        }


def ways_diff(
    way_a: TileWay,
    way_b: TileWay,
    dealer: TileWay,
    banking: bool = False,
    commission: Fraction | int = DEFAULT_RATE,
    rules: TileRules = DEFAULT_RULES,
    progress: Progress | None = None,
) -> WaysDiff:
    """Every class of hands ``way_a`` and ``way_b`` set differently, with the exact EV of
    each setting against ``dealer`` (see the module docstring)."""
    rate = _check_rate(commission)
    win, lose = split_counts(dealer, banking, rules, progress=progress)
    ca = way_choices(way_a, banking, rules, progress)
    cb = way_choices(way_b, banking, rules, progress)
    canon = _canonical_splits()
    rows_idx = np.arange(N_HANDS)
    ka, kb = canon[rows_idx, ca], canon[rows_idx, cb]
    per_class = np.bincount(FACE_GROUP, minlength=len(FACE_HANDS))
    differ = np.flatnonzero(ka[FACE_HANDS] != kb[FACE_HANDS])
    rows: list[DiffRow] = []
    for g in differ:
        h = int(FACE_HANDS[g])
        sa, sb = int(ca[h]), int(cb[h])
        tiles = tiles_of(h)
        counts = []
        for s in (sa, sb):
            w, lo = int(win[h, s]), int(lose[h, s])
            counts.append((w, N_DEALER - w - lo, lo))
        rows.append(DiffRow(
            tiles, int(per_class[g]),
            split_setting(h, sa, rules), split_setting(h, sb, rules),
            way_a.choose(tiles, banking).rule, way_b.choose(tiles, banking).rule,
            counts[0], counts[1],
            expected_value(*counts[0], rate), expected_value(*counts[1], rate),
        ))
    rows.sort(key=lambda r: (-abs(r.value), -r.hands))
    ea = edge(way_a, dealer, banking, rate, rules)
    eb = edge(way_b, dealer, banking, rate, rules)
    return WaysDiff(way_a.name, way_b.name, dealer.name, banking, rate, tuple(rows), ea, eb)


def _kind(tiles: tuple[Tile, ...]) -> str:
    pairs = pairs_in(tiles)
    if len(pairs) == 2:
        return "two pairs"
    if pairs:
        return f"pair of {CLASSES[pairs[0][0]].name}"
    return "no pair"


def _rule_name(rule: Rule) -> str:
    return rule.head


def by_group(diff: WaysDiff, key: str = "kind") -> list[tuple[str, int, Fraction]]:
    """The value of the differences grouped by ``key``: ``"kind"`` (the pair a hand holds,
    two pairs, or no pair), ``"rule_a"`` or ``"rule_b"`` (the rule of that way that set
    the hand, without its text): ``(group, hands, value)``, largest value first."""
    out: dict[str, tuple[int, Fraction]] = {}
    for r in diff.rows:
        if key == "kind":
            group = _kind(r.tiles)
        elif key in ("rule_a", "rule_b"):
            group = _rule_name(r.rule_a if key == "rule_a" else r.rule_b)
        else:
            raise ValueError(f"unknown grouping {key!r}: kind, rule_a or rule_b")
        n, v = out.get(group, (0, Fraction(0)))
        out[group] = (n + r.hands, v + r.value)
    return sorted(((g, n, v) for g, (n, v) in out.items()), key=lambda x: (-abs(x[2]), x[0]))


def plot_diff(diff: WaysDiff, path: str) -> None:
    """Where the value lies: the value of the differences by kind of hand, and the share of
    the total reached by the classes taken largest first (a PNG, with matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, (kind_ax, rule_ax, right) = plt.subplots(1, 3, figsize=(15, 4.8))
    for ax, key, title in ((kind_ax, "kind", "by kind of hand"),
                           (rule_ax, "rule_b", f"by the rule of {diff.b} that set the hand")):
        groups = by_group(diff, key)[:12]
        names = [g for g, _, _ in groups][::-1]
        vals = [float(v) * 100 for _, _, v in groups][::-1]
        ax.barh(names, vals, color=["tab:green" if v >= 0 else "tab:red" for v in vals])
        ax.axvline(0, color="black", linewidth=0.8)
        ax.xaxis.set_major_locator(MaxNLocator(4))
        ax.set_xlabel(f"% of a bet ({diff.a} − {diff.b})")
        ax.set_title(title)
    values = np.array([0.0] + [float(r.value) * 100 for r in diff.rows])
    right.plot(np.arange(len(values)), np.cumsum(values), marker="." if len(values) < 80 else "",
               linewidth=1)
    right.axhline(float(diff.total) * 100, color="gray", linestyle="--", linewidth=0.8,
                  label=f"total {float(diff.total):+.4%}")
    right.set_xlabel("classes of hands set differently, largest value first")
    right.set_ylabel("cumulative value, % of a bet")
    right.set_title(f"{len(diff.rows)} classes, {diff.hands:,} of {N_HANDS:,} hands")
    right.legend(loc="best")
    role = "as banker" if diff.banking else "as a player"
    fig.suptitle(f"{diff.a} vs {diff.b}, {role} against {diff.dealer}, "
                 f"commission {float(diff.rate):.0%}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
