"""Full rounds with a scripted shuffle and dice, checked against outcomes worked by hand
from the rules (RULES.md 1.2-1.6, 2.2-2.6). The working is written beside each figure."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tablekit import PokerScript, ScriptWay, poker_order, woodpile_order

from paigow.poker.rules import PokerRules
from paigow.settle import Commission
from paigow.store import open_store
from paigow.table.chance import ScriptedChance
from paigow.table.engine import Seat, Table
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.tiles_game import TilesGame, WayChooser

START = 100_000  # $1,000.00 per seat

# One woodpile for three rounds. Stack 0 .. stack 7; stacks 1-4 hold the other tiles.
STACKS = {
    0: "6-6 5-4 3-3 2-2",  # Teen Wong / Chong + Bon = 10 pips = 0 points
    7: "1-1 6-3 5-5 6-4",  # Day Wong / Mooy + Ping = 20 pips = 0 points
    6: "2-1 4-2 5-1 6-1",  # Gee Joon pair / Look + Tit = 13 pips = 3 points
    5: "6-2 4-1 5-2 6-5",  # 6-5 5-2 = 18 pips = 8 points (high) / 6-2 4-1 = 13 = 3 points
}
# Every seat and the house set these hands this way (the script, not a strategy).
SCRIPT = {
    "6-6 5-4 3-3 2-2": ("6-6 5-4", "3-3 2-2"),
    "1-1 6-3 5-5 6-4": ("1-1 6-3", "5-5 6-4"),
    "2-1 4-2 5-1 6-1": ("2-1 4-2", "5-1 6-1"),
    "6-2 4-1 5-2 6-5": ("6-5 5-2", "6-2 4-1"),
}


def tile_table(dice: list[tuple[int, int, int]], store: object = None) -> Table:  # type: ignore[type-arg]
    way = ScriptWay("script", SCRIPT)
    deck = woodpile_order(STACKS)
    chance = ScriptedChance([deck] * len(dice), dice)
    bets = {1: 1000, 2: 1010, 3: 2000}
    policy = {1: "refuse", 2: "cobank", 3: "take"}
    seats = [
        Seat(n, f"bot {n}", "script", START,
             Bot(WayChooser(way), bets[n], policy[n]))  # type: ignore[arg-type]
        for n in (1, 2, 3)
    ]
    return Table(TilesGame(way), seats, chance=chance, store=store)  # type: ignore[arg-type]


def test_three_tile_rounds_worked_by_hand() -> None:
    store = open_store(":memory:")
    table = tile_table([(2, 3, 4), (1, 1, 1), (6, 6, 6)], store)

    # Round 1. The house banks (place 0). Dice 2+3+4 = 9, counted counterclockwise from
    # place 0: 0,7,6,5,4,3,2,1,0 -> place 0 takes stack 0, place 7 stack 1, place 6
    # stack 2, ..., place 3 stack 5, place 2 stack 6, place 1 stack 7.
    r1 = table.play_round()
    assert r1 is not None and r1.banker.kind == "house"
    hands = {h.place: h.hand for h in r1.hands}
    assert hands == {0: "6-6 5-4 3-3 2-2", 1: "1-1 6-3 5-5 6-4",
                     2: "2-1 4-2 5-1 6-1", 3: "6-2 4-1 5-2 6-5"}
    out = {r.seat: (r.high, r.low, r.outcome, r.net, r.commission) for r in r1.results}
    # Seat 1: Day Wong vs Teen Wong: equal Wongs, Teen outranks Day -> lose;
    #         0 points vs 0 points: 0-0 goes to the banker -> lose. Loses $10.00.
    assert out[1] == ("lose", "lose", "lose", -1000, 0)
    # Seat 2: Gee Joon pair beats a Wong; 3 points beat 0 -> wins $10.10 less 5%:
    #         5% of 1010 = 50.5, rounded down to 50 -> +960.
    assert out[2] == ("win", "win", "win", 960, 50)
    # Seat 3: 8 points lose to Teen Wong; 3 points beat 0 -> push.
    assert out[3] == ("lose", "win", "push", 0, 0)
    # Settled counterclockwise from the banker: places 7, 6, ..., 1 -> seats 3, 2, 1.
    assert [r.seat for r in r1.results] == [3, 2, 1]
    # house: +1000 (seat 1) - 1010 (seat 2) + 50 commission = +40
    assert table.house_net == 40

    # Round 2. The option passes counterclockwise from the house: 7, 6, 5, 4 are empty,
    # seat 3 takes the bank (it holds $1,000.00, covering the $20.10 bet by seats 1, 2).
    # Its own $20 bet is withdrawn. Dice 1+1+1 = 3 counted from place 3: 3, 2, 1 ->
    # place 1 takes stack 0, place 0 stack 1, 7, 6, 5, 4 stacks 2-5, place 3 stack 6,
    # place 2 stack 7.
    r2 = table.play_round()
    assert r2 is not None and (r2.banker.kind, r2.banker.seat) == ("player", 3)
    assert r2.bets == {1: 1000, 2: 1010}
    hands = {h.place: h.hand for h in r2.hands}
    assert hands == {3: "2-1 4-2 5-1 6-1", 1: "6-6 5-4 3-3 2-2", 2: "1-1 6-3 5-5 6-4"}
    out = {r.seat: (r.outcome, r.net) for r in r2.results}
    # Banker: Gee Joon pair / 3 points. Seat 1 Teen Wong / 0 and seat 2 Day Wong / 0
    # lose both hands.
    assert out == {1: ("lose", -1000), 2: ("lose", -1010)}
    # Bank net +2010; commission 5% of 2010 = 100.5 -> 100, paid by seat 3 to the house.
    assert (r2.bank_net, r2.bank_commission) == (2010, 100)
    assert table.balance(3) == START + 2010 - 100
    assert table.house_net == 40 + 100

    # Round 3. The option moves on counterclockwise to seat 2, which co-banks: its hand,
    # set the house way; it covers half. Dice 6+6+6 = 18 from place 2: the 18th place is
    # (2 - 17) mod 8 = 1 -> place 1 stack 0, place 0 stack 1, ..., place 3 stack 6,
    # place 2 stack 7.
    r3 = table.play_round()
    assert r3 is not None and (r3.banker.kind, r3.banker.seat) == ("cobank", 2)
    hands = {h.place: h.hand for h in r3.hands}
    assert hands == {2: "1-1 6-3 5-5 6-4", 1: "6-6 5-4 3-3 2-2", 3: "2-1 4-2 5-1 6-1"}
    out = {r.seat: (r.high, r.low, r.outcome, r.net) for r in r3.results}
    # Seat 1: Teen Wong beats Day Wong (highest tile Teen); 0-0 to the banker -> push.
    assert out[1] == ("win", "lose", "push", 0)
    # Seat 3: Gee Joon pair beats Day Wong, 3 points beat 0 -> wins $20 less $1.00.
    assert out[3] == ("win", "win", "win", 1900)
    # Bank net -2000, shared: co-banker -1000, house -1000. No commission on a loss.
    assert (r3.bank_net, r3.bank_commission) == (-2000, 0)

    assert table.balance(1) == START - 1000 - 1000 + 0
    assert table.balance(2) == START + 960 - 1010 - 1000
    assert table.balance(3) == START + 0 + 1910 + 1900
    assert table.house_net == 40 + 100 - 1000 + 100
    assert store.check() == []
    bal = store.balances(table.session_id)
    assert bal["house"] == table.house_net and bal["seat:3"] == table.balance(3)


POKER_HANDS = {
    5: "Kh Kd 9c 8s 4h 3c 2d",  # place 0 (the house)
    6: "As Ah Qc Jd 7h 5s 3s",  # place 1
    0: "Kc Ks 9d 8c 6h 4d 2c",  # place 2
    1: "Qs Qd Ts 7d 6c 5c 2h",  # place 3
}
POKER_SCRIPT = {
    "Kh Kd 9c 8s 4h 3c 2d": "Kh Kd 4h 3c 2d | 9c 8s",
    "As Ah Qc Jd 7h 5s 3s": "As Ah 7h 5s 3s | Qc Jd",
    "Kc Ks 9d 8c 6h 4d 2c": "Kc Ks 6h 4d 2c | 9d 8c",
    "Qs Qd Ts 7d 6c 5c 2h": "Ts 7d 6c 5c 2h | Qs Qd",  # a foul: a pair in front of T-high
}
HOUSE_SCRIPT = {**POKER_SCRIPT, "Qs Qd Ts 7d 6c 5c 2h": "Qs Qd 6c 5c 2h | Ts 7d"}


def poker_table(rules: PokerRules, commission: Commission) -> Table:  # type: ignore[type-arg]
    house = PokerScript("house-script", HOUSE_SCRIPT)
    bots = StrategyChooser(PokerScript("script", POKER_SCRIPT))
    chance = ScriptedChance([poker_order(POKER_HANDS)], [(3, 3, 4)])
    seats = [Seat(n, f"bot {n}", "script", START, Bot(bots, 1000)) for n in (1, 2, 3)]
    return Table(PokerGame(house, rules), seats, chance=chance,  # type: ignore[arg-type]
                 commission=commission)


@pytest.mark.parametrize(
    ("foul", "commission", "expected", "house"),
    [
        # Seat 1: pair of aces beats pair of kings; Q-J beats 9-8 -> win 1000 less 50.
        # Seat 2: kings with 6-4-2 beat kings with 4-3-2; 9-8 against 9-8 is a copy, to
        #         the banker -> push.
        # Seat 3 fouls (pair of queens in front of ten-high). Re-set by the house way:
        #         queens lose to kings, T-7 beats 9-8 -> push.
        ("house", Commission(), {1: ("win", 950), 2: ("push", 0), 3: ("push", 0)}, -950),
        # Under "forfeit" seat 3 loses its bet.
        ("forfeit", Commission(), {1: ("win", 950), 2: ("push", 0), 3: ("lose", -1000)}, 50),
        # A flat fee of $1.00 per hand and no rate: every seat pays it, win or not.
        ("house", Commission(rate=Fraction(0), flat_fee=100),
         {1: ("win", 900), 2: ("push", -100), 3: ("push", -100)}, -1000 + 300),
    ],
)
def test_a_poker_round_worked_by_hand(
    foul: str, commission: Commission, expected: dict[int, tuple[str, int]], house: int
) -> None:
    table = poker_table(PokerRules(foul=foul), commission)  # type: ignore[arg-type]
    rec = table.play_round()
    assert rec is not None
    # Dice 3+3+4 = 10, counted clockwise from place 0: (10 - 1) mod 7 = 2 -> place 2 takes
    # hand 1 (cards 0-6), place 3 hand 2, 4, 5, 6 hands 3-5, place 0 hand 6, place 1 hand 7.
    hands = {h.place: h.hand for h in rec.hands}
    assert hands[0] == "Kh Kd 9c 8s 4h 3c 2d"
    assert hands[1] == "As Ah Qc Jd 7h 5s 3s"
    assert hands[2] == "Ks Kc 9d 8c 6h 4d 2c"
    assert set(hands) == {0, 1, 2, 3}  # places 4, 5, 6 have no bet: discarded unseen
    assert {r.seat: (r.outcome, r.net) for r in rec.results} == expected
    assert [r.seat for r in rec.results] == [1, 2, 3]  # clockwise from the banker
    assert table.house_net == house
    seat3 = next(h for h in rec.hands if h.place == 3)
    assert "foul" in seat3.note and seat3.forfeit == (foul == "forfeit")
    assert sum(table.balance(n) - START for n in (1, 2, 3)) + table.house_net == 0
