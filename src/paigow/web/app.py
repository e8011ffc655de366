"""The browser table's HTTP and WebSocket side: the lobby, the tables, the history.

Pages (HTML; the page scripts are plain JS modules under ``static/js``):

==========================================  ==============================================
``GET /``                                   the lobby: every table, and "open a table"
``GET /tables/{id}``                        a table: watch it, or join and play
``GET /tables/{id}/history``                your rounds at this table (across restarts)
``GET /tables/{id}/rounds/{round}``         one of your rounds, replayed and audited
``GET /account``                            you: wallet, seats, password, sign in/out
``GET /history``, ``GET /rounds/{round}``   your rounds at every table; one of them
``GET /rules/{game}[?table=N]``             how to play, generated from the engine
==========================================  ==============================================

API (JSON; amounts in integer cents, typed by people as dollars):

==========================================  ==============================================
``GET /api/tables``                         every table: id, game, rules, seats taken
``POST /api/tables``                        open a table with its rules
``GET /api/options``                        what a new table may choose (ways, variants)
``GET /api/tables/{id}/state``              what the caller may see (see ``view.py``)
``POST /api/tables/{id}/join``              ``{"name", "buy_in", "seat"}``: a seat, bought
                                            in from your wallet (a new person: a name)
``POST /api/tables/{id}/leave``             chips back to the wallet, the seat to its bot
``POST /api/tables/{id}/back``              a sat-out person plays again
``POST /api/tables/{id}/chips``             ``{"amount": "50"}`` more chips from the wallet
``POST /api/tables/{id}/bet``               ``{"amount": "12.50"}`` or ``{"sit": true}``
``POST /api/tables/{id}/bank``              ``{"decision": "take"|"cobank"|"refuse"}``
``POST /api/tables/{id}/set``               ``{"low": [i, j]}``, ``{"high_text", "low_text"}``
                                            or ``{"house": true}``; ``"foul_ok": true``
``POST /api/tables/{id}/hint``              exact odds of every distinct setting
``GET /api/tables/{id}/history?page=N``     your rounds at this table, newest first
``GET /api/tables/{id}/rounds/{round}``     one of your rounds: story, audit, fairness
``GET /api/me``                             you: wallet, chips at tables, rounds played
``POST /api/me/password``                   ``{"password", "old"}``: set or change it
``POST /api/me/reload``                     play money again for an empty wallet
``POST /api/signin``, ``POST /api/signout``  ``{"name", "password"}``; forget this browser
``GET /api/history?page=N``                 your rounds at every table
``GET /api/rounds/{round}``                 one of your rounds (any table)
``WS /ws/tables/{id}``                      the caller's view, pushed on every change
==========================================  ==============================================

Who a browser is: the ``paigow_player`` cookie (a secret; http-only, SameSite strict) or
the ``X-Paigow-Token`` header (:mod:`paigow.web.accounts`). Every refusal answers 4xx
``{"error": message}`` naming the bad input, and changes nothing.
:class:`~paigow.web.security.Guard` checks size, Host and Origin in front of everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import math
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import cookie_parser

from paigow.errors import PaigowError
from paigow.phrasing import N_, Msg, message_of, wire
from paigow.store.base import MAX_ID
from paigow.store.players import name_key
from paigow.table.engine import RoundRecord
from paigow.table.session import TableOptions
from paigow.web import i18n, schemas
from paigow.web.accounts import COOKIE, HEADER, SECRET_DAYS, Accounts, Me
from paigow.web.host import TableHost
from paigow.web.lobby import DEFAULT_WAYS, Lobby, house_ways, options_from_request
from paigow.web.push import SEND_NOW, Broadcast, Layered, encode
from paigow.web.schemas import WebError, shown_number
from paigow.web.security import Guard, Receive, Scope, Send
from paigow.web.trainer import TrainerHub
from paigow.web.view import (
    name_msg,
    person_part,
    person_view,
    public_record,
    round_story,
    stored_name,
    table_view,
)

HERE = Path(__file__).parent
log = logging.getLogger("paigow.web")
HISTORY_PAGE = 20
WS_PING_SECONDS = 25.0


def _secret(request: Request | WebSocket) -> str | None:
    """The browser's secret: the ``X-Paigow-Token`` header, or the player cookie."""
    return request.headers.get(HEADER) or request.cookies.get(COOKIE)


def _is_page(request: Request) -> bool:
    """Whether ``request`` asks for a page a browser shows (not the API, a socket, a
    static file or a strategy card's file): its refusals are HTML."""
    return request.method in ("GET", "HEAD") and not request.url.path.startswith(
        ("/api/", "/ws/", "/static/", "/trainer/card/"))


#: The parameters of the pages' addresses, by their names (which the page says in words).
_PARAMETERS = (N_("round_id"), N_("page"), N_("table_id"), N_("table"))


def parameter_error(errors: Any) -> Msg:
    """The message of a path or query parameter the framework could not read (FastAPI's
    ``RequestValidationError.errors()``), naming the parameter and what was sent.

    >>> parameter_error([{"loc": ("path", "round_id"), "input": "abc", "type": "int_parsing"}])
    "round_id 'abc' is not a whole number"
    """
    first: dict[str, Any] = next(iter(errors), {})
    loc = first.get("loc") or ()
    name = str(loc[-1]) if loc else "a parameter"
    given = first.get("input")
    shown = repr(given[:24]) if isinstance(given, str) else "missing"
    said: str = Msg(name) if name in _PARAMETERS else name  # a parameter's name, in words
    if str(first.get("type", "")).startswith("int"):
        return Msg("{name} {given} is not a whole number", name=said, given=shown)
    return Msg("{name} {given} is not understood ({why})", name=said, given=shown,
               why=str(first.get("msg", "")))


def _reason(message: str, lang: str) -> str:
    """A refusal said in ``lang``, short enough to close a WebSocket with (its reason
    holds at most 123 bytes of UTF-8: a Chinese character takes three).

    >>> _reason(Msg("there is no table {table} here", table="'9'"), "zh-Hant")
    "這裡沒有牌桌 '9'"
    >>> len(_reason(Msg("there is no table {table} here", table="9" * 200), "zh-Hant").encode())
    120
    """
    said = i18n.say(message, lang)
    while len(said.encode("utf-8")) > 120:
        said = said[:-1]
    return said


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "unknown"


async def _read(request: Request, schema: schemas.Schema) -> dict[str, Any]:
    return schemas.parse_body(await request.body(), schema)


COOKIE_ATTRIBUTES: dict[str, Any] = {"path": "/", "httponly": True, "samesite": "strict"}
"""The sign-in cookie's attributes, the same when it is given and when it is deleted (a
deletion that says otherwise is another cookie to a browser's rules)."""


def _keep(resp: Response, secret: str) -> Response:
    """``resp`` setting the browser's secret in its cookie."""
    resp.set_cookie(COOKIE, secret, max_age=SECRET_DAYS * 86400, **COOKIE_ATTRIBUTES)
    return resp


def _who(me: Me | None) -> dict[str, Any] | None:
    """What a page may know of its person (never the secret)."""
    return None if me is None else {"id": me.id, "name": me.name, "password": me.has_password}


TRAINER_COOKIE = "paigow_trainer"


def _side_bet_titles() -> dict[str, str]:
    """Every shipped pay table a new poker table may offer as a side bet, with its title."""
    from paigow.poker.sidebet import load_paytable, shipped_paytables

    return {n: load_paytable(n).name for n in shipped_paytables()}


def card_ways() -> list[str]:
    """The ways whose strategy cards the Trainer links to: the house way and the shipped
    way files."""
    from paigow.poker.ways.file_way import shipped_ways

    return ["house", *shipped_ways()]


def tile_card_ways() -> list[str]:
    """The tile way files whose strategy cards the Trainer links to (by name, without
    ``.toml``): the learned card first, then the casinos' ways."""
    from paigow.tiles.ways.way_file import shipped_way_files

    names = [n.removesuffix(".toml") for n in shipped_way_files()]
    return sorted(names, key=lambda n: (not n.startswith("derived"), n))


@functools.lru_cache(maxsize=8)
def tile_card_bytes(name: str, fmt: str) -> bytes:
    """A shipped tile way file's strategy card, drawn once per process."""
    from paigow.tiles.strategy_card import card_pdf, card_svg

    return card_pdf(f"{name}.toml") if fmt == "pdf" else card_svg(f"{name}.toml").encode()


@functools.lru_cache(maxsize=16)
def card_bytes(name: str, fmt: str) -> bytes:
    """A shipped way's strategy card, drawn once per process."""
    from paigow.poker.strategy_card import card_pdf, card_svg

    return card_pdf(name) if fmt == "pdf" else card_svg(name).encode("utf-8")


def create_app(lobby: Lobby, allowed_hosts: frozenset[str] = frozenset(),
               trainer: TrainerHub | None = None) -> Any:
    """The web app serving ``lobby``'s tables (opened and closed by the caller), wrapped
    in the :class:`Guard`. ``allowed_hosts``: host names besides IP addresses and
    ``localhost`` that this server answers to."""
    app = FastAPI(title="paigow", docs_url=None, redoc_url=None, openapi_url=None)
    import jinja2

    templates = Jinja2Templates(env=jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True,
        extensions=["jinja2.ext.i18n"]))
    # the templates' {% trans %} and _() read the language of the request being answered
    templates.env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda m: i18n.gettext(m), ngettext=lambda s, p, n: i18n.ngettext(s, p, n),
        newstyle=True)
    # the server's words: a message (or its parts) said in the request's language, a plain
    # English text (from the ledger) read back
    templates.env.globals["tr"] = lambda value: i18n.say(value)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.state.lobby = lobby
    hub = trainer if trainer is not None else TrainerHub(lobby.db)
    app.state.trainer = hub
    accounts: Accounts = lobby.accounts

    def me_of(request: Request | WebSocket) -> Me | None:
        return accounts.lookup(_secret(request))

    def need_me(request: Request) -> Me:
        return accounts.require(_secret(request))

    def lang_of(request: Request | WebSocket) -> str:
        """The language a person reads: the switch's cookie, else Accept-Language."""
        return i18n.negotiate(request.headers.get("accept-language"),
                              request.cookies.get(i18n.COOKIE))

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Response:
        message = i18n.say(exc.message, lang_of(request))
        if _is_page(request):  # a browser's page: HTML, with the way back to the lobby
            return missing_page(request, exc.status, message)
        headers = {} if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"error": message}, status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if _is_page(request) and exc.status_code == 404:
            return missing_page(request, 404, i18n.say(Msg(
                "there is no page {path} here", path=repr(request.url.path[:60])),
                lang_of(request)))
        return await http_exception_handler(request, exc)

    def missing_page(request: Request, status: int, message: str) -> Response:
        """A page that is not there (no such table, a table that closed, a round that is
        not yours): said in words on an HTML page, with the way back to the lobby."""
        title = {404: i18n.N_("Not found"), 410: i18n.N_("This table has closed")}.get(
            status, i18n.N_("Refused"))
        return page(request, "missing.html", status_code=status, title=title,
                    heading=title, message=i18n.sentence(message, lang_of(request)))

    @app.exception_handler(PaigowError)
    async def paigow_error(request: Request, exc: PaigowError) -> Response:
        return JSONResponse({"error": i18n.say(message_of(exc), lang_of(request))},
                            status_code=400)

    @app.get("/lang/{code}")
    async def switch_language(code: str, next: str = "/") -> Response:
        """The switch on every page: remember ``code`` (a cookie, a year) and go back."""
        if code not in i18n.LANGUAGES:
            raise WebError(404, Msg("no language {code}: choose one of {codes}",
                                    code=repr(code[:20]), codes=", ".join(i18n.LANGUAGES)))
        back = next if next.startswith("/") and not next.startswith("//") else "/"
        resp = RedirectResponse(back, status_code=303)
        resp.set_cookie(i18n.COOKIE, code, max_age=365 * 86400, path="/", samesite="lax")
        return resp

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(request: Request, exc: RequestValidationError) -> Response:
        # a path or query parameter of the wrong type (a round id "abc"): refused as every
        # other bad input is, not with the framework's 422 {"detail": ...}
        return await web_error(request, WebError(400, parameter_error(exc.errors())))

    def signed_in_as(request: Request) -> str:
        """The name of the person this browser is, for every page's header ("" for nobody:
        a sign-in this server does not know is nobody's)."""
        try:
            me = me_of(request)
        except WebError:
            return ""
        return me.name if me is not None else ""

    def page(request: Request, name: str, status_code: int = 200, **context: Any) -> Response:
        from paigow.web.words import glossary_json

        lang = lang_of(request)
        with i18n.use(lang):
            context.setdefault("glossary", json.dumps(glossary_json(lang)))
            context.setdefault("me_name", signed_in_as(request))
            context["title"] = i18n.say(context.get("title", ""), lang)
            context.update(lang=lang, languages=i18n.NATIVE, here=request.url.path + (
                f"?{request.url.query}" if request.url.query else ""),
                catalog=json.dumps(i18n.catalog_json(lang), ensure_ascii=False)
                .replace("</", "<\\/"))
            resp = templates.TemplateResponse(request, name, context, status_code=status_code)
        resp.headers["Content-Language"] = lang
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
        return page(request, "history.html", title=Msg("{table}: your rounds", table=host.name),
                    table_id=host.id, game=host.opts.game)

    @app.get("/tables/{table_id}/rounds/{round_id}", response_class=HTMLResponse)
    async def round_page(request: Request, table_id: str, round_id: int) -> Response:
        host = lobby.get(table_id)
        # the page names the round by its table and number once it has it (round.js): the
        # id in the address is the ledger's, which no other page shows
        return page(request, "round.html", title=Msg("{table}: a round", table=host.name),
                    table_id=host.id, game=host.opts.game, round_id=round_id)

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules_page(request: Request, game: str, table: str | None = None) -> Response:
        from paigow.web.rules_page import poker_page, tiles_page

        if game not in ("tiles", "poker"):
            raise WebError(404, Msg("there are no rules for {game}: tiles or poker",
                                    game=repr(game[:20])))
        host = lobby.get(table) if table is not None else None
        if host is not None and host.opts.game != game:
            raise WebError(404, Msg("table {table} plays {plays}, not {game}", table=host.id,
                                    plays=Msg(host.opts.game), game=Msg(game)))
        summary = _rules_summary(host, lang_of(request)) if host is not None else None
        if game == "tiles":
            from paigow.tiles.rules import TileRules

            tile_rules = TileRules(host.opts.gee_joon_tiebreak) if host else TileRules()  # type: ignore[arg-type]
            data = tiles_page(tile_rules)
            from paigow.tiles.tile import DECK

            names = json.dumps({str(t): t.label() for t in DECK})
        else:
            data = poker_page(host.opts.poker_rules if host else None)
            names = "{}"
        title = "How to play Pai Gow tiles" if game == "tiles" else "How to play Pai Gow Poker"
        return page(request, "rules.html", title=title, game=game, page=data, table=summary,
                    names=names)

    @app.get("/account", response_class=HTMLResponse)
    async def account_page(request: Request) -> Response:
        return page(request, "account.html", title="paigow: you")

    @app.get("/history", response_class=HTMLResponse)
    async def all_history_page(request: Request) -> Response:
        return page(request, "history.html", title="Your rounds at every table",
                    table_id="", game="")

    @app.get("/rounds/{round_id}", response_class=HTMLResponse)
    async def any_round_page(request: Request, round_id: int) -> Response:
        return page(request, "round.html", title="A round of yours", table_id="",
                    game="", round_id=round_id)

    @app.get("/trainer", response_class=HTMLResponse)
    async def trainer_page(request: Request) -> Response:
        from paigow.web.words import way_title, without_copies

        # each way's card once: the house way's is drawn from its own file (seeds)
        return page(request, "trainer.html", title="paigow: the trainer",  # noqa: RUF100
                    card_ways=[(w, way_title("poker", w)) for w in without_copies(card_ways())],
                    tile_card_ways=[(w, way_title("tiles", f"{w}.toml"))
                                    for w in tile_card_ways()])

    async def card_response(name: str, fmt: str, ways: list[str],
                            draw: Callable[[str, str], bytes], file: str) -> Response:
        """A shipped way's printable card as SVG or PDF: a listed name only."""
        if name not in ways:
            raise WebError(404, Msg("no strategy card {name}: choose one of {ways}",
                                    name=repr(name), ways=", ".join(ways)))
        if fmt not in ("svg", "pdf"):
            raise WebError(404, Msg("a strategy card is served as .svg or .pdf, not .{fmt}",
                                    fmt=fmt))
        data = await run_in_threadpool(draw, name, fmt)
        media = "image/svg+xml" if fmt == "svg" else "application/pdf"
        return Response(data, media_type=media, headers={
            "Content-Disposition": f'inline; filename="{name}-{file}.{fmt}"',
            "X-Content-Type-Options": "nosniff"})

    @app.get("/trainer/tiles-card/{name}.{fmt}")
    async def tile_strategy_card(name: str, fmt: str) -> Response:
        """A shipped tile way file's printable strategy card (docs/tiles-derive.md)."""
        return await card_response(name, fmt, tile_card_ways(), tile_card_bytes,
                                   "tile-strategy-card")

    @app.get("/trainer/card/{name}.{fmt}")
    async def strategy_card(name: str, fmt: str) -> Response:
        """A way's printable strategy card (docs/poker-derive.md): a shipped name only."""
        return await card_response(name, fmt, card_ways(), card_bytes, "strategy-card")

    # -- the trainer ---------------------------------------------------------------------
    def _practice(request: Request) -> Any:
        return hub.get(request.headers.get(HEADER) or request.cookies.get(TRAINER_COOKIE))

    @app.post("/api/trainer/start")
    async def trainer_start(request: Request) -> Response:
        data = await _read(request, schemas.TRAINER_START)
        game = data["game"].strip().lower()
        if game not in ("tiles", "poker"):
            raise WebError(400, Msg("unknown game {game}: choose tiles or poker",
                                    game=repr(data["game"])))
        drill = data["drill"].strip().lower()
        if drill not in ("player", "dealer"):
            raise WebError(400, Msg("unknown drill {drill}: choose player or dealer",
                                    drill=repr(data["drill"])))
        way = str(data.get("way") or DEFAULT_WAYS[game]).strip().lower()
        if way not in house_ways(game):
            raise WebError(400, Msg("unknown {game} house way {way}: choose one of {ways}",
                                    game=Msg(game), way=repr(way),
                                    ways=", ".join(house_ways(game))))
        name = schemas.name_field(data) if str(data.get("name", "")).strip() else ""
        # a named practice is a person's: their statistics belong to their player record
        me = me_of(request)
        secret = None
        if me is not None:
            if name and name_key(name) != name_key(me.name):
                raise WebError(409, Msg("you are signed in as {me}: your practice is kept "
                                        "under that name (sign out to practise as {name})",
                                        me=repr(me.name), name=repr(name)))
            name = me.name
        settings = {"game": game, "drill": drill, "way": way, "name": name,
                    "banking": data.get("banking", drill == "dealer")}
        hub.check(settings)
        if me is None and name:
            me, secret = await run_in_threadpool(accounts.create, name, _client(request))
        old = request.cookies.get(TRAINER_COOKIE)
        p = await run_in_threadpool(hub.start, _client(request), settings, old)
        resp = JSONResponse(p.view())
        resp.set_cookie(TRAINER_COOKIE, p.token, httponly=True, samesite="strict")
        return _keep(resp, secret) if secret else resp

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
                raise WebError(409, Msg("{setting} fouls: confirm it to have it graded as a "
                                        "foul", setting=names))
        hub.grade(p, low)
        return JSONResponse({"status": "grading"}, status_code=202)

    @app.post("/api/trainer/next")
    async def trainer_next(request: Request) -> dict[str, Any]:
        await _read(request, schemas.EMPTY)
        hub.next(_practice(request))
        return {"status": "dealing"}

    def offered_ways() -> dict[str, Any]:
        """The house ways a menu offers (each once), with their titles."""
        from paigow.web.words import way_title, without_copies

        ways = {g: without_copies(house_ways(g)) for g in ("tiles", "poker")}
        return {"house_ways": ways,
                "way_titles": {g: {w: wire(way_title(g, w)) for w in ways[g]} for g in ways}}

    @app.get("/api/trainer/options")
    async def trainer_options() -> dict[str, Any]:
        return {"games": ["tiles", "poker"], "drills": ["player", "dealer"], **offered_ways()}

    # -- the lobby -----------------------------------------------------------------------
    @app.get("/api/tables")
    async def tables() -> dict[str, Any]:
        return {"tables": lobby.listing()}

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        from paigow.web.words import variant_words

        variants = {
            "tiles": {"gee_joon_tiebreak": ["ranked", "no_value"], "bank": ["rotates", "house"]},
            "poker": {"joker": ["bug", "wild"], "wheel": ["second", "lowest"],
                      "foul": ["house", "forfeit"], "push": ["none", "pai-gow:Q", "low:9"],
                      "bank": ["rotates", "house"],
                      "dragon": ["off", "house", "player"],
                      "dragon_limit": ["up-to-main", "equal-main", "any"]},
        }
        return {
            "games": ["tiles", "poker"],
            **offered_ways(),
            "variants": variants,
            "variant_words": {g: {k: {"title": wire(v["title"]),
                                      "values": {x: wire(y) for x, y in v["values"].items()}}
                                  for k, v in variant_words(g, variants[g]).items()}
                              for g in variants},
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
        me = me_of(request)
        host.seen(me.id if me else None)
        return person_view(host, me.id if me else None, _who(me))

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str) -> Response:
        host = lobby.get(table_id)
        data = await _read(request, schemas.JOIN)
        me = me_of(request)
        name = schemas.name_field(data) if "name" in data else None
        buy_in = schemas.money_field(data, "buy_in") if "buy_in" in data else None
        seat = data.get("seat")
        if me is not None and name is not None and name_key(name) != name_key(me.name):
            raise WebError(409, Msg("you are signed in as {me}: sign out to join as {name}",
                                    me=repr(me.name), name=repr(name)))
        secret = None
        if me is None:
            if name is None:
                raise WebError(400, Msg("a new person joins with a name: {example}",
                                        example='{"name": "Ann"}'))
            host.can_seat(_client(request), seat, buy_in, accounts.grant)  # before a person is made
            me, secret = await run_in_threadpool(accounts.create, name, _client(request))
        assert me is not None
        person = me
        try:
            wallet = await run_in_threadpool(accounts.wallet, person)
            got = await run_in_threadpool(host.join, person.id, person.name, _client(request),
                                          wallet, buy_in, seat)
        except WebError as exc:  # a person just made keeps their cookie all the same
            resp = JSONResponse({"error": exc.message}, status_code=exc.status)
            return _keep(resp, secret) if secret else resp
        resp = JSONResponse({"seat": got, "name": person.name, "player": person.id})
        return _keep(resp, secret) if secret else resp

    @app.post("/api/tables/{table_id}/leave")
    async def leave(request: Request, table_id: str) -> dict[str, Any]:
        host = lobby.get(table_id)
        await _read(request, schemas.EMPTY)
        return {"left": host.leave(need_me(request).id)}

    @app.post("/api/tables/{table_id}/back")
    async def back(request: Request, table_id: str) -> dict[str, Any]:
        host = lobby.get(table_id)
        await _read(request, schemas.EMPTY)
        return {"back": host.back(need_me(request).id)}

    @app.post("/api/tables/{table_id}/chips")
    async def chips(request: Request, table_id: str) -> dict[str, Any]:
        host = lobby.get(table_id)
        data = await _read(request, schemas.CHIPS)
        me = need_me(request)
        amount = schemas.money_field(data, "amount")
        wallet = await run_in_threadpool(accounts.wallet, me)
        await run_in_threadpool(host.add_chips, me.id, amount, wallet)
        return {"added": amount}

    def _seat(host: TableHost, secret: str | None) -> tuple[int, int]:
        me = accounts.require(secret)
        p = host.person(me.id)
        if p is None:
            raise WebError(409, Msg("you do not sit at this table: join it first"))
        return me.id, p.seat

    # a round's actions: served by RoundActions, in front of the framework (see there)
    def bet(host: TableHost, data: dict[str, Any], secret: str | None) -> dict[str, Any]:
        player, seat = _seat(host, secret)  # whose seat first, then the amount
        side = schemas.side_field(data, "side") if "side" in data else {}
        dragon = schemas.money_field(data, "dragon") if "dragon" in data else 0
        if data.get("sit") is True:
            if "amount" in data:
                raise WebError(400, Msg('give "amount" or "sit", not both'))
            amount: int | None = None
        elif "amount" in data:
            amount = schemas.money_field(data, "amount")
            if amount <= 0:
                raise WebError(400, Msg("a bet must be more than zero, not {amount}",
                                        amount=repr(data["amount"])))
        else:
            raise WebError(400, Msg("give a bet as {amount} (dollars) or {sit}",
                                    amount='{"amount": "10.00"}', sit='{"sit": true}'))
        host.place_bet(player, seat, amount, side, dragon)
        return {"seat": seat, "bet": amount, "side": side, "dragon": dragon}

    def bank(host: TableHost, data: dict[str, Any], secret: str | None) -> dict[str, Any]:
        player, seat = _seat(host, secret)
        host.answer_bank(player, seat, data["decision"])
        return {"seat": seat, "decision": data["decision"]}

    def set_hand(host: TableHost, data: dict[str, Any], secret: str | None) -> dict[str, Any]:
        player, seat = _seat(host, secret)
        dragon = data.get("dragon") is True
        forms = [k for k in ("low", "house", "high_text", "low_text") if k in data]
        if forms not in (["low"], ["house"], ["high_text", "low_text"]):
            raise WebError(400, Msg("say which setting, once: {how}", how='"low" positions, '
                                    '"high_text" with "low_text", or "house": true'))
        if "low" in data:
            size = 4 if host.opts.game == "tiles" else 7
            low = schemas.positions_field(data, "low", size, 2)
            host.set_hand(player, seat, low=low, foul_ok=data.get("foul_ok") is True,
                          dragon=dragon)
        elif "house" in data:
            if data["house"] is not True:
                raise WebError(400, Msg('"house" must be true when given'))
            host.set_hand(player, seat, house=True, dragon=dragon)
        else:
            host.set_hand(player, seat, high_text=data["high_text"], low_text=data["low_text"],
                          dragon=dragon)
        return {"seat": seat, "set": True, "dragon": dragon}

    actions: dict[str, Action] = {"bet": (schemas.BET, bet), "bank": (schemas.BANK, bank),
                                  "set": (schemas.SET, set_hand)}

    @app.post("/api/tables/{table_id}/hint")
    async def hint(request: Request, table_id: str) -> Response:
        host = lobby.get(table_id)
        await _read(request, schemas.EMPTY)
        player, seat = _seat(host, _secret(request))
        t0 = time.perf_counter()
        result = await run_in_threadpool(host.hint, player, seat)
        ms = (time.perf_counter() - t0) * 1000
        return JSONResponse(result, headers={"Server-Timing": f"hint;dur={ms:.2f}"})

    # -- a person's own: history, rounds, wallet, password --------------------------------
    def _history(me: Me, table: str | None, page: int) -> dict[str, Any]:
        if page < 1:
            raise WebError(400, Msg("page {page} is not a page number", page=shown_number(page)))
        # a page past the ledger's last possible row is asked as that page (its offset
        # must fit the database's integers) and refused below
        rows, total = accounts.rounds(me, table, min(page, MAX_ID // HISTORY_PAGE),
                                      HISTORY_PAGE)
        pages = max(1, math.ceil(total / HISTORY_PAGE))
        if page > pages:
            raise WebError(400, Msg("page {page} is not one of 1 to {pages}",
                                    page=shown_number(page), pages=pages))
        stories = []
        for r in rows:
            detail = json.loads(r["detail"]) if isinstance(r["detail"], str) else r["detail"]
            story = round_story(RoundRecord.from_json(detail), r["names"])
            stories.append({**story, "table": r["table"], **stored_name(r["table"], "table_msg"),
                            "seat_mine": r["seat"],
                            "opened": r["opened"], "game": _game_of(detail)})
        return {"page": page, "pages": pages, "rounds_kept": total, "rounds": stories}

    @app.get("/api/tables/{table_id}/history")
    def history(request: Request, table_id: str, page: int = 1) -> dict[str, Any]:
        host = lobby.get(table_id)
        me = need_me(request)
        return {"table": host.id, "name": host.name, **name_msg(host.name),
                "game": host.opts.game, **_history(me, host.name, page)}

    @app.get("/api/history")
    def all_history(request: Request, page: int = 1) -> dict[str, Any]:
        return {"table": None, "name": "every table", "name_msg": wire(Msg("every table")),
                "game": None,
                **_history(need_me(request), None, page)}

    def _round(request: Request, round_id: int) -> dict[str, Any]:
        from paigow.table.replay import game_for

        found = accounts.round_of(need_me(request), round_id)
        rec = RoundRecord.from_json(found["detail"])
        game = game_for(found["session_record"])
        audit = _audit(lobby.db, round_id)
        return {"table": found["table"], "name": found["table"], **stored_name(found["table"]),
                "game": found["session_record"]["game"], "seat_mine": found["seat"],
                "story": round_story(rec, found["names"]), "audit": audit,
                "fair": _fair(game, rec), "piece_names": _piece_names(game)}

    @app.get("/api/tables/{table_id}/rounds/{round_id}")
    def round_detail(request: Request, table_id: str, round_id: int) -> dict[str, Any]:
        lobby.get(table_id)
        return _round(request, round_id)

    @app.get("/api/rounds/{round_id}")
    def any_round(request: Request, round_id: int) -> dict[str, Any]:
        return _round(request, round_id)

    def _record(request: Request, round_id: int) -> Response:
        found = accounts.round_of(need_me(request), round_id)
        rec = RoundRecord.from_json(found["detail"])
        return JSONResponse(public_record(rec, found["session_record"]["game"]), headers={
            "Content-Disposition": f'attachment; filename="round-{round_id}.json"'})

    @app.get("/api/tables/{table_id}/rounds/{round_id}/record")
    def round_record(request: Request, table_id: str, round_id: int) -> Response:
        lobby.get(table_id)
        return _record(request, round_id)

    @app.get("/api/rounds/{round_id}/record")
    def any_round_record(request: Request, round_id: int) -> Response:
        return _record(request, round_id)

    @app.get("/api/me")
    def me_view(request: Request) -> dict[str, Any]:
        me = me_of(request)
        if me is None:
            return {"signed_in": False}
        return {"signed_in": True, **accounts.summary(me)}

    @app.post("/api/me/password")
    async def password(request: Request) -> dict[str, Any]:
        data = await _read(request, schemas.PASSWORD)
        me = need_me(request)
        others = await run_in_threadpool(accounts.set_password, me, data["password"],
                                         data.get("old"), _client(request), _secret(request))
        return {"password": True, "signed_out_elsewhere": others}

    @app.post("/api/me/reload")
    async def reload(request: Request) -> dict[str, Any]:
        await _read(request, schemas.EMPTY)
        me = need_me(request)
        return {"wallet": await run_in_threadpool(accounts.reload, me)}

    @app.post("/api/signin")
    async def sign_in(request: Request) -> Response:
        data = await _read(request, schemas.SIGN_IN)
        name = schemas.name_field(data)
        me, secret = await run_in_threadpool(accounts.sign_in, name, data["password"],
                                             _client(request))
        old = _secret(request)
        if old:
            with contextlib.suppress(WebError):
                await run_in_threadpool(accounts.sign_out, old)
        return _keep(JSONResponse({"name": me.name, "player": me.id}), secret)

    @app.post("/api/signout")
    async def sign_out(request: Request) -> Response:
        await _read(request, schemas.EMPTY)
        known = await run_in_threadpool(accounts.sign_out, _secret(request))
        resp = JSONResponse({"signed_out": known})
        resp.delete_cookie(COOKIE, **COOKIE_ATTRIBUTES)
        return resp

    # -- live -------------------------------------------------------------------------
    lobby_push = Broadcast(lambda keys: {None: {"tables": lobby.listing()}}, lobby.subscribe)
    table_push: dict[str, Broadcast] = {}

    def pusher(host: TableHost) -> Broadcast:
        """The broadcast of ``host``'s views to its sockets (one pass per change)."""
        b = table_push.get(host.id)
        if b is None:
            def views(keys: list[Any]) -> dict[Any, Any]:
                # the table's view once for every socket, then each person's part
                with host.cv:
                    shared = table_view(host)
                    return {(player, who): Layered(shared, person_part(shared, host, player,
                                                                       json.loads(who)))
                            for player, who in keys}

            b = table_push[host.id] = Broadcast(views, host.subscribe, host.cv)
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
            await websocket.close(code=4401, reason=_reason(exc.message, lang_of(websocket)))
            return
        await websocket.accept()
        await _serve_socket(websocket, p.subscribe, p.view)

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        try:
            host = lobby.get(table_id)
        except WebError as exc:  # 4404 none here, 4410 closed: the page stops and says so
            await websocket.close(code=4000 + exc.status,
                                  reason=_reason(exc.message, lang_of(websocket)))
            return
        await websocket.accept()
        try:
            me = await run_in_threadpool(me_of, websocket)
            who = _who(me)
        except WebError as exc:  # a bad sign-in watches as a visitor, and is told why
            me, who = None, {"problem": wire(exc.message)}
        player = me.id if me else None
        host.connected(player, +1)
        try:
            # the view is the person's and what the page may know of its sign-in
            key = (player, json.dumps(who, sort_keys=True))
            await _serve_broadcast(websocket, pusher(host), key, lambda: host.seen(player))
        finally:
            host.connected(player, -1)

    def flush(host: TableHost) -> None:
        b = table_push.get(host.id)
        if b is not None:
            b.flush()

    return Guard(RoundActions(app, lobby, actions, flush), allowed_hosts)


Action = tuple[schemas.Schema, Callable[[TableHost, dict[str, Any], str | None], dict[str, Any]]]


class RoundActions:
    """The API's actions of a round (``POST /api/tables/{id}/bet``, ``bank``, ``set``),
    answered here, in front of the framework; every other request goes on to ``app``.

    Every round makes these requests (a person bets and sets a hand; at four people a
    table, eight a round), and the framework's way to them — its middleware layers,
    matching the path against every route in turn, solving the endpoint's parameters,
    encoding the answer — cost about as much as the action itself (the profile in
    docs/web.md). The answers are the same: the action's JSON, or ``{"error": message}``
    with the status of the refusal (:class:`WebError`, 400 for any other bad input), and
    the checks come in the same order (the table, the body, the person, the values).
    The guard in front (size, Host, Origin) is unchanged."""

    PATH = re.compile(r"/api/tables/([^/]+)/(bet|bank|set)")

    def __init__(self, app: Any, lobby: Lobby, actions: dict[str, Action],
                 flush: Callable[[TableHost], None] = lambda host: None) -> None:
        self.app = app
        self.lobby = lobby
        self.actions = actions
        self.flush = flush

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self.PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        table_id, name = found.groups()
        if scope["method"] != "POST":
            await _answer_json(send, 405, {"error": f"{name} is a POST request, not "
                                                    f"{scope['method'][:10]}"})
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        status, answer, host = 200, None, None
        try:
            host = self.lobby.get(table_id)
            schema, act = self.actions[name]
            answer = act(host, schemas.parse_body(body, schema), _scope_secret(scope))
        except WebError as exc:
            status, answer = exc.status, {"error": i18n.say(exc.message, _scope_lang(scope))}
        except PaigowError as exc:
            status, answer = 400, {"error": i18n.say(message_of(exc), _scope_lang(scope))}
        except Exception as exc:
            log.error("%s at table %s failed", name, table_id[:20], exc_info=exc)
            status, answer = 500, {"error": i18n.say(Msg("the server failed (see its log)"),
                                                     _scope_lang(scope))}
        await _answer_json(send, status, answer)
        if host is not None:  # its sockets shown the action now, not a turn of the loop later
            self.flush(host)


_HEADER = HEADER.lower().encode("latin-1")


def _scope_secret(scope: Scope) -> str | None:
    """:func:`_secret` read from an ASGI scope's headers (the first of each, as
    Starlette reads them)."""
    token: str | None = None
    cookie: str | None = None
    for k, v in scope["headers"]:
        if k == _HEADER and token is None:
            token = v.decode("latin-1")
        elif k == b"cookie" and cookie is None:
            cookie = v.decode("latin-1")
    if token:
        return token
    if cookie is None:
        return None
    found: str | None = cookie_parser(cookie).get(COOKIE)
    return found


def _scope_lang(scope: Scope) -> str:
    """The language of a request read from an ASGI scope's headers, as ``lang_of`` reads
    it from a request: the switch's cookie, else Accept-Language."""
    accept: str | None = None
    cookie: str | None = None
    for k, v in scope["headers"]:
        if k == b"accept-language" and accept is None:
            accept = v.decode("latin-1")
        elif k == b"cookie" and cookie is None:
            cookie = v.decode("latin-1")
    chosen = cookie_parser(cookie).get(i18n.COOKIE) if cookie else None
    return i18n.negotiate(accept, chosen)


async def _answer_json(send: Send, status: int, answer: Any) -> None:
    body = encode(answer).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-length", str(len(body)).encode()),
                            (b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def _rules_summary(host: TableHost, lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """A table's rules for its How to play page: the summary, side bets in words, amounts
    in ``lang``'s format."""
    import copy

    from paigow.web.view import table_summary
    from paigow.web.words import side_bet_words

    with host.cv:
        summary = copy.deepcopy(table_summary(host))  # the table's own rules stay as they are
    for o in summary["rules"].get("side_bets", []):
        o["on_words"] = side_bet_words(o["reads"])
        o["minimum_text"], o["maximum_text"] = (i18n.money(o["minimum"], lang),
                                                i18n.money(o["maximum"], lang))
        if o.get("envy_minimum"):
            o["envy_text"] = i18n.money(o["envy_minimum"], lang)
    return summary


def _game_of(detail: dict[str, Any]) -> str:
    """The game of a round's record, told by its pieces (tiles read "6-6", cards "As")."""
    deck = detail.get("deck") or []
    return "tiles" if deck and "-" in str(deck[0]) else "poker"


def _piece_names(game: Any) -> dict[str, str]:
    """The names of the tile faces (a tiles game), for the pieces' titles."""
    if game.name != "tiles":
        return {}
    return {game.piece_text(p): game.piece_label(p) for p in game.deck()}


def _fair(game: Any, rec: RoundRecord) -> dict[str, Any]:
    """The round re-dealt from its revealed seed and checked against its commitment."""
    from paigow.table.fair import verify_round

    if not rec.commitment or not rec.seed:
        return {"checked": False, "why": wire(Msg("this round was not dealt from a committed seed"))}
    v = verify_round(game, rec.commitment, rec.seed, public_record(rec, game.name))
    return {"checked": True, "fair": v.fair, "differences": v.differences,
            "commitment": rec.commitment, "seed": rec.seed}


def _audit(db: str | None, round_id: int) -> dict[str, Any]:
    """Replay the round from the ledger and compare (a separate connection, read only)."""
    from paigow.store import open_store
    from paigow.table.replay import audit_round

    store = open_store(db, readonly=True)
    try:
        rep = audit_round(store, round_id)
    except PaigowError as exc:
        return {"reproduced": False, "differences": [wire(message_of(exc))]}
    finally:
        store.close()
    # the house way's check is said when it was made (a hand the house way set); a page
    # that said "Not checked." under a banker who set their own hand told nobody anything
    checked = rep.house_way_check if rep.house_way_check != "not checked" else None
    return {"reproduced": rep.exact, "differences": [wire(d) for d in rep.differences],
            "house_way_check": wire(checked), "first_place": rep.first_place,
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
            # "now": the server's clock, so a page counts a deadline down whatever its own
            await ws.send_text(
                f'{{"type":"state","seq":{seq},"now":{time.time():.3f},"state":{text}}}')

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
    """Serve one socket from ``broadcast`` (its view of ``key``, whole on connect, then the
    parts that changed on every change: :class:`~paigow.web.push.Subscriber`); answer pings
    and send the whole view again when asked (``resync``); any other client message gets
    an error message and changes nothing."""
    sub = broadcast.attach(key, ws.send_text, ws.scope.get("extensions", {}).get(SEND_NOW))
    try:
        await _answer(ws, seen, sub.resync)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await broadcast.detach(sub)


async def _answer(ws: WebSocket, seen: Callable[[], None],
                  resync: Callable[[], None] = lambda: None) -> None:
    """Read the client's messages until it goes: a ping is answered, a ``resync`` asks for
    the whole view again (``resync()``; where every frame is whole, nothing), anything else
    gets an error message and changes nothing; each one says the person is here."""
    while True:
        raw = await ws.receive_text()
        seen()
        reply = _ws_reply(raw)
        if reply == RESYNC:
            resync()
        elif reply is not None:
            await ws.send_text(json.dumps(reply))


RESYNC = {"type": "resync"}


def _ws_reply(raw: str) -> dict[str, Any] | None:
    """The answer to a client's message: pings, and :data:`RESYNC` itself for a resync
    (the caller sends the whole view); anything else is refused."""
    try:
        data = schemas.parse_json(raw.encode("utf-8"))
    except WebError as exc:
        return {"type": "error", "status": exc.status, "error": exc.message}
    if data.get("type") == "ping" and set(data) <= {"type", "id"}:
        return {"type": "pong", "id": data.get("id")}
    if data == RESYNC:
        return RESYNC
    return {"type": "error", "status": 400,
            "error": 'a message to the table is {"type": "ping"} or {"type": "resync"}; '
                     "act through the API"}

