"""Helpers of the command-line tests: a runner, and snapshots that prove a refused
command changed nothing."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

runner = CliRunner()


def ledger_digest(db: Path) -> str:
    """A digest of the ledger's content, read without touching the file (immutable)."""
    con = sqlite3.connect(f"file:{db}?immutable=1", uri=True)
    try:
        return hashlib.sha256("\n".join(con.iterdump()).encode()).hexdigest()
    finally:
        con.close()


def folder_listing(folder: Path) -> set[str]:
    """Every path under ``folder`` (SQLite's own -wal/-shm companions left out)."""
    return {str(p.relative_to(folder)) for p in folder.rglob("*")
            if not p.name.endswith(("-wal", "-shm"))}
