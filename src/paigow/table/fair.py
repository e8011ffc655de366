"""Check a round's fairness from public data: the commitment published before the round,
the seed revealed after it, and the round's record (:mod:`paigow.table.chance` states the
construction).

:func:`verify_round` recomputes the commitment from the seed, deals the round again from
the seed alone — the shuffle of the game's canonical deck, the dice, the deal by the dice
from the banker's place — and compares each with the record: the deck order and the dice
(when the record has them) and every hand the record shows. Any difference means the
round was not dealt from the committed seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from paigow.errors import PaigowError
from paigow.table.bank import Banker, BankKind
from paigow.table.chance import SeedStream, commitment, parse_seed
from paigow.table.game import Game


@dataclass
class Verification:
    """What :func:`verify_round` found."""

    commitment: str
    seed: str
    dice: tuple[int, int, int]
    deck: list[str]
    dealt: dict[int, str]
    checked: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)

    @property
    def fair(self) -> bool:
        """The commitment matches the seed and the record matches the deal."""
        return not self.differences

    def to_json(self) -> dict[str, object]:
        return {
            "fair": self.fair,
            "commitment": self.commitment,
            "seed": self.seed,
            "dice": list(self.dice),
            "deck": self.deck,
            "dealt": {str(k): v for k, v in self.dealt.items()},
            "checked": self.checked,
            "differences": self.differences,
        }


def record_hands(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The hands a round record shows: its ``hands``, or its ``detail``'s (as the ledger
    keeps a settled round)."""
    if record.get("hands"):
        return list(record["hands"])
    detail = record.get("detail") or {}
    return list(detail.get("hands") or [])


def verify_round(
    game: Game[Any, Any], commitment_hex: str, seed_hex: str, record: dict[str, Any]
) -> Verification:
    """Check that ``record`` (a round as the ledger, ``history --json`` or the browser
    table give it: ``banker``, and any of ``dice``, ``deck``, ``hands``/``detail``) was
    dealt from ``seed_hex``, and that ``commitment_hex`` commits to that seed.

    >>> from paigow.table.chance import seeded_chance
    >>> from paigow.table.poker_game import PokerGame
    >>> c = seeded_chance(3); promised = c.start_round()
    >>> deck = c.shuffle(PokerGame(None).deck()); dice = c.dice()
    >>> g = PokerGame(None)
    >>> rec = {"banker": {"kind": "house", "seat": None}, "dice": list(dice),
    ...        "deck": [g.piece_text(p) for p in deck]}
    >>> verify_round(g, promised, c.reveal(), rec).fair
    True
    >>> verify_round(g, promised, "00" * 32, rec).differences[0]
    'the seed does not match the commitment: SHA-256 of the tagged seed is 7f4cf80256836c3554882885d4cbb97f9ad414806b44f9ab618f884c38bf1a13'
    """
    seed = parse_seed(seed_hex)
    promised = commitment_hex.strip().lower()
    if len(promised) != 64 or any(c not in "0123456789abcdef" for c in promised):
        raise PaigowError(f"a commitment is 64 hex digits, got {commitment_hex!r}")
    stream = SeedStream(seed)
    deck = stream.shuffle(game.deck())
    dice = stream.dice()
    banker_data = record.get("banker") or {"kind": "house", "seat": None}
    try:
        banker = Banker(cast(BankKind, banker_data["kind"]), banker_data.get("seat"))
    except (KeyError, TypeError, PaigowError) as exc:
        raise PaigowError(f"the record's banker {banker_data!r} is not readable ({exc})") from None
    dealt = game.deal(deck, sum(dice), banker.place)
    out = Verification(
        promised, seed.hex(), dice, [game.piece_text(p) for p in deck],
        {p: game.hand_text(h) for p, h in sorted(dealt.items())},
    )
    actual = commitment(seed)
    if actual != promised:
        out.differences.append(
            f"the seed does not match the commitment: SHA-256 of the tagged seed is {actual}"
        )
    else:
        out.checked.append("commitment")
    if record.get("commitment") not in (None, "", promised):
        out.differences.append(
            f"the record's commitment {record['commitment']} is not the one given"
        )
    if record.get("dice") is not None:
        if [int(d) for d in record["dice"]] != list(dice):
            out.differences.append(f"dice: the seed throws {list(dice)}, the record {record['dice']}")
        else:
            out.checked.append("dice")
    if record.get("deck"):
        if list(record["deck"]) != out.deck:
            first = next((i for i, (a, b) in enumerate(zip(out.deck, record["deck"], strict=False))
                          if a != b), min(len(out.deck), len(record["deck"])))
            out.differences.append(f"deck: the seed's order differs from the record's at card {first + 1}")
        else:
            out.checked.append("deck")
    hands = record_hands(record)
    for h in hands:
        place = int(h["place"])
        again = out.dealt.get(place)
        if again is None or again != h["hand"]:
            out.differences.append(f"place {place}: the seed deals {again}, the record shows {h['hand']}")
    if hands and not any(d.startswith("place") for d in out.differences):
        out.checked.append(f"{len(hands)} hands")
    if len(out.checked) <= 1 and not out.differences:
        out.differences.append("the record shows nothing dealt to check (no dice, deck or hands)")
    return out
