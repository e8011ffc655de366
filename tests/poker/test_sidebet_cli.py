"""``paigow poker sidebet``: bad input exits 2 with one line; small exact problems run end
to end (``--deck``), the Envy's figures labelled exact or Monte Carlo."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from paigow.cli.common import new_app
from paigow.cli.poker_sidebets import register

app = new_app()
app.callback()(lambda: None)  # a group, as under ``paigow poker``: the command is named
register(app)
runner = CliRunner()

# 22 cards: quads and royals for the Envy, room for the bettor and two other hands
ENVY_DECK = "As Ks Qs Js Ts 9s Kh Qh Ah Ad Ac Jk 8s 2d 3c 4c 5d 6h 7c 8d 9h Tc"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["sidebet", "--paytable", "no-such-table"], "unknown pay table"),
        (["sidebet", "--paytable", "emperors-challenge", "--joker", "free"], "joker"),
        (["sidebet"], "give --paytable"),
        (["sidebet", "--paytable", "fortune", "--others", "9", "--deck", ENVY_DECK],
         "--others '9': must be a whole number from 0 to 6"),
        (["sidebet", "--paytable", "fortune", "--stake", "-5", "--deck", ENVY_DECK],
         "must not be negative"),
        (["sidebet", "--paytable", "fortune", "--stake", "0", "--deck", ENVY_DECK],
         "--stake '0' must be more than 0"),
        (["sidebet", "--paytable", "fortune", "--rounds", "0", "--deck", ENVY_DECK],
         "--rounds '0'"),
        (["sidebet", "--paytable", "/no/such/file.toml"], "--paytable"),
        (["sidebet", "--paytable", "dynasty-wild", "--joker", "bug", "--deck", ENVY_DECK],
         "for the wild joker"),
        (["sidebet", "--paytable", "fortune", "--dealer", "house", "--deck", ENVY_DECK],
         "--dealer is for a bet on the dealer's setting"),
        (["sidebet", "--paytable", "tiger-9", "--dealer", "nonsense", "--deck", ENVY_DECK],
         "unknown poker way 'nonsense'"),
        (["sidebet", "--paytable", "tiger-9", "--dealer", "basic"], "no fast kernel"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    res = runner.invoke(app, args)
    assert res.exit_code == 2, res.output
    lines = [x for x in res.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and needle in lines[0], res.stderr


def test_sidebet_small_deck_json() -> None:
    res = runner.invoke(app, ["sidebet", "--paytable", "emperors-challenge", "--deck",
                              "As Ks Qs Js Ts 9s 8s 7s 2d", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["total"] == 36 and data["method"].startswith("exact")
    assert {x["hand"]: x["count"] for x in data["lines"]}["seven-card-straight-flush"] == 2


def test_list_names_every_shipped_table() -> None:
    res = runner.invoke(app, ["sidebet", "--list", "--json"])
    assert res.exit_code == 0, res.output
    rows = {r["name"]: r for r in json.loads(res.stdout)}
    assert rows["queens-dragon"]["on"] == "banker" and rows["fortune"]["envy"]


def test_envy_figures_say_how_they_were_obtained() -> None:
    base = ["sidebet", "--paytable", "fortune", "--deck", ENVY_DECK, "--seed", "4",
            "--rounds", "3000", "--json"]
    one = json.loads(runner.invoke(app, [*base, "--others", "1"]).stdout)["envy"]
    two = json.loads(runner.invoke(app, [*base, "--others", "2"]).stdout)["envy"]
    assert one["method"].startswith("exact") and one["distribution"]["method"] == "exact"
    assert two["distribution"]["method"] == "monte-carlo"
    assert two["distribution"]["rounds"] == 3000 and two["distribution"]["seed"] == 4
    assert two["expected"] == pytest.approx(2 * one["expected"])
    text = runner.invoke(app, ["sidebet", "--paytable", "fortune", "--deck", ENVY_DECK,
                               "--others", "2", "--rounds", "2000", "--seed", "1"]).stdout
    flat = " ".join(text.split())
    assert "Monte Carlo, 2,000 deals (seed 1), 95% intervals" in flat
    assert "(exact)" in flat


def test_tiger_9_small_deck_counts_the_dealers_settings() -> None:
    """The Tiger 9 on a 14-card deck, the dealer setting the Foxwoods way: the count is
    that of every hand set one by one by the way file's plain-Python interpreter."""
    from itertools import combinations

    from paigow.poker.cards import parse_cards
    from paigow.poker.sidebet import set_lines_made
    from paigow.ways import POKER, get_way

    deck = "5s 5h 5d 5c 9h 8s 3h Kd Qc Jh 7d 4c 2s Ah"
    way = get_way("foxwoods", POKER)
    want = sum("low-9-high" in set_lines_made(way.choose(h, True).setting)
               for h in combinations(parse_cards(deck), 7))
    res = runner.invoke(app, ["sidebet", "--paytable", "tiger-9", "--dealer", "foxwoods",
                              "--deck", deck, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["dealer"] == "foxwoods" and "set by the foxwoods way" in data["method"]
    assert (data["total"], data["lines"][0]["count"]) == (3432, want)
