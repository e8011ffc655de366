"""The package's long description: README.md with its relative links made absolute.

Everything else about the package is in pyproject.toml. The README's links (``docs/...``,
``CHANGELOG.md``) are relative so that they work in a clone; on a package index page
they would lead nowhere, so the long description points them at the repository named by
``[project.urls] Source`` (tests/test_package.py checks every link of the built metadata).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
_LINK = re.compile(r"(\]\()(?!https?://|mailto:|#)([^)\s]+)(\))")


def long_description() -> str:
    """README.md, each relative link ``](path)`` as ``](SOURCE/blob/main/path)``."""
    meta = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))
    base = meta["project"]["urls"]["Source"].rstrip("/") + "/blob/main/"
    text = (HERE / "README.md").read_text(encoding="utf-8")
    return _LINK.sub(lambda m: f"{m[1]}{base}{m[2].removeprefix('./')}{m[3]}", text)


setup(long_description=long_description(), long_description_content_type="text/markdown")
