"""What the value types of both games share: a repr that reads back, an order under the
rules a value was made by, and a listing of results.

What a value prints reads back: a value's repr is the call that makes it again
(``Card('As')``, ``Setting.parse('Kd 9c 7d 4s 3h | Qs Jh')``), and the readers of notation
take that text too, as python-chess's ``Board('<fen>')`` does.

>>> unwrap("Setting.parse('6-6 5-3 / 1-1 4-2')", "Setting.parse", "Setting")
'6-6 5-3 / 1-1 4-2'
>>> unwrap("6-6 5-3 / 1-1 4-2", "Setting.parse")
'6-6 5-3 / 1-1 4-2'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")


def unwrap(text: str, *names: str) -> str:
    """The quoted text inside ``NAME('...')`` for one of ``names``, else ``text`` as it is."""
    t = text.strip()
    for name in names:
        if t.startswith(name + "(") and t.endswith(")"):
            inner = t[len(name) + 1 : -1].strip()
            if len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "'\"":
                return inner[1:-1]
    return text


class RuledOrder:
    """Order by an integer key, and only against a value of the same rules: a subclass
    gives ``_order`` (the key) and ``_same_rules(other)``, which raises
    :class:`~paigow.errors.RulesMismatchError` when the rules differ. Against anything
    else the comparisons answer ``NotImplemented``, as Python's own do."""

    def _order(self) -> int:
        raise NotImplementedError

    def _same_rules(self, other: Any) -> None:
        raise NotImplementedError

    def _key_of(self, other: object) -> int | None:
        if not isinstance(other, type(self)) and not isinstance(self, type(other)):
            return None
        self._same_rules(other)
        return other._order()  # type: ignore[attr-defined, no-any-return]

    def __lt__(self, other: object) -> bool:
        k = self._key_of(other)
        return NotImplemented if k is None else self._order() < k

    def __le__(self, other: object) -> bool:
        k = self._key_of(other)
        return NotImplemented if k is None else self._order() <= k

    def __gt__(self, other: object) -> bool:
        k = self._key_of(other)
        return NotImplemented if k is None else self._order() > k

    def __ge__(self, other: object) -> bool:
        k = self._key_of(other)
        return NotImplemented if k is None else self._order() >= k


class _Json(Protocol):
    def to_json(self) -> Any: ...


J = TypeVar("J", bound=_Json)


class Listing(Generic[J]):
    """A result that is a list of values (a hand's settings): iterable and indexable like
    the tuple ``items`` it holds, with each item's JSON."""

    @property
    def items(self) -> tuple[J, ...]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[J]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> J:
        return self.items[i]

    def to_json(self) -> list[Any]:
        """Each item's plain data."""
        return [x.to_json() for x in self.items]


__all__ = ["Listing", "RuledOrder", "unwrap"]
