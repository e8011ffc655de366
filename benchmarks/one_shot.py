"""Benchmark: one-shot commands as whole processes, warm caches, before and after issue 23 §7.

For ``tiles edge --player optimal --dealer australian``, ``tiles advise 6-6 4-2 5-3 1-1``,
``poker advise As Ad Kc Qh 9s 8s Jk`` and ``poker census`` it times whole processes
(``python -c "from paigow.cli import main; main()" ARGS``), alternating this checkout
("after") with the code of a git revision from before the small caches ("before",
unpacked with ``git archive`` beside it and put first on ``PYTHONPATH``). Each side has
its own cache folder (``XDG_CACHE_HOME``), warmed first by one run of every command (that
run builds the tables and compiles the kernels: minutes on a fresh folder; give
``--cache-before``/``--cache-after`` to keep the folders between runs). It prints each
command's median wall time, CPU time (user + system: the figure least moved by other work
on a shared machine) and peak resident memory (the child's own ``ru_maxrss``), the ratio
after / before, and whether the after meets issue 23's target; ``python -c pass`` is
timed in the same run as the floor, and the size of each side's cache folder is printed.

Usage: ``python benchmarks/one_shot.py [--runs N] [--before REV | --before-src DIR]
[--cache-before DIR] [--cache-after DIR] [--only TEXT] [--small]`` (``--small``: the floor and one run of ``tiles advise``,
after only, in a fresh cache folder).
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

from cli_start import ROOT, unpack

BEFORE = "0556984"
"""The last commit of main before the small caches (462 MB tables, numba on every call)."""
COMMANDS: tuple[tuple[list[str], float, float | None], ...] = (
    (["tiles", "edge", "--player", "optimal", "--dealer", "australian"], 0.3, None),
    (["tiles", "advise", "6-6", "4-2", "5-3", "1-1"], 0.3, None),
    (["poker", "advise", "As", "Ad", "Kc", "Qh", "9s", "8s", "Jk"], 0.3, 200.0),
    (["poker", "census"], 2.0, None),
)
"""Each command, its target in seconds of wall time, and its peak memory target in MB."""
RUN = "from paigow.cli import main; main()"


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak resident MB of one process."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv[3:])} failed (exit {status})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def medians(times: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The median of each figure."""
    return (statistics.median(w for w, _, _ in times),
            statistics.median(c for _, c, _ in times),
            statistics.median(m for _, _, m in times))


def folder_size(folder: Path) -> int:
    """Bytes of the files under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--before", default=BEFORE, help="git revision to compare with")
    ap.add_argument("--before-src", type=Path,
                    help="the before's src folder, unpacked earlier (its numba cache kept)")
    ap.add_argument("--cache-before", type=Path, help="the before's cache folder (kept)")
    ap.add_argument("--cache-after", type=Path, help="the after's cache folder (kept)")
    ap.add_argument("--small", action="store_true", help="smoke run: tiles advise, once")
    ap.add_argument("--only", default="", help="only the commands whose text holds this")
    args = ap.parse_args()
    runs = 1 if args.small else args.runs
    commands = COMMANDS[1:2] if args.small else COMMANDS
    commands = tuple(c for c in commands if args.only in " ".join(c[0]))
    py = sys.executable
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print(f"machine: {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}; {runs} runs each, medians")
    with tempfile.TemporaryDirectory() as tmp:
        after_cache = args.cache_after or Path(tmp) / "after-cache"
        before_cache = args.cache_before or Path(tmp) / "before-cache"
        after_env = {**env, "PYTHONPATH": str(ROOT / "src"), "XDG_CACHE_HOME": str(after_cache)}
        w, c, m = medians([timed([py, "-c", "pass"], after_env) for _ in range(runs)])
        print(f"floor: python -c pass: wall {w:.3f} s, cpu {c:.3f} s, peak {m:.0f} MB")
        src = args.before_src or (None if args.small else unpack(args.before, Path(tmp) / "b"))
        if src is None and not args.small:
            print(f"before: git revision {args.before} not available; after only")
        before_env = None if src is None else {
            **env, "PYTHONPATH": str(src), "XDG_CACHE_HOME": str(before_cache)}
        for cmd, _, _ in commands:  # warm: build the tables, compile the kernels
            for side in (before_env, after_env):
                if side is not None:
                    timed([py, "-c", RUN, *cmd], side)
        for cmd, target, peak in commands:
            a_times, b_times = [], []
            for _ in range(runs):
                a_times.append(timed([py, "-c", RUN, *cmd], after_env))
                if before_env is not None:
                    b_times.append(timed([py, "-c", RUN, *cmd], before_env))
            aw, ac, am = medians(a_times)
            line = (f"paigow {' '.join(cmd)}: after wall {aw:.3f} s cpu {ac:.3f} s "
                    f"peak {am:.0f} MB")
            if b_times:
                bw, bc, bm = medians(b_times)
                line += (f"; before wall {bw:.3f} s cpu {bc:.3f} s peak {bm:.0f} MB; "
                         f"after / before wall {aw / bw:.2f} cpu {ac / bc:.2f}")
            line += (f"; target {target} s: wall {'met' if aw <= target else 'NOT met'}, "
                     f"cpu {'met' if ac <= target else 'NOT met'}")
            if peak is not None:
                line += f", {peak:.0f} MB: {'met' if am <= peak else 'NOT met'}"
            print(line, flush=True)
        for name, folder in (("after", after_cache), ("before", before_cache)):
            if folder.is_dir():
                print(f"{name}'s cache folder: {folder_size(folder) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
