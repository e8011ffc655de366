"""``paigow serve`` opens its poker table with the floor games' switches (issue 13): the
same options as ``play`` (``--ez``, ``--push``, ``--side-bet``, ``--dragon``...), read by
the same code; the tiles table is left as it is."""

from __future__ import annotations

import socket
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from paigow.cli import app

runner = CliRunner()


def _served(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> dict[str, Any]:
    """The options of each table ``serve ARGS`` opens (nothing is served)."""
    import uvicorn

    from paigow.web.lobby import Lobby

    opened: dict[str, Any] = {}
    monkeypatch.setattr(Lobby, "open", lambda self, opts, *a, **k: opened.setdefault(opts.game, opts))
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    with socket.socket() as s:  # a port free now (serve binds it, then serves nothing)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    res = runner.invoke(app, ["serve", "--port", str(port), *args])
    assert res.exit_code == 0, res.output
    return opened


def test_serve_ez_offers_the_queens_dragon_and_takes_no_commission(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Rule (EZ Pai Gow): no commission, a banker's queen-high pai gow pushes every bet;
    the Queen's Dragon is offered with it (as ``play --ez`` does)."""
    t = _served(monkeypatch, ["--ez", "--side-bet", "fortune", "--dragon", "player",
                              "--dragon-limit", "equal-main", "--db", str(tmp_path / "s.db")])
    poker, tiles = t["poker"], t["tiles"]
    assert poker.push == "pai-gow:Q" and poker.commission.rate == 0
    assert set(poker.side_bets) == {"queens-dragon", "fortune"}
    assert (poker.dragon, poker.dragon_limit) == ("player", "equal-main")
    assert tiles.commission.rate == Fraction(1, 20) and tiles.side_bets == ()
    assert tiles.push == "none" and tiles.dragon == "off"


def test_serve_without_floor_switches_is_the_classic_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    t = _served(monkeypatch, ["--commission", "4%", "--db", str(tmp_path / "s.db")])
    for g in ("tiles", "poker"):
        assert t[g].commission.rate == Fraction(1, 25)
    assert t["poker"].push == "none" and t["poker"].side_bets == ()


def test_serve_commission_free_banks_by_the_house_and_offers_the_tiger_9(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Rule (Commission-Free Fortune Pai Gow): no commission, no player banking, the
    banker's nine-high two-card hand pushes; the Tiger 9 is offered with it."""
    t = _served(monkeypatch, ["--commission-free", "--db", str(tmp_path / "s.db")])
    poker, tiles = t["poker"], t["tiles"]
    assert (poker.push, poker.commission.rate, poker.player_bank) == ("low:9", 0, False)
    assert poker.side_bets == ("tiger-9",) and poker.title == "Commission-Free Pai Gow Poker"
    assert tiles.player_bank and tiles.push == "none"
    t = _served(monkeypatch, ["--house-banks", "--db", str(tmp_path / "h.db")])
    assert not t["poker"].player_bank and not t["tiles"].player_bank
