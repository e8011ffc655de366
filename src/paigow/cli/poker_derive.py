"""``paigow poker derive-strategy`` (a way a person can learn, learned from exact advice) and
``paigow poker card`` (a printable strategy card of any way).

:func:`register` adds both to the poker Typer app. See docs/poker-derive.md.
"""

from __future__ import annotations

import hashlib
import json as jsonlib
import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Int,
    OutputFile,
    Token,
    argument,
    console,
    err_console,
    option,
    poker_way_file_names,
    poker_way_names,
    print_json,
    run_command,
)
from paigow.cli.poker_odds import (
    COMMISSION_OPTION,
    DECK_OPTION,
    EZ_OPTION,
    FOUL_OPTION,
    JOKER_OPTION,
    MAX_SIM_SEED,
    PUSH_OPTION,
    WHEEL_OPTION,
    _deck,
    _game,
    _interruptible,
    _progress,
)
from paigow.errors import AmountError
from paigow.poker.rules import PokerRules

MAX_DERIVE_SAMPLE = 10**6
DERIVE_MINUTES = 35
"""The time of ``derive-strategy`` at its default sizes (4,000 labelled hands, 2,000
evaluated) on a 2-core machine, the figure its start-up line scales (issue 23: 30-40
minutes measured 2026-11-27)."""


def _cache_file(kind: str, job: dict[str, Any]) -> Path:
    from paigow.analysis.poker_odds import cache_dir

    key = hashlib.sha256(jsonlib.dumps(job, sort_keys=True).encode()).hexdigest()[:20]
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{kind}-{key}.json"


def register(app: typer.Typer) -> None:
    """Add ``derive-strategy`` and ``card`` to the poker app."""

    @app.command("derive-strategy")
    def derive_strategy(
        out: Annotated[str, option("-o", "--output", parser=OutputFile("-o"), help="The way file (TOML) to write.")],
        dealer: Annotated[str, option("--dealer", parser=Token("--dealer", metavar="WAY", complete=poker_way_names), help="The dealer's way: house (default), a shipped way file or a .toml path.")] = "house",
        max_rules: Annotated[int, option("--max-rules", parser=Int("--max-rules", 1, 200), help="Rules the way may have, in all, the otherwise line counting as one (at least 2; at least 12, one per hand type, with --otherwise none).")] = 15,
        sample: Annotated[int, option("--sample", parser=Int("--sample", 1, MAX_DERIVE_SAMPLE), help="Hands to label exactly (spread over hand types).")] = 4000,
        seed: Annotated[int | None, option("--seed", parser=Int("--seed", 0, MAX_SIM_SEED), help="Seed of the labelled sample (default: a fresh one, reported).")] = None,
        eval_sample: Annotated[int, option("--eval-sample", parser=Int("--eval-sample", 0, MAX_DERIVE_SAMPLE), help="Hands of the independent evaluation (0: none).")] = 2000,
        eval_seed: Annotated[int | None, option("--eval-seed", parser=Int("--eval-seed", 0, MAX_SIM_SEED), help="Seed of the evaluation sample (default: the seed + 1).")] = None,
        name: Annotated[str, option("--name", parser=Token("--name", metavar="NAME"), help="The way's name (default: the file's stem).")] = "",
        otherwise: Annotated[str, option("--otherwise", parser=Token("--otherwise", metavar="WAY", complete=lambda: ["dealer", "none", *poker_way_names()]), help="Learn exceptions to this way (dealer: the dealer's way, the default; a shipped way or a .toml path), or none: a way that sets every hand itself.")] = "dealer",
        cv_folds: Annotated[int, option("--cv-folds", parser=Int("--cv-folds", 0, 20), help="Choose the rule count and penalty by cross-validation on the labels over this many folds (0: learn up to --max-rules with the penalty 1).")] = 5,
        commission: Annotated[str | None, COMMISSION_OPTION] = None,
        push: Annotated[str | None, PUSH_OPTION] = None,
        ez: Annotated[bool, EZ_OPTION] = False,
        joker: Annotated[str, JOKER_OPTION] = "bug",
        wheel: Annotated[str, WHEEL_OPTION] = "second",
        foul: Annotated[str, FOUL_OPTION] = "house",
        deck: Annotated[str, DECK_OPTION] = "",
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Derive a short way a person can learn: label a sample of hands with their exact
        best settings against the dealer's way, learn at most --max-rules rules in the
        house-way file format, write them to -o, and measure the way on an independent
        sample (its edge beside the house way's and optimal's, and the share of
        optimal's gain it takes).

        Example: paigow poker derive-strategy --dealer foxwoods --max-rules 15 -o my-way.toml
        """
        from paigow.analysis.poker_derive_run import derive
        from paigow.analysis.poker_labels import Labels, LabelSpec, Sample, label_hands

        def body() -> None:
            kind, rate = _game(push, commission, ez)
            rules = PokerRules.of(joker, wheel, foul, kind)
            cards = _deck(deck)
            way_name = name.strip() or Path(out).stem

            def announce() -> None:
                """What it will do and how long it takes, on stderr (--json keeps stdout
                JSON), once the input is checked and before any work."""
                full = cards is None
                minutes = DERIVE_MINUTES * (sample + eval_sample) / (4000 + 2000)
                err_console.print(
                    f"derive-strategy: exact advice for {sample:,} hands against the "
                    f"{dealer} way, then at most {max_rules} rules learned"
                    + (f", then the way measured on {eval_sample:,} other hands"
                       if eval_sample else "")
                    + (f": about {minutes:.0f} min on a 2-core machine" if full else "")
                    + "; Ctrl-C stops it (the labelled hands are kept for a rerun)",
                    highlight=False, soft_wrap=True)

            def labelled(sample: Sample, what: str, spec: LabelSpec) -> Labels:
                """Labels of a sample, resumed from (and kept in) a checkpoint in the
                cache dir: Ctrl-C keeps the chunks done. Their time is the labelling time
                of every run that worked on them."""
                start = time.perf_counter()
                ck = _cache_file("derive-labels", spec.job(sample, 16))
                clock = ck.with_suffix(".seconds")  # labelling time over every resumed run
                try:
                    before = float(clock.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    before = 0.0
                with _progress(f"{what} {len(sample.hands):,} hands") as update:
                    try:
                        got = _interruptible(
                            lambda: label_hands(sample, dealer, rate, rules, cards,
                                                checkpoint=ck, on_progress=update),
                            what, str(ck))
                    finally:
                        spent = time.perf_counter() - start
                        clock.write_text(f"{before + spent:.1f}", encoding="utf-8")
                return replace(got, seconds=before + got.seconds)

            run = derive(dealer, rules, rate, max_rules=max_rules, sample=sample,
                         eval_sample=eval_sample, seed=seed, eval_seed=eval_seed,
                         otherwise=otherwise, name=way_name, folds=cv_folds, deck=cards,
                         folder=Path(out).resolve().parent, file=out, labeller=labelled,
                         announce=announce)
            Path(out).write_text(run.text, encoding="utf-8")
            if json:
                print_json(run.report)
                return
            _print(run.report)

        run_command(body)

    @app.command("card")
    def card(
        way: Annotated[str, argument(parser=Token("WAY", complete=poker_way_file_names), help="A way file: a shipped name (seeds, foxwoods, ...) or a .toml path.")],
        out: Annotated[str, option("-o", "--output", parser=OutputFile("-o"), help="The card to write: .svg or .pdf.")],
        joker: Annotated[str, JOKER_OPTION] = "bug",
        wheel: Annotated[str, WHEEL_OPTION] = "second",
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """A printable strategy card of a way file: one page, its rules in order, each
        with a small example hand set by the rule (SVG or PDF, by -o's extension).

        Example: paigow poker card foxwoods -o foxwoods-card.pdf
        """
        from paigow.poker.strategy_card import card_pdf, card_svg

        def body() -> None:
            rules = PokerRules.of(joker, wheel)
            suffix = Path(out).suffix.lower()
            if suffix not in (".svg", ".pdf"):
                raise AmountError(f"-o {out!r}: the card is written as .svg or .pdf")
            if suffix == ".pdf":
                from paigow.extras import require

                require("pdf", "a PDF card (-o FILE.pdf)")
            data = card_pdf(way, rules) if suffix == ".pdf" else card_svg(way, rules).encode()
            Path(out).write_bytes(data)
            if json:
                print_json({"way": way, "file": out, "format": suffix[1:], "bytes": len(data)})
            else:
                err_console.print(f"wrote {out}", highlight=False)

        run_command(body)


def _print(r: dict[str, Any]) -> None:
    from paigow.analysis.poker_derive_run import minutes  # (numba's import: run time only)

    lab, learn = r["labels"], r["learn"]
    console.print(
        f"derived against the {r['dealer']} way ({r['game']}); wrote {r['file']}\n"
        f"labels: {lab['hands']:,} hands (seed {lab['seed']}; {len(lab['strata'])} hand types, "
        f"from {lab['drawn']:,} drawn), exact advice in {minutes(lab['seconds'])}; "
        f"learned in {learn['seconds']:.0f} s",
        highlight=False)
    cv = learn["cross_validation"]
    if cv is not None:
        console.print(f"cross-validation ({cv['folds']} folds of the labels) chose "
                      f"{cv['rules']} rules and the penalty z = {cv['z']:g}", highlight=False)
    for i, text in enumerate(r["rules"], start=1):
        console.print(f"  {i:2}. {text}", highlight=False)
    if learn["otherwise"] is not None:
        console.print(f"  {len(r['rules']) + 1:2}. otherwise: as the {learn['otherwise']} way "
                      "sets it", highlight=False)
    share = learn["share"]
    console.print(
        f"on the labelled hands: takes {share:.0%} of optimal's gain over the {r['dealer']} way",
        highlight=False)
    ev = r["evaluation"]
    if ev is None:
        return
    console.print(f"evaluation on {ev['hands']:,} other hands (uniform, seed {ev['seed']}), "
                  "each exact over every dealer hand:", highlight=False)
    for label, key in ((f"{r['dealer']} way", "house"), ("derived", "derived"),
                       ("optimal", "optimal")):
        e = ev[key]
        lo, hi = e["ci95"]
        console.print(f"  {label:24} house edge {e['edge']:+.4%}  "
                      f"(95% interval over the sample {lo:+.4%} to {hi:+.4%})", highlight=False)
    g, go = ev["derived"]["gain"], ev["optimal"]["gain"]
    console.print(f"  gain over the {r['dealer']} way: derived {g['edge']:+.4%} (paired 95% "
                  f"{g['ci95'][0]:+.4%} to {g['ci95'][1]:+.4%}), optimal {go['edge']:+.4%} "
                  f"(paired 95% {go['ci95'][0]:+.4%} to {go['ci95'][1]:+.4%})", highlight=False)
    sh = ev["share"]
    if go["edge"] <= 0:
        console.print("  optimal gains nothing on these hands: no share to state", highlight=False)
    else:
        lo, hi = sh["ci95"]
        console.print(f"  share of optimal's gain: {sh['of_optimal']:.1%} "
                      f"(95% interval {lo:.1%} to {hi:.1%})", highlight=False)


__all__ = ["register"]
