"""Money at the table: always an ``int`` of minor units (cents); major units only at the edges.

The command line takes amounts in major units (``--bankroll 1000`` is $1,000.00, that is
100000 minor units); everything inside the table, the ledger and the database is cents.

>>> parse_major("1000"), parse_major("12.5"), parse_major("0.01")
(100000, 1250, 1)
>>> format_money(123456), format_money(-5)
('$1,234.56', '-$0.05')
>>> parse_major("1.234")
Traceback (most recent call last):
...
paigow.errors.AmountError: bad amount '1.234': at most two decimals (cents), e.g. 10 or 12.50
"""

from __future__ import annotations

import re

from paigow.errors import AmountError
from paigow.phrasing import Msg

MINOR_PER_MAJOR = 100

# ASCII digits only (a full-width or other look-alike digit is not money); a comma only as
# a thousands separator ("1,000" but never "1,0,0").
_AMOUNT = re.compile(r"^\$?(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?$", re.ASCII)
_TOO_PRECISE = re.compile(r"^\$?[\d,]+\.\d{3,}$", re.ASCII)


def parse_major(text: str | int) -> int:
    """Read an amount in major units (``"10"``, ``"12.50"``, ``"$5"``) as minor units.

    Only non-negative amounts with at most two decimals, in ASCII digits, are accepted (a
    comma may separate thousands); whether zero is allowed is the caller's business (a bet
    of zero is refused by the table).

    >>> parse_major("1,000.50")
    100050
    >>> parse_major("1,0,0")
    Traceback (most recent call last):
    ...
    paigow.errors.AmountError: bad amount '1,0,0': give a number of dollars, e.g. 10 or 12.50
    >>> parse_major("0\u00a0")
    Traceback (most recent call last):
    ...
    paigow.errors.AmountError: bad amount '0\xa0': use the ASCII digits 0-9, e.g. 10 or 12.50
    >>> parse_major("\uff11\uff10")
    Traceback (most recent call last):
    ...
    paigow.errors.AmountError: bad amount '\uff11\uff10': use the ASCII digits 0-9, e.g. 10 or 12.50
    """
    if isinstance(text, bool):
        raise AmountError(Msg("bad amount {amount}", amount=repr(text)))
    if isinstance(text, int):
        if text < 0:
            raise AmountError(Msg("amount {amount} must not be negative", amount=str(text)))
        return text * MINOR_PER_MAJOR
    raw = str(text)
    if not raw.isascii():  # before strip(), which would take a no-break space away
        raise AmountError(Msg("bad amount {amount}: use the ASCII digits 0-9, e.g. 10 or 12.50",
                              amount=repr(raw)))
    raw = raw.strip()
    if raw.startswith("-"):
        raise AmountError(Msg("amount {amount} must not be negative", amount=repr(raw)))
    m = _AMOUNT.match(raw)
    if not m:
        if _TOO_PRECISE.match(raw):
            raise AmountError(Msg("bad amount {amount}: at most two decimals (cents), e.g. 10 "
                                  "or 12.50", amount=repr(raw)))
        raise AmountError(Msg("bad amount {amount}: give a number of dollars, e.g. 10 or 12.50",
                              amount=repr(raw)))
    whole, frac = m.group(1).replace(",", ""), (m.group(2) or "").ljust(2, "0")
    return int(whole) * MINOR_PER_MAJOR + int(frac)


def format_money(minor: int) -> str:
    """Minor units as dollars for display: ``$1,000.00``."""
    sign = "-" if minor < 0 else ""
    whole, cents = divmod(abs(minor), MINOR_PER_MAJOR)
    return f"{sign}${whole:,}.{cents:02d}"


def check_minor(amount: object, what: str = "amount") -> int:
    """``amount`` if it is a positive ``int`` of minor units, else :class:`AmountError`."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise AmountError(f"{what} {amount!r} must be a whole number of cents")
    if amount <= 0:
        raise AmountError(f"{what} {format_money(amount)} must be more than zero")
    return amount
