"""The printable strategy card (issue 18, part 4): one page, a way file's rules in order,
each with an example hand that the rule itself decides, set as the way sets it.

Facts checked (for a casino's way, the seeds' and a derived way of exceptions): the SVG is well-formed XML holding one rule row per rule of the file, in
the file's order, with the rule's number and words; each example hand, played by the way,
is decided by that rule (the decision's label names it) and drawn as the way sets it; the
PDF is one page of 595 x 792 points; bad input is refused with one line, exit 2.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paigow.cli import app as APP
from paigow.errors import RuleError
from paigow.poker.cards import card_name, sort_cards
from paigow.poker.strategy_card import card_pdf, card_svg, examples, load_card_way

NS = "{http://www.w3.org/2000/svg}"


DERIVED = str(Path(__file__).parents[2] / "docs/derive/derived-trump-plaza.toml")


# the derived way uses the conditions added for derived ways (straight_or_flush, the 4th
# and 5th card, front) and an otherwise line
@pytest.mark.parametrize("name", ["foxwoods", "house", DERIVED], ids=lambda n: Path(n).stem)
def test_the_card_lists_every_rule_in_order_with_an_example_it_decides(name: str) -> None:
    way = load_card_way(name)
    svg = card_svg(name)
    root = ET.fromstring(svg)
    rows = [g for g in root.iter(f"{NS}g") if g.get("class") == "rule"]
    assert len(rows) == len(way.spec.rules)
    ex = examples(way)
    for g, rule in zip(rows, way.spec.rules, strict=True):
        texts = [t.text or "" for t in g.iter(f"{NS}text")]
        assert texts[0] == rule.rule
        words = " ".join(texts[1:])
        assert rule.text.split()[0] in words and rule.text.split()[-1] in words
        example = ex[rule.rule]
        decision = way.choose(list(example.cards))
        assert decision.setting == example.setting
        decided = decision.rule  # the rule that set the hand, or the one that sent it there
        assert decided.number == rule.rule or decided.head.startswith(
            f"{way.name} {rule.rule} then "), decided
        # the cards drawn are the setting: five behind, then two in front (rank, suit)
        drawn = [tuple(t.text for t in c.iter(f"{NS}text")) for c in g.iter(f"{NS}g")
                 if c.get("class") == "card"]
        cards = (*sort_cards(example.setting.high), *sort_cards(example.setting.low))
        assert drawn == [_face(c) for c in cards]


def _face(card: int) -> tuple[str, str]:
    name = card_name(card)
    if name == "Jk":
        return ("JK", "\u2605")
    rank = "10" if name[0] == "T" else name[0]
    return (rank, {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}[name[1]])


def test_the_pdf_is_one_page_of_the_card_size() -> None:
    pdf = card_pdf("foxwoods")
    assert pdf.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1
    assert re.search(rb"/MediaBox\s*\[\s*0 0 595 792\s*\]", pdf)


def test_a_card_needs_a_way_file() -> None:
    with pytest.raises(RuleError, match="not one"):
        load_card_way("basic")


def test_the_card_command_writes_svg_or_pdf_and_refuses_other_files(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "c.svg"
    r = runner.invoke(APP, ["poker", "card", "seeds", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text(encoding="utf-8").startswith("<svg")
    bad = tmp_path / "c.png"
    r = runner.invoke(APP, ["poker", "card", "seeds", "-o", str(bad)])
    assert r.exit_code == 2 and "written as .svg or .pdf" in r.output and not bad.exists()
    r = runner.invoke(APP, ["poker", "card", "nowhere", "-o", str(tmp_path / "x.svg")])
    assert r.exit_code == 2 and r.output.startswith("error: ") and "nowhere" in r.output
