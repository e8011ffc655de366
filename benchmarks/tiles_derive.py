"""Benchmark: the steps of ``paigow tiles derive-strategy`` and the goal's exact share.

Prints, on this machine:

* **labelling**: every one of the 8,130 distinct hands labelled exactly against the
  dealer way (the win and lose counts of each split over its 20,475 opponent hands), in
  hands a second; the baseline measured in the same run is the plain way to get the same
  counts, the one-hand brute-force kernel of ``tiles advise`` over every hand (ratio);
* **learning**: the candidates scored on every hand (rules a second) and the greedy
  pass, with the rules learned;
* **exact evaluation**: the written file loaded back by the way-file reader and its edge
  counted over all 736,281,000 matchups (``tiles_odds.edge``), equal to the learner's own
  count; and the learned way's **share of optimal's gain** over the dealer's way, exact
  (the issue 25 goal: at least 80% with at most 12 rules against an Australian banker).

Usage: ``python benchmarks/tiles_derive.py [--dealer australian] [--banking]
[--max-rules 12] [--small]``. ``--small`` is a smoke run: the hundred-odd candidate rules of
``--small``, three rules, the brute-force baseline on 1/64 of the hands (scaled up).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

import numpy as np

from paigow.analysis import tiles_derive as td
from paigow.analysis.tiles_odds import forget_counts, hand_counts
from paigow.analysis.tiles_tables import FACE_HANDS, tiles_of
from paigow.ways import TILES, get_way


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dealer", default="australian")
    ap.add_argument("--banking", action="store_true")
    ap.add_argument("--max-rules", type=int, default=12)
    ap.add_argument("--small", action="store_true", help="smoke run")
    a = ap.parse_args()
    rules = 3 if a.small else a.max_rules
    dealer = get_way(a.dealer, TILES)
    print(f"tiles derive-strategy steps, dealer {a.dealer}, "
          f"{'bank' if a.banking else 'player'}, load {os.getloadavg()[0]:.1f}")

    t = time.perf_counter()
    labels = td.label(dealer, a.banking)  # first: the dealer way's choices, the kernels
    first = time.perf_counter() - t
    forget_counts()  # the counts again, from the dealer way's known settings
    t = time.perf_counter()
    labels = td.label(dealer, a.banking)
    warm = time.perf_counter() - t
    # baseline: the same counts hand by hand with advise's one-hand brute-force kernel
    step = 64 if a.small else 8
    sample = FACE_HANDS[::step]
    t = time.perf_counter()
    for h in sample:
        hand_counts(tiles_of(int(h)), dealer, a.banking)
    base = (time.perf_counter() - t) * len(FACE_HANDS) / len(sample)
    print(f"labelling: first {first:.2f} s (the dealer way's settings, kernels); warm "
          f"{warm:.3f} s = {len(FACE_HANDS) / warm:,.0f} hands/s; baseline hand by hand "
          f"{base:.2f} s (scaled from {len(sample)} hands); ratio {base / warm:.1f}x")

    f = td.features()
    t = time.perf_counter()
    specs = td.candidates(a.small)
    pool = td._Pool(specs, labels, f, None)
    score_s = time.perf_counter() - t
    t = time.perf_counter()
    derived = td.learn(labels, rules, small=a.small)
    learn_s = time.perf_counter() - t
    print(f"learning: {len(specs):,} candidates ({len(pool.alive):,} distinct) scored on "
          f"every hand in {score_s:.1f} s = {len(specs) / score_s:,.0f} rules/s; learning "
          f"(scoring again, both shapes) {learn_s:.1f} s; {derived.n_rules} rules "
          f"({derived.shape})")

    with tempfile.TemporaryDirectory() as tmp:
        text = td.way_text(derived, "bench", "bench", "benchmark")
        t = time.perf_counter()
        counts = td.check_file(text, os.path.join(tmp, "bench.toml"), derived, dealer)
        check_s = time.perf_counter() - t
    lab = derived.labels
    print(f"exact evaluation: file loaded and every hand compared, edge over "
          f"{counts['matchups']:,} matchups in {check_s:.1f} s (equal to the learner's count)")
    house, best = lab.ev(lab.dealer_split), lab.ev(lab.best_split)
    print(f"edges: dealer's way {float(-house):+.4%}, learned {float(-derived.ev()):+.4%}, "
          f"optimal {float(-best):+.4%}; share of optimal's gain {float(derived.share):.2%} "
          f"(exactly {derived.share}) with {derived.n_rules} rules")
    curve = ", ".join(f"{s.rules}: {float(derived.share_of(s.total)):.1%}"
                      for s in derived.curve)
    print(f"curve (rules: share): {curve}")
    print(f"ratio learning / warm labelling: {learn_s / warm:.0f}x")
    assert np.all(labels.weight > 0)


if __name__ == "__main__":
    main()
