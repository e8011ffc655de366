"""The optional parts of paigow and what each needs installed.

The core package (``pip install paigow``) is the engines, the ways, the odds and the
command line. The rest are extras, each installed by name:

==========  =====================================================  ==========================
extra       what it adds                                           installs
==========  =====================================================  ==========================
web         ``paigow serve``: the browser lobby and its tables      FastAPI, uvicorn, Jinja2...
pdf         ``paigow poker card ... -o CARD.pdf``                   CairoSVG
postgres    a ledger on a PostgreSQL server, a card room            psycopg
cluster     ``--scheduler``: analyses on a Dask cluster             dask.distributed
plots       ``--plot``: the ways-diff plots                         matplotlib
all         every extra above
==========  =====================================================  ==========================

:func:`require` is called where a feature starts, before any work: without the extra it
raises :class:`~paigow.errors.MissingExtraError`, one line naming the exact install command
(the command line prints it and exits 2). It looks the modules up without importing them.

>>> require("web", "paigow serve", _modules=("no_such_module_xyz",))
Traceback (most recent call last):
...
paigow.errors.MissingExtraError: paigow serve needs the web extra: pip install 'paigow[web]'
"""

from __future__ import annotations

import importlib.util
from typing import Literal

from paigow.errors import MissingExtraError

Extra = Literal["web", "pdf", "postgres", "cluster", "plots"]
"""The name of an extra (``all`` installs every one)."""

MODULES: dict[Extra, tuple[str, ...]] = {
    "web": ("fastapi", "starlette", "uvicorn", "jinja2", "argon2", "websockets", "orjson",
            "httptools", "babel", "confusable_homoglyphs"),
    "pdf": ("cairosvg",),
    "postgres": ("psycopg",),
    "cluster": ("dask", "distributed"),
    "plots": ("matplotlib",),
}
"""The top-level modules each extra installs (those :func:`require` looks for)."""


def install_command(extra: Extra) -> str:
    """``pip install 'paigow[web]'``: the command that installs ``extra``."""
    return f"pip install 'paigow[{extra}]'"


def missing(extra: Extra, _modules: tuple[str, ...] | None = None) -> list[str]:
    """The modules of ``extra`` that cannot be imported here (none: it is installed)."""
    out = []
    for name in MODULES[extra] if _modules is None else _modules:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            out.append(name)
    return out


def require(extra: Extra, what: str, _modules: tuple[str, ...] | None = None) -> None:
    """Refuse to start ``what`` (a command or a feature, as the user named it) when the
    ``extra`` it needs is not installed.

    Raises:
        MissingExtraError: one line, ``WHAT needs the EXTRA extra: pip install 'paigow[EXTRA]'``.
    """
    if missing(extra, _modules):
        raise MissingExtraError(f"{what} needs the {extra} extra: {install_command(extra)}")


__all__ = ["MODULES", "Extra", "install_command", "missing", "require"]
