"""``paigow serve``: the browser lobby and its tables (people at some seats, bots elsewhere).

Register on the main app with ``app.command("serve")(serve)``.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from paigow.cli.common import (
    INSECURE_SEED_OPTION,
    Amount,
    Choice,
    Float,
    Int,
    Rate,
    Token,
    bind_socket,
    console,
    db_option,
    err_console,
    new_app,
    option,
    print_json_line,
    run_command,
    seed_option,
)
from paigow.cli.table import (
    CommissionFreeArg,
    DragonArg,
    DragonLimitArg,
    EzArg,
    FloorArgs,
    HouseBanksArg,
    PushArg,
    SideBetArg,
    SideMaxArg,
    SideMinArg,
    floor_options,
)
from paigow.errors import PaigowError
from paigow.settle import Commission, parse_rate

GAMES = {"both": ("tiles", "poker"), "tiles": ("tiles",), "poker": ("poker",)}


def serve(
    game: Annotated[str, option("--game", parser=Choice("--game", "both", "tiles", "poker"), help="Tables open at start: both (one of each), tiles or poker.")] = "both",
    seats: Annotated[int, option("--seats", parser=Int("--seats", 1, 7), help="Seats at each table (people and bots); poker seats at most 6.")] = 4,
    bankroll: Annotated[str, option("--bankroll", parser=Amount("--bankroll"), help="Chips per seat, in dollars.")] = "1000",
    bet: Annotated[str, option("--bet", parser=Amount("--bet"), help="The bots' bet (and the suggested bet), dollars.")] = "10",
    min_bet: Annotated[str, option("--min-bet", parser=Amount("--min-bet"), help="The table minimum, dollars.")] = "1",
    max_bet: Annotated[str | None, option("--max-bet", parser=Amount("--max-bet"), help="The table maximum, dollars (default: none).")] = None,
    db: Annotated[str | None, db_option("write")] = None,
    seed: Annotated[int | None, seed_option("Deal every table and the trainer from this seed, for replays and tests (0 to 2**63-1; taken only with the flag below).")] = None,
    insecure_seed: Annotated[bool, INSECURE_SEED_OPTION] = False,
    host: Annotated[str, option("--host", parser=Token("--host", allow_empty=False, max_length=253), help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, option("--port", parser=Int("--port", 0, 65535), help="Port to listen on (0: any free port, told at start).")] = 8000,
    allow_host: Annotated[list[str] | None, option("--allow-host", parser=Token("--allow-host", allow_empty=False, max_length=253, metavar="HOST"), help="A host name browsers use to reach this server (besides IP addresses and localhost); repeat for several.")] = None,
    commission: Annotated[str | None, option("--commission", parser=Rate("--commission"), help="Rate on wins: 5%, 0.05, 0 (default 5%; --ez: 0).")] = None,
    flat_fee: Annotated[str, option("--flat-fee", parser=Amount("--flat-fee"), help="Fee per hand played, dollars.")] = "0",
    bot_bank: Annotated[str, option("--bot-bank", parser=Choice("--bot-bank", "take", "cobank", "refuse", "mixed"), help="Bots and the bank: take, cobank, refuse, mixed.")] = "mixed",
    idle_seconds: Annotated[float, option("--idle-seconds", parser=Float("--idle-seconds", 0, 7 * 86400), help="Each phase's deadline (betting, the bank offer, setting), one for everyone: then the table acts for whoever has not answered (sit out, refuse the bank, the house way); 0 waits forever.")] = 60.0,
    sit_out_after: Annotated[int, option("--sit-out-after", parser=Int("--sit-out-after", 0, 1000), help="Rounds in a row the table may act for a person before it sits them out (seat and chips kept, a Back button); 0: never.")] = 2,
    gone_seconds: Annotated[float, option("--gone-seconds", parser=Float("--gone-seconds", 1, 7 * 86400), help="A person with no page open this long leaves the seat: chips back to their wallet, the seat offered back when they return.")] = 90.0,
    table_idle_minutes: Annotated[float, option("--table-idle-minutes", parser=Float("--table-idle-minutes", 0, 7 * 24 * 60), help="A table people opened closes once nobody has sat at it this long (its place free for another); 0: never. The command line's tables never close.")] = 30.0,
    wallet: Annotated[str, option("--wallet", parser=Amount("--wallet"), help="Play money in a new person's wallet, dollars (and a reload when it runs out).")] = "2000",
    seats_per_client: Annotated[int, option("--seats-per-client", parser=Int("--seats-per-client", 1, 7), help="Seats one address may hold at a table.")] = 3,
    ez: EzArg = False,
    commission_free: CommissionFreeArg = False,
    house_banks: HouseBanksArg = False,
    push: PushArg = None,
    side_bet: SideBetArg = None,
    side_min: SideMinArg = "1",
    side_max: SideMaxArg = "100",
    dragon: DragonArg = "off",
    dragon_limit: DragonLimitArg = "up-to-main",
    behind_proxy: Annotated[bool, typer.Option("--behind-proxy", help="A proxy on this machine is in front (paigow proxy, nginx): believe the client address it sends (X-Forwarded-For, from 127.0.0.1 or ::1 only). Without it the header is ignored, so no client can name its own address.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the start-up line as JSON (the address, the tables open); the server then runs as usual.")] = False,
    slot: Annotated[int | None, option("--slot", parser=Int("--slot", 1, 99), help="Join a card room of many processes on one PostgreSQL --db, in this slot (1-99, one per process): every lobby lists every table, `paigow proxy` routes to each (docs/web.md).")] = None,
) -> None:
    """Serve the lobby at http://HOST:PORT/: people open tables, join seats or watch; bots
    play the empty seats.

    Example: paigow serve --seats 6 --min-bet 5 --max-bet 500
    """
    from paigow.table.money import parse_major
    from paigow.table.session import TableOptions, prepare


    def body() -> None:
        from paigow.extras import require

        require("web", "paigow serve")  # before anything is read or written
        import uvicorn

        from paigow.table.chance import live_table_chance
        from paigow.web.app import create_app
        from paigow.web.host import HostLimits
        from paigow.web.lobby import DEFAULT_WAYS, Lobby
        from paigow.web.server import server_config
        from paigow.web.trainer import TrainerHub

        _chance, warning = live_table_chance(seed, insecure_seed)  # refuses a bare --seed
        limits = HostLimits(idle_seconds or None, gone_seconds, seats_per_client, sit_out_after)
        grant = parse_major(wallet)
        floor = FloorArgs(ez, push, tuple(side_bet or ()), side_min, side_max, dragon,
                          dragon_limit, commission_free=commission_free)
        floor_given = floor != FloorArgs(side_min=side_min, side_max=side_max)
        if floor_given and game == "tiles":
            raise PaigowError("--ez, --commission-free, --push, --side-bet and --dragon are "
                              "for Pai Gow Poker: serve --game poker or both")
        poker_rate, poker_floor = floor_options(floor, commission)
        base = dict(bankroll=parse_major(bankroll), bet=parse_major(bet),
                    bot_bank=bot_bank, seed=seed, min_bet=parse_major(min_bet),
                    max_bet=None if max_bet is None else parse_major(max_bet))
        if house_banks:  # every table the server opens: the house banks every round
            base["player_bank"] = False
        fee = parse_major(flat_fee)
        options = [TableOptions(
            game=g, house_way=DEFAULT_WAYS[g], bot_ways=(DEFAULT_WAYS[g],),
            seats=min(seats, 6) if g == "poker" else seats,
            commission=Commission(rate=parse_rate((poker_rate if g == "poker" else commission)
                                                  or "5%"), flat_fee=fee),
            **{**base, **(poker_floor if g == "poker" else {})})
            for g in GAMES[game]]
        # every table made (ways, variants, pay tables, limits) before anything is written
        prepared = [prepare(opts) for opts in options]
        from paigow.store import is_server_url

        if slot is not None and not (db and is_server_url(db)):
            raise PaigowError("--slot joins a card room on a PostgreSQL ledger: give "
                              "--db postgresql://…")
        sock = bind_socket(host, port)  # then the address, before anything is written
        sock.listen(2048)  # from here a connection waits for the server (the start-up line)
        lobby = Lobby(db, limits, wallet_grant=grant,
                      table_idle_seconds=table_idle_minutes * 60 or None)
        room = None
        try:
            if slot is not None:
                room = lobby.enter_room(str(db), slot, f"{host}:{port}")
            # the command line's tables, and every table people opened that the ledger
            # keeps (the same ids, names and rules as before a restart)
            lobby.start(list(zip(options, prepared, strict=True)))
            app = create_app(lobby, frozenset(allow_host or ()),
                             TrainerHub(lobby.db, seed))  # seed: only with --insecure-seed
            if warning:
                err_console.print(warning, highlight=False, style="bold yellow")
            shown = f"[{host}]" if ":" in host else host
            real_port = sock.getsockname()[1]  # --port 0: the one the system chose
            url = f"http://{shown}:{real_port}/"
            if json:
                print_json_line({"url": url, "host": host, "port": real_port,
                                 "games": list(GAMES[game]), "slot": slot,
                                 "pid": os.getpid()})
            else:
                console.print(f"paigow: the lobby at {url} ({' and '.join(GAMES[game])} "
                              f"table{'s' if game == 'both' else ''} open)", highlight=False)
            config = server_config(app, behind_proxy=behind_proxy)
            _stop_on_term()
            from paigow.web.heap import settle

            settle()  # start-up's objects out of the collector's walks (the tail latency)
            uvicorn.Server(config).run(sockets=[sock])
        finally:
            lobby.close()
            if room is not None:
                room.leave()
            sock.close()

    run_command(body)


def _stop_on_term() -> None:
    """SIGTERM (a service manager's stop) stops the server as Ctrl-C does. uvicorn shuts
    down on either and then raises the signal it caught again; SIGTERM's default action
    would end the process there, before the lobby closes. With this handler it raises
    instead, so the lobby still closes: every round in play voided, every person cashed
    out to their wallet (the ledger's recovery is then not needed on the next start)."""
    import signal
    import threading

    def term(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, term)


app = new_app()
app.command("serve")(serve)

if __name__ == "__main__":  # pragma: no cover
    app()
