"""Benchmark: batch best-five-of-seven evaluation against eval7, per hand, in the same run.

    .venv/bin/python benchmarks/poker_eval7.py            # 2,000,000 hands
    .venv/bin/python benchmarks/poker_eval7.py --small    # smoke size for CI

Joker-free seven-card hands (eval7 has no joker). Our figure is
:func:`paigow.poker.fast.best5_of7` on one numpy batch (after a warm-up that triggers the
JIT); eval7's is ``eval7.evaluate`` called per hand from Python on pre-built Card objects.
The two agree on the hand category of every hand timed (checked, not timed).
eval7 is an optional benchmark dependency: ``.venv/bin/pip install eval7``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from paigow.poker import fast
from paigow.poker.cards import card_name
from paigow.poker.rules import PokerRules

# eval7's hand types against our categories (joker-free hands)
_EVAL7_TYPES = {
    "High Card": 0, "Pair": 1, "Two Pair": 2, "Trips": 3, "Straight": 4, "Flush": 5,
    "Full House": 6, "Quads": 7, "Straight Flush": 8,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--hands", type=int, default=2_000_000, help="hands in our batch")
    ap.add_argument("--eval7-hands", type=int, default=300_000, help="hands timed for eval7")
    ap.add_argument("--small", action="store_true", help="smoke size (CI)")
    args = ap.parse_args()
    n = 20_000 if args.small else args.hands
    n7 = min(n, 5_000 if args.small else args.eval7_hands)

    rng = np.random.default_rng(12345)
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.int32)
    rules = PokerRules()
    print(f"machine: {os.cpu_count()} cores; {n:,} joker-free seven-card hands")

    t = time.perf_counter()
    fast.best5_of7(hands[:10], rules)  # JIT compile (or load from cache) and table build
    print(f"warm-up (JIT, tables): {time.perf_counter() - t:.2f} s")
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        keys = fast.best5_of7(hands, rules)
        best = min(best, time.perf_counter() - t)
    ours = n / best
    print(f"paigow best5_of7 (batch): {ours / 1e6:8.2f} M hands/s")

    try:
        import eval7
    except ImportError:
        print("eval7 is not installed: no baseline (pip install eval7 to compare)")
        return 0
    deck = [eval7.Card(card_name(c).replace("T", "T")) for c in range(52)]
    lists = [[deck[c] for c in row] for row in hands[:n7].tolist()]
    evaluate = eval7.evaluate
    t = time.perf_counter()
    values = [evaluate(h) for h in lists]
    dt = time.perf_counter() - t
    theirs = n7 / dt
    print(f"eval7.evaluate (per hand): {theirs / 1e6:8.2f} M hands/s  ({n7:,} hands)")
    print(f"ratio: {ours / theirs:.1f}x")

    cats = (keys[:n7] >> 20).tolist()
    mismatch = sum(
        1 for v, c in zip(values, cats, strict=True) if _EVAL7_TYPES[eval7.handtype(v)] != min(c, 8)
    )
    print(f"category check against eval7: {n7 - mismatch:,}/{n7:,} agree")
    return 1 if mismatch else 0


if __name__ == "__main__":
    sys.exit(main())
