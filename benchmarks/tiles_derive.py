"""Benchmark: the steps of ``paigow tiles derive-strategy`` and the goal's exact share.

Prints, on this machine:

* **labelling**: every one of the 8,130 distinct hands labelled exactly against the
  dealer way (the win and lose counts of each split over its 20,475 opponent hands), in
  hands a second; the baseline measured in the same run is the plain way to get the same
  counts, the one-hand brute-force kernel of ``tiles advise`` over every hand (ratio);
* **search**: every rule of the learner's space (35,622,891 by default; ``--small`` about two
  thousand) scored exactly over every hand at the one place of an empty list, in rules a
  second, against the plain way (each rule read over every hand and summed, one at a time,
  on a random sample of the space's rules: ratio); then the whole learning, both shapes;
* **exact evaluation**: the written file loaded back by the way-file reader and its edge
  counted over all 736,281,000 matchups (``tiles_odds.edge``), equal to the learner's own
  count; and the learned way's **share of optimal's gain** over the dealer's way, exact
  (the issue 25 goal: at least 80% with at most 12 rules against an Australian banker).

Usage: ``python benchmarks/tiles_derive.py [--dealer australian] [--banking]
[--max-rules 12] [--small]``. ``--small`` is a smoke run: the small space of
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

    # the search: every rule of the space at every place of an empty list, once; baseline:
    # the plain way, each rule read over every hand (apply_rule) and summed, one by one
    f = td.features()
    sp = td.space(a.small)
    search = td._Search(sp, labels, f, labels.dealer_split)
    t = time.perf_counter()
    found = search.best_insert([])
    search_s = time.perf_counter() - t
    rng = np.random.default_rng(1)
    n_base = 200 if a.small else 400
    rows = np.arange(td.N_FACE)
    cur = labels.score[rows, labels.dealer_split.astype(np.int64)]
    t = time.perf_counter()
    best_one = 0
    for _ in range(n_base):
        scope = sp.scopes[int(rng.integers(len(sp.scopes)))]
        conds = tuple(f"{sp.stats[int(rng.integers(len(sp.stats)))]} "
                      f"{'>=' if rng.integers(2) else '<'} "
                      f"{sp.levels[int(rng.integers(len(sp.levels)))]}"
                      for _ in range(int(rng.integers(sp.max_conditions + 1))))
        spec = td.RuleSpec(hand=scope.hand, pair=scope.pair, has=scope.has, when=conds,
                           action="strongest high")
        ap, play = td.apply_rule(spec, f, labels.dealer_split)
        gain = int(np.where(ap, labels.score[rows, play.astype(np.int64)] - cur, 0).sum())
        best_one = max(best_one, gain)
    base_s = time.perf_counter() - t
    per_base = n_base / base_s
    per_search = sp.size / search_s
    print(f"search: all {sp.size:,} rules of the space scored exactly at the one place of "
          f"an empty list in {search_s:.2f} s = {per_search:,.0f} rules/s (best gain "
          f"{found.gain:,}); baseline one rule at a time {per_base:,.0f} rules/s "
          f"({n_base} random rules); ratio {per_search / per_base:,.0f}x")
    assert found.gain >= best_one  # the search's best beats any rule read one by one
    t = time.perf_counter()
    derived = td.learn(labels, rules, small=a.small)
    learn_s = time.perf_counter() - t
    print(f"learning (both shapes, {rules} rules, the exchange pass): {learn_s:.1f} s; "
          f"{derived.n_rules} rules ({derived.shape})")

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
    assert np.all(labels.weight > 0)


if __name__ == "__main__":
    main()
