"""Benchmark: the one-time table of every hand's setting (``paigow poker advise``'s
dealer table), built with the built-in house way's kernel and with way files, in one run.

Both run through the one whole-deck enumerator (:mod:`paigow.poker.ways.enumerate`), the
built-in with its compiled rules, a way file with the file interpreter's; the ratio is
file / built-in process CPU time in the same run (the figure least disturbed when other
jobs share the machine), so two runs of this script on two versions of the code compare
by their ratios. Each build is ``paigow.analysis.poker_odds.build_table`` into memory (not
the cache), then the split of every hand (``house_all`` / ``file_all``).

    .venv/bin/python benchmarks/poker_way_kernel.py            # all 154,143,080 hands
    .venv/bin/python benchmarks/poker_way_kernel.py --small    # a 30-card deck's hands
"""

from __future__ import annotations

import argparse
import os
import time
from math import comb

import numpy as np

from paigow.analysis import poker_kernels as kern
from paigow.analysis.poker_odds import build_table, rank_ids
from paigow.analysis.poker_ways import fast_way
from paigow.poker.cards import FULL_DECK
from paigow.poker.fast import BINOM
from paigow.poker.rules import PokerRules
from paigow.poker.ways.file_fast import file_all, file_splits_unchecked
from paigow.poker.ways.file_way import load_way
from paigow.poker.ways.house_fast import house_all, house_splits_unchecked

FILE_WAYS = ("seeds", "foxwoods")


def _timed(fn):  # type: ignore[no-untyped-def]
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, (time.perf_counter() - t, time.process_time() - c)


def _line(label: str, n: int, wall_cpu: tuple[float, float],
          base: tuple[float, float] | None = None) -> str:
    wall, cpu = wall_cpu
    text = f"   {label + ':':24}{wall:7.1f} s wall, {cpu:7.1f} s CPU ({n / cpu:,.0f} hands/CPU-s)"
    if base is not None:
        text += f"  ratio {cpu / base[1]:.2f}"
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", "--smoke", dest="small", action="store_true",
                    help="a 30-card deck's hands, for CI")
    args = ap.parse_args()
    rules = PokerRules()
    deck = FULL_DECK[-30:] if args.small else FULL_DECK
    n = comb(len(deck), 7)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f}; {n:,} hands")
    sample = kern.hands_range(np.array(deck, np.int64), 0, 4096, BINOM)
    house_splits_unchecked(sample, rules)  # compile or load every kernel before timing
    for name in FILE_WAYS:
        file_splits_unchecked(load_way(name, rules).compiled, sample, rules)
    rank_ids(rules)

    print("1. the one-time table (build_table)")
    times: dict[str, tuple[float, float]] = {}
    for label, name in (("built-in house kernel", "house"), *((f"{w} way file", w)
                                                            for w in FILE_WAYS)):
        dealer = fast_way(name, rules)
        out = np.empty((n, 3), np.uint8)
        _, times[name] = _timed(lambda d=dealer, o=out: build_table(d, True, rules, deck, o))
        print(_line(label, n, times[name], times.get("house")))
        del out
    if args.small:
        return
    print("2. the split of every hand (house_all / file_all)")
    _, base = _timed(lambda: house_all(rules))
    print(_line("built-in house kernel", n, base))
    for name in FILE_WAYS:
        way = load_way(name, rules)
        _, t = _timed(lambda w=way: file_all(w.compiled, rules))
        print(_line(f"{name} way file", n, t, base))


if __name__ == "__main__":
    main()
