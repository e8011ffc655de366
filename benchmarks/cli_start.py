"""Benchmark: how fast ``paigow`` starts, as whole processes, before and after issue 19.

For ``paigow --help``, ``paigow tiles value 6-6 5-4`` and ``paigow poker rank ...`` it times
whole processes (``python -c "from paigow.cli import main; main()" ARGS``), alternating
the code of this checkout ("after") with the code of a git revision from before the fast
start ("before", unpacked with ``git archive`` into a temporary folder and put first on
``PYTHONPATH``), and prints each one's median wall time, the ratio after / before, and
whether the after meets issue 19's target (0.15 s), in wall time and in CPU time (user +
system: what the process costs, nearly the wall time on an idle machine, and far less
moved by other work on a busy one). An empty interpreter
(``python -c pass``) and ``import typer`` are timed in the same run as the floor.

Usage: ``python benchmarks/cli_start.py [--runs N] [--before REV] [--small]``
(``--small``: one run of ``--help`` only; the before is left out where git or the
revision is missing, as in an sdist).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "d69445f"
"""The last commit of main before the fast start (the CLI imported numba for --help)."""
TARGET = 0.15
COMMANDS = (["--help"], ["tiles", "value", "6-6", "5-4"],
            ["poker", "rank", "As", "Ks", "Qs", "Js", "Jk"])
RUN = "from paigow.cli import main; main()"


def unpack(rev: str, into: Path) -> Path | None:
    """The ``src`` folder of ``rev`` unpacked under ``into``, or ``None`` without git."""
    try:
        blob = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
                              capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True, timeout=120)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(times: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(w for w, _ in times), statistics.median(c for _, c in times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--before", default=BEFORE, help="git revision to compare with")
    ap.add_argument("--small", action="store_true", help="smoke run: one run of --help")
    args = ap.parse_args()
    runs = 1 if args.small else args.runs
    commands = COMMANDS[:1] if args.small else COMMANDS
    py = sys.executable
    # as an installed package runs: its bytecode compiled once (pip compiles at install;
    # here the warm-up run writes it), whatever PYTHONDONTWRITEBYTECODE says
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    after_env = {**env, "PYTHONPATH": str(ROOT / "src")}
    print(f"machine: {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}; {runs} runs each, medians")
    for name, code in (("python -c pass", "pass"), ("import typer", "import typer")):
        w, c = medians([timed([py, "-c", code], after_env) for _ in range(runs)])
        print(f"floor: {name}: wall {w:.3f} s, cpu {c:.3f} s")
    with tempfile.TemporaryDirectory() as tmp:
        src = unpack(args.before, Path(tmp))
        if src is None:
            print(f"before: git revision {args.before} not available; after only")
        before_env = {**env, "PYTHONPATH": str(src)} if src else None
        for cmd in commands:
            if before_env is not None:
                timed([py, "-c", RUN, *cmd], before_env)  # warm the file cache
            timed([py, "-c", RUN, *cmd], after_env)
            a_times, b_times = [], []
            for _ in range(runs):
                a_times.append(timed([py, "-c", RUN, *cmd], after_env))
                if before_env is not None:
                    b_times.append(timed([py, "-c", RUN, *cmd], before_env))
            aw, ac = medians(a_times)
            line = f"paigow {' '.join(cmd)}: after wall {aw:.3f} s cpu {ac:.3f} s"
            if b_times:
                bw, bc = medians(b_times)
                line += (f"; before wall {bw:.3f} s cpu {bc:.3f} s; ratio after / before "
                         f"wall {aw / bw:.2f} cpu {ac / bc:.2f}")
            line += (f"; target {TARGET} s: wall {'met' if aw <= TARGET else 'NOT met'}, "
                     f"cpu {'met' if ac <= TARGET else 'NOT met'}")
            print(line, flush=True)


if __name__ == "__main__":
    main()
