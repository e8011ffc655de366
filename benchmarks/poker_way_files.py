"""Benchmark: a house way read from a file against the built-in house way's kernel.

In one run, on the same machine, with the built-in kernel (``house_fast``) as baseline:

1. the split of every one of the 154,143,080 hands: ``house_all`` (built-in) against
   ``file_all`` for the seeds' way as a file and for each shipped casino way; the seeds
   file's splits are then compared with the built-in ones hand by hand (the exhaustive
   proof that they are equal, here only: the test suite holds it on every hand of a
   29-card deck, and the two enumerations' agreement on the hands of the 20 lowest cards);
2. the one-time table of every hand's setting that ``paigow poker advise`` builds
   (``paigow.analysis.poker_odds.build_table``, here into memory, not the cache) with the
   built-in way and with the seeds' way file as the dealer;
3. ``paigow poker ways-diff`` of the house way (the seeds file) and Foxwoods' way
   (``paigow.analysis.poker_ways.exact_diff``, one pass of both over every hand), and the
   check that it counts every hand once: by hand type, by rule of either way, and that the
   hand types both texts play alike (no pair, three pair) agree on every hand (the test
   suite checks the same on the hands of the 32 lowest cards).

Each step prints wall time and process CPU time (all threads); ratios are file / built-in
CPU time (the target is at most 2), the figure least disturbed when other jobs share the
machine. ``--small`` does 1 and 2 on a 30-card deck's hands (2,035,800) for CI, and not 3
(its kernel's compilation alone takes longer than the rest; the test suite runs it).

    .venv/bin/python benchmarks/poker_way_files.py
    .venv/bin/python benchmarks/poker_way_files.py --small
"""

from __future__ import annotations

import argparse
import os
import time
from math import comb

import numpy as np

from paigow.analysis import poker_kernels as kern
from paigow.analysis.poker_odds import build_table, rank_ids
from paigow.analysis.poker_ways import exact_diff, fast_way
from paigow.poker.cards import FULL_DECK
from paigow.poker.fast import BINOM
from paigow.poker.rules import PokerRules
from paigow.poker.ways import kernel
from paigow.poker.ways.file_fast import file_all, file_splits_unchecked, way_arrays
from paigow.poker.ways.file_way import load_way
from paigow.poker.ways.house_fast import house_all, house_splits_unchecked

CASINO_WAYS = ("foxwoods", "ballys-atlantic-city")


def _timed(fn):  # type: ignore[no-untyped-def]
    """``fn()``, its wall time and its process CPU time."""
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
    seeds = load_way("seeds", rules)
    deck = FULL_DECK[-30:] if args.small else FULL_DECK
    n = comb(len(deck), 7)
    print(f"machine: {os.cpu_count()} cores, shared with other jobs; {n:,} hands")

    # warm up every kernel (numba compiles or loads from its cache): the batch one, and
    # the whole-deck enumerator on the hands of the 8 lowest cards
    sample = kern.hands_range(np.array(deck, np.int64), 0, 4096, BINOM)
    house_splits_unchecked(sample, rules)
    tiny = lambda: iter([(np.arange(6, 8, dtype=np.int64), comb(8, 7))])  # noqa: E731
    kernel.all_splits(kernel.house_arrays(rules), chunks=tiny)
    for name in ("seeds", *CASINO_WAYS):
        compiled = load_way(name, rules).compiled
        file_splits_unchecked(compiled, sample, rules)
        kernel.all_splits(way_arrays(compiled, rules), chunks=tiny)

    print("1. the split of every hand")
    if args.small:
        hands = kern.hands_range(np.array(deck, np.int64), 0, n, BINOM)
        base, t_house = _timed(lambda: house_splits_unchecked(hands, rules))
        mine, t_seeds = _timed(lambda: file_splits_unchecked(seeds.compiled, hands, rules))
    else:
        base, t_house = _timed(lambda: house_all(rules))
        mine, t_seeds = _timed(lambda: file_all(seeds.compiled, rules))
    print(_line("built-in house kernel", n, t_house))
    print(_line("seeds way file", n, t_seeds, t_house))
    differ = int(np.count_nonzero(base != mine))
    print(f"   seeds file vs built-in: {differ:,} of {n:,} hands set differently")
    for name in CASINO_WAYS:
        way = load_way(name, rules)
        if args.small:
            _, t = _timed(lambda w=way: file_splits_unchecked(w.compiled, hands, rules))
        else:
            _, t = _timed(lambda w=way: file_all(w.compiled, rules))
        print(_line(name, n, t, t_house))
    del base, mine

    print("2. the one-time table of every hand's setting (poker advise)")
    rank_ids(rules)  # shared by both builds: loaded (or computed) once, before timing
    times: dict[str, tuple[float, float]] = {}
    for label, name in (("built-in house kernel", "house"), ("seeds way file", "seeds")):
        dealer = fast_way(name, rules)
        # the compact table (issue 23 §7) builds its own arrays
        _, times[name] = _timed(lambda d=dealer: build_table(d, True, rules, deck))
        print(_line(label, n, times[name], times.get("house")))

    if differ:
        raise SystemExit("the seeds way file differs from the built-in house way")
    if args.small:
        print("3. ways-diff: at full size only")
        return
    print("3. ways-diff: house (the seeds file) against foxwoods, every hand once")
    d, t_diff = _timed(lambda: exact_diff("house", "foxwoods", rules))
    total = comb(len(FULL_DECK), 7)
    print(_line("both ways, agreement", d.total, t_diff))
    print(f"   {d.agree:,} of {d.total:,} hands set alike")
    counted = (d.total, sum(r.hands for r in d.by_type), sum(r.hands for r in d.by_rule_a),
               sum(r.hands for r in d.by_rule_b))
    agreed = (d.agree, sum(r.agree for r in d.by_type), sum(r.agree for r in d.by_rule_a),
              sum(r.agree for r in d.by_rule_b))
    if set(counted) != {total} or len(set(agreed)) != 1:
        raise SystemExit(f"ways-diff does not count every hand once: {counted}, {agreed}")
    alike = {r.label: r.differ for r in d.by_type if r.label in ("no pair", "three pair")}
    if alike != {"no pair": 0, "three pair": 0}:  # the two texts play these alike
        raise SystemExit(f"hands the two ways play alike are set differently: {alike}")


if __name__ == "__main__":
    main()
