"""The Dask path and the local path give the same exact counts; checkpoints resume.

A local Dask cluster in this process (``LocalCluster(processes=False)``, two small
workers) stands in for a real one: the library takes any
:class:`concurrent.futures.Executor`, and a Dask client's ``get_executor()`` is one.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from math import comb
from pathlib import Path

import pytest

from paigow.analysis import poker_jobs
from paigow.analysis.poker_jobs import CheckpointError
from paigow.analysis.poker_sim import simulate
from paigow.analysis.poker_sweep import sample_hands, suit_class_count, suit_classes, sweep
from paigow.poker.cards import parse_cards

distributed = pytest.importorskip("distributed")

# whole ranks (closed under suit permutations) and the joker: 17 cards
DECK = parse_cards("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc 7s 7h 7d 7c Jk")


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()


def test_simulate_dask_equals_local(executor: Executor) -> None:
    kw = {"rounds": 3 * 4096 + 100, "seed": 42, "chunk_rounds": 4096}
    local = simulate(**kw)  # type: ignore[arg-type]
    remote = simulate(executor=executor, **kw)  # type: ignore[arg-type]
    assert (local.win, local.push, local.lose) == (remote.win, remote.push, remote.lose)
    assert local.rounds == kw["rounds"]


def test_simulate_same_counts_with_one_thread() -> None:
    import numba

    kw = {"rounds": 5000, "seed": 7, "chunk_rounds": 2048}
    two = simulate(**kw)  # type: ignore[arg-type]
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        one = simulate(**kw)  # type: ignore[arg-type]
    finally:
        numba.set_num_threads(before)
    assert (one.win, one.push, one.lose) == (two.win, two.push, two.lose)


def test_sweep_dask_equals_local(executor: Executor) -> None:
    hands = sample_hands(12, 3, DECK)
    kw = {"deck": DECK, "chunk": 5, "cache": False}
    local = sweep(hands, **kw)  # type: ignore[arg-type]
    remote = sweep(hands, executor=executor, **kw)  # type: ignore[arg-type]
    assert local == remote
    assert local.optimal.edge <= local.house.edge
    assert local.house.win + local.house.push + local.house.lose == 12 * comb(10, 7)


def test_suit_classes_cover_every_hand_once() -> None:
    hands, sizes = suit_classes(DECK)
    assert sum(sizes) == comb(len(DECK), 7)
    assert len(hands) == len(set(map(tuple, hands)))
    # Burnside on the full deck agrees with known counts (no joker: 6,009,159)
    assert suit_class_count(7, joker=False) == 6_009_159


def test_suit_class_sweep_is_exact_over_every_hand() -> None:
    """Weighting one hand per suit class by its size gives the sum over all hands: here
    checked against an unweighted sweep over every hand of a tiny deck that holds four
    of a kind (a set of hands closed under suit permutations, so a union of whole
    classes: 880 hands, where all 11,440 would take minutes on a busy machine)."""
    deck = parse_cards("As Ah Ad Ac Ks Kh Kd Kc 7s 7h 7d 7c 2s 2h 2d 2c")
    quads = [frozenset(parse_cards(f"{r}s {r}h {r}d {r}c")) for r in "AK72"]

    def has_quads(hand: list[int]) -> bool:
        return any(q <= set(hand) for q in quads)

    reps, weights = suit_classes(deck)
    kept = [(h, w) for h, w in zip(reps, weights, strict=True) if has_quads(h)]
    hands, sizes = [h for h, _ in kept], [w for _, w in kept]
    every_hand = [h for h in _all(deck) if has_quads(h)]
    assert sum(sizes) == len(every_hand) == 4 * comb(12, 3)
    classes = sweep(hands, sizes, deck=deck, mode="suit-classes", chunk=64, cache=False)
    every = sweep(every_hand, deck=deck, chunk=512, cache=False)
    assert classes.house.edge == every.house.edge
    assert classes.optimal.edge == every.optimal.edge


def _all(deck: tuple[int, ...]) -> list[list[int]]:
    from itertools import combinations

    return [list(h) for h in combinations(deck, 7)]


def test_checkpoint_resumes_and_refuses_another_job(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    ck = tmp_path / "sim.json"
    kw = {"rounds": 3 * 2048, "seed": 9, "chunk_rounds": 2048, "checkpoint": ck}
    first = simulate(**kw)  # type: ignore[arg-type]
    assert ck.exists()

    def boom(*args: object, **kwargs: object) -> None:
        raise AssertionError("a finished chunk was run again")

    monkeypatch.setattr("paigow.analysis.poker_sim.simulate_chunk", boom)
    again = simulate(**kw)  # type: ignore[arg-type]
    assert (again.win, again.push, again.lose) == (first.win, first.push, first.lose)
    with pytest.raises(CheckpointError, match="another job"):
        simulate(rounds=3 * 2048, seed=10, chunk_rounds=2048, checkpoint=ck)


def test_interrupted_run_keeps_finished_chunks(tmp_path: Path) -> None:
    ck = tmp_path / "jobs.json"
    calls: list[int] = []

    def task(spec: object, chunk: int) -> tuple[int, ...]:
        if chunk == 2 and not calls:
            calls.append(chunk)
            raise KeyboardInterrupt
        return (chunk, 1)

    job = {"kind": "test"}
    with pytest.raises(KeyboardInterrupt):
        poker_jobs.run_chunks(task, None, [0, 1, 2, 3], job, checkpoint=ck)
    assert poker_jobs.load_checkpoint(ck, job) == {0: (0, 1), 1: (1, 1)}
    out = poker_jobs.run_chunks(task, None, [0, 1, 2, 3], job, checkpoint=ck)
    assert out == [(0, 1), (1, 1), (2, 1), (3, 1)]


def test_cli_scheduler_address_runs_simulate_and_sweep_on_the_cluster(tmp_path: Path) -> None:
    """``--scheduler ADDRESS`` on the command line: a Dask cluster listening on localhost
    runs the chunks, and the counts equal the same command run locally."""
    import json

    from typer.testing import CliRunner

    from paigow.cli import app

    runner = CliRunner()
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
        host="127.0.0.1", dashboard_address=None,
    )
    try:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        deck = " ".join(["As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc 7s 7h 7d 7c Jk"])
        for args in (
            ["poker", "simulate", "--player", "house", "--dealer", "house", "--rounds", "9000",
             "--seed", "5", "--json"],
            ["poker", "sweep", "--sample", "4", "--seed", "3", "--deck", deck, "--json"],
        ):
            local = runner.invoke(app, args)
            remote = runner.invoke(app, [*args, "--scheduler", address,
                                         "--checkpoint", str(tmp_path / f"{args[1]}.json")])
            assert local.exit_code == 0 and remote.exit_code == 0, local.output + remote.output
            a, b = json.loads(local.stdout), json.loads(remote.stdout)
            for part in ("win", "push", "lose"):
                assert a.get(part, a.get("house", {}).get(part)) == b.get(
                    part, b.get("house", {}).get(part))
    finally:
        cluster.close()
