"""The shape of the code (GUIDE, "The shape of the code"): a pure core under thin shells.

The shells are :mod:`paigow.cli` (the command) and :mod:`paigow.web` (the browser table).
No module of the core imports a shell, so every arrow of the import graph points down.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "paigow"
SHELLS = ("paigow.cli", "paigow.web")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def _core_modules() -> list[Path]:
    # paigow/__main__.py is ``python -m paigow``: the command's entry, a shell
    return sorted(p for p in SRC.rglob("*.py")
                  if p.relative_to(SRC).parts[0] not in ("cli", "web", "__main__.py"))


def test_there_is_a_core_to_check() -> None:
    assert len(_core_modules()) > 40


@pytest.mark.parametrize("path", _core_modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_core_module_imports_no_shell(path: Path) -> None:
    bad = sorted(n for n in _imports(path) if n.startswith(SHELLS))
    assert not bad, f"{path.relative_to(SRC)} imports the shell module(s) {bad}"


def test_web_imports_no_command_module() -> None:
    for path in (SRC / "web").rglob("*.py"):
        bad = sorted(n for n in _imports(path) if n.startswith("paigow.cli"))
        assert not bad, f"{path.relative_to(SRC)} imports {bad}"
