"""Benchmark: Monte Carlo rounds of house way against house way.

Prints rounds per second of the numba path (both cores) twice: with the house-way kernel
setting every hand, and with the house way's one-time table of all 154,143,080 hands
(the table ``paigow poker advise`` builds and caches; built here first if missing, and its
build time printed), and the ratio against a baseline measured in the same run: the
plain-Python reference (HouseWay.choose and paigow.poker.setting.compare).

    .venv/bin/python benchmarks/poker_simulate.py             # 8 million rounds
    .venv/bin/python benchmarks/poker_simulate.py --smoke     # small, for CI
"""

from __future__ import annotations

import argparse
import os
import random
import time

from paigow.analysis import poker_sim
from paigow.analysis.poker_odds import cached_table, opponent_table
from paigow.analysis.poker_sim import simulate
from paigow.analysis.poker_ways import fast_way
from paigow.poker.rules import PokerRules
from paigow.poker.setting import compare
from paigow.ways import get_way


def _measure(label: str, rounds: int) -> float:
    simulate(rounds=10_000, seed=0)  # warm up
    t, c = time.perf_counter(), time.process_time()
    res = simulate(rounds=rounds, seed=1)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    print(f"{label}: {rounds / wall:,.0f} rounds/s ({rounds / cpu:,.0f} per CPU-second); "
          f"edge {res.edge:+.4%} [{res.ci95[0]:+.4%}, {res.ci95[1]:+.4%}]")
    return rounds / wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", "--smoke", dest="smoke", action="store_true", help="small size, for CI")
    ap.add_argument("--rounds", type=int, default=8_000_000)
    args = ap.parse_args()
    rounds = 20_000 if args.smoke else args.rounds
    rules = PokerRules()
    house = fast_way("house", rules)
    print(f"machine: {os.cpu_count()} cores; {rounds:,} rounds each")
    shared = poker_sim._shared_table
    poker_sim._shared_table = lambda *a: None  # type: ignore[assignment]
    rate = _measure("numba, house-way kernel per hand", rounds)
    poker_sim._shared_table = shared  # type: ignore[assignment]
    if not args.smoke:
        if cached_table(house, rules) is None:
            t = time.perf_counter()
            opponent_table(house, True, rules)
            print(f"one-time table of all hands built in {time.perf_counter() - t:.1f} s")
        rate = _measure("numba, one-time table of all hands", rounds)
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
