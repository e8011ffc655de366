"""Benchmark: the one-time table of every hand's setting (``paigow poker advise``'s dealer
table), built with the built-in house way's kernel and with a way file, for this version
of the code and, in the same run, for a baseline version (``--baseline REV``, a git
revision: its ``src/`` is unpacked into a temporary folder).

Each build is ``paigow.analysis.poker_odds.build_table`` into memory (not the cache), in a
fresh process per build (so each version compiles or loads its own numba kernels before
the clock starts); the builds of the two versions alternate (baseline house, this house,
baseline file, this file, and again with ``--repeat 2``) so that a change in the
machine's load falls on both alike. Figures are process CPU time (all threads), the
figure least disturbed when other jobs share the machine, with wall time beside; the
ratios are this version / baseline for each way, and file / built-in within a version.

    .venv/bin/python benchmarks/poker_way_kernel.py                     # this version only
    .venv/bin/python benchmarks/poker_way_kernel.py --baseline d69445f  # before / after
    .venv/bin/python benchmarks/poker_way_kernel.py --small             # a 30-card deck
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from math import comb
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WAYS = ("house", "seeds")  # the built-in kernel, and the seeds' way as a file


def worker(way: str, small: bool) -> None:
    """Build one table with the ``paigow`` on ``sys.path``; print its times as JSON."""
    import numpy as np

    from paigow.analysis import poker_kernels as kern
    from paigow.analysis.poker_odds import build_table, rank_ids
    from paigow.analysis.poker_ways import fast_way
    from paigow.poker.cards import FULL_DECK
    from paigow.poker.fast import BINOM
    from paigow.poker.rules import PokerRules

    rules = PokerRules()
    deck = FULL_DECK[-30:] if small else FULL_DECK
    n = comb(len(deck), 7)
    dealer = fast_way(way, rules)
    dealer.splits(kern.hands_range(np.array(deck, np.int64), 0, 4096, BINOM), True)  # compile
    rank_ids(rules)
    import inspect

    # a source from before the compact table (issue 23 §7) fills an array it is given
    given = "out" in inspect.signature(build_table).parameters
    out = np.empty((n, 3), np.uint8) if given else None
    t, c = time.perf_counter(), time.process_time()
    if given:
        build_table(dealer, True, rules, deck, out)  # type: ignore[arg-type]
    else:
        build_table(dealer, True, rules, deck)
    print(json.dumps({"wall": time.perf_counter() - t, "cpu": time.process_time() - c,
                      "hands": n}))


def run_worker(script: str, src: Path, way: str, small: bool) -> dict[str, Any]:
    """``script --worker WAY [--small]`` in a fresh process whose ``paigow`` is the one in
    ``src``: the JSON object its last line prints."""
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, script, "--worker", way] + (["--small"] if small else [])
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{way} failed under {src}:\n{out.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def run(src: Path, way: str, small: bool) -> dict[str, float]:
    """One build in a fresh process whose ``paigow`` is the one in ``src``."""
    return run_worker(__file__, src, way, small)


def unpack(rev: str, into: Path) -> Path:
    """``src/`` of git revision ``rev``, unpacked into ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"no such revision {rev!r}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "src"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--small", "--smoke", dest="small", action="store_true",
                    help="a 30-card deck's hands (2,035,800), for CI")
    ap.add_argument("--baseline", metavar="REV", help="a git revision to measure beside")
    ap.add_argument("--repeat", type=int, default=1, help="builds of each way per version")
    ap.add_argument("--worker", choices=WAYS, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.small)
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f} at the start")
    with tempfile.TemporaryDirectory(prefix="paigow-baseline-") as tmp:
        versions = {"this": ROOT / "src"}
        if args.baseline:
            versions = {args.baseline: unpack(args.baseline, Path(tmp)), **versions}
        cpu: dict[tuple[str, str], list[float]] = {}
        wall: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for way in WAYS:
                for label, src in versions.items():
                    r = run(src, way, args.small)
                    cpu.setdefault((label, way), []).append(r["cpu"])
                    wall.setdefault((label, way), []).append(r["wall"])
                    print(f"   {label:>10} {way:6} {r['cpu']:7.1f} s CPU {r['wall']:7.1f} s wall "
                          f"({r['hands'] / r['cpu']:,.0f} hands/CPU-s)", flush=True)
    best = {k: min(v) for k, v in cpu.items()}
    print(f"the one-time table, least CPU time of {args.repeat} build(s) "
          f"(load average {os.getloadavg()[0]:.1f} at the end):")
    for label in versions:
        h, f = best[(label, "house")], best[(label, "seeds")]
        print(f"   {label:>10}: built-in {h:6.1f} s, seeds way file {f:6.1f} s, "
              f"file / built-in {f / h:.2f}")
    if args.baseline:
        for way in WAYS:
            ratio = best[("this", way)] / best[(args.baseline, way)]
            print(f"   {way}: this / {args.baseline} = {ratio:.2f}")


if __name__ == "__main__":
    main()
