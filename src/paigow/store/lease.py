"""Leases on sessions of a SQLite ledger: a lock the operating system drops when the
process that holds it dies, however it dies.

The store that starts a session creates ``<db>.leases/session-<id>`` and holds an
exclusive ``flock`` on it for as long as the store is open. The kernel releases a
``flock`` when the last descriptor of its open file goes away — at ``close``, at exit,
at ``SIGKILL``; a killed process that is not reaped yet (a zombie) has already closed its
files. Nothing here reads a process id, so a reused PID, a PID of an unrelated live
process, or a zombie cannot keep a dead table's round open.

Whether a session's table is gone is asked by trying the lock without waiting
(:meth:`Leases.claim`): taken, the table is gone and the claimer holds the lease while it
voids the round; refused, a live store still holds it. ``flock`` locks belong to an open
file, not to a process, so two stores in one process exclude each other too. A lease
file that is missing means nobody holds it (its session was started before leases
existed, or its store closed cleanly and removed it).

POSIX only (``fcntl.flock``); SQLite on a network file system is unsafe anyway.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from paigow.errors import PaigowError, TablesServedError


class Leases:
    """The lease files of one SQLite ledger (``<db>.leases/``)."""

    def __init__(self, db_path: str) -> None:
        self.db_path = db_path
        self.folder = Path(db_path + ".leases")
        self._held: dict[int, int] = {}  # session id -> descriptor holding its lock
        self._tables: int | None = None  # the descriptor holding the tables' lease

    def path(self, session_id: int) -> Path:
        """The lease file of ``session_id``."""
        return self.folder / f"session-{session_id}"

    def hold(self, session_id: int) -> None:
        """Take the lease of a session this store starts, held until :meth:`release`."""
        if session_id in self._held:
            return
        self.folder.mkdir(exist_ok=True)
        fd = os.open(self.path(session_id), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise PaigowError(f"session {session_id}'s lease is held by another table") from None
        self._held[session_id] = fd

    def hold_tables(self) -> None:
        """Take the lease of serving the ledger's browser tables (``<db>.leases/tables``),
        held until :meth:`release`: one ``paigow serve`` on a SQLite ledger at a time."""
        if self._tables is not None:
            return
        self.folder.mkdir(exist_ok=True)
        fd = os.open(self.folder / "tables", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise TablesServedError(self.db_path) from None
        self._tables = fd

    def holds(self, session_id: int) -> bool:
        """Whether this store holds the session's lease."""
        return session_id in self._held

    @contextlib.contextmanager
    def claim(self, session_id: int) -> Iterator[bool]:
        """``True`` (and the lease held until the block ends, then removed) when no live
        store holds the session's lease; ``False`` when one does."""
        if session_id in self._held:
            yield False
            return
        try:
            fd = os.open(self.path(session_id), os.O_RDWR | os.O_CLOEXEC)
        except FileNotFoundError:
            yield True
            return
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                yield False
                return
            yield True
            with contextlib.suppress(OSError):
                self.path(session_id).unlink()  # still locked by us: nobody else needs it
        finally:
            os.close(fd)

    def release(self) -> None:
        """Give up every lease this store holds (and remove their files)."""
        for session_id, fd in list(self._held.items()):
            with contextlib.suppress(OSError):
                self.path(session_id).unlink()
            os.close(fd)
        self._held.clear()
        if self._tables is not None:  # its file stays: removing it could let two take it
            os.close(self._tables)
            self._tables = None
        with contextlib.suppress(OSError):
            self.folder.rmdir()  # only when empty
