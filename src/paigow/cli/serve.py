"""``paigow serve``: one table in the browser (several people at one table, bots elsewhere).

Register on the main app with ``app.command("serve")(serve)``.
"""

from __future__ import annotations

from typing import Annotated

from paigow.cli.common import (
    Amount,
    Choice,
    Float,
    Int,
    Rate,
    Token,
    console,
    db_option,
    new_app,
    option,
    run_command,
    seed_option,
)
from paigow.errors import PaigowError
from paigow.settle import Commission, parse_rate
from paigow.table.money import parse_major
from paigow.table.session import TableOptions


def serve(
    game: Annotated[str, option("--game", parser=Choice("--game", "tiles", "poker"), help="tiles or poker")] = "tiles",
    seats: Annotated[int, option("--seats", parser=Int("--seats", 1, 7), help="Seats at the table (people and bots).")] = 4,
    bankroll: Annotated[str, option("--bankroll", parser=Amount("--bankroll"), help="Chips per seat, in dollars.")] = "1000",
    bet: Annotated[str, option("--bet", parser=Amount("--bet"), help="The bots' bet (and the suggested bet), dollars.")] = "10",
    db: Annotated[str | None, db_option("write")] = None,
    seed: Annotated[int | None, seed_option()] = None,
    host: Annotated[str, option("--host", parser=Token("--host", allow_empty=False, max_length=253), help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, option("--port", parser=Int("--port", 1, 65535), help="Port to listen on.")] = 8000,
    commission: Annotated[str, option("--commission", parser=Rate("--commission"), help="Rate on wins: 5%, 0.05, 0.")] = "5%",
    flat_fee: Annotated[str, option("--flat-fee", parser=Amount("--flat-fee"), help="Fee per hand played, dollars.")] = "0",
    bot_bank: Annotated[str, option("--bot-bank", parser=Choice("--bot-bank", "take", "cobank", "refuse", "mixed"), help="Bots and the bank: take, cobank, refuse, mixed.")] = "mixed",
    idle_seconds: Annotated[float, option("--idle-seconds", parser=Float("--idle-seconds", 0, 7 * 86400), help="How long to wait for a person before acting for them (sit out, refuse the bank, set the house way); 0 waits forever.")] = 120.0,
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


app = new_app()
app.command("serve")(serve)

if __name__ == "__main__":  # pragma: no cover
    app()
