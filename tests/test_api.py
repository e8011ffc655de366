"""Issue 19, "A public API": ``import paigow`` gives a small typed surface whose results
are plain dataclasses with ``to_json()``, which show as pieces in Jupyter and as text in a
terminal, and whose bad input raises :class:`PaigowError` subclasses naming it.

Facts from outside the code: the seed's Teen Wong (6-6 with 5-4) and royal flush with the
joker as the ten (RULES 2.2); the counts 20,475 (RULES 1.8) and 21 settings (2.8); and
agreement with the command line, a second route to the same core.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import paigow
from paigow.cli import app
from paigow.errors import CardError, PaigowError, RuleError, TileError

runner = CliRunner()


def test_import_paigow_is_light_and_gives_the_games() -> None:
    code = ("import sys, paigow; heavy = [m for m in sys.modules if m.split('.')[0] in "
            "('numba', 'numpy', 'rich', 'typer')]; print(heavy); "
            "print(paigow.tiles.value('6-6 5-4').name)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()
    assert out == ["[]", "Teen Wong"]
    assert {"tiles", "poker", "svg", "PaigowError", "__version__"} <= set(paigow.__all__)


def test_tile_value_is_the_seeds_teen_wong_and_agrees_with_the_command() -> None:
    v = paigow.tiles.value("6-6", "5-4")
    assert dataclasses.is_dataclass(v) and v.name == "Teen Wong"
    assert paigow.tiles.value("6-6 5-4") == v == paigow.tiles.value(["6-6", "5-4"])
    res = runner.invoke(app, ["tiles", "value", "6-6", "5-4", "--json"])
    assert json.loads(res.stdout) == v.to_json()
    assert str(v).startswith("6-6 5-4: Teen Wong")


def test_poker_rank_royal_flush_with_the_joker_as_ten_and_agrees_with_the_command() -> None:
    r = paigow.poker.rank("As Ks Qs Js Jk")
    assert r.category.label == "royal flush" and "T" in (r.joker or "")
    res = runner.invoke(app, ["poker", "rank", "As", "Ks", "Qs", "Js", "Jk", "--json"])
    assert {k: v for k, v in json.loads(res.stdout).items() if k != "cards"} == r.to_json()


def test_set_hand_agrees_with_the_command_for_a_shipped_casino_way() -> None:
    d = paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h", way="foxwoods")
    res = runner.invoke(app, ["poker", "set", "Kd", "Qs", "Jh", "9c", "7d", "4s", "3h",
                              "--strategy", "foxwoods", "--json"])
    out = json.loads(res.stdout)
    assert (out["high"], out["low"], out["rule"]) == (
        d.to_json()["high"], d.to_json()["low"], d.rule.text)
    t = paigow.tiles.set_hand("6-6 4-2 5-3 1-1", way="australian")
    res = runner.invoke(app, ["tiles", "set", "6-6", "4-2", "5-3", "1-1", "--json"])
    assert {k: json.loads(res.stdout)[k] for k in ("high", "low", "rule")} == {
        k: t.to_json()[k] for k in ("high", "low", "rule")}


def test_tile_advice_counts_every_opponent_hand() -> None:
    a = paigow.tiles.advise("6-6 4-2 5-3 1-1")
    assert all(s.win + s.push + s.lose == 20_475 for s in a.settings)
    assert a.settings[a.best].ev == max(s.ev for s in a.settings)
    json.dumps(a.to_json())


def test_results_are_plain_dataclasses_whose_json_is_plain() -> None:
    results = [paigow.tiles.value("6-6 5-4"), paigow.tiles.hand("6-6 4-2 5-3 1-1"),
               paigow.tiles.set_hand("6-6 4-2 5-3 1-1"), paigow.poker.hand("As Kd Jk"),
               paigow.poker.rank("Ah Jk"), paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h")]
    for r in results:
        assert dataclasses.is_dataclass(r), type(r)
        json.dumps(r.to_json())  # no Fraction, no tuple of objects: plain JSON
        assert str(r)


def _svg_ok(markup: str) -> ET.Element:
    root = ET.fromstring(markup)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_hands_and_settings_show_as_the_browsers_pieces() -> None:
    tiles = _svg_ok(paigow.tiles.hand("6-6 4-2 5-3 1-1")._repr_svg_())
    assert len(tiles.findall("{http://www.w3.org/2000/svg}svg")) == 4  # four dominoes
    cards = _svg_ok(paigow.poker.hand("As Kd Qh Jc 9s 8d Jk")._repr_svg_())
    assert len(cards.findall("{http://www.w3.org/2000/svg}svg")) == 7
    _svg_ok(paigow.tiles.value("6-6 5-4")._repr_svg_())
    html = paigow.tiles.set_hand("6-6 4-2 5-3 1-1")._repr_html_()
    assert html.count("<svg ") == 2 + 4 and html.count('class="piece tile"') == 4
    for html in (paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h")._repr_html_(),
                 paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h").setting._repr_html_()):
        assert html.count("<svg ") == 2 + 7 and html.count('class="piece card') == 7


BAD: list[tuple[str, Callable[[], Any], type[PaigowError], str]] = [
    ("tile token", lambda: paigow.tiles.value("6-6 9-9"), TileError, "9-9"),
    ("tile face", lambda: paigow.tiles.value("6-6 0-4"), TileError, "0-4"),
    ("three tiles for two", lambda: paigow.tiles.value("6-6 5-4 1-1"), TileError, "3"),
    ("tile rule", lambda: paigow.tiles.value("6-6 5-4", gee_joon_tiebreak="x"), RuleError, "'x'"),
    ("tile way", lambda: paigow.tiles.set_hand("6-6 4-2 5-3 1-1", way="nope"), RuleError,
     "'nope'"),
    ("tile commission", lambda: paigow.tiles.advise("6-6 4-2 5-3 1-1", commission="lots"),
     PaigowError, "'lots'"),
    ("card token", lambda: paigow.poker.rank("As Ks Qs Js 1x"), CardError, "1x"),
    ("repeated card", lambda: paigow.poker.hand("As As"), CardError, "As"),
    ("joker rule", lambda: paigow.poker.rank("As Ks Qs Js Jk", joker="free"), RuleError,
     "'free'"),
    ("card way", lambda: paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h", way="nope"), RuleError,
     "nope"),
    ("six cards", lambda: paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s"), CardError, "6"),
    ("rounds", lambda: paigow.poker.simulate(rounds=-1), PaigowError, "-1"),
    ("poker commission", lambda: paigow.poker.simulate(rounds=10, commission="2"),
     PaigowError, "'2'"),
]


@pytest.mark.parametrize("what,call,kind,token", BAD, ids=[b[0] for b in BAD])
def test_bad_input_raises_a_paigow_error_naming_it(
    what: str, call: Callable[[], Any], kind: type[PaigowError], token: str
) -> None:
    with pytest.raises(PaigowError) as info:
        call()
    assert isinstance(info.value, kind), type(info.value)
    assert type(info.value) is not ValueError
    assert token in str(info.value), str(info.value)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=30),
                      st.from_regex(r"[0-9a-zA-Z\- |,\[\]]{0,24}", fullmatch=True)))
def test_any_text_is_taken_or_refused_with_a_paigow_error(text: str) -> None:
    """Whatever a caller types, the front door answers or raises a PaigowError: never a
    bare ValueError (or any other exception) from deep inside."""
    for call in (lambda: paigow.tiles.value(text), lambda: paigow.tiles.hand(text),
                 lambda: paigow.poker.rank(text), lambda: paigow.poker.hand(text),
                 lambda: paigow.tiles.value("6-6 5-4", gee_joon_tiebreak=text),
                 lambda: paigow.poker.rank("As Ks Qs Js Jk", joker=text)):
        with contextlib.suppress(PaigowError):
            call()
