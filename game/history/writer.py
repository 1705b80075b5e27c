"""The one writer: a background thread that owns the database's only writing connection.

:meth:`Recorder.record` puts a finished game on a queue and returns at once (the frame
loop never waits for the disk). The thread opens (checks, migrates) the database, then
takes whatever is queued — one game, or thousands in a benchmark — and inserts it in
one transaction. A transaction is committed whole or not at all, so a crash, even in
the middle of a batch, loses nothing committed before it; :meth:`flush` waits until
everything queued so far is committed — or kept.

A write that fails because of the disk (full, read-only, I/O error, locked) does not
drop the games: they stay in :attr:`Recorder.pending` (at most :data:`MAX_PENDING`) and
are written by the next write that works (the next game, :meth:`Recorder.retry`, a retry
every :data:`RETRY_S` seconds on the writer's thread, or the next start). So that a quit
while the disk is full loses nothing either, they are also kept in a small file beside
the database (``history.pending.json``, written atomically), which the next start
writes in and removes: the database file itself must only ever hold whole transactions,
and a JSON file of a few games may still fit where a transaction does not (SQLite needs
room for its journal too); if even that fails, they are kept in memory for the session.
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

from game.history.db import HistoryProblem, HistoryUnavailable, blocked, db_path, open_db
from game.history.schema import FILTER_COLUMNS, columns, seat_rows
from game.storage import SaveError, read_json, write_json_atomic

log = logging.getLogger(__name__)
MAX_BATCH = 2000         # games per transaction at most (a benchmark queues thousands)
MAX_PENDING = 1000       # games kept while the disk refuses them; the oldest go first
RETRY_S = 30.0           # a retry of the pending games this often while nothing else comes
_STOP = object()
_OPEN = object()         # queued first: flush() waits for the database to be open
_RETRY = object()        # write the pending games now
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
    whether no database could be had at all; ``pending`` how many finished games wait
    for the disk (kept, see the module's docstring)."""

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
        self.pending_path = self.path.with_name(self.path.stem + ".pending.json")
        self._pending: list[dict] = []      # games the disk refused, oldest first
        self._from_file: list[dict] = []    # pending games of an earlier run, not yet in
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
        """Wait until every game queued so far is committed (or kept pending, or dropped
        as a bad record)."""
        self._queue.join()

    def retry(self) -> None:
        """Try the pending games again now (on the writer's thread)."""
        if not self._closed:
            self._queue.put(_RETRY)

    @property
    def pending(self) -> int:
        """Finished games waiting for the disk (not in the database yet)."""
        return len(self._pending)

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
        self._load_pending_file()
        if conn is not None and self._pending:
            conn = self._write_pending(conn)
        self._queue.get()               # _OPEN
        self._queue.task_done()
        while True:
            try:
                item = self._queue.get(timeout=RETRY_S if self._pending else None)
                taken = 1
            except queue.Empty:             # a quiet spell with games pending: retry
                item, taken = _RETRY, 0
            batch, stop = [], item is _STOP
            if item is not _STOP and item is not _RETRY:
                batch.append(item)
            while not stop and len(batch) < MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                taken += 1
                if item is _STOP:
                    stop = True
                elif item is not _RETRY:
                    batch.append(item)
            try:
                if batch:
                    self._keep(batch)
                conn = self._write_pending(conn)
            finally:
                for _ in range(taken):
                    self._queue.task_done()
            if stop:
                if conn is not None:
                    conn.close()
                return

    def _keep(self, batch: list[dict]) -> None:
        """Add games to the list to write (all of them: a benchmark queues thousands)."""
        self._pending.extend(batch)

    def _trim(self) -> None:
        """While the disk refuses them, keep at most :data:`MAX_PENDING` games, the newest."""
        if len(self._pending) > MAX_PENDING:
            lost = len(self._pending) - MAX_PENDING
            log.error("history: %d game(s) dropped: more than %d wait for the disk", lost, MAX_PENDING)
            del self._pending[:lost]

    def _write_pending(self, conn: sqlite3.Connection | None) -> sqlite3.Connection | None:
        """Write every pending game (in batches); on a disk error keep the rest and save
        them beside the database. Returns the connection to use next (a new one when the
        database could not be had before)."""
        if not self._pending:
            return conn
        if conn is None:
            conn = self._reopen()
            if conn is None:
                self._trim()
                self._save_pending()
                return None
        while self._pending:
            batch = self._pending[:MAX_BATCH]
            try:
                self._write(conn, self._skip_written(conn, batch))
            except sqlite3.Error as err:
                if blocked(err):
                    self._trim()
                    log.error("history: %d game(s) kept until the disk takes them: %s",
                              len(self._pending), err)
                    self._save_pending()
                    return conn
                log.exception("history: %d game(s) not recorded", len(batch))
            except Exception:       # noqa: BLE001 - the thread must survive a bad record
                log.exception("history: %d game(s) not recorded", len(batch))
            del self._pending[:len(batch)]
            if self._from_file:
                done = {id(r) for r in batch}
                self._from_file = [r for r in self._from_file if id(r) not in done]
        self._save_pending()
        return conn

    def _reopen(self) -> sqlite3.Connection | None:
        """The database, if it can be had now (after it could not at the start)."""
        if self.unavailable is None:
            return None
        try:
            conn, problem = open_db(self.path)
        except HistoryUnavailable:
            return None
        conn.execute(f"PRAGMA synchronous = {self.synchronous}")
        self.unavailable, self.problem = None, self.problem or problem
        return conn

    def _skip_written(self, conn: sqlite3.Connection, batch: list[dict]) -> list[dict]:
        """Leave out games of the pending file that are in the database already (the
        last run committed them, then stopped before removing the file)."""
        if not self._from_file:
            return batch
        from_file = {id(r) for r in self._from_file}
        ours = [r for r in batch if id(r) in from_file]
        if not ours:
            return batch
        have = set(conn.execute("SELECT game, finished_at FROM games WHERE finished_at >= ?",
                                (min(r["finished_at"] for r in ours),)))
        return [r for r in batch
                if id(r) not in from_file or (r["game"], r["finished_at"]) not in have]

    def _save_pending(self) -> None:
        """Keep the pending games in the file beside the database (removed when none)."""
        try:
            if self._pending:
                write_json_atomic(self.pending_path, self._pending)
            elif self.pending_path.exists():
                self.pending_path.unlink()
        except OSError as err:
            log.error("history: pending games kept in memory only: %s", err)

    def _load_pending_file(self) -> None:
        """The games an earlier run could not write, first in line."""
        try:
            data = read_json(self.pending_path, max_bytes=64 * 1024 * 1024)
        except FileNotFoundError:
            return
        except SaveError as err:
            log.error("history: %s ignored: %s", self.pending_path.name, err)
            return
        if not isinstance(data, list):
            log.error("history: %s ignored: not a list of games", self.pending_path.name)
            return
        games = [r for r in data if isinstance(r, dict) and isinstance(r.get("finished_at"), (int, float))
                 and isinstance(r.get("game"), str)]
        self._from_file = games
        self._keep(games)
        self._trim()

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
