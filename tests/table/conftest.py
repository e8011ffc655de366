"""Table tests: make :mod:`tablekit` importable and provide a strategy-table file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from tablekit import BestLowWay

from pgkit import backend, pg_server, pg_url  # noqa: F401 - fixtures for every table test


@pytest.fixture(scope="session")
def way_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A strategy-table file of :class:`BestLowWay`, for ``--house-way table:PATH``."""
    from paigow.tiles.ways.table_file import write_table

    path = tmp_path_factory.mktemp("ways") / "best_low.csv"
    write_table(BestLowWay(), False, path)
    return path
