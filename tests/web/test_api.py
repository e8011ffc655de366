"""The browser table's API, both games, through FastAPI's TestClient.

Facts checked: each person sees only their own hand until the reveal; a hint's counts are
the exact advice (tiles: the same counts as :func:`paigow.analysis.tiles_odds.advise`, over
all 20,475 banker hands; poker: over all 53,524,680, suit-equivalent settings merged); the
ledger conserves money (audit, chips + house = buy-ins); a setting made by positions is the
one played; a fouling arrangement needs a confirmation; the bank offer, leaving, idling and
gone people behave as docs/web.md says; the lobby opens tables with their rules.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from webkit import (
    BANKROLL,
    Person,
    entry_count,
    play_round,
    poker_opts,
    refuse_bank_until_set,
    refused,
    serving,
    tiles_opts,
)

from paigow.store import open_store
from paigow.table.session import make_game
from paigow.tiles.tile import parse_tiles
from paigow.web.accounts import WALLET_GRANT
from paigow.web.host import HostLimits


def test_two_people_play_tiles_and_see_only_their_own_hands(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        assert (ann.join(), bob.join()) == (1, 2)
        s = ann.awaiting("bet")
        assert [(x["seat"], x["kind"]) for x in s["seats"]] == [
            (1, "person"), (2, "person"), (3, "bot")]
        assert ann.ok("bet", {"amount": "10"})["bet"] == 1_000
        assert bob.ok("bet", {"amount": "12.50"})["bet"] == 1_250
        refuse_bank_until_set([ann, bob])
        a, b = ann.state(), bob.state()
        assert len(a["you"]["hand"]["pieces"]) == 4 and len(b["you"]["hand"]["pieces"]) == 4
        # the dice and the banker are public from the opening; no hand but one's own is
        assert a["in_play"]["banker"]["kind"] == "house" and len(a["in_play"]["dice"]) == 3
        assert a["last"] is None and b["you"]["hand"] != a["you"]["hand"]
        assert all(set(x) == {"seat", "place", "name", "way", "kind", "you", "here",
                              "balance", "bet", "status", "sat_out"} for x in a["seats"])
        # (the side bets and the dragon buy are stakes, public as the bets are; none here)
        assert set(a["in_play"]) == {"banker", "dice", "first_place", "bets", "side", "dragon",
                                     "banker_words"}
        assert a["in_play"]["banker_words"]["text"] == "the house banks"
        assert a["in_play"]["side"] == [] and a["in_play"]["dragon"] is None
        # Ann swaps into the arrangement whose low hand is her first and last tiles
        ann.ok("set", {"low": [0, 3]})
        bob.ok("set", {"house": True})
        s = ann.wait(lambda s: s["last"] is not None)
        story = s["last"]
        mine = next(x for x in story["seats"] if x["seat"] == 1)
        hand = a["you"]["hand"]
        played = {tuple(sorted(mine["high"])), tuple(sorted(mine["low"]))}
        assert tuple(sorted([hand["pieces"][0], hand["pieces"][3]])) in played
        assert sorted(mine["pieces"]) == sorted(hand["pieces"])
        assert next(x for x in story["seats"] if x["seat"] == 2)["rule"] == "person (house way)"
        # each seat's chips moved by exactly its net; the house took the rest
        balance = {x["seat"]: x["balance"] for x in s["seats"]}
        nets = {x["seat"]: x["net"] for x in story["seats"]}
        assert all(balance[k] == BANKROLL + nets[k] for k in (1, 2, 3))
        assert s["house_net"] == -sum(nets.values())
        assert story["bank"]["net"] == -sum(x["net"] + x["commission"] + x["fee"]
                                            for x in story["seats"])


def test_a_tiles_hint_is_the_exact_advice(tmp_path: Path) -> None:
    from paigow.analysis.tiles_odds import advise

    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        ann.awaiting("bet")
        ann.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann])
        hand = ann.state()["you"]["hand"]
        r = ann.post("hint")
        assert r.status_code == 200 and "hint;dur=" in r.headers["server-timing"]
        hint = r.json()
        assert hint["status"] == "ready" and hint["opponent_hands"] == 20_475
        game, _ = make_game(tiles_opts())
        adv = advise(parse_tiles(" ".join(hand["pieces"])), game.house_way, False,
                     Fraction(1, 20))
        want = sorted((o.win, o.push, o.lose, str(o.ev)) for o in adv.settings)
        got = sorted((x["win"], x["push"], x["lose"], x["ev_exact"]) for x in hint["rows"])
        assert got == want
        assert all(x["total"] == 20_475 for x in hint["rows"])
        best = [x for x in hint["rows"] if x["best"]]
        assert len(best) == 1 and best[0]["ev"] == max(x["ev"] for x in hint["rows"])
        # the hint is pushed with the person's view too, and a row's positions set it
        assert ann.state()["you"]["hint"]["rows"] == hint["rows"]
        key = ",".join(map(str, best[0]["low"]))
        arr = hand["arrangements"][key]
        assert {arr["high"], arr["low"]} == {best[0]["high_text"], best[0]["low_text"]}


def test_money_is_conserved_in_the_ledger(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        host = lobby.get("1")
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        for bets in (["10", "12.50"], ["25", "0.01"], ["100", "3"]):
            play_round([ann, bob], bets)
        ann.awaiting("bet")
        store = open_store(str(tmp_path / "web.sqlite3"))
        try:
            assert store.check() == []
            bal = store.balances(host.session_id)

            def total(kind: str) -> int:
                return int(store.query(
                    "SELECT COALESCE(SUM(amount), 0) AS s FROM entry WHERE kind = ? AND "
                    "session_id = ?", (kind, host.session_id))[0]["s"])

            # three bots bought in, two gave their chips back for Ann and Bob's buy-ins
            assert total("buy_in") == 5 * BANKROLL and total("cash_out") == 2 * BANKROLL
            assert sum(v for k, v in bal.items() if k.startswith("seat:") or k == "house") \
                == total("buy_in") - total("cash_out")
            s = ann.state()
            assert {f"seat:{x['seat']}": x["balance"] for x in s["seats"]} == {
                k: v for k, v in bal.items() if k.startswith("seat:")}
            assert s["house_net"] == bal.get("house", 0)
            # each person's wallet and chips are the grant and their three rounds' nets
            stories = ann.client.get("/api/tables/1/history").json()["rounds"]
            for p in (ann, bob):
                net = sum(x["net"] for r in stories for x in r["seats"] if x["seat"] == p.seat)
                me = p.client.get("/api/me").json()
                assert me["wallet"] == WALLET_GRANT - BANKROLL
                assert me["total"] == WALLET_GRANT + net == me["wallet"] + me["seats"][0]["chips"]
        finally:
            store.close()


def test_poker_round_with_a_fouled_arrangement_confirmed(tmp_path: Path) -> None:
    """RULES 2.4: a setting whose two-card hand outranks the five-card hand fouls; the
    table refuses it unless confirmed, then re-sets it by the house way (default rule)."""
    with serving(tmp_path, poker_opts()) as (_lobby, app):
        ann, bob = Person(app, "1", "Ann"), Person(app, "1", "Bob")
        ann.join(), bob.join()
        ann.awaiting("bet")
        bob.awaiting("bet")
        ann.ok("bet", {"amount": "10"})
        bob.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann, bob])
        hand = ann.state()["you"]["hand"]
        assert len(hand["pieces"]) == 7 and len(hand["arrangements"]) == 21
        fouls = [k for k, a in hand["arrangements"].items() if a["foul"]]
        assert fouls, "some arrangement of seven cards always fouls"
        low = [int(x) for x in fouls[0].split(",")]
        before = (ann.state(), entry_count(tmp_path / "web.sqlite3"))
        refused(ann.post("set", {"low": low}), 409, "fouls")
        assert (ann.state(), entry_count(tmp_path / "web.sqlite3")) == before
        ann.ok("set", {"low": low, "foul_ok": True})
        bob.ok("set", {"low": bob.state()["you"]["hand"]["house_low"]})
        s = ann.wait(lambda s: s["last"] is not None)
        mine = next(x for x in s["last"]["seats"] if x["seat"] == 1)
        assert "fouled" in mine["note"] and "re-set by the house way" in mine["note"]
        house = hand["arrangements"][",".join(map(str, hand["house_low"]))]
        assert " ".join(mine["high"]) == house["high"] and " ".join(mine["low"]) == house["low"]


@pytest.mark.slow
def test_a_poker_hint_is_the_exact_advice_with_suit_twins_merged(tmp_path: Path) -> None:
    from paigow.analysis.poker_odds import advise
    from paigow.poker.cards import parse_cards
    from paigow.poker.rank import rank2, rank5
    from paigow.poker.rules import PokerRules

    with serving(tmp_path, poker_opts()) as (_lobby, app):
        ann = Person(app, "1", "Ann")
        ann.join()
        ann.awaiting("bet")
        ann.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann])
        hand = ann.state()["you"]["hand"]
        first = ann.ok("hint")
        assert first["status"] in ("working", "ready")
        s = ann.wait(lambda s: (s["you"]["hint"] or {}).get("status") == "ready", 3600)
        hint = s["you"]["hint"]
        assert hint["opponent_hands"] == 53_524_680
        adv = advise(list(parse_cards(" ".join(hand["pieces"]))), "house", False,
                     Fraction(1, 20), PokerRules())
        keys = {(rank5(o.setting.high).key, rank2(o.setting.low).key) for o in adv.settings}
        assert len(hint["rows"]) == len(keys)
        assert sum(x["merged"] for x in hint["rows"]) == len(adv.settings)
        want = sorted({(o.win, o.push, o.lose) for o in adv.settings})
        assert sorted({(x["win"], x["push"], x["lose"]) for x in hint["rows"]}) == want
        assert all(x["total"] == 53_524_680 for x in hint["rows"])


def test_the_bank_offer_goes_to_a_person_who_can_cover_it(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(seats=2, seed=5)) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        play_round([ann, bob])
        ann.awaiting("bet")
        ann.ok("bet", {"amount": "40"})
        bob.ok("bet", {"amount": "10"})
        offer = bob.awaiting("bank")["you"]["offer"]
        assert offer["others"] == 4_000 and offer["can_take"] and offer["can_cobank"]
        refused(bob.post("bank", {"decision": "maybe"}), 400, "maybe")
        refused(ann.post("bank", {"decision": "take"}), 409, "no bank offer is waiting for you")
        bob.ok("bank", {"decision": "take"})
        s = bob.awaiting("set")
        assert s["you"]["hand"]["banking"] is True
        assert s["in_play"]["banker"] == {"kind": "player", "seat": 2, "place": 2}
        ann.awaiting("set")
        ann.ok("set", {"house": True})
        bob.ok("set", {"house": True})
        s = ann.wait(lambda s: s["rounds_played"] == 2)
        assert s["last"]["banker"]["seat"] == 2 and s["last"]["banker"]["name"] == "Bob"
        assert [x["seat"] for x in s["last"]["seats"]] == [1]  # the banker does not bet


def test_a_person_who_leaves_is_played_by_the_bot(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        ann.awaiting("bet")
        ann.ok("bet", {"amount": "10"})
        assert bob.ok("leave") == {"left": 2}
        refuse_bank_until_set([ann])
        ann.ok("set", {"house": True})
        s = ann.wait(lambda s: s["rounds_played"] == 1)
        assert s["seats"][1]["kind"] == "bot"
        refused(bob.post("hint"), 409, "do not sit")
        # Bob had not bet: every cent of his buy-in is back in his wallet
        assert bob.client.get("/api/me").json()["wallet"] == WALLET_GRANT


def test_a_person_who_takes_too_long_sits_out_then_gets_the_house_way(tmp_path: Path) -> None:
    """The first round's betting deadline passes with Ann silent (she sits it out); in the
    second she bets in time, then lets the setting's deadline pass (the house way sets her
    hand). The table's clock is the test's: a deadline passes when the test moves it past,
    and never while Ann answers, however busy the machine."""
    idle = 30.0
    limits = HostLimits(idle_seconds=idle, seats_per_client=7)
    with serving(tmp_path, tiles_opts(seats=2, seed=3), limits=limits) as (lobby, app):
        now = [1_000.0]
        lobby.get("1").clock = lambda: now[0]  # before anyone joins: no deadline yet
        ann = Person(app, name="Ann")
        ann.join()
        ann.awaiting("bet")
        now[0] += idle + 1  # the betting's deadline passes: she sits round 1 out
        s = ann.wait(lambda s: s["rounds_played"] == 1)
        assert s["you"]["balance"] == BANKROLL
        assert all(x["seat"] != 1 for x in s["last"]["seats"])
        ann.awaiting("bet")
        ann.ok("bet", {"amount": "10"})
        ann.wait(lambda s: s["you"]["awaiting"] in ("bank", "set"))
        now[0] += idle + 1  # she answers nothing more: the table acts for her
        s = ann.wait(lambda s: s["rounds_played"] == 2)
        mine = [x for x in s["last"]["seats"] if x["seat"] == 1]
        assert len(mine) == 1 and mine[0]["stake"] == 1_000
        assert mine[0]["rule"] != "person", mine[0]  # set by the house way, not by her


def test_a_gone_person_loses_the_seat_not_the_chips(tmp_path: Path) -> None:
    """No page open (no WebSocket) and no request for ``gone_seconds``: the seat goes back
    to its bot, the chips to the person's wallet; the name stays theirs, and coming back
    they are offered their seat, and get it."""
    now = [1000.0]
    limits = HostLimits(idle_seconds=None, gone_seconds=30, seats_per_client=7)
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        host = lobby.get("1")
        host.limits, host.clock = limits, (lambda: now[0])
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        now[0] += 20
        bob.state()  # Bob is still here
        now[0] += 15
        refused(ann.post("hint"), 409, "do not sit")
        s = bob.state()
        assert s["seats"][0]["kind"] == "bot" and s["seats"][1]["name"] == "Bob"
        ann.wait(lambda s: s["seats"][0]["balance"] == BANKROLL and s["seat_back"] == 1)
        assert ann.client.get("/api/me").json()["wallet"] == WALLET_GRANT
        refused(Person(app).post("join", {"name": "Ann"}), 409, "taken")
        assert ann.ok("join", {}) ["seat"] == 1 and ann.state()["you"]["seat"] == 1


def test_names_are_unique_and_seats_per_client_are_limited(tmp_path: Path) -> None:
    limits = HostLimits(idle_seconds=None, seats_per_client=2)
    with serving(tmp_path, tiles_opts(seats=4), limits=limits) as (lobby, app):
        Person(app, name="Ann").join()
        refused(Person(app).post("join", {"name": "  ann "}), 409, "'ann'", "taken")
        Person(app, name="Bob").join()
        refused(Person(app).post("join", {"name": "Cy"}), 429, "2 seats")
        assert lobby.get("1").seated() == 2


def test_the_table_full_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(seats=1)) as (_lobby, app):
        Person(app, name="Ann").join()
        refused(Person(app).post("join", {"name": "Bob"}), 409, "full")


def test_history_is_for_seated_people_paged_and_audited(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        stranger = Person(app)
        refused(stranger.client.get("/api/tables/1/history"), 401, "join")
        ann.join()
        for _ in range(3):
            play_round([ann])
        h = ann.client.get("/api/tables/1/history").json()
        assert h["page"] == 1 and h["pages"] == 1 and len(h["rounds"]) == 3
        assert [r["number"] for r in h["rounds"]] == [3, 2, 1]
        refused(ann.client.get("/api/tables/1/history?page=2"), 400, "page 2")
        rid = h["rounds"][0]["round"]
        d = ann.client.get(f"/api/tables/1/rounds/{rid}").json()
        assert d["audit"]["reproduced"] is True and d["audit"]["differences"] == []
        assert d["story"] == {k: v for k, v in h["rounds"][0].items()
                              if k not in ("table", "table_msg", "seat_mine", "game", "opened")}
        refused(ann.client.get("/api/tables/1/rounds/99999"), 404, "99999")
        refused(stranger.client.get(f"/api/tables/1/rounds/{rid}"), 401, "join")
        body = str(h) + str(d)
        assert "sqlite" not in body and str(tmp_path) not in body


def test_the_lobby_lists_and_opens_tables_with_their_rules(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(), poker_opts()) as (_lobby, app):
        c = Person(app).client
        tables = c.get("/api/tables").json()["tables"]
        assert [(t["id"], t["game"], t["people"]) for t in tables] == [
            ("1", "tiles", 0), ("2", "poker", 0)]
        new = {"game": "poker", "seats": 2, "min_bet": "5", "max_bet": "50",
               "commission": "0", "house_way": "house", "foul": "forfeit", "name": "High roller"}
        r = c.post("/api/tables", json=new)
        assert r.status_code == 201, r.text
        t = r.json()
        assert t["name"] == "High roller" and t["seats"] == 2
        assert t["rules"]["min_bet"] == 500 and t["rules"]["max_bet"] == 5_000
        assert t["rules"]["foul"] == "forfeit" and t["rules"]["commission"] == "0"
        assert len(c.get("/api/tables").json()["tables"]) == 3
        # the table's limits hold
        p = Person(app, t["id"], "Ann")
        p.join()
        p.awaiting("bet")
        refused(p.post("bet", {"amount": "4.99"}), 400, "$4.99", "$5.00 to $50.00")
        refused(p.post("bet", {"amount": "50.01"}), 400, "$50.01")
        p.ok("bet", {"amount": "50"})


def test_a_client_opens_a_bounded_number_of_tables(tmp_path: Path) -> None:
    with serving(tmp_path) as (lobby, app):
        lobby.tables_per_client = 2
        c = Person(app).client
        for _ in range(2):
            assert c.post("/api/tables", json={"game": "tiles"}).status_code == 201
        refused(c.post("/api/tables", json={"game": "tiles"}), 429, "2 tables")
        assert len(lobby.tables) == 2


def test_the_pages_render(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        c = Person(app).client
        for path in ("/", "/tables/1", "/tables/1/history", "/tables/1/rounds/1"):
            r = c.get(path)
            assert r.status_code == 200, path
            assert '<meta name="viewport"' in r.text
            assert "script-src 'self'" in r.headers["content-security-policy"]
        refused(c.get("/api/tables/7/state"), 404, "'7'")  # the API answers JSON
        # a page asked for a table that is not there: an HTML page saying so, and the way
        # back to the lobby (never the API's JSON)
        for path in ("/tables/7", "/tables/7/history", "/tables/7/rounds/1", "/rules/tiles?table=7",
                     "/no/such/page"):
            r = c.get(path)
            assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), path
            assert '<a class="button primary" id="to-lobby" href="/">' in r.text, path
            assert "{" not in r.text.split('id="missing-why">')[1].split("</p>")[0], path
        assert "There is no table &#39;7&#39; here." in c.get("/tables/7").text



def test_every_split_of_every_tile_hand_is_an_arrangement() -> None:
    """Settings equal up to tiles of one class (RULES 1.4) are still distinct splits of
    the pieces: the page may arrange any of them, e.g. 2-1 6-1 4-3 5-2 (two sevens)."""
    from itertools import combinations

    from paigow.web.view import arrangements

    game, _ = make_game(tiles_opts())
    deck = game.deck()
    for hand in [*list(combinations(deck[:10], 4)), tuple(parse_tiles("2-1 6-1 4-3 5-2"))]:
        arr = arrangements(game, tuple(hand))
        assert len(arr) == 6
        for key, a in arr.items():
            low = [int(x) for x in key.split(",")]
            pair = sorted(game.piece_text(hand[i]) for i in low)
            rest = sorted(game.piece_text(p) for i, p in enumerate(hand) if i not in low)
            got = {tuple(sorted(a["high"].split())), tuple(sorted(a["low"].split()))}
            assert got == {tuple(pair), tuple(rest)}
            if sorted(a["high"].split()) != sorted(a["low"].split()):
                assert a["pair_is_high"] == (sorted(a["high"].split()) == pair)
            # (two hands of the same tiles: either may be named high, as long as the
            # positions say the same; test_labels checks both keys of a split agree)
            assert a["pair_is_high"] == (a["high_pos"] == low)


def test_the_menus_offer_each_way_once_by_its_title(tmp_path: Path) -> None:
    """The new-table form and the trainer offer every house way under one title (a rule
    file that is a copy of a built-in way is not offered again "from its rule file"), and
    every way offered is one the table takes."""
    from paigow.web.lobby import house_ways

    with serving(tmp_path) as (_lobby, app):
        visitor = Person(app)
        for path in ("/api/options", "/api/trainer/options"):
            options = visitor.client.get(path).json()
            for game in ("tiles", "poker"):
                ways = options["house_ways"][game]
                titles = {w: t["text"] for w, t in options["way_titles"][game].items()}
                assert sorted(ways) == sorted(titles) and set(ways) <= set(house_ways(game))
                shown = list(titles.values())
                assert len(set(shown)) == len(shown), shown
                assert not any(t.endswith("(from its rule file)") and
                               t.removesuffix(" (from its rule file)") in shown for t in shown)
            # a shipped poker way file is offered by the casino its own title names ("Bally's
            # Atlantic City House Way"), never by its file's code name ("ballys-atlantic-city");
            # the house way's own file (seeds: the same settings of every hand) is not offered
            # beside the house way, which read "the seeds' house way", twice (issue 24 §1.8)
            from paigow.poker.ways.file_way import read_way, shipped_ways

            poker = options["house_ways"]["poker"]
            assert "house" in poker and "seeds" not in poker, poker
            assert not any("seed" in t["text"] for t in options["way_titles"]["poker"].values())
            for way in shipped_ways():
                if way == "seeds":
                    continue
                title = options["way_titles"]["poker"][way]["text"]
                assert title != f"the {way.replace('-', ' ')} way", title  # the code's words
                assert "Pai Gow Poker" not in title, title  # the table's game already
                words = title.removeprefix("the ").removesuffix(" house way").split()
                assert words and all(w in read_way(way).title for w in words), (way, title)
