"""Side bets at the table: their stakes, and their settlement with the Envy bonus.

Every side bet is **banked by the house**, whoever banks the game: its stake goes on the
table when the round opens (``side_bet``: seat → ``bets``); at the settlement a winning
bet gets its stake back (``side_return``) and is paid by the house (``side_payout``: the
stake times the line's payout, rounded down to the cent), a losing stake goes to the
house (``side_lost``), and each Envy bonus is paid by the house (``envy``). All of it is
written in the round's one settlement transaction.

A bet on one's **own** hand reads the seven cards dealt to the seat's place (a seat that
took the bank holds the banker's hand); a bet on the **banker**'s hand reads the banker's
seven cards (the Queen's Dragon). How the hands are set does not matter to those; a bet
on the banker's hand **as set** (the Tiger 9) reads the banker's setting (its two-card
hand). The **Envy**:
a bettor whose bet is at least the pay table's Envy minimum is paid, for each other hand
in play — every player's hand and a bought dragon hand, but never one the bettor owns
nor the banker's — that makes an Envy line, that line's amount (the largest it makes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting
from paigow.poker.sidebet import lines_made, set_lines_made
from paigow.table.house_rules import HouseRules
from paigow.table.ledger import BETS, HOUSE, Entry, seat_account, transfer


@dataclass(frozen=True)
class SideStake:
    """A side bet placed with a round: ``stake`` cents by ``seat`` on the offer ``name``."""

    seat: int
    name: str
    stake: int

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {"seat": self.seat, "name": self.name, "stake": self.stake}


@dataclass(frozen=True)
class SideResult:
    """One side bet settled (``kind == "bet"``), or one Envy bonus paid (``"envy"``).

    ``place``: the hand read (the bettor's, the banker's, or for an Envy the other hand);
    ``line``/``label``: the pay-table line it made (empty: none); ``pays``: the payout "to
    1" of a bet, or the Envy amount in currency units; ``net``: the seat's gain in cents
    (a lost bet: minus its stake)."""

    seat: int
    name: str
    kind: str
    stake: int
    place: int
    line: str
    label: str
    pays: str
    net: int

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return dict(self.__dict__)


def side_opening(stakes: Sequence[SideStake]) -> list[Entry]:
    """The side bets moved to the table when the round opens."""
    out: list[Entry] = []
    for s in stakes:
        out += transfer("side_bet", seat_account(s.seat), BETS, s.stake, s.seat, s.name)
    return out


def settle_side_bets(
    house: HouseRules,
    stakes: Sequence[SideStake],
    hands: Mapping[int, Sequence[int]],
    owners: Mapping[int, int],
    banker_place: int,
    rules: PokerRules,
    banker_setting: Setting | None = None,
) -> tuple[list[SideResult], list[Entry]]:
    """Settle ``stakes`` on the dealt ``hands`` (seven cards by place, every hand in play:
    the players', a bought dragon hand, the banker's) and the ``banker_setting`` (what a
    bet on the banker's hand as set reads); ``owners`` maps each player place to the seat
    that owns it. Returns the results (bets, then Envy bonuses) and the settlement
    entries."""
    made: dict[int, set[str]] = {}

    def lines_at(place: int) -> set[str]:
        if place not in made:
            made[place] = lines_made(hands[place], rules)
        return made[place]

    results: list[SideResult] = []
    entries: list[Entry] = []
    envy_bets: list[SideStake] = []
    for s in stakes:
        offer = house.offer(s.name)
        table = offer.paytable
        place = s.seat if table.on == "own" else banker_place
        if table.on == "banker-set":
            if banker_setting is None:  # pragma: no cover - every caller passes it
                raise AssertionError(f"the {s.name} bet reads the banker's setting")
            line = table.pays_for(set_lines_made(banker_setting, rules))
        else:
            line = table.pays_for(lines_at(place))
        acc = seat_account(s.seat)
        if line is None:
            entries += transfer("side_lost", BETS, HOUSE, s.stake, s.seat, s.name)
            results.append(SideResult(s.seat, s.name, "bet", s.stake, place, "", "", "",
                                      -s.stake))
        else:
            won = (s.stake * line.pays.numerator) // line.pays.denominator
            entries += transfer("side_return", BETS, acc, s.stake, s.seat, s.name)
            entries += transfer("side_payout", HOUSE, acc, won, s.seat, s.name)
            results.append(SideResult(s.seat, s.name, "bet", s.stake, place, line.hand,
                                      line.label, str(line.pays), won))
        minimum = offer.envy_minimum()
        if minimum is not None and s.stake >= minimum:
            envy_bets.append(s)
    for s in envy_bets:
        envy = house.offer(s.name).paytable.envy
        assert envy is not None
        for place in sorted(hands):
            if place == banker_place or owners.get(place) == s.seat:
                continue
            got = envy.pays_for(lines_at(place))
            if got is None:
                continue
            cents = int(got.amount * 100)
            entries += transfer("envy", HOUSE, seat_account(s.seat), cents, s.seat,
                                f"{s.name}: place {place}")
            results.append(SideResult(s.seat, s.name, "envy", 0, place, got.hand, got.label,
                                      str(got.amount), cents))
    return results, entries


__all__ = ["SideResult", "SideStake", "settle_side_bets", "side_opening"]
