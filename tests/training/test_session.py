"""A practice session (issue #10): the terminal session driven by scripted input, the
records kept across a restart of the database (SQLite and PostgreSQL), the trainer's tables
added to a ledger made before them, dealing biased towards the kinds a person gets wrong,
and chance injected (a seed replays, the default is the secure source)."""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from paigow.cli import app
from paigow.errors import PaigowError, SettingError
from paigow.store import open_store
from paigow.tiles.tile import parse_tiles
from paigow.training import TrainerError, TrainerSession, ev_lost_series, grade, training_stats
from paigow.training.bias import RECENT, WARMUP
from paigow.training.kinds import kind_label, tile_kinds

runner = CliRunner()


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend, as ``--db`` names it."""
    if request.param == "sqlite":
        return str(tmp_path / "paigow.sqlite3")
    return str(request.getfixturevalue("pg_url"))


def _hands(out: str) -> list[str]:
    return [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("Hand ")]


# -- the terminal ------------------------------------------------------------------------------

def test_scripted_terminal_session(tmp_path: Path) -> None:
    """A person at the prompt: a listed number, help, a number not listed, a tile not in
    the hand, a good setting, skip, then quit. Bad input is answered and the same hand asked
    again; the grades shown are the library's grades of the hands dealt; the summary counts
    the graded hands, and they are kept under the person's name."""
    db = str(tmp_path / "t.db")
    script = "1\nhelp\n9\n6-6 | 1-1 9-9\n2\nskip\nquit\n"
    r = runner.invoke(app, ["train", "tiles", "--seed", "5", "--name", "ann", "--db", db],
                      input=script)
    assert r.exit_code == 0, r.output
    out = r.output
    hands = _hands(out)
    assert len(hands) == 4  # two graded, one skipped, the last one quit
    assert "HIGH | LOW" in out and "there is no setting number 9" in out
    assert "bad tile '9-9'" in out or "not in the hand" in out
    assert "skipped: not graded" in out
    first = grade("tiles", hands[0], 1)
    assert first.verdict() in out and f"{first.best.text}" in out
    assert "This session: 2 hands" in out and "Kept for ann" in out
    store = open_store(db)
    try:
        kept = store.training_hands("ann")
    finally:
        store.close()
    assert [h["hand"] for h in kept] == hands[:2]
    assert kept[0]["ev_lost"] == str(first.ev_lost)


def test_a_seed_replays_the_session_and_end_of_input_ends_it_cleanly(tmp_path: Path) -> None:
    args = ["train", "tiles", "--drill", "dealer", "--seed", "9", "--no-save"]
    a = runner.invoke(app, args, input="1\n2\n1\n")
    b = runner.invoke(app, args, input="1\n2\n1\n")
    assert a.exit_code == b.exit_code == 0, a.output
    assert _hands(a.output) == _hands(b.output) and len(_hands(a.output)) == 4
    assert "This session: 3 hands" in a.output and "Kept for" not in a.output
    assert "house" in a.output and " rule " in a.output  # the dealer drill names the rule


def test_ctrl_c_at_the_prompt_ends_with_the_summary(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    from paigow.cli import terminal

    lines: Iterator[str] = iter(["1"])

    def ask(self: object, prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(terminal.ConsoleUI, "ask", ask)
    db = str(tmp_path / "c.db")
    r = runner.invoke(app, ["train", "tiles", "--seed", "1", "--name", "bo", "--db", db])
    assert r.exit_code == 0, r.output
    assert "This session: 1 hand" in r.output
    s = open_store(db)
    assert len(s.training_hands("bo")) == 1
    s.close()


@pytest.mark.parametrize(("args", "message"), [
    (["train", "tiles", "--drill", "croupier"], "--drill 'croupier'"),
    (["train", "tiles", "--way", "nonsense"], "unknown tile way 'nonsense'"),
    (["train", "poker", "--way", "nonsense"], "unknown poker way 'nonsense'"),
    (["train", "tiles", "--seed", "x"], "--seed 'x': not a whole number"),
    (["train", "tiles", "--seed", str(2**70)], "from 0 to 2**63 - 1"),
    (["train", "tiles", "--hands", "0"], "--hands '0'"),
    (["train", "stats", "--game", "chess"], "--game 'chess'"),
    (["tiles", "grade", "6-5", "3-2", "6-4", "4-3", "--setting", "6-5 3-2 | 6-4 5-5"],
     "uses 5-5, which is not in the hand"),
    (["tiles", "grade", "6-5", "3-2", "6-4", "4-3", "--setting", "6-5 3-2 | 6-4"],
     "leaves out 4-3"),
    (["poker", "grade", "As", "Ah", "Kd", "Kc", "Qs", "Jh", "9d", "--setting",
      "As Ah Kd Kc Qs | Jh 2c"], "uses 2c, which is not in the hand"),
    (["poker", "grade", "As", "Ah", "Kd", "Kc", "Qs", "Jh", "9d", "--setting",
      "As Ah Kd Kc Qs | As Jh"], "uses As twice"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    db = ["--db", str(tmp_path / "x.db")] if args[0] == "train" else []
    r = runner.invoke(app, [*args, *db], input="quit\n")
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output


def test_grade_command_json_is_the_librarys_grade() -> None:
    import json

    r = runner.invoke(app, ["tiles", "grade", "6-5", "3-2", "6-4", "4-3", "--setting",
                            "6-5 4-3 | 6-4 3-2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    g = grade("tiles", "6-5 3-2 6-4 4-3", "6-5 4-3 | 6-4 3-2")
    assert data == json.loads(json.dumps(g.to_json()))
    assert Fraction(data["ev_lost_exact"]) == g.ev_lost > 0


# -- the records survive a restart ---------------------------------------------------------------

def test_statistics_survive_a_restart(db: str) -> None:
    """Two sessions, the store closed and reopened between and after them: the statistics
    read back are the sessions' own, hand for hand, exactly."""
    shown = []
    for seed in (1, 2):
        store = open_store(db)
        s = TrainerSession("tiles", "player", store=store, name="cy", rng=seed, bias=False)
        for n in range(6):
            s.deal()
            shown.append(s.grade(1 + n % 2))
        store.close()
    store = open_store(db)
    try:
        st = training_stats(store, "cy", "tiles", "player")
        series = ev_lost_series(store, "cy")
        hands = ev_lost_series(store, "cy", by="hand")
    finally:
        store.close()
    assert st.sessions == 2 and st.hands == 12
    assert st.ev_lost == sum((g.ev_lost for g in shown), Fraction(0))
    assert st.optimal == sum(g.is_optimal for g in shown)
    assert st.house == sum(g.is_house for g in shown)
    worst = max(shown, key=lambda g: g.ev_lost)
    assert st.costliest[0].ev_lost == worst.ev_lost and st.costliest[0].hand == " ".join(worst.hand)
    assert [p["hands"] for p in series] == [6, 6]
    assert sum(p["ev_lost"] for p in series) == pytest.approx(float(st.ev_lost))
    assert hands[-1]["running_mean"] == pytest.approx(float(st.mean_ev_lost))


def test_trainer_tables_are_added_to_a_ledger_made_before_them(db: str) -> None:
    """An older ledger has no trainer tables: opening it adds them and keeps the ledger."""
    from paigow.cli.table import app as table_app

    r = runner.invoke(table_app, ["play", "tiles", "--auto", "--rounds", "3", "--seed", "2",
                                  "--db", db])
    assert r.exit_code == 0, r.output
    store = open_store(db)
    rounds = store.rounds()
    with store.transaction():  # type: ignore[attr-defined]
        store._run("DROP TABLE trainer_hand")  # type: ignore[attr-defined]
        store._run("DROP TABLE trainer_session")  # type: ignore[attr-defined]
    store.close()
    store = open_store(db)
    try:
        assert store.rounds() == rounds and store.check() == []
        s = TrainerSession("tiles", store=store, name="di", rng=3)
        s.deal()
        s.grade(1)
        assert len(store.training_hands("di")) == 1
    finally:
        store.close()


# -- the library session -------------------------------------------------------------------------

def test_a_bad_setting_changes_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path / "b.db")
    try:
        s = TrainerSession("tiles", store=store, name="ed", rng=4)
        with pytest.raises(TrainerError, match="deal one first"):
            s.grade(1)
        ex = s.deal()
        with pytest.raises(SettingError):
            s.grade("1-1 1-1 | 6-6 6-6")
        assert s.current == ex and store.training_hands("ed") == []
        s.grade(1)
        assert len(store.training_hands("ed")) == 1 and s.current is None
    finally:
        store.close()


def test_names_are_checked() -> None:
    store = open_store(":memory:")
    with pytest.raises(PaigowError, match="a name is needed"):
        TrainerSession("tiles", store=store, name="  ")
    with pytest.raises(PaigowError, match="cannot be printed"):
        TrainerSession("tiles", store=store, name="a\x07b")
    store.close()


def test_chance_is_injected() -> None:
    a = TrainerSession("poker", rng=12, bias=False)
    b = TrainerSession("poker", rng=12, bias=False)
    assert [a.deal().hand for _ in range(5)] == [b.deal().hand for _ in range(5)]
    secure = TrainerSession("tiles")
    assert isinstance(secure.rng, secrets.SystemRandom) and secure.chance == "secure"
    assert TrainerSession("tiles", rng=random.Random(1)).chance == "injected"


def _practise(s: TrainerSession, n: int, wrong_kind: str) -> None:
    """Set ``n`` hands: the best setting, except hands of ``wrong_kind`` (the worst)."""
    for _ in range(n):
        ex = s.deal()
        a = s.grader.analysis(parse_tiles(ex.hand))  # type: ignore[attr-defined]
        if wrong_kind in ex.kinds:
            worst = min(a.options, key=lambda o: o.ev)
            s.grade(worst.number if worst.ev < a.best.ev else a.best.number)
        else:
            s.grade(a.best.number)


def test_deals_lean_towards_the_kinds_a_person_gets_wrong(tmp_path: Path) -> None:
    """A person who sets every pair wrong and every other hand right: after the warm-up,
    about half the deals are chosen as pairs (each saying so), against the natural share of
    pairs among four-tile hands; once 200 hands set right follow, and for a person who makes
    no mistake, the deals are even."""
    rng = random.Random(0)
    natural = sum("pair" in tile_kinds(tuple(rng.sample(_deck(), 4))) for _ in range(4000)) / 4000
    store = open_store(tmp_path / "bias.db")
    try:
        s = TrainerSession("tiles", store=store, name="fay", rng=1)
        _practise(s, WARMUP + 30, "pair")
        kinds = training_stats(store, "fay").kinds
        assert kinds[0].kind == "pair" and kinds[0].wrong == kinds[0].hands
        wrong = {k.kind for k in kinds if k.wrong}  # pairs, and kinds a pair hand was too
        dealt = [s.deal() for _ in range(400)]
        focused = [e for e in dealt if e.focus is not None]
        assert {e.focus for e in focused} <= wrong
        assert all(e.focus in e.kinds and kind_label("tiles", str(e.focus)) in str(e.reason)
                   for e in focused)
        assert 0.40 <= len(focused) / 400 <= 0.60
        by_focus = Counter(e.focus for e in focused)
        assert by_focus.most_common(1)[0][0] == "pair"
        share = sum("pair" in e.kinds for e in dealt) / 400
        assert share > natural + 0.25

        # once the mistakes have left the last 200 hands, every deal is even again
        _practise(s, RECENT, "none")
        assert all(s.deal().focus is None for _ in range(100))

        clean = TrainerSession("tiles", store=store, name="gus", rng=2)
        _practise(clean, WARMUP + 10, "none")
        assert all(clean.deal().focus is None for _ in range(100))
    finally:
        store.close()


def _deck() -> list[Any]:
    from paigow.tiles.tile import DECK

    return list(DECK)
