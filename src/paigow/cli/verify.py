"""``paigow verify``: check that a round was dealt from the seed its table committed to.

Two ways in:

* ``paigow verify ROUND --db LEDGER`` reads the round, its commitment and its revealed
  seed from a ledger (opened read-only);
* ``paigow verify --record ROUND.json [--commitment HEX] [--seed HEX] [--game G]`` checks
  a round's public record as ``paigow history --json`` prints one (an element of
  ``rounds``) or the browser table shows it; the commitment and seed are taken from the
  record unless given.

It recomputes the commitment, deals the round again from the seed alone (shuffle, dice,
the deal from the banker's place) and compares: exit status 0 when everything matches,
1 when anything differs (each difference is listed), 2 on bad input.
"""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow.cli.common import (
    JSON_OPTION,
    MAX_ID,
    Choice,
    InputFile,
    Int,
    Token,
    argument,
    console,
    db_option,
    option,
    print_json,
)
from paigow.errors import PaigowError

if TYPE_CHECKING:
    from paigow.table.fair import Verification

HEX_HELP = "64 hex digits"


def _load_record(path: str) -> dict[str, Any]:
    try:
        data = jsonlib.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise PaigowError(f"--record {path!r} is not JSON: {exc}") from None
    if isinstance(data, dict) and isinstance(data.get("rounds"), list) and len(data["rounds"]) == 1:
        data = data["rounds"][0]  # a whole `history --json --last 1`
    if not isinstance(data, dict):
        raise PaigowError(f"--record {path!r} must hold one round (a JSON object)")
    return data


def verify(
    round_id: Annotated[int | None, argument(parser=Int("ROUND", 1, MAX_ID), metavar="ROUND", help="A round of the ledger (--db).")] = None,
    db: Annotated[str | None, db_option("read")] = None,
    record: Annotated[str | None, option("--record", parser=InputFile("--record"), help="A round's public record (JSON) instead of a ledger.")] = None,
    commitment: Annotated[str | None, option("--commitment", parser=Token("--commitment", max_length=64), help=f"The commitment published before the round ({HEX_HELP}).")] = None,
    seed: Annotated[str | None, option("--seed", parser=Token("--seed", max_length=64), help=f"The seed revealed after the round ({HEX_HELP}).")] = None,
    game: Annotated[str | None, option("--game", parser=Choice("--game", "tiles", "poker"), help="tiles or poker (with --record, when the record does not say).")] = None,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Check that a round was dealt from the seed its table committed to.

    The revealed seed is checked against the commitment, and the deal it gives (shuffle,
    dice, hands) against the round's record. Exit status 0 fair, 1 not.

    Example: paigow verify 1
    """
    from paigow.store import open_store
    from paigow.table.fair import verify_round
    from paigow.table.replay import game_for

    if (round_id is None) == (record is None):
        raise PaigowError("give a ROUND of a ledger (--db) or a --record file, one of the two")
    session: dict[str, Any]
    if round_id is not None:
        store = open_store(db, readonly=True)
        try:
            rnd = store.round(round_id)
            session = store.session(rnd["session"])
        finally:
            store.close()
    else:
        assert record is not None
        rnd = _load_record(record)
        session = {"game": game or rnd.get("game"), "rules": rnd.get("rules") or {}}
        if session["game"] not in ("tiles", "poker"):
            raise PaigowError("the record does not say its game: add --game tiles or --game poker")
    promised = commitment or rnd.get("commitment")
    revealed = seed or rnd.get("seed")
    where = f"round {round_id}" if round_id is not None else "the record"
    if not promised:
        raise PaigowError(f"{where} has no commitment (give --commitment)")
    if not revealed:
        status = rnd.get("status")
        why = f" (it is {status}: a seed is revealed only at settlement)" if status not in (
            None, "settled") else ""
        raise PaigowError(f"{where} has no revealed seed{why} (give --seed)")
    result = verify_round(game_for(session), str(promised), str(revealed), rnd)
    if json:
        print_json({"round": round_id or rnd.get("round"), **result.to_json()})
    else:
        _print(result, where)
    if not result.fair:
        raise typer.Exit(code=1)


def _print(v: Verification, where: str) -> None:
    def p(text: str) -> None:
        console.print(text, highlight=False, markup=False, soft_wrap=True)

    p(f"{where}: commitment {v.commitment}")
    p(f"  seed {v.seed}")
    p(f"  the seed throws dice {v.dice[0]}+{v.dice[1]}+{v.dice[2]} = {sum(v.dice)} and deals:")
    for place, hand in v.dealt.items():
        p(f"    place {place}: {hand}")
    if v.fair:
        p(f"fair: checked {', '.join(v.checked)}: the round was dealt from the committed seed")
    else:
        p("NOT FAIR:")
        for d in v.differences:
            p(f"  {d}")
