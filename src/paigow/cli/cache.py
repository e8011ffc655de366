"""``paigow cache``: what paigow keeps between processes, with sizes; and clearing it."""

from __future__ import annotations

from typing import Annotated

import typer

from paigow.cli.common import JSON_OPTION, Token, argument, console, new_app, print_json

app = new_app(
    name="cache",
    help="List what paigow keeps in its cache (each file, what it is, its size, the "
         "total), or clear it.",
    invoke_without_command=True,
)


def _rows(json: bool) -> None:
    from rich.table import Table

    from paigow.caches import cache_dir, entries, human

    found = entries()
    total = sum(e.size for e in found)
    if json:
        print_json({"folder": str(cache_dir()), "files": [e.to_json() for e in found],
                    "bytes": total})
        return
    table = Table(title=f"paigow's cache: {cache_dir()}")
    for col in ("kind", "file", "size", "what"):
        table.add_column(col, justify="right" if col == "size" else "left")
    compiled = [e for e in found if e.kind.name == "numba"]
    for e in found:
        if e.kind.name != "numba":
            table.add_row(e.kind.name, e.path.name, human(e.size), e.kind.what)
    if compiled:  # one row: numba writes two files a kernel
        table.add_row("numba", f"{len(compiled)} files (*.nbi, *.nbc)",
                      human(sum(e.size for e in compiled)), compiled[0].kind.what)
    table.add_row("total", f"{len(found)} files", human(total), "")
    console.print(table)


@app.callback()
def cache(
    ctx: typer.Context,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """List what paigow keeps in its cache (each file, what it is, its size, the total),
    or clear it.

    Example: paigow cache
    """
    if ctx.invoked_subcommand is None:
        _rows(json)


@app.command("list")
def list_cmd(json: Annotated[bool, JSON_OPTION] = False) -> None:
    """List each cached file, what it is and its size, and the total.

    Example: paigow cache list --json
    """
    _rows(json)


@app.command("clear")
def clear_cmd(
    names: Annotated[
        list[str] | None,
        argument(parser=Token("NAME"), help="A kind (poker-tables, tiles-ways, numba, ...) "
                 "or a file name or glob that `paigow cache` lists; none: everything."),
    ] = None,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Delete cached files: all of them, or those named (each is rebuilt when next needed).

    Example: paigow cache clear poker-tables
    """
    from paigow.caches import clear, entries, human, select

    found = entries()
    chosen = select(found, names) if names else found
    freed = clear(chosen)
    if json:
        print_json({"deleted": [e.to_json() for e in chosen], "bytes": freed})
        return
    console.print(f"deleted {len(chosen)} files, {human(freed)}", highlight=False)


__all__ = ["app"]
