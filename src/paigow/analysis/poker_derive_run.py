"""Derive a strategy end to end, as ``paigow poker derive-strategy`` and
:func:`paigow.poker.derive_strategy` both do: draw a stratified sample, label it with the
exact best settings against the dealer's way, learn a short way
(:func:`~paigow.analysis.poker_derive.learn_way`), evaluate it on an independent uniform
sample, and write the way file's text with its figures in its notes.

The command adds its progress bars, its checkpoints in the cache and its printing; the
work and every check of the input are here, once (docs/poker-derive.md).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from paigow.analysis import Progress
from paigow.analysis.poker_derive import (
    MIN_EXCEPTIONS,
    MIN_RULES,
    Derived,
    Evaluation,
    evaluate,
    learn_way,
    uniform_sample,
    way_text,
)
from paigow.analysis.poker_labels import Labels, LabelSpec, Sample, label_hands
from paigow.errors import AmountError, RuleError
from paigow.poker.rules import PokerRules

MIN_SAMPLE = 1000
"""Fewest labelled hands ``derive-strategy`` learns from. The rules worth having change a
hand's EV by a few hundredths and apply to a few percent of hands, so a rule's gain is a
few hundredths of a percent a hand; with fewer than 1,000 hands (about 200 two-pair and 50
three-of-a-kind hands) its standard error is as large as the gain."""
MIN_EVAL = 500
"""Fewest hands of the evaluation sample (0 skips it): optimal's gain over a casino way,
a few tenths of a percent, cannot be told from zero with fewer (its paired 95% interval is
about ±0.1% at 2,000 hands)."""

Labeller = Callable[[Sample, str, LabelSpec], Labels]
"""``labeller(sample, what, spec)``: the labels of a sample (``what``: ``"labelling"`` or
``"evaluating on"``); the command's keeps checkpoints and shows a progress bar."""


def minutes(seconds: float) -> str:
    """``"3m 05s"``, ``"42s"``."""
    m, s = divmod(round(seconds), 60)
    return f"{m}m {s:02d}s" if m else f"{s}s"


def game_label(rules: PokerRules, rate: Fraction) -> str:
    """The game in words: commission, and the push rule when there is one."""
    text = f"commission {float(rate):.2%}"
    if rules.push != "none":
        text += f", a banker's {rules.banker_push.label} pushes every bet"
    return text


def resolve_otherwise(value: str, dealer: str, folder: Path) -> str | None:
    """The ``otherwise`` way a derived way of exceptions names (``None``: a way that sets
    every hand itself): ``dealer`` is the dealer's way; a path is written relative to
    ``folder``, where the way file goes, as the loader reads it.

    Raises:
        RuleError: a way that is not house, a shipped way file or a .toml path.
    """
    from paigow.poker.ways.file_way import shipped_path

    v = value.strip()
    if v.lower() == "none":
        return None
    if v.lower() == "dealer":
        v = dealer.strip()
    if v.lower() == "house":
        return "house"
    if shipped_path(v) is not None:
        return v.lower()
    path = Path(v)
    if not (v.lower().endswith(".toml") and path.is_file()):
        what = "the dealer's way " if value.strip().lower() == "dealer" else ""
        raise RuleError(
            f"--otherwise: {what}{v!r} is not a way file: a way of exceptions falls back on "
            "house, a shipped way file or a .toml path (or give --otherwise none)")
    try:
        return os.path.relpath(path.resolve(), folder.resolve())
    except ValueError:  # another drive
        return str(path.resolve())


def check_sizes(max_rules: int, sample: int, eval_sample: int, folds: int,
                otherwise: str | None) -> None:
    """Refuse sizes too small to say anything, before any work.

    Raises:
        AmountError: a size too small, with what it would take.
    """
    if otherwise is None and max_rules < MIN_RULES:
        raise AmountError(
            f"--max-rules {max_rules} is too few: a way file that sets every hand "
            f"itself (--otherwise none) has a rule for each of the {MIN_RULES} hand "
            f"types (no pair, one pair, two pair, ... five aces): give at least "
            f"{MIN_RULES}")
    if otherwise is not None and max_rules < MIN_EXCEPTIONS:
        raise AmountError(
            f"--max-rules {max_rules} is too few: a way of exceptions has its "
            f"otherwise line and at least one rule: give at least {MIN_EXCEPTIONS}")
    if folds == 1:
        raise AmountError("--cv-folds 1 cannot cross-validate: give 2 or more, or 0")
    if sample < MIN_SAMPLE:
        raise AmountError(
            f"--sample {sample:,} is too small to say anything: a rule worth learning "
            "gains a few hundredths of a percent a hand, and below "
            f"{MIN_SAMPLE:,} labelled hands (some 160 of them two pair) "
            "its standard error is as large as its gain; give at least "
            f"{MIN_SAMPLE:,}")
    if 0 < eval_sample < MIN_EVAL:
        raise AmountError(
            f"--eval-sample {eval_sample:,} is too small to say anything: optimal's "
            "gain over a house way is a few tenths of a percent, which fewer than "
            f"{MIN_EVAL:,} hands cannot tell from zero; give at least {MIN_EVAL:,} "
            "(or 0 to skip the evaluation)")


@dataclass(frozen=True)
class DeriveRun:
    """What a derivation made: the way file's ``text``, the learning, the evaluation
    (None when skipped) and the report (``--json``'s)."""

    text: str
    derived: Derived
    evaluation: Evaluation | None
    report: dict[str, Any]


def derive(
    dealer: str,
    rules: PokerRules,
    rate: Fraction,
    *,
    max_rules: int = 15,
    sample: int = 4000,
    eval_sample: int = 2000,
    seed: int | None = None,
    eval_seed: int | None = None,
    otherwise: str = "dealer",
    name: str = "derived",
    folds: int = 5,
    deck: Sequence[int] | None = None,
    folder: Path = Path("."),
    file: str = "",
    progress: Progress | None = None,
    labeller: Labeller | None = None,
    announce: Callable[[], None] | None = None,
) -> DeriveRun:
    """Derive a way against ``dealer`` (see the module description). ``folder`` is where
    the way file goes (an ``otherwise`` path is written relative to it), ``file`` its name
    for the report. ``labeller`` labels each sample (default: :func:`label_hands` with
    ``progress``); ``announce()`` is called once the input is checked, before any work
    (the command says there what it will do and how long it takes).

    Raises:
        AmountError: sizes too small to say anything.
        RuleError: an unknown dealer or otherwise way.
        DeriveError: learning that cannot go on.
    """
    import numpy as np

    from paigow.analysis.poker_labels import stratified_sample
    from paigow.analysis.poker_odds import check_deck, way_for
    from paigow.analysis.poker_sim import new_seed
    from paigow.analysis.poker_sweep import sample_hands
    from paigow.analysis.poker_ways import FileFastWay
    from paigow.poker.ways.file_way import FileWay, read_way

    way_for(dealer, rules)  # a bad dealer way is refused before any work
    base_way = resolve_otherwise(otherwise, dealer, folder)
    check_sizes(max_rules, sample, eval_sample, folds, base_way)
    if base_way is not None:  # and a bad otherwise way
        read_way("seeds" if base_way == "house" else base_way, base=folder)
    s = seed if seed is not None else new_seed()
    es = eval_seed if eval_seed is not None else s + 1
    game = game_label(rules, rate)
    cards = None if deck is None else list(deck)
    if announce is not None:
        announce()

    def run_labels(smp: Sample, what: str, spec: LabelSpec) -> Labels:
        return label_hands(smp, dealer, rate, rules, cards, on_progress=progress)

    label = labeller or run_labels
    t0 = time.perf_counter()
    smp = stratified_sample(sample, s, rules, cards)
    drawn_s = time.perf_counter() - t0
    spec = LabelSpec(dealer, rules, rate, check_deck(cards))
    labels = label(smp, "labelling", spec)
    header = (f"A strategy derived by paigow poker derive-strategy against the "
              f"{dealer} way\n({game}; joker {rules.joker}, wheel {rules.wheel}).")
    derived = learn_way(labels, max_rules, rules, name, header=header, otherwise=base_way,
                        base=folder, folds=folds)
    ev_res = None
    if eval_sample:
        usmp = uniform_sample(sample_hands(eval_sample, es, cards), es)
        elabels = label(usmp, "evaluating on", spec)
        player = FileFastWay(FileWay(derived.spec, rules=rules))
        arr = np.array(usmp.hands, dtype=np.int32)
        ev_res = evaluate(elabels, player.splits(arr, False).astype(np.int64), name)
    notes = [f"labels: {len(smp.hands):,} hands (seed {s}), labelled in "
             f"{minutes(labels.seconds)}; learned in {derived.seconds:.0f} s"]
    if derived.cv is not None:
        notes.append(f"{derived.cv.rules} rules and the penalty z = {derived.z:g} "
                     f"chosen by {derived.cv.folds}-fold cross-validation on the labels")
    if ev_res is not None:
        lo, hi = ev_res.share_ci95
        notes.append(
            f"evaluation: {ev_res.hands:,} other hands (seed {es}): edge "
            f"{ev_res.derived.edge:+.3%} against {ev_res.house.edge:+.3%} for the "
            f"{dealer} way and {ev_res.optimal.edge:+.3%} for optimal; share of "
            f"optimal's gain {ev_res.share:.0%} (95% interval {lo:.0%} to {hi:.0%})")
    text = learn_text(derived, name, header, "; ".join(notes))
    report = _report(derived, smp, labels, drawn_s, ev_res, dealer, s, file or name, game)
    return DeriveRun(text, derived, ev_res, report)


def learn_text(derived: Derived, name: str, header: str, notes: str) -> str:
    """The derived way's file text with the figures in its notes."""
    otherwise = derived.spec.otherwise
    return way_text(list(derived.rules), name, derived.spec.title, header, notes,
                    derived.otherwise if otherwise is not None else None)


def _report(derived: Derived, smp: Sample, labels: Labels, drawn_s: float,
            ev: Evaluation | None, dealer: str, seed: int, out: str,
            game: str) -> dict[str, Any]:
    from paigow.analysis.poker_labels import stratum_name

    counts = smp.counts()
    result: dict[str, Any] = {
        "dealer": dealer,
        "game": game,
        "file": out,
        "rules": [r.text for r in derived.spec.rules],
        "labels": {
            "hands": len(smp.hands), "seed": seed, "drawn": smp.drawn,
            "strata": {stratum_name(i): c for i, c in enumerate(counts) if c},
            "seconds": round(labels.seconds + drawn_s, 1),
        },
        "learn": {
            "seconds": round(derived.seconds, 1),
            "house_ev": derived.train_house, "derived_ev": derived.train_derived,
            "optimal_ev": derived.train_optimal, "share": derived.share,
            "otherwise": derived.otherwise, "z": derived.z,
            "cross_validation": None if derived.cv is None else derived.cv.to_json(),
        },
        "evaluation": None,
    }
    if ev is not None:
        result["evaluation"] = ev.to_json()
    return result


__all__ = ["MIN_EVAL", "MIN_SAMPLE", "DeriveRun", "derive", "game_label", "learn_text",
           "minutes", "resolve_otherwise"]
