"""Every test: Typer's test runner builds each app's click command once, not per call;
and the groups of files that run on one worker when the suite runs in parallel.

``typer.testing.CliRunner.invoke(app, ...)`` turns the whole ``Typer`` app into a click
command on every call (``typer.main.get_command``: about 0.15 s for ``paigow``'s app,
which the suite pays on every one of its command runs). A real ``paigow`` process builds it
once; here too each app's command is built once and reused while the app is unchanged
(a command or group registered later builds it anew). What a command does is the same
click command either way.
"""

from __future__ import annotations

import sys
import weakref
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing

sys.path.insert(0, str(Path(__file__).parent))  # the kits shared by test folders (pgkit)

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


# Hypothesis times each example (200 ms by default) and the drawing of its data (a health
# check): on a machine at load 20 those are the machine's speed, not the code's. Every
# property test runs without either (a test that must be fast is a benchmark).
try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - the dev tools are missing: the tests say so
    pass
else:
    settings.register_profile("busy", deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("busy")


# -- running in parallel (pytest-xdist, ``-n 2 --dist loadfile`` in scripts/test.sh) -------

# Each file runs whole on one worker (its module fixtures and its order kept, as in a serial
# run). Files that share a one-time result kept per process or built into the cache dir
# also run on one worker, one after the other, so it is built once per run, never twice at
# once:
SHARED = {
    # the full deck's one-time opponent table (462 MB) and push-kind bits, in the cache dir
    "tests/poker/test_odds_advise.py": "poker-one-time-table",
    "tests/poker/test_odds_push.py": "poker-one-time-table",
    # the full deck's side-bet class counts (an enumeration of every hand, per process)
    "tests/poker/test_envy.py": "poker-class-counts",
    "tests/poker/test_floor_paytables.py": "poker-class-counts",
    "tests/poker/test_sidebet.py": "poker-class-counts",
}


def scope_of(nodeid: str) -> str:
    """The unit of work a test belongs to: its file, or the group of :data:`SHARED`."""
    path = nodeid.split("::", 1)[0]
    return SHARED.get(path, path)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile``, with the files of :data:`SHARED` merged into one unit each.
    (Not ``--dist loadgroup``: it renames node ids, which pytest 9 no longer allows.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    class SharedFileScheduling(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    return SharedFileScheduling(config, log)
