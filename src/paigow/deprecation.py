"""Renamed keywords keep working for one release, saying so (a :class:`DeprecationWarning`
that names the new spelling).

>>> import warnings
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     renamed("paigow.poker.advise", "way", "dealer", "foxwoods", None, "house")
'foxwoods'
>>> print(seen[0].message)
paigow.poker.advise(way=...) is now paigow.poker.advise(dealer=...): the old keyword goes in the next release
"""

from __future__ import annotations

import warnings
from typing import TypeVar

from paigow.errors import RuleError

T = TypeVar("T")


def renamed(func: str, old: str, new: str, old_value: T | None, new_value: T | None,
            default: T) -> T:
    """The value of a keyword renamed from ``old`` to ``new``: ``old_value`` (with a
    warning) when only the old keyword was given, else ``new_value`` or ``default``.

    Raises:
        RuleError: both keywords given.
    """
    if old_value is None:
        return default if new_value is None else new_value
    if new_value is not None:
        raise RuleError(f"{func}: give {new}= only ({old}= is its old name)")
    warnings.warn(f"{func}({old}=...) is now {func}({new}=...): the old keyword goes in the "
                  "next release", DeprecationWarning, stacklevel=3)
    return old_value


__all__ = ["renamed"]
