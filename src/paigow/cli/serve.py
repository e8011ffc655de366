"""``paigow serve``: one table in the browser (several people at one table, bots elsewhere).

Register on the main app with ``app.command("serve")(serve)``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from paigow.cli.common import console, run_command
from paigow.errors import PaigowError
from paigow.settle import Commission, parse_rate
from paigow.table.money import parse_major
from paigow.table.session import TableOptions

DB_HELP = ("The ledger: a SQLite file (or sqlite:///PATH), or postgresql://USER@HOST/DBNAME; "
           "default: a SQLite file in the user data dir.")


def serve(
    game: Annotated[str, typer.Option("--game", help="tiles or poker")] = "tiles",
    seats: Annotated[int, typer.Option("--seats", help="Seats at the table (people and bots).")] = 4,
    bankroll: Annotated[str, typer.Option("--bankroll", help="Chips per seat, in dollars.")] = "1000",
    bet: Annotated[str, typer.Option("--bet", help="The bots' bet (and the suggested bet), dollars.")] = "10",
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Make the session reproducible.")] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    commission: Annotated[str, typer.Option("--commission", help="Rate on wins: 5%, 0.05, 0.")] = "5%",
    flat_fee: Annotated[str, typer.Option("--flat-fee", help="Fee per hand played, dollars.")] = "0",
    bot_bank: Annotated[str, typer.Option("--bot-bank", help="Bots and the bank: take, cobank, refuse, mixed.")] = "mixed",
    idle_seconds: Annotated[float, typer.Option("--idle-seconds", help="How long to wait for a person before acting for them (sit out, refuse the bank, set the house way); 0 waits forever.")] = 120.0,
) -> None:
    """Serve one table to browsers: people join seats at http://HOST:PORT/, bots play the rest."""

    def body() -> None:
        try:
            import uvicorn

            from paigow.web.app import create_app
            from paigow.web.host import TableHost
        except ImportError as exc:
            raise PaigowError(f"the web table needs fastapi, uvicorn and jinja2 ({exc})") from None
        g = game.strip().lower()
        way = "australian" if g == "tiles" else "house"
        opts = TableOptions(
            game=g, seats=seats, bankroll=parse_major(bankroll), bet=parse_major(bet),
            commission=Commission(rate=parse_rate(commission), flat_fee=parse_major(flat_fee)),
            house_way=way, bot_ways=(way,), bot_bank=bot_bank.strip().lower(), seed=seed,
        )
        if not 1 <= port <= 65535:
            raise PaigowError(f"--port {port} must be from 1 to 65535")
        if idle_seconds < 0:
            raise PaigowError(f"--idle-seconds {idle_seconds} must not be negative")
        table = TableHost(opts, db, idle_seconds=idle_seconds or None)
        table.start()
        console.print(f"paigow: a {g} table of {seats} seats at http://{host}:{port}/ "
                      f"(ledger {table.store_path}, session {table.session_id})", highlight=False)
        try:
            uvicorn.run(create_app(table), host=host, port=port, log_level="warning")
        finally:
            table.close()

    run_command(body)


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command("serve")(serve)

if __name__ == "__main__":  # pragma: no cover
    app()
