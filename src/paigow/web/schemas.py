"""Every request body the browser table accepts, checked strictly before anything happens.

A body is read with a size limit (:data:`MAX_BODY`), parsed as JSON only if its nesting is
shallow (:data:`MAX_DEPTH`: a deeply nested body is refused before the parser recurses),
and must be a JSON object whose keys are exactly those of its schema, each value of the
right JSON type and length. Money is a string of ASCII digits with at most two decimals
(or a JSON integer of dollars). Every refusal is a :class:`WebError` (4xx) whose message
names the bad field and value; nothing is changed by a refused request.

>>> parse_body(b'{"name": "Ann"}', JOIN)
{'name': 'Ann'}
>>> parse_body(b'{"name": null}', JOIN)
Traceback (most recent call last):
...
paigow.errors.WebError: "name" must be a string, not null
>>> money_field({"amount": "12.50"}, "amount")
1250
>>> money_field({"amount": "1,0,0"}, "amount")
Traceback (most recent call last):
...
paigow.errors.WebError: bad amount '1,0,0': give a number of dollars, e.g. 10 or 12.50
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from paigow.errors import PaigowError
from paigow.errors import WebError as WebError  # kept importable from here
from paigow.table.money import parse_major

MAX_BODY = 16 * 1024  # bytes: the largest body any request needs is far below this
MAX_DEPTH = 4  # nesting of JSON arrays/objects: every schema here is at most 2 deep
MAX_NAME = 24
MAX_TEXT = 120




@dataclass(frozen=True)
class Field:
    """One key of a body: its JSON type(s), whether it must be there, and limits."""

    types: tuple[str, ...]  # "string", "integer", "boolean", "number", "array"
    required: bool = False
    max_len: int = MAX_TEXT  # strings: characters; arrays: items


Schema = dict[str, Field]

_JSON_TYPE = {str: "string", bool: "boolean", int: "integer", float: "number",
              list: "array", dict: "object", type(None): "null"}


def _kind(value: object) -> str:
    return _JSON_TYPE.get(type(value), type(value).__name__)


def _depth(raw: bytes) -> int:
    """How deeply arrays and objects nest in ``raw`` (strings skipped), without parsing."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def parse_json(raw: bytes) -> dict[str, Any]:
    """A body as a JSON object: size, depth, encoding and shape checked."""
    if len(raw) > MAX_BODY:
        raise WebError(413, f"the request body is {len(raw)} bytes: at most {MAX_BODY} allowed")
    if not raw.strip():
        return {}
    if _depth(raw) > MAX_DEPTH:
        raise WebError(400, f"the request body nests more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise WebError(400, "the request body must be UTF-8 JSON") from None
    except ValueError as exc:
        raise WebError(400, f"the request body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise WebError(400, f"the request body must be a JSON object, not {_kind(data)}")
    return data


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def check(data: dict[str, Any], schema: Schema) -> dict[str, Any]:
    """``data`` if it has only the schema's keys, each of its type and length."""
    for key in data:
        if key not in schema:
            allowed = ", ".join(f'"{k}"' for k in schema) or "nothing"
            raise WebError(400, f"unknown field {_short(key)}: this request takes {allowed}")
    for key, spec in schema.items():
        if key not in data:
            if spec.required:
                raise WebError(400, f'"{key}" is missing')
            continue
        value = data[key]
        kind = _kind(value)
        if kind not in spec.types and not (kind == "integer" and "number" in spec.types):
            want = " or ".join(spec.types)
            raise WebError(400, f'"{key}" must be {_article(want)}, not {kind}')
        if kind == "string" and len(value) > spec.max_len:
            raise WebError(400, f'"{key}" is {len(value)} characters: at most {spec.max_len}')
        if kind == "array" and len(value) > spec.max_len:
            raise WebError(400, f'"{key}" has {len(value)} items: at most {spec.max_len}')
        if kind == "number" and not math.isfinite(value):
            raise WebError(400, f'"{key}" must be a finite number')
    return data


def parse_body(raw: bytes, schema: Schema) -> dict[str, Any]:
    """Parse and check a body against ``schema`` (see the module docstring)."""
    return check(parse_json(raw), schema)


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _short(value: object, limit: int = 40) -> str:
    text = json.dumps(value) if not isinstance(value, str) else json.dumps(value[:limit])
    return text


def shown_number(n: int) -> str:
    """A number a client sent, as a message quotes it (a long one cut short).

    >>> shown_number(12), shown_number(10**30)
    ('12', '10000000000000000000…(31 digits)')
    """
    text = str(n)
    return text if len(text) <= 24 else f"{text[:20]}…({len(text)} digits)"


def name_field(data: dict[str, Any], key: str = "name") -> str:
    """A person's name: printable, 1 to :data:`MAX_NAME` characters once spaces are
    collapsed; no control characters."""
    raw = data.get(key, "")
    clean = " ".join(str(raw).split())
    if not clean:
        raise WebError(400, f'"{key}" must not be empty: say who you are')
    if len(clean) > MAX_NAME:
        raise WebError(400, f"name {clean[:MAX_NAME]!r}... is {len(clean)} characters: "
                            f"at most {MAX_NAME}")
    if not clean.isprintable():
        raise WebError(400, f"name {clean!r} holds a control character")
    return clean


def money_field(data: dict[str, Any], key: str) -> int:
    """An amount in dollars (``"12.50"`` or a JSON integer) as cents (ASCII digits, at most
    two decimals; see :func:`paigow.table.money.parse_major`)."""
    raw = data[key]
    if isinstance(raw, float):
        # a JSON number with a fraction: read back exactly as the client wrote it
        text = repr(raw)
        if "e" in text or "E" in text:
            raise WebError(400, f'bad amount {raw!r} in "{key}": give dollars like "12.50"')
        raw = text
    try:
        return parse_major(raw)
    except PaigowError as exc:
        raise WebError(400, str(exc)) from None


MAX_SIDE_BETS = 5


def side_field(data: dict[str, Any], key: str) -> dict[str, int]:
    """Side bets as ``{offer name: cents}``: at most :data:`MAX_SIDE_BETS` names (ASCII
    letters, digits and dashes, at most 40 characters), each an amount as
    :func:`money_field` reads it; zero amounts are left out."""
    raw = data[key]
    if len(raw) > MAX_SIDE_BETS:
        raise WebError(400, f'"{key}" names {len(raw)} side bets: at most {MAX_SIDE_BETS}')
    out: dict[str, int] = {}
    for name, amount in raw.items():
        if not (0 < len(name) <= 40 and name.isascii()
                and all(c.isalnum() or c == "-" for c in name)):
            raise WebError(400, f'side bet name {_short(name)} in "{key}" is not a bet name')
        kind = _kind(amount)
        if kind not in ("string", "integer", "number"):
            raise WebError(400, f'the {name} bet must be an amount, not {kind}')
        cents = money_field({name: amount}, name)
        if name.lower() in out:
            raise WebError(400, f'the side bet {_short(name)} appears twice in "{key}"')
        if cents:
            out[name.lower()] = cents
    return out


def positions_field(data: dict[str, Any], key: str, size: int, count: int) -> tuple[int, ...]:
    """``count`` distinct positions (0-based) into a hand of ``size`` pieces."""
    raw = data[key]
    if len(raw) != count:
        raise WebError(400, f'"{key}" must list {count} positions of your {size} pieces, '
                            f"got {len(raw)}")
    out: list[int] = []
    for p in raw:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < size:
            raise WebError(400, f'position {_short(p)} in "{key}" is not one of 0 to {size - 1}')
        if p in out:
            raise WebError(400, f'position {p} appears twice in "{key}"')
        out.append(p)
    return tuple(sorted(out))


def _s(required: bool = False, max_len: int = MAX_TEXT) -> Field:
    return Field(("string",), required, max_len)


JOIN: Schema = {"name": Field(("string",), False, 200),  # a new person's name
                "buy_in": Field(("string", "integer", "number"), False, 20),  # dollars
                "seat": Field(("integer",))}
CHIPS: Schema = {"amount": Field(("string", "integer", "number"), True, 20)}
SIGN_IN: Schema = {"name": Field(("string",), True, 200), "password": _s(True, 200)}
PASSWORD: Schema = {"password": _s(True, 200), "old": _s(False, 200)}
EMPTY: Schema = {}
BET: Schema = {"amount": Field(("string", "integer", "number"), False, 20),
               "sit": Field(("boolean",)),
               "side": Field(("object",)),  # side bets: offer name -> dollars
               "dragon": Field(("string", "integer", "number"), False, 20)}
BANK: Schema = {"decision": _s(True, 10)}
SET: Schema = {
    "low": Field(("array",), False, 7),  # positions of the low (or, at tiles, either) hand
    "high_text": _s(False, 60), "low_text": _s(False, 30),
    "house": Field(("boolean",)),
    "foul_ok": Field(("boolean",)),
    "dragon": Field(("boolean",)),  # the setting is for the dragon hand the seat bought
}
NEW_TABLE: Schema = {
    "game": _s(True, 10), "name": _s(False, 40), "seats": Field(("integer",)),
    "min_bet": Field(("string", "integer"), False, 20),
    "max_bet": Field(("string", "integer"), False, 20),
    "bankroll": Field(("string", "integer"), False, 20),
    "commission": _s(False, 12), "flat_fee": Field(("string", "integer"), False, 20),
    "house_way": _s(False, 40),
    "gee_joon_tiebreak": _s(False, 12), "joker": _s(False, 8), "wheel": _s(False, 8),
    "foul": _s(False, 8), "push": _s(False, 12),
    "ez": Field(("boolean",)),  # EZ Pai Gow: push on a banker's Q-high pai gow, no commission
    # Commission-Free Pai Gow Poker: push on the banker's 9-high two-card hand, no
    # commission, no player banking, the Tiger 9 offered
    "commission_free": Field(("boolean",)),
    "bank": _s(False, 8),  # "rotates" (players may bank) or "house" (no player banking)
    "side_bets": Field(("array",), False, 5),
    "side_min": Field(("string", "integer"), False, 20),
    "side_max": Field(("string", "integer"), False, 20),
    "dragon": _s(False, 8), "dragon_limit": _s(False, 12),
}
TRAINER_START: Schema = {
    "game": _s(True, 10), "drill": _s(True, 10), "way": _s(False, 40),
    "banking": Field(("boolean",)), "name": _s(False, 40),
}
TRAINER_GRADE: Schema = {"low": Field(("array",), True, 7), "foul_ok": Field(("boolean",))}
