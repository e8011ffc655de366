"""Command-line tests: make :mod:`clikit` importable; a small ledger to run commands on."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from clikit import runner

from paigow.cli import app


@pytest.fixture(scope="session")
def ledger_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiles ledger of four settled rounds (seeded, so it is the same every run)."""
    db = tmp_path_factory.mktemp("ledger") / "ledger.sqlite3"
    res = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "4", "--seed", "5",
                              "--db", str(db), "--json"])
    assert res.exit_code == 0, res.output
    return db


@pytest.fixture
def ledger(ledger_template: Path, tmp_path: Path) -> Path:
    """A private copy of the ledger in this test's folder."""
    db = tmp_path / "ledger.sqlite3"
    shutil.copy(ledger_template, db)
    return db
