"""Web tests: make :mod:`webkit` importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from pgkit import pg_server  # noqa: F401 - a throwaway PostgreSQL (the card room's tests)
