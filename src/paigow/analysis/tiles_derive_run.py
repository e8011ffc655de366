"""Derive a tile strategy end to end, as ``paigow tiles derive-strategy`` and
:func:`paigow.tiles.derive_strategy` both do: label every hand exactly against the dealer's
way (:func:`~paigow.analysis.tiles_derive.label`), learn a short way
(:func:`~paigow.analysis.tiles_derive.learn`), write its way file's text with the exact
figures in its notes, load that text back with the way-file reader and count its edge over
all 736,281,000 matchups (:func:`~paigow.analysis.tiles_derive.check_file`).

The command adds its start-up line, its progress bars, the file and its printing; the work
is here, once (docs/tiles-derive.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, get_args

from paigow.analysis import tiles_derive as td
from paigow.errors import RuleError
from paigow.tiles.api import Shape
from paigow.tiles.rules import TileRules
from paigow.tiles.ways import TileWay

StepProgress = Callable[[str, int, int], None]
"""``progress(step, done, total)``: the step's words, and how far it is."""

SHAPES: tuple[str, ...] = get_args(Shape)
"""The shapes a learned way can take: ``exceptions`` (the dealer's way with exceptions),
``own`` (rules of its own) or ``best`` (both learned, the better kept)."""


@dataclass(frozen=True)
class TileDeriveRun:
    """What a derivation made: the way file's ``text``, the learning, the counts of the
    written file read back (``check``) and the report (``--json``'s, without the file's
    name and the step times, which the command adds)."""

    text: str
    derived: td.Derived
    check: dict[str, int]
    report: dict[str, Any]


def shapes_of(shape: str) -> tuple[str, ...]:
    """The shapes to learn for a ``shape`` choice.

    Raises:
        RuleError: a shape that is not best, exceptions or own.

    >>> shapes_of("best"), shapes_of("own")
    (('exceptions', 'own'), ('own',))
    """
    key = shape.strip().lower()
    if key not in SHAPES:
        raise RuleError(f"unknown shape {shape!r}: choose {', '.join(SHAPES)}")
    return ("exceptions", "own") if key == "best" else (key,)


def command_line(dealer: str, banking: bool, rate: Fraction, max_rules: int,
                 conditions: str = "tiles") -> str:
    """The command that learns the same way (the file's ``source``)."""
    return (f"paigow tiles derive-strategy --dealer {dealer}{' --banking' if banking else ''} "
            f"--commission {rate} --max-rules {max_rules} --conditions {conditions}")


def derive(
    dealer: str,
    dealer_way: TileWay,
    rules: TileRules,
    rate: Fraction,
    *,
    banking: bool = False,
    max_rules: int = 12,
    shapes: Sequence[str] = ("exceptions", "own"),
    small: bool = False,
    source: str = "derived.toml",
    progress: StepProgress | None = None,
    times: dict[str, float] | None = None,
    conditions: str = "tiles",
) -> TileDeriveRun:
    """Learn a way of at most ``max_rules`` rules against ``dealer_way`` (named ``dealer``,
    as the file's ``otherwise`` line names it), write its text and check it (``source``:
    how the check's messages name the file). ``times`` receives each step's seconds
    (``labels``, ``learning``, ``check``). ``conditions``: what a rule's conditions may
    say (``points``, ``tiles`` or ``house``: docs/tiles-derive.md, section 2).

    Raises:
        RuleError: the optimal way as the dealer's (a learned way is exceptions to a
            house way).
        PaigowError: a rule count out of range.
    """
    if dealer_way.name == "optimal":
        raise RuleError("--dealer optimal: a learned way is exceptions to a dealer's house "
                        "way; name one (australian, luger, harrahs, a way file)")
    spent = {} if times is None else times

    def tick(what: str) -> Callable[[int, int], None] | None:
        if progress is None:
            return None
        return lambda done, total: progress(what, done, total)

    t0 = time.perf_counter()
    labels = td.label(dealer_way, banking, rate, rules, tick("labelling every hand exactly"))
    spent["labels"] = time.perf_counter() - t0
    t1 = time.perf_counter()
    derived = td.learn(labels, max_rules, small=small, shapes=tuple(shapes), progress=progress,
                       conditions=conditions)
    spent["learning"] = time.perf_counter() - t1
    t2 = time.perf_counter()
    role = "bank" if banking else "player"
    text = td.way_text(
        derived, f"derived-{dealer_way.name}",
        f"A learned tile way against {dealer_way.name} ({role})",
        command_line(dealer, banking, rate, max_rules, conditions), notes=notes(derived),
        otherwise=dealer)
    check = td.check_file(text, source, derived, dealer_way,
                          tick("loading the written file back, every hand"))
    spent["check"] = time.perf_counter() - t2
    return TileDeriveRun(text, derived, check, report(derived, check, dealer))


def notes(d: td.Derived) -> str:
    """The file's notes: the exact edges and the share of optimal's gain."""
    lab = d.labels
    base = lab.ev(lab.dealer_split)
    best = lab.ev(lab.best_split)
    return (f"Exact over all 736,281,000 matchups, commission {float(lab.rate):.2%}: "
            f"{'bank' if lab.banking else 'house'} edge {float(-base):+.4%} playing the "
            f"dealer's way, {float(-d.ev()):+.4%} with these {d.n_rules} rules, "
            f"{float(-best):+.4%} optimal; share of optimal's gain {float(d.share):.1%}.")


def report(d: td.Derived, check: dict[str, int], dealer: str) -> dict[str, Any]:
    """The derivation as plain data: the rules, the exact edges, the share, the curve."""
    lab = d.labels
    base, best, mine = lab.ev(lab.dealer_split), lab.ev(lab.best_split), d.ev()
    curve = [{"rules": s.rules, "share": float(d.share_of(s.total)),
              "share_exact": str(d.share_of(s.total))} for s in d.curve]
    others = {k: {"rules": o.n_rules, "share": float(o.share), "share_exact": str(o.share)}
              for k, o in d.other.items()}
    return {
        "dealer": dealer,
        "banking": lab.banking,
        "conditions": d.conditions,
        "commission": float(lab.rate),
        "shape": d.shape,
        "rules": d.n_rules,
        "otherwise": lab.dealer if d.otherwise else None,
        "rule_texts": [s.words() for s in d.specs],
        "edge_dealer_way": float(-base), "edge_dealer_way_exact": str(-base),
        "edge_learned": float(-mine), "edge_learned_exact": str(-mine),
        "edge_optimal": float(-best), "edge_optimal_exact": str(-best),
        "share": float(d.share), "share_exact": str(d.share),
        "matchups": check["matchups"],
        "win": check["win"], "push": check["push"], "lose": check["lose"],
        "curve": curve,
        "other_shapes": others,
    }


__all__ = ["SHAPES", "StepProgress", "TileDeriveRun", "command_line", "derive", "notes",
           "report", "shapes_of"]
