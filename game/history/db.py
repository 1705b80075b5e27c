"""Opening the history database: WAL, the schema check, migrations, and setting a bad
file aside (with a message key for the player) instead of failing.

Whatever the file holds — garbage bytes, another program's tables, a version from a
newer release — :func:`open_db` returns a usable connection (a fresh file if it had to)
and says what it did in a :class:`HistoryProblem`; it raises only when not even a
fresh file can be made (:class:`HistoryUnavailable`: a read-only or full disk).
"""

from __future__ import annotations

import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from game.history import schema
from game.storage import move_aside, user_dir

log = logging.getLogger(__name__)
FILE_NAME = "history.db"
SIDE_FILES = ("-wal", "-shm")     # SQLite's companions of a WAL database


def db_path() -> Path:
    """The player's history database (in the user data folder)."""
    return user_dir() / FILE_NAME


@dataclass(frozen=True)
class HistoryProblem:
    """A database that was set aside. ``key`` (under ``stats.problem`` in data/i18n) says
    why, ``kept`` names the file it was kept as (None if it could not be moved)."""

    key: str
    detail: str
    kept: str | None


class HistoryUnavailable(Exception):
    """No database can be opened or created (the folder is read-only, the disk full…)."""


class _Bad(Exception):
    def __init__(self, key: str, detail: str) -> None:
        super().__init__(detail)
        self.key = key


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode with the project's pragmas (no schema check)."""
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=10.0)
    conn.execute("PRAGMA busy_timeout = 10000")
    return conn


#: SQLite errors that say the file cannot be opened or written now (a read-only folder or
#: file, a full disk, a lock, an I/O error), not that its bytes are wrong: such a file is
#: never set aside as broken.
BLOCKED = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_IOERR",
           "SQLITE_FULL", "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_NOMEM", "SQLITE_NOLFS")


def blocked(err: BaseException) -> bool:
    """Whether a sqlite3 error is about access to the file, not its content."""
    name = getattr(err, "sqlite_errorname", None) or ""
    if name.startswith(BLOCKED):
        return True
    text = str(err).lower()     # a fake or wrapped error without the code: its message
    return any(w in text for w in ("readonly", "read-only", "unable to open", "disk is full",
                                   "disk i/o", "database is locked"))


def _check(conn: sqlite3.Connection) -> None:
    """Refuse a file that is not ours or not readable; migrate an older one of ours. An
    error that only says the file cannot be opened or written now propagates as it is."""
    try:
        _check_content(conn)
    except sqlite3.Error as err:
        if blocked(err):
            raise
        raise _Bad("stats.problem.damaged", str(err)) from err


def _check_content(conn: sqlite3.Connection) -> None:
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        found = schema.version(conn)
    except sqlite3.DatabaseError as err:
        if blocked(err):
            raise
        raise _Bad("stats.problem.damaged", str(err)) from err
    if found > schema.VERSION:
        raise _Bad("stats.problem.newer", f"version {found}, this program knows {schema.VERSION}")
    if found == 0 and tables:
        raise _Bad("stats.problem.schema", f"unversioned tables {sorted(tables)}")
    try:
        missing = schema.missing_columns(conn) if found == schema.VERSION else {}
        if missing:                         # checked before anything writes to the file
            raise _Bad("stats.problem.schema", f"missing columns {missing}")
        schema.migrate(conn)
        missing = schema.missing_columns(conn)
    except sqlite3.Error as err:
        if blocked(err):
            raise
        if isinstance(err, sqlite3.OperationalError):   # no such table / column: not our v<found>
            raise _Bad("stats.problem.schema", f"migration failed: {err}") from err
        raise _Bad("stats.problem.damaged", str(err)) from err
    except (ValueError, TypeError, KeyError, AttributeError) as err:   # a v1 row not ours
        raise _Bad("stats.problem.schema", f"migration failed: {err}") from err
    if missing:
        raise _Bad("stats.problem.schema", f"missing columns {missing}")
    if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
        log.warning("history: WAL journal refused; using the default journal")


def open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to an intact database of this version that cannot be opened
    for writing (a read-only folder or file). Tries ``mode=ro`` first, then ``immutable``
    (a WAL file in a read-only folder has no ``-shm`` to share, and none can be made).
    Raises :class:`HistoryUnavailable` if neither reads it as ours."""
    if not path.is_file():
        raise HistoryUnavailable(f"{path}: not a file")
    uri = path.resolve().as_uri()
    last: Exception | None = None
    for flags in ("mode=ro", "immutable=1"):
        conn = None
        try:
            conn = sqlite3.connect(f"{uri}?{flags}", uri=True, isolation_level=None, timeout=10.0)
            if schema.version(conn) != schema.VERSION or schema.missing_columns(conn):
                raise HistoryUnavailable(f"{path}: not a version-{schema.VERSION} statistics file")
            conn.execute("SELECT COUNT(*) FROM games").fetchone()
            return conn
        except sqlite3.Error as err:
            last = err
            if conn is not None:
                conn.close()
        except HistoryUnavailable:
            if conn is not None:
                conn.close()
            raise
    raise HistoryUnavailable(f"{path}: {last}")


def set_aside(path: Path) -> str | None:
    """Move the database and its WAL companions aside; the new name (None if it failed)."""
    try:
        target = move_aside(path)
    except OSError as err:
        log.error("history: could not move %s aside: %s", path, err)
        return None
    for suffix in SIDE_FILES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            try:
                os.replace(side, target.with_name(target.name + suffix))
            except OSError as err:
                log.error("history: could not move %s aside: %s", side, err)
    return target.name


def open_db(path: Path | None = None) -> tuple[sqlite3.Connection, HistoryProblem | None]:
    """A checked, migrated connection, and what had to be set aside to get it."""
    path = db_path() if path is None else Path(path)
    problem: HistoryProblem | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = connect(path)
    except (OSError, sqlite3.Error) as err:
        raise HistoryUnavailable(f"{path}: {err}") from err
    try:
        _check(conn)
        return conn, None
    except _Bad as bad:
        conn.close()
        log.warning("history: %s set aside (%s)", path.name, bad)
        problem = HistoryProblem(bad.key, str(bad), set_aside(path))
        if problem.kept is None:
            raise HistoryUnavailable(f"{path}: {bad}") from bad
    except sqlite3.Error as err:            # locked for good, I/O error…
        conn.close()
        raise HistoryUnavailable(f"{path}: {err}") from err
    try:
        conn = connect(path)
        _check(conn)
    except (OSError, sqlite3.Error, _Bad) as err:
        raise HistoryUnavailable(f"{path}: {err}") from err
    return conn, problem
