"""axe-core, the accessibility engine, run inside a page of the browser tests.

axe-core is the npm package (``scripts/axe.sh`` installs a pinned version with the
machine's npm into ``.venv/npm``; ``scripts/test.sh`` runs it, and so does :func:`source`
when the file is missing). Without it the checks are skipped with the reason, except under
``CI=true``, where that is a failure: CI installs it by the project's own scripts.

:func:`serious` runs every rule axe runs by default on the whole page and gives back the
violations whose impact is *serious* or *critical*, one line each with the elements they
were found on.
"""

from __future__ import annotations

import os
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".venv/npm/node_modules/axe-core/axe.min.js"
GATE = ("serious", "critical")  # the impacts a page may not have (issue 24 §2)


@cache
def source() -> str:
    """axe-core's script, installed first if missing."""
    if not SCRIPT.exists():
        subprocess.run(["bash", str(ROOT / "scripts/axe.sh")], check=False, timeout=600)
    if not SCRIPT.exists():
        reason = f"axe-core is missing ({SCRIPT}): bash scripts/axe.sh (needs npm)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} (required when CI=true)")
        pytest.skip(reason)
    return SCRIPT.read_text()


def violations(page: Any) -> list[dict[str, Any]]:
    """axe's violations of the page as it is now (axe loaded into it once: a script run
    through the browser's protocol, which the page's Content-Security-Policy does not
    stop)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(source())
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
             .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                            nodes: v.nodes.map((n) => n.target.join(" ")) }))""")
    return found


def serious(page: Any) -> list[str]:
    """The serious and critical violations of the page, one line each."""
    return [f"{v['impact']}: {v['id']} ({v['help']}) at {', '.join(v['nodes'][:5])}"
            for v in violations(page) if v["impact"] in GATE]
