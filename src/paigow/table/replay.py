"""Replay and audit a recorded round: deal it again from its recorded deck order and dice,
rebuild every recorded setting, settle again, and compare with what the ledger holds.

A round is reproduced exactly when the re-dealt hands, the results (main bets, the dragon
hand's bet, side bets and Envy bonuses) and every ledger entry (opening and settlement) are
identical to the record. Side bets are settled again with the pay tables recorded with the
session, so a pay-table file changed since cannot change a replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, cast

from paigow.errors import PaigowError
from paigow.phrasing import Msg
from paigow.settle import Commission, Rounding
from paigow.table.bank import Banker, BankKind
from paigow.table.deal import Cut
from paigow.table.engine import opening_entries, settle_hands, table_order
from paigow.table.game import Choice, Game
from paigow.table.house_rules import DragonBuy, HouseRules
from paigow.table.sidebets import SideStake, settle_side_bets
from paigow.tiles.rules import TileRules


@dataclass
class Replay:
    """What a replay found: the story of the round and every difference from the record."""

    round_id: int
    status: str
    game: str
    dice: list[int]
    banker: dict[str, Any]
    first_place: int | None
    dealt: dict[int, str]
    hands: list[dict[str, Any]]
    results: list[dict[str, Any]]
    entries: list[dict[str, Any]]
    differences: list[str] = field(default_factory=list)
    house_way_check: str = "not checked"
    fairness: str = "no seed recorded (a round before provably fair chance, or not settled)"
    dragon: dict[str, Any] | None = None
    side: list[dict[str, Any]] = field(default_factory=list)
    push: str = ""

    @property
    def exact(self) -> bool:
        return not self.differences

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round_id,
            "status": self.status,
            "game": self.game,
            "dice": self.dice,
            "banker": self.banker,
            "first_place": self.first_place,
            "dealt": {str(k): v for k, v in self.dealt.items()},
            "hands": self.hands,
            "results": self.results,
            "entries": self.entries,
            "reproduced": self.exact,
            "differences": self.differences,
            "house_way_check": self.house_way_check,
            "fairness": self.fairness,
            "dragon": self.dragon,
            "side": self.side,
            "push": self.push,
        }


def commission_of(data: dict[str, Any]) -> Commission:
    """The :class:`Commission` recorded with a session."""
    return Commission(
        rate=Fraction(str(data["rate"])),
        flat_fee=int(data["flat_fee"]),
        rounding=cast(Rounding, data["rounding"]),
    )


def game_for(session: dict[str, Any], house_way: object | None = None) -> Game[Any, Any]:
    """The game a session played, with its recorded rules (the house way only if given)."""
    rules = session["rules"]
    if session["game"] == "tiles":
        from paigow.table.tiles_game import TilesGame

        cut = Cut(str(rules.get("cut", "none")), tuple(rules.get("cut_perm", range(32))))
        return TilesGame(
            cast(Any, house_way), TileRules(rules.get("gee_joon_tiebreak", "ranked")), cut
        )
    if session["game"] == "poker":
        from paigow.table.poker_game import PokerGame

        return PokerGame(cast(Any, house_way), poker_rules_of(rules))
    raise PaigowError(f"unknown game {session['game']!r} in the record")


def poker_rules_of(rules: dict[str, Any]) -> Any:
    """The :class:`~paigow.poker.rules.PokerRules` recorded with a poker session."""
    from paigow.poker.rules import PokerRules

    return PokerRules.of(rules.get("joker", "bug"), rules.get("wheel", "second"),
                         rules.get("foul", "house"), rules.get("push", "none"))


def _same(got: dict[str, Any], recorded: dict[str, Any]) -> bool:
    """Whether a result settled again equals the recorded one, on the recorded fields (a
    record written before a field existed is compared on the fields it has)."""
    return all(got.get(k) == v for k, v in recorded.items())


def replay(
    rnd: dict[str, Any],
    session: dict[str, Any],
    stored_entries: list[dict[str, Any]],
    house_way: object | None = None,
) -> Replay:
    """Replay round ``rnd`` (as :meth:`SqliteStore.round` gives it) of ``session``."""
    game = game_for(session, house_way)
    banker = Banker(cast(BankKind, rnd["banker"]["kind"]), rnd["banker"]["seat"])
    bets: dict[int, int] = {int(k): int(v) for k, v in rnd["bets"].items()}
    side = tuple(SideStake(int(x["seat"]), str(x["name"]), int(x["stake"]))
                 for x in rnd.get("side_bets") or ())
    d = rnd.get("dragon")
    dragon = None if not d else DragonBuy(int(d["seat"]), int(d["place"]), int(d["stake"]))
    deck = [game.parse_piece(t) for t in rnd["deck"]]
    dice = [int(d) for d in rnd["dice"]]
    dealt = game.deal(deck, sum(dice), banker.place)
    in_play = [banker.place] + [p for p in table_order(banker.place, game.places, game.direction)
                                if p in bets or (dragon is not None and p == dragon.place)]
    rep = Replay(
        rnd["round"], rnd["status"], game.name, dice, banker.to_json(), None,
        {p: game.hand_text(dealt[p]) for p in in_play}, [], [], stored_entries,
    )
    from paigow.table.deal import CLOCKWISE, count_places

    start = banker.place if game.direction != CLOCKWISE else 0
    rep.first_place = count_places(start, sum(dice), game.places, game.direction)
    if rnd.get("commitment") and rnd.get("seed"):
        from paigow.table.fair import verify_round

        fair = verify_round(game, rnd["commitment"], rnd["seed"],
                            {"banker": rnd["banker"], "dice": rnd["dice"], "deck": rnd["deck"]})
        rep.fairness = ("dealt from its committed seed (commitment, deck and dice checked)"
                        if fair.fair else "NOT dealt from its committed seed")
        rep.differences += fair.differences
    commission = commission_of(session["commission"])
    expected_open = [e.to_json() for e in opening_entries(banker, bets, side, dragon)]
    if rnd["status"] != "settled":
        if rnd["status"] == "void":
            back = [
                {**e, "kind": "void", "from": e["to"], "to": e["from"], "memo": f"void {e['kind']}"}
                for e in expected_open
            ]
            expected_open += back
        _diff_entries(rep, expected_open, stored_entries)
        return rep
    detail = rnd["detail"]
    rep.hands = list(detail["hands"])
    rep.results = list(detail["results"])
    choices: dict[int, Choice[Any]] = {}
    for h in detail["hands"]:
        place = int(h["place"])
        if place not in dealt:
            rep.differences.append(f"place {place} has no hand in the deal")
            continue
        again = game.hand_text(dealt[place])
        if again != h["hand"]:
            rep.differences.append(
                f"place {place}: the deal gives {again} but the record says {h['hand']}"
            )
            continue
        setting = game.setting_from_text(dealt[place], h["high"], h["low"])
        choices[place] = Choice(setting, h["rule"], h.get("note", ""), bool(h.get("forfeit")))
    if rep.differences:
        return rep
    results, entries, bank_net, bank_comm = settle_hands(
        game, banker, bets, choices, commission, dragon
    )
    got = [r.to_json() for r in results if r.bet == "main"]
    for a, b in zip(got, detail["results"], strict=False):
        if not _same(a, b):
            rep.differences.append(f"seat {b.get('seat')}: replay gives {a}, record {b}")
    if len(got) != len(detail["results"]):
        rep.differences.append("a different number of bets settled")
    got_dragon = next((r.to_json() for r in results if r.bet == "dragon"), None)
    rep.dragon = detail.get("dragon")
    if (got_dragon is None) != (rep.dragon is None) or (
        got_dragon is not None and rep.dragon is not None and not _same(got_dragon, rep.dragon)
    ):
        rep.differences.append(f"dragon hand: replay gives {got_dragon}, record {rep.dragon}")
    rep.push = str(detail.get("push", ""))
    if side:
        house = HouseRules.from_json(session["rules"].get("house"))
        owners = {p: p for p in bets}
        if dragon is not None:
            owners[dragon.place] = dragon.seat
        hands = {p: tuple(dealt[p]) for p in choices}
        side_results, side_entries = settle_side_bets(
            house, side, hands, owners, banker.place, poker_rules_of(session["rules"]),
            choices[banker.place].setting,
        )
        entries += side_entries
        got_side = [x.to_json() for x in side_results]
        rep.side = list(detail.get("side", []))
        if got_side != rep.side:
            rep.differences.append(f"side bets: replay gives {got_side}, record {rep.side}")
    if bank_net != detail["bank_net"] or bank_comm != detail["bank_commission"]:
        rep.differences.append(
            f"bank net {bank_net} / commission {bank_comm}, record "
            f"{detail['bank_net']} / {detail['bank_commission']}"
        )
    _diff_entries(rep, expected_open + [e.to_json() for e in entries], stored_entries)
    if house_way is not None and banker.house_way:
        hand = dealt[banker.place]
        c = game.house_choice(hand, True)
        v = game.view(c.setting)
        rec = next(h for h in detail["hands"] if h["role"] == "banker")
        same = game.setting_from_text(hand, v.high, v.low) == choices[banker.place].setting
        rep.house_way_check = (
            Msg("the banker's setting is the house way's") if same
            else Msg("the house way now sets {high} / {low}, the record {was_high} / {was_low}",
                     high=v.high, low=v.low, was_high=rec["high"], was_low=rec["low"])
        )
        if not same:
            rep.differences.append(rep.house_way_check)
    return rep


def _diff_entries(rep: Replay, expected: list[dict[str, Any]], stored: list[dict[str, Any]]) -> None:
    def key(e: dict[str, Any]) -> tuple[Any, ...]:
        return (e["kind"], e["from"], e["to"], e["amount"], e["seat"])

    a, b = [key(e) for e in expected], [key(e) for e in stored]
    if a != b:
        rep.differences.append(
            f"ledger entries differ: replay gives {len(a)} entries, the ledger holds {len(b)}; "
            f"first difference at {next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))}"
        )


def house_way_of(session: dict[str, Any]) -> object | None:
    """The house way a recorded session played, looked up by its recorded name (None when
    it cannot be had in this build: the replay then skips the house-way check)."""
    from paigow.table.session import poker_way, tile_way

    try:
        if session["game"] == "tiles":
            rate = Fraction(str(session["commission"]["rate"]))
            tb = session["rules"].get("gee_joon_tiebreak", "ranked")
            return tile_way(session["house_way"], TileRules(tb), rate)
        if session["house_way"] != "none":
            way: object = poker_way(session["house_way"], poker_rules_of(session["rules"]))
            return way
    except PaigowError:
        return None
    return None


def audit_round(store: Any, round_id: int) -> Replay:
    """Replay round ``round_id`` of the ledger ``store`` and audit it against the ledger."""
    rnd = store.round(round_id)
    session = store.session(rnd["session"])
    return replay(rnd, session, store.entries(round_id), house_way_of(session))

