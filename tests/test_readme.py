"""Issue 23 §2, "Every README and getting-started command runs in CI".

The shell lines of README.md's Examples and of docs/index.md, and the Python blocks of
both, are read from the files and run **in the order printed**, in one scratch folder with
its own ledger, data and cache folders (``XDG_DATA_HOME``, ``XDG_CACHE_HOME``), so that
the lines that depend on earlier ones (the ledger ``paigow.db``, the way file
``my-way.toml``) are checked the way a reader meets them.

* A line's comment may carry ``[small: OPTIONS]``: CI runs it with these options instead
  (each replaces the same option's value, or is added); the full line's time on a 2-core
  machine is in the comment beside it.
* ``paigow serve`` (and ``scripts/run.sh``, which runs it) never ends: it is started on a
  free port (``--port 0``), its start-up line read (``--json``), its lobby fetched, then it
  is stopped. ``paigow proxy --run`` likewise (here the line has no ``--run``: it writes
  the configuration and ends).
* ``paigow play`` without ``--auto`` is a person's table: it is started, a bet answered,
  and once it asks for the setting the process is killed, as a hung table would be: the
  round it leaves open is what the README's ``void`` line is for.
* ``scripts/setup.sh`` and ``scripts/test.sh`` are this suite's own set-up and runner:
  their lines are checked to name existing scripts, not run again from inside the suite.

Every other line must exit 0. The README is the single source: change a line there and this
test runs the new one.
"""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMALL = re.compile(r"\[small:\s*(?P<args>[^\]]*)\]")
FENCE = re.compile(r"^```(?P<lang>\w*)\s*\n(?P<body>.*?)^```", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Line:
    source: str  # README.md:57
    text: str  # the line as printed
    argv: tuple[str, ...]  # the command (comment taken off)
    small: tuple[str, ...]  # [small: ...] options


def _sh_lines(path: Path, section: str | None = None) -> list[Line]:
    text = path.read_text(encoding="utf-8")
    start = 0
    if section is not None:
        start = text.index(section)
        end = text.find("\n## ", start + 1)
        text = text[:end if end >= 0 else None]
    out = []
    for m in FENCE.finditer(text, start):
        if m.group("lang") != "sh":
            continue
        first = text.count("\n", 0, m.start("body")) + 1
        for i, raw in enumerate(m.group("body").splitlines()):
            argv = shlex.split(raw, comments=True)
            if not argv:
                continue
            comment = raw[len(raw.split("#")[0]):] if "#" in raw else ""
            small = SMALL.search(comment)
            out.append(Line(f"{path.name}:{first + i}", raw.strip(), tuple(argv),
                            tuple(shlex.split(small["args"])) if small else ()))
    return out


def _py_blocks(path: Path) -> list[tuple[str, str]]:
    text = path.read_text(encoding="utf-8")
    return [(f"{path.name}:{text.count(chr(10), 0, m.start()) + 1}", m["body"])
            for m in FENCE.finditer(text) if m["lang"] == "python"]


def _with_small(argv: tuple[str, ...], small: tuple[str, ...]) -> list[str]:
    """``argv`` with each ``--opt value`` of ``small`` put in place of its own (or added)."""
    out = list(argv)
    i = 0
    while i < len(small):
        opt = small[i]
        has_value = i + 1 < len(small) and not small[i + 1].startswith("--")
        value = small[i + 1] if has_value else None
        if opt in out:
            j = out.index(opt)
            if value is not None:
                out[j + 1] = value
        else:
            out.extend([opt] if value is None else [opt, value])
        i += 2 if has_value else 1
    return out


README_LINES = _sh_lines(ROOT / "README.md", "## Examples")
INDEX_LINES = _sh_lines(ROOT / "docs" / "index.md")
TWO_COMMANDS = _sh_lines(ROOT / "README.md", "## Two commands")


def test_the_readme_lines_are_found() -> None:
    """The reader below finds the lines a person sees (a guard on the reader itself)."""
    assert len(README_LINES) >= 39
    assert README_LINES[0].text.startswith(".venv/bin/paigow tiles value 6-6 5-4")
    derive = next(x for x in README_LINES if "derive-strategy" in x.text)
    assert "--sample" in derive.small and "35 min" in derive.text
    assert [x.argv[:2] for x in TWO_COMMANDS] == [("bash", "scripts/run.sh"),
                                                  ("bash", "scripts/test.sh")]
    assert _with_small(("a", "--rounds", "9", "--seed", "1"), ("--rounds", "2", "--x")) == [
        "a", "--rounds", "2", "--seed", "1", "--x"]


class Scratch:
    """One folder for every line: its own cwd, data, cache and config folders."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.env = {**os.environ, "XDG_DATA_HOME": str(root / "data"),
                    "XDG_CONFIG_HOME": str(root / "config"),
                    "XDG_CACHE_HOME": os.environ.get("PAIGOW_README_CACHE",
                                                     os.environ.get("XDG_CACHE_HOME",
                                                                    str(root / "cache"))),
                    "COLUMNS": "120", "PYTHONUNBUFFERED": "1"}
        self.env.pop("FORCE_COLOR", None)

    def command(self, argv: list[str]) -> list[str]:
        """A README line as this interpreter runs it (``.venv/bin/paigow`` and ``paigow``
        are the installed command of the environment running the tests)."""
        if argv[0] in (".venv/bin/paigow", "paigow"):
            return [sys.executable, "-m", "paigow", *argv[1:]]
        if argv[:3] == ["python", "-m", "paigow"]:
            return [sys.executable, *argv[1:]]
        return argv


def _run(scratch: Scratch, line: Line) -> None:
    argv = _with_small(line.argv, line.small)
    cmd = scratch.command(argv)
    words = argv[1:3] if argv[0].endswith("paigow") else []
    if words[:1] == ["serve"]:
        _serve(scratch, cmd, line)
    elif words[:1] == ["play"] and "--auto" not in argv:
        _play_until_setting(scratch, cmd, line)
    else:
        proc = subprocess.run(cmd, cwd=scratch.root, env=scratch.env, capture_output=True,
                              text=True, timeout=3600, stdin=subprocess.DEVNULL, check=False)
        assert proc.returncode == 0, (line.source, line.text, proc.stdout[-3000:],
                                      proc.stderr[-3000:])


def _serve(scratch: Scratch, cmd: list[str], line: Line) -> None:
    """Start the server on a free port, read its start-up line, fetch the lobby, stop it."""
    cmd = _with_small(tuple(cmd), ("--port", "0", "--json"))
    proc = subprocess.Popen(cmd, cwd=scratch.root, env=scratch.env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first, (line.source, proc.stderr.read() if proc.stderr else "")
        url = json.loads(first)["url"]
        with urllib.request.urlopen(url, timeout=120) as page:
            assert page.status == 200, line.source
            assert b"paigow" in page.read().lower()
    finally:
        proc.terminate()
        proc.wait(timeout=120)


def _play_until_setting(scratch: Scratch, cmd: list[str], line: Line) -> None:
    """A person's table: answer the bet, and once the hand is dealt and the setting asked
    for, kill the process (the round stays open, as a hung table's would)."""
    proc = subprocess.Popen(cmd, cwd=scratch.root, env=scratch.env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    out = proc.stdout.fileno()
    seen = ""

    def wait_for(*words: str) -> str:
        nonlocal seen
        deadline = time.monotonic() + 600  # generous: a fact awaited, not a time asserted
        while time.monotonic() < deadline:
            ready, _, _ = select.select([out], [], [], 0.2)
            chunk = os.read(out, 65536).decode("utf-8", "replace") if ready else ""
            seen += chunk
            for w in words:
                if w in seen:
                    return w
            if ready and not chunk:  # the end of its output: the process is gone
                break
        raise AssertionError((line.source, "never asked", words, seen[-2000:]))

    try:
        wait_for("Your bet")
        proc.stdin.write("\n")  # the suggested bet
        proc.stdin.flush()
        while wait_for("Set ", "Take the bank?") != "Set ":
            proc.stdin.write("\n")  # the bank offer: the default answer
            proc.stdin.flush()
            seen = seen.replace("Take the bank?", "")
    finally:
        proc.kill()
        proc.wait(timeout=120)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Scratch:
    return Scratch(tmp_path_factory.mktemp("readme"))


@pytest.mark.slow
def test_every_readme_example_runs_in_order(scratch: Scratch) -> None:
    """README.md's Examples, top to bottom, in one scratch folder."""
    for line in README_LINES:
        _run(scratch, line)
    # the lines that depend on earlier ones did their work
    assert (scratch.root / "paigow.db").is_file()
    assert (scratch.root / "my-way.toml").is_file() and (scratch.root / "my-way.pdf").is_file()
    assert (scratch.root / "luger-banker.csv").is_file()


def test_the_two_commands_and_the_getting_started_lines(tmp_path: Path) -> None:
    """docs/index.md's lines in order (``scripts/setup.sh`` is this suite's set-up: its
    profile is checked to exist); README's run command serves, as ``serve`` does."""
    scratch = Scratch(tmp_path)
    for line in [*TWO_COMMANDS, *INDEX_LINES]:
        if line.argv[0] == "bash":
            script = ROOT / line.argv[1]
            assert script.is_file(), line.source
            if line.argv[1] == "scripts/run.sh":  # `run.sh` with no arguments: serve
                _serve(scratch, scratch.command(["paigow", "serve"]), line)
            continue
        _run(scratch, line)


@pytest.mark.parametrize("where,code", [*_py_blocks(ROOT / "README.md"),
                                        *_py_blocks(ROOT / "docs" / "index.md")])
def test_the_library_examples_run(where: str, code: str, tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=1800, check=False,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})
    assert proc.returncode == 0, (where, proc.stderr[-3000:])
