"""The browser table's HTTP side: a page, a small JSON API, and the history.

Every person holds a secret seat token, set as the ``paigow_token`` cookie when they join
(an ``X-Paigow-Token`` header works too, for scripts). The page polls ``GET /api/state``
about once a second and posts the person's answers:

========================================  ==============================================
``POST /api/join`` ``{"name": ...}``      a seat and its token (the cookie)
``POST /api/leave``                       the seat goes back to its bot
``POST /api/seats/N/bet``                 ``{"amount": "12.50"}`` (dollars) or ``{"sit": true}``
``POST /api/seats/N/bank``                ``{"decision": "take" | "cobank" | "refuse"}``
``POST /api/seats/N/set``                 ``{"index": k}``, ``{"high": ..., "low": ...}``
                                          or ``{"house": true}``
``GET /api/seats/N/hint``                 exact win/push/lose and EV of every setting
``GET /api/history``                      the session's settled rounds
========================================  ==============================================

A refused request answers 4xx with ``{"error": message}`` naming the bad input, and
changes nothing. Money is integer cents in the API; the page shows dollars.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from paigow.errors import PaigowError
from paigow.table.money import format_money, parse_major
from paigow.web.host import TableHost, WebError, round_json

HERE = Path(__file__).parent
COOKIE = "paigow_token"
HEADER = "x-paigow-token"


def _token(request: Request) -> str | None:
    return request.headers.get(HEADER) or request.cookies.get(COOKIE)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        raise WebError(400, "the request body must be a JSON object") from None
    if not isinstance(data, dict):
        raise WebError(400, f"the request body must be a JSON object, not {data!r}")
    return data


def _amount(data: dict[str, Any]) -> int | None:
    if data.get("sit") is True:
        return None
    if "amount" not in data:
        raise WebError(400, "give a bet as {\"amount\": \"10.00\"} (dollars) or {\"sit\": true}")
    raw = data["amount"]
    if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
        raise WebError(400, f"bad amount {raw!r}: give a number of dollars, e.g. 10 or 12.50")
    try:
        cents = parse_major(raw if isinstance(raw, (str, int)) else repr(raw))
    except PaigowError as exc:
        raise WebError(400, str(exc)) from None
    if cents <= 0:
        raise WebError(400, f"a bet of {format_money(cents)} must be more than zero")
    return cents


def create_app(host: TableHost) -> FastAPI:
    """The web app serving ``host`` (started and closed by the caller)."""
    app = FastAPI(title="paigow table", docs_url=None, redoc_url=None, openapi_url=None)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Response:
        return _error(exc.status, exc.message)

    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> Response:
        return templates.TemplateResponse(
            request, "index.html", {"game": host.opts.game, "seats": host.opts.seats})

    @app.get("/history", response_class=HTMLResponse)
    async def history_page(request: Request) -> Response:
        return templates.TemplateResponse(
            request, "history.html",
            {"game": host.opts.game, "rounds": _history(host), "money": format_money,
             "session": host.session_id, "db": host.store_path})

    @app.get("/api/state")
    def state(request: Request) -> dict[str, Any]:
        return host.state(_token(request))

    @app.get("/api/history")
    def history(request: Request) -> dict[str, Any]:
        return {"session": host.session_id, "db": host.store_path, "rounds": _history(host)}

    @app.post("/api/join")
    async def join(request: Request) -> Response:
        data = await _body(request)
        seat, token = host.join(str(data.get("name", "")), _token(request))
        resp = JSONResponse({"seat": seat, "token": token})
        resp.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return resp

    @app.post("/api/leave")
    def leave(request: Request) -> Response:
        seat = host.leave(_token(request))
        resp = JSONResponse({"left": seat})
        resp.delete_cookie(COOKIE)
        return resp

    @app.post("/api/seats/{seat}/bet")
    async def bet(seat: int, request: Request) -> dict[str, Any]:
        data = await _body(request)
        host.check_seat(_token(request), seat)  # whose seat first, then the amount
        amount = _amount(data)
        host.place_bet(_token(request), seat, amount)
        return {"seat": seat, "bet": amount}

    @app.post("/api/seats/{seat}/bank")
    async def bank(seat: int, request: Request) -> dict[str, Any]:
        data = await _body(request)
        decision = data.get("decision")
        host.answer_bank(_token(request), seat, str(decision))
        return {"seat": seat, "decision": decision}

    @app.post("/api/seats/{seat}/set")
    async def set_hand(seat: int, request: Request) -> dict[str, Any]:
        data = await _body(request)
        if data.get("house") is True:
            host.set_hand(_token(request), seat, house=True)
        elif "index" in data:
            host.set_hand(_token(request), seat, index=data["index"])
        else:
            high, low = data.get("high"), data.get("low")
            host.set_hand(_token(request), seat,
                          high=None if high is None else str(high),
                          low=None if low is None else str(low))
        return {"seat": seat, "set": True}

    @app.get("/api/seats/{seat}/hint")
    def hint(seat: int, request: Request) -> dict[str, Any]:
        return host.hint(_token(request), seat)

    return app


def _history(host: TableHost) -> list[dict[str, Any]]:
    with host.cv:
        return [round_json(r, host.seats) for r in host.history]
