"""Issue 19, "Fast start": heavy modules are imported only by the commands that use them.

Each check runs in a fresh interpreter (the test process has imported everything long
ago). The rule it guards (src/paigow/cli/__init__.py): the root imports no command module
until that command runs, and a command module imports what is heavy inside its command
bodies. The time itself is measured in benchmarks/cli_start.py, never here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numba", "numpy", "fastapi", "starlette", "uvicorn", "jinja2", "sqlite3", "psycopg",
         "dask", "distributed", "matplotlib", "paigow.analysis", "paigow.web", "paigow.store",
         "pydantic")  # pydantic: Typer's own coercion, replaced by the paigow parsers
CLI = Path(__file__).resolve().parents[2] / "src" / "paigow" / "cli"


def _loaded_after(code: str) -> list[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    probe = (
        "import sys, json\n"
        f"{code}\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    return list(json.loads(out.splitlines()[-1]))


def _heavy(mods: list[str], extra: tuple[str, ...] = ()) -> list[str]:
    return sorted(m for m in mods for h in HEAVY + extra if m == h or m.startswith(h + "."))


def _run(argv: list[str]) -> str:
    return (
        "from paigow.cli import app\n"
        "try:\n"
        f"    app({argv!r}, prog_name='paigow')\n"
        "except SystemExit as e:\n"
        "    assert e.code in (0, None), e.code\n"
    )


def test_importing_paigow_cli_imports_no_numba_and_nothing_heavy() -> None:
    mods = _loaded_after("import paigow.cli")
    assert "paigow.cli" in mods
    assert "numba" not in mods
    assert _heavy(mods, ("rich",)) == []


def test_the_root_help_imports_no_command_module() -> None:
    mods = _loaded_after(_run(["--help"]))
    commands = sorted(m for m in mods if m.startswith("paigow.cli.")
                      and m not in ("paigow.cli.common", "paigow.cli.helptext"))
    assert commands == []
    assert _heavy(mods, ("rich",)) == []


@pytest.mark.parametrize("argv", [["tiles", "value", "6-6", "5-4"],
                                  ["poker", "rank", "As", "Ks", "Qs", "Js", "Jk"],
                                  ["tiles", "set", "--help"]])
def test_a_light_command_imports_nothing_heavy(argv: list[str]) -> None:
    assert _heavy(_loaded_after(_run(argv))) == []


def test_every_command_module_and_every_command_built_import_nothing_heavy() -> None:
    """Importing each module of paigow.cli and building every command's parameters (what
    ``--help`` of any command needs) imports nothing heavy: heavy imports sit inside the
    command bodies, so a new command that forgets fails here."""
    # terminal.py is no command module: it is the table's console UI, which play and
    # train import in their bodies
    modules = sorted(p.stem for p in CLI.glob("*.py") if p.stem not in ("__main__", "terminal"))
    assert {"tiles", "poker", "table", "serve", "train", "verify"} <= set(modules)
    code = "\n".join(f"import paigow.cli.{m}" for m in modules if m != "__init__") + (
        "\nfrom paigow.cli import app\n"
        "import typer.main\n"
        "root = typer.main.get_command(app)\n"
        "def walk(cmd, ctx):\n"
        "    for name in cmd.list_commands(ctx):\n"
        "        sub = cmd.get_command(ctx, name)\n"
        "        sub_ctx = sub.context_class(sub, info_name=name, parent=ctx)\n"
        "        sub.get_help(sub_ctx)\n"
        "        if hasattr(sub, 'list_commands'):\n"
        "            walk(sub, sub_ctx)\n"
        "walk(root, root.context_class(root, info_name='paigow'))\n"
    )
    assert _heavy(_loaded_after(code)) == []


def test_plain_console_lines_are_byte_for_byte_what_rich_writes_to_a_pipe() -> None:
    """The console's shortcut (a line of plain text to a pipe written without rich) agrees
    with rich's own Console on every string it takes: random strings of letters, markup tags
    (balanced or not, known styles or not), brackets, backslashes, emoji codes, non-ASCII,
    tabs and newlines, long and short."""
    import io
    import random

    from rich.console import Console

    from paigow.cli.common import _plain_for_pipe

    rng = random.Random(19)
    tokens = [*"abc XYZ-:()0123456789.,'|", "[bold]", "[/]", "[/bold]", "[yellow]",
              "[bold green]", "[x]", "[  ]", "[", "]", "\\", ":smile:", "\n", "\u00e9", "\t",
              "  ", "word " * 12]
    taken = 0
    for _ in range(20_000):
        text = "".join(rng.choice(tokens) for _ in range(rng.randint(0, 40)))
        markup = rng.random() < 0.7
        buf = io.StringIO()
        plain = _plain_for_pipe(text, buf, markup=markup)
        if plain is None:
            continue
        taken += 1
        Console(file=buf).print(text, markup=markup, highlight=rng.random() < 0.5)
        assert buf.getvalue() == plain + "\n", (text, markup)
    assert taken > 1_000  # the shortcut is really exercised


def test_tiles_value_to_a_pipe_loads_neither_rich_console_nor_the_poker_package() -> None:
    mods = _loaded_after(
        "from paigow.cli import main\nsys.argv = ['paigow', 'tiles', 'value', '6-6', '5-4']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass")
    assert "rich.console" not in mods and "paigow.poker" not in mods


@pytest.mark.parametrize("argv", [["tiles", "value", "6-6"],
                                  ["poker", "rank", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d"]])
def test_bad_input_to_a_light_command_is_refused_without_loading_anything_heavy(
        argv: list[str]) -> None:
    """The refusal (one line, exit 2) is as quick as the answer: printing it masks any
    database password in the message, and that must not load the ledger (which loads the
    table engine and numba: 0.6 s before the masking moved out of paigow.store)."""
    code = (
        "from paigow.cli import app\n"
        "try:\n"
        f"    app({argv!r}, prog_name='paigow')\n"
        "except SystemExit as e:\n"
        "    assert e.code == 2, e.code\n"
        "else:\n"
        "    raise AssertionError('not refused')\n"
    )
    assert _heavy(_loaded_after(code)) == []
