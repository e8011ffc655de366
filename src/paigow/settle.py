"""What both games share: the outcome of a bet against the banker, copies, commission.

Money is always an integer number of minor units (cents). A player's two hands are each
compared with the banker's hand of the same size; the bet is then

* won when both hands win: paid even money less commission,
* lost when both hands lose: the stake goes to the banker,
* a push otherwise: the stake is returned.

Commission is a setting (:class:`Commission`): a rate on the win (5% by default; 0 for the
no-commission game), and/or a flat fee per hand played (as in California card rooms). The
rate never yields a fraction of a minor unit: it is rounded by the commission's ``rounding``
(default ``"down"``, the house takes whole cents only, in the player's favour).

>>> settle_bet(Outcome.WIN, 1000)
Settlement(outcome=<Outcome.WIN: 'win'>, stake=1000, net=950, commission=50)
>>> settle_bet(Outcome.LOSE, 1000).net
-1000
>>> settle_bet(Outcome.PUSH, 1000).net
0
>>> settle_bet(Outcome.WIN, 1010).commission   # 5% of 10.10 is 50.5 cents, rounded down
50
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from paigow.errors import AmountError

Rounding = Literal["down", "up", "half_up"]


class HandResult(enum.Enum):
    """The result of one hand (high or low) against the banker's hand of the same size."""

    WIN = "win"
    LOSE = "lose"  # includes copies: an exact tie goes to the banker


class Outcome(enum.Enum):
    """The result of a whole bet against the banker."""

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


def outcome_of(high: HandResult, low: HandResult) -> Outcome:
    """Combine the two hand results: win both wins, lose both loses, else a push.

    >>> outcome_of(HandResult.WIN, HandResult.LOSE)
    <Outcome.PUSH: 'push'>
    """
    if high is HandResult.WIN and low is HandResult.WIN:
        return Outcome.WIN
    if high is HandResult.LOSE and low is HandResult.LOSE:
        return Outcome.LOSE
    return Outcome.PUSH


_RATE = re.compile(r"-?(?:[0-9]*\.?[0-9]+%?|[0-9]+\.|[0-9]+/[0-9]+)")


def parse_rate(text: str | float | Fraction) -> Fraction:
    """Read a commission rate given as a fraction (``0.05``), a percentage (``"5%"``)
    or a ratio (``"1/20"``). It must lie in [0, 1).

    >>> parse_rate("5%"), parse_rate("0.05"), parse_rate("0")
    (Fraction(1, 20), Fraction(1, 20), Fraction(0, 1))
    """
    raw = str(text).strip()
    # plain ASCII decimals or a ratio, bounded: Fraction alone would take '1e999999999'
    # (and spend minutes on it) or full-width digits
    if len(raw) > 40 or not _RATE.fullmatch(raw):
        raise AmountError(f"bad commission rate {raw!r}: give e.g. 0.05, 5% or 1/20")
    try:
        rate = Fraction(raw[:-1]) / 100 if raw.endswith("%") else Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise AmountError(f"bad commission rate {raw!r}: give e.g. 0.05, 5% or 1/20") from None
    if not 0 <= rate < 1:
        raise AmountError(f"commission rate {raw!r} must be at least 0 and below 1")
    return rate


def _round(value: Fraction, rounding: Rounding) -> int:
    if rounding == "down":
        return value.numerator // value.denominator
    if rounding == "up":
        return -((-value.numerator) // value.denominator)
    # half_up: halves go to the house
    return int((value + Fraction(1, 2)).numerator // (value + Fraction(1, 2)).denominator)


@dataclass(frozen=True)
class Commission:
    """How the house is paid.

    ``rate``: the share of a winning bet (or of a bank's net win) taken as commission.
    ``flat_fee``: minor units charged per hand played, win or lose (0 for none).
    ``rounding``: how a fractional minor unit of rate commission is rounded.
    """

    rate: Fraction = Fraction(5, 100)
    flat_fee: int = 0
    rounding: Rounding = "down"

    def __post_init__(self) -> None:
        if not 0 <= self.rate < 1:
            raise AmountError(f"commission rate {self.rate} must be at least 0 and below 1")
        if self.flat_fee < 0:
            raise AmountError(f"flat fee {self.flat_fee} must not be negative")
        if self.rounding not in ("down", "up", "half_up"):
            raise AmountError(f"unknown commission rounding {self.rounding!r}")

    def on(self, win: int) -> int:
        """Commission on a win of ``win`` minor units (0 when there is nothing won).

        >>> Commission().on(1999)
        99
        >>> Commission(rounding="up").on(1999)
        100
        """
        if win <= 0:
            return 0
        return _round(self.rate * win, self.rounding)


NO_COMMISSION = Commission(rate=Fraction(0))


@dataclass(frozen=True)
class Settlement:
    """One bet settled: the player's ``net`` change (commission already taken) and the
    ``commission`` paid to the house. Flat fees are charged apart (see :func:`settle_bet`)."""

    outcome: Outcome
    stake: int
    net: int
    commission: int


def settle_bet(outcome: Outcome, stake: int, commission: Commission | None = None) -> Settlement:
    """Settle a bet of ``stake`` minor units for a player against the banker.

    A flat fee is not part of the settlement: it is charged for playing the hand, win
    or lose, and is added to ``commission`` and taken from ``net`` here so the ledger sees
    one figure.

    >>> settle_bet(Outcome.WIN, 500, Commission(rate=Fraction(0), flat_fee=100))
    Settlement(outcome=<Outcome.WIN: 'win'>, stake=500, net=400, commission=100)
    """
    if isinstance(stake, bool) or not isinstance(stake, int) or stake <= 0:
        raise AmountError(f"stake {stake!r} must be a positive whole number of minor units")
    c = commission if commission is not None else Commission()
    if outcome is Outcome.WIN:
        taken = c.on(stake)
        gross = stake
    elif outcome is Outcome.LOSE:
        taken = 0
        gross = -stake
    else:
        taken = 0
        gross = 0
    taken += c.flat_fee
    return Settlement(outcome=outcome, stake=stake, net=gross - taken, commission=taken)


def bank_commission(bank_net: int, commission: Commission | None = None) -> int:
    """Commission a player-banker pays on the bank's net win for a round (0 on a loss).

    >>> bank_commission(2000), bank_commission(-500)
    (100, 0)
    """
    c = commission if commission is not None else Commission()
    return c.on(bank_net)


def expected_value(win: int, push: int, lose: int, rate: Fraction = Fraction(5, 100)) -> Fraction:
    """Exact expected value per unit staked, for a player, from outcome counts.

    EV = ((1 - rate)·win - lose) / total; the house edge is its negative.

    >>> expected_value(1, 2, 1, Fraction(0))
    Fraction(0, 1)
    """
    total = win + push + lose
    if total <= 0:
        raise AmountError("no outcomes to average")
    return ((1 - rate) * win - lose) / total
