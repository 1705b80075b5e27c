"""The history database's schema, by version, and the migrations between versions.

The version lives in ``PRAGMA user_version``. A new file is built by running every
migration from 0, so the migrations are exercised on every fresh install, not only on
upgrades. Each migration runs in one transaction with the version bump: a crash during
an upgrade leaves the file at the old version, whole.

v1: one row per game: the game, when it finished, and the whole record as JSON text
    (the save format + the result: :func:`game.history.record.build`).
v2: the columns the statistics filter and count on (mode, opponents' level, won,
    humans, duration, moves…), one row per seat (kind, human, winner, score, share),
    filled in from v1's JSON; the JSON itself in a table of its own (``records``), so
    counting never reads it; indexes for the statistics screen's questions.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from game.history.record import level_of, mode_of, shares
from game.saves import HUMAN_KINDS


def _v1(conn: sqlite3.Connection) -> None:
    conn.execute("""
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            finished_at REAL NOT NULL,
            record TEXT NOT NULL
        )""")


def seat_rows(game_id: int, rec: dict) -> list[tuple]:
    """The ``seats`` table's rows for one record."""
    seats, winners, scores = rec["seats"], rec["winners"], rec["scores"]
    nums = [float(s) if isinstance(s, (int, float)) else 0.0 for s in scores]
    nums += [0.0] * (len(seats) - len(nums))
    part = shares(nums[:len(seats)])
    return [(game_id, i, kind, kind in HUMAN_KINDS, i in winners, nums[i], part[i])
            for i, kind in enumerate(seats)]


def columns(rec: dict) -> tuple:
    """The values of :data:`FILTER_COLUMNS` for one record."""
    seed = rec["seed"] if isinstance(rec["seed"], int) and abs(rec["seed"]) < 2**63 else None
    return (seed, rec["mode"], rec["level"], rec["won"], len(rec["human_seats"]), len(rec["seats"]),
            rec["assisted"], rec["reason"], rec["started_at"], rec["duration_s"], rec["moves"])


#: What v2 copies out of the record's JSON, to filter and count on.
FILTER_COLUMNS = ("seed", "mode", "level", "won", "humans", "n_seats", "assisted", "reason",
                  "started_at", "duration_s", "moves")


def _v2(conn: sqlite3.Connection) -> None:
    # The records move to a table of their own: SQLite reads a row's columns in order,
    # so any column stored after a few kilobytes of JSON costs a walk through overflow
    # pages, and the statistics read those columns for thousands of rows.
    conn.execute("""
        CREATE TABLE games_v2 (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            finished_at REAL NOT NULL,
            seed INTEGER,
            mode TEXT NOT NULL,
            level TEXT NOT NULL,
            won INTEGER NOT NULL,
            humans INTEGER NOT NULL,
            n_seats INTEGER NOT NULL,
            assisted INTEGER NOT NULL,
            reason TEXT NOT NULL,
            started_at REAL,
            duration_s REAL,
            moves INTEGER NOT NULL
        )""")
    conn.execute("CREATE TABLE records (game_id INTEGER PRIMARY KEY, record TEXT NOT NULL)")
    conn.execute("""
        CREATE TABLE seats (
            game_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            human INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            score REAL NOT NULL,
            share REAL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""")
    marks = ", ".join("?" * (3 + len(FILTER_COLUMNS)))
    for gid, game, finished, text in conn.execute(
            "SELECT id, game, finished_at, record FROM games").fetchall():
        rec = upgrade_v1_record(json.loads(text))
        conn.execute(f"INSERT INTO games_v2 VALUES ({marks})", (gid, game, finished, *columns(rec)))
        conn.execute("INSERT INTO records VALUES (?, ?)",
                     (gid, json.dumps(rec, ensure_ascii=False, separators=(",", ":"))))
        conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)", seat_rows(gid, rec))
    conn.execute("DROP TABLE games")
    conn.execute("ALTER TABLE games_v2 RENAME TO games")
    conn.execute("CREATE INDEX games_by_mode ON games (game, mode, finished_at)")
    conn.execute("CREATE INDEX games_by_game ON games (game, finished_at)")
    conn.execute("CREATE INDEX games_by_time ON games (finished_at)")


def upgrade_v1_record(rec: dict) -> dict:
    """A v1 record had no mode, level or won: work them out from its seats and result."""
    humans = [i for i, k in enumerate(rec["seats"]) if k in HUMAN_KINDS]
    assisted = bool(rec.get("assisted", False))
    rec.setdefault("human_seats", humans)
    rec.setdefault("assisted", assisted)
    rec.setdefault("mode", mode_of(len(humans), assisted))
    rec.setdefault("level", level_of(rec["seats"]))
    rec.setdefault("won", any(h in rec["winners"] for h in humans))
    rec.setdefault("reason", "")
    rec.setdefault("moves", len(rec.get("actions", ())))
    rec.setdefault("duration_s", 0.0)
    rec.setdefault("started_at", rec["finished_at"] - rec["duration_s"])
    return rec


#: MIGRATIONS[n] takes a file at version n to version n + 1.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2]
VERSION = len(MIGRATIONS)

#: The columns each table must have at the current version (a check on open).
COLUMNS = {
    "games": {"id", "game", "finished_at", *FILTER_COLUMNS},
    "records": {"game_id", "record"},
    "seats": {"game_id", "seat", "kind", "human", "winner", "score", "share"},
}


def version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = VERSION) -> int:
    """Bring the file up to ``target``, one transaction per step; returns the old version.
    The connection must be in autocommit mode (``isolation_level=None``)."""
    start = version(conn)
    for n in range(start, target):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if version(conn) != n:          # another connection migrated meanwhile
                conn.execute("ROLLBACK")
                continue
            MIGRATIONS[n](conn)
            conn.execute(f"PRAGMA user_version = {n + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return start


def missing_columns(conn: sqlite3.Connection) -> dict[str, set[str]]:
    """What the current schema needs and the file lacks (empty: the file is fine)."""
    out: dict[str, set[str]] = {}
    for table, wanted in COLUMNS.items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if wanted - have:
            out[table] = wanted - have
    return out
