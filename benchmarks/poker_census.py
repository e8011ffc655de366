"""Benchmark: the seven-card census (all C(53,7) = 154,143,080 hands) and a baseline.

    .venv/bin/python benchmarks/poker_census.py           # full census, bug and wild
    .venv/bin/python benchmarks/poker_census.py --small   # a 30-card deck (CI smoke)

The baseline, measured in the same run, is the obvious way: every seven-card hand as a
row of cards, best of its 21 five-card hands by look-up in the five-card table
(:func:`paigow.poker.fast.best5_of7_lookup`), timed on a sample and scaled to the census.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from math import comb

import numpy as np

from paigow.poker import fast
from paigow.poker.census import census
from paigow.poker.rules import PokerRules


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--small", action="store_true", help="a 30-card deck (CI smoke)")
    args = ap.parse_args()
    deck = list(range(23, 53)) if args.small else None
    size = 30 if args.small else 53
    total = comb(size, 7)
    print(f"machine: {os.cpu_count()} cores; deck of {size} cards, {total:,} hands")

    t = time.perf_counter()
    census(PokerRules(), deck=list(range(45, 53)))  # JIT compile or load from cache
    print(f"warm-up (JIT): {time.perf_counter() - t:.2f} s")

    times = {}
    for joker in ("bug", "wild"):
        t = time.perf_counter()
        c = census(PokerRules(joker=joker), deck=deck)
        times[joker] = time.perf_counter() - t
        assert c.total == total
        print(f"census joker={joker}: {times[joker]:6.2f} s  ({total / times[joker] / 1e6:.1f} M hands/s)")

    rng = np.random.default_rng(1)
    sample = min(total, 2_000_000 if not args.small else 100_000)
    hands = np.argsort(rng.random((sample, size)), axis=1)[:, :7] + (53 - size)
    fast.best5_of7_lookup(hands[:10])
    t = time.perf_counter()
    fast.best5_of7_lookup(hands)
    rate = sample / (time.perf_counter() - t)
    baseline = total / rate
    print(f"baseline (21 look-ups per hand, batch): {rate / 1e6:.1f} M hands/s, "
          f"{baseline:.1f} s for the census (scaled)")
    print(f"ratio: {baseline / times['bug']:.1f}x faster than the baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
