"""Help in the form command-line users know (git, pip, click tools), made in one place.

Every command and group of ``paigow`` is a :class:`HelpMixin` (through
:func:`paigow.cli.common.new_app`), so a command or option added anywhere gets this help
for free:

* plain text, never markup: reST roles and literals in docstrings (````x````,
  ``:func:`x```) are shown as the bare words;
* flags as flags (``--json``), choices as choices (``--joker [bug|wild]``), other values
  by their kind (``--seed INTEGER``, ``--db DB``), arguments by name (``TILES...``,
  ``CARDS...``, ``[ROUND_ID]``), all taken from the parameter's paigow parser
  (:attr:`paigow.cli.common.Parser.metavar`);
* one example line per command: the docstring's line ``Example: paigow ...`` is taken out
  of the text and shown last, under ``Example:`` (tests/cli/test_help.py checks that every
  command has one that parses).

No rich import: ``paigow --help`` stays a fast, plain process.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

EXAMPLE = re.compile(r"^\s*Example:\s*(?P<line>\S.*?)\s*$", re.MULTILINE)

_ROLE = re.compile(r":(?:[a-z]+:)+`~?(?:[\w.]+\.)?([^`]+)`")
_LITERAL = re.compile(r"``([^`]+)``")
_TICKS = re.compile(r"(?<![`\w])`([^`\n]+)`(?![`\w])")
_STRONG = re.compile(r"\*\*([^*\n]+)\*\*")


def plain(text: str) -> str:
    """Docstring text as plain words: reST roles, literals and bold taken off.

    >>> plain("Rank with :func:`~paigow.poker.rank.rank_hand`, e.g. ``paigow poker rank``.")
    'Rank with rank_hand, e.g. paigow poker rank.'
    >>> plain("**one** line and `a tick`")
    'one line and a tick'
    """
    text = _ROLE.sub(r"\1", text)
    text = _LITERAL.sub(r"\1", text)
    text = _TICKS.sub(r"\1", text)
    return _STRONG.sub(r"\1", text)


def split_example(help_text: str | None) -> tuple[str, str | None]:
    """A docstring's text without its ``Example:`` line, and that line's command.

    >>> split_example("Rank a hand.\\n\\nExample: paigow poker rank As Ks Qs Js Jk")
    ('Rank a hand.', 'paigow poker rank As Ks Qs Js Jk')
    """
    text = inspect.cleandoc(help_text or "").partition("\f")[0]
    found = EXAMPLE.findall(text)
    example = found[0] if len(found) == 1 else None
    if example is not None:
        text = EXAMPLE.sub("", text)
    return plain(text).strip(), example


_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)\.(?:\s|$)")


def first_sentence(text: str) -> str:
    """The first sentence of a text's first paragraph, without its full stop.

    >>> first_sentence("Rank a hand, e.g. a royal flush. Then more.\\n\\nOther.")
    'Rank a hand, e.g. a royal flush'
    """
    para = " ".join(text.split("\n\n")[0].split())
    end = _SENTENCE_END.search(para)
    return para[: end.start()] if end else para


def examples_in(help_text: str | None) -> list[str]:
    """Every ``Example:`` line of a docstring (a command should have exactly one)."""
    return EXAMPLE.findall(inspect.cleandoc(help_text or ""))


def metavar_of(param: Any) -> str:
    """How a parameter's value is shown: ``""`` for a flag, else its metavar."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return ""
    if param.metavar:
        return str(param.metavar)
    info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
    name = getattr(getattr(info, "parser", None), "metavar", None)
    if not name:
        name = param.name.upper() if param.param_type_name == "argument" else "TEXT"
    return str(name)


def argument_label(param: Any) -> str:
    """``TILES...``, ``PLAYER`` or ``[ROUND_ID]``."""
    label = metavar_of(param)
    if param.nargs != 1 and not label.endswith("..."):
        label += "..."
    return label if param.required else f"[{label}]"


def option_label(param: Any) -> str:
    """``--joker [bug|wild]``, ``-o, --output FILE``, ``--save / --no-save``."""
    shown = ", ".join(sorted(param.opts, key=lambda o: (o.startswith("--"), o)))
    value = metavar_of(param)
    if value:
        shown += f" {value}"
    if param.secondary_opts:
        shown += " / " + ", ".join(param.secondary_opts)
    return shown


def _default_text(param: Any) -> str | None:
    show = getattr(param, "show_default", True)
    if isinstance(show, str):
        return str(show)
    if show is False or param.required or getattr(param, "hidden", False):
        return None
    default = param.default
    if callable(default) or default is None or default == "" or default == [] or default == ():
        return None
    if getattr(param, "is_flag", False):
        if not param.secondary_opts:
            return None  # a plain flag is off unless given
        return str((param.opts if default else param.secondary_opts)[-1]).lstrip("-")
    if isinstance(default, (list, tuple)):
        return ", ".join(map(str, default))
    return str(default)


def param_record(param: Any) -> tuple[str, str]:
    """The (label, help) pair of a parameter in the help's Arguments or Options list."""
    label = argument_label(param) if param.param_type_name == "argument" else option_label(param)
    extra = []
    default = _default_text(param)
    if default is not None:
        extra.append(f"default: {default}")
    if param.required and param.param_type_name == "option":
        extra.append("required")
    text = plain(param.help or "")
    if extra:
        text = f"{text}  [{'; '.join(extra)}]".strip()
    return label, text


class HelpMixin:
    """Click's ``format_*`` methods writing paigow's plain help (see the module)."""

    help: str | None
    hidden: bool
    options_metavar: str | None

    def get_short_help_str(self, limit: int = 45) -> str:
        """The first sentence of the help, whole (the list wraps it; ``limit`` is
        click's and unused: a cut sentence says less than a wrapped one)."""
        return first_sentence(split_example(getattr(self, "short_help", None) or self.help)[0])

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            if param.param_type_name == "argument" and not getattr(param, "hidden", False):
                pieces.append(argument_label(param))
        if getattr(self, "subcommand_metavar", None):
            pieces.append(self.subcommand_metavar)  # type: ignore[attr-defined]
        return pieces

    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        text, _ = split_example(self.help)
        if text:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(text)

    def format_options(self, ctx: Any, formatter: Any) -> None:
        args: list[tuple[str, str]] = []
        opts: list[tuple[str, str]] = []
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            if getattr(param, "hidden", False):
                continue
            (args if param.param_type_name == "argument" else opts).append(param_record(param))
        if args:
            with formatter.section("Arguments"):
                formatter.write_dl(args)
        if opts:
            with formatter.section("Options"):
                formatter.write_dl(opts)
        if hasattr(self, "format_commands"):
            self.format_commands(ctx, formatter)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        _, example = split_example(self.help)
        epilog = getattr(self, "epilog", None)
        if epilog:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(plain(inspect.cleandoc(epilog)))
        if example:  # one line, never wrapped, to copy and paste
            formatter.write_paragraph()
            formatter.write(f"Example:\n  {example}\n")
