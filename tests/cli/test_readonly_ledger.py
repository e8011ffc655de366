"""Class "the command line" (issue 11): a ledger the user may only read can be read.

``history``, ``replay`` and ``verify`` open the ledger read-only (SQLite ``mode=ro``);
``play`` on it is refused in one line. The folder and file are made truly read-only: as
root (who ignores permission bits) by a read-only bind mount in a private mount
namespace (``unshare -m``), otherwise by ``chmod``.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from clikit import ledger_digest

PAIGOW = [sys.executable, "-m", "paigow.cli"]


def _read_only(folder: Path, *cmd: str) -> subprocess.CompletedProcess[str]:
    """Run ``cmd`` with ``folder`` read-only."""
    if os.geteuid() != 0:
        return subprocess.run(list(cmd), capture_output=True, text=True, timeout=120)
    if shutil.which("unshare") is None:
        pytest.skip("running as root without unshare: cannot make a folder read-only")
    script = ('mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" && exec "$@"')
    done = subprocess.run(["unshare", "-m", "sh", "-c", script, str(folder), *cmd],
                          capture_output=True, text=True, timeout=120)
    if "mount:" in done.stderr or "unshare:" in done.stderr:
        pytest.skip(f"no private read-only mount here: {done.stderr.strip()}")
    return done


def test_a_read_only_ledger_can_be_read_and_not_played_on(ledger: Path) -> None:
    folder = ledger.parent
    before = ledger_digest(ledger)
    if os.geteuid() != 0:
        ledger.chmod(stat.S_IRUSR | stat.S_IRGRP)
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        hist = _read_only(folder, *PAIGOW, "history", "--db", str(ledger), "--last", "1")
        assert hist.returncode == 0, hist.stderr
        assert "round 4 (session 1 #4, settled)" in hist.stdout
        rep = _read_only(folder, *PAIGOW, "replay", "2", "--db", str(ledger))
        assert rep.returncode == 0 and "reproduced exactly" in rep.stdout, rep.stderr
        ver = _read_only(folder, *PAIGOW, "verify", "3", "--db", str(ledger))
        assert ver.returncode == 0 and "fair: checked" in ver.stdout, ver.stderr
        play = _read_only(folder, *PAIGOW, "play", "tiles", "--auto", "--rounds", "1",
                          "--db", str(ledger))
        assert play.returncode == 2, play.stderr
        lines = play.stderr.splitlines()
        assert len(lines) == 1 and str(ledger) in lines[0], play.stderr
    finally:
        folder.chmod(0o755)
        ledger.chmod(0o644)
    assert ledger_digest(ledger) == before
