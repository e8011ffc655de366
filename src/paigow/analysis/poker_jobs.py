"""Running a long analysis as independent chunks: locally, or on any
:class:`concurrent.futures.Executor` (a Dask cluster's executor included), resumable from a
checkpoint file.

A job is a list of chunks, each a call ``task(spec, chunk)`` returning a tuple of ints
(exact counts). Chunks never depend on where or in which order they run, so the total is
the same with one worker, many, or a cluster. After every finished chunk the checkpoint
(JSON: the job's description and the counts of the chunks done) is rewritten atomically;
rerunning the same job with the same checkpoint skips the chunks already done. A
checkpoint written for another job is refused, never silently mixed in.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from pathlib import Path
from typing import Any

from paigow.analysis import Progress
from paigow.errors import CheckpointError

Counts = tuple[int, ...]




def load_checkpoint(path: Path, job: dict[str, Any]) -> dict[int, Counts]:
    """The chunks already done by ``job`` according to the checkpoint at ``path``."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        saved_job = data["job"]
        done = {int(k): tuple(int(x) for x in v) for k, v in data["done"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CheckpointError(f"cannot read checkpoint {path}: {exc}") from None
    if saved_job != json.loads(json.dumps(job)):
        raise CheckpointError(
            f"checkpoint {path} belongs to another job (different options); "
            "remove it or choose another --checkpoint"
        )
    return done


def save_checkpoint(path: Path, job: dict[str, Any], done: dict[int, Counts]) -> None:
    """Write the checkpoint atomically (a temporary file, then a rename)."""
    tmp = path.with_name(path.name + ".tmp")
    payload = {"job": job, "done": {str(k): list(v) for k, v in sorted(done.items())}}
    tmp.write_text(json.dumps(payload), encoding="utf-8")
    os.replace(tmp, path)


def run_chunks(
    task: Callable[[Any, Any], Counts],
    spec: Any,
    chunks: Sequence[Any],
    job: dict[str, Any],
    weights: Sequence[int] | None = None,
    executor: Executor | None = None,
    checkpoint: Path | None = None,
    on_progress: Progress | None = None,
) -> list[Counts]:
    """Run ``task(spec, chunk)`` for every chunk; the results in chunk order.

    ``job`` describes the job in plain JSON data (it keys the checkpoint). ``weights``
    (default 1 each) is the amount of work of each chunk, for ``on_progress(done,
    total)``. Without an ``executor`` the chunks run here one after another. Ctrl-C
    (``KeyboardInterrupt``) stops between chunks locally; with an executor, pending
    chunks are cancelled. Either way the checkpoint keeps what was finished.
    """
    w = list(weights) if weights is not None else [1] * len(chunks)
    total = sum(w)
    done: dict[int, Counts] = {}
    if checkpoint is not None:
        done = load_checkpoint(checkpoint, job)
        done = {k: v for k, v in done.items() if 0 <= k < len(chunks)}
    finished = sum(w[i] for i in done)
    if on_progress is not None:
        on_progress(finished, total)

    def record(i: int, counts: Counts) -> None:
        nonlocal finished
        done[i] = tuple(int(x) for x in counts)
        finished += w[i]
        if checkpoint is not None:
            save_checkpoint(checkpoint, job, done)
        if on_progress is not None:
            on_progress(finished, total)

    todo = [i for i in range(len(chunks)) if i not in done]
    if executor is None:
        for i in todo:
            record(i, task(spec, chunks[i]))
    else:
        futures: dict[Future[Counts], int] = {
            executor.submit(task, spec, chunks[i]): i for i in todo
        }
        try:
            for fut in as_completed(futures):
                record(futures[fut], fut.result())
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise
    return [done[i] for i in range(len(chunks))]


def sum_counts(results: Sequence[Counts]) -> Counts:
    """Element-wise sum of chunk results.

    >>> sum_counts([(1, 2, 3), (4, 5, 6)])
    (5, 7, 9)
    """
    if not results:
        return ()
    return tuple(sum(col) for col in zip(*results, strict=True))


__all__ = ["CheckpointError", "load_checkpoint", "run_chunks", "save_checkpoint", "sum_counts"]
