"""The browser table's HTTP and WebSocket side: the lobby, the tables, the history.

Pages (HTML; the page scripts are plain JS modules under ``static/js``):

==========================================  ==============================================
``GET /``                                   the lobby: every table, and "open a table"
``GET /tables/{id}``                        a table: watch it, or join and play
``GET /tables/{id}/history``                the session's settled rounds (seated people)
``GET /tables/{id}/rounds/{round}``         one settled round, replayed and audited
==========================================  ==============================================

API (JSON; amounts in integer cents, typed by people as dollars):

==========================================  ==============================================
``GET /api/tables``                         every table: id, game, rules, seats taken
``POST /api/tables``                        open a table with its rules
``GET /api/options``                        what a new table may choose (ways, variants)
``GET /api/tables/{id}/state``              what the caller may see (see ``view.py``)
``POST /api/tables/{id}/join``              ``{"name": ...}``: a seat and its token
``POST /api/tables/{id}/leave``             the seat goes back to its bot
``POST /api/tables/{id}/bet``               ``{"amount": "12.50"}`` or ``{"sit": true}``
``POST /api/tables/{id}/bank``              ``{"decision": "take"|"cobank"|"refuse"}``
``POST /api/tables/{id}/set``               ``{"low": [i, j]}``, ``{"high_text", "low_text"}``
                                            or ``{"house": true}``; ``"foul_ok": true``
``POST /api/tables/{id}/hint``              exact odds of every distinct setting
``GET /api/tables/{id}/history?page=N``     settled rounds, newest first (seated only)
``GET /api/tables/{id}/rounds/{round}``     one round's story and its audit (seated only)
``WS /ws/tables/{id}``                      the caller's view, pushed on every change
==========================================  ==============================================

A person's token is the ``paigow_t{id}`` cookie (http-only, SameSite strict) or the
``X-Paigow-Token`` header. Every refusal answers 4xx ``{"error": message}`` naming the bad
input, and changes nothing. :class:`~paigow.web.security.Guard` checks size, Host and
Origin in front of everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from paigow.errors import PaigowError
from paigow.table.session import TableOptions
from paigow.web import schemas
from paigow.web.host import TableHost
from paigow.web.lobby import DEFAULT_WAYS, Lobby, house_ways, options_from_request
from paigow.web.push import Broadcast
from paigow.web.schemas import WebError
from paigow.web.security import Guard
from paigow.web.trainer import TrainerHub
from paigow.web.view import person_view, public_record, round_story

HERE = Path(__file__).parent
HEADER = "x-paigow-token"
HISTORY_PAGE = 20
WS_PING_SECONDS = 25.0


def cookie_name(table_id: str) -> str:
    """The cookie holding a person's token at table ``table_id``."""
    return f"paigow_t{table_id}"


def _token(request: Request | WebSocket, table_id: str) -> str | None:
    return request.headers.get(HEADER) or request.cookies.get(cookie_name(table_id))


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "unknown"


async def _read(request: Request, schema: schemas.Schema) -> dict[str, Any]:
    return schemas.parse_body(await request.body(), schema)


def _seated(host: TableHost, token: str | None) -> None:
    """Refuse unless ``token`` holds a seat at ``host`` (history is for its players)."""
    if not token:
        raise WebError(401, "the history is for the people at this table: join it first")
    if host.person(token) is None:
        raise WebError(401, "unknown or expired seat token: join the table again")


TRAINER_COOKIE = "paigow_trainer"


def _side_bet_titles() -> dict[str, str]:
    """Every shipped pay table a new poker table may offer as a side bet, with its title."""
    from paigow.poker.sidebet import load_paytable, shipped_paytables

    return {n: load_paytable(n).name for n in shipped_paytables()}


def create_app(lobby: Lobby, allowed_hosts: frozenset[str] = frozenset(),
               trainer: TrainerHub | None = None) -> Any:
    """The web app serving ``lobby``'s tables (opened and closed by the caller), wrapped
    in the :class:`Guard`. ``allowed_hosts``: host names besides IP addresses and
    ``localhost`` that this server answers to."""
    app = FastAPI(title="paigow", docs_url=None, redoc_url=None, openapi_url=None)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.state.lobby = lobby
    hub = trainer if trainer is not None else TrainerHub(lobby.db)
    app.state.trainer = hub

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Response:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(PaigowError)
    async def paigow_error(request: Request, exc: PaigowError) -> Response:
        return JSONResponse({"error": str(exc)}, status_code=400)

    def page(request: Request, name: str, **context: Any) -> Response:
        resp = templates.TemplateResponse(request, name, context)
        resp.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self'; "
            "script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        return resp

    # -- pages --------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby_page(request: Request) -> Response:
        return page(request, "lobby.html", title="paigow: the tables")

    @app.get("/tables/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> Response:
        host = lobby.get(table_id)
        return page(request, "table.html", title=host.name, table_id=host.id,
                    game=host.opts.game)

    @app.get("/tables/{table_id}/history", response_class=HTMLResponse)
    async def history_page(request: Request, table_id: str) -> Response:
        host = lobby.get(table_id)
        return page(request, "history.html", title=f"{host.name}: history",
                    table_id=host.id, game=host.opts.game)

    @app.get("/tables/{table_id}/rounds/{round_id}", response_class=HTMLResponse)
    async def round_page(request: Request, table_id: str, round_id: int) -> Response:
        host = lobby.get(table_id)
        return page(request, "round.html", title=f"{host.name}: round {round_id}",
                    table_id=host.id, game=host.opts.game, round_id=round_id)

    @app.get("/trainer", response_class=HTMLResponse)
    async def trainer_page(request: Request) -> Response:
        return page(request, "trainer.html", title="paigow: the trainer")

    # -- the trainer ---------------------------------------------------------------------
    def _practice(request: Request) -> Any:
        return hub.get(request.headers.get(HEADER) or request.cookies.get(TRAINER_COOKIE))

    @app.post("/api/trainer/start")
    async def trainer_start(request: Request) -> Response:
        data = await _read(request, schemas.TRAINER_START)
        game = data["game"].strip().lower()
        if game not in ("tiles", "poker"):
            raise WebError(400, f"unknown game {data['game']!r}: choose tiles or poker")
        drill = data["drill"].strip().lower()
        if drill not in ("player", "dealer"):
            raise WebError(400, f"unknown drill {data['drill']!r}: choose player or dealer")
        way = str(data.get("way") or DEFAULT_WAYS[game]).strip().lower()
        if way not in house_ways(game):
            raise WebError(400, f"unknown {game} house way {way!r}: choose one of "
                                + ", ".join(house_ways(game)))
        name = schemas.name_field(data) if str(data.get("name", "")).strip() else ""
        settings = {"game": game, "drill": drill, "way": way, "name": name,
                    "banking": data.get("banking", drill == "dealer")}
        old = request.cookies.get(TRAINER_COOKIE)
        p = await run_in_threadpool(hub.start, _client(request), settings, old)
        resp = JSONResponse(p.view())
        resp.set_cookie(TRAINER_COOKIE, p.token, httponly=True, samesite="strict")
        return resp

    @app.get("/api/trainer/state")
    def trainer_state(request: Request) -> dict[str, Any]:
        try:
            return dict(_practice(request).view())
        except WebError:
            return {"phase": "none"}

    @app.post("/api/trainer/grade")
    async def trainer_grade(request: Request) -> Response:
        data = await _read(request, schemas.TRAINER_GRADE)
        p = _practice(request)
        size = 4 if p.settings["game"] == "tiles" else 7
        low = schemas.positions_field(data, "low", size, 2)
        from paigow.web.view import arrangement_of

        if p.pieces and data.get("foul_ok") is not True:
            _s, foul, names = arrangement_of(p.game, p.pieces, low)
            if foul:
                raise WebError(409, f"{names} fouls: confirm it to have it graded as a foul")
        hub.grade(p, low)
        return JSONResponse({"status": "grading"}, status_code=202)

    @app.post("/api/trainer/next")
    async def trainer_next(request: Request) -> dict[str, Any]:
        await _read(request, schemas.EMPTY)
        hub.next(_practice(request))
        return {"status": "dealing"}

    @app.get("/api/trainer/options")
    async def trainer_options() -> dict[str, Any]:
        return {"games": ["tiles", "poker"], "drills": ["player", "dealer"],
                "house_ways": {g: house_ways(g) for g in ("tiles", "poker")}}

    # -- the lobby -----------------------------------------------------------------------
    @app.get("/api/tables")
    async def tables() -> dict[str, Any]:
        return {"tables": lobby.listing()}

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {
            "games": ["tiles", "poker"],
            "house_ways": {g: house_ways(g) for g in ("tiles", "poker")},
            "variants": {
                "tiles": {"gee_joon_tiebreak": ["ranked", "no_value"]},
                "poker": {"joker": ["bug", "wild"], "wheel": ["second", "lowest"],
                          "foul": ["house", "forfeit"], "push": ["none", "pai-gow:Q"],
                          "dragon": ["off", "house", "player"],
                          "dragon_limit": ["up-to-main", "equal-main", "any"]},
            },
            "side_bets": _side_bet_titles(),
            "seats": {"tiles": 7, "poker": 6},
        }

    @app.post("/api/tables")
    async def open_table(request: Request) -> Response:
        data = await _read(request, schemas.NEW_TABLE)
        defaults = next(iter(lobby.tables.values())).opts if lobby.tables else TableOptions()
        opts, name = options_from_request(data, defaults)
        host = await run_in_threadpool(lobby.open, opts, name, _client(request))
        from paigow.web.view import table_summary

        with host.cv:
            summary = table_summary(host)
        return JSONResponse(summary, status_code=201)

    # -- a table -------------------------------------------------------------------------
    @app.get("/api/tables/{table_id}/state")
    def state(request: Request, table_id: str) -> dict[str, Any]:
        host = lobby.get(table_id)
        token = _token(request, table_id)
        host.seen(token)
        return person_view(host, token)

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str) -> Response:
        host = lobby.get(table_id)
        data = await _read(request, schemas.JOIN)
        name = schemas.name_field(data)
        seat, token = host.join(name, _client(request), _token(request, table_id))
        resp = JSONResponse({"seat": seat, "token": token})
        resp.set_cookie(cookie_name(table_id), token, httponly=True, samesite="strict")
        return resp

    @app.post("/api/tables/{table_id}/leave")
    async def leave(request: Request, table_id: str) -> Response:
        host = lobby.get(table_id)
        await _read(request, schemas.EMPTY)
        seat = host.leave(_token(request, table_id))
        resp = JSONResponse({"left": seat})
        resp.delete_cookie(cookie_name(table_id))
        return resp

    def _seat(host: TableHost, token: str | None) -> int:
        p = host.person(token)
        if p is None:
            raise WebError(401, "no seat token: join the table first" if not token
                           else "unknown or expired seat token: join the table again")
        return p.seat

    @app.post("/api/tables/{table_id}/bet")
    async def bet(request: Request, table_id: str) -> dict[str, Any]:
        host = lobby.get(table_id)
        data = await _read(request, schemas.BET)
        token = _token(request, table_id)
        seat = _seat(host, token)  # whose seat first, then the amount
        side = schemas.side_field(data, "side") if "side" in data else {}
        dragon = schemas.money_field(data, "dragon") if "dragon" in data else 0
        if data.get("sit") is True:
            if "amount" in data:
                raise WebError(400, 'give "amount" or "sit", not both')
            amount: int | None = None
        elif "amount" in data:
            amount = schemas.money_field(data, "amount")
            if amount <= 0:
                raise WebError(400, f"a bet must be more than zero, not {data['amount']!r}")
        else:
            raise WebError(400, 'give a bet as {"amount": "10.00"} (dollars) or {"sit": true}')
        host.place_bet(token, seat, amount, side, dragon)
        return {"seat": seat, "bet": amount, "side": side, "dragon": dragon}

    @app.post("/api/tables/{table_id}/bank")
    async def bank(request: Request, table_id: str) -> dict[str, Any]:
        host = lobby.get(table_id)
        data = await _read(request, schemas.BANK)
        token = _token(request, table_id)
        seat = _seat(host, token)
        host.answer_bank(token, seat, data["decision"])
        return {"seat": seat, "decision": data["decision"]}

    @app.post("/api/tables/{table_id}/set")
    async def set_hand(request: Request, table_id: str) -> dict[str, Any]:
        host = lobby.get(table_id)
        data = await _read(request, schemas.SET)
        token = _token(request, table_id)
        seat = _seat(host, token)
        dragon = data.get("dragon") is True
        forms = [k for k in ("low", "house", "high_text", "low_text") if k in data]
        if forms not in (["low"], ["house"], ["high_text", "low_text"]):
            raise WebError(400, 'say which setting, once: "low" positions, "high_text" with '
                                '"low_text", or "house": true')
        if "low" in data:
            size = 4 if host.opts.game == "tiles" else 7
            low = schemas.positions_field(data, "low", size, 2)
            host.set_hand(token, seat, low=low, foul_ok=data.get("foul_ok") is True,
                          dragon=dragon)
        elif "house" in data:
            if data["house"] is not True:
                raise WebError(400, '"house" must be true when given')
            host.set_hand(token, seat, house=True, dragon=dragon)
        else:
            host.set_hand(token, seat, high_text=data["high_text"], low_text=data["low_text"],
                          dragon=dragon)
        return {"seat": seat, "set": True, "dragon": dragon}

    @app.post("/api/tables/{table_id}/hint")
    async def hint(request: Request, table_id: str) -> Response:
        host = lobby.get(table_id)
        await _read(request, schemas.EMPTY)
        token = _token(request, table_id)
        seat = _seat(host, token)
        t0 = time.perf_counter()
        result = await run_in_threadpool(host.hint, token, seat)
        ms = (time.perf_counter() - t0) * 1000
        return JSONResponse(result, headers={"Server-Timing": f"hint;dur={ms:.2f}"})

    @app.get("/api/tables/{table_id}/history")
    def history(request: Request, table_id: str, page: int = 1) -> dict[str, Any]:
        host = lobby.get(table_id)
        _seated(host, _token(request, table_id))
        with host.cv:
            played = list(host.history)
        pages = max(1, math.ceil(len(played) / HISTORY_PAGE))
        if not 1 <= page <= pages:
            raise WebError(400, f"page {page} is not one of 1 to {pages}")
        newest = played[::-1][(page - 1) * HISTORY_PAGE: page * HISTORY_PAGE]
        return {"table": host.id, "name": host.name, "game": host.opts.game,
                "page": page, "pages": pages, "rounds_kept": len(played),
                "rounds": [round_story(rec, names) for rec, names in newest]}

    @app.get("/api/tables/{table_id}/rounds/{round_id}")
    async def round_detail(request: Request, table_id: str, round_id: int) -> dict[str, Any]:
        host = lobby.get(table_id)
        _seated(host, _token(request, table_id))
        with host.cv:
            found = next(((rec, names) for rec, names in host.history
                          if rec.round_id == round_id), None)
        if found is None:
            raise WebError(404, f"round {round_id} is not a settled round of this table")
        rec, names = found
        audit = await run_in_threadpool(_audit, host, round_id)
        return {"table": host.id, "name": host.name, "game": host.opts.game,
                "story": round_story(rec, names), "audit": audit,
                "fair": _fair(host, rec)}

    @app.get("/api/tables/{table_id}/rounds/{round_id}/record")
    def round_record(request: Request, table_id: str, round_id: int) -> Response:
        host = lobby.get(table_id)
        _seated(host, _token(request, table_id))
        rec = _settled(host, round_id)
        return JSONResponse(public_record(rec, host.opts.game), headers={
            "Content-Disposition": f'attachment; filename="round-{round_id}.json"'})

    # -- live -------------------------------------------------------------------------
    lobby_push = Broadcast(lambda keys: {None: {"tables": lobby.listing()}}, lobby.subscribe)
    table_push: dict[str, Broadcast] = {}

    def pusher(host: TableHost) -> Broadcast:
        """The broadcast of ``host``'s views to its sockets (one pass per change)."""
        b = table_push.get(host.id)
        if b is None:
            def views(keys: list[Any]) -> dict[Any, Any]:
                with host.cv:
                    return {k: person_view(host, k) for k in keys}

            b = table_push[host.id] = Broadcast(views, host.subscribe)
        return b

    @app.websocket("/ws/lobby")
    async def live_lobby(websocket: WebSocket) -> None:
        await websocket.accept()
        await _serve_broadcast(websocket, lobby_push, None)

    @app.websocket("/ws/trainer")
    async def live_trainer(websocket: WebSocket) -> None:
        try:
            p = hub.get(websocket.cookies.get(TRAINER_COOKIE))
        except WebError as exc:
            await websocket.close(code=4401, reason=exc.message[:120])
            return
        await websocket.accept()
        await _serve_socket(websocket, p.subscribe, p.view)

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        host = lobby.tables.get(table_id)
        if host is None:
            await websocket.close(code=4404, reason=f"there is no table {table_id[:20]!r}")
            return
        await websocket.accept()
        token = _token(websocket, table_id)
        host.connected(token, +1)
        try:
            await _serve_broadcast(websocket, pusher(host), token, lambda: host.seen(token))
        finally:
            host.connected(token, -1)

    return Guard(app, allowed_hosts)


def _settled(host: TableHost, round_id: int) -> Any:
    with host.cv:
        rec = next((r for r, _ in host.history if r.round_id == round_id), None)
    if rec is None:
        raise WebError(404, f"round {round_id} is not a settled round of this table")
    return rec


def _fair(host: TableHost, rec: Any) -> dict[str, Any]:
    """The round re-dealt from its revealed seed and checked against its commitment."""
    from paigow.table.fair import verify_round

    if not rec.commitment or not rec.seed or host.game is None:
        return {"checked": False, "why": "this round was not dealt from a committed seed"}
    v = verify_round(host.game, rec.commitment, rec.seed, public_record(rec, host.opts.game))
    return {"checked": True, "fair": v.fair, "differences": v.differences,
            "commitment": rec.commitment, "seed": rec.seed}


def _audit(host: TableHost, round_id: int) -> dict[str, Any]:
    """Replay the round from the ledger and compare (a separate connection, read only)."""
    from paigow.store import open_store
    from paigow.table.replay import audit_round

    store = open_store(host.db)
    try:
        rep = audit_round(store, round_id)
    except PaigowError as exc:
        return {"reproduced": False, "differences": [str(exc)]}
    finally:
        store.close()
    return {"reproduced": rep.exact, "differences": rep.differences,
            "house_way_check": rep.house_way_check, "first_place": rep.first_place,
            "dealt": {str(k): v.split() for k, v in rep.dealt.items()}}


async def _serve_socket(
    ws: WebSocket, subscribe: Callable[[Callable[[], None]], Callable[[], None]],
    view: Callable[[], dict[str, Any]], seen: Callable[[], None] = lambda: None,
) -> None:
    """Push ``view()`` on connect and after every change ``subscribe`` reports (only when
    it differs from the last push); answer pings; a client message that is not a ping
    gets an error message and changes nothing."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()

    def wake() -> None:
        loop.call_soon_threadsafe(changed.set)

    unsubscribe = subscribe(wake)
    sent = ""
    seq = 0

    async def push() -> None:
        nonlocal sent, seq
        data = await run_in_threadpool(view)
        text = json.dumps(data, separators=(",", ":"))
        if text != sent:
            seq += 1
            sent = text
            await ws.send_text(f'{{"type":"state","seq":{seq},"state":{text}}}')

    reader = asyncio.create_task(_answer(ws, seen))
    try:
        await push()
        while not reader.done():
            waiter = asyncio.create_task(changed.wait())
            done, _ = await asyncio.wait({waiter, reader}, timeout=WS_PING_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
            if waiter not in done:
                waiter.cancel()
            if reader in done:
                break
            changed.clear()  # before computing the view: a change during the push wakes us again
            await push()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader
        unsubscribe()


async def _serve_broadcast(ws: WebSocket, broadcast: Broadcast, key: Any,
                           seen: Callable[[], None] = lambda: None) -> None:
    """Serve one socket from ``broadcast`` (its view of ``key``, on connect and on every
    change, when it differs from the last one sent); answer pings; a client message that is
    not a ping gets an error message and changes nothing."""
    sub = broadcast.attach(key, ws.send_text)
    try:
        await _answer(ws, seen)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await broadcast.detach(sub)


async def _answer(ws: WebSocket, seen: Callable[[], None]) -> None:
    """Read the client's messages until it goes: a ping is answered, anything else gets
    an error message and changes nothing; each one says the person is here."""
    while True:
        raw = await ws.receive_text()
        seen()
        reply = _ws_reply(raw)
        if reply is not None:
            await ws.send_text(json.dumps(reply))


def _ws_reply(raw: str) -> dict[str, Any] | None:
    """The answer to a client's message: pings only; anything else is refused."""
    try:
        data = schemas.parse_json(raw.encode("utf-8"))
    except WebError as exc:
        return {"type": "error", "status": exc.status, "error": exc.message}
    if data.get("type") == "ping" and set(data) <= {"type", "id"}:
        return {"type": "pong", "id": data.get("id")}
    return {"type": "error", "status": 400,
            "error": 'a message to the table is {"type": "ping"}; act through the API'}

