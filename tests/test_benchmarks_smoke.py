"""Every benchmark runs at its small size and prints a throughput figure and a ratio.

This only proves the scripts work (GUIDE: benchmarks are not tests; CI runs them as smoke);
the figures themselves are quoted from full-size runs in the docs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py"))


def test_there_are_benchmarks() -> None:
    assert {"tiles_edge.py", "tiles_advise.py", "poker_census.py", "poker_eval7.py",
            "poker_advise.py", "poker_simulate.py"} <= set(SCRIPTS)


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_smoke(script: str) -> None:
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), "--small"],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip(), "a benchmark prints its figures"
