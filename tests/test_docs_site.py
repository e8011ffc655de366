"""Issue 19, "Documentation as a site": MkDocs builds docs/ and the docstrings with warnings
as errors (``--strict``: a broken link, a missing page or an unresolved API reference fails
here), and the built site holds every command's help and the API reference.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_site_builds_strict_with_commands_and_api(tmp_path: Path) -> None:
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env=env, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    commands = (site / "reference" / "commands" / "index.html").read_text(encoding="utf-8")
    for path in ("paigow tiles value", "paigow poker set", "paigow serve", "paigow train stats"):
        assert path in commands, path
    assert "Example:" in commands and "--install-completion" in commands
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("paigow.tiles.api", "paigow.poker.api", "set_hand", "simulate", "PaigowError"):
        assert name in api, name
    assert "&gt;&gt;&gt;" in api and ":func:" not in api  # examples as code, no reST roles
    assert (site / "index.html").is_file() and (site / "tiles" / "index.html").is_file()
