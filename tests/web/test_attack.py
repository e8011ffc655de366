"""What the attack of the server found (issue 24 §3), each hole held closed by a test that
fails when it opens again.

Medium: password checks bounded (at most ``PASSWORD_CHECKS`` at once, the rest refused at
once with 503 and ``Retry-After``; memory: benchmarks/signin_storm.py); a wrong password
counted before its check (40 at once from one address: 10 checked, 30 refused with 429);
the password change limited as a sign-in, and a new password signing the other browsers
out. Minor: huge or non-numeric ids and pages refused as JSON 4xx; a chunked body over
16 KiB refused with 413 on every route; one check per sign-in, whether the name has a
password or not; X-Forwarded-For believed only behind a proxy; lookalike names refused;
a connection that never finishes its headers (or its body) closed; the seed and deck kept
once; the sign-out cookie with the sign-in cookie's attributes.

Nothing here asserts a duration: the tests wait for facts (a request answered, a check
entered, a connection closed), with generous limits, and the timings are the benchmark's.
"""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

import httpx
from argon2 import PasswordHasher, extract_parameters
from argon2.exceptions import VerifyMismatchError
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from webkit import Person, play_round, refused, served, serving, tiles_opts

from paigow.cli import app as cli_app
from paigow.store import open_store
from paigow.web.accounts import (
    BUSY_SECONDS,
    COOKIE,
    DUMMY_HASH,
    FAILED_PER_HOUR,
    PASSWORD_CHECKS,
    Accounts,
    Me,
)
from paigow.web.lookalike import prototypes, skeleton
from paigow.web.schemas import MAX_BODY, WebError
from pgkit import backend, pg_server, pg_url  # noqa: F401 - both ledgers, where it matters

PASSWORD = "seven tiles"


def _wait(fact: Callable[[], bool], what: str, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while not fact():
        assert time.monotonic() < end, f"never happened: {what}"
        time.sleep(0.01)


class Gate:
    """The accounts' hasher with every check held until the test opens the gate, counting
    the checks running: the stand-in for argon2's slow check, whose facts are how many run
    at once. ``real``: the checks then run argon2 (else: a wrong password)."""

    def __init__(self, hasher: Any, real: bool) -> None:
        self.hasher, self.real = hasher, real
        self.lock = threading.Lock()
        self.running = self.peak = self.calls = 0
        self.opened = threading.Event()

    def verify(self, stored: str, given: str) -> bool:
        with self.lock:
            self.running += 1
            self.calls += 1
            self.peak = max(self.peak, self.running)
        try:
            assert self.opened.wait(180), "the test never opened the gate"
            if self.real:
                return bool(self.hasher.verify(stored, given))
            raise VerifyMismatchError
        finally:
            with self.lock:
                self.running -= 1

    def hash(self, password: str) -> str:
        return str(self.hasher.hash(password))


def _accounts_with_ann(tmp_path: Path) -> tuple[Accounts, Me]:
    accounts = Accounts(str(tmp_path / "people.sqlite3"))
    ann, _secret = accounts.create("Ann", "198.51.100.1")
    accounts.set_password(ann, PASSWORD, None)
    return accounts, ann


def _storm(accounts: Accounts, gate: Gate, clients: list[str],
           password: str = "not the one") -> tuple[int, list[Any]]:
    """Sign-ins to Ann from ``clients`` (one each), all at once: how many checks ran while
    the others had their answers, and every answer (200, or the WebError)."""
    accounts._hasher = gate
    answers: list[Any] = [None] * len(clients)

    def sign_in(i: int) -> None:
        try:
            accounts.sign_in("Ann", password, clients[i])
            answers[i] = 200
        except WebError as exc:
            answers[i] = exc

    threads = [threading.Thread(target=sign_in, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    # the fact: every sign-in has its answer or is inside a check
    _wait(lambda: sum(a is not None for a in answers) + gate.running == len(clients),
          "every sign-in answered or checking")
    running = gate.running
    gate.opened.set()
    for t in threads:
        t.join(180)
    return running, answers


def _statuses(answers: list[Any]) -> dict[int, int]:
    out: dict[int, int] = {}
    for a in answers:
        status = a if isinstance(a, int) else a.status
        out[status] = out.get(status, 0) + 1
    return out


# -- medium: the password checks -----------------------------------------------------------
def test_at_most_the_bound_of_password_checks_run_at_once_the_rest_are_told_to_retry(
        tmp_path: Path) -> None:
    accounts, _ann = _accounts_with_ann(tmp_path)
    gate = Gate(accounts.hasher, real=True)
    clients = [f"203.0.113.{i}" for i in range(1, 41)]  # 40 addresses: no per-address limit
    running, answers = _storm(accounts, gate, clients)
    assert running == PASSWORD_CHECKS == accounts.checks_most and gate.peak == PASSWORD_CHECKS
    assert _statuses(answers) == {503: 40 - PASSWORD_CHECKS, 401: PASSWORD_CHECKS}
    busy = [a for a in answers if isinstance(a, WebError) and a.status == 503]
    assert all(a.retry_after == BUSY_SECONDS and "busy" in a.message for a in busy)
    # a sign-in refused as busy was never checked, so not counted as a wrong password;
    # one that was checked and wrong was (with a limit of one, the next is refused)
    accounts._hasher = None
    accounts.failed_per_hour = 1
    was_busy = clients[answers.index(busy[0])]
    was_wrong = clients[next(i for i, a in enumerate(answers) if a.status == 401)]
    assert accounts.sign_in("Ann", PASSWORD, was_busy)[0].name == "Ann"
    with pytest.raises(WebError) as exc:
        accounts.sign_in("Ann", PASSWORD, was_wrong)
    assert exc.value.status == 429
    accounts.close()


def test_a_wrong_password_is_counted_before_its_check(tmp_path: Path) -> None:
    """40 wrong sign-ins at once from one address: only the limit's worth are checked."""
    accounts, _ann = _accounts_with_ann(tmp_path)
    accounts.checks_most = 40  # wide enough that only the failure limit can refuse
    accounts.checks = threading.BoundedSemaphore(40)
    gate = Gate(accounts.hasher, real=False)
    running, answers = _storm(accounts, gate, ["198.51.100.7"] * 40)
    assert running == FAILED_PER_HOUR and gate.calls == FAILED_PER_HOUR
    assert _statuses(answers) == {429: 40 - FAILED_PER_HOUR, 401: FAILED_PER_HOUR}
    late = [a for a in answers if isinstance(a, WebError) and a.status == 429]
    assert all(a.retry_after and a.retry_after > 0 for a in late)
    accounts._hasher = None  # and then even the right password waits its hour
    with pytest.raises(WebError) as exc:
        accounts.sign_in("Ann", PASSWORD, "198.51.100.7")
    assert exc.value.status == 429
    accounts.close()


def test_every_refused_sign_in_runs_the_same_one_check(tmp_path: Path) -> None:
    """A name with a password, one without, and nobody's: each wrong sign-in runs exactly
    one argon2 check of the same cost, inside the bound (so its time tells nothing)."""
    accounts, ann = _accounts_with_ann(tmp_path)
    accounts.create("Bob", "198.51.100.2")  # no password
    stored = accounts.store.player_by_id(ann.id)
    assert stored is not None
    seen: list[tuple[str, int]] = []
    real = accounts.hasher

    class Spy:
        def verify(self, hashed: str, given: str) -> bool:
            free = accounts.checks._value  # type: ignore[attr-defined]  # slots left
            seen.append((hashed, accounts.checks_most - free))
            return bool(real.verify(hashed, given))

    accounts._hasher = Spy()
    answers = []
    for name in ("Ann", "Bob", "Nobody"):
        with pytest.raises(WebError) as exc:
            accounts.sign_in(name, "not the one", f"203.0.113.{len(seen) + 50}")
        answers.append((exc.value.status, exc.value.message))
    assert len(set(answers)) == 1 and answers[0][0] == 401  # one answer for all three
    assert seen == [(stored["password"], 1), (DUMMY_HASH, 1), (DUMMY_HASH, 1)]
    # the stand-in check costs what a real one does: the same argon2 parameters
    assert extract_parameters(DUMMY_HASH) == extract_parameters(stored["password"])
    assert not PasswordHasher().check_needs_rehash(DUMMY_HASH)
    accounts.close()


def test_a_busy_server_answers_503_with_retry_after_over_http(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        ann.ok("/api/me/password", {"password": PASSWORD})
        accounts = lobby.accounts
        for _ in range(accounts.checks_most):  # every slot taken, as by a storm
            assert accounts.checks.acquire(blocking=False)
        try:
            phone = Person(app)
            for r in (phone.post("/api/signin", {"name": "Ann", "password": PASSWORD}),
                      ann.post("/api/me/password", {"password": "eight tiles", "old": "x"})):
                refused(r, 503, "busy")
                assert r.headers["retry-after"] == str(BUSY_SECONDS)
        finally:
            for _ in range(accounts.checks_most):
                accounts.checks.release()
        assert phone.ok("/api/signin", {"name": "Ann", "password": PASSWORD})["name"] == "Ann"


def test_a_wrong_current_password_is_limited_as_a_sign_in_and_a_new_one_signs_out_elsewhere(
        tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        lobby.accounts.failed_per_hour = 2  # the same limit, smaller: fewer slow checks
        ann = Person(app, name="Ann")
        ann.join()
        ann.ok("/api/me/password", {"password": PASSWORD})
        phone, tablet = Person(app), Person(app)
        for other in (phone, tablet):
            other.ok("/api/signin", {"name": "Ann", "password": PASSWORD})
        # wrong current passwords from Ann's address: limited, then even the right one waits
        for _ in range(2):
            refused(ann.post("/api/me/password", {"password": "new words!", "old": "guess"}),
                    403, "current password is wrong")
        r = ann.post("/api/me/password", {"password": "new words!", "old": PASSWORD})
        refused(r, 429, "too many wrong passwords from this address")
        assert int(r.headers["retry-after"]) > 0
        # sign-ins from that address count in the same book
        refused(Person(app).post("/api/signin", {"name": "Ann", "password": PASSWORD}), 429)
        # from another address, the person's own limit: the cookie is not a free guess
        elsewhere = TestClient(app, client=("203.0.113.9", 5000))
        elsewhere.cookies.set(COOKIE, phone.client.cookies.get(COOKIE) or "")
        refused(elsewhere.post("/api/me/password", json={"password": "new words!",
                                                         "old": PASSWORD}),
                429, "for this person")
        lobby.accounts._failed.clear()  # an hour later
        assert ann.ok("/api/me/password", {"password": "new words!", "old": PASSWORD}) == {
            "password": True, "signed_out_elsewhere": 2}
        for other in (phone, tablet):  # the other browsers are signed out
            refused(other.client.get("/api/me"), 401, "unknown")
        assert ann.client.get("/api/me").json()["signed_in"] is True  # this one stays
        refused(phone.post("/api/signin", {"name": "Ann", "password": PASSWORD}), 401)
        assert phone.ok("/api/signin", {"name": "Ann", "password": "new words!"})


# -- minor -----------------------------------------------------------------------------
BIG = "9223372036854775808"  # 2**63: one past the ledger's integers


@pytest.mark.parametrize("path", [
    f"/api/rounds/{BIG}", f"/api/rounds/{BIG}/record", f"/api/tables/1/rounds/{BIG}",
    f"/api/rounds/{'9' * 40}", "/api/rounds/0", "/api/rounds/-1", "/api/rounds/abc",
    "/api/rounds/1e3", "/api/rounds/%20", f"/api/history?page={BIG}",
    f"/api/tables/1/history?page={BIG}", "/api/history?page=461168601842738790",
    "/api/history?page=abc", "/api/history?page=-5", "/api/tables/1/history?page=1.5",
    "/rounds/abc", "/tables/1/rounds/x1",
])
def test_a_huge_or_strange_id_or_page_is_a_refusal_json_or_a_page(tmp_path: Path, path: str,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        r = ann.client.get(path)  # a server error would raise here (TestClient)
        assert r.status_code in (400, 404), (path, r.status_code, r.text)
        if path.startswith("/api/"):
            body = r.json()
            assert set(body) == {"error"} and body["error"], body
        else:  # a page refused is a page (issue 24 §1.1: never raw JSON), saying why
            assert r.headers["content-type"].startswith("text/html"), r.headers
            bad = path.rsplit("/", 1)[1]
            assert f"&#39;{bad}&#39;" in r.text and '{"error"' not in r.text, r.text
        assert not [rec for rec in caplog.records if rec.levelname in ("ERROR", "CRITICAL")]


def _posts(app: Any) -> list[str]:
    """Every POST route of the app, its table id filled in."""
    fastapi_app = app.app.app  # Guard -> RoundActions -> FastAPI
    paths = [r.path for r in fastapi_app.routes if "POST" in getattr(r, "methods", ())]
    paths += ["/api/tables/{table_id}/bet", "/api/tables/{table_id}/bank",
              "/api/tables/{table_id}/set"]  # answered in front of the framework
    return sorted({p.replace("{table_id}", "1") for p in paths})


def test_a_chunked_body_over_the_limit_is_413_on_every_route(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        routes = _posts(app)
        assert len(routes) >= 15 and "/api/signin" in routes
        for path in routes:
            chunks = (b"x" * 1024 for _ in range(MAX_BODY // 1024 + 4))  # no length: chunked
            r = ann.client.post(path, content=chunks)
            refused(r, 413, str(MAX_BODY))
        # within the limit, chunked is read as any body
        small = (part for part in (b'{"name": "Ann", ', b'"password": "x"}'))
        refused(Person(app).client.post("/api/signin", content=small), 401, "wrong name")


def test_a_chunked_body_over_the_limit_is_413_on_the_wire(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app), served(app) as port, \
            socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(f"POST /api/signin HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                     .encode())
        chunk = b"x" * 4096
        for _ in range(MAX_BODY // 4096 + 2):
            sock.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        answer = _read_answer(sock)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b'"error"' in answer


def _read_answer(sock: socket.socket) -> bytes:
    """An HTTP answer's head and body (read until its length is in, or the close)."""
    data = b""
    while b"\r\n\r\n" not in data:
        got = sock.recv(65536)
        if not got:
            return data
        data += got
    head, _, body = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        got = sock.recv(65536)
        if not got:
            break
        body += got
    return head + b"\r\n\r\n" + body


def test_x_forwarded_for_is_believed_only_behind_a_proxy(tmp_path: Path) -> None:
    """New people are limited per address (one here): a client naming another address in
    X-Forwarded-For is the same client unless the server was told a proxy is in front."""
    for behind_proxy, second in ((False, 429), (True, 200)):
        (tmp_path / str(behind_proxy)).mkdir()
        with serving(tmp_path / str(behind_proxy), tiles_opts()) as (lobby, app), \
                served(app, behind_proxy=behind_proxy) as port:
            lobby.accounts.new_per_hour = 1
            base = f"http://127.0.0.1:{port}/api/tables/1/join"
            first = httpx.post(base, json={"name": "Ann"}, timeout=60,
                               headers={"X-Forwarded-For": "203.0.113.1"})
            assert first.status_code == 200, first.text
            again = httpx.post(base, json={"name": "Bob"}, timeout=60,
                               headers={"X-Forwarded-For": "203.0.113.2"})
            assert again.status_code == second, (behind_proxy, again.text)
            if second == 429:
                assert "too many new people" in again.json()["error"]


def test_serve_believes_x_forwarded_for_only_with_behind_proxy() -> None:
    from paigow.web.server import server_config

    assert server_config(object()).proxy_headers is False
    trusting = server_config(object(), behind_proxy=True)
    assert trusting.proxy_headers is True and trusting.forwarded_allow_ips == "127.0.0.1,::1"
    res = CliRunner().invoke(cli_app, ["serve", "--help"], terminal_width=200)
    assert "--behind-proxy" in res.output


def test_a_connection_that_never_finishes_its_headers_is_closed(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app), \
            served(app, header_seconds=0.5) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
            sock.sendall(f"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
            assert sock.recv(1024) == b""  # closed by the server (else: a timeout here)
        # a full request is answered, and half of the next one on the same connection is
        # closed in its turn
        with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
            sock.sendall(f"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert _read_answer(sock).startswith(b"HTTP/1.1 200")
            sock.sendall(b"GET /api/tab")
            assert sock.recv(1024) == b""


def test_a_socket_outlives_the_header_deadline_of_a_half_request(tmp_path: Path) -> None:
    """The deadline is on the headers only: a WebSocket whose handshake is done stays
    open while a half request beside it is closed."""
    with serving(tmp_path, tiles_opts()) as (_lobby, app), \
            served(app, header_seconds=0.5) as port:
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws/lobby", open_timeout=60) as ws:
            assert json.loads(ws.recv(timeout=60))["type"] == "state"
            with socket.create_connection(("127.0.0.1", port), timeout=120) as half:
                half.sendall(b"GET / HTTP/1.1\r\n")
                assert half.recv(1024) == b""  # its deadline passed
            ws.send(json.dumps({"type": "ping", "id": 7}))
            msg = json.loads(ws.recv(timeout=60))
            while msg["type"] != "pong":
                msg = json.loads(ws.recv(timeout=60))
            assert msg == {"type": "pong", "id": 7}


def test_a_body_that_never_arrives_is_refused_and_closed(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app), served(app) as port:
        app.body_seconds = 0.5
        with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
            sock.sendall(f"POST /api/signin HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n"
                         '{"name": '.encode())
            answer = _read_answer(sock)
            assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
            assert sock.recv(1024) == b""


# -- lookalike names ----------------------------------------------------------------------
def test_the_skeleton_joins_each_character_to_its_prototype() -> None:
    """UTS #39: a character and its prototype have one skeleton; for every pair of
    confusables.txt as the package ships it."""
    from confusable_homoglyphs.confusables import confusables_data

    pairs = [(k.replace("\u200e", ""), e["c"].replace("\u200e", ""))
             for k, found in confusables_data.items() for e in found]
    assert len(pairs) > 10_000
    assert [p for p in pairs if skeleton(p[0]) != skeleton(p[1])] == []
    assert len(set(prototypes().values())) > 1_000  # classes, not one lump
    # the standard's own kind of examples
    assert skeleton("paypal") == skeleton("pаypаl")  # Cyrillic а
    assert skeleton("scope") == skeleton("ѕсоре")  # Cyrillic ѕ с о р е
    assert skeleton("m") == skeleton("rn") and skeleton("0") == skeleton("O")
    assert skeleton("Alice") != skeleton("Alina")


@pytest.mark.parametrize("name", ["Аlice", "Ａlice", "Alicé", "ALİCE", "AIice", "𝐀lice",
                                  "Alice\u0301"])
def test_a_name_that_looks_like_someones_is_refused(tmp_path: Path, name: str) -> None:
    with serving(tmp_path, tiles_opts(seats=4)) as (_lobby, app):
        Person(app, name="Alice").join()
        refused(Person(app).post("join", {"name": name}), 409, "looks like 'Alice'")
        c = TestClient(app)
        refused(c.post("/api/trainer/start", json={"game": "tiles", "drill": "player",
                                                   "name": name}), 409, "looks like")
        assert c.cookies.get(COOKIE) is None
        assert Person(app).join("Alina")  # a name that reads differently is welcome


def test_people_made_before_looks_were_kept_are_looked_at(tmp_path: Path,
                                                          backend: str) -> None:  # noqa: F811
    store = open_store(backend)
    try:  # as an older server made them: no looks recorded, two lookalikes among them
        for i, name in enumerate(("Alice", "Аlice", "Bob")):
            store.create_player(name, f"secret-{i}" * 5, "2100-01-01", 1_000, "2026-01-01")
    finally:
        store.close()
    accounts = Accounts(backend)
    try:
        for name, like in (("Ａlice", "Alice"), ("B0b", "Bob")):
            with pytest.raises(WebError) as exc:
                accounts.create(name, "198.51.100.3")
            # (of the two lookalikes made before, the older keeps the look)
            assert exc.value.status == 409 and f"looks like {like!r}" in exc.value.message
        assert accounts.create("Carol", "198.51.100.3")[0].name == "Carol"
        assert accounts.store.player_by_name("Аlice") is not None  # nobody was renamed
    finally:
        accounts.close()


# -- the seed and deck, kept once ------------------------------------------------------------
def _sql(db: str, statement: str, args: tuple[Any, ...] = ()) -> list[Any]:
    """Run one statement on either ledger, as someone with the database would."""
    if db.startswith("postgres"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as con:
            cur = con.execute(statement.replace("?", "%s"), args)
            return list(cur.fetchall()) if cur.description else []
    con = sqlite3.connect(db)
    try:
        rows = con.execute(statement, args).fetchall()
        con.commit()
        return rows
    finally:
        con.close()


def _verify_cli(db: str, round_id: int) -> dict[str, Any]:
    res = CliRunner().invoke(cli_app, ["verify", str(round_id), "--db", db, "--json"])
    assert res.exit_code in (0, 1), res.output
    return dict(json.loads(res.stdout))


def test_the_seed_and_deck_are_kept_once_and_both_checks_read_that_copy(
        tmp_path: Path, backend: str) -> None:  # noqa: F811
    with serving(tmp_path, tiles_opts(seed=None), db=backend) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        rounds = [play_round([ann])["last"]["round"] for _ in range(3)]
        secret = ann.client.cookies.get(COOKIE)
    # a settled round's record is stored without its deal: the row holds it
    for rid in rounds:
        (detail,), = _sql(backend, "SELECT detail FROM round WHERE id = ?", (rid,))
        stored = json.loads(detail)
        assert not {"deck", "dice", "commitment", "seed"} & set(stored), sorted(stored)
    # a ledger of before: a second copy in the record, one of them other than the row's
    # (the copy the web read), one the same, one whose row lost its commitment
    first, second, third = rounds
    (seed1, deck1, commit3), = _sql(backend, "SELECT (SELECT seed FROM round WHERE id = ?), "
                                    "(SELECT deck FROM round WHERE id = ?), (SELECT "
                                    "commitment FROM round WHERE id = ?)",
                                    (first, first, third))
    other_seed = _sql(backend, "SELECT seed FROM round WHERE id = ?", (second,))[0][0]
    for rid, extra in ((first, {"seed": other_seed, "deck": json.loads(deck1)}),
                       (second, {"seed": other_seed}), (third, {"commitment": commit3})):
        (detail,), = _sql(backend, "SELECT detail FROM round WHERE id = ?", (rid,))
        _sql(backend, "UPDATE round SET detail = ? WHERE id = ?",
             (json.dumps({**json.loads(detail), **extra}), rid))
    _sql(backend, "UPDATE round SET commitment = NULL WHERE id = ?", (third,))
    _sql(backend, "DELETE FROM meta WHERE key = 'deal kept once'")
    before = _verify_cli(backend, first)  # read-only: nothing migrated, the row's copy read
    assert before["fair"] and before["seed"] == seed1
    reader = open_store(backend, readonly=True)  # and every reader of the record reads it
    try:
        assert reader.round(first)["detail"]["seed"] == seed1 != other_seed
    finally:
        reader.close()
    # opened for writing (a server starting): one copy left, the row's
    with serving(tmp_path, db=backend) as (_lobby, app):
        person = TestClient(app)
        person.cookies.set(COOKIE, secret or "")
        web = {rid: person.get(f"/api/rounds/{rid}").json()["fair"] for rid in rounds}
    for rid in rounds:
        (detail,), = _sql(backend, "SELECT detail FROM round WHERE id = ?", (rid,))
        assert not {"deck", "dice", "commitment", "seed"} & set(json.loads(detail))
        cli = _verify_cli(backend, rid)
        assert cli["fair"] and web[rid]["fair"], (rid, cli, web[rid])
        assert (web[rid]["seed"], web[rid]["commitment"]) == (cli["seed"], cli["commitment"])
    assert web[first]["seed"] == seed1 != other_seed  # the row's copy, not the record's
    assert web[third]["commitment"] == commit3  # the row's missing copy filled from the record
    audit = _sql(backend, "SELECT round_id, action, actor, reason FROM audit ORDER BY id")
    assert [(r[0], r[1], r[2]) for r in audit] == [(first, "kept", "migration")]
    assert "another seed" in audit[0][3]  # the deck was the same: said only for the seed


# -- the cookie -----------------------------------------------------------------------------
def _cookie_attributes(header: str) -> dict[str, str]:
    parts = [p.strip() for p in header.split(";")]
    attrs = {p.split("=", 1)[0].lower(): (p.split("=", 1)[1] if "=" in p else "").lower()
             for p in parts[1:]}
    attrs.pop("max-age", None)
    attrs.pop("expires", None)
    return attrs


def test_the_sign_out_cookie_has_the_sign_in_cookies_attributes(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        ann.ok("/api/me/password", {"password": PASSWORD})
        given = ann.post("/api/signin", {"name": "Ann", "password": PASSWORD})
        gone = ann.post("/api/signout", {})
        (set_in,), (set_out,) = (r.headers.get_list("set-cookie") for r in (given, gone))
        assert set_in.startswith(f"{COOKIE}=") and set_out.startswith(f"{COOKIE}=")
        assert _cookie_attributes(set_in) == _cookie_attributes(set_out) == {
            "httponly": "", "path": "/", "samesite": "strict"}
        assert "max-age=0" in set_out.lower()
