"""Griffe extension for the documentation site: docstrings written for ``help()`` and
doctest read as Markdown.

* a run of doctest lines (``>>>`` and what follows, up to a blank line) becomes a fenced
  ``pycon`` block, so examples show as code (the doctests themselves run in pytest);
* reST roles and literals (``:func:`~paigow.tiles.api.value```, ````x````) become code
  spans.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:[a-z]+:)+`(~?)([^`]+)`")
_LITERAL = re.compile(r"``([^`]+)``")


def _role(m: re.Match[str]) -> str:
    short, target = m.group(1), m.group(2)
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


def markdown(text: str) -> str:
    """A docstring as Markdown (see the module)."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(_LITERAL.sub(r"`\1`", _ROLE.sub(_role, line)))
        i += 1
    return "\n".join(out)


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrites every docstring with :func:`markdown` as it is loaded."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
