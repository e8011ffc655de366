"""Benchmark: Monte Carlo rounds of house way against house way.

Prints rounds per second of the numba path (both cores; with the house way's cached
table of all 154,143,080 hands when it is on disk, else the house-way kernel per hand)
and the ratio against a baseline measured in the same run: the plain-Python reference
(HouseWay.choose and paigow.poker.setting.compare) on a few hundred rounds.

    .venv/bin/python benchmarks/poker_simulate.py             # 8 million rounds
    .venv/bin/python benchmarks/poker_simulate.py --smoke     # small, for CI
"""

from __future__ import annotations

import argparse
import os
import random
import time

from paigow.analysis.poker_odds import cached_table
from paigow.analysis.poker_sim import simulate
from paigow.analysis.poker_ways import fast_way
from paigow.poker.rules import PokerRules
from paigow.poker.setting import compare
from paigow.poker.ways import get_way


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", "--smoke", dest="smoke", action="store_true", help="small size, for CI")
    ap.add_argument("--rounds", type=int, default=8_000_000)
    args = ap.parse_args()
    rounds = 20_000 if args.smoke else args.rounds
    rules = PokerRules()
    table = cached_table(fast_way("house", rules), rules) is not None
    print(f"machine: {os.cpu_count()} cores; table of all hands cached: {table}")
    simulate(rounds=10_000, seed=0)  # warm up
    t, c = time.perf_counter(), time.process_time()
    res = simulate(rounds=rounds, seed=1)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    rate = rounds / wall
    print(f"numba: {rounds:,} rounds in {wall:.2f} s = {rate:,.0f} rounds/s "
          f"({rounds / cpu:,.0f} per CPU-second); edge {res.edge:+.4%} "
          f"[{res.ci95[0]:+.4%}, {res.ci95[1]:+.4%}]")
    way = get_way("house", rules)
    rng = random.Random(2)
    n = 300
    t = time.perf_counter()
    for _ in range(n):
        cards = rng.sample(range(53), 14)
        compare(way.choose(cards[:7]).setting, way.choose(cards[7:], True).setting, rules)
    base = n / (time.perf_counter() - t)
    print(f"reference Python: {base:,.0f} rounds/s; ratio {rate / base:,.0f}x")


if __name__ == "__main__":
    main()
