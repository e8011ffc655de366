"""Chance, injected: the shuffle and the dice come from a :class:`Chance` object.

**Provably fair rounds.** A table's chance is a :class:`FairChance`: every round draws
all of its chance — the shuffle, then the three dice — from one 32-byte *round seed*.
Before the round the table publishes the seed's *commitment*; after the settlement it
reveals the seed; anyone can then deal the round again and check both (``paigow
verify``, :mod:`paigow.table.fair`). Exactly (docs/security.md has the same in prose):

* ``commitment = SHA-256(b"paigow.round-seed.v1\x00" || seed)``, shown as 64 hex digits;
* the round's random bytes are ``HMAC-SHA256(key=seed, b"paigow.chance.v1\x00" ||
  counter)`` for ``counter = 0, 1, 2, …`` (8 bytes, big-endian), concatenated;
* a draw below ``n`` reads the next 8 bytes as a big-endian integer ``x``, rejects it
  when ``x >= 2**64 - 2**64 % n`` (so every value is equally likely) and is ``x % n``;
* the shuffle is Fisher–Yates from the end: for ``i = len - 1`` down to ``1``, swap
  items ``i`` and ``draw(i + 1)``, starting from the game's canonical deck order;
* then the dice: three draws ``1 + draw(6)``.

Round seeds come from :func:`secrets.token_bytes` (:func:`secure_chance`, the default), or
— for replays and tests only — from a session seed (``--seed N``, :func:`seeded_chance`):
round ``k``'s seed is ``SHA-256(b"paigow.session-seed.v1\x00" || str(N) || b"\x00" ||
k)`` (``k`` from 0, 8 bytes big-endian), which anyone who learns ``N`` can compute:
:func:`live_table_chance` refuses a seed at a table people join unless asked explicitly.

Tests and replays may also use :class:`ScriptedChance`, which hands out given deck
orders and dice. Every round records its deck order and dice, whatever the source.

>>> c = seeded_chance(7)
>>> d = c.dice()
>>> len(d), all(1 <= x <= 6 for x in d)
(3, True)
>>> ScriptedChance([[3, 1, 2]], [(6, 6, 6)]).shuffle([1, 2, 3])
[3, 1, 2]
>>> commitment(bytes(32))
'7f4cf80256836c3554882885d4cbb97f9ad414806b44f9ab618f884c38bf1a13'
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from paigow.errors import PaigowError

T = TypeVar("T")
Dice = tuple[int, int, int]


class Chance(Protocol):
    """A source of shuffles and dice throws."""

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list holding ``items`` in a random order."""
        ...

    def dice(self) -> Dice:
        """Three six-sided dice."""
        ...


class RandomChance:
    """Chance from a :class:`random.Random` (or :class:`secrets.SystemRandom`)."""

    def __init__(self, rng: random.Random, label: str) -> None:
        self._rng = rng
        self.label = label

    def shuffle(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._rng.shuffle(out)
        return out

    def dice(self) -> Dice:
        return (self._rng.randint(1, 6), self._rng.randint(1, 6), self._rng.randint(1, 6))


def secure_chance() -> FairChance:
    """The default: secure round seeds (:class:`FairChance`, :class:`SecureSeeds`)."""
    return FairChance(SecureSeeds(), "secure")


def seeded_chance(seed: int) -> FairChance:
    """A reproducible source: the same session seed gives the same rounds (and the same
    commitments), so a session can be played again. Never for a live table."""
    return FairChance(DerivedSeeds(seed), f"seed {seed}")


def _piece(item: object) -> object:
    """What a piece is, for matching a scripted order to the deck: a card as its number (a
    :class:`~paigow.poker.cards.Card` is one), a tile as its repr."""
    return int(item) if isinstance(item, int) else repr(item)


class ScriptedChance:
    """Given deck orders and dice, handed out in turn (for tests and replays).

    Each scripted order must be a rearrangement of the items being shuffled.
    """

    label = "scripted"

    def __init__(self, orders: Iterable[Sequence[object]], dice: Iterable[Dice]) -> None:
        self._orders = [list(o) for o in orders]
        self._dice = [check_dice(d) for d in dice]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        if not self._orders:
            raise PaigowError("the scripted chance has no deck order left")
        order = self._orders.pop(0)
        if Counter(map(_piece, order)) != Counter(map(_piece, items)):
            raise PaigowError("a scripted deck order is not a rearrangement of the deck")
        # return the caller's own objects, in the scripted order
        pool: dict[object, list[T]] = {}
        for it in items:
            pool.setdefault(_piece(it), []).append(it)
        return [pool[_piece(o)].pop() for o in order]

    def dice(self) -> Dice:
        if not self._dice:
            raise PaigowError("the scripted chance has no dice left")
        return self._dice.pop(0)


SEED_BYTES = 32
COMMIT_TAG = b"paigow.round-seed.v1\x00"
STREAM_TAG = b"paigow.chance.v1\x00"
SESSION_TAG = b"paigow.session-seed.v1\x00"


def commitment(seed: bytes) -> str:
    """The published commitment to a round seed (hex SHA-256 of the tagged seed)."""
    return hashlib.sha256(COMMIT_TAG + seed).hexdigest()


def parse_seed(text: str) -> bytes:
    """A round seed from its 64 hex digits (:class:`PaigowError` otherwise).

    >>> len(parse_seed("00" * 32))
    32
    """
    raw = text.strip().lower()
    if len(raw) != 2 * SEED_BYTES or any(c not in "0123456789abcdef" for c in raw):
        raise PaigowError(f"a round seed is {2 * SEED_BYTES} hex digits, got {text!r}")
    return bytes.fromhex(raw)


class SeedStream:
    """All of one round's chance, from its seed (see the module for the construction)."""

    def __init__(self, seed: bytes) -> None:
        if len(seed) != SEED_BYTES:
            raise PaigowError(f"a round seed is {SEED_BYTES} bytes, got {len(seed)}")
        self.seed = seed
        self._counter = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hmac.new(self.seed, STREAM_TAG + self._counter.to_bytes(8, "big"),
                             hashlib.sha256).digest()
            self._buffer += block
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform draw from ``0 .. n-1`` (rejection sampling on 64-bit words)."""
        if not 1 <= n <= 2**64:
            raise PaigowError(f"cannot draw below {n}")
        limit = 2**64 - 2**64 % n
        while True:
            x = int.from_bytes(self._bytes(8), "big")
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def dice(self) -> Dice:
        return (1 + self.below(6), 1 + self.below(6), 1 + self.below(6))


class SeedSource(Protocol):
    """Where round seeds come from."""

    def next_seed(self) -> bytes:
        """The seed of the next round."""
        ...


class SecureSeeds:
    """Round seeds from the operating system's secure source."""

    def next_seed(self) -> bytes:
        return secrets.token_bytes(SEED_BYTES)


class DerivedSeeds:
    """Round seeds computed from a session seed (replays and tests: predictable)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.count = 0

    def next_seed(self) -> bytes:
        data = SESSION_TAG + str(self.seed).encode() + b"\x00" + self.count.to_bytes(8, "big")
        self.count += 1
        return hashlib.sha256(data).digest()


class FairChance:
    """A table's chance: one seed per round, committed before and revealed after.

    :attr:`next_commitment` is the commitment of the round about to be played;
    :meth:`start_round` makes that seed the current round's; :meth:`shuffle` and
    :meth:`dice` draw from it; :meth:`reveal` gives it away (after the settlement). A
    shuffle with no round started starts one.

    >>> c = seeded_chance(1)
    >>> promised = c.next_commitment
    >>> c.start_round() == promised
    True
    >>> deck = c.shuffle(range(5)); dice = c.dice()
    >>> s = SeedStream(parse_seed(c.reveal()))
    >>> commitment(s.seed) == promised and s.shuffle(range(5)) == deck and s.dice() == dice
    True
    """

    def __init__(self, seeds: SeedSource, label: str) -> None:
        self._seeds = seeds
        self.label = label
        self._next = seeds.next_seed()
        self._current: SeedStream | None = None

    @property
    def next_commitment(self) -> str:
        """The commitment of the seed the next round will use."""
        return commitment(self._next)

    @property
    def commitment(self) -> str | None:
        """The commitment of the round in play (``None`` before the first)."""
        return None if self._current is None else commitment(self._current.seed)

    def start_round(self) -> str:
        """Begin a round with the committed seed; its commitment."""
        self._current = SeedStream(self._next)
        self._next = self._seeds.next_seed()
        return commitment(self._current.seed)

    def reveal(self) -> str:
        """The current round's seed, as 64 hex digits (publish it only once settled)."""
        if self._current is None:
            raise PaigowError("no round has started: there is no seed to reveal")
        return self._current.seed.hex()

    def _stream(self) -> SeedStream:
        if self._current is None:
            self.start_round()
        assert self._current is not None
        return self._current

    def shuffle(self, items: Sequence[T]) -> list[T]:
        return self._stream().shuffle(items)

    def dice(self) -> Dice:
        return self._stream().dice()


def live_table_chance(seed: int | None, insecure_seed: bool) -> tuple[FairChance, str | None]:
    """The chance of a table that people join, and a warning to show (or ``None``).

    Without ``seed``: secure round seeds. With one, refused (:class:`PaigowError`) unless
    ``insecure_seed`` (the ``--insecure-seed`` flag): a seeded table's every deck can be
    computed by whoever learns or guesses the seed; then the warning says so.

    >>> live_table_chance(None, False)[1] is None
    True
    >>> live_table_chance(7, False)
    Traceback (most recent call last):
    ...
    paigow.errors.PaigowError: --seed 7 would make every deck at this table predictable to anyone who learns or guesses the seed; it is for replays and tests. Leave it out, or add --insecure-seed to use it anyway
    """
    if seed is None:
        return secure_chance(), None
    if not insecure_seed:
        raise PaigowError(
            f"--seed {seed} would make every deck at this table predictable to anyone who "
            "learns or guesses the seed; it is for replays and tests. Leave it out, or add "
            "--insecure-seed to use it anyway"
        )
    return seeded_chance(seed), (
        f"warning: --seed {seed} --insecure-seed: every deck at this table follows from the "
        "seed; anyone who learns or guesses it knows every hand, the banker's included. "
        "Do not play for anything that matters."
    )


def check_dice(dice: Sequence[int]) -> Dice:
    """Three values 1..6, else :class:`PaigowError`."""
    if len(dice) != 3 or any(isinstance(d, bool) or d not in range(1, 7) for d in dice):
        raise PaigowError(f"dice {tuple(dice)!r} must be three numbers from 1 to 6")
    return (dice[0], dice[1], dice[2])
