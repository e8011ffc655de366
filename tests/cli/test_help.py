"""Issue 19, "Help in the ecosystem's form": every command's help, walked from the root.

The form is the one click, git and pip users read (facts from outside the code: click's
own help layout): ``Usage: paigow tiles value [OPTIONS] TILES...``; flags shown bare
(``--json``); choices as ``[a|b]``; arguments by their metavar; plain text (no reST); one
``Example:`` line per command, which must be a command line that parses.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

import paigow
from paigow.cli import app
from paigow.cli.common import PaigowGroup, parser_of
from paigow.cli.helptext import examples_in, first_sentence, split_example


def _tree() -> list[tuple[str, Any, Any]]:
    """(command path, click command, context) of every command, groups included."""
    root = typer.main.get_command(app)
    out: list[tuple[str, Any, Any]] = []

    def walk(cmd: Any, ctx: Any, path: str) -> None:
        out.append((path, cmd, ctx))
        for name in getattr(cmd, "list_commands", lambda c: [])(ctx):
            sub = cmd.get_command(ctx, name)
            if sub.hidden:  # an old name kept for a release (tests/cli/test_one_cli.py)
                continue
            walk(sub, sub.context_class(sub, info_name=name, parent=ctx), f"{path} {name}")

    walk(root, root.context_class(root, info_name="paigow"), "paigow")
    return out


runner = CliRunner()
TREE = _tree()
LEAVES = [(p, c, x) for p, c, x in TREE if not hasattr(c, "list_commands")]


def test_the_tree_holds_every_command() -> None:
    paths = {p for p, _, _ in LEAVES}
    assert {"paigow tiles value", "paigow poker rank", "paigow play", "paigow serve",
            "paigow train stats", "paigow tiles grade", "paigow poker sidebet"} <= paths
    assert len(LEAVES) >= 32


@pytest.mark.parametrize("path,cmd,ctx", TREE, ids=[p for p, _, _ in TREE])
def test_help_is_plain_text_with_flags_choices_and_metavars(path: str, cmd: Any, ctx: Any) -> None:
    text = cmd.get_help(ctx)
    assert text.startswith(f"Usage: {path} ")
    for markup in ("``", ":func:", ":class:", ":mod:", "<bool>", "<str>", "<int>", "list[",
                   "[bold]", "╭"):
        assert markup not in text, (path, markup)
    for param in cmd.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        parser = parser_of(param)
        if param.param_type_name == "option":
            row = next(line for line in text.splitlines()
                       if line.strip().startswith(tuple(param.opts)))
            if getattr(param, "is_flag", False):
                assert re.match(rf"\s*{re.escape(param.opts[0])}(\s|$| /)", row), row
            elif parser is not None and hasattr(parser, "choices"):
                assert f"[{'|'.join(parser.choices)}]" in row, row
        else:
            assert param.metavar or param.name.upper() in text


@pytest.mark.parametrize("path,cmd,ctx", LEAVES, ids=[p for p, _, _ in LEAVES])
def test_one_example_line_per_command_and_it_parses(path: str, cmd: Any, ctx: Any) -> None:
    found = examples_in(cmd.help)
    assert len(found) == 1, (path, found)
    words = shlex.split(found[0])
    assert " ".join(words[: len(path.split())]) == path, found[0]
    assert f"Example:\n  {found[0]}" in cmd.get_help(ctx)
    # the example is a command line its command takes: every option known, every
    # value read by its parser (the command itself is not run)
    args = words[len(path.split()):]
    cmd.make_context(path.split()[-1], args, parent=ctx.parent)


def test_the_arguments_read_as_metavars() -> None:
    helps = {p: c.get_help(x) for p, c, x in LEAVES}
    assert "Usage: paigow tiles value [OPTIONS] TILES..." in helps["paigow tiles value"]
    assert "Usage: paigow poker rank [OPTIONS] CARDS..." in helps["paigow poker rank"]
    assert "--joker [bug|wild]" in helps["paigow poker rank"]
    assert "--gee-joon-tiebreak [ranked|no_value]" in helps["paigow tiles value"]
    assert re.search(r"^  --json\s+Print", helps["paigow tiles value"], re.MULTILINE)


def test_the_root_lists_each_command_by_the_first_sentence_of_its_own_help() -> None:
    """The root's list comes from lines kept beside the names (so --help imports no
    command); each must be what the command says of itself."""
    root = TREE[0][1]
    assert isinstance(root, PaigowGroup)
    for name, entry in type(root).lazy.items():
        cmd = root.get_command(TREE[0][2], name)
        assert first_sentence(entry.help) == first_sentence(split_example(cmd.help)[0]), name


def test_shell_completion_is_typers_own() -> None:
    text = TREE[0][1].get_help(TREE[0][2])
    assert "--install-completion" in text and "--show-completion" in text


def test_the_version_is_the_packages() -> None:
    res = runner.invoke(app, ["--version"])
    assert res.exit_code == 0 and res.stdout == f"paigow {paigow.__version__}\n"


def test_python_m_paigow_runs_the_command() -> None:
    out = subprocess.run([sys.executable, "-m", "paigow", "tiles", "value", "6-6", "5-4"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert "Teen Wong" in out
