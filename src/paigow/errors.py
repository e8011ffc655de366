"""Every error paigow raises on bad input, in this one module. Each names the offending
token or amount and says how to put it right.

All subclass :class:`PaigowError`, itself a :class:`ValueError`, so callers that only care
about "bad input" can catch that. As python-chess splits a move that does not read
(``InvalidMoveError``) from one that reads but is not allowed in the position
(``IllegalMoveError``), two families cross the subjects:

* :class:`NotationError`: text that does not read as what it should be (a tile ``7-1``, a
  card ``1x``, a setting without its ``|``): a **syntax** error;
* :class:`IllegalError`: well written, but not allowed here (a third ``6-6``, a card
  twice, a setting that does not use the hand's cards, ranks of different rules
  compared): a **context** error.

>>> from paigow.poker.cards import parse_cards
>>> try:
...     parse_cards("As As")
... except IllegalError as e:
...     print(type(e).__name__, isinstance(e, CardError), e)
IllegalCardsError True card As is repeated
"""

from __future__ import annotations


class PaigowError(ValueError):
    """Base class for every error caused by bad input to paigow."""


class NotationError(PaigowError):
    """Text that does not read as a tile, card, setting, rank or rule: a syntax error."""


class IllegalError(PaigowError):
    """Input that reads but is not allowed where it is used: a context error."""


# --- subjects -------------------------------------------------------------------------


class TileError(PaigowError):
    """A tile token that is malformed, unknown or used more often than the set holds."""


class CardError(PaigowError):
    """A card token that is malformed or repeated."""


class SettingError(PaigowError):
    """A hand setting that does not use the hand's tiles or cards, or is not allowed."""


class AmountError(PaigowError):
    """A bet, bankroll, commission, count or seed that is not acceptable."""


class RuleError(PaigowError):
    """An unknown rule variant or strategy name."""


# --- a subject's syntax and context errors -------------------------------------------------


class TileNotationError(TileError, NotationError):
    """A tile that does not read (``7-1``, ``teen?``)."""


class IllegalTilesError(TileError, IllegalError):
    """Tiles that read but cannot be together or here: a face more often than the set
    holds it, or the wrong number of tiles for the hand."""


class CardNotationError(CardError, NotationError):
    """A card or rank that does not read (``1x``, ``Z``)."""


class IllegalCardsError(CardError, IllegalError):
    """Cards that read but cannot be together or here: a card twice, the wrong number of
    cards for the hand, a deck too small."""


class SettingNotationError(SettingError, NotationError):
    """A setting's text that does not read as two hands (``five cards | two cards``,
    ``two tiles / two tiles``)."""


class IllegalSettingError(SettingError, IllegalError):
    """A setting that reads but is not one of the hand's (other tiles or cards), or a
    way's setting that breaks the rules (a foul where none may be)."""


class RulesMismatchError(RuleError, IllegalError, TypeError):
    """Two values made under different rules compared (a poker rank under a wild joker
    with one under the bug): their order means nothing. Also a :class:`TypeError`, as
    Python's own refusals to order two values are."""


# --- files, jobs and sessions --------------------------------------------------------------


class WayFileError(PaigowError):
    """A tile way file that cannot be used: the message names the file, the rule and its
    line."""


class TableError(PaigowError):
    """A tile strategy table file that cannot be used: the message names the file and
    line."""


class DeriveError(PaigowError):
    """Learning a way cannot go on (too few rules allowed, labels that say nothing)."""


class CheckpointError(PaigowError):
    """A checkpoint file that cannot be read or belongs to another job."""


class TrainerError(PaigowError):
    """A practice session asked to do something it cannot (grade with no hand dealt, keep
    records with no name, a name that cannot be one)."""


class WebError(PaigowError):
    """A request the browser table's server refuses: an HTTP ``status`` and a message
    naming the bad input; ``retry_after``: seconds after which the same request may pass
    (a limit, a busy server), sent as ``Retry-After``."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class TablesServedError(PaigowError):
    """Another live ``paigow serve`` already serves this ledger's browser tables (a SQLite
    ledger's lease, a PostgreSQL ledger's slot): the message says how to go on."""

    def __init__(self, ledger: str) -> None:
        super().__init__(
            f"the ledger {ledger} is served by another paigow serve already: stop it "
            "first, or give another --db (many servers on one ledger: a PostgreSQL --db "
            "and --slot, docs/web.md)")


class MissingExtraError(PaigowError):
    """A feature whose optional dependencies are not installed: the message is one line
    naming the install command (``pip install 'paigow[web]'``); see :mod:`paigow.extras`."""


__all__ = [
    "AmountError",
    "CardError",
    "CardNotationError",
    "CheckpointError",
    "DeriveError",
    "IllegalCardsError",
    "IllegalError",
    "IllegalSettingError",
    "IllegalTilesError",
    "MissingExtraError",
    "NotationError",
    "PaigowError",
    "RuleError",
    "RulesMismatchError",
    "SettingError",
    "SettingNotationError",
    "TableError",
    "TablesServedError",
    "TileError",
    "TileNotationError",
    "TrainerError",
    "WayFileError",
    "WebError",
]

