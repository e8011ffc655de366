"""Benchmark: the exact edge of a tile way over all 736,281,000 matchups.

Prints, on this machine:

* way setup: the dealer way's ``choose`` over the 8,130 distinct hands (each role);
* cold: the first edge in the process (numba kernels loaded from their cache, or compiled);
* warm: the edge from scratch with compiled kernels and the ways' choices known, by
  inclusion-exclusion, for ``--player optimal`` and for the house way;
* the baseline measured in the same run: the numba brute force over every matchup, and
  the ratio brute force / inclusion-exclusion;
* optionally (``--processes``) whole ``paigow tiles edge`` runs in a new process, with an
  empty numba cache (compile included) and with the kernels cached.

Usage: ``python benchmarks/tiles_edge.py [--dealer australian] [--small] [--processes]``.
``--small`` is a smoke run: fewer repeats, brute force on 1/16 of the hands (scaled up).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

T0 = time.perf_counter()
from paigow.analysis import tiles_odds as odds  # noqa: E402
from paigow.analysis.tiles_tables import N_HANDS, N_MATCHUPS, way_choices  # noqa: E402
from paigow.ways import TILES, get_way  # noqa: E402

IMPORT_S = time.perf_counter() - T0


def timed(fn: object, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - t)
    return out


def process_run(args: list[str], env: dict[str, str]) -> float:
    exe = Path(sys.executable).with_name("paigow")
    t = time.perf_counter()
    subprocess.run([str(exe), "tiles", "edge", *args, "--json"], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dealer", default="australian")
    ap.add_argument("--small", action="store_true", help="smoke run")
    ap.add_argument("--processes", action="store_true", help="also time whole CLI runs")
    a = ap.parse_args()
    repeat = 2 if a.small else 7
    print(f"machine: {os.cpu_count()} cores; numba threads "
          f"{os.environ.get('NUMBA_NUM_THREADS', 'default')}; import {IMPORT_S:.2f} s")

    dealer = get_way(a.dealer, TILES)
    t = time.perf_counter()
    way_choices(dealer, True)
    banker_s = time.perf_counter() - t
    t = time.perf_counter()
    way_choices(dealer, False)
    player_s = time.perf_counter() - t
    print(f"way setup ({a.dealer}.choose over 8,130 hands): banker {banker_s:.2f} s, "
          f"player {player_s:.2f} s")

    t = time.perf_counter()
    e = odds.edge(odds.OptimalWay(dealer), dealer)
    cold = time.perf_counter() - t
    print(f"cold edge (first call: kernels loaded or compiled): {cold:.2f} s")

    def fresh_optimal() -> None:
        odds.forget_counts()
        odds.edge(odds.OptimalWay(dealer), dealer)

    def fresh_house() -> None:
        odds.forget_counts()
        odds.edge(dealer, dealer)

    warm_opt = statistics.median(timed(fresh_optimal, repeat))
    warm_house = statistics.median(timed(fresh_house, repeat))
    print(f"warm edge, --player optimal: {warm_opt * 1000:.0f} ms "
          f"({N_MATCHUPS / warm_opt / 1e9:.1f} G matchups/s, all 3 settings of each hand)")
    print(f"warm edge, --player {a.dealer}: {warm_house * 1000:.0f} ms")

    limit = N_HANDS // 16 if a.small else N_HANDS
    odds.brute_split_counts(dealer, False, limit=64)  # compile or load before timing
    brute = statistics.median(
        timed(lambda: odds.brute_split_counts(dealer, False, limit=limit), 1 if a.small else 3)
    ) * (N_HANDS / limit)
    label = " (scaled from 1/16 of the hands)" if a.small else ""
    print(f"baseline: numba brute force over all matchups: {brute:.2f} s{label} "
          f"({N_MATCHUPS / brute / 1e6:.0f} M matchups/s)")
    print(f"ratio brute force / inclusion-exclusion: {brute / warm_opt:.1f}x")
    print(f"result: optimal vs {a.dealer}: edge {float(e.edge):+.4%}")

    if a.processes:
        env = dict(os.environ)
        args = ["--player", "optimal", "--dealer", a.dealer]
        with tempfile.TemporaryDirectory() as d:
            env_cold = {**env, "NUMBA_CACHE_DIR": d}
            compile_s = process_run(args, env_cold)
            cached_s = process_run(args, env_cold)
        print(f"process: paigow tiles edge {' '.join(args)}: {compile_s:.1f} s with an empty "
              f"numba cache, {cached_s:.1f} s with the kernels cached")


if __name__ == "__main__":
    main()
