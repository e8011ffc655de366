"""Class "predictable decks" (issue 11): provably fair shuffles.

Before a round the table publishes a commitment to the round's secret seed; the ledger
keeps the commitment from the opening and the seed only from the settlement; anyone can
then deal the round again from the seed and check it (``paigow verify``). Facts checked:

* the construction in docs/security.md, written again here independently (hashlib and
  hmac only), gives the same commitment, deck and dice as the engine;
* the commitment a seat is shown at its bet is the round's, and the seed is not in the
  ledger while the round is open;
* every settled round of a session verifies, through the command, from the ledger and
  from its public record; a tampered seed, hand, dice or deck is detected;
* draws are uniform (every order of three items, every die face, equally often);
* a seed at a table people join is refused unless asked for, with a warning.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from tablekit import BestLowWay, PokerSimple
from typer.testing import CliRunner

from paigow.cli import app
from paigow.errors import PaigowError
from paigow.store import open_store
from paigow.table.chance import (
    FairChance,
    SecureSeeds,
    SeedStream,
    live_table_chance,
    secure_chance,
    seeded_chance,
)
from paigow.table.engine import BetRequest, RoundRecord, Seat, Table
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.tiles_game import TilesGame, WayChooser

runner = CliRunner()

# -- the construction, written again from docs/security.md --------------------------------


def reference_commitment(seed: bytes) -> str:
    return hashlib.sha256(b"paigow.round-seed.v1\x00" + seed).hexdigest()


class ReferenceStream:
    def __init__(self, seed: bytes) -> None:
        self.seed, self.counter, self.pool = seed, 0, b""

    def word(self) -> int:
        while len(self.pool) < 8:
            msg = b"paigow.chance.v1\x00" + self.counter.to_bytes(8, "big")
            self.pool += hmac.new(self.seed, msg, "sha256").digest()
            self.counter += 1
        w, self.pool = self.pool[:8], self.pool[8:]
        return int.from_bytes(w, "big")

    def below(self, n: int) -> int:
        while True:
            x = self.word()
            if x < (1 << 64) - (1 << 64) % n:
                return x % n

    def deal(self, deck: list[Any]) -> tuple[list[Any], list[int]]:
        d = list(deck)
        for i in range(len(d) - 1, 0, -1):
            j = self.below(i + 1)
            d[i], d[j] = d[j], d[i]
        return d, [1 + self.below(6) for _ in range(3)]


@pytest.mark.parametrize("game", [TilesGame(BestLowWay()), PokerGame(PokerSimple())],
                         ids=["tiles", "poker"])
def test_the_engine_deals_exactly_the_documented_construction(game: Any) -> None:
    for k in range(40):
        seed = hashlib.sha256(f"seed {k}".encode()).digest()
        s = SeedStream(seed)
        deck, dice = s.shuffle(game.deck()), s.dice()
        ref_deck, ref_dice = ReferenceStream(seed).deal(list(game.deck()))
        assert deck == ref_deck and list(dice) == ref_dice
    c = FairChance(SecureSeeds(), "secure")
    promised = c.next_commitment
    assert c.start_round() == promised == reference_commitment(bytes.fromhex(c.reveal()))


def test_session_seeds_are_the_documented_derivation() -> None:
    c = seeded_chance(42)
    for k in range(3):
        seed = hashlib.sha256(b"paigow.session-seed.v1\x00" + b"42\x00" + k.to_bytes(8, "big"))
        assert c.start_round() == reference_commitment(seed.digest())


def test_draws_are_uniform() -> None:
    """Every order of three items and every die face, over 6,000 seeds: within 5 standard
    deviations of the expected count (binomial)."""
    orders: Counter[tuple[int, ...]] = Counter()
    faces: Counter[int] = Counter()
    n = 6000
    for k in range(n):
        s = SeedStream(hashlib.sha256(k.to_bytes(4, "big")).digest())
        orders[tuple(s.shuffle([0, 1, 2]))] += 1
        faces.update(s.dice())
    assert len(orders) == 6 and len(faces) == 6
    for counts, total, p in ((orders, n, 1 / 6), (faces, 3 * n, 1 / 6)):
        sd = (total * p * (1 - p)) ** 0.5
        assert all(abs(v - total * p) < 5 * sd for v in counts.values()), counts


def test_secure_tables_never_share_a_commitment_and_seeded_ones_repeat() -> None:
    assert len({secure_chance().next_commitment for _ in range(50)}) == 50
    assert seeded_chance(3).next_commitment == seeded_chance(3).next_commitment


# -- a session, end to end ------------------------------------------------------------------


class Watcher(Bot[Any, Any]):
    """A bot that notes the commitment it is shown at its bet, and looks in the ledger
    while its hand is being set (the round is open then)."""

    def __init__(self, chooser: Any, stake: int, db: Path, log: list[dict[str, Any]]) -> None:
        super().__init__(chooser, stake)
        self.db, self.log = db, log

    def bet(self, request: BetRequest) -> int | None:
        self.log.append({"shown": request.commitment})
        return super().bet(request)

    def choose(self, hand: tuple[Any, ...], banking: bool) -> Any:
        con = sqlite3.connect(self.db)
        (commit, seed), = con.execute(
            "SELECT commitment, seed FROM round WHERE status = 'open'").fetchall()
        con.close()
        self.log[-1].update(open_commitment=commit, open_seed=seed)
        return super().choose(hand, banking)

    def observe(self, record: RoundRecord) -> None:
        self.log[-1]["record"] = record


def _session(db: Path, game: Any, chooser: Any, rounds: int) -> tuple[Table[Any, Any], list[Any]]:
    log: list[dict[str, Any]] = []
    store = open_store(db)
    seats = [Seat(1, "w", "t", 100_000, Watcher(chooser, 500, db, log)),
             Seat(2, "b", "t", 100_000, Bot(chooser, 700, "take")),
             Seat(3, "c", "t", 100_000, Bot(chooser, 300, "cobank"))]
    table = Table(game, seats, chance=secure_chance(), store=store)
    for _ in range(rounds):
        assert table.play_round() is not None
    store.close()
    return table, log


@pytest.mark.parametrize("which", ["tiles", "poker"])
def test_commit_reveal_end_to_end(tmp_path: Path, which: str) -> None:
    db = tmp_path / "fair.sqlite3"
    if which == "tiles":
        game: Any = TilesGame(BestLowWay())
        chooser: Any = WayChooser(BestLowWay())
    else:
        game, chooser = PokerGame(PokerSimple()), StrategyChooser(PokerSimple(), "simple")
    _, log = _session(db, game, chooser, 6)
    for entry in log:
        rec: RoundRecord = entry["record"]
        # published before the bet, kept from the opening, the seed not there while open
        assert entry["shown"] == entry["open_commitment"] == rec.commitment
        assert entry["open_seed"] is None and rec.seed is not None
        assert reference_commitment(bytes.fromhex(rec.seed)) == rec.commitment
    assert len({e["shown"] for e in log}) == len(log)
    for r in open_store(db, readonly=True).rounds():
        res = runner.invoke(app, ["verify", str(r["round"]), "--db", str(db), "--json"])
        assert res.exit_code == 0, res.output
        out = json.loads(res.stdout)
        assert out["fair"] and {"commitment", "dice", "deck"} <= set(out["checked"])
        rep = runner.invoke(app, ["replay", str(r["round"]), "--db", str(db)])
        assert rep.exit_code == 0 and "dealt from its committed seed" in rep.output
    # the text output tells the story
    res = runner.invoke(app, ["verify", "1", "--db", str(db)])
    assert "fair: checked commitment, dice, deck" in res.output


def _history_round(db: Path, n: int) -> dict[str, Any]:
    res = runner.invoke(app, ["history", "--db", str(db), "--json"])
    return dict(json.loads(res.stdout)["rounds"][n])


def test_a_public_record_verifies_and_tampering_is_detected(tmp_path: Path) -> None:
    db = tmp_path / "fair.sqlite3"
    _session(db, TilesGame(BestLowWay()), WayChooser(BestLowWay()), 3)
    rnd = _history_round(db, 1)
    rnd.pop("deck")  # what a player sees: dice and hands, no deck order
    rnd["game"] = "tiles"

    def check(record: dict[str, Any], *extra: str) -> Any:
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record))
        return runner.invoke(app, ["verify", "--record", str(path), *extra])

    ok = check(rnd)
    assert ok.exit_code == 0 and "fair: checked commitment, dice" in ok.output, ok.output
    # another seed (the next round's): not the committed one
    other = _history_round(db, 2)["seed"]
    bad = check(rnd, "--seed", other)
    assert bad.exit_code == 1 and "does not match the commitment" in bad.output
    # a seed changed in one digit
    flipped = rnd["seed"][:-1] + ("0" if rnd["seed"][-1] != "0" else "1")
    assert "does not match the commitment" in check({**rnd, "seed": flipped}).output
    # a hand in the record that the seed did not deal
    hands = rnd["detail"]["hands"]
    swapped = json.loads(json.dumps(rnd))
    swapped["detail"]["hands"][0]["hand"] = hands[1]["hand"]
    res = check(swapped)
    assert res.exit_code == 1 and f"place {hands[0]['place']}: the seed deals" in res.output
    # dice the seed did not throw
    d = rnd["dice"]
    res = check({**rnd, "dice": [d[0] % 6 + 1, d[1], d[2]]})
    assert res.exit_code == 1 and "dice: the seed throws" in res.output
    # a record whose commitment is another one than the one given
    res = check(rnd, "--commitment", _history_round(db, 2)["commitment"])
    assert res.exit_code == 1


def test_a_deck_changed_in_the_ledger_is_caught_by_verify_and_replay(tmp_path: Path) -> None:
    db = tmp_path / "fair.sqlite3"
    _session(db, TilesGame(BestLowWay()), WayChooser(BestLowWay()), 2)
    con = sqlite3.connect(db)
    (deck,), = con.execute("SELECT deck FROM round WHERE id = 2").fetchall()
    cards = json.loads(deck)
    cards[0], cards[-1] = cards[-1], cards[0]
    con.execute("UPDATE round SET deck = ? WHERE id = 2", (json.dumps(cards),))
    con.commit()
    con.close()
    res = runner.invoke(app, ["verify", "2", "--db", str(db)])
    assert res.exit_code == 1 and "deck: the seed's order differs" in res.output
    rep = runner.invoke(app, ["replay", "2", "--db", str(db)])
    assert rep.exit_code == 1 and "NOT dealt from its committed seed" in rep.output


def test_an_open_round_has_no_seed_to_verify(tmp_path: Path) -> None:
    db = tmp_path / "fair.sqlite3"
    _session(db, TilesGame(BestLowWay()), WayChooser(BestLowWay()), 1)
    con = sqlite3.connect(db)
    con.execute("UPDATE round SET status = 'void', seed = NULL WHERE id = 1")
    con.commit()
    con.close()
    res = runner.invoke(app, ["verify", "1", "--db", str(db)])
    assert res.exit_code == 2 and "no revealed seed (it is void" in res.stderr


def test_a_seed_at_a_table_people_join_needs_insecure_seed() -> None:
    with pytest.raises(PaigowError, match=r"--seed 7 would make every deck.*--insecure-seed"):
        live_table_chance(7, False)
    chance, warning = live_table_chance(7, True)
    assert warning is not None and "anyone who learns or guesses it" in warning
    assert chance.next_commitment == seeded_chance(7).next_commitment
    chance, warning = live_table_chance(None, False)
    assert warning is None and chance.label == "secure"
