"""Benchmark: a storm of simultaneous sign-ins against a real ``paigow serve`` (issue 24 §3).

Each argon2 check holds 64 MiB; a server that ran every sign-in's check at once went from
731 MB to 3.2 GB under 40 of them. This starts ``paigow serve`` twice on a ledger holding a
person with a password, fires N sign-ins at once at each, and prints the server's peak
resident memory (``VmHWM``) before and after the storm, with the answers it gave:

* the **baseline**: the bound on password checks as wide as the storm
  (``PAIGOW_PASSWORD_CHECKS=N``: every check runs at once, as before the bound);
* the **bound**: the server as shipped (``PASSWORD_CHECKS`` at once, the rest answered 503
  at once with ``Retry-After``).

Then, at the bounded server, the time of a wrong sign-in for a name with a password, a
name without one and a name nobody has (medians): one check each, so alike. The server
runs ``--behind-proxy`` so each sign-in can come from its own address (X-Forwarded-For,
documentation addresses): the failure limit per address stays out of the figures.

Usage: ``python benchmarks/signin_storm.py [--storm N] [--tries K] [--small]``
(``--small``: a storm of 6, 2 tries each).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

PASSWORD = "a storm of sign-ins"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory(pid: int) -> dict[str, float]:
    """The process's peak and current resident memory, MiB (/proc/PID/status)."""
    out: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            out[key] = int(value.split()[0]) / 1024
    return out


def make_people(db: str) -> None:
    """The ledger's people: Ann with a password, Bob without."""
    from paigow.web.accounts import Accounts

    accounts = Accounts(db)
    try:
        ann, _ = accounts.create("Ann", "192.0.2.1")
        accounts.set_password(ann, PASSWORD, None)
        accounts.create("Bob", "192.0.2.1")
    finally:
        accounts.close()


class Server:
    """``paigow serve`` in a process of its own, on a free port."""

    def __init__(self, db: str, checks: int | None, log: Path) -> None:
        self.port = free_port()
        env = {**os.environ}
        if checks is not None:
            env["PAIGOW_PASSWORD_CHECKS"] = str(checks)
        self.log = log.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "paigow.cli", "serve", "--game", "tiles", "--db", db,
             "--port", str(self.port), "--behind-proxy"],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        end = time.monotonic() + 180
        while True:
            try:
                if httpx.get(self.url("/api/tables"), timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > end:
                raise SystemExit(f"the server did not come up: {log.read_text()[-2000:]}")
            time.sleep(0.2)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def sign_in(self, name: str, password: str, address: str) -> tuple[int, float, str]:
        t = time.perf_counter()
        r = httpx.post(self.url("/api/signin"), json={"name": name, "password": password},
                       headers={"X-Forwarded-For": address}, timeout=300)
        return r.status_code, time.perf_counter() - t, r.headers.get("retry-after", "")

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(60)
        self.log.close()


def storm(server: Server, n: int) -> dict[str, Any]:
    """N right sign-ins at once, each from its own address; the memory and the answers."""
    before = memory(server.proc.pid)
    answers: list[tuple[int, float, str]] = [(0, 0.0, "")] * n
    go = threading.Barrier(n)

    def one(i: int) -> None:
        go.wait()
        answers[i] = server.sign_in("Ann", PASSWORD, f"198.51.100.{i % 250 + 1}")

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    after = memory(server.proc.pid)
    statuses: dict[str, int] = {}
    for status, _s, _r in answers:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    return {"peak_before_mib": round(before["VmHWM"], 1),
            "peak_after_mib": round(after["VmHWM"], 1),
            "grew_mib": round(after["VmHWM"] - before["VmHWM"], 1),
            "answers": statuses,
            "retry_after": sorted({r for s, _t, r in answers if s == 503}),
            "slowest_answer_s": round(max(t for _s, t, _r in answers), 2)}


def wrong_sign_ins(server: Server, tries: int) -> dict[str, float]:
    """Median seconds of a wrong sign-in to each kind of name (one at a time)."""
    out: dict[str, float] = {}
    address = iter(range(1, 10_000))
    for label, name in (("with_password", "Ann"), ("without_password", "Bob"),
                        ("nobody", "Nobody")):
        times = []
        for _ in range(tries):
            status, seconds, _r = server.sign_in(name, "not the password",
                                                 f"203.0.113.{next(address) % 250 + 1}")
            assert status == 401, status
            times.append(seconds)
        out[label] = round(statistics.median(times) * 1000, 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--storm", type=int, default=40, help="sign-ins at once")
    ap.add_argument("--tries", type=int, default=7, help="wrong sign-ins timed per name")
    ap.add_argument("--small", action="store_true", help="a storm of 6, 2 tries")
    args = ap.parse_args()
    n, tries = (6, 2) if args.small else (args.storm, args.tries)
    from paigow.web.accounts import PASSWORD_CHECKS

    result: dict[str, Any] = {"storm": n, "bound": PASSWORD_CHECKS,
                              "load_before": round(os.getloadavg()[0], 1)}
    with tempfile.TemporaryDirectory(prefix="paigow-storm-") as tmp:
        for label, checks in (("baseline", n), ("bounded", None)):
            db = str(Path(tmp) / f"{label}.sqlite3")
            make_people(db)
            server = Server(db, checks, Path(tmp) / f"{label}.log")
            try:
                result[label] = storm(server, n)
                if label == "bounded":
                    result["wrong_sign_in_ms"] = wrong_sign_ins(server, tries)
            finally:
                server.close()
    result["load_after"] = round(os.getloadavg()[0], 1)
    base, bound = result["baseline"]["grew_mib"], result["bounded"]["grew_mib"]
    result["ratio_grew"] = round(bound / base, 3) if base > 0 else None
    print(json.dumps(result))
    for label in ("baseline", "bounded"):
        r = result[label]
        print(f"{label:9} {n} sign-ins at once: peak RSS {r['peak_before_mib']:.0f} -> "
              f"{r['peak_after_mib']:.0f} MiB (+{r['grew_mib']:.0f}); answers {r['answers']}")
    w = result["wrong_sign_in_ms"]
    print(f"wrong sign-in (median of {tries}): with a password {w['with_password']} ms, "
          f"without {w['without_password']} ms, nobody's name {w['nobody']} ms; "
          f"growth ratio bounded/baseline {result['ratio_grew']}")


if __name__ == "__main__":
    main()
