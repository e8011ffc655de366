"""Every test: Typer's test runner builds each app's click command once, not per call.

``typer.testing.CliRunner.invoke(app, ...)`` turns the whole ``Typer`` app into a click
command on every call (``typer.main.get_command``: about 0.15 s for ``paigow``'s app,
which the suite pays on every one of its command runs). A real ``paigow`` process builds it
once; here too each app's command is built once and reused while the app is unchanged
(a command or group registered later builds it anew). What a command does is the same
click command either way.
"""

from __future__ import annotations

import weakref
from typing import Any

import typer.main
import typer.testing

_build = typer.main.get_command
_built: weakref.WeakKeyDictionary[typer.Typer, tuple[tuple[Any, ...], Any]] = (
    weakref.WeakKeyDictionary()
)


def _shape(app: typer.Typer) -> tuple[Any, ...]:
    """What the built command depends on that can change after the app is made: its
    callback, commands and groups, recursively."""
    return (
        id(app.registered_callback),
        tuple(id(c) for c in app.registered_commands),
        tuple((id(g), g.typer_instance and _shape(g.typer_instance))
              for g in app.registered_groups),
    )


def get_command_once(app: typer.Typer) -> Any:
    """``typer.main.get_command(app)``, built once per app (and shape)."""
    shape = _shape(app)
    hit = _built.get(app)
    if hit is None or hit[0] != shape:
        hit = (shape, _build(app))
        _built[app] = hit
    return hit[1]


assert typer.testing._get_command is _build  # type: ignore[attr-defined]  # what invoke calls
typer.testing._get_command = get_command_once  # type: ignore[attr-defined,assignment]
