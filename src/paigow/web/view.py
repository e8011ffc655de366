"""What one person may see of a table: one function, used by HTTP and WebSocket alike.

:func:`person_view` turns a :class:`~paigow.web.host.TableHost`'s state into plain data
for the holder of a token (or a visitor, who holds none). It is the only road from the
table's state to a browser, so it is where secrets are kept: another seat's hand, the
banker's hand, the deck order and the seed never appear before the reveal. What a round
reveals (every hand played, with the results) appears only once the round has settled,
through :func:`round_story`.

The hand-setting data for a person's own hand (:func:`arrangements`) lists every way of
splitting it by *positions* in the dealt hand, with both hands' names and whether the
arrangement fouls, so the page can show "pair of Teen · 8 points" as pieces move without
knowing the rules itself.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from paigow.table.game import Game
from paigow.table.ledger import HOUSE
from paigow.table.money import format_money
from paigow.web.schemas import WebError

if TYPE_CHECKING:
    from paigow.table.engine import RoundRecord
    from paigow.web.host import SeatState, TableHost


# -- hand setting ---------------------------------------------------------------------------
def low_size(game: Game[Any, Any]) -> int:
    """How many pieces make the low hand: 2 in both games."""
    return 2


def _split(game: Game[Any, Any], hand: tuple[Any, ...], low: tuple[int, ...]) -> Any:
    """The setting whose low hand is the pieces at ``low`` and whose high hand is the rest
    (at tiles the table orders the two hands itself, so ``low`` may name either)."""
    low_pieces = [hand[i] for i in low]
    rest = [p for i, p in enumerate(hand) if i not in low]
    if game.name == "tiles":  # the function the text goes to, given the hand's own tiles
        from paigow.tiles.setting import make_setting

        # two hands of one value (both 0 points) leave the order to the caller: the hand
        # holding the first piece goes first, so "0,3" and "1,2" name the same split alike
        first, second = (low_pieces, rest) if 0 in low else (rest, low_pieces)
        return make_setting(first, second, game.rules)  # type: ignore[attr-defined]
    return game.setting_from_text(hand, game.hand_text(rest), game.hand_text(low_pieces))


def _face(tile: Any) -> tuple[int, int]:
    return tile.hi, tile.lo


def _fouls(game: Game[Any, Any], setting: Any) -> bool:
    if game.name != "poker":
        return False
    from paigow.poker.setting import is_foul

    return bool(is_foul(setting, getattr(game, "rules", None) or _default_poker_rules()))


def _default_poker_rules() -> Any:
    from paigow.poker.rules import PokerRules

    return PokerRules()


def arrangement_of(game: Game[Any, Any], hand: tuple[Any, ...],
                   low: tuple[int, ...]) -> tuple[Any, bool, str]:
    """The setting made by the pieces at positions ``low``, whether it fouls, and its text."""
    if len(low) != low_size(game):
        raise WebError(400, f"the low hand holds {low_size(game)} pieces, not {len(low)}")
    if any(not 0 <= i < len(hand) for i in low):
        raise WebError(400, f"positions {list(low)} are not all in 0 to {len(hand) - 1}")
    s = _split(game, hand, low)
    v = game.view(s)
    return s, _fouls(game, s), f"{v.high} ({v.high_name}) / {v.low} ({v.low_name})"


def arrangements(game: Game[Any, Any], hand: tuple[Any, ...]) -> dict[str, dict[str, Any]]:
    """Every split of ``hand`` by positions: key ``"i,j"`` (the low hand's positions,
    sorted; at tiles either hand's), the names of both hands, which side is high (tiles),
    the positions of the pieces of each hand as the engine orders them (``high_pos``,
    ``low_pos``), and whether it fouls (poker).

    >>> from paigow.table.session import TableOptions, make_game
    >>> game, _ = make_game(TableOptions())
    >>> hand = tuple(game.parse_piece(t) for t in "6-4 2-2 6-6 6-2".split())
    >>> a = arrangements(game, hand)["2,3"]   # the last two make the better hand
    >>> a["high_pos"], a["high_name"], a["low_pos"], a["low_name"]
    ([2, 3], 'Teen Gong', [0, 1], '4 points')
    """
    out: dict[str, dict[str, Any]] = {}
    for low in combinations(range(len(hand)), low_size(game)):
        s = _split(game, hand, low)
        v = game.view(s)
        # at tiles: whether the pieces at ``low`` made the high hand (the table orders them)
        these_high = False
        if game.name == "tiles":
            faces = sorted(_face(hand[i]) for i in low)
            if faces == sorted(_face(p) for p in s.high) == sorted(_face(p) for p in s.low):
                these_high = 0 in low  # two hands of the same tiles: as in _split
            else:
                these_high = faces != sorted(_face(p) for p in s.low)
        rest = [i for i in range(len(hand)) if i not in low]
        high_pos, low_pos = (list(low), rest) if these_high else (rest, list(low))
        out[",".join(map(str, low))] = {
            "high": v.high, "low": v.low, "high_name": v.high_name, "low_name": v.low_name,
            "pair_is_high": these_high, "foul": _fouls(game, s),
            # where each hand's pieces sit in the dealt hand: the page shows the pieces at
            # high_pos under high_name, so it never names a hand other than the one shown
            "high_pos": high_pos, "low_pos": low_pos,
        }
    return out


# -- the reveal -------------------------------------------------------------------------------
def mark_of(result: str, reason: str) -> str:
    """How one hand fared, for people: ``won``, ``lost``, ``copy`` (a tie, to the banker),
    ``0-0`` (both zero, to the banker) or ``forfeit``.

    >>> mark_of("lose", "low: copy (high card, K-Q); a tie goes to the banker")
    'copy'
    >>> mark_of("lose", "0-0: every zero-zero tie goes to the banker")
    '0-0'
    """
    if result == "win":
        return "won"
    if result == "forfeit":
        return "forfeit"
    text = _bare(reason)
    if text.startswith("copy"):
        return "copy"
    if text.startswith("0-0"):
        return "0-0"
    return "lost"


def _bare(reason: str) -> str:
    for prefix in ("high: ", "low: "):
        if reason.startswith(prefix):
            return reason[len(prefix):]
    return reason


@lru_cache(maxsize=64)
def side_title(name: str) -> str:
    """A side bet's title for people (its pay table's name: ``fortune`` -> ``Fortune
    Bonus``); a pay table that is not shipped keeps its name."""
    from paigow.errors import PaigowError
    from paigow.poker.sidebet import load_paytable, shipped_paytables

    if name not in shipped_paytables():
        return name
    try:
        return load_paytable(name).name
    except PaigowError:
        return name


def _plain_rule(rule: str, way_rule: dict[str, Any] | None = None,
                house: bool = False) -> str:
    from paigow.web.words import plain_rule

    return plain_rule(rule, way_rule, house)


def _seat_name(names: dict[int, str], seat: int | None) -> str:
    if seat is None:
        return "the house"
    return names.get(seat) or "bot"


def public_record(record: RoundRecord, game: str) -> dict[str, Any]:
    """A settled round as anyone may check it with ``paigow verify --record``: the banker,
    the dice, every hand played, the commitment published before the round and the seed
    revealed after it (no names, no ledger entries)."""
    return {
        "game": game, "round": record.round_id, "number": record.number,
        "banker": record.banker.to_json(), "dice": list(record.dice),
        "hands": [{"place": h.place, "seat": h.seat, "role": h.role, "hand": h.hand}
                  for h in record.hands],
        "commitment": record.commitment, "seed": record.seed,
    }


def _told(hand: dict[str, Any], r: Any) -> dict[str, Any]:
    """A hand with how its bet fared against the banker's: each hand marked with the
    engine's reason, the bet's reason in words, and the money."""
    won = r.stake if r.outcome == "win" else 0
    return {
        **hand,
        "high_mark": mark_of(r.high, r.high_reason), "high_reason": _bare(r.high_reason),
        "low_mark": mark_of(r.low, r.low_reason), "low_reason": _bare(r.low_reason),
        "outcome": r.outcome, "stake": r.stake, "won": won,
        "commission": r.commission, "fee": r.fee, "net": r.net,
        "net_text": format_money(r.net), "reason": r.reason,
        "why": r.note,
    }


def bank_share(kind: str, bank_net: int, commission: int) -> dict[str, Any]:
    """What the bank's result means to a player who banked (``kind`` ``"player"``: all of
    it) or co-banked (``"cobank"``: half, the odd cent to the house, as
    :func:`paigow.table.bank.cobank_share` settles it): their ``share``, the
    ``share_commission`` they paid on it, and their ``share_net``. The house: nothing.

    >>> bank_share("cobank", 1501, 75)
    {'share': 750, 'share_commission': 75, 'share_net': 675}
    >>> bank_share("house", 1501, 0)
    {}
    """
    from paigow.table.bank import cobank_share

    if kind == "house":
        return {}
    share = bank_net if kind == "player" else cobank_share(bank_net)
    return {"share": share, "share_commission": commission, "share_net": share - commission}


def round_story(record: RoundRecord, names: dict[int, str]) -> dict[str, Any]:
    """A settled round told for people: the banker and every seat's two hands against the
    banker's, each marked won/lost/copy/0-0 with the engine's reason, and the money; why
    every bet pushed (a commission-free game's banker hand), the dragon hand and the side
    bets."""
    results = {r.seat: r for r in record.results}
    banker = record.banker
    bank_hand: dict[str, Any] = {}
    seats: list[dict[str, Any]] = []
    dragon: dict[str, Any] | None = None
    for h in record.hands:
        hand = {
            "place": h.place, "seat": h.seat, "name": _seat_name(names, h.seat),
            "pieces": h.hand.split(), "high": h.high.split(), "low": h.low.split(),
            "high_name": h.high_name, "low_name": h.low_name, "rule": h.rule,
            "rule_text": _plain_rule(h.rule, h.way_rule, h.house),
            "note": h.note, "forfeit": h.forfeit,
        }
        if h.role == "banker":
            bank_hand = hand
            continue
        if h.role == "dragon":
            if record.dragon is not None:
                dragon = _told(hand, record.dragon)
            continue
        r = results.get(h.seat or -1)
        if r is None:
            continue
        seats.append(_told(hand, r))
    side = [{**x.to_json(), "seat_name": _seat_name(names, x.seat), "title": side_title(x.name),
             "net_text": format_money(x.net)} for x in record.side]
    return {
        "round": record.round_id, "number": record.number,
        "banker": {**banker.to_json(), "name": _seat_name(names, banker.seat),
                   "describe": banker.describe()},
        "dice": list(record.dice),
        "bank_hand": bank_hand,
        "seats": seats,
        "push": record.push,
        "dragon": dragon,
        "side": side,
        "bank": {"net": record.bank_net, "commission": record.bank_commission,
                 "result": ("won" if record.bank_net > 0 else
                            "lost" if record.bank_net < 0 else "even"),
                 **bank_share(banker.kind, record.bank_net, record.bank_commission)},
        "balances": {k: v for k, v in record.balances.items() if k != HOUSE},
        "house_net": record.balances.get(HOUSE, 0),
        "commitment": record.commitment, "seed": record.seed,
    }


# -- one person's view -------------------------------------------------------------------------
def banker_words(banker: dict[str, Any] | None, names: dict[int, str],
                 you: int | None) -> str:
    """Who banks the round, for the status line: ``"you bank"``, ``"Bo banks"``, ``"Bo
    co-banks with the house"``, ``"the house banks"``.

    >>> banker_words({"kind": "cobank", "seat": 2}, {2: "Bo"}, None)
    'Bo co-banks with the house'
    >>> banker_words({"kind": "player", "seat": 2}, {2: "Bo"}, 2)
    'you bank'
    """
    if not banker or banker.get("kind") == "house":
        return "the house banks"
    seat = banker.get("seat")
    who = "you" if seat is not None and seat == you else (
        names.get(seat) if seat is not None and names.get(seat) else f"seat {seat}")
    third = who != "you"
    if banker.get("kind") == "cobank":
        return f"{who} co-bank{'s' if third else ''} with the house"
    return f"{who} bank{'s' if third else ''}"


def _bank_status(host: TableHost, n: int) -> str | None:
    """What the seat that banks this round is doing (never "sits out")."""
    ip = host.in_play
    if ip is None or ip.banker.get("seat") != n or host.phase not in ("setting", "bank"):
        return None
    return "co-banks with the house" if ip.banker.get("kind") == "cobank" else "banks"


def _pending_bet(s: SeatState) -> int | None:
    """A person's main bet placed and not yet taken by the round (public, as chips on the
    felt are)."""
    from paigow.web.host import _UNSET

    if s.person is None or s.bet is _UNSET or s.bet is None:
        return None
    return int(s.bet.main)


def _status(host: TableHost, s: SeatState) -> str:
    from paigow.web.host import _UNSET

    p = s.person
    if p is not None and p.sat_out and s.round_bet is None and not s.banking:
        # away: no page of theirs is open; a person looking at the table is just sat out
        return "sat out" if p.sockets > 0 else "sat out (away)"
    if p is not None and s.bet_closed and host.phase in ("betting", "bank", "setting") \
            and not s.in_round(p.player):
        return "joins next round"  # the bot (or nobody) plays this round at the seat
    banking = _bank_status(host, s.number)
    if banking is not None and not (s.hand is not None and s.choice is None
                                    and s.chosen is None):
        return banking
    if host.phase == "betting":
        if s.bet_closed:
            return "sits out" if s.round_bet is None else "bet in"
        if s.person is not None and s.bet is not _UNSET:  # answered: the others are waited on
            return "sits out" if s.bet is None else "bet in"
        return "betting" if s.person else "waiting"
    if host.phase == "bank" and s.offer is not None:
        return "deciding on the bank"
    if host.phase in ("setting", "bank"):
        if s.setting_dragon:
            return "setting the dragon hand"
        if s.hand is not None and s.choice is None and s.chosen is None:
            return "setting the hand"
        if s.round_bet is None and not s.banking:
            return "sits out"
        return "set" if s.chosen is not None or s.choice is not None else "in"
    return ""


def table_summary(host: TableHost) -> dict[str, Any]:
    """A table as the lobby lists it: id, name, game, rules, seats taken. The rules (in
    words too) are the table's for its whole life: made once, the same object in every
    summary (never to be changed in place: copy it first)."""
    kept = _RULES.get(host)
    if kept is None or kept[0] is not host.table:  # the side bets come with the table
        kept = (host.table, _worded(host.opts.game, _rules(host)))
        _RULES[host] = kept
    return {
        "id": host.id, "name": host.name, "game": host.opts.game, "seats": host.opts.seats,
        "people": sum(1 for s in host.seats.values() if s.person is not None),
        "phase": host.phase, "doing": host.doing(),
        "rules": kept[1],
    }


def _rules(host: TableHost) -> dict[str, Any]:
    o = host.opts
    rules: dict[str, Any] = {}
    if o.game == "tiles":
        rules["gee_joon_tiebreak"] = o.gee_joon_tiebreak
    else:
        rules.update(joker=o.joker, wheel=o.wheel, foul=o.foul, push=o.push)
        kind = o.poker_rules.banker_push
        if kind.active:
            rules["push_text"] = f"the banker's {kind.label} pushes every bet"
    house = host.table.house if host.table is not None else None
    if house is not None and house.side_bets:
        rules["side_bets"] = [
            {"name": x.name, "title": x.paytable.name, "on": x.on, "reads": x.reads,
             "minimum": x.minimum,
             "maximum": x.maximum, "envy_minimum": x.envy_minimum(),
             "lines": [{"hand": ln.label, "pays": str(ln.pays)} for ln in x.paytable.lines]}
            for x in house.side_bets]
    if house is not None and house.dragon is not None:
        rules["dragon"] = house.dragon.to_json()
    return {
        "house_way": o.house_way, "min_bet": o.limits.minimum,
        "max_bet": o.limits.maximum, "bankroll": o.bankroll,
        "commission": str(o.commission.rate), "flat_fee": o.commission.flat_fee,
        "commission_pct": f"{float(o.commission.rate * 100):g}%",
        "limits": o.limits.describe(), "title": o.title, "player_bank": o.player_bank,
        **rules,
    }


def _worded(game: str, r: dict[str, Any]) -> dict[str, Any]:
    """A table's rules with their plain words (``words``), its house way's title and its
    push rule in words, for the pages (which never show a rule's code)."""
    from paigow.web.words import push_words, rules_words, way_title

    r["words"] = rules_words(r, game)
    r["house_way_title"] = way_title(game, r["house_way"])
    if game == "poker":
        r["push_words"] = push_words(r.get("push") or "none")
    return r


def person_view(host: TableHost, player: int | None,
                who: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything person ``player`` may see now (None: a visitor's view); ``who``: what the
    page may know of its signed-in person (name, or why their sign-in was refused).

    It is :func:`table_view` (what anyone at the table may see, the same for everyone)
    filtered for the person by :func:`for_person` (their seat marked, their own hand and
    controls): a push computes the first once per change for the whole table and the
    second once per person (:mod:`paigow.web.push`)."""
    with host.cv:
        return for_person(table_view(host), host, player, who)


def table_view(host: TableHost) -> dict[str, Any]:
    """The part of every view of ``host`` that no person owns: what a visitor sees, less
    the words that depend on who looks (who banks: "you bank"). Nothing concealed: no
    hand before the reveal, no deck, no seed. Call it holding ``host.cv``."""
    table, game = host.table, host.game
    seats = []
    for n, s in host.seats.items():
        p = s.person
        seats.append({
            "seat": n, "place": n,
            "name": p.name if p else "bot",
            "way": s.bot.chooser.name,
            "kind": "person" if p else "bot",
            "you": False,
            "here": bool(p and p.sockets > 0),
            "balance": table.balance(n) if table else 0,
            "bet": s.round_bet if s.bet_closed else _pending_bet(s),
            "status": _status(host, s),
            "sat_out": bool(p and p.sat_out),
        })
    ip = host.in_play
    warm = host.advisor.warmup.to_json() if host.advisor else None
    return {
        "table": table_summary(host),
        "phase": host.phase,
        "doing": host.doing(),
        "error": host.error,
        "round": host.round_no,
        "rounds_played": host.history[-1][0].number if host.history else host.rounds_before,
        "notice": host.notice,
        "places": game.places if game else 0,
        "direction": game.direction if game else 0,
        "option": table.option if table else None,
        "commitment": table.commitment if table else None,
        "in_play": None if ip is None else {
            "banker": ip.banker, "dice": list(ip.dice), "first_place": ip.first_place,
            "banker_words": banker_words(ip.banker, ip.names, None),
            "bets": {str(k): v for k, v in ip.bets.items()},
            "side": ip.side, "dragon": _dragon_in_play(host, ip.dragon),
        },
        "seats": seats,
        "house_net": table.house_net if table else 0,
        "hints": warm,
        "piece_names": _piece_names(game),
        "you": None,
        "last": _last_story(host),
    }


def _dragon_in_play(host: TableHost, dragon: dict[str, Any] | None) -> dict[str, Any] | None:
    """The dragon hand bought this round (its seat, place and stake), with its own
    ``deadline`` while its buyer sets it (public, as the phase's deadline is)."""
    if dragon is None:
        return None
    buyer = host.seats.get(dragon.get("seat") or 0)
    if buyer is not None and buyer.setting_dragon and buyer.dragon_deadline is not None \
            and buyer.answering():
        return {**dragon, "deadline": buyer.dragon_deadline}
    return dragon


def for_person(shared: dict[str, Any], host: TableHost, player: int | None,
               who: dict[str, Any] | None = None) -> dict[str, Any]:
    """``shared`` (:func:`table_view`, not changed) as person ``player`` sees it: their seat
    marked ``you``, who banks in their words, their own part (``you``: their hand, offer,
    hint, chart) and the people's part (:func:`people_part`). Call it holding ``host.cv``."""
    return {**shared, **person_part(shared, host, player, who)}


def person_part(shared: dict[str, Any], host: TableHost, player: int | None,
                who: dict[str, Any] | None = None) -> dict[str, Any]:
    """What :func:`for_person` puts over ``shared``: only the parts that are the person's
    (a push encodes the shared parts once for every socket and these per person)."""
    me = host.people.get(player or 0)
    out = people_part(host, player, me is not None, who)
    if me is None:
        return out
    out["seats"] = [{**x, "you": True} if x["seat"] == me.seat else x for x in shared["seats"]]
    ip = host.in_play
    if ip is not None and shared["in_play"] is not None:
        mine = host.seats[me.seat].in_round(me.player)
        out["in_play"] = {**shared["in_play"],
                          "banker_words": banker_words(ip.banker, ip.names,
                                                       me.seat if mine else None)}
    if host.table is not None and host.game is not None:
        out["you"] = _you(host, me.seat)
    return out


_STORIES: WeakKeyDictionary[Any, tuple[Any, dict[str, Any]]] = WeakKeyDictionary()
_RULES: WeakKeyDictionary[Any, tuple[Any, dict[str, Any]]] = WeakKeyDictionary()
_NAMES: WeakKeyDictionary[Any, dict[str, str]] = WeakKeyDictionary()
_CHARTS: WeakKeyDictionary[Any, dict[tuple[Any, ...], list[list[int]]]] = WeakKeyDictionary()


def _last_story(host: TableHost) -> dict[str, Any] | None:
    """The story of the last settled round, told once per round (not once per push)."""
    if not host.history:
        return None
    rec, names = host.history[-1]
    kept = _STORIES.get(host)
    if kept is None or kept[0] is not rec:
        kept = (rec, round_story(rec, names))
        _STORIES[host] = kept
    return kept[1]


def _piece_names(game: Game[Any, Any] | None) -> dict[str, str]:
    """A tiles game's tile faces and their names (the same for the table's life)."""
    if game is None or game.name != "tiles":
        return {}
    try:
        names = _NAMES.get(game)
    except TypeError:  # a game that cannot be weakly referenced: computed each time
        return {game.piece_text(p): game.piece_label(p) for p in game.deck()}
    if names is None:
        names = {game.piece_text(p): game.piece_label(p) for p in game.deck()}
        _NAMES[game] = names
    return names


def people_part(host: TableHost, player: int | None, seated: bool,
                who: dict[str, Any] | None) -> dict[str, Any]:
    """The view's part about people and time: the phase's shared ``deadline`` (seconds
    since the epoch; the WebSocket message says the server's ``now``), the signed-in
    person (``me``), and the seat offered back to a person whose seat went without their
    leaving (a server restart, a page gone) when it is free (``seat_back``)."""
    back = host.seat_back.get(player or 0) if not seated else None
    if back is not None:
        s = host.seats.get(back)
        if s is None or s.person is not None or s.owner not in (None, player):
            back = None
    return {"deadline": host.deadline, "me": who, "seat_back": back}


def _you(host: TableHost, n: int) -> dict[str, Any]:
    from paigow.web.host import _UNSET

    s = host.seats[n]
    table, game = host.table, host.game
    assert table is not None and game is not None and s.person is not None
    awaiting: str | None = None
    mine = s.owner == s.person.player
    # the round in play is theirs (decided when it took the seat's bet): else nothing of
    # it is shown as theirs (a bot's bet or bank at the seat they just took)
    in_round = s.in_round(s.person.player)
    if host.phase == "betting" and not s.bet_closed and s.bet is _UNSET \
            and s.person.joined_round <= host.round_no and mine and not s.person.sat_out:
        awaiting = "bet"
    elif s.offer is not None and s.bank_answer is None:
        awaiting = "bank"
    elif (s.hand is not None and s.choice is None and s.chosen is None) or s.setting_dragon:
        awaiting = "set"
    limits = host.opts.limits
    you: dict[str, Any] = {
        "seat": n,
        "name": s.person.name,
        "balance": table.balance(n),
        "most": max(0, min(table.balance(n) - table.commission.flat_fee,
                           limits.maximum if limits.maximum is not None else 1 << 62)),
        "min_bet": limits.minimum,
        "suggested_bet": max(limits.minimum, host.opts.bet),
        "awaiting": awaiting,
        "in_round": in_round,
        "deadline": (s.dragon_deadline if s.setting_dragon else host.deadline)
        if awaiting else None,
        "timed_out": s.timed_out,
        "sat_out": s.person.sat_out,
        "misses": s.person.misses,
        "sit_out_after": host.limits.sit_out_after,
        "buying_in": not mine,
        "chips_asked": s.chips_asked,
        "note": s.person.note,
        "joins_round": s.person.joined_round,
        "bet": None if not in_round else s.round_bet if s.bet_closed else (
            None if s.bet is _UNSET or s.bet is None else s.bet.main),
        "wager": None if not in_round else _wager_json(
            s.round_wager if s.bet_closed else (None if s.bet is _UNSET else s.bet)),
        "bet_in": in_round and (s.bet_closed or s.bet is not _UNSET),
        "offer": None,
        "hand": None,
        "bank_hand": None,
        "hint": None,
        "story_seat": _story_seat(host, n, s.person.name),
        "chart": _chart(host, n, s.person.joined_round),
    }
    if s.offer is not None:
        o = s.offer
        you["offer"] = {"others": o.others, "balance": o.balance,
                        "can_take": o.can_take, "can_cobank": o.can_cobank}
    now = s.current()
    if now is not None:
        hand, banking, dragon = now
        picked = (s.dragon_choice or s.dragon_chosen) if dragon else (s.choice or s.chosen)
        # the same all round: computed once, not on every push
        if dragon and s.dragon_view is None:
            s.dragon_view = _hand_view(game, hand, False)
        elif not dragon and s.hand_view is None:
            s.hand_view = _hand_view(game, hand, banking)
        ip = host.in_play
        place = ip.dragon["place"] if dragon and ip and ip.dragon else None
        shown = s.hand_shown
        # built once while nothing in it changes (the chosen setting was named every pass)
        if shown is None or shown[0] is not picked or shown[1] != dragon or shown[2] != place:
            shown = s.hand_shown = (picked, dragon, place, {
                **(s.dragon_view if dragon else s.hand_view),  # type: ignore[dict-item]
                "dragon": dragon,
                "dragon_place": place,
                "chosen": None if picked is None else {
                    **game.view(picked.setting).__dict__, "rule": picked.rule},
            })
        you["hand"] = shown[3]
        job = s.dragon_hint if dragon else s.hint
        you["hint"] = None if job is None else job.to_json()
    if s.bank_hand is not None and in_round:
        you["bank_hand"] = _bank_hand_view(game, s.bank_hand)
    return you


def _story_seat(host: TableHost, n: int, name: str) -> int | None:
    """Seat ``n`` if its person (called ``name``) played it in the last settled round (the
    reveal marks their row), else None: a seat taken after that round's bets were taken
    was the bot's in it."""
    if not host.history:
        return None
    return n if host.history[-1][1].get(n) == name else None


def _bank_hand_view(game: Game[Any, Any], hand: tuple[Any, ...]) -> dict[str, Any]:
    """The bank's hand as its co-banker sees it: its pieces and how the house way sets it
    (as the round will play it)."""
    c = game.house_choice(hand, True)
    v = game.view(c.setting)
    return {"pieces": [game.piece_text(p) for p in hand], "high": v.high.split(),
            "low": v.low.split(), "high_name": v.high_name, "low_name": v.low_name,
            "rule_text": _plain_rule(c.rule)}


def _hand_view(game: Game[Any, Any], hand: tuple[Any, ...], banking: bool) -> dict[str, Any]:
    from paigow.web.hints import positions_of

    house = game.house_choice(hand, banking)
    return {
        "pieces": [game.piece_text(p) for p in hand],
        "labels": [game.piece_label(p) for p in hand],
        "banking": banking,
        "arrangements": arrangements(game, hand),
        "foul_rule": getattr(getattr(game, "rules", None), "foul", None),
        "house_low": positions_of(hand, list(house.setting.low)),
        "house_rule": house.rule,
        "house_rule_text": _plain_rule(
            house.rule, None if house.way_rule is None else house.way_rule.to_json(), True),
    }


def _wager_json(w: Any) -> dict[str, Any] | None:
    if w is None:
        return None
    return {"main": w.main, "side": dict(w.side), "dragon": w.dragon}


def _chart(host: TableHost, seat: int, since_round: int) -> list[list[int]]:
    """The seat's balance after each settled round since the person joined (at most the
    last 200 points), starting from the balance before their first round. Kept until a
    round settles (it was read from the whole history on every push)."""
    last = host.balances_after[-1][0] if host.balances_after else None  # a round's number
    now = host.table.balance(seat) if host.table is not None else 0
    key = (seat, since_round, last, now)
    kept = _CHARTS.setdefault(host, {})
    if key not in kept:
        if len(kept) > 64:
            kept.clear()
        kept[key] = _chart_points(host, seat, since_round)
    return kept[key]


def _chart_points(host: TableHost, seat: int, since_round: int) -> list[list[int]]:
    from paigow.table.ledger import seat_account

    acc = seat_account(seat)
    points: list[list[int]] = []
    prev: int | None = None
    for number, balances in host.balances_after:
        bal = balances.get(acc)
        if bal is None:
            continue
        if number >= since_round:
            if not points and prev is not None:
                points.append([number - 1, prev])
            points.append([number, bal])
        prev = bal
    if not points and host.table is not None:
        points.append([host.table.rounds_played, host.table.balance(seat)])
    return points[-200:]
