"""Errors raised on bad input. Each names the offending token or amount.

All subclass :class:`ValueError`, so callers that only care about "bad input" can catch that.
"""


class PaigowError(ValueError):
    """Base class for every error caused by bad input to paigow."""


class TileError(PaigowError):
    """A tile token that is malformed, unknown or used more often than the set holds."""


class CardError(PaigowError):
    """A card token that is malformed or repeated."""


class SettingError(PaigowError):
    """A hand setting that does not use the hand's tiles or cards, or is not allowed."""


class AmountError(PaigowError):
    """A bet, bankroll or commission amount that is not acceptable."""


class RuleError(PaigowError):
    """An unknown rule variant or strategy name."""


class MissingExtraError(PaigowError):
    """A feature whose optional dependencies are not installed: the message is one line
    naming the install command (``pip install 'paigow[web]'``); see :mod:`paigow.extras`."""
