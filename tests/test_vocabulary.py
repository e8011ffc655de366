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
import re
import tomllib
from pathlib import Path
from typing import Any

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


_RANKISH = re.compile(r"rank|>> ?2\b|>> ?1[26]\b|& ?15\b|^(r|top|q|t1|p1|p2|hh|ra|rb)$|bits\[|_hib\(")


def test_the_key_packing_of_a_rank_is_written_once() -> None:
    """No module but ``poker/rank.py`` moves a rank to or from a key's 2..14 packing by
    hand (``r + 2``, ``(key >> 16 & 15) - 2``, a straight's ``15 if wheel ... else 14``, a
    pair sum's ``- 4``): they read ``PACK``, ``pack``/``unpack``, ``straight_key`` and
    ``PAIR_SUM_OFFSET``. (Before they did, it found 35 such places in the kernels, the
    way files and the derivation.)"""
    hits = []
    for name, tree in _modules():
        if name == "poker/rank.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
                for a, b in ((node.left, node.right), (node.right, node.left)):
                    if isinstance(b, ast.Constant) and b.value == 2 and _RANKISH.search(ast.unparse(a)):
                        hits.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
                    if (isinstance(b, ast.Constant) and b.value == 4
                            and re.fullmatch(r"v|lo|hi|c\.lo|c\.hi", ast.unparse(a))):
                        hits.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.IfExp) and "wheel" in ast.unparse(node.test) and any(
                    isinstance(x, ast.Constant) and x.value in (5, 14, 15)
                    for x in (node.body, node.orelse)):
                hits.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    assert hits == []


def test_every_other_partial_run_of_the_rank_letters_is_gone() -> None:
    """Rank letters are read from ``RANKS``, never a piece of it (``[2-9TJQKA]``,
    ``"9TJQKA"``): a string of five letters in rank order, a court card among them, is a
    second definition (five digits in a row are any number's). Text in docstrings is
    prose, and passes."""
    from paigow.poker.cards import RANKS

    runs = {RANKS[i:i + 5] for i in range(len(RANKS) - 4)} - {"23456", "34567", "45678", "56789"}
    where = []
    for name, tree in _modules():
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr)
                and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs and name != "poker/cards.py"
                    and any(r in node.value for r in runs)):
                where.append(f"{name}:{node.lineno}: {node.value[:40]!r}")
    assert where == []


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


# --- every way's decision carries a structured rule ------------------------------------------

def _file_rules(path: Path) -> set[tuple[str, str]]:
    """Every ``(number, words)`` a way file writes, read with tomllib apart from the loaders:
    a tile file's ``[[rule]]`` ``id`` and ``text``, a poker file's sections' ``rule`` and
    ``text``."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: set[tuple[str, str]] = set()
    for value in data.values():
        for item in value if isinstance(value, list) else []:
            number = item.get("id", item.get("rule"))
            if number is not None and "text" in item:
                out.add((str(number), str(item["text"])))
    return out


def _tile_ways() -> list[tuple[str, str | None]]:
    from paigow.tiles.ways import registry

    files = registry.shipped_files()
    built_in = [n for n in registry.NAMES if "." not in n and ":" not in n]
    return [(n, None) for n in built_in] + [(n, n) for n in files]


def _poker_ways() -> list[tuple[str, str | None]]:
    from paigow.poker.ways import NAMES
    from paigow.poker.ways.file_way import shipped_ways

    return [(n, None) for n in NAMES] + [(n, n) for n in shipped_ways()]


UNNUMBERED = {"optimal", "luger", "luger-banker", "luger-player", "table"}  # a cell, a count, a line


def _check_rules(way: object, name: str, decisions: list[Any], file: Path | None) -> None:
    from paigow.ways import Rule

    own = file and _file_rules(file)
    for d in decisions:
        r = d.rule
        assert type(r) is Rule, (name, r)
        assert Rule.from_json(r.to_json()) == r
        js = d.to_json()
        assert (js["rule_way"], js["rule_number"], js["rule_words"]) == (r.way, r.number, r.words)
        assert r.words or r.cite, (name, r)
        assert r.text == (f"{r.head}: {r.words}" if r.words else r.head)
        if r.way == getattr(way, "name", name):
            if name in UNNUMBERED:
                assert r.number is None, (name, r)
            elif name != "harrahs":  # Luger's cells, and its own numbered rule 1
                assert r.number, (name, r)
            if own:
                assert (r.number, r.words) in own, (name, r)
        else:  # a way of exceptions: the rule of the way it falls back on, cited as such
            assert r.cite.startswith(getattr(way, "name", name)) and "otherwise" in r.cite


@pytest.mark.parametrize("name,file", _tile_ways(), ids=[w[0] for w in _tile_ways()])
def test_every_tile_way_decides_with_a_structured_rule(name: str, file: str | None) -> None:
    import random

    from paigow.tiles.tile import DECK
    from paigow.tiles.ways.way_file import shipped_way_files
    from paigow.ways import TILES, get_way

    way = get_way(name, TILES)
    rng = random.Random(23)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(120)]
    decisions = [way.choose(h, banking) for h in hands for banking in (False, True)]
    _check_rules(way, name, decisions, shipped_way_files()[file] if file else None)


@pytest.mark.parametrize("name,file", _poker_ways(), ids=[w[0] for w in _poker_ways()])
def test_every_poker_way_decides_with_a_structured_rule(name: str, file: str | None) -> None:
    import random

    from paigow.poker.ways.file_way import shipped_path
    from paigow.ways import POKER, get_way

    deck = parse_cards("As Ah Kd Kh Qc Qd Js Th 9s 8d 7c 6h 5s 4c 3d 2h 2c Jk")
    options = {"deck": deck} if name == "optimal" else {}
    way = get_way(name, POKER, **options)  # type: ignore[arg-type]
    rng = random.Random(29)
    hands = [tuple(rng.sample(list(deck), 7)) for _ in range(12 if name == "optimal" else 150)]
    decisions = [way.choose(h) for h in hands]
    _check_rules(way, name, decisions, shipped_path(file) if file else None)


def test_a_way_file_of_exceptions_and_a_table_file_decide_with_structured_rules(
        tmp_path: Path) -> None:
    """A derived way's exceptions name its own rules; the hands they leave carry the rule
    of the way they fall back on, cited as such; a strategy table's rule is its line."""
    import random

    from paigow.tiles.tile import DECK
    from paigow.tiles.ways.table_file import write_table
    from paigow.ways import POKER, TILES, Rule, get_way

    mine = tmp_path / "mine.toml"
    mine.write_text('[way]\nname = "mine"\notherwise = "foxwoods"\n\n[[two_pair]]\nrule = "1"\n'
                    'set = "low pair"\ntext = "two pair: always split"\n', encoding="utf-8")
    way = get_way(str(mine), POKER)
    split = way.choose("Kh Kd 5s 5c 9h 7d 2c")
    assert split.rule == Rule("mine", "1", "two pair: always split")
    other = way.choose("Kd Qs Jh 9c 7d 4s 3h").rule
    assert (other.way, other.number, other.cite) == ("foxwoods", "1", "mine, otherwise foxwoods 1")
    _check_rules(way, "mine", [split, way.choose("Kd Qs Jh 9c 7d 4s 3h")], mine)

    table = tmp_path / "australian.csv"
    write_table(get_way("australian", TILES), False, table)
    by_table = get_way(f"table:{table}", TILES)
    rng = random.Random(31)
    decisions = [by_table.choose(tuple(rng.sample(DECK, 4))) for _ in range(50)]
    _check_rules(by_table, "table", decisions, None)
    assert all(d.rule.number is None and ", line " in d.rule.cite for d in decisions)
