"""Issue 23 §5, "One command line": every command walked from the root.

* ``--json`` on every command that prints a result, and what it prints parses as JSON
  (each command run here at a small size; a server's start-up line is JSON too);
* usage lines that name their arguments (click's form, ``TILES...``, ``[ROUND]``): never a
  bare ``TEXT`` and never a doubled bracket, and no option shown as ``TEXT`` either;
* shell completion offers values: every choice its choices, every way option the ways
  (through click's completion protocol, as the shell asks it);
* the same verb for the same job in both games: ``way-check``, ``set --way``, ``--dealer``
  for the other side's way; the old spellings still run for a release, hidden, saying so.

A new command fails ``test_every_command_is_run_with_json`` until it is given a run here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from math import comb
from pathlib import Path
from typing import Any

import pytest
import typer.main
from clikit import runner

from paigow.cli import app
from paigow.cli.common import parser_of

ROOT_CMD = typer.main.get_command(app)


def _leaves() -> dict[str, tuple[Any, Any]]:
    """path -> (command, context) of every visible command that is not a group."""
    out: dict[str, tuple[Any, Any]] = {}

    def walk(cmd: Any, ctx: Any, path: str) -> None:
        names = getattr(cmd, "list_commands", None)
        if names is None:
            out[path] = (cmd, ctx)
            return
        for name in names(ctx):
            sub = cmd.get_command(ctx, name)
            if not sub.hidden:
                walk(sub, sub.context_class(sub, info_name=name, parent=ctx), f"{path} {name}")

    walk(ROOT_CMD, ROOT_CMD.context_class(ROOT_CMD, info_name="paigow"), "paigow")
    return out


LEAVES = _leaves()

SEVEN = ["As", "Ad", "Kc", "Qh", "9s", "8s", "Jk"]
DECK = "As Ad Kc Qh 9s 8s Jk 2c 3d 4h 5s 6c 7d 8h Td"  # 15 cards: a small exact problem


def _runs(tmp: Path, db: Path) -> dict[str, list[str]]:
    """The arguments each command is run with (small sizes); ``--json`` is added."""
    way = tmp / "way.toml"
    return {
        "paigow tiles value": ["tiles", "value", "6-6", "5-4"],
        "paigow tiles compare": ["tiles", "compare", "4-3 2-2", "6-5 5-5"],
        "paigow tiles settings": ["tiles", "settings", "6-5", "3-2", "6-4", "4-3"],
        "paigow tiles facts": ["tiles", "facts"],
        "paigow tiles set": ["tiles", "set", "6-6", "4-2", "5-3", "1-1", "--way", "australian"],
        "paigow tiles advise": ["tiles", "advise", "6-6", "4-2", "5-3", "1-1"],
        "paigow tiles edge": ["tiles", "edge", "--player", "australian", "--dealer", "luger"],
        "paigow tiles table": ["tiles", "table", "--way", "luger", "-o", str(tmp / "t.csv")],
        "paigow tiles ways-diff": ["tiles", "ways-diff", "luger", "australian", "--limit", "2"],
        "paigow tiles way-check": ["tiles", "way-check", "australian.toml"],
        "paigow tiles grade": ["tiles", "grade", "6-5", "3-2", "6-4", "4-3", "--setting",
                               "6-5 4-3 | 6-4 3-2"],
        "paigow poker rank": ["poker", "rank", "As", "Ks", "Qs", "Js", "Jk"],
        "paigow poker settings": ["poker", "settings", *SEVEN],
        "paigow poker compare": ["poker", "compare", "Ah Ad 9c 8d 2s | Kc Qd",
                                 "Kh Kd 9h 8h 2h | Ks Qs"],
        "paigow poker census": ["poker", "census", "--deck", DECK],
        "paigow poker grade": ["poker", "grade", *SEVEN, "--setting", "Kc Qh 9s 8s Jk | As Ad"],
        "paigow poker set": ["poker", "set", *SEVEN, "--way", "foxwoods"],
        "paigow poker way-check": ["poker", "way-check", "foxwoods"],
        "paigow poker ways-diff": ["poker", "ways-diff", "house", "foxwoods", "--sample", "0"],
        "paigow poker advise": ["poker", "advise", *SEVEN, "--deck", DECK],
        "paigow poker simulate": ["poker", "simulate", "--rounds", "2000", "--seed", "1",
                                  "--workers", "1"],
        "paigow poker sweep": ["poker", "sweep", "--sample", "2", "--seed", "1", "--deck", DECK],
        "paigow poker sidebet": ["poker", "sidebet", "--list"],
        "paigow poker derive-strategy": ["poker", "derive-strategy", "--deck", DECK,
                                         "--sample", "1000", "--seed", "1", "--eval-sample",
                                         "0", "--cv-folds", "0", "--max-rules", "3",
                                         "-o", str(way)],
        "paigow poker card": ["poker", "card", "foxwoods", "-o", str(tmp / "card.svg")],
        "paigow tiles card": ["tiles", "card", "australian.toml", "-o", str(tmp / "tc.svg")],
        "paigow tiles derive-strategy": ["tiles", "derive-strategy", "--small", "--max-rules",
                                         "3", "--shape", "exceptions", "-o",
                                         str(tmp / "tiles-way.toml")],
        "paigow cache list": ["cache", "list"],
        # the user's cache is shared by the suite: only a name that matches nothing here
        # (its clearing is tests/cli/test_cache_cmd.py's, in a cache of its own)
        "paigow cache clear": ["cache", "clear", "no-such-cache-file"],
        "paigow play": ["play", "tiles", "--auto", "--rounds", "2", "--seed", "3",
                        "--db", str(db)],
        "paigow history": ["history", "--db", str(db), "--last", "1"],
        "paigow replay": ["replay", "1", "--db", str(db)],
        "paigow verify": ["verify", "1", "--db", str(db)],
        "paigow void": ["void", "1", "--db", str(db), "--reason", "a test"],
        "paigow proxy": ["proxy", "--upstream", "1=127.0.0.1:8001", "--prefix",
                         str(tmp / "proxy")],
        "paigow train tiles": ["train", "tiles", "--seed", "1", "--hands", "1", "--db",
                               str(db)],
        "paigow train poker": ["train", "poker", "--seed", "1", "--hands", "1", "--no-save"],
        "paigow train stats": ["train", "stats", "--db", str(db)],
        "paigow serve": [],  # a server: tests/cli/test_one_cli.py::test_serve_json_start_up
    }


# commands whose --json run is a refusal here (the round is settled): their JSON shape is
# checked elsewhere (tests/table); here: one error line and status 2, no JSON on stdout
REFUSED = {"paigow void", "paigow cache clear"}
# interactive commands: the hand is answered on stdin
STDIN = {"paigow train tiles": "1\n", "paigow train poker": "1\n"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    tmp = tmp_path_factory.mktemp("cli")
    return _runs(tmp, tmp / "ledger.sqlite3")


def test_every_command_is_run_with_json(runs: dict[str, list[str]]) -> None:
    assert set(LEAVES) == set(runs), set(LEAVES) ^ set(runs)


@pytest.mark.parametrize("path", list(LEAVES))
def test_every_command_takes_json(path: str) -> None:
    cmd, ctx = LEAVES[path]
    opts = {o for p in cmd.get_params(ctx) for o in p.opts}
    assert "--json" in opts, path


# `play` first: the ledger the later commands read
ORDER = sorted((p for p in LEAVES if p != "paigow serve"),
               key=lambda p: (p != "paigow play", p))


@pytest.mark.parametrize("path", ORDER)
def test_json_output_parses(
    path: str, runs: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    if path == "paigow poker ways-diff":
        # the pass over every hand cut to the hands of 2s to 9s (C(32,7) = 3,365,856), as
        # tests/poker/test_way_files_everywhere.py does: the JSON is what is checked here
        import numpy as np

        from paigow.poker.ways import file_fast

        monkeypatch.setattr(file_fast, "top_chunks",
                            lambda: iter([(np.arange(6, 32, dtype=np.int64), comb(32, 7))]))
    if path != "paigow play" and "--db" in runs[path]:
        db = Path(runs[path][runs[path].index("--db") + 1])
        if not db.exists():
            res = runner.invoke(app, [*runs["paigow play"], "--json"])
            assert res.exit_code == 0, res.output
    res = runner.invoke(app, [*runs[path], "--json"], input=STDIN.get(path))
    if path in REFUSED:
        assert res.exit_code == 2 and res.stdout == "", (res.stdout, res.stderr)
        assert len(res.stderr.strip().splitlines()) == 1, res.stderr
        return
    assert res.exit_code == 0, (path, res.stdout[-2000:], res.stderr[-2000:])
    data = json.loads(res.stdout)
    assert isinstance(data, dict | list) and data, res.stdout[:300]


def test_serve_json_start_up_line(tmp_path: Path) -> None:
    """``serve --json``: the start-up line is JSON naming the address; the server answers
    there (then it is stopped)."""
    pytest.importorskip("fastapi")
    import urllib.request

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "paigow", "serve", "--port", "0", "--json", "--db",
         str(tmp_path / "s.sqlite3")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        start = json.loads(line)
        assert start["port"] > 0 and start["url"] == f"http://127.0.0.1:{start['port']}/"
        assert start["games"] == ["tiles", "poker"]
        with urllib.request.urlopen(start["url"], timeout=120) as page:
            assert page.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=120)


# --- usage lines -------------------------------------------------------------------------


@pytest.mark.parametrize("path", list(LEAVES))
def test_usage_and_options_name_their_values(path: str) -> None:
    cmd, ctx = LEAVES[path]
    text = cmd.get_help(ctx)
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: {path} [OPTIONS]"), usage
    assert not re.search(r"\bTEXT\b", usage) and "[[" not in usage, usage
    for line in text.splitlines():
        if line.lstrip().startswith("-"):
            assert not re.search(r"\sTEXT\b", line.split("  ")[0]), (path, line)


# --- completion ----------------------------------------------------------------------------


def _complete(path: str, name: str | None, typed: str) -> list[str]:
    """What completion offers for option ``name`` (``None``: the first argument) of the
    command at ``path`` when ``typed`` is typed: the parameter's own ``shell_complete``,
    which the shell protocol calls (test_completion_through_the_shell_protocol)."""
    cmd, ctx = LEAVES[path]
    param = next(p for p in cmd.get_params(ctx)
                 if (name in p.opts if name else p.param_type_name == "argument"))
    return [c.value for c in param.shell_complete(ctx, typed)]


WAY_OPTIONS = {"--strategy", "--way", "--dealer", "--player", "--house-way", "--bot-way",
               "--otherwise", "--paytable"}


@pytest.mark.parametrize("path", list(LEAVES))
def test_completion_offers_choices_and_ways(path: str) -> None:
    cmd, ctx = LEAVES[path]
    for param in cmd.get_params(ctx):
        if param.param_type_name != "option" or getattr(param, "hidden", False):
            continue
        parser = parser_of(param)
        if parser is None:
            continue
        name = param.opts[-1]
        offered = _complete(path, name, "")
        choices = getattr(parser, "choices", None)
        if choices is not None:
            assert offered == list(choices), (path, name, offered)
        elif name in WAY_OPTIONS:
            assert offered, (path, name)


@pytest.mark.parametrize("path,name,typed,want", [
    ("paigow tiles set", "--way", "lu", {"luger", "luger-banker", "luger-player"}),
    ("paigow tiles edge", "--dealer", "aus", {"australian", "australian.toml"}),
    ("paigow poker set", "--way", "fox", {"foxwoods"}),
    ("paigow poker advise", "--dealer", "trump", {"trump-plaza"}),
    ("paigow poker sidebet", "--paytable", "fort", {"fortune"}),
    ("paigow poker way-check", None, "golden", {"golden-nugget"}),
    ("paigow poker card", None, "mgm", {"mgm-grand"}),
    ("paigow poker rank", "--joker", "", {"bug", "wild"}),
    ("paigow play", "--house-way", "flam", {"flamingo-hilton"}),
])
def test_completion_of_values(path: str, name: str | None, typed: str, want: set[str]) -> None:
    assert set(_complete(path, name, typed)) == want


def test_completion_through_the_shell_protocol() -> None:
    """What bash asks (``_PAIGOW_COMPLETE=complete_bash``) gets the pay tables."""
    env = {**os.environ, "_PAIGOW_COMPLETE": "complete_bash",
           "COMP_WORDS": "paigow poker sidebet --paytable em", "COMP_CWORD": "4"}
    out = subprocess.run([sys.executable, "-m", "paigow"], env=env, capture_output=True,
                         text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    assert "emperors-challenge" in out.stdout.split(), out.stdout


# --- one verb for one job -------------------------------------------------------------------


def test_both_games_check_a_way_file_with_way_check() -> None:
    assert {"paigow tiles way-check", "paigow poker way-check"} <= set(LEAVES)
    assert "paigow poker ways-check" not in LEAVES


def test_both_games_set_a_hand_with_way() -> None:
    for path in ("paigow tiles set", "paigow poker set"):
        cmd, ctx = LEAVES[path]
        opts = {o for p in cmd.get_params(ctx) for o in p.opts}
        assert {"--way", "--strategy", "-s"} <= opts, path


def test_the_other_sides_way_is_dealer_in_both_games() -> None:
    for path in ("paigow tiles advise", "paigow poker advise", "paigow poker sweep",
                 "paigow tiles edge", "paigow poker simulate"):
        cmd, ctx = LEAVES[path]
        visible = {o for p in cmd.get_params(ctx) if not getattr(p, "hidden", False)
                   for o in p.opts}
        assert "--dealer" in visible, path


def test_the_old_check_name_runs_hidden_and_says_it_is_deprecated() -> None:
    new = runner.invoke(app, ["poker", "way-check", "foxwoods", "--json"])
    old = runner.invoke(app, ["poker", "ways-check", "foxwoods", "--json"])
    assert new.exit_code == old.exit_code == 0, old.output
    assert json.loads(old.stdout) == json.loads(new.stdout)
    assert "deprecated" in old.stderr and "paigow poker way-check" in old.stderr
    assert "deprecated" not in new.stderr
    listing = runner.invoke(app, ["poker", "--help"]).stdout
    assert "way-check" in listing and "ways-check" not in listing


def test_the_old_opponent_option_runs_hidden_and_says_it_is_deprecated() -> None:
    args = ["poker", "advise", *SEVEN, "--deck", DECK, "--json"]
    new = runner.invoke(app, [*args, "--dealer", "basic"])
    old = runner.invoke(app, [*args, "--way", "basic"])
    assert new.exit_code == old.exit_code == 0, old.output
    assert json.loads(old.stdout) == json.loads(new.stdout)
    assert "--way is deprecated" in old.stderr and "use --dealer" in old.stderr
    helptext = runner.invoke(app, ["poker", "advise", "--help"]).stdout
    assert "--dealer WAY" in helptext and "--way" not in helptext


# --- a missing extra ---------------------------------------------------------------------


@pytest.mark.parametrize("args,extra", [
    (["serve", "--port", "0"], "web"),
    (["poker", "card", "foxwoods", "-o", "CARD.pdf"], "pdf"),
    (["poker", "ways-diff", "house", "foxwoods", "--plot", "p.png"], "plots"),
    (["poker", "simulate", "--rounds", "10", "--scheduler", "127.0.0.1:1"], "cluster"),
])
def test_a_missing_extra_is_one_line_naming_the_install_command(
        args: list[str], extra: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With the extra's modules absent (a name no package has), the command exits 2 with
    one line: the exact pip command. (The real thing, the core wheel alone in a clean
    venv, is scripts/test.sh's package check.)"""
    from paigow import extras

    monkeypatch.setitem(extras.MODULES, extra, ("paigow_no_such_module",))
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, args)
    assert res.exit_code == 2, res.output
    assert res.stderr.strip().splitlines() == [
        res.stderr.strip()] and f"pip install 'paigow[{extra}]'" in res.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written
