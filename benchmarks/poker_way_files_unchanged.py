"""Proof and benchmark: every shipped way file sets every hand as a baseline version of the
code sets it (``--baseline REV``, a git revision: its ``src/`` is unpacked into a temporary
folder), and how long the whole-deck enumeration of its splits takes in each version.

Written for the ``otherwise`` line of the way-file format (issue 18 §4): the numba
interpreter learned layers (a file's rules, then its otherwise way's), and the files
written before it must load and play unchanged. Each version, in a fresh process per way,
computes the split of all C(53,7) = 154,143,080 hands (``file_all``; ``--small``: every
hand of a 30-card deck) and prints a SHA-256 of the splits and the process CPU time; the
two versions alternate way by way so that a change in the machine's load falls on both.
Exits 1 if any way's splits differ.

    .venv/bin/python benchmarks/poker_way_files_unchanged.py --baseline ba796a5
    .venv/bin/python benchmarks/poker_way_files_unchanged.py --baseline ba796a5 --small
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from poker_way_kernel import run_worker, unpack  # noqa: E402  (the same machinery)


def worker(way: str, small: bool) -> None:
    """The splits of one shipped way with the ``paigow`` on ``sys.path``: their digest and
    times as JSON."""
    from math import comb

    import numpy as np

    from paigow.analysis import poker_kernels as kern
    from paigow.poker.cards import FULL_DECK
    from paigow.poker.fast import BINOM
    from paigow.poker.rules import PokerRules
    from paigow.poker.ways.file_fast import file_all, file_splits_unchecked
    from paigow.poker.ways.file_way import load_way

    rules = PokerRules()
    compiled = load_way(way, rules).compiled
    deck = np.array(sorted(FULL_DECK[-30:]), np.int64)
    hands = kern.hands_range(deck, 0, comb(30, 7), BINOM)
    file_splits_unchecked(compiled, hands[:4096], rules)  # compile before the clock
    t, c = time.perf_counter(), time.process_time()
    out = file_splits_unchecked(compiled, hands, rules) if small else file_all(compiled, rules)
    cpu, wall = time.process_time() - c, time.perf_counter() - t
    digest = hashlib.sha256(np.ascontiguousarray(out).tobytes()).hexdigest()[:16]
    print(json.dumps({"digest": digest, "cpu": cpu, "wall": wall, "hands": len(out),
                      "unset": int((out < 0).sum())}))


def run(src: Path, way: str, small: bool) -> dict[str, object]:
    """One way's splits in a fresh process whose ``paigow`` is the one in ``src``."""
    return run_worker(__file__, src, way, small)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", metavar="REV", required=False,
                    help="a git revision whose splits every shipped way must equal")
    ap.add_argument("--small", "--smoke", dest="small", action="store_true",
                    help="every hand of a 30-card deck (2,035,800) instead of the full deck")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.small)
        return
    sys.path.insert(0, str(ROOT / "src"))
    from paigow.poker.ways.file_way import shipped_ways

    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f} at the start")
    differ = []
    with tempfile.TemporaryDirectory(prefix="paigow-baseline-") as tmp:
        versions = {"this": ROOT / "src"}
        if args.baseline:
            versions = {args.baseline: unpack(args.baseline, Path(tmp)), **versions}
        cpu: dict[str, float] = dict.fromkeys(versions, 0.0)
        for way in shipped_ways():
            got = {label: run(src, way, args.small) for label, src in versions.items()}
            digests = {str(r["digest"]) for r in got.values()}
            same = "same splits" if len(digests) == 1 else "DIFFERENT splits"
            if len(digests) > 1:
                differ.append(way)
            times = ", ".join(f"{label} {float(str(r['cpu'])):.1f} s CPU "
                              f"({float(str(r['wall'])):.1f} s wall)" for label, r in got.items())
            hands = int(str(next(iter(got.values()))["hands"]))
            print(f"   {way:22} {hands:,} hands: {same} ({', '.join(sorted(digests))}); {times}",
                  flush=True)
            for label, r in got.items():
                cpu[label] += float(str(r["cpu"]))
    print("total CPU: " + ", ".join(f"{k} {v:.1f} s" for k, v in cpu.items())
          + (f"; this / {args.baseline} = {cpu['this'] / cpu[args.baseline]:.2f}"
             if args.baseline else "") + f" (load average {os.getloadavg()[0]:.1f} at the end)")
    if differ:
        raise SystemExit(f"ways set some hand differently from {args.baseline}: "
                         + ", ".join(differ))


if __name__ == "__main__":
    main()
