"""Issue 23 §8: one vocabulary inside, as the anchors keep it (python-chess names every value
once; pokerkit has one ``Rank`` and refuses to compare hands across variants).

Each test reads the source as text or syntax tree, from outside the code it checks: the
rank letters are written out in one module, each game's default rules are defined once,
there is one ``Decision`` and one ``get_way``, every error class lives in
``paigow.errors`` (split into syntax and context errors, as python-chess splits
``InvalidMoveError`` from ``IllegalMoveError``), nothing parses a way's rule back out of
its text, and the front doors' functions say what they raise.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import paigow
from paigow import errors
from paigow.poker.cards import Card, Rank, parse_cards
from paigow.poker.kinds import parse_push
from paigow.poker.rank import pack, rank5
from paigow.tiles.tile import parse_tiles

SRC = Path(paigow.__file__).parent


def _modules() -> list[tuple[str, ast.Module]]:
    return [(str(p.relative_to(SRC)), ast.parse(p.read_text(encoding="utf-8")))
            for p in sorted(SRC.rglob("*.py"))]


def test_the_rank_letters_are_written_out_in_one_module() -> None:
    where = [name for name, tree in _modules() for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and "23456789TJQKA" in node.value.replace(" ", "")]
    assert where == ["poker/cards.py"]


def test_each_games_default_rules_are_defined_once() -> None:
    where = sorted(name for name, tree in _modules() for node in tree.body
                   if isinstance(node, (ast.Assign, ast.AnnAssign))
                   and "DEFAULT_RULES" in ast.unparse(node).split("=")[0])
    assert where == ["poker/rules.py", "tiles/rules.py"]


def test_one_decision_class_and_one_get_way() -> None:
    decisions = [name for name, tree in _modules() for node in ast.walk(tree)
                 if isinstance(node, ast.ClassDef) and node.name == "Decision"]
    get_ways = [name for name, tree in _modules() for node in ast.walk(tree)
                if isinstance(node, ast.FunctionDef) and node.name == "get_way"]
    assert decisions == ["ways.py"] and set(get_ways) == {"ways.py"}  # (and its overloads)
    from paigow.poker import ways as poker_ways
    from paigow.tiles import ways as tile_ways
    from paigow.ways import Decision

    assert poker_ways.Decision is tile_ways.Decision is Decision


def test_one_rank_scale_from_the_card_to_the_push_rule() -> None:
    """A rank is a ``Rank`` (two 0 ... ace 12) wherever it is read: a card's, a push rule's
    kind's; a key packs it as ``rank + 2`` (so the ace-high straight can be 15)."""
    ace = parse_cards("As")[0]
    assert ace.rank is Rank.ACE == ace >> 2 and Card("2c").rank is Rank.TWO
    assert parse_push("pai-gow:Q").high is Rank.QUEEN
    assert parse_push("low:9").high is Rank.NINE
    key = rank5("Ah Ad Ac Ks Kd").key
    assert (key >> 16) & 15 == pack(Rank.ACE) and (key >> 12) & 15 == pack(Rank.KING)


def test_every_error_class_is_in_paigow_errors() -> None:
    elsewhere = [f"{name}:{node.name}" for name, tree in _modules() if name != "errors.py"
                 for node in ast.walk(tree)
                 if isinstance(node, ast.ClassDef) and node.name.endswith("Error")]
    assert elsewhere == []
    for cls in vars(errors).values():
        if isinstance(cls, type) and issubclass(cls, Exception):
            assert issubclass(cls, errors.PaigowError) and issubclass(cls, ValueError), cls


@pytest.mark.parametrize("call,syntax", [
    (lambda: parse_tiles("7-1"), True),
    (lambda: parse_tiles("6-6 6-6 6-6"), False),
    (lambda: parse_cards("1x"), True),
    (lambda: parse_cards("As As"), False),
    (lambda: paigow.poker.Setting.parse("As Kd"), True),
    (lambda: paigow.poker.set_hand("As Kd"), False),
    (lambda: paigow.tiles.Setting.parse("6-6 5-4 1-1"), True),
])
def test_syntax_errors_and_context_errors_are_told_apart(call: object, syntax: bool) -> None:
    with pytest.raises(errors.PaigowError) as info:
        call()  # type: ignore[operator]
    want, other = ((errors.NotationError, errors.IllegalError) if syntax
                   else (errors.IllegalError, errors.NotationError))
    assert isinstance(info.value, want) and not isinstance(info.value, other)


def test_no_rule_is_parsed_back_out_of_its_text() -> None:
    """The trainer and the page read a way's rule as a value (way, number, words): the
    grader imports no regular expressions, and the page's words for a rule use none."""
    trees = dict(_modules())
    grade = trees["training/grade.py"]
    assert not any(isinstance(n, (ast.Import, ast.ImportFrom)) and "re" in (
        [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module])
        for n in ast.walk(grade))
    words = trees["web/words.py"]
    for fn in (n for n in ast.walk(words) if isinstance(n, ast.FunctionDef)
               and n.name in ("plain_rule", "rule_words")):
        assert "re." not in ast.unparse(fn) and "_NUMBERED" not in ast.unparse(fn)


FRONT_DOORS = [(mod, name) for mod in (paigow.tiles.api, paigow.poker.api)
               for name in mod.__all__
               if inspect.isfunction(getattr(mod, name)) and name != "paytables"]


@pytest.mark.parametrize("mod,name", FRONT_DOORS, ids=[f"{m.__name__}.{n}" for m, n in FRONT_DOORS])
def test_every_front_door_function_says_what_it_raises(mod: object, name: str) -> None:
    doc = inspect.getdoc(getattr(mod, name)) or ""
    assert "\nRaises:\n" in doc, f"{name} has no Raises: section"
    listed = doc.split("\nRaises:\n", 1)[1]
    assert any(cls in listed for cls in errors.__all__), listed
