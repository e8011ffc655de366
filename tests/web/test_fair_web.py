"""Provably fair deals at the browser table (issue 11): before a round the table shows the
commitment to its secret seed; the reveal shows the seed; the round page re-deals from the
seed and checks it; and the round's public record, downloaded, passes ``paigow verify``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from webkit import Person, play_round, serving, tiles_opts

from paigow.store import open_store


@pytest.mark.parametrize("seeded", [False, True])
def test_commit_then_reveal_then_verify_end_to_end(tmp_path: Path, seeded: bool) -> None:
    opts = tiles_opts(seed=7) if seeded else tiles_opts(seed=None)
    with serving(tmp_path, opts) as (lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        promised = ann.awaiting("bet")["commitment"]
        assert promised and len(promised) == 64
        s = play_round([ann])
        story = s["last"]
        assert story["commitment"] == promised and len(story["seed"]) == 64
        assert s["commitment"] != promised  # the next round has its own sealed deck
        detail = ann.client.get(f"/api/tables/1/rounds/{story['round']}").json()
        assert detail["fair"] == {"checked": True, "fair": True, "differences": [],
                                  "commitment": promised, "seed": story["seed"]}
        r = ann.client.get(f"/api/tables/1/rounds/{story['round']}/record")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        record = r.json()
        session = lobby.get("1").session_id
    store = open_store(str(tmp_path / "web.sqlite3"))
    try:
        stored = store.round(story["round"])
        assert store.rounds(session)[0]["commitment"] == promised
    finally:
        store.close()
    assert stored["seed"] == story["seed"] and stored["commitment"] == promised
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record))
    ok = subprocess.run([sys.executable, "-m", "paigow.cli", "verify", "--record", str(path)],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    # a tampered record (another tile in a hand) is caught by the same command
    hand = record["hands"][-1]["hand"].split()
    record["hands"][-1]["hand"] = " ".join(hand[1:] + hand[:1]) if len(set(hand)) > 1 \
        else record["hands"][-1]["hand"]
    record["dice"] = [(record["dice"][0] % 6) + 1, *record["dice"][1:]]
    path.write_text(json.dumps(record))
    bad = subprocess.run([sys.executable, "-m", "paigow.cli", "verify", "--record", str(path)],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 1, bad.stdout + bad.stderr
