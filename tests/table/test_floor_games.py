"""The games casinos deal today, at the table (issue 13): the commission-free game and why
a bet pushed, the Queen's Dragon, bonus bets with their Envy, the dragon hand, all settled
in the round's one transaction, replayed exactly, money conserved.

Every hand below is written out; every setting is a script stated here (never the code
under test); the working of each figure is beside it. Dice 2+3+3 = 8, counted clockwise
from place 0 as 1, reach place 0 again: hand k of the deck (cards 7k..7k+6) goes to place
k (RULES.md 2.6, docs/table.md).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from tablekit import PokerScript, poker_order

from paigow.errors import AmountError, PaigowError
from paigow.poker.rules import PokerRules
from paigow.settle import Commission
from paigow.store import open_store
from paigow.table.bank import BankDecision, BankOffer
from paigow.table.chance import ScriptedChance, seeded_chance
from paigow.table.engine import BetRequest, RoundRecord, Seat, Table
from paigow.table.game import Choice
from paigow.table.house_rules import DragonRule, HouseRules, Wager, side_bet_offer
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.replay import replay
from paigow.table.session import TableOptions, build_table, poker_way

START = 100_000
DICE_TO_PLACE_0 = (2, 3, 3)  # 8: place k takes hand k
EZ = PokerRules(push="pai-gow:Q")
FREE = Commission(rate=Fraction(0))

Q_HIGH = "Qd Jh 9c 7s 5d 3h 2c"   # no pair, straight or flush; queen high
K_HIGH = "Kc Jh 9c 7s 5d 3h 2c"   # the same with a king on top
THREE_PAIR = "As Ad Ks Kh Qc Qs Jc"
QUADS = "8s 8h 8d 8c Kd 4h 2s"
TRIPS = "7h 7d 7c Ah 6s 4d 3c"
TWO_PAIR = "Th Td 6h 6d Ac 9h 4s"
QUEEN_HIGH_2 = "Qh Js 9d 8c 5s 3d 2h"  # another queen high, none of K_HIGH's cards

SCRIPT = {  # five cards | two cards, as these tests set each hand
    Q_HIGH: "Qd 7s 5d 3h 2c | Jh 9c",
    K_HIGH: "Kc 7s 5d 3h 2c | Jh 9c",
    THREE_PAIR: "Ks Kh Qc Qs Jc | As Ad",
    QUADS: "8s 8h 8d 8c 2s | Kd 4h",
    TRIPS: "7h 7d 7c 4d 3c | Ah 6s",
    TWO_PAIR: "Th Td 6h 6d 4s | Ac 9h",
    QUEEN_HIGH_2: "Qh 8c 5s 3d 2h | Js 9d",
}


class Scripted:
    """A seat that makes a fixed wager each round and sets hands by :data:`SCRIPT`."""

    def __init__(self, wager: int | Wager | None, bank: BankDecision = "refuse") -> None:
        self.wager = wager
        self.decision: BankDecision = bank
        self.offers: list[BankOffer] = []
        self.chooser = StrategyChooser(PokerScript("script", SCRIPT))
        self.dragons: list[str] = []

    def bet(self, request: BetRequest) -> int | Wager | None:
        return self.wager

    def bank(self, offer: BankOffer) -> BankDecision:
        self.offers.append(offer)
        return self.decision if (offer.can_take or self.decision != "take") else "refuse"

    def choose(self, hand: tuple[int, ...], banking: bool) -> Choice[Any]:
        return self.chooser.choose(hand, banking)

    def choose_dragon(self, hand: tuple[int, ...]) -> Choice[Any]:
        self.dragons.append(" ".join(str(c) for c in hand))
        return self.chooser.choose(hand, False)

    def observe(self, record: RoundRecord) -> None:
        return None


def table(hands: dict[int, str], players: dict[int, Scripted], *, rules: PokerRules = EZ,
          commission: Commission = FREE, house: HouseRules | None = None, rounds: int = 1,
          store: Any = None) -> Table[Any, Any]:
    """A poker table dealing ``hands`` (place: cards) every round, the house way scripted."""
    order = poker_order(hands)
    chance = ScriptedChance([order] * rounds, [DICE_TO_PLACE_0] * rounds)
    seats = [Seat(n, f"seat {n}", "script", START, p) for n, p in players.items()]
    game = PokerGame(PokerScript("house-script", SCRIPT), rules)
    return Table(game, seats, commission=commission, chance=chance, house=house,
                 store=store if store is not None else open_store(":memory:"))


def offers(*names: str, minimum: int = 100, maximum: int = 10_000) -> tuple[Any, ...]:
    return tuple(side_bet_offer(n, minimum, maximum) for n in names)


# --------------------------------------------------------------- commission-free


def test_ez_banker_queen_high_pai_gow_pushes_every_bet_and_says_why() -> None:
    # The banker holds a queen-high pai gow. Seat 1's three pair would win both hands
    # (kings-queens behind beat queen-high, aces beat J-9), seat 2's quads too: under the
    # EZ rule every bet pushes anyway, and the record says why.
    t = table({0: Q_HIGH, 1: THREE_PAIR, 2: QUADS}, {1: Scripted(1000), 2: Scripted(2000)})
    rec = t.play_round()
    assert rec is not None
    assert rec.push == "the banker's queen-high pai gow pushes every bet"
    out = {r.seat: (r.high, r.low, r.outcome, r.net, r.reason) for r in rec.results}
    assert out == {1: ("win", "win", "push", 0, "banker-push"),
                   2: ("win", "win", "push", 0, "banker-push")}
    assert all(r.note == rec.push for r in rec.results)
    assert t.house_net == 0 and t.balance(1) == START and t.balance(2) == START


def test_ez_other_hands_settle_as_usual_without_commission() -> None:
    # A king-high pai gow is not barred: seat 1 (K-K-Q-Q behind, aces in front) wins both
    # hands and is paid $10.00 in full (commission 0); seat 2 (T-T-6-6 behind, A-9 in
    # front) beats K-high behind and J-9 in front: a win of $5.00.
    t = table({0: K_HIGH, 1: THREE_PAIR, 2: TWO_PAIR}, {1: Scripted(1000), 2: Scripted(500)})
    rec = t.play_round()
    assert rec is not None and rec.push == ""
    assert [(r.seat, r.outcome, r.net, r.commission, r.reason) for r in rec.results] == [
        (1, "win", 1000, 0, "won-both"), (2, "win", 500, 0, "won-both")]
    assert t.house_net == -1500


def test_classic_rules_do_not_push_on_queen_high() -> None:
    # The same deal under the classic rule: the banker's queen-high loses to both hands.
    t = table({0: Q_HIGH, 1: THREE_PAIR}, {1: Scripted(1000)}, rules=PokerRules(),
              commission=Commission())
    rec = t.play_round()
    assert rec is not None and rec.push == ""
    (r,) = rec.results
    assert (r.outcome, r.net, r.commission, r.reason) == ("win", 950, 50, "won-both")


def test_a_forfeit_stays_lost_even_on_the_barred_hand() -> None:
    # Seat 1 sets Q-J-9-8-7 behind and a pair of aces in front: a foul. Under the forfeit
    # rule its bet was lost when the hand was set; the banker's barred hand does not save it.
    class Fouler(Scripted):
        def choose(self, hand: tuple[int, ...], banking: bool) -> Choice[Any]:
            from paigow.poker.setting import Setting

            return Choice(Setting.parse("Qc Jc 9h 8h 7h | As Ad"), "foul")

    t = table({0: Q_HIGH, 1: "As Ad Qc Jc 9h 8h 7h"}, {1: Fouler(1000)},
              rules=PokerRules(foul="forfeit", push="pai-gow:Q"))
    rec = t.play_round()
    assert rec is not None and rec.push
    (r,) = rec.results
    assert (r.outcome, r.net, r.reason) == ("lose", -1000, "forfeit")


# --------------------------------------------------------------- side bets


def test_queens_dragon_pays_fifty_to_one_on_the_bankers_queen_high() -> None:
    # Seat 1 bets $2 on the Queen's Dragon: the banker's queen-high pai gow pays 50 to 1
    # ($100), the stake comes back; the main bet pushes. Seat 2's dragon bet on a banker
    # with a king high loses its $1 in the second table below.
    house = HouseRules(offers("queens-dragon"))
    t = table({0: Q_HIGH, 1: THREE_PAIR}, {1: Scripted(Wager(1000, {"queens-dragon": 200}))},
              house=house)
    rec = t.play_round()
    assert rec is not None
    (x,) = rec.side
    assert (x.seat, x.name, x.kind, x.place, x.line, x.pays, x.net) == (
        1, "queens-dragon", "bet", 0, "no-pair-Q-high", "50", 10_000)
    assert t.balance(1) == START + 10_000 and t.house_net == -10_000
    kinds = [(e.kind, e.src, e.dst, e.amount) for e in rec.entries if e.kind.startswith("side")]
    assert kinds == [("side_return", "bets", "seat:1", 200),
                     ("side_payout", "house", "seat:1", 10_000)]
    t2 = table({0: K_HIGH, 1: THREE_PAIR}, {1: Scripted(Wager(1000, {"queens-dragon": 100}))},
               house=house)
    rec2 = t2.play_round()
    assert rec2 is not None and rec2.side[0].net == -100 and t2.house_net == -1000 + 100


def test_fortune_pays_own_hand_and_envy_for_anothers_quads() -> None:
    # Seat 2 holds four eights: its own Fortune $5 pays 25 to 1 ($125), and no Envy for its
    # own hand. Seat 1 ($5 Fortune, the Envy minimum) loses its bet (three pair is two
    # pair or less: no line) but gets the $5 Envy for seat 2's quads. Seat 3 bets $4, below
    # the minimum: no Envy. The banker's hand never counts.
    house = HouseRules(offers("fortune"))
    players = {1: Scripted(Wager(1000, {"fortune": 500})),
               2: Scripted(Wager(1000, {"fortune": 500})),
               3: Scripted(Wager(1000, {"fortune": 400}))}
    t = table({0: K_HIGH, 1: THREE_PAIR, 2: QUADS, 3: TRIPS}, players, house=house)
    rec = t.play_round()
    assert rec is not None
    got = sorted((x.seat, x.kind, x.place, x.line, x.net) for x in rec.side)
    assert got == [
        (1, "bet", 1, "", -500),
        (1, "envy", 2, "four-of-a-kind", 500),
        (2, "bet", 2, "four-of-a-kind", 12_500),
        (3, "bet", 3, "three-of-a-kind", 1200),   # trips pay 3 to 1 on $4
    ]
    envy = [e for e in rec.entries if e.kind == "envy"]
    assert [(e.src, e.dst, e.amount, e.memo) for e in envy] == [
        ("house", "seat:1", 500, "fortune: place 2")]


def test_the_bankers_quads_pay_no_envy() -> None:
    house = HouseRules(offers("fortune"))
    t = table({0: QUADS, 1: THREE_PAIR}, {1: Scripted(Wager(1000, {"fortune": 500}))},
              house=house, rules=PokerRules(), commission=Commission())
    rec = t.play_round()
    assert rec is not None and [x.kind for x in rec.side] == ["bet"]


@pytest.mark.parametrize(("wager", "error"), [
    (Wager(1000, {"fortune": 50}), "outside the table's limits"),
    (Wager(1000, {"fortune": 20_000}), "outside the table's limits"),
    (Wager(1000, {"fortunee": 500}), "'fortunee' is not offered"),
    (Wager(1000, {"fortune": -5}), "must be more than zero"),
    (Wager(1000, {"fortune": 5.5}), "whole number of cents"),  # type: ignore[dict-item]
    (Wager(1000, {}, 500), "dragon hand is not offered"),
    (Wager(99_500, {"fortune": 600}), r"cannot bet \$995.00 with \$6.00 of side"),
])
def test_bad_side_bets_are_refused_and_change_nothing(wager: Wager, error: str) -> None:
    house = HouseRules(offers("fortune"))
    t = table({0: K_HIGH}, {1: Scripted(None)}, house=house)
    before = (dict(t.pending), dict(t.balances))
    with pytest.raises(PaigowError, match=error):
        t.place_bet(1, wager, owner="seat1")
    assert (dict(t.pending), dict(t.balances)) == before


def test_side_bets_are_poker_only() -> None:
    with pytest.raises(PaigowError, match="poker table only"):
        TableOptions(game="tiles", side_bets=("fortune",))
    with pytest.raises(PaigowError, match="for the wild joker"):
        table({0: K_HIGH}, {1: Scripted(None)}, house=HouseRules(offers("dynasty-wild")))


# --------------------------------------------------------------- the dragon hand


def test_dragon_hand_goes_in_turn_through_the_ledger() -> None:
    # Seats 1, 2, 3 bet; places 4, 5, 6 are empty, so place 4's hand is the dragon. Seats
    # 1 and 3 ask for it: seat 1 is first in turn (the turn starts at seat 1), then the
    # turn passes to seat 2, so next round seat 3 (seat 2 does not ask) gets it.
    house = HouseRules(dragon=DragonRule("house", "up-to-main"))
    players = {1: Scripted(Wager(1000, {}, 1000)), 2: Scripted(1000),
               3: Scripted(Wager(2000, {}, 500))}
    hands = {0: K_HIGH, 1: TWO_PAIR, 2: TRIPS, 3: QUEEN_HIGH_2, 4: THREE_PAIR}
    t = table(hands, players, house=house, rounds=2, rules=PokerRules(),
              commission=Commission())
    r1 = t.play_round()
    assert r1 is not None and r1.dragon is not None
    d = r1.dragon
    # The dragon hand (three pair, set the house way) beats the king-high banker: +$9.50.
    assert (d.seat, d.place, d.bet, d.stake, d.outcome, d.net) == (1, 4, "dragon", 1000, "win", 950)
    (dh,) = [h for h in r1.hands if h.role == "dragon"]
    assert (dh.place, dh.seat, dh.hand) == (4, 1, "As Ad Ks Kh Qs Qc Jc")
    bet = [e for e in r1.entries if e.memo == "dragon hand at place 4"]
    assert [(e.kind, e.src, e.dst, e.amount) for e in bet] == [
        ("stake_return", "bets", "seat:1", 1000), ("payout", "bank", "seat:1", 1000),
        ("commission", "seat:1", "house", 50)]
    r2 = t.play_round()  # the bank option is seat 1's, refused: the house banks again
    assert r2 is not None and r2.dragon is not None and r2.dragon.seat == 3


def test_dragon_bet_limits_and_the_banker_covers_it() -> None:
    house = HouseRules(dragon=DragonRule("house", "up-to-main"))
    t = table({0: K_HIGH}, {1: Scripted(None), 2: Scripted(None)}, house=house)
    with pytest.raises(AmountError, match="at most the main bet"):
        t.place_bet(1, Wager(1000, {}, 1001), owner="seat1")
    eq = HouseRules(dragon=DragonRule("house", "equal-main"))
    t2 = table({0: K_HIGH}, {1: Scripted(None)}, house=eq)
    with pytest.raises(AmountError, match="must equal the main bet"):
        t2.place_bet(1, Wager(1000, {}, 500), owner="seat1")
    t2.place_bet(1, Wager(1000, {}, 1000), owner="seat1")


def test_a_player_banker_must_cover_the_dragon_bet_too() -> None:
    # Round 2: seat 1 holds the bank option. Were it to bank, seat 2's $10 main bet and its
    # $10 dragon bet would be on the table (the dragon: place 3, the first with no bet in
    # table order from seat 1's place), so the offer asks cover for $20.00, and seat 1
    # puts $20.00 in the bank when the round opens.
    house = HouseRules(dragon=DragonRule("house", "any"))
    p1 = Scripted(1000, bank="take")
    p2 = Scripted(Wager(1000, {}, 1000))
    hands = {0: K_HIGH, 1: TWO_PAIR, 2: TRIPS, 3: THREE_PAIR}
    store = open_store(":memory:")
    t = table(hands, {1: p1, 2: p2}, house=house, rounds=2, rules=PokerRules(),
              commission=Commission(), store=store)
    t.play_round()
    rec = t.play_round()
    assert p1.offers[-1].others == 2000
    assert rec is not None and rec.banker.seat == 1
    assert rec.dragon is not None and (rec.dragon.seat, rec.dragon.place) == (2, 3)
    opening = [e for e in store.entries(rec.round_id) if e.get("kind") == "bank_fund"]
    assert [(e["from"], e["amount"]) for e in opening] == [("seat:1", 2000)]


def test_the_buyer_sets_the_dragon_hand_when_the_rules_say_so() -> None:
    house = HouseRules(dragon=DragonRule("player", "up-to-main"))
    p1 = Scripted(Wager(1000, {}, 500))
    t = table({0: K_HIGH, 1: TWO_PAIR, 2: THREE_PAIR}, {1: p1}, house=house,
              rules=PokerRules(), commission=Commission())
    rec = t.play_round()
    assert rec is not None and rec.dragon is not None and len(p1.dragons) == 1
    (dh,) = [h for h in rec.hands if h.role == "dragon"]
    assert dh.rule == "script" and dh.place == 2


# --------------------------------------------- Commission-Free Pai Gow (issue 18)

CF = PokerRules(push="low:9")
B9 = "Kd Qh 9s 7d 5c 4h 2d"               # no pair: how the banker sets it decides
B9_NINE_FRONT = "Kd Qh 7d 5c 2d | 9s 4h"   # two-card hand nine high: the push
B9_QUEEN_FRONT = "Kd 7d 5c 4h 2d | Qh 9s"  # the usual house way: queen high in front


def cf_table(banker_setting: str, players: dict[int, Scripted], *,
             house: HouseRules | None = None, rules: PokerRules = CF,
             rounds: int = 1) -> Table[Any, Any]:
    """Banker B9 (set as told), seat 1 THREE_PAIR, seat 2 TWO_PAIR, no commission."""
    order = poker_order({0: B9, 1: THREE_PAIR, 2: TWO_PAIR})
    chance = ScriptedChance([order] * rounds, [DICE_TO_PLACE_0] * rounds)
    seats = [Seat(n, f"seat {n}", "script", START, p) for n, p in players.items()]
    game = PokerGame(PokerScript("house-script", {**SCRIPT, B9: banker_setting}), rules)
    return Table(game, seats, commission=FREE, chance=chance, house=house,
                 store=open_store(":memory:"))


def test_cf_the_bankers_nine_high_two_card_hand_pushes_every_bet_and_says_why() -> None:
    # The banker plays K-Q-7-5-2 behind and 9-4 in front. Seat 1 (kings and queens
    # behind, aces in front) and seat 2 (tens and sixes, A-9 in front) beat both hands:
    # under low:9 both bets push anyway, and the record says why.
    t = cf_table(B9_NINE_FRONT, {1: Scripted(1000), 2: Scripted(500)})
    rec = t.play_round()
    assert rec is not None
    assert rec.push == "the banker's nine-high two-card hand pushes every bet"
    assert [(r.seat, r.high, r.low, r.outcome, r.net, r.reason) for r in rec.results] == [
        (1, "win", "win", "push", 0, "banker-push"), (2, "win", "win", "push", 0, "banker-push")]
    assert t.house_net == 0 and t.balance(1) == START


def test_cf_the_rule_reads_the_bankers_setting_not_its_seven_cards() -> None:
    # The same seven banker cards set with the queen in front: no push, both seats
    # win in full (no commission).
    t = cf_table(B9_QUEEN_FRONT, {1: Scripted(1000), 2: Scripted(500)})
    rec = t.play_round()
    assert rec is not None and rec.push == ""
    assert [(r.seat, r.outcome, r.net, r.commission) for r in rec.results] == [
        (1, "win", 1000, 0), (2, "win", 500, 0)]


def test_tiger_9_pays_30_to_1_when_the_banker_plays_nine_high_in_front() -> None:
    # $5 on the Tiger 9: the banker's 9-4 front pays 30 to 1 ($150) and the stake comes
    # back; set Q-9 in front, the same cards lose the $5.
    house = HouseRules(offers("tiger-9"))
    t = cf_table(B9_NINE_FRONT, {1: Scripted(Wager(1000, {"tiger-9": 500}))}, house=house)
    rec = t.play_round()
    assert rec is not None
    (x,) = rec.side
    assert (x.seat, x.name, x.place, x.line, x.pays, x.net) == (
        1, "tiger-9", 0, "low-9-high", "30", 15_000)
    assert t.balance(1) == START + 15_000 and t.house_net == -15_000
    t2 = cf_table(B9_QUEEN_FRONT, {1: Scripted(Wager(1000, {"tiger-9": 500}))}, house=house)
    rec2 = t2.play_round()
    assert rec2 is not None and rec2.side[0].net == -500
    assert t2.balance(1) == START + 1000 - 500


def test_no_player_banking_the_house_banks_every_round() -> None:
    # Seat 1 would take the bank whenever offered. With player banking off it is never
    # offered and the house banks all three rounds; with it on, the option reaches seat 1.
    rounds = 3
    off = Scripted(1000, bank="take")
    t = cf_table(B9_QUEEN_FRONT, {1: off, 2: Scripted(500)},
                 house=HouseRules(player_bank=False), rounds=rounds)
    kinds = [rec.banker.kind for rec in (t.play_round() for _ in range(rounds)) if rec]
    assert kinds == ["house"] * rounds and off.offers == [] and t.option is None
    on = Scripted(1000, bank="take")
    t2 = cf_table(B9_QUEEN_FRONT, {1: on, 2: Scripted(500)}, rounds=rounds)
    for _ in range(rounds):
        t2.play_round()
    assert on.offers


# --------------------------------------------------------- settlement everywhere


def _ez_options(seed: int) -> TableOptions:
    return TableOptions(
        game="poker", seats=5, house_way="house", bot_ways=("house",), commission=FREE,
        push="pai-gow:Q", side_bets=("fortune", "queens-dragon", "emperors-challenge"),
        side_min=100, dragon="house", bot_side=(("fortune", 500), ("queens-dragon", 100),
                                               ("emperors-challenge", 200)),
        bot_dragon=1000, seed=seed)


def _cf_options(seed: int) -> TableOptions:
    return TableOptions(
        game="poker", seats=5, house_way="house", bot_ways=("house",), commission=FREE,
        push="low:9", player_bank=False, side_bets=("tiger-9", "fortune"), side_min=100,
        bot_side=(("tiger-9", 500), ("fortune", 500)), bankroll=1_000_000, seed=seed)


def _record_change(rec: RoundRecord, seat: int) -> int:
    """What the record says ``seat`` gained in the round, worked from its parts: its main
    result, its dragon bet, its side bets and Envy, and as banker the bank's net less
    commission (a co-banker: half the net, rounded toward zero, docs/table.md)."""
    out = sum(r.net for r in rec.results if r.seat == seat)
    out += sum(x.net for x in rec.side if x.seat == seat)
    if rec.dragon is not None and rec.dragon.seat == seat:
        out += rec.dragon.net
    if rec.banker.seat == seat:
        net = rec.bank_net
        share = net if rec.banker.kind == "player" else (abs(net) // 2) * (1 if net >= 0 else -1)
        out += share - rec.bank_commission
    return out


def test_money_is_conserved_and_every_round_replays_exactly(tmp_path: Any) -> None:
    # 60 bot rounds of EZ Pai Gow with three side bets and the dragon hand, every kind of
    # banker. Each seat's chips move by exactly what its results say; those gains and the
    # house's sum to zero; the ledger's invariants hold in SQL; replay reproduces every
    # round and entry.
    store = open_store(str(tmp_path / "floor.db"))
    t = build_table(_ez_options(11), store, seeded_chance(11))
    kinds: set[str] = set()
    before = {n: t.balance(n) for n in t.seats}
    house_before = t.house_net
    for _ in range(60):
        rec = t.play_round()
        assert rec is not None
        gains = {n: _record_change(rec, n) for n in t.seats}
        assert {n: t.balance(n) - before[n] for n in t.seats} == gains
        assert sum(gains.values()) + (t.house_net - house_before) == 0
        before, house_before = {n: t.balance(n) for n in t.seats}, t.house_net
        kinds |= {rec.banker.kind} | ({"dragon"} if rec.dragon else set())
        kinds |= {f"side-{x.kind}-{'won' if x.net > 0 else 'lost'}" for x in rec.side}
    assert {"house", "player", "cobank", "dragon", "side-bet-won", "side-bet-lost"} <= kinds
    assert store.check() == []
    session = store.session(t.session_id)
    house_way = poker_way("house", EZ)
    for rnd in store.rounds(t.session_id):
        rep = replay(rnd, session, store.entries(rnd["round"]), house_way)
        assert rep.exact, rep.differences
    store.close()


def test_cf_money_is_conserved_and_every_round_replays_exactly(tmp_path: Any) -> None:
    # Commission-Free Pai Gow Poker with the Tiger 9 and Fortune, bots only, until the
    # banker has played a nine-high two-card hand: every round the house banks, the
    # pushed rounds pay every Tiger 9, chips move as the results say, the ledger's SQL
    # checks pass and every round replays exactly.
    store = open_store(str(tmp_path / "cf.db"))
    t = build_table(_cf_options(9), store, seeded_chance(9))  # a push at round 9
    assert t.game.rules.push == "low:9" and not t.house.player_bank  # type: ignore[attr-defined]
    pushed = 0
    for _ in range(400):
        before = {n: t.balance(n) for n in t.seats}
        rec = t.play_round()
        assert rec is not None and rec.banker.kind == "house"
        assert {n: t.balance(n) - before[n] for n in t.seats} == {
            n: _record_change(rec, n) for n in t.seats}
        tigers = [x for x in rec.side if x.name == "tiger-9"]
        assert len(tigers) == len(rec.results) == 5
        if rec.push:
            pushed += 1
            assert {r.reason for r in rec.results} == {"banker-push"}
            assert all(x.net == 30 * 500 for x in tigers)
            break
        assert all(x.net == -500 for x in tigers)
    assert pushed == 1
    assert store.check() == []
    session = store.session(t.session_id)
    assert session["rules"]["house"]["player_bank"] is False
    for rnd in store.rounds(t.session_id):
        rep = replay(rnd, session, store.entries(rnd["round"]), poker_way("house", CF))
        assert rep.exact, rep.differences
    store.close()


def test_replay_finds_a_tampered_side_bet(tmp_path: Any) -> None:
    store = open_store(str(tmp_path / "t.db"))
    t = build_table(_ez_options(3), store, seeded_chance(3))
    rec = t.play_round()
    assert rec is not None
    store._run("UPDATE wager SET stake = stake + 1 WHERE round_id = ? AND kind = 'side'",  # type: ignore[attr-defined]
               (rec.round_id,))
    rnd = store.round(rec.round_id)
    rep = replay(rnd, store.session(t.session_id), store.entries(rec.round_id))
    assert not rep.exact and any("ledger entries differ" in d for d in rep.differences)


def test_a_voided_round_gives_side_and_dragon_bets_back(tmp_path: Any) -> None:
    class Leaver(Scripted):
        def choose(self, hand: tuple[int, ...], banking: bool) -> Choice[Any]:
            raise EOFError

    store = open_store(str(tmp_path / "v.db"))
    house = HouseRules(offers("fortune"), DragonRule("house", "any"))
    t = table({0: K_HIGH, 1: TWO_PAIR}, {1: Leaver(Wager(1000, {"fortune": 500}, 700))},
              house=house, store=store)
    with pytest.raises(EOFError):
        t.play_round()
    assert t.balance(1) == START
    (rnd,) = store.rounds(t.session_id)
    assert rnd["status"] == "void" and rnd["side_bets"] == [
        {"seat": 1, "name": "fortune", "stake": 500}]
    assert rnd["dragon"] == {"seat": 1, "place": 2, "stake": 700}
    assert store.balances(t.session_id)["seat:1"] == START
    rep = replay(rnd, store.session(t.session_id), store.entries(rnd["round"]))
    assert rep.exact, rep.differences
    assert store.check() == []
