"""The games on the floor at the browser table (issue 13): commission-free play with its
push rule, side bets on one's own and on the banker's hand, and the dragon hand, opened
from the lobby's API, played through the table's API, settled in the ledger and told in
the reveal; and every bad side bet refused without a change.

Facts come from the rules (EZ Pai Gow: a banker's queen-high pai gow pushes every bet, no
commission; a side bet pays stake x payout on the line its hand makes; the dragon bet is
limited by the main bet), the engine's own record of the round, and the ledger's
invariants.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

from webkit import (
    Person,
    entry_count,
    poker_opts,
    refuse_bank_until_set,
    refused,
    serving,
    tiles_opts,
)

from paigow.poker.sidebet import load_paytable
from paigow.store import open_store

# With a 3-seat poker table and this seed, round 1's banker (the house) holds a
# queen-high pai gow (found by dealing the same seed through the engine alone).
EZ_PUSH_SEED = 2


def _open(app: Any, body: dict[str, Any]) -> dict[str, Any]:
    p = Person(app)
    r = p.client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _reseeded(lobby: Any, app: Any, table_id: str, seed: int) -> Person:
    """The table ``table_id`` opened again with the lobby's own options but ``seed`` (whose
    first round is known), and Ann seated at it, asked for her bet."""
    from dataclasses import replace

    host = lobby.get(table_id)
    host.close()
    lobby.tables.pop(table_id)
    host = lobby.open(replace(host.opts, seed=seed))
    ann = Person(app, host.id, "Ann")
    ann.join()
    ann.awaiting("bet")
    return ann


def test_ez_pai_gow_pushes_every_bet_on_a_banker_queen_high_pai_gow(tmp_path: Path) -> None:
    """Rule (EZ Pai Gow): no commission, and a banker's queen-high pai gow pushes every bet;
    the reveal says why."""
    with serving(tmp_path, poker_opts()) as (lobby, app):
        t = _open(app, {"game": "poker", "seats": 3, "ez": True})
        assert t["rules"]["push"] == "pai-gow:Q" and t["rules"]["commission"] == "0"
        ann = _reseeded(lobby, app, t["id"], EZ_PUSH_SEED)
        ann.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann])
        ann.ok("set", {"house": True})
        s = ann.wait(lambda s: s["last"] is not None)
        story = s["last"]
        # in words, as the page shows it: never the rule's code (issue 16 §1)
        assert story["push"] == "the banker's queen-high pai gow pushes every bet"
        mine = next(x for x in story["seats"] if x["seat"] == ann.seat)
        assert mine["outcome"] == "push" and mine["net"] == 0 and mine["commission"] == 0
        assert mine["reason"] == "banker-push" and mine["why"] == story["push"]
        assert all(x["outcome"] == "push" for x in story["seats"])


# With a 3-seat poker table and this seed, round 1's banker (the house) sets its hand with
# a nine-high two-card hand (found by dealing the same seed through the engine alone).
CF_PUSH_SEED = 23


def test_commission_free_pushes_on_the_bankers_nine_high_front_and_pays_the_tiger(
    tmp_path: Path,
) -> None:
    """Rule (Commission-Free Fortune Pai Gow): no commission, no player banking, every bet
    pushes when the banker plays a nine-high two-card hand, and the Tiger 9 pays 30 to 1
    on it; the lobby names the game, the reveal says why and shows the Tiger 9."""
    with serving(tmp_path, poker_opts()) as (lobby, app):
        t = _open(app, {"game": "poker", "seats": 3, "commission_free": True})
        r = t["rules"]
        assert (r["title"], r["push"], r["commission"], r["player_bank"]) == (
            "Commission-Free Pai Gow Poker", "low:9", "0", False)
        assert r["push_text"] == "the banker's nine-high two-card hand pushes every bet"
        (tiger,) = r["side_bets"]
        assert (tiger["name"], tiger["on"], tiger["reads"]) == (
            "tiger-9", "banker-set", "the banker's two-card hand as set")
        listed = Person(app).client.get("/api/tables").json()["tables"]
        assert any(x["rules"]["title"] == "Commission-Free Pai Gow Poker" for x in listed)
        ann = _reseeded(lobby, app, t["id"], CF_PUSH_SEED)
        ann.ok("bet", {"amount": "10", "side": {"tiger-9": "5"}})
        refuse_bank_until_set([ann])
        ann.ok("set", {"house": True})
        story = ann.wait(lambda s: s["last"] is not None)["last"]
        assert story["banker"]["kind"] == "house"
        assert story["push"] == "the banker's nine-high two-card hand pushes every bet"
        assert story["bank_hand"]["low_name"]["text"].startswith("high card, 9-")
        assert all(x["outcome"] == "push" and x["reason"] == "banker-push"
                   for x in story["seats"])
        (mine,) = [x for x in story["side"] if x["seat"] == ann.seat]
        assert (mine["name"], mine["line"], mine["pays"], mine["net"]) == (
            "tiger-9", "low-9-high", "30", 15_000)


def test_side_bets_and_the_dragon_hand_settle_in_the_ledger(tmp_path: Path) -> None:
    """Rules: a side bet pays stake x payout on its hand's line or loses its stake; the
    dragon hand is an empty place's hand bought with a separate bet (here set by its buyer);
    money is conserved and every round replays from the ledger."""
    db = tmp_path / "web.sqlite3"
    with serving(tmp_path, poker_opts()) as (_lobby, app):
        t = _open(app, {"game": "poker", "seats": 2, "side_bets": ["fortune", "queens-dragon"],
                        "side_min": "1", "side_max": "50", "dragon": "player",
                        "dragon_limit": "up-to-main"})
        offered = {o["name"]: o for o in t["rules"]["side_bets"]}
        assert set(offered) == {"fortune", "queens-dragon"}
        assert offered["queens-dragon"]["on"] == "banker"
        assert t["rules"]["dragon"] == {"set_by": "player", "limit": "up-to-main"}
        ann = Person(app, t["id"], "Ann")
        ann.join()
        bob = Person(app, t["id"], "Bob")
        bob.join()
        fortune = load_paytable("fortune")
        rounds = 0
        saw_dragon = False
        while rounds < 3:
            ann.awaiting("bet")
            bob.awaiting("bet")
            ann.ok("bet", {"amount": "10", "side": {"fortune": "5", "queens-dragon": 1},
                           "dragon": "10"})
            bob.ok("bet", {"amount": "10"})
            # Bob may not see Ann's dragon hand, before or after she sets it
            refuse_bank_until_set([ann, bob])
            for p in (ann, bob):
                p.ok("set", {"house": True})
            s = ann.state()
            while s["last"] is None or s["last"]["number"] != rounds + 1:
                you = s["you"]
                if you["awaiting"] == "set" and you["hand"]["dragon"]:
                    saw_dragon = True
                    secret = set(you["hand"]["pieces"])
                    other = bob.state()
                    assert other["you"]["hand"] is None or \
                        not secret <= set(other["you"]["hand"]["pieces"])
                    ann.ok("set", {"low": you["hand"]["house_low"], "dragon": True})
                s = ann.state()
            rounds += 1
            story = s["last"]
            ip_dragon = story["dragon"]
            mine = [x for x in story["side"] if x["seat"] == ann.seat and x["kind"] == "bet"]
            assert {x["name"] for x in mine} == {"fortune", "queens-dragon"}
            for x in mine:
                if x["net"] > 0:
                    assert x["net"] == math.floor(x["stake"] * Fraction(x["pays"]))
                    if x["name"] == "fortune":
                        assert any(ln.hand == x["line"] for ln in fortune.lines)
                else:
                    assert x["net"] == -x["stake"]
            if ip_dragon is not None:
                assert ip_dragon["seat"] == ann.seat and ip_dragon["stake"] == 1_000
        assert saw_dragon, "Ann bought the dragon hand three times and never set it"
        table_id = t["id"]
        history = ann.client.get(f"/api/tables/{table_id}/history").json()
        newest = history["rounds"][0]
        assert {x["name"] for x in newest["side"] if x["seat"] == ann.seat} >= {"fortune"}
        rid = newest["round"]
        audit = ann.client.get(f"/api/tables/{table_id}/rounds/{rid}").json()
        assert audit["audit"]["reproduced"] is True
    store = open_store(str(db), readonly=True)
    try:
        assert store.check() == []
        kinds = {w["kind"] for r in store.rounds() for w in r["wagers"]}
        assert {"side", "dragon"} <= kinds
        for sid in {r["session"] for r in store.rounds()}:
            bal = store.balances(sid)
            assert sum(bal.values()) == 0
    finally:
        store.close()


def test_bad_side_bets_and_dragon_bets_are_refused_and_change_nothing(tmp_path: Path) -> None:
    """Every bad side bet or dragon request: a 4xx naming it, the ledger untouched."""
    db = tmp_path / "web.sqlite3"
    with serving(tmp_path, poker_opts()) as (_lobby, app):
        t = _open(app, {"game": "poker", "seats": 2, "side_bets": ["fortune"], "side_min": "1",
                        "side_max": "50", "dragon": "house", "dragon_limit": "up-to-main"})
        ann = Person(app, t["id"], "Ann")
        ann.join()
        ann.awaiting("bet")
        before = entry_count(db)
        cases: list[tuple[dict[str, Any], int, tuple[str, ...]]] = [
            ({"amount": "10", "side": {"emperors-challenge": "5"}}, 400, ("emperors-challenge",)),
            ({"amount": "10", "side": {"fortune": "51"}}, 400, ("fortune", "$51.00")),
            ({"amount": "10", "side": {"fortune": "0.5"}}, 400, ("fortune", "$0.50")),
            ({"amount": "10", "side": {"fortune": "5.001"}}, 400, ("5.001",)),
            ({"amount": "10", "side": {"fortune": "５"}}, 400, ("５",)),
            ({"amount": "10", "side": {"fortune": True}}, 400, ("fortune",)),
            ({"amount": "10", "side": {"fortune": ["5"]}}, 400, ("fortune",)),
            ({"amount": "10", "side": {"for tune": "5"}}, 400, ("for tune",)),
            ({"amount": "10", "side": {"fortune": "5", "Fortune": "5"}}, 400, ("twice",)),
            ({"amount": "10", "side": {f"b{i}": "1" for i in range(6)}}, 400, ("at most 5",)),
            ({"amount": "10", "side": "fortune"}, 400, ('"side"',)),
            ({"amount": "10", "dragon": "10.01"}, 400, ("dragon", "$10.01")),
            ({"amount": "10", "dragon": "-1"}, 400, ("-1",)),
            ({"sit": True, "side": {"fortune": "5"}}, 400, ("main bet",)),
            ({"sit": True, "dragon": "5"}, 400, ("main bet",)),
            ({"amount": "10", "side": {"fortune": "990"}}, 400, ("fortune",)),
        ]
        for body, status, names in cases:
            refused(ann.post("bet", body), status, *names)
            assert ann.state()["you"]["awaiting"] == "bet", body
        assert entry_count(db) == before
        # a table without the dragon hand or side bets refuses them
        plain = Person(app, "1", "Cy")
        plain.join()  # (Cy's buy-in from her wallet is written)
        plain.awaiting("bet")
        before = entry_count(db)
        refused(plain.post("bet", {"amount": "10", "dragon": "5"}), 400, "dragon")
        refused(plain.post("bet", {"amount": "10", "side": {"fortune": "5"}}), 400,
                "fortune", "not offered")
        assert entry_count(db) == before
        # a dragon setting from a seat with no dragon hand
        refused(plain.post("set", {"house": True, "dragon": True}), 409, "dragon")


def test_new_tables_with_bad_floor_options_are_refused(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        p = Person(app)
        cases: list[tuple[dict[str, Any], tuple[str, ...]]] = [
            ({"game": "poker", "side_bets": ["/etc/passwd"]}, ("/etc/passwd",)),
            ({"game": "poker", "side_bets": ["fortune.toml"]}, ("fortune.toml",)),
            ({"game": "poker", "side_bets": ["fortune", "fortune"]}, ("twice",)),
            ({"game": "poker", "side_bets": [7]}, ("7",)),
            ({"game": "tiles", "side_bets": ["fortune"]}, ("poker",)),
            ({"game": "tiles", "ez": True}, ("Poker",)),
            ({"game": "poker", "ez": True, "push": "none"}, ("ez",)),
            ({"game": "poker", "ez": True, "commission": "5%"}, ("ez",)),
            ({"game": "poker", "dragon": "dealer"}, ("dealer",)),
            ({"game": "poker", "dragon": "house", "dragon_limit": "double"}, ("double",)),
            ({"game": "poker", "side_bets": ["fortune"], "side_min": "20", "side_max": "10"},
             ("maximum",)),
            ({"game": "poker", "side_bets": ["fortune"], "side_min": "1.005"}, ("1.005",)),
            ({"game": "tiles", "commission_free": True}, ("Poker",)),
            ({"game": "poker", "commission_free": True, "ez": True}, ("two different games",)),
            ({"game": "poker", "commission_free": True, "push": "low:9"}, ("commission_free",)),
            ({"game": "poker", "commission_free": True, "bank": "rotates"},
             ("no player banking",)),
            ({"game": "poker", "bank": "nobody"}, ("nobody",)),
            ({"game": "poker", "push": "low:2"}, ("low:2",)),
        ]
        for body, names in cases:
            r = p.client.post("/api/tables", json=body)
            refused(r, 400, *names)
        assert list(lobby.tables) == ["1"]
