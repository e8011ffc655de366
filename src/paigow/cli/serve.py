"""``paigow serve``: the browser lobby and its tables (people at some seats, bots elsewhere).

Register on the main app with ``app.command("serve")(serve)``.
"""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from paigow.cli.common import console, err_console, run_command
from paigow.errors import PaigowError
from paigow.settle import Commission, parse_rate
from paigow.table.money import parse_major
from paigow.table.session import TableOptions

DB_HELP = ("The ledger: a SQLite file (or sqlite:///PATH), or postgresql://USER@HOST/DBNAME; "
           "default: a SQLite file in the user data dir.")
GAMES = {"both": ("tiles", "poker"), "tiles": ("tiles",), "poker": ("poker",)}


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or a clear error (taken port, bad host)
    before anything else happens."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise PaigowError(f"cannot listen on host {host!r}: {exc}") from None
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise PaigowError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.setblocking(False)
    return sock


def serve(
    game: Annotated[str, typer.Option("--game", help="Tables to open at start: both (one of each), tiles or poker.")] = "both",
    seats: Annotated[int, typer.Option("--seats", help="Seats at each table (people and bots).")] = 4,
    bankroll: Annotated[str, typer.Option("--bankroll", help="Chips per seat, in dollars.")] = "1000",
    bet: Annotated[str, typer.Option("--bet", help="The bots' bet (and the suggested bet), dollars.")] = "10",
    min_bet: Annotated[str, typer.Option("--min-bet", help="The table minimum, dollars.")] = "1",
    max_bet: Annotated[str | None, typer.Option("--max-bet", help="The table maximum, dollars (default: none).")] = None,
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Deal from a seed (replays and tests only: with --insecure-seed).")] = None,
    insecure_seed: Annotated[bool, typer.Option("--insecure-seed", help="Allow --seed at tables people join: anyone who learns the seed knows every deck.")] = False,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    allow_host: Annotated[list[str] | None, typer.Option("--allow-host", help="A host name browsers use to reach this server (besides IP addresses and localhost); repeat for several.")] = None,
    commission: Annotated[str, typer.Option("--commission", help="Rate on wins: 5%, 0.05, 0.")] = "5%",
    flat_fee: Annotated[str, typer.Option("--flat-fee", help="Fee per hand played, dollars.")] = "0",
    bot_bank: Annotated[str, typer.Option("--bot-bank", help="Bots and the bank: take, cobank, refuse, mixed.")] = "mixed",
    idle_seconds: Annotated[float, typer.Option("--idle-seconds", help="How long to wait for a person before acting for them (sit out, refuse the bank, set the house way); 0 waits forever.")] = 120.0,
    gone_seconds: Annotated[float, typer.Option("--gone-seconds", help="A person with no page open this long loses the seat to its bot.")] = 90.0,
    seats_per_client: Annotated[int, typer.Option("--seats-per-client", help="Seats one address may hold at a table.")] = 3,
) -> None:
    """Serve the lobby at http://HOST:PORT/: people open tables, join seats, watch; bots
    play the empty seats."""

    def body() -> None:
        import math

        try:
            import uvicorn

            from paigow.web.app import create_app
            from paigow.web.host import HostLimits
            from paigow.web.lobby import DEFAULT_WAYS, Lobby
        except ImportError as exc:
            raise PaigowError(f"the web table needs fastapi, uvicorn and jinja2 ({exc})") from None
        which = game.strip().lower()
        if which not in GAMES:
            raise PaigowError(f"--game {game!r}: choose both, tiles or poker")
        if not 1 <= port <= 65535:
            raise PaigowError(f"--port {port} must be from 1 to 65535")
        for name, value in (("--idle-seconds", idle_seconds), ("--gone-seconds", gone_seconds)):
            if not math.isfinite(value) or value < 0:
                raise PaigowError(f"{name} {value} must be a finite number of seconds, not negative")
        if gone_seconds == 0:
            raise PaigowError("--gone-seconds 0 would free every seat at once: give a positive time")
        if seed is not None and not insecure_seed:
            raise PaigowError("--seed makes every deck predictable to anyone who learns the seed: "
                              "add --insecure-seed to allow it (replays and tests only)")
        limits = HostLimits(idle_seconds or None, gone_seconds, seats_per_client)
        max_cents = parse_major(max_bet) if max_bet is not None else None
        base = dict(seats=seats, bankroll=parse_major(bankroll), bet=parse_major(bet),
                    commission=Commission(rate=parse_rate(commission), flat_fee=parse_major(flat_fee)),
                    bot_bank=bot_bank.strip().lower(), seed=seed,
                    min_bet=parse_major(min_bet), max_bet=max_cents)
        options = [TableOptions(game=g, house_way=DEFAULT_WAYS[g], bot_ways=(DEFAULT_WAYS[g],),
                                **base)  # type: ignore[arg-type]
                   for g in GAMES[which]]
        sock = bind_socket(host, port)  # before anything is written to the ledger
        lobby = Lobby(db, limits)
        try:
            for opts in options:
                lobby.open(opts)
            app = create_app(lobby, frozenset(allow_host or ()))
            if seed is not None:
                err_console.print("[bold yellow]warning:[/] --seed: every deck at these tables "
                                  "can be foreseen by anyone who learns the seed", highlight=False)
            shown = f"[{host}]" if ":" in host else host
            console.print(f"paigow: the lobby at http://{shown}:{port}/ "
                          f"({', '.join(GAMES[which])} table{'s' if which == 'both' else ''} open)",
                          highlight=False)
            config = uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="off")
            uvicorn.Server(config).run(sockets=[sock])
        finally:
            lobby.close()
            sock.close()

    run_command(body)


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command("serve")(serve)

if __name__ == "__main__":  # pragma: no cover
    app()
