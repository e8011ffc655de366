"""What every ``paigow`` sub-command shares: one way to refuse bad input, JSON output.

**Bad input is one line and exit status 2, never a traceback.** Three pieces, each used
by every command:

1. **Typed parameter parsers.** Every option and argument is read by a parser from this
   module, given as ``parser=`` to ``typer.Option``/``typer.Argument`` (the helpers
   :func:`option` and :func:`argument` do it)::

       seed: Annotated[int | None, option("--seed", parser=Int("--seed", 0, MAX_SEED))] = None
       db: Annotated[str | None, option("--db", parser=Database("--db", "read"))] = None
       tiles: Annotated[list[str], argument(parser=Token("TILES"))]

   * :class:`Token` — any text: ASCII only (a look-alike such as the en dash in ``6–6``
     or a full-width digit is refused, the character named), no control characters, a
     bounded length; :class:`Choice` — one of a fixed set of words;
   * :class:`Int` and :class:`Float` — ASCII digits, bounds (by default a 64-bit
     integer, so a seed or an id always fits SQLite), finite floats only;
   * :class:`Amount` — dollars with at most two decimals, :class:`Rate` — a commission;
   * :class:`InputFile` (an existing, readable, UTF-8 regular file), :class:`OutputFile`
     (a file in an existing folder, not a directory, writable), :class:`Database` (a
     ledger path or URL: ``write`` creates nothing but the file itself, ``read`` needs
     the ledger to exist and opens it read-only). Paths may hold any character.

   A parser raises :class:`BadInput` naming the option and the token. It is not a
   ``ValueError`` on purpose: Typer's own coercion wraps ``ValueError`` in messages of its
   own; ``BadInput`` (Typer's ``BadParameter``) passes through untouched to the root
   handler.
   ``tests/cli/test_cli_inputs.py`` checks that **every** parameter of every command has
   a parser from here, so a new command cannot forget.

2. **One root handler.** Every Typer app is made by :func:`new_app`, whose click group
   (:class:`PaigowGroup`) runs the command and turns :class:`BadInput`,
   :class:`~paigow.errors.PaigowError`, Typer's usage errors (an unknown option, a
   missing argument) and an ``OSError`` on a path into **one line** on stderr —
   ``error: …`` with any database password masked (:func:`paigow.store.mask_url`) —
   and exit status 2. An unexpected exception (a bug) still shows its traceback.

3. **Option combinations that cannot play** are refused before anything is written:
   the core's option objects check them (``TableOptions``: a bet above the bankroll, a
   flat fee that leaves nothing to bet), the commands check the rest, raising
   :class:`~paigow.errors.PaigowError`.

``run_command(body)`` and :func:`fail` remain for code that wants to catch earlier; the
root handler makes them optional.
"""

from __future__ import annotations

import difflib
import inspect
import json
import math
import os
import re
import socket
import sys
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NoReturn, TypeVar, cast

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo, DefaultPlaceholder

from paigow.cli.helptext import HelpMixin, first_sentence, split_example
from paigow.errors import PaigowError

if TYPE_CHECKING:
    from rich.console import Console

T = TypeVar("T")


class _LazyConsole:
    """A rich ``Console`` made on first use: a command that only shows its help never
    imports rich's console (about 30 ms). On first use the object becomes the real
    ``Console`` (its class and state replaced), so rich sees nothing else afterwards."""

    def __init__(self, **kw: Any) -> None:
        self.__dict__["_lazy_kw"] = kw

    def _become(self) -> Console:
        from rich.console import Console

        real = Console(**self.__dict__["_lazy_kw"])
        self.__dict__.clear()
        self.__dict__.update(real.__dict__)
        self.__class__ = Console  # type: ignore[assignment]
        return cast("Console", self)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._become(), name)

    def print(self, *objects: Any, **kw: Any) -> None:
        """Print as rich would. A line of plain text to a pipe (``highlight`` and ``markup``
        the only options) is written directly, byte for byte what rich writes there (no
        colour off a terminal, no markup or emoji code to read, no tab to expand, no wrap:
        ASCII within the width), so a one-line command such as ``paigow tiles value`` does
        not import rich's console (about 20 ms)."""
        lazy = self.__dict__.get("_lazy_kw")
        if lazy is None:  # a bound method kept from before this object became the Console
            from rich.console import Console

            Console.print(cast("Console", self), *objects, **kw)
            return
        if kw.keys() <= {"highlight", "markup"} and len(objects) == 1 \
                and isinstance(objects[0], str):
            text = objects[0]
            out = sys.stderr if lazy.get("stderr") else sys.stdout
            plain = _plain_for_pipe(text, out, markup=kw.get("markup") is not False)
            if plain is not None:
                out.write(plain + "\n")
                return
        self._become().print(*objects, **kw)

    def __enter__(self) -> Console:
        return self._become().__enter__()

    def __exit__(self, *exc: Any) -> None:  # pragma: no cover - always a Console by then
        raise RuntimeError("a console is entered before it is left")


_EMOJI_CODE = re.compile(r":[\w+\-]+:")
_STYLES = frozenset({"bold", "dim", "italic", "underline", "red", "green", "yellow", "blue",
                     "cyan", "magenta", "white"})
_TAG = re.compile(r"\[(/?)([a-z]+(?: [a-z]+)*)?\]")


def _plain_text(text: str) -> str | None:
    """``text`` as rich writes it off a terminal, when that is simply the text without its
    style tags (``[bold]``, ``[bold green]``, ``[/]``, ``[/bold]``, balanced); else None."""
    if "\\" in text:
        return None
    open_tags: list[str] = []
    for m in _TAG.finditer(text):
        closing, style = m.group(1), m.group(2)
        if closing:
            if not open_tags or (style and open_tags[-1] != style):
                return None
            open_tags.pop()
        elif style and set(style.split()) <= _STYLES:
            open_tags.append(style)
        else:
            return None
    plain = _TAG.sub("", text)
    return None if open_tags or "[" in plain else plain


def _plain_for_pipe(text: str, out: Any, markup: bool = True) -> str | None:
    """What rich would write for ``text`` to ``out``, when it is the text itself (less its
    style tags): not a terminal and no environment forcing colour or a width, ASCII, no
    emoji code or tab, each line within rich's width there (``COLUMNS``, else 80); else None."""
    if os.environ.keys() & {"FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"}:
        return None
    columns = os.environ.get("COLUMNS", "80")  # rich's width off a terminal
    width = int(columns) if columns.isdigit() else 0
    if width < 20:
        return None
    try:
        if out.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    plain = _plain_text(text) if markup and "[" in text else text
    if (plain is None or not plain.isascii() or "\t" in plain or "\r" in plain
            or _EMOJI_CODE.search(plain)):
        return None
    if all(len(line) <= width and line == line.rstrip() for line in plain.split("\n")):
        return plain
    return None


console = cast("Console", _LazyConsole())
err_console = cast("Console", _LazyConsole(stderr=True))

MAX_INT64 = 2**63 - 1
"""The largest integer SQLite (and PostgreSQL's BIGINT) stores."""
MAX_SEED = MAX_INT64
"""Seeds recorded in the ledger: 0 .. 2**63 - 1."""
MAX_ID = MAX_INT64
"""Round and session ids: 1 .. 2**63 - 1."""
MAX_TOKEN = 4096
"""The longest text token accepted (a whole hand fits many times over)."""


class BadInput(Exception):
    """A command-line token refused by a parser: the message names option and token.

    Deliberately not a ``ValueError`` (see the module's description)."""


# ---------------------------------------------------------------------------------------
# Parsers


def describe_char(ch: str) -> str:
    """A character as a reader can find it: ``'–' (U+2013 EN DASH)``."""
    name = unicodedata.name(ch, "")
    shown = repr(ch) if ch.isprintable() else "a control character"
    return f"{shown} (U+{ord(ch):04X}{' ' + name if name else ''})"


def check_ascii(what: str, token: str) -> None:
    """Refuse a token that holds anything but printable ASCII (spaces included).

    >>> check_ascii("TILES", "6–6")
    Traceback (most recent call last):
    ...
    paigow.cli.common.BadInput: TILES '6–6': holds '–' (U+2013 EN DASH), not plain ASCII; type it with the keyboard's ASCII characters
    """
    for ch in token:
        if not (" " <= ch <= "~"):
            kind = "not plain ASCII" if ord(ch) > 127 else "a control character"
            raise BadInput(
                f"{what} {shown(token)}: holds {describe_char(ch)}, {kind}; "
                "type it with the keyboard's ASCII characters"
            )


def shown(token: str, limit: int = 300) -> str:
    """A token quoted for a message, cut if long."""
    if len(token) > limit:
        return repr(token[:limit]) + f"… ({len(token):,} characters)"
    return repr(token)


class Parser:
    """Reads one command-line token; :class:`BadInput` names ``what`` and the token.

    Values that are not strings (a parameter's default) pass through unchanged."""

    ascii_only = True
    metavar = "TEXT"
    """How the help shows the value (click's words: ``TEXT``, ``INTEGER``, ``FILE``)."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if len(value) > MAX_TOKEN:
            raise BadInput(f"{self.what} {shown(value)}: longer than {MAX_TOKEN:,} characters")
        if self.ascii_only:
            check_ascii(self.what, value)
        try:
            return self.parse(value)
        except PaigowError as exc:
            raise BadInput(f"{self.what} {shown(value)}: {exc}") from None

    def parse(self, text: str) -> Any:
        """The value of ``text`` (already checked to be ASCII where required)."""
        return text

    offers_values = False
    """Whether shell completion offers this parameter's values (:meth:`completions`);
    otherwise the shell completes as it would (a file name, nothing)."""

    def completions(self) -> Sequence[str]:
        """The values shell completion offers (none: any text)."""
        return ()


class Token(Parser):
    """Any ASCII text (a tile, a card list, a way's name, a reason); ``strip`` leading and
    trailing blanks. ``table:PATH`` strategy names may hold any character in PATH."""

    def __init__(self, what: str, *, allow_empty: bool = True, max_length: int = MAX_TOKEN,
                 table_path: bool = False, metavar: str | None = None,
                 complete: Callable[[], Sequence[str]] | None = None) -> None:
        super().__init__(what)
        self.allow_empty = allow_empty
        self.max_length = max_length
        self.table_path = table_path
        if table_path:
            self.metavar = "WAY"
        elif what.startswith("--"):  # --reason REASON: never a bare TEXT
            self.metavar = what[2:].upper().replace("-", "_")
        if metavar is not None:
            self.metavar = metavar
        self.complete = complete
        self.offers_values = complete is not None

    def completions(self) -> Sequence[str]:
        return self.complete() if self.complete is not None else ()

    def __call__(self, value: Any) -> Any:
        if self.table_path and isinstance(value, str) and value.strip().startswith("table:"):
            path = value.strip()[len("table:"):]
            problem = readable_file_problem(Path(path)) if path else "no file named"
            if problem:
                raise BadInput(
                    f"{self.what} {shown(value)}: cannot read the strategy table: {problem}"
                )
            return value.strip()
        return super().__call__(value)

    def parse(self, text: str) -> str:
        out = text.strip()
        if not out and not self.allow_empty:
            raise BadInput(f"{self.what} {text!r}: must not be empty")
        if len(out) > self.max_length:
            raise BadInput(f"{self.what} {shown(text)}: at most {self.max_length} characters")
        return out


class Choice(Parser):
    """One word of a fixed set, any case; the canonical (lower-case) word."""

    def __init__(self, what: str, *choices: str) -> None:
        super().__init__(what)
        self.choices = choices
        self.metavar = "[" + "|".join(choices) + "]"
        self.offers_values = True

    def completions(self) -> Sequence[str]:
        return self.choices

    def parse(self, text: str) -> str:
        word = text.strip().lower()
        if word not in self.choices:
            raise BadInput(f"{self.what} {text!r}: choose {', '.join(self.choices)}")
        return word


_INT = re.compile(r"[+-]?[0-9](?:_?[0-9])*|[0-9]{1,3}(?:,[0-9]{3})+")


class Int(Parser):
    """A whole number ``lo <= n <= hi`` in ASCII digits (``1_000`` and ``1,000`` too)."""

    metavar = "INTEGER"

    def __init__(self, what: str, lo: int = -MAX_INT64 - 1, hi: int = MAX_INT64) -> None:
        super().__init__(what)
        self.lo, self.hi = lo, hi

    def parse(self, text: str) -> int:
        raw = text.strip()
        if len(raw) > 60 or not _INT.fullmatch(raw):
            raise BadInput(f"{self.what} {shown(text)}: not a whole number")
        n = int(raw.replace(",", ""))
        if not self.lo <= n <= self.hi:
            raise BadInput(f"{self.what} {text!r}: must be {self._range()}")
        return n

    def _range(self) -> str:
        hi = "2**63 - 1" if self.hi == MAX_INT64 else f"{self.hi:,}"
        return f"a whole number from {self.lo:,} to {hi}"


_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


class Float(Parser):
    """A finite decimal number ``lo <= x <= hi`` (``nan`` and ``inf`` are refused)."""

    metavar = "NUMBER"

    def __init__(self, what: str, lo: float, hi: float) -> None:
        super().__init__(what)
        self.lo, self.hi = lo, hi

    def parse(self, text: str) -> float:
        raw = text.strip()
        if len(raw) > 60 or not _FLOAT.fullmatch(raw):
            raise BadInput(f"{self.what} {shown(text)}: not a finite decimal number")
        x = float(raw)
        if not math.isfinite(x) or not self.lo <= x <= self.hi:
            raise BadInput(f"{self.what} {text!r}: must be from {self.lo:g} to {self.hi:g}")
        return x


class Amount(Parser):
    """Dollars with at most two decimals (``12.50``) as a string the core reads again
    (:func:`paigow.table.money.parse_major`); checked here, ``0`` allowed."""

    metavar = "DOLLARS"

    def __init__(self, what: str, most: int = 10**12) -> None:
        super().__init__(what)
        self.most = most

    def parse(self, text: str) -> str:
        from paigow.table.money import parse_major

        if parse_major(text) > self.most * 100:
            raise BadInput(f"{self.what} {text!r}: at most ${self.most:,}")
        return text.strip()


class Rate(Parser):
    """A commission rate (``5%``, ``0.05``, ``1/20``), read by :func:`paigow.settle.parse_rate`."""

    metavar = "RATE"

    def parse(self, text: str) -> str:
        from paigow.settle import parse_rate

        parse_rate(text)
        return text.strip()


def _path_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a file to write, or ``None``."""
    if path.is_dir():
        return "is a directory"
    parent = path.parent
    if not parent.exists():
        return f"its folder {str(parent)!r} does not exist"
    if not parent.is_dir():
        return f"{str(parent)!r} is not a folder"
    if path.exists() and not path.is_file():
        return "is not a regular file"
    if path.exists() and not os.access(path, os.W_OK):
        return "is not writable"
    if not path.exists() and not os.access(parent, os.W_OK | os.X_OK):
        return f"the folder {str(parent)!r} is not writable"
    return None


def readable_file_problem(path: Path, *, utf8: bool = True) -> str | None:
    """Why ``path`` cannot be read as a (UTF-8) text file, or ``None``."""
    if not path.exists():
        return "does not exist" if path.parent.is_dir() else "its folder does not exist"
    if path.is_dir():
        return "is a directory"
    if not path.is_file():
        return "is not a regular file"
    try:
        with path.open("rb") as f:
            if utf8:
                import codecs

                dec = codecs.getincrementaldecoder("utf-8")()
                done = 0
                while chunk := f.read(1 << 16):
                    try:
                        dec.decode(chunk)
                    except UnicodeDecodeError as exc:
                        return f"is not UTF-8 text (byte {done + exc.start:,})"
                    done += len(chunk)
                try:
                    dec.decode(b"", final=True)
                except UnicodeDecodeError:
                    return "is not UTF-8 text (it ends inside a character)"
            else:
                f.read(1)
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    return None


class InputFile(Parser):
    """An existing regular file that can be read as UTF-8 text; the path as given."""

    ascii_only = False
    metavar = "FILE"

    def parse(self, text: str) -> str:
        if not text:
            raise BadInput(f"{self.what} '': give a file")
        problem = readable_file_problem(Path(text))
        if problem:
            raise BadInput(f"{self.what} {shown(text)}: {problem}")
        return text


class OutputFile(Parser):
    """A file to write: not a directory, in an existing folder, writable if it exists."""

    ascii_only = False
    metavar = "FILE"

    def parse(self, text: str) -> str:
        if not text:
            raise BadInput(f"{self.what} '': give a file")
        problem = _path_problem(Path(text))
        if problem:
            raise BadInput(f"{self.what} {shown(text)}: {problem}")
        return text


class Database(Parser):
    """A ledger: a SQLite path, ``sqlite:///PATH``, ``:memory:``, or a PostgreSQL URL.

    ``mode="write"`` (play, serve): the file may be new, but its folder must exist
    (nothing else is created). ``mode="read"`` (history, replay, verify, void): the
    ledger must exist already. Messages show a URL with its password masked."""

    ascii_only = False
    metavar = "DB"

    def __init__(self, what: str, mode: Literal["read", "write"]) -> None:
        super().__init__(what)
        self.mode = mode

    def parse(self, text: str) -> str:
        from paigow.store import is_server_url, mask_url, resolve_db

        if not text:
            raise BadInput(f"{self.what} '': give a file or a database URL")
        if is_server_url(text):
            check_ascii(self.what, mask_url(text))
            return text
        try:
            path = resolve_db(text)
        except PaigowError as exc:
            raise BadInput(f"{self.what}: {exc}") from None
        if path == ":memory:":
            return text
        p = Path(path)
        if self.mode == "read":
            if not p.exists():
                raise BadInput(f"{self.what} {shown(text)}: there is no ledger there")
            problem = readable_file_problem(p, utf8=False)
        else:
            problem = _path_problem(p)
        if problem:
            raise BadInput(f"{self.what} {shown(text)}: {problem}")
        return text


def completer(parser: Parser) -> Callable[[str], list[str]]:
    """The shell-completion callback of a parameter read by ``parser``: the parser's
    :meth:`~Parser.completions` that begin with what was typed (case-insensitive)."""

    def complete(incomplete: str) -> list[str]:
        typed = (incomplete or "").lower()
        return [v for v in parser.completions() if v.lower().startswith(typed)]

    return complete


def option(*decls: str, parser: Parser, help: str = "", **kw: Any) -> Any:
    """``typer.Option(*decls, parser=parser, …)``: an option read by a paigow parser; its
    help shows the parser's :attr:`~Parser.metavar` (``--joker [bug|wild]``), and shell
    completion offers the parser's values (:meth:`Parser.completions`)."""
    kw.setdefault("metavar", parser.metavar)
    if parser.offers_values:
        kw.setdefault("autocompletion", completer(parser))
    return typer.Option(*decls, parser=parser, help=help, **kw)


def argument(*, parser: Parser, help: str = "", **kw: Any) -> Any:
    """``typer.Argument(parser=parser, …)``: an argument read by a paigow parser, shown by
    the name the parser gives it when that is a metavar (``TILES``, ``CARDS``), else by
    its parameter's name in capitals; completion as for :func:`option`."""
    if "metavar" not in kw and re.fullmatch(r"[A-Z][A-Z0-9_]*", parser.what):
        kw["metavar"] = parser.what
    if parser.offers_values:
        kw.setdefault("autocompletion", completer(parser))
    return typer.Argument(parser=parser, help=help, **kw)


# ---------------------------------------------------------------------------------------
# The values completion offers (each looked up when asked: never at start-up)


def tile_way_names() -> list[str]:
    """The tile ways by name and the shipped way files (``australian.toml``)."""
    from paigow.tiles.ways.registry import NAMES

    return [n for n in NAMES if n.islower()]


def poker_way_names() -> list[str]:
    """The poker ways: house, basic, optimal and the shipped way files (``foxwoods``)."""
    from paigow.poker.ways import NAMES
    from paigow.poker.ways.file_way import shipped_ways

    return list(dict.fromkeys((*NAMES, *shipped_ways())))


def poker_way_file_names() -> list[str]:
    """The shipped poker way files (``foxwoods``): what a way file argument offers."""
    from paigow.poker.ways.file_way import shipped_ways

    return list(shipped_ways())


def any_way_names() -> list[str]:
    """The ways of both games (an option that serves either game offers both)."""
    return list(dict.fromkeys((*tile_way_names(), *poker_way_names())))


def paytable_names() -> list[str]:
    """The shipped pay tables (``fortune``, ``emperors-challenge``)."""
    from paigow.poker.sidebet import shipped_paytables

    return shipped_paytables()


def tile_way_file_names() -> list[str]:
    """The shipped tile way files (``australian.toml``)."""
    from paigow.tiles.ways.registry import shipped_files

    return list(shipped_files())


JSON_OPTION = typer.Option("--json", help="Print machine-readable JSON instead of tables.")

SEED_HELP = "Make the session reproducible (0 to 2**63-1)."
INSECURE_SEED_HELP = (
    "Allow --seed at a table people join. A seeded table deals predictable rounds: "
    "anyone who learns the seed knows every deck. For demonstrations only."
)


def seed_option(help: str = SEED_HELP) -> Any:
    """``--seed N``: a seed the ledger can store (0 .. 2**63 - 1)."""
    return option("--seed", parser=Int("--seed", 0, MAX_SEED), help=help)


INSECURE_SEED_OPTION = typer.Option("--insecure-seed", help=INSECURE_SEED_HELP)
"""The flag a table that people join needs before it takes ``--seed`` (see
:func:`paigow.table.chance.live_table_chance`)."""


def db_option(mode: Literal["read", "write"]) -> Any:
    """``--db``: the ledger, checked for ``mode`` (see :class:`Database`)."""
    return option(
        "--db", parser=Database("--db", mode),
        help="The ledger: a SQLite file (or sqlite:///PATH), or postgresql://USER@HOST/DBNAME; "
        "default: a SQLite file in the user data dir.",
    )


# ---------------------------------------------------------------------------------------
# Output


def _default(obj: object) -> Any:
    if isinstance(obj, Fraction):
        return float(obj)
    if hasattr(obj, "to_json"):
        return obj.to_json()
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


def print_json(data: Any) -> None:
    """Write ``data`` as JSON to stdout (Fractions become floats), Chinese names as
    characters (escaped only where stdout cannot write them)."""
    text = json.dumps(data, default=_default, indent=2, ensure_ascii=False) + "\n"
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:  # a terminal that cannot show 天: the JSON escapes it
        sys.stdout.write(json.dumps(data, default=_default, indent=2) + "\n")


def print_json_line(data: Any) -> None:
    """Write ``data`` as one line of JSON to stdout, flushed at once (a server's start-up
    line, read by whoever started it while the server runs on)."""
    sys.stdout.write(json.dumps(data, default=_default) + "\n")
    sys.stdout.flush()


def error_line(message: str) -> None:
    """Print ``error: message`` on stderr as one line, secrets masked, markup inert."""
    from rich.text import Text

    from paigow.masking import mask_url

    text = " ".join(mask_url(str(message)).splitlines()) or "unknown error"
    line = Text("error: ", style="bold red")
    line.append(text)
    err_console.print(line, highlight=False, soft_wrap=True)


def fail(message: str) -> NoReturn:
    """Report bad input the way every command does: one line on stderr, exit status 2."""
    error_line(message)
    raise typer.Exit(code=2)


def run_command(body: Callable[[], T]) -> T:
    """Run a command body, turning bad input into :func:`fail` (the root handler does
    the same for every command; this is kept for callers that want it early)."""
    try:
        return body()
    except (PaigowError, BadInput) as exc:
        fail(str(exc))


# ---------------------------------------------------------------------------------------
# The root handler


def exit_code_of(exc: BaseException) -> int | None:
    """The exit status for an exception the handler knows (after printing its one line),
    or ``None`` for one it does not (a bug: let it show)."""
    if isinstance(exc, (BadInput, PaigowError)):
        error_line(str(exc))
        return 2
    if isinstance(exc, UnicodeDecodeError):
        error_line(f"a file is not UTF-8 text: {exc.reason} at byte {exc.start:,}")
        return 2
    if isinstance(exc, OSError) and (exc.filename is not None or exc.errno is not None):
        where = f"{exc.filename!s}: " if exc.filename is not None else ""
        if exc.filename2 is not None:
            where = f"{exc.filename!s} -> {exc.filename2!s}: "
        error_line(f"{where}{exc.strerror or exc}")
        return 2
    name = type(exc).__name__
    if name == "NoArgsIsHelpError":  # `paigow tiles` alone: the help, as Typer shows it
        exc.show()  # type: ignore[attr-defined]
        return int(getattr(exc, "exit_code", 2))
    if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):  # a usage error
        msg = exc.format_message()
        ctx = getattr(exc, "ctx", None)
        path = getattr(ctx, "command_path", "") if ctx is not None else ""
        hint = f" (see {path} --help)" if path else ""
        error_line(f"{msg}{hint}")
        return int(exc.exit_code)
    if name == "Abort":
        error_line("aborted")
        return 1
    return None


@dataclass(frozen=True)
class Lazy:
    """A command or group known by name and one line of help, imported when first used:
    ``load()`` gives a Typer app (a group) or a command function. ``hidden``: runs, but
    is not listed (an old name kept for a release)."""

    help: str
    load: Callable[[], Any]
    hidden: bool = False


class ParserCoercion:
    """Reads a parameter's tokens with its paigow :class:`Parser`, directly.

    Typer (0.2x) coerces every value through a pydantic ``TypeAdapter`` built on first
    use; importing pydantic costs more than the rest of ``paigow tiles value`` together.
    A paigow parser already does all the checking, so the command hands each parameter
    that has one this object instead (same contract: ``None`` is "not given", ``()`` for
    a list; each token read by the parser, :class:`BadInput` passed through)."""

    def __init__(self, parser: Parser | None) -> None:
        self.parser = parser

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if self.parser is None:  # a flag: True, False or not given
            return value if value is None else bool(value)
        many = bool(getattr(param, "multiple", False)) or param.nargs == -1
        if value is None:
            return () if many else None
        if many:
            if isinstance(value, str):
                raise BadInput(f"{self.parser.what} {shown(value)}: give one value a token")
            return [self.parser(v) for v in value]
        return self.parser(value)


def parser_of(param: Any) -> Parser | None:
    """The paigow parser a Typer parameter was declared with (:func:`option`), if any."""
    info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
    parser = getattr(info, "parser", None)
    return parser if isinstance(parser, Parser) else None


class DirectRead:
    """Parses with every parameter read by its paigow parser directly (Typer adds some
    parameters after making the command: the help and completion options)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        read_directly(self.get_params(ctx))  # type: ignore[attr-defined]
        return super().parse_args(ctx, args)  # type: ignore[misc,no-any-return]


class PaigowCommand(DirectRead, HelpMixin, TyperCommand):
    """A command with paigow's plain help (:mod:`paigow.cli.helptext`) whose parameters
    are read by their paigow parsers directly (:class:`ParserCoercion`)."""


def read_directly(params: Sequence[Any]) -> None:
    """Give each parameter with a paigow parser, and each flag, a :class:`ParserCoercion`."""
    for param in params:
        if not hasattr(param, "_runtime_param"):
            continue  # another Typer: its own coercion stays
        parser = parser_of(param)
        if parser is not None:
            param._runtime_param = ParserCoercion(parser)
        elif getattr(param, "is_flag", False) and getattr(
                getattr(param, "type_descriptor", None), "annotation", None) is bool:
            param._runtime_param = ParserCoercion(None)


class PaigowGroup(DirectRead, HelpMixin, TyperGroup):
    """A Typer group whose ``main`` is the root handler (see the module's description),
    with paigow's plain help, and commands that may be :class:`Lazy`: listed from their
    line of help, imported only when run (so ``paigow --help`` imports no command)."""

    lazy: ClassVar[dict[str, Lazy]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return [*(n for n in self.commands if n not in self.lazy), *self.lazy]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.commands[cmd_name] = build_lazy(cmd_name, self.lazy[cmd_name])
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except Exception as exc:  # a usage error: suggest from every command, loaded or not
            message = getattr(exc, "message", None)
            if isinstance(message, str) and args and "Did you mean" not in message:
                close = difflib.get_close_matches(args[0], self.list_commands(ctx))
                if close:
                    exc.message = (  # type: ignore[attr-defined]
                        f"{message.rstrip('.')}. Did you mean {', '.join(map(repr, close))}?")
            raise

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.commands.get(name)
            if cmd is not None:
                if not cmd.hidden:
                    rows.append((name, cmd.get_short_help_str(formatter.width - 6 - len(name))))
            elif not self.lazy[name].hidden:
                rows.append((name, first_sentence(split_example(self.lazy[name].help)[0])))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            code = rv if isinstance(rv, int) and not isinstance(rv, bool) else 0
        except Exception as exc:
            known = exit_code_of(exc)
            if known is None:
                raise
            code = known
        if standalone_mode:
            sys.exit(code)
        return code


def build_lazy(name: str, entry: Lazy) -> Any:
    """The click command of a :class:`Lazy` entry, named ``name``: a group of lazy
    commands for a Typer app, a command for a function or a registered command."""
    target = entry.load()
    if isinstance(target, typer.Typer) and _plain_group(target):
        return lazy_group(name, target)
    if isinstance(target, CommandInfo):
        one = new_app()
        one.registered_commands.append(target)
        target = one
    elif not isinstance(target, typer.Typer):
        one = new_app()
        one.command(name)(target)
        target = one
    cmd = typer.main.get_command(target)
    cmd.name = name
    return cmd


def _plain_group(app: typer.Typer) -> bool:
    """A paigow app of commands only (no callback, no sub-groups): its commands can be
    built one by one, when used."""
    return (isinstance(app.info.cls, type) and issubclass(app.info.cls, PaigowGroup)
            and not app.registered_groups and app.registered_callback is None
            and app.info.callback is None)


def _given(value: Any, default: Any) -> Any:
    return default if isinstance(value, DefaultPlaceholder) else value


def lazy_group(name: str, app: typer.Typer) -> Any:
    """The click group of ``app`` with each command built only when it is used (a command
    built costs about 1.5 ms: ``paigow tiles value`` builds one, not thirteen)."""
    lazy: dict[str, Lazy] = {}
    for info in app.registered_commands:
        assert info.callback is not None
        cname = info.name or info.callback.__name__.lower().replace("_", "-")
        doc = info.help if info.help is not None else (inspect.getdoc(info.callback) or "")
        lazy[cname] = Lazy(doc, lambda info=info: info,  # type: ignore[misc]
                           hidden=bool(info.hidden))
    cls = type("PaigowGroup", (PaigowGroup,), {"lazy": lazy})
    return cls(name=name, help=_given(app.info.help, None),
               no_args_is_help=_given(app.info.no_args_is_help, False),
               rich_markup_mode=None)


class PaigowTyper(typer.Typer):
    """A Typer app whose commands are :class:`PaigowCommand` unless told otherwise."""

    def command(self, name: str | None = None, *, cls: Any = None, **kw: Any) -> Any:
        return super().command(name, cls=cls or PaigowCommand, **kw)


def new_app(*, lazy: dict[str, Lazy] | None = None, **kw: Any) -> typer.Typer:
    """A Typer app with the root handler and plain help; use it for every app and sub-app.
    ``lazy``: commands imported when first used (:class:`Lazy`)."""
    kw.setdefault("pretty_exceptions_enable", False)
    kw.setdefault("add_completion", False)
    kw.setdefault("rich_markup_mode", None)
    kw.setdefault("cls", type("PaigowGroup", (PaigowGroup,), {"lazy": dict(lazy or {})}))
    app = PaigowTyper(**kw)
    if lazy:
        app.callback()(_no_options)  # a group even before any command is loaded
    return app


def _no_options() -> None:
    pass


# ---------------------------------------------------------------------------------------
# Old spellings, kept one release (1.x) and saying so


REMOVED_IN = "2.0"
"""The release that drops the old spellings kept by :func:`deprecated_command` and
:func:`deprecated_option`."""


def deprecation(old: str, new: str) -> None:
    """Say on stderr (never on stdout: ``--json`` stays JSON) that ``old`` is ``new`` now."""
    err_console.print(f"warning: {old} is deprecated and goes in paigow {REMOVED_IN}: "
                      f"use {new}", highlight=False, markup=False, soft_wrap=True)


def deprecated_command(app: typer.Typer, old: str, new: str, fn: Callable[..., Any],
                       path: str) -> None:
    """Register ``fn`` once more under its ``old`` name on ``app``, hidden from the help,
    saying when run that the name is deprecated (``path``: the group, ``paigow poker``)."""
    import functools

    @functools.wraps(fn)
    def old_name(*args: Any, **kw: Any) -> Any:
        deprecation(f"'{path} {old}'", f"'{path} {new}'")
        return fn(*args, **kw)

    app.command(old, hidden=True)(old_name)


def deprecated_option(old: str, new: str, parser: Parser) -> Any:
    """A hidden option under an ``old`` name, kept one release: give its value to
    :func:`prefer` with the new option's."""
    return option(old, parser=parser, hidden=True, help=f"Deprecated: use {new}.")


def prefer(new_value: T, old_value: T | None, old: str, new: str) -> T:
    """The value of an option given under its new name or its old one (saying so)."""
    if old_value is None:
        return new_value
    deprecation(old, new)
    return old_value


# ---------------------------------------------------------------------------------------
# serve: can we listen there? (called before anything is written)


def check_bind(host: str, port: int) -> None:
    """Refuse (:class:`~paigow.errors.PaigowError`) an address ``serve`` cannot listen
    on: a host that is not an address of this machine or does not resolve, a port out of
    range, a port in use. Binds a socket the way uvicorn does (``SO_REUSEADDR``), then
    closes it, so call it before writing anything and start the server right after.

    >>> check_bind("127.0.0.1", 0)
    >>> check_bind("no such host.invalid", 8000)
    Traceback (most recent call last):
    ...
    paigow.errors.PaigowError: --host 'no such host.invalid' is not a host name or address
    """
    bind_socket(host, port).close()


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening-ready socket bound to ``host:port`` (see :func:`check_bind`); the
    caller owns it (uvicorn can serve on it: ``Server.run(sockets=[sock])``)."""
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise PaigowError(f"--port {port!r} must be from 0 to 65535 (0: any free port)")
    if not host or len(host) > 253 or any(not ("!" <= c <= "~") for c in host):
        raise PaigowError(f"--host {host!r} is not a host name or address")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise PaigowError(f"--host {host!r} is not a host name or address") from None
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
    except OSError as exc:
        sock.close()
        raise PaigowError(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}"
        ) from None
    return sock
