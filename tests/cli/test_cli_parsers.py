"""Class "the command line" (issue 11): the mechanism itself.

* every parameter of every command is read by a paigow parser, and every app has the
  root handler (so a new command cannot forget either);
* a fuzz test (hypothesis) of the parsers and of whole commands: any text at all is
  either taken (and then it is ASCII, in range, finite) or refused by one line that names
  it, exit status 2 — never a traceback;
* ``check_bind`` refuses a busy port, a bad host, before anything is written.
"""

from __future__ import annotations

import inspect
import math
import re
import typing
from pathlib import Path
from typing import Any

import pytest
import typer
from clikit import ledger_digest, runner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paigow.cli import app
from paigow.cli.common import (
    MAX_INT64,
    Amount,
    BadInput,
    Choice,
    Float,
    Int,
    PaigowGroup,
    Parser,
    Rate,
    Token,
    bind_socket,
    check_bind,
)
from paigow.errors import PaigowError

# -- every parameter, every app -----------------------------------------------------------


def _apps(t: typer.Typer, path: str = "paigow") -> list[tuple[str, typer.Typer]]:
    out = [(path, t)]
    for g in t.registered_groups:
        assert g.typer_instance is not None
        out += _apps(g.typer_instance, f"{path} {g.name}")
    for name, entry in t.info.cls.lazy.items():  # type: ignore[union-attr]
        target = entry.load()
        if isinstance(target, typer.Typer):
            out += _apps(target, f"{path} {name}")
    return out


def _commands() -> list[tuple[str, Any]]:
    out = []
    for path, t in _apps(app):
        for c in t.registered_commands:
            assert c.callback is not None
            name = c.name or c.callback.__name__
            out.append((f"{path} {name}", c.callback))
        for name, entry in t.info.cls.lazy.items():  # type: ignore[union-attr]
            target = entry.load()
            if not isinstance(target, typer.Typer):
                out.append((f"{path} {name}", target))
    return out


def test_every_app_has_the_root_handler() -> None:
    for path, t in _apps(app):
        assert isinstance(t.info.cls, type) and issubclass(t.info.cls, PaigowGroup), path


def test_every_parameter_of_every_command_goes_through_a_paigow_parser() -> None:
    commands = _commands()
    assert len(commands) >= 23
    checked = 0
    for path, callback in commands:
        hints = typing.get_type_hints(callback, include_extras=True)
        for name in inspect.signature(callback).parameters:
            hint = hints[name]
            base, *meta = typing.get_args(hint)
            if base is bool or set(typing.get_args(base)) == {bool, type(None)}:
                continue  # a flag (or an --x/--no-x flag): there is no token to read
            infos = [m for m in meta if hasattr(m, "parser")]
            assert infos and isinstance(infos[0].parser, Parser), f"{path} {name}"
            checked += 1
    assert checked >= 100


# -- fuzz: the parsers --------------------------------------------------------------------

PARSERS: list[Parser] = [
    Int("--n"), Int("--rounds", 1, 100_000), Int("--seed", 0, MAX_INT64),
    Float("--idle-seconds", 0, 86400), Choice("--joker", "bug", "wild"), Token("--way"),
    Amount("--bet"), Rate("--commission"), Token("--strategy", table_path=True),
]
EXAMPLES = {"parsers": 0, "commands": 0}

texts = st.one_of(
    st.text(max_size=40),
    st.from_regex(r"[+-]?[0-9_,.eE%/$]{0,25}", fullmatch=True),
    st.sampled_from(["nan", "inf", "-inf", "1e999", "0x10", "1_0", "１０", "6–6", "", " ",
                     "9" * 30, "-0", "+5", "1,000", "1,0,0", "5%", "1/20"]),
)


@settings(max_examples=1500, deadline=None)
@given(parser=st.sampled_from(PARSERS), text=texts)
def test_fuzz_a_parser_takes_a_clean_value_or_refuses_naming_the_token(
    parser: Parser, text: str
) -> None:
    EXAMPLES["parsers"] += 1
    try:
        value = parser(text)
    except BadInput as exc:
        msg = str(exc)
        assert msg.startswith(parser.what), msg
        assert repr(text[:300]) in msg or repr(text.strip()) in msg or "'table:" in msg, msg
        return
    # taken: what it gives is clean
    assert all(" " <= c <= "~" for c in text), text
    if isinstance(parser, Int):
        assert isinstance(value, int) and parser.lo <= value <= parser.hi
    elif isinstance(parser, Float):
        assert math.isfinite(value) and parser.lo <= value <= parser.hi
    elif isinstance(parser, Choice):
        assert value in parser.choices
    else:
        assert isinstance(value, str)


# -- fuzz: whole commands -------------------------------------------------------------------

words = st.one_of(st.text(max_size=12), st.from_regex(r"[0-9a-zA-Z\-]{0,6}", fullmatch=True))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_commands_exit_0_or_refuse_in_one_line(
    data: st.DataObject, ledger_template: Path
) -> None:
    fuzz_ledger = ledger_template  # only read: every command here opens it read-only
    EXAMPLES["commands"] += 1
    db = str(fuzz_ledger)
    before = ledger_digest(fuzz_ledger)
    argv = data.draw(st.one_of(
        st.tuples(st.just("tiles"), st.just("value"), words, words).map(list),
        st.tuples(st.just("tiles"), st.just("settings"), words, words, words, words).map(list),
        st.tuples(st.just("poker"), st.just("rank"), words, words, words, words, words).map(list),
        st.tuples(st.just("history"), st.just("--db"), st.just(db), st.just("--last"),
                  words).map(list),
        st.tuples(st.just("history"), st.just("--db"), st.just(db), st.just("--session"),
                  words, st.just("--json")).map(list),
        st.tuples(st.just("replay"), words, st.just("--db"), st.just(db)).map(list),
        st.tuples(st.just("verify"), words, st.just("--db"), st.just(db), st.just("--json"),
                  ).map(list),
    ))
    res = runner.invoke(app, argv)
    assert isinstance(res.exception, SystemExit) or res.exception is None, (argv, res.exception)
    if res.exit_code == 2:
        lines = [x for x in res.stderr.splitlines() if x.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: "), (argv, res.stderr)
    else:
        assert res.exit_code == 0, (argv, res.output)
    assert ledger_digest(fuzz_ledger) == before


def test_fuzz_examples_were_run() -> None:
    """Reports the number of fuzz examples (run after the fuzz tests, in file order)."""
    print(f"fuzz examples: parsers {EXAMPLES['parsers']}, commands {EXAMPLES['commands']}")
    assert EXAMPLES["parsers"] >= 1000 and EXAMPLES["commands"] >= 300


# -- serve: can it listen there? ------------------------------------------------------------


def test_check_bind_refuses_a_busy_port_and_a_bad_host() -> None:
    busy = bind_socket("127.0.0.1", 0)
    busy.listen()
    port = busy.getsockname()[1]
    try:
        with pytest.raises(PaigowError, match=f"cannot listen on 127.0.0.1:{port}"):
            check_bind("127.0.0.1", port)
    finally:
        busy.close()
    check_bind("127.0.0.1", port)  # free again
    for host in ("no such host.invalid", "", "l\u043ecalhost"):
        with pytest.raises(PaigowError, match="--host"):
            check_bind(host, 8000)
    with pytest.raises(PaigowError, match="--port"):
        check_bind("127.0.0.1", 70000)
    # an address that is not this machine's
    with pytest.raises(PaigowError, match=re.escape("cannot listen on 192.0.2.1:8000")):
        check_bind("192.0.2.1", 8000)  # binding sends nothing anywhere
