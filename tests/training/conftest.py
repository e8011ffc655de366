"""Training tests: the PostgreSQL server fixture of the ledger tests, for the trainer's
records on both backends."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))

from pgkit import pg_server, pg_url

__all__ = ["pg_server", "pg_url"]
