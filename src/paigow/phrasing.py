"""Phrases for people that the browser can say in another language.

Two marks, and the core imports nothing for either:

* :class:`Msg`, a **structured message**: a catalog message (its ``id``, an English
  template such as ``"bets {limits}"``) and the parameters that fill it. It *is* its
  English text (a ``str``), so every caller that reads text reads it as ever; the browser's
  server sends its parts (:meth:`Msg.to_json`) and the page says it in the reader's language
  (``static/js/i18n.js``'s ``say()``; :func:`paigow.web.i18n.say` on the server). An amount
  in a message is a :class:`Money`, formatted in the reader's language too.
* ``N_`` marks a template the engine fills with ``.format`` and keeps as text (a hand's
  name, a comparison's reason, written into the ledger's records): the catalogs' templates
  read such a text back (:func:`paigow.web.i18n.phrase`), for the rounds already recorded.

Both are found by the catalog's extraction (``python scripts/i18n.py extract``).

>>> m = Msg("bets {limits}", limits=Msg("{low} to {high}", low=Money(500), high=Money(50000)))
>>> m, m == "bets $5.00 to $500.00", m.id
('bets $5.00 to $500.00', True, 'bets {limits}')
>>> m.to_json()["args"]["limits"]["args"]
{'low': {'money': 500}, 'high': {'money': 50000}}
>>> Msg.from_json(m.to_json()) == m and Msg.from_json(m.to_json()).args == m.args
True
>>> N_("pair of {pair}").format(pair="Teen")
'pair of Teen'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union


def N_(template: str) -> str:  # gettext's name for "mark for the catalog"
    """``template`` as it is: a mark for the catalog's extraction."""
    return template


@dataclass(frozen=True)
class Money:
    """An amount of money (integer cents) in a message: English ``$1,234.50``; the page
    and the server format it in the reader's language (Babel's CLDR data on the server,
    ``Intl`` on the page, which agree: tests/web/test_i18n.py).

    >>> str(Money(-5)), Money(123450).to_json()
    ('-$0.05', {'money': 123450})
    """

    cents: int

    def __str__(self) -> str:
        from paigow.table.money import format_money

        return format_money(self.cents)

    def to_json(self) -> dict[str, int]:
        return {"money": int(self.cents)}


Arg = Union["Msg", Money, str, int, float]


class Msg(str):
    """A catalog message and its parameters, which reads as its English text.

    ``id`` is the message as the catalog holds it (an English template with
    ``{placeholders}``, or a whole phrase); ``args`` fill it: another :class:`Msg` (said in
    the reader's language too), a :class:`Money`, or a name, code or number (kept as it
    is). A message with no arguments whose ``id`` the catalog lacks (an engine's phrase
    wrapped as a message) is read back through the catalog's templates instead. In English a
    message says its own text (:meth:`worded` makes one whose English is not its ``id``).

    >>> Msg("seat {seat} is taken: choose a free one", seat=3)
    'seat 3 is taken: choose a free one'
    >>> Msg("the house banks").args
    {}
    """

    id: str
    args: dict[str, Arg]

    def __new__(cls, id: str, /, **args: Arg) -> Msg:
        text = id.format(**{k: str(v) for k, v in args.items()}) if args else id
        self = super().__new__(cls, text)
        self.id = id
        self.args = args
        return self

    @classmethod
    def worded(cls, id: str, english: str, /, **args: Arg) -> Msg:
        """A message whose English is not its catalog message filled: where English says
        less than another language must ("high nine", which Chinese names by the tile it
        holds: 天九, 地九, as ``"{lead} high nine"`` with ``lead``).

        >>> m = Msg.worded("{lead} high nine", "high nine", lead=Msg("Teen"))
        >>> m, m.id, Msg.from_json(m.to_json()) == m, Msg.from_json(m.to_json()).id
        ('high nine', '{lead} high nine', True, '{lead} high nine')
        """
        self = str.__new__(cls, english)
        self.id = id
        self.args = args
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickled with its parts, not only its text
        return (_rebuild, (self.id, self.args, str(self)))

    def __repr__(self) -> str:
        return str.__repr__(self)

    def to_json(self) -> dict[str, Any]:
        """The message's parts as plain data for the page: ``id``, ``args`` (a message as
        its parts, an amount as ``{"money": cents}``) and its English ``text``."""
        return {"id": self.id, "args": {k: arg_json(v) for k, v in self.args.items()},
                "text": str(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Msg:
        """The message :meth:`to_json` wrote."""
        args = {k: arg_from_json(v) for k, v in (data.get("args") or {}).items()}
        made = cls(str(data["id"]), **args)
        text = data.get("text")
        return cls.worded(made.id, str(text), **args) if text is not None and text != made \
            else made


#: The empty message (said as nothing in every language; never the catalog's header).
NOTHING: Msg = Msg.__new__(Msg, "")


def _rebuild(id: str, args: dict[str, Arg], english: str | None = None) -> Msg:
    made = Msg(id, **args)
    return made if english is None or english == made else Msg.worded(id, english, **args)


def arg_json(value: Any) -> Any:
    """A message's parameter as plain data (see :meth:`Msg.to_json`)."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, Money):
        return value.to_json()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return str(value)


def arg_from_json(value: Any) -> Arg:
    if isinstance(value, dict):
        if "money" in value:
            return Money(int(value["money"]))
        return Msg.from_json(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return str(value)


def message_of(exc: BaseException) -> Msg:
    """What ``exc`` says, as a message: the :class:`Msg` it was raised with (its parts
    kept), else its text as a message of its own (which the catalog may hold, or read back).

    >>> message_of(ValueError(Msg("seat {seat} is taken: choose a free one", seat=2))).args
    {'seat': 2}
    """
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else Msg(str(exc))


def wire(value: Any) -> Any:
    """``value`` as the page receives it: a :class:`Msg` as its parts (:meth:`Msg.to_json`),
    anything else as it is (a plain text: a name, or an English text from the ledger,
    which the page reads back).

    >>> wire(Msg("the house banks"))["id"], wire("Ann")
    ('the house banks', 'Ann')
    """
    return value.to_json() if isinstance(value, Msg) else value


__all__ = ["N_", "Money", "Msg", "arg_json", "message_of", "wire"]
