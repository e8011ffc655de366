"""Small pieces every ``paigow`` sub-command shares: JSON output and bad-input handling.

Bad input raises :class:`paigow.errors.PaigowError`; :func:`run_command` turns it into one
clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console

from paigow.errors import PaigowError

T = TypeVar("T")

console = Console()
err_console = Console(stderr=True)

JSON_OPTION = typer.Option("--json", help="Print machine-readable JSON instead of tables.")


def _default(obj: object) -> Any:
    if isinstance(obj, Fraction):
        return float(obj)
    if hasattr(obj, "to_json"):
        return obj.to_json()
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


def print_json(data: Any) -> None:
    """Write ``data`` as JSON to stdout (Fractions become floats)."""
    sys.stdout.write(json.dumps(data, default=_default, indent=2) + "\n")


def fail(message: str) -> NoReturn:
    """Report bad input the way every command does: one line on stderr, exit status 2."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(code=2)


def run_command(body: Callable[[], T]) -> T:
    """Run a command body, turning bad input into :func:`fail`."""
    try:
        return body()
    except PaigowError as exc:
        fail(str(exc))
