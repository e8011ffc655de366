"""Way files run everywhere a built-in way does (``set``, ``advise``, ``edge``, ``table``,
the table), and the ``ways-diff`` and ``way-check`` commands (issue 12)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from paigow.cli import app
from paigow.cli.table import app as table_app
from paigow.tiles.ways.way_file import SHIPPED_DIR

runner = CliRunner()
HAND = ["6-6", "6-6", "4-4", "3-4"]
SIMPLE = '[way]\nname = "simple"\n[[rule]]\nid = "1"\ntext = "the highest low hand"\n' \
         'prefer = ["max low", "max high"]\n'


def run_json(*args: str) -> Any:
    r = runner.invoke(app, ["tiles", *args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_set_with_a_shipped_way_file_and_with_a_path(tmp_path: Path) -> None:
    by_name = run_json("set", *HAND, "--strategy", "australian.toml")
    by_path = run_json("set", *HAND, "--strategy", str(SHIPPED_DIR / "australian.toml"))
    code = run_json("set", *HAND, "--strategy", "australian")
    assert by_name["high"] == by_path["high"] == code["high"]
    assert by_name["rule"].startswith("australian.toml 3.3:")


def test_edge_and_advise_take_a_way_file_as_player_and_dealer(tmp_path: Path) -> None:
    f = tmp_path / "simple.toml"
    f.write_text(SIMPLE)
    e = run_json("edge", "--player", str(f), "--dealer", "australian.toml")
    assert e["player"] == "simple" and e["dealer"] == "australian.toml"
    assert e["total"] == 736_281_000
    same = run_json("edge", "--player", "australian.toml", "--dealer", "australian")
    code = run_json("edge", "--player", "australian", "--dealer", "australian")
    assert same["edge_exact"] == code["edge_exact"]
    a = run_json("advise", *HAND, "--dealer", str(f))
    assert sum(s["win"] + s["push"] + s["lose"] for s in a["settings"]) == 20_475 * len(
        a["settings"])


def test_table_writes_a_way_files_strategy(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    r = runner.invoke(app, ["tiles", "table", "--strategy", "australian.toml", "-o", str(out)])
    assert r.exit_code == 0, r.output
    back = run_json("set", *HAND, "--strategy", str(out))
    assert back["high"] == run_json("set", *HAND, "--strategy", "australian")["high"]


def test_the_table_plays_with_a_way_file_house_way_and_bots(tmp_path: Path) -> None:
    f = tmp_path / "simple.toml"
    f.write_text(SIMPLE)
    res = runner.invoke(table_app, ["play", "tiles", "--auto", "--rounds", "5", "--seed", "4",
                                    "--db", str(tmp_path / "d.sqlite3"), "--json",
                                    "--house-way", "australian.toml", "--bot-way", str(f)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["house_way"] == "australian.toml"
    assert sum(s["end"] - s["start"] for s in data["seats"]) + data["house_net"] == 0


def test_ways_diff_json_total_is_the_difference_of_the_edges(tmp_path: Path) -> None:
    d = run_json("ways-diff", "australian", "luger", "--dealer", "australian")
    ea = run_json("edge", "--player", "australian", "--dealer", "australian")
    eb = run_json("edge", "--player", "luger", "--dealer", "australian")
    assert Fraction(d["total_exact"]) == Fraction(eb["edge_exact"]) - Fraction(ea["edge_exact"])
    assert d["classes"] == len(d["rows"]) and d["hands"] == sum(r["hands"] for r in d["rows"])
    assert sum(Fraction(r["value_exact"]) for r in d["rows"]) == Fraction(d["total_exact"])


def test_ways_diff_text_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "d.png"
    r = runner.invoke(app, ["tiles", "ways-diff", "optimal", "australian", "--limit", "3",
                            "--plot", str(png)])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "= the total" in text and "by kind of hand" in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_way_check_reports_rules_and_unreached() -> None:
    data = run_json("way-check", "australian.toml")
    assert data["unreached"] == ["7.b1", "7.b4"]
    rows = {r["id"]: r for r in data["rules"]}
    # every deal is set by exactly one rule's final word
    assert sum(r["deals_player"] for r in data["rules"]) == 35_960
    assert rows["7.b2"]["hands_player"] == 4


def test_bad_way_file_exits_2_naming_rule_and_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text('[[rule]]\nid = "1"\nprefer = ["max low"]\n\n[[rule]]\nid = "2"\n'
                 'pair = ["Teen", "Dya"]\nplay = "split"\n')
    for args in (["way-check", str(f)], ["set", *HAND, "--strategy", str(f)],
                 ["ways-diff", str(f), "australian"], ["edge", "--dealer", str(f)]):
        r = runner.invoke(app, ["tiles", *args])
        assert r.exit_code == 2, (args, r.output)
        assert "rule 2 (line 5)" in r.output and "'Dya'" in r.output
    r = runner.invoke(app, ["tiles", "ways-diff", "australian", "nowhere.toml"])
    assert r.exit_code == 2 and "no way file 'nowhere.toml'" in r.output
