"""Benchmark: numba's on-disk cache, so that a second process does not compile again.

Every kernel is compiled with ``cache=True``. For each command below this runs three whole
processes against one empty numba cache folder (``NUMBA_CACHE_DIR``):

1. cold: nothing cached, every kernel the command needs is compiled and written;
2. warm: a new process, the kernels loaded from the folder;

each with a fresh, empty paigow cache (``XDG_CACHE_HOME``), so the only difference between
them is numba's cache. It prints both wall times, the ratio warm / cold, and what numba's
own cache log (``NUMBA_DEBUG_CACHE``) says each process did: how many kernels it compiled
and saved, and how many it loaded.

Usage: ``python benchmarks/numba_cache.py [--small]`` (``--small``: the tile command only).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = (
    ["tiles", "advise", "6-6", "4-2", "5-3", "1-1", "--json"],
    ["poker", "simulate", "--rounds", "20000", "--seed", "1", "--json"],
)
RUN = "from paigow.cli import main; main()"


def run(cmd: list[str], numba_dir: Path) -> tuple[float, int, int]:
    """Wall seconds, kernels saved and kernels loaded by one process."""
    with tempfile.TemporaryDirectory() as xdg:
        env = {**os.environ, "NUMBA_CACHE_DIR": str(numba_dir), "XDG_CACHE_HOME": xdg,
               "NUMBA_DEBUG_CACHE": "1"}
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", RUN, *cmd], env=env, capture_output=True,
                              text=True, timeout=3600, check=True)
        wall = time.perf_counter() - t
    log = proc.stdout + proc.stderr
    return wall, log.count("data saved to"), log.count("data loaded from")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", action="store_true", help="smoke run: the tile command only")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for cmd in COMMANDS[:1] if args.small else COMMANDS:
        with tempfile.TemporaryDirectory() as numba_dir:
            cold, saved, _ = run(cmd, Path(numba_dir))
            warm, resaved, loaded = run(cmd, Path(numba_dir))
        print(f"paigow {' '.join(cmd)}: first process {cold:.2f} s (compiled and saved "
              f"{saved} kernels), second {warm:.2f} s (loaded {loaded}, compiled {resaved}); "
              f"ratio second / first {warm / cold:.2f}", flush=True)


if __name__ == "__main__":
    main()
