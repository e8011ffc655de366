"""What a value prints reads back: a value's repr is the call that makes it again
(``Card('As')``, ``Setting.parse('Kd 9c 7d 4s 3h | Qs Jh')``), and the readers of
notation take that text too, as python-chess's ``Board('<fen>')`` does.

>>> unwrap("Setting.parse('6-6 5-3 / 1-1 4-2')", "Setting.parse", "Setting")
'6-6 5-3 / 1-1 4-2'
>>> unwrap("6-6 5-3 / 1-1 4-2", "Setting.parse")
'6-6 5-3 / 1-1 4-2'
"""

from __future__ import annotations


def unwrap(text: str, *names: str) -> str:
    """The quoted text inside ``NAME('...')`` for one of ``names``, else ``text`` as it is."""
    t = text.strip()
    for name in names:
        if t.startswith(name + "(") and t.endswith(")"):
            inner = t[len(name) + 1 : -1].strip()
            if len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "'\"":
                return inner[1:-1]
    return text


__all__ = ["unwrap"]
