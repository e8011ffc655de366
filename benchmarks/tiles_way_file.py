"""Benchmark: a tile house way read from a file against the same way written in code.

Prints, on this machine, for each shipped way file and the built-in way it mirrors:

* the built-in way's ``choose`` over the 8,130 distinct hands (the baseline, same run);
* loading the file with no cache: checking it and setting every hand (what a new way file
  costs once), and the ratio file / built-in;
* loading it again from the user cache;
* ``ways-diff`` of the file way against the built-in way (counting every matchup against
  the built-in way), with the ways' choices known.

Usage: ``python benchmarks/tiles_way_file.py [--small]`` (``--small``: only
``australian.toml``, one repeat).
"""

from __future__ import annotations

import argparse
import statistics
import time

from paigow.analysis.tiles_diff import ways_diff
from paigow.analysis.tiles_odds import forget_counts
from paigow.tiles.ways.table_file import distinct_hands
from paigow.tiles.ways.way_file import SHIPPED_DIR, read_way_text
from paigow.ways import TILES, get_way

PAIRS = (("australian.toml", "australian"), ("harrahs.toml", "harrahs"))


def best(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return min(times) if repeat < 3 else statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", action="store_true", help="smoke run: one way, one repeat")
    args = ap.parse_args()
    repeat = 1 if args.small else 3
    pairs = PAIRS[:1] if args.small else PAIRS
    hands = distinct_hands()
    for file_name, code_name in pairs:
        text = (SHIPPED_DIR / file_name).read_text()
        code = get_way(code_name, TILES)
        base = best(lambda c=code: [c.choose(h) for h in hands], repeat)
        cold = best(lambda t=text, n=file_name: read_way_text(t, n, use_cache=False), repeat)
        read_way_text(text, file_name)  # fill the cache
        warm = best(lambda t=text, n=file_name: read_way_text(t, n), repeat)
        print(f"{code_name}: built-in way sets {len(hands):,} hands in {base:.2f} s "
              f"({len(hands) / base:,.0f} hands/s)")
        print(f"{file_name}: check and set every hand {cold:.2f} s "
              f"({len(hands) / cold:,.0f} hands/s), ratio file / built-in {cold / base:.2f}; "
              f"from the cache {warm:.3f} s")
        fw = get_way(file_name, TILES)
        ways_diff(fw, code, code)  # the ways' choices known, the kernels loaded

        def diff(f: object = fw, c: object = code) -> None:
            forget_counts()  # count every matchup again
            ways_diff(f, c, c)  # type: ignore[arg-type]

        t = best(diff, repeat)
        print(f"ways-diff {file_name} {code_name}, the ways' choices known: {t:.2f} s")


if __name__ == "__main__":
    main()
