"""MkDocs hook: the Commands page, made at build time from the ``paigow`` command itself.

Every command's ``--help`` (plain text, with its example line) is walked from the root, so
the page is never out of date and no generated file is kept in the repository.
"""

from __future__ import annotations

from typing import Any

from mkdocs.structure.files import File, Files

PAGE = "reference/commands.md"


def commands_markdown() -> str:
    """The page: each command's help under a heading, in the order ``--help`` lists them."""
    import typer.main

    from paigow.cli import app

    root = typer.main.get_command(app)
    out = ["# Commands", "",
           "Every `paigow` command with its `--help`, as the command prints it (this page is "
           "made from the command when the site is built). Every command takes `--json`; bad "
           "input prints one line, `error: ...`, and exits with status 2.", ""]

    def walk(cmd: Any, ctx: Any, path: str, depth: int) -> None:
        heading = "#" * min(depth + 1, 4)
        out.extend([f"{heading} `{path}`", "", "```text", cmd.get_help(ctx), "```", ""])
        for name in getattr(cmd, "list_commands", lambda c: [])(ctx):
            sub = cmd.get_command(ctx, name)
            if sub.hidden:  # an old name kept for a release: not documented
                continue
            walk(sub, sub.context_class(sub, info_name=name, parent=ctx), f"{path} {name}",
                 depth + 1)

    walk(root, root.context_class(root, info_name="paigow"), "paigow", 1)
    return "\n".join(out)


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, PAGE, content=commands_markdown()))
    return files
