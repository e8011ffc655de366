"""The browser table in a real browser: Playwright driving Debian's Chromium.

``paigow serve`` runs in a subprocess on a free localhost port; two browser contexts (two
people, two cookie jars) join, bet, one asks for a hint and sees the EVs, both set their
hands, and both see the reveal. A screenshot goes to /tmp/paigow-web-table.png.

Skipped (with the reason) when /usr/bin/chromium or the playwright package is missing,
except under ``CI=true``, where that is a failure. Never runs ``playwright install``.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOT = Path("/tmp/paigow-web-table.png")


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (required when CI=true)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "paigow.cli.serve", "--game", "tiles", "--seats", "3",
           "--bankroll", "500", "--seed", "3", "--db", str(tmp_path / "web.sqlite3"),
           "--host", "127.0.0.1", "--port", str(port)]
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/api/state", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > end:
                raise AssertionError("paigow serve did not start: "
                                     + (tmp_path / "serve.log").read_text())
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_two_people_play_a_round_in_chromium(server: str) -> None:
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            pages: list[Any] = []
            for name in ("Ann", "Bob"):
                ctx = browser.new_context(viewport={"width": 1100, "height": 900})
                page = ctx.new_page()
                page.goto(server)
                page.fill("#join-name", name)
                page.click("#join-button")
                expect(page.locator("#me h2")).to_contain_text(name)
                pages.append(page)
            ann, bob = pages
            for page, amount in ((ann, "10"), (bob, "12.50")):
                page.locator("#bet-amount").fill(amount)
                page.click("#bet-button")
            for page in pages:
                expect(page.locator("button.setting").first).to_be_visible(timeout=15_000)
            # each sees their own hand only, no reveal yet
            assert ann.locator("#last").is_hidden()
            # Ann asks for the hint: every setting gets its exact EV, one marked best
            ann.click("#hint-button")
            expect(ann.locator(".hint .ev").first).to_be_visible(timeout=30_000)
            n_settings = ann.locator("button.setting").count()
            assert ann.locator(".hint .ev").count() == n_settings
            assert ann.locator(".hint .best").count() == 1
            assert re.search(r"of 20,475", ann.locator(".hint").first.inner_text())
            ann.screenshot(path=str(SHOT.with_name("paigow-web-hint.png")), full_page=True)
            # Ann plays the best setting, Bob the house way
            ann.locator("button.setting", has=ann.locator(".best")).click()
            bob.click("#house-button")
            for page in pages:
                expect(page.locator("#last")).to_contain_text("the reveal", timeout=15_000)
                expect(page.locator("#last table.reveal tr")).to_have_count(5)  # 1 + banker + 3
            text = ann.locator("#last").inner_text()
            assert "seat 1 · you" in text and "seat 2" in text and "banker" in text
            # the next round's bet box is back, and the balances moved by the results
            expect(ann.locator("#bet-amount")).to_be_visible()
            ann.screenshot(path=str(SHOT), full_page=True)
        finally:
            browser.close()
