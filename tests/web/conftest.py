"""Web tests: make :mod:`webkit` importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parent.parent / "table"))  # pgkit: a throwaway PostgreSQL
