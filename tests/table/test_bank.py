"""The bank (RULES.md 1.6, 2.6): the house banks first; the option passes around the table
(counterclockwise at tiles, clockwise at poker); a player banks only when able to cover
every bet on the table; refusal leaves the bank with the house; co-banking."""

from __future__ import annotations

import pytest
from tablekit import BestLowWay, PokerSimple

from paigow.errors import AmountError, PaigowError
from paigow.store import open_store
from paigow.table.bank import BankOffer, make_offer
from paigow.table.chance import seeded_chance
from paigow.table.engine import BetRequest, Seat, Table
from paigow.table.game import Choice
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.tiles_game import TilesGame, WayChooser


class Recorder(Bot):  # type: ignore[type-arg]
    """A bot that writes down every bank offer it gets and answers as told."""

    def __init__(self, chooser: object, stake: int, answer: str, log: list[int]) -> None:
        super().__init__(chooser, stake, "refuse")  # type: ignore[arg-type]
        self.answer = answer
        self.log = log

    def bank(self, offer: BankOffer) -> str:  # type: ignore[override]
        self.log.append(offer.seat)
        return self.answer


def _table(game: str, numbers: list[int], answer: str, starts: dict[int, int] | None = None,
           stake: int = 1000) -> tuple[Table, list[int]]:  # type: ignore[type-arg]
    log: list[int] = []
    if game == "tiles":
        g: object = TilesGame(BestLowWay())
        chooser: object = WayChooser(BestLowWay())
    else:
        g = PokerGame(PokerSimple())
        chooser = StrategyChooser(PokerSimple())
    starts = starts or {}
    seats = [Seat(n, f"s{n}", "t", starts.get(n, 100_000), Recorder(chooser, stake, answer, log))
             for n in numbers]
    return Table(g, seats, chance=seeded_chance(1)), log  # type: ignore[arg-type]


def test_tiles_option_passes_counterclockwise_and_refusal_keeps_the_house() -> None:
    table, log = _table("tiles", [1, 2, 5], "refuse")
    kinds = [table.play_round().banker.kind for _ in range(7)]  # type: ignore[union-attr]
    # round 1: the house, no offer; then counterclockwise from place 0: 7, 6 empty -> 5,
    # then 4, 3 empty -> 2, then 1, then 0 (the house's place, never offered) -> 5 ...
    assert log == [5, 2, 1, 5, 2, 1]
    assert kinds == ["house"] * 7


def test_poker_option_passes_clockwise() -> None:
    table, log = _table("poker", [1, 2, 5], "refuse")
    for _ in range(5):
        table.play_round()
    assert log == [1, 2, 5, 1]


def test_taking_the_bank_withdraws_the_banker_bet_and_plays_its_hand() -> None:
    table, _ = _table("tiles", [1, 2, 5], "take")
    table.play_round()
    r = table.play_round()
    assert r is not None and (r.banker.kind, r.banker.seat, r.banker.place) == ("player", 5, 5)
    assert sorted(r.bets) == [1, 2]  # seat 5's own bet is withdrawn
    banker_hand = next(h for h in r.hands if h.role == "banker")
    assert banker_hand.place == 5 and banker_hand.seat == 5
    assert sum(table.balance(n) - 100_000 for n in (1, 2, 5)) + table.house_net == 0


def test_the_coverage_rule() -> None:
    # Seat 5 holds $15.00 and the others bet $10.00 each: it cannot cover $20.00.
    offer = make_offer(5, 1500, 2000)
    assert not offer.can_take and offer.can_cobank  # co-banking covers half: $10.00
    with pytest.raises(AmountError, match=r"cannot bank: it holds \$15.00 but must cover \$20.00"):
        offer.check("take")
    offer.check("cobank")
    assert not make_offer(5, 999, 2000).can_cobank
    assert make_offer(5, 2000, 2000).can_take  # exactly enough is enough
    with pytest.raises(AmountError, match="no other bet"):
        make_offer(5, 10_000, 0).check("take")
    with pytest.raises(PaigowError, match="unknown bank decision"):
        make_offer(5, 10_000, 10).check("grab")  # type: ignore[arg-type]


def test_a_bot_that_cannot_cover_leaves_the_bank_with_the_house() -> None:
    g = TilesGame(BestLowWay())
    ch = WayChooser(BestLowWay())
    seats = [Seat(1, "a", "t", 100_000, Bot(ch, 1000)),
             Seat(2, "b", "t", 100_000, Bot(ch, 1000)),
             Seat(5, "poor", "t", 1_500, Bot(ch, 100, "take"))]
    table = Table(g, seats, chance=seeded_chance(2))
    table.play_round()
    # the option is seat 5's, which holds at most $15.95 whatever round 1 dealt: < $20.00
    r = table.play_round()
    assert r is not None and r.banker.kind == "house"


def test_a_player_that_breaks_the_coverage_rule_changes_nothing() -> None:
    store = open_store(":memory:")
    log: list[int] = []
    g = TilesGame(BestLowWay())
    ch = WayChooser(BestLowWay())
    seats = [Seat(1, "a", "t", 100_000, Bot(ch, 5000)),
             Seat(2, "b", "t", 100_000, Bot(ch, 5000)),
             Seat(5, "greedy", "t", 3_000, Recorder(ch, 1000, "take", log))]
    table = Table(g, seats, chance=seeded_chance(3), store=store)
    table.play_round()
    before = (store.rounds(), store.balances(table.session_id), dict(table.balances))
    with pytest.raises(AmountError, match="cannot bank"):
        table.play_round()
    assert (store.rounds(), store.balances(table.session_id), dict(table.balances)) == before
    assert store.check() == []


def test_cobanking_shares_the_bank_and_uses_the_house_way() -> None:
    calls: list[bool] = []

    class Spy:
        name = "spy"

        def choose(self, hand: tuple[object, ...], banking: bool) -> Choice:  # type: ignore[type-arg]
            calls.append(banking)
            return WayChooser(BestLowWay()).choose(hand, banking)  # type: ignore[arg-type]

    g = TilesGame(BestLowWay())
    seats = [Seat(1, "a", "t", 100_000, Bot(WayChooser(BestLowWay()), 1000)),
             Seat(7, "co", "t", 100_000, Bot(Spy(), 1000, "cobank"))]  # type: ignore[arg-type]
    table = Table(g, seats, chance=seeded_chance(4))
    table.play_round()
    calls.clear()
    r = table.play_round()
    assert r is not None and (r.banker.kind, r.banker.seat) == ("cobank", 7)
    assert calls == []  # the co-banker's own way was not asked: the house way set it
    assert next(h for h in r.hands if h.role == "banker").rule.startswith("house way")
    fund = [e for e in r.entries if e.kind == "bank_release"]
    assert sum(e.amount for e in fund) == 1000 + r.bank_net  # the bank is emptied


def test_a_bet_request_reports_what_a_seat_can_bet() -> None:
    req = BetRequest(1, 1000, 100, 1, lambda amount: None)
    assert req.most == 900
