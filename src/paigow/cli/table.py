"""``paigow play``, ``paigow replay`` and ``paigow history``: the table at the terminal.

Amounts on the command line are in major units (``--bankroll 1000`` is $1,000.00, stored
as 100000 cents). The ledger lives in SQLite: ``--db PATH`` (or ``sqlite:///PATH``) chooses
the file, else ``paigow.sqlite3`` in the user's data directory; ``--db postgresql://…``
keeps it in a PostgreSQL database instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow.cli.common import (
    JSON_OPTION,
    MAX_ID,
    Amount,
    Choice,
    Int,
    Rate,
    Token,
    any_way_names,
    argument,
    console,
    db_option,
    new_app,
    option,
    print_json,
    run_command,
    seed_option,
)
from paigow.cli.poker_sidebets import Paytable
from paigow.errors import PaigowError
from paigow.settle import Commission, parse_rate

if TYPE_CHECKING:
    from paigow.cli.terminal import Human
    from paigow.store import Store
    from paigow.table.engine import RoundRecord, Table
    from paigow.table.replay import Replay
    from paigow.table.session import Prepared, TableOptions

app = new_app(
    help="A game at the table: play, replay a round, show the history.",
    no_args_is_help=True,
)

MAX_PLAY_ROUNDS = 100_000
"""``play --rounds`` at most: the session's rounds are kept in memory for its summary."""

WAY_HELP = "The house way's name (or table:PATH)."


EZ_PUSH = "pai-gow:Q"
CF_PUSH = "low:9"


class HandKindParser(Token):
    """A kind of banker hand that pushes every bet (:func:`paigow.poker.kinds.parse_push`)."""

    metavar = "KIND"

    def parse(self, text: str) -> str:
        from paigow.poker.kinds import parse_push

        return parse_push(text).spec


# the options of the games on the floor, shared by ``play`` and ``serve``
EzArg = Annotated[bool, typer.Option("--ez", help="EZ Pai Gow (poker): no commission, the banker's queen-high pai gow pushes every bet, the Queen's Dragon offered.")]
CommissionFreeArg = Annotated[bool, typer.Option("--commission-free", help="Commission-Free Pai Gow Poker (Golden Nugget's Commission-Free Fortune Pai Gow): no commission, no player banking, the banker's nine-high two-card hand pushes every bet, the Tiger 9 offered.")]
HouseBanksArg = Annotated[bool, typer.Option("--house-banks", help="No player banking: the house banks every round.")]
PushArg = Annotated[str | None, option("--push", parser=HandKindParser("--push"), help="Banker hand that pushes every bet (poker): none, pai-gow:Q (seven cards), low:9 (the two-card hand as set) ...")]
SideBetArg = Annotated[list[str] | None, option("--side-bet", parser=Paytable("--side-bet"), help="Offer a side bet: a pay table name or file (repeat; poker).")]
SideMinArg = Annotated[str, option("--side-min", parser=Amount("--side-min"), help="Smallest side bet, dollars.")]
SideMaxArg = Annotated[str, option("--side-max", parser=Amount("--side-max"), help="Largest side bet, dollars.")]
DragonArg = Annotated[str, option("--dragon", parser=Choice("--dragon", "off", "house", "player"), help="The dragon hand: off, house (set the house way) or player (its buyer sets it).")]
DragonLimitArg = Annotated[str, option("--dragon-limit", parser=Choice("--dragon-limit", "up-to-main", "equal-main", "any"), help="Dragon bet: up-to-main, equal-main or any.")]


@dataclass(frozen=True)
class FloorArgs:
    """The command line's options for the games casinos deal today (as typed)."""

    ez: bool = False
    push: str | None = None
    side_bet: tuple[str, ...] = ()
    side_min: str = "1"
    side_max: str = "100"
    dragon: str = "off"
    dragon_limit: str = "up-to-main"
    bot_side: tuple[str, ...] = ()
    bot_dragon: str = "0"
    commission_free: bool = False


def _bot_side(specs: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    from paigow.table.money import parse_major

    out = []
    for spec in specs:
        name, sep, amount = spec.partition("=")
        if not sep or not name.strip():
            raise PaigowError(f"bad --bot-side {spec!r}: write NAME=DOLLARS, e.g. fortune=5")
        out.append((name.strip().lower(), parse_major(amount)))
    return tuple(out)


def _options(
    game: str, seats: int, bankroll: str, bet: str, commission: str | None, flat_fee: str,
    house_way: str | None, bot_way: list[str] | None, bot_bank: str, gee_joon_tiebreak: str,
    joker: str, wheel: str, foul: str, seed: int | None, floor: FloorArgs | None = None,
    house_banks: bool = False,
) -> TableOptions:
    from paigow.table.money import parse_major
    from paigow.table.session import TableOptions

    g = game.strip().lower()
    f = floor or FloorArgs()
    default_way = "australian" if g == "tiles" else "house"
    commission, fields = floor_options(f, commission)
    if house_banks:
        fields["player_bank"] = False
    rate = parse_rate(commission if commission is not None else "5%")
    return TableOptions(
        game=g,
        seats=seats,
        bankroll=parse_major(bankroll),
        bet=parse_major(bet),
        commission=Commission(rate=rate, flat_fee=parse_major(flat_fee)),
        house_way=house_way or default_way,
        bot_ways=tuple(bot_way) if bot_way else (house_way or default_way,),
        bot_bank=bot_bank.strip().lower(),
        gee_joon_tiebreak=gee_joon_tiebreak,
        joker=joker,
        wheel=wheel,
        foul=foul,
        seed=seed,
        **fields,
    )


def floor_options(f: FloorArgs, commission: str | None) -> tuple[str | None, dict[str, Any]]:
    """The commission (``--ez`` and ``--commission-free`` make it 0, refusing another)
    and the :class:`TableOptions` fields of the floor games' options."""
    from paigow.table.money import parse_major

    push = f.push if f.push is not None else "none"
    sides = tuple(f.side_bet)
    extra: dict[str, Any] = {}
    if f.ez and f.commission_free:
        raise PaigowError("--ez and --commission-free are two different games: give one")
    if f.commission_free:  # no commission, no player banking, the dealer's 9-high pushes
        if commission is not None and parse_rate(commission) != 0:
            raise PaigowError("--commission-free is the commission-free game: drop "
                              f"--commission {commission}")
        if f.push is not None and f.push.strip().lower() != CF_PUSH:
            raise PaigowError(f"--commission-free pushes on {CF_PUSH}: drop --push {f.push}")
        commission, push = "0", CF_PUSH
        extra["player_bank"] = False
        if "tiger-9" not in sides:
            sides = ("tiger-9", *sides)
    if f.ez:  # EZ Pai Gow: commission-free, the banker's queen-high pai gow pushes
        if commission is not None and parse_rate(commission) != 0:
            raise PaigowError(f"--ez is the commission-free game: drop --commission {commission}")
        if f.push is not None and f.push.strip().lower() != EZ_PUSH.lower():
            raise PaigowError(f"--ez pushes on {EZ_PUSH}: drop --push {f.push}")
        commission, push = "0", EZ_PUSH
        if "queens-dragon" not in sides:
            sides = ("queens-dragon", *sides)
    return commission, dict(
        push=push,
        side_bets=sides,
        side_min=parse_major(f.side_min),
        side_max=parse_major(f.side_max),
        dragon=f.dragon.strip().lower(),
        dragon_limit=f.dragon_limit.strip().lower(),
        bot_side=_bot_side(f.bot_side),
        bot_dragon=parse_major(f.bot_dragon),
        **extra,
    )


def game_line(opts: TableOptions, prepared: Prepared) -> str:
    """The game a table deals and its rules beyond the default, in one line."""
    from paigow.table.money import format_money

    c = opts.commission
    bits = ["no commission" if c.rate == 0 and not c.flat_fee else
            f"commission {float(c.rate):.0%}" + (f", fee {format_money(c.flat_fee)}"
                                                 if c.flat_fee else "")]
    bits.append("players may take the bank" if opts.player_bank else
                "no player banking: the house banks every round")
    if opts.game == "poker":
        kind = opts.poker_rules.banker_push
        if kind.active:
            bits.append(f"the banker's {kind.label} pushes every bet ({kind.spec})")
    offers = prepared.house.side_bets
    if offers:
        bits.append("side bets: " + ", ".join(o.paytable.name for o in offers))
    return f"{opts.title}: " + "; ".join(bits)


def side_line(x: dict[str, Any]) -> str:
    """One side bet or Envy bonus of a round, for people."""
    from paigow.table.money import format_money

    if x["kind"] == "envy":
        return (f"seat {x['seat']} {x['name']} Envy: place {x['place']} holds "
                f"{x['label']}: +{format_money(x['net'])}")
    made = f"{x['label']} pays {x['pays']} to 1" if x["line"] else "no paying line"
    return (f"seat {x['seat']} {x['name']} {format_money(x['stake'])} on place {x['place']}: "
            f"{made}: {format_money(x['net'])}")


def round_extras(rec: dict[str, Any], wins_only: bool = False) -> list[str]:
    """A round's push reason, dragon hand and side bets as lines (from its JSON);
    ``wins_only``: only the side bets and Envy bonuses that paid."""
    from paigow.table.money import format_money

    out = []
    if rec.get("push"):
        out.append(f"push: {rec['push']}")
    d = rec.get("dragon")
    if d:
        note = f": {d['note']}" if d.get("note") else ""
        out.append(f"dragon hand (place {d['place']}) bought by seat {d['seat']}: "
                   f"{format_money(d['stake'])} {d['outcome']} {format_money(d['net'])}{note}")
    out += [side_line(x) for x in rec.get("side") or () if not wins_only or x["net"] > 0]
    return out


def _round_line(rec: RoundRecord) -> str:
    from paigow.table.money import format_money

    d = rec.dice
    parts = [
        f"seat {r.seat} {r.outcome} {format_money(r.net)}" for r in rec.results
    ]
    if rec.dragon is not None:
        parts.append(f"dragon (seat {rec.dragon.seat}) {rec.dragon.outcome} "
                     f"{format_money(rec.dragon.net)}")
    side = sum(x.net for x in rec.side)
    if rec.side:
        parts.append(f"side bets {format_money(side)}")
    push = f" [push: {rec.push}]" if rec.push else ""
    return (
        f"round {rec.number} (id {rec.round_id}): banker {rec.banker.describe()}, dice "
        f"{d[0]}+{d[1]}+{d[2]}={sum(d)}{push}; " + "; ".join(parts)
    )


def session_json(table: Table[Any, Any], store: Store) -> dict[str, Any]:
    """The session as plain data: seats with start and end balances, house net, rounds."""
    seats = [
        {
            "seat": s.number,
            "name": s.name,
            "strategy": s.strategy,
            "start": s.start,
            "end": table.balance(s.number),
        }
        for s in table.seats.values()
    ]
    rounds = []
    for rec in table.history:
        j = rec.to_json()
        del j["deck"], j["entries"]
        rounds.append(j)
    return {
        "game": table.game.name,
        "db": store.path,
        "session": table.session_id,
        "seed": table.info.seed,
        "commission": table.info.commission_json(),
        "house_way": table.info.house_way,
        "seats": seats,
        "house_net": table.house_net,
        "rounds_played": len(table.history),
        "rounds": rounds,
        "units": "minor (cents)",
    }


def _print_summary(table: Table[Any, Any], store: Store) -> None:
    from rich.table import Table as RichTable

    from paigow.table.money import format_money

    t = RichTable(title=f"{table.game.name}: session {table.session_id} ({store.path})")
    for col in ("seat", "name", "strategy", "start", "end", "net"):
        t.add_column(col)
    for s in table.seats.values():
        end = table.balance(s.number)
        t.add_row(str(s.number), s.name, s.strategy, format_money(s.start), format_money(end),
                  format_money(end - s.start))
    console.print(t)
    console.print(f"house net (commission included): {format_money(table.house_net)}; "
                  f"rounds played: {len(table.history)}")


@app.command("play")
def play(
    game: Annotated[str, argument(parser=Choice("GAME", "tiles", "poker"), help="tiles or poker")],
    seats: Annotated[int, option("--seats", parser=Int("--seats", 1, 7), help="Seats at the table, yours included.")] = 4,
    bankroll: Annotated[str, option("--bankroll", parser=Amount("--bankroll"), help="Chips per seat, in dollars.")] = "1000",
    bet: Annotated[str, option("--bet", parser=Amount("--bet"), help="Each bot's bet (and your first), dollars.")] = "10",
    db: Annotated[str | None, db_option("write")] = None,
    seed: Annotated[int | None, seed_option()] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Bots at every seat; print the session.")] = False,
    rounds: Annotated[int | None, option("--rounds", parser=Int("--rounds", 1, MAX_PLAY_ROUNDS), help="Rounds to play (--auto: required).")] = None,
    commission: Annotated[str | None, option("--commission", parser=Rate("--commission"), help="Rate on wins: 5% (default), 0.05, 0.")] = None,
    flat_fee: Annotated[str, option("--flat-fee", parser=Amount("--flat-fee"), help="Fee per hand played, dollars.")] = "0",
    house_way: Annotated[str | None, option("--house-way", parser=Token("--house-way", table_path=True, complete=any_way_names), help=WAY_HELP)] = None,
    bot_way: Annotated[list[str] | None, option("--bot-way", parser=Token("--bot-way", table_path=True, complete=any_way_names), help="A bot way (repeat to mix).")] = None,
    bot_bank: Annotated[str, option("--bot-bank", parser=Choice("--bot-bank", "take", "cobank", "refuse", "mixed"), help="Bots and the bank: take, cobank, refuse, mixed.")] = "mixed",
    gee_joon_tiebreak: Annotated[str, option("--gee-joon-tiebreak", parser=Choice("--gee-joon-tiebreak", "ranked", "no_value"), help="ranked or no_value (tiles).")] = "ranked",
    joker: Annotated[str, option("--joker", parser=Choice("--joker", "bug", "wild"), help="bug or wild (poker).")] = "bug",
    wheel: Annotated[str, option("--wheel", parser=Choice("--wheel", "second", "lowest"), help="second or lowest (poker).")] = "second",
    foul: Annotated[str, option("--foul", parser=Choice("--foul", "house", "forfeit"), help="house or forfeit (poker).")] = "house",
    ez: EzArg = False,
    commission_free: CommissionFreeArg = False,
    house_banks: HouseBanksArg = False,
    push: PushArg = None,
    side_bet: SideBetArg = None,
    side_min: SideMinArg = "1",
    side_max: SideMaxArg = "100",
    dragon: DragonArg = "off",
    dragon_limit: DragonLimitArg = "up-to-main",
    bot_side: Annotated[list[str] | None, option("--bot-side", parser=Token("--bot-side", metavar="NAME=DOLLARS"), help="Bots' side bet NAME=DOLLARS (repeat).")] = None,
    bot_dragon: Annotated[str, option("--bot-dragon", parser=Amount("--bot-dragon"), help="Bots ask for the dragon hand with this bet, dollars (0: never).")] = "0",
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Play Pai Gow at a table: you at seat 1, bots at the others (--auto: bots only).

    Example: paigow play tiles --auto --rounds 100 --seed 7
    """
    from paigow.cli.terminal import ConsoleUI, Human, Quit
    from paigow.store import open_store
    from paigow.table.chance import secure_chance, seeded_chance
    from paigow.table.session import build_table, prepare


    def body() -> None:
        floor = FloorArgs(ez, push, tuple(side_bet or ()), side_min, side_max, dragon,
                          dragon_limit, tuple(bot_side or ()), bot_dragon, commission_free)
        opts = _options(game, seats, bankroll, bet, commission, flat_fee, house_way, bot_way,
                        bot_bank, gee_joon_tiebreak, joker, wheel, foul, seed, floor,
                        house_banks)
        if auto and rounds is None:
            raise PaigowError("--auto needs --rounds N")
        prepared = prepare(opts)  # every option checked before the ledger is opened
        g = prepared.game
        chance = seeded_chance(seed) if seed is not None else secure_chance()
        store = open_store(db)
        if store.voided and not json:
            console.print(f"voided unfinished round(s) {store.voided}: their bets were returned")
        human: Human[Any, Any] | None = None
        if not auto:
            ui = ConsoleUI()
            human = Human(ui, g, 1, opts.bet, _hint_for(opts, g))
        table = build_table(opts, store, chance, human=human, prepared=prepared)
        if not json:
            console.print(game_line(opts, prepared), highlight=False)
        played = 0
        while rounds is None or played < rounds:
            try:
                rec = table.play_round()
            except (Quit, EOFError):
                break
            if rec is None:
                if auto:
                    break
                continue
            played += 1
            if auto and not json:
                console.print(_round_line(rec), highlight=False)
                for line in round_extras(rec.to_json(), wins_only=True):
                    console.print("    " + line, highlight=False)
        if json:
            print_json(session_json(table, store))
        else:
            _print_summary(table, store)
        store.close()

    run_command(body)


def _hint_for(opts: TableOptions, game: Any) -> Any:
    """The exact advisor for the game: every setting's exact value against the house way."""
    if opts.game == "tiles":
        return _tiles_hint(opts, game)
    return _poker_hint(opts, game)


def _tiles_hint(opts: TableOptions, game: Any) -> Any:
    from paigow.analysis.tiles_odds import advise

    house = game.house_way

    def hint(hand: Any, banking: bool, options: list[Any]) -> list[str]:
        adv = advise(hand, house, banking, opts.commission.rate, game.rules)
        lines = []
        for odds in adv.settings:
            n = next((i for i, s in enumerate(options, 1) if s.same_way(odds.setting)), 0)
            lines.append((n, _hint_line(n, odds.ev, odds.win, odds.push, odds.lose, odds.best)))
        return [text for _, text in sorted(lines)]

    return hint


def _poker_hint(opts: TableOptions, game: Any) -> Any:
    from rich.progress import Progress

    from paigow.analysis.poker_odds import advise, cached_table
    from paigow.analysis.poker_ways import fast_way

    def hint(hand: Any, banking: bool, options: list[Any]) -> list[str]:
        cards = [c for s in options[:1] for c in (*s.high, *s.low)]
        if cached_table(fast_way("house", game.rules), game.rules, not banking) is None:
            console.print("hint: building the one-time table of the house way's settings "
                          "(about a minute; cached afterwards)")
        with Progress(transient=True, console=console) as bar:
            task = bar.add_task("house-way table", total=None)

            def step(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            adv = advise(cards, "house", banking, opts.commission.rate, game.rules,
                         on_progress=step)
        lines = []
        for odds in adv.settings:
            n = next((i for i, s in enumerate(options, 1) if s == odds.setting), 0)
            lines.append((n, _hint_line(n, odds.ev, odds.win, odds.push, odds.lose, odds.best)))
        fouls = len(options) - len(lines)
        tail = [f"    the other {fouls} settings foul"] if fouls else []
        return [text for _, text in sorted(lines)] + tail

    return hint


def _hint_line(n: int, ev: Any, win: int, push: int, lose: int, best: bool) -> str:
    total = win + push + lose
    mark = "  <- best" if best else ""
    return (f"{n:>2}) EV {float(ev):+.4f} per unit (win {win:,}, push {push:,}, "
            f"lose {lose:,} of {total:,}; exact {ev}){mark}")


@app.command("replay")
def replay_cmd(
    round_id: Annotated[int, argument(parser=Int("ROUND", 1, MAX_ID), metavar="ROUND", help="The round's id (see history).")],
    db: Annotated[str | None, db_option("read")] = None,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Replay a recorded round from its shuffle and dice, and audit it against the ledger.

    The round is dealt again, every recorded setting rebuilt and settled again; hands,
    results and ledger entries must be exactly the record's (else exit status 1).

    Example: paigow replay 1
    """
    from paigow.store import open_store
    from paigow.table.replay import audit_round


    def body() -> None:
        store = open_store(db, readonly=True)
        try:
            rep = audit_round(store, round_id)
        finally:
            store.close()
        if json:
            print_json(rep.to_json())
        else:
            _print_replay(rep)
        if not rep.exact:
            raise typer.Exit(code=1)

    run_command(body)


def _who(h: dict[str, Any]) -> str:
    """Whose hand a recorded hand is: the banker, a seat, or a seat's dragon hand."""
    if h["role"] == "banker":
        return "banker"
    return f"dragon ({h['seat']})" if h["role"] == "dragon" else f"seat {h['seat']}"


def _print_replay(rep: Replay) -> None:
    from paigow.table.money import format_money

    p = console.print
    d = rep.dice
    b = rep.banker
    who = "the house" if b["kind"] == "house" else f"seat {b['seat']} ({b['kind']})"
    p(f"round {rep.round_id} ({rep.game}, {rep.status}); banker {who} at place {b['place']}",
      highlight=False)
    direction = "counterclockwise from the banker" if rep.game == "tiles" else \
        "clockwise from the first place"
    p(f"dice {d[0]}+{d[1]}+{d[2]} = {sum(d)}, counted {direction}: place {rep.first_place} "
      "is dealt first", highlight=False)
    for place, hand in rep.dealt.items():
        p(f"  place {place}: {hand}", highlight=False)
    for h in rep.hands:
        who = _who(h)
        note = f" [{h['note']}]" if h.get("note") else ""
        p(f"  {who:<8} {h['high']} ({h['high_name']}) / {h['low']} ({h['low_name']}) "
          f"by {h['rule']}{note}", highlight=False)
    for r in rep.results:
        p(f"  seat {r['seat']}: high {r['high']}, low {r['low']} -> {r['outcome']}, "
          f"stake {format_money(r['stake'])}, net {format_money(r['net'])}", highlight=False)
        p(f"      {r['high_reason']}; {r['low_reason']}", highlight=False)
        if r.get("note"):
            p(f"      {r['outcome']}: {r['note']}", highlight=False)
    for line in round_extras({"push": rep.push, "dragon": rep.dragon, "side": rep.side}):
        p(f"  {line}", highlight=False)
    p(f"ledger entries: {len(rep.entries)}; house way check: {rep.house_way_check}",
      highlight=False)
    p(f"fair deal: {rep.fairness}", highlight=False)
    if rep.exact:
        p("replay: reproduced exactly", highlight=False)
    else:
        p("replay: DIFFERENCES", highlight=False)
        for diff in rep.differences:
            p(f"  {diff}", highlight=False)


@app.command("history")
def history(
    db: Annotated[str | None, db_option("read")] = None,
    session: Annotated[int | None, option("--session", parser=Int("--session", 1, MAX_ID), help="Only this session.")] = None,
    last: Annotated[int | None, option("--last", parser=Int("--last", 1, MAX_ID), help="Only the last N rounds (N >= 1).")] = None,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """The recorded rounds: hands, settings, outcomes and balances.

    Example: paigow history --last 3
    """
    from paigow.store import open_store
    from paigow.table.money import format_money


    def body() -> None:
        store = open_store(db, readonly=True)
        rounds = store.rounds(session)
        if last is not None:
            rounds = rounds[-last:]
        sessions = store.sessions()
        by_id = {s["session"]: s for s in sessions}
        for r in rounds:  # each round self-contained: `paigow verify --record` reads one
            r["game"] = by_id[r["session"]]["game"]
            r["rules"] = by_id[r["session"]]["rules"]
        if session is not None:
            sessions = [s for s in sessions if s["session"] == session]
        data: dict[str, Any] = {
            "db": store.path,
            "sessions": [
                {**s, "balances": store.balances(s["session"])} for s in sessions
            ],
            "rounds": rounds,
            "audit": store.audit(),
            "problems": store.check(),
        }
        store.close()
        if json:
            print_json(data)
            return
        p = console.print
        for s in data["sessions"]:
            bal = ", ".join(f"{k} {format_money(v)}" for k, v in sorted(s["balances"].items())
                            if k.startswith("seat:") or k == "house")
            p(f"session {s['session']} ({s['game']}, {s['created']}): {bal}", highlight=False)
        for r in rounds:
            b = r["banker"]
            who = "house" if b["kind"] == "house" else f"seat {b['seat']} ({b['kind']})"
            p(f"round {r['round']} (session {r['session']} #{r['number']}, {r['status']}): "
              f"banker {who}, dice {r['dice']}", highlight=False)
            if r.get("commitment"):
                seed = f", seed {r['seed']}" if r.get("seed") else " (seed not revealed)"
                p(f"  commitment {r['commitment']}{seed}", highlight=False)
            det = r["detail"]
            if det is None:
                bets = ", ".join(f"seat {k} {format_money(v)}" for k, v in r["bets"].items())
                p(f"  bets {bets} " + ("returned (voided)" if r["status"] == "void" else ""),
                  highlight=False)
                continue
            res = {x["seat"]: x for x in det["results"]}
            for h in det["hands"]:
                who = _who(h)
                line = (f"  {who:<8} {h['hand']:<22} {h['high']} ({h['high_name']}) / "
                        f"{h['low']} ({h['low_name']})")
                x = res.get(h["seat"]) if h["role"] == "player" else det.get("dragon") \
                    if h["role"] == "dragon" else None
                if x:
                    line += f"  {x['outcome']} {format_money(x['net'])}"
                p(line, highlight=False)
            for extra in round_extras(det):
                p(f"  {extra}", highlight=False)
            bal = ", ".join(f"{k} {format_money(v)}" for k, v in det["balances"].items())
            p(f"  balances: {bal}", highlight=False)
        for a in data["audit"]:
            p(f"audit: {a['at']} {a['action']} round {a['round']} by {a['actor']}: "
              f"{a['reason']}", highlight=False, markup=False, soft_wrap=True)
        if data["problems"]:
            p("ledger problems: " + "; ".join(data["problems"]), highlight=False)

    run_command(body)


@app.command("void")
def void_cmd(
    round_id: Annotated[int, argument(parser=Int("ROUND", 1, MAX_ID), metavar="ROUND", help="The stuck round's id (see history).")],
    reason: Annotated[str, option("--reason", parser=Token("--reason", allow_empty=False, max_length=500), help="Why (kept in the audit table).")],
    db: Annotated[str | None, db_option("read")] = None,
    force: Annotated[bool, typer.Option("--force", help="Void it even though its table still holds the session's lease.")] = False,
    json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Void a stuck open round: every bet returned, an audit entry kept.

    The operator's void: return every bet of a stuck open round and close it, leaving an
    audit entry (who, when, why). A round whose table still runs is refused unless
    --force (that table then finds its round void and cannot settle it).

    Example: paigow void 7 --reason "table hung"
    """
    import getpass
    import socket

    from paigow.store import open_store
    from paigow.table.money import format_money

    store = open_store(db, recover=False)
    try:
        try:
            user = getpass.getuser()
        except (KeyError, OSError):
            user = f"uid {os.getuid()}"
        entry = store.void_stuck(round_id, reason, f"{user}@{socket.gethostname()} (paigow void)",
                                 force)
        rnd = store.round(round_id)
        balances = store.balances(rnd["session"])
    finally:
        store.close()
    if json:
        print_json({"round": round_id, "status": rnd["status"], "audit": entry,
                    "returned": rnd["bets"], "balances": balances})
        return
    bets = ", ".join(f"seat {k} {format_money(v)}" for k, v in rnd["bets"].items()) or "none"
    console.print(f"round {round_id} voided; bets returned: {bets}", highlight=False,
                  markup=False, soft_wrap=True)
    console.print(f"audit {entry['id']}: {entry['at']} by {entry['actor']}: {entry['reason']}",
                  highlight=False, markup=False, soft_wrap=True)


if __name__ == "__main__":  # pragma: no cover
    app()
