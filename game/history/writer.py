"""The one writer: a background thread that owns the database's only writing connection.

:meth:`Recorder.record` puts a finished game on a queue and returns at once (the frame
loop never waits for the disk). The thread opens (checks, migrates) the database, then
takes whatever is queued — one game, or thousands in a benchmark — and inserts it in
one transaction. A transaction is committed whole or not at all, so a crash, even in
the middle of a batch, loses nothing committed before it; :meth:`flush` waits until
everything queued so far is committed.
"""

from __future__ import annotations

import json
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from game.history.db import HistoryProblem, HistoryUnavailable, db_path, open_db
from game.history.schema import FILTER_COLUMNS, columns, seat_rows

log = logging.getLogger(__name__)
MAX_BATCH = 2000         # games per transaction at most (a benchmark queues thousands)
_STOP = object()
_OPEN = object()         # queued first: flush() waits for the database to be open
_COLUMNS = ("id", "game", "finished_at", *FILTER_COLUMNS)
_INSERT = f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})"
# Built once, without the cycle check (a record is fresh plain data, see record.build):
# encoding the logs is most of a batch's cost.
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def game_row(game_id: int, rec: dict) -> tuple:
    """The ``games`` row of a record (see :func:`game.history.record.build`)."""
    return (game_id, rec["game"], rec["finished_at"], *columns(rec))


def insert(conn: sqlite3.Connection, records: list[dict]) -> list[int]:
    """Insert records inside the caller's write transaction (the only writer, so the
    ids after the largest one are free); returns their ids."""
    base = conn.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()[0]
    ids = list(range(base + 1, base + 1 + len(records)))
    conn.executemany(_INSERT, [game_row(gid, rec) for gid, rec in zip(ids, records, strict=True)])
    conn.executemany("INSERT INTO records VALUES (?, ?)",
                     [(gid, _dumps(rec)) for gid, rec in zip(ids, records, strict=True)])
    conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                     [row for gid, rec in zip(ids, records, strict=True)
                      for row in seat_rows(gid, rec)])
    return ids


class Recorder:
    """Records finished games on its own thread. ``problem`` says (once the database is
    open: after :meth:`flush`) whether a bad file had to be set aside; ``unavailable``
    whether no database could be had at all (then records are dropped, with a log line)."""

    def __init__(self, path: Path | None = None, synchronous: str = "FULL") -> None:
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
        self.path = db_path() if path is None else Path(path)
        self.synchronous = synchronous
        self.problem: HistoryProblem | None = None
        self.unavailable: str | None = None
        self.write_seconds = 0.0            # wall time spent encoding, inserting, committing
        self.write_cpu_seconds = 0.0        # ... of it, on this thread's CPU (not waiting)
        self.commits = 0
        self.recorded = 0
        self.before_commit: Callable[[list[dict]], None] | None = None   # tests: crash here
        self._queue: queue.Queue = queue.Queue()
        self._closed = False
        self._queue.put(_OPEN)
        self._thread = threading.Thread(target=self._run, name="history-writer", daemon=True)
        self._thread.start()

    def record(self, record: dict) -> None:
        """Queue one finished game (never blocks, never raises for the disk)."""
        if self._closed:
            raise RuntimeError("the recorder is closed")
        self._queue.put(record)

    def flush(self) -> None:
        """Wait until every game queued so far is committed (or dropped)."""
        self._queue.join()

    def close(self) -> None:
        """Commit what is queued and stop the thread (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(_STOP)
        self._thread.join()

    # ---------------------------------------------------------- the thread
    def _open(self) -> sqlite3.Connection | None:
        try:
            conn, self.problem = open_db(self.path)
        except HistoryUnavailable as err:
            log.error("history: no database, games are not recorded: %s", err)
            self.unavailable = str(err)
            return None
        conn.execute(f"PRAGMA synchronous = {self.synchronous}")
        return conn

    def _run(self) -> None:
        conn = None
        try:
            conn = self._open()
        except Exception:       # noqa: BLE001 - a thread that dies would hang flush()
            log.exception("history: the database could not be opened")
            self.unavailable = "open failed"
        self._queue.get()               # _OPEN
        self._queue.task_done()
        while True:
            item = self._queue.get()
            batch, stop = [], item is _STOP
            if not stop:
                batch.append(item)
            while not stop and len(batch) < MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    stop = True
                else:
                    batch.append(item)
            try:
                if batch and conn is not None:
                    self._write(conn, batch)
            except Exception:       # noqa: BLE001 - the thread must survive a bad record
                log.exception("history: %d game(s) not recorded", len(batch))
            finally:
                for _ in range(len(batch) + (1 if stop else 0)):
                    self._queue.task_done()
            if stop:
                if conn is not None:
                    conn.close()
                return

    def _write(self, conn: sqlite3.Connection, batch: list[dict]) -> None:
        t0, c0 = time.perf_counter(), time.thread_time()
        conn.execute("BEGIN IMMEDIATE")
        try:
            insert(conn, batch)
            if self.before_commit is not None:
                self.before_commit(batch)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        self.write_seconds += time.perf_counter() - t0
        self.write_cpu_seconds += time.thread_time() - c0
        self.commits += 1
        self.recorded += len(batch)
