"""The history database: recording, the schema and its migration, damaged files, crashes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import history
from game.history import schema, synthetic
from game.history.db import open_db
from game.history.record import build, level_of, mode_of
from game.match import Match

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sample() -> list[dict]:
    return synthetic.records(24, seed=5, per_game=1)


def _count(path: Path) -> int:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def test_mode_and_level():
    assert mode_of(1, False) == "ai" and mode_of(2, False) == "party"
    assert mode_of(1, True) == "assisted" and mode_of(3, True) == "assisted"
    assert level_of(["human", "hard", "hard"]) == "hard"
    assert level_of(["human", "hard", "easy"]) == "mixed"
    assert level_of(["human", "human", "human"]) == "none"


def test_recorded_game_reads_back_in_the_save_format_and_replays(tmp_path, sample):
    rec = sample[0]
    r = history.Recorder(tmp_path / "h.db")
    r.record(rec)
    r.close()
    reader = history.HistoryReader.open(tmp_path / "h.db")
    (row,) = reader.recent(limit=5)
    back = reader.record(row["id"])
    reader.close()
    for key in ("version", "game", "seed", "options", "seats", "actions", "winners", "scores",
                "reason", "human_seats", "assisted", "mode", "level", "won", "moves",
                "finished_at", "duration_s", "started_at"):
        assert back[key] == rec[key], key
    assert "actions" not in row
    match = Match.from_json(back)          # the log is a whole save: it replays
    assert list(match.result().winners) == back["winners"]
    assert list(match.result().scores) == back["scores"]
    match.close()


def test_record_from_a_real_match_reads_the_assisted_flag():
    m = synthetic.play_out("ganjifa", 3, 4)
    m.seats[1].kind = "human"
    m.assisted = True                      # what the hints/undo helper sets on the Match
    rec = history.from_match(m, 95.5)
    assert rec["mode"] == "assisted" and rec["assisted"] and rec["human_seats"] == [1]
    assert rec["duration_s"] == 95.5 and rec["moves"] == len(m.log)
    assert rec["started_at"] == pytest.approx(rec["finished_at"] - 95.5)
    assert history.worth_recording(rec)
    m.seats[1].kind = "easy"
    assert not history.worth_recording(history.from_match(m))     # nobody played it


def test_one_batch_is_one_transaction(tmp_path, sample):
    r = history.Recorder(tmp_path / "h.db")
    r.flush()                              # the file is open: the next puts land in one batch
    seen: list[int] = []
    r.before_commit = lambda batch: seen.append(len(batch))
    with r._queue.mutex:                   # queue them all before the thread can take one
        for rec in sample:
            r._queue.queue.append(rec)
            r._queue.unfinished_tasks += 1
        r._queue.not_empty.notify()
    r.close()
    assert seen == [len(sample)]
    assert r.commits == 1 and _count(tmp_path / "h.db") == len(sample)


def test_a_bad_record_does_not_stop_the_writer(tmp_path, sample):
    r = history.Recorder(tmp_path / "h.db")
    r.record({"game": "ganjifa"})          # missing everything
    r.flush()
    r.record(sample[1])
    r.close()
    assert _count(tmp_path / "h.db") == 1


def test_wal_mode_and_version(tmp_path):
    conn, problem = open_db(tmp_path / "h.db")
    assert problem is None
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert schema.version(conn) == schema.VERSION == len(schema.MIGRATIONS)
    assert schema.missing_columns(conn) == {}
    conn.close()


# A v1 file exactly as v1 wrote it (frozen here: a later change to schema._v1 must not
# make this test pass on a file v1 never wrote).
V1_DDL = """CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL,
                                finished_at REAL NOT NULL, record TEXT NOT NULL)"""
V1_KEYS = ("version", "game", "seed", "options", "seats", "actions", "over", "winners",
           "scores", "reason", "details", "assisted", "finished_at", "duration_s")


def _write_v1(path: Path, records: list[dict]) -> None:
    conn = sqlite3.connect(str(path))
    conn.execute(V1_DDL)
    for rec in records:
        v1 = {k: rec[k] for k in V1_KEYS}
        conn.execute("INSERT INTO games (game, finished_at, record) VALUES (?, ?, ?)",
                     (rec["game"], rec["finished_at"], json.dumps(v1)))
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def test_a_v1_file_is_migrated(tmp_path, sample):
    path = tmp_path / "h.db"
    _write_v1(path, sample)
    reader = history.HistoryReader.open(path)
    assert reader.problem is None
    assert schema.version(reader.conn) == schema.VERSION
    assert reader.count() == len(sample)
    # the columns v2 added hold what v2 would have written
    for rec in sample:
        row = reader.conn.execute(
            "SELECT mode, level, won, humans, n_seats, moves FROM games WHERE finished_at = ?",
            (rec["finished_at"],)).fetchone()
        assert row == (rec["mode"], rec["level"], int(rec["won"]), len(rec["human_seats"]),
                       len(rec["seats"]), rec["moves"])
    assert reader.conn.execute("SELECT COUNT(*) FROM records").fetchone()[0] == len(sample)
    n_seats = sum(len(r["seats"]) for r in sample)
    assert reader.conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == n_seats
    stats = reader.stats(sample[0]["game"])
    assert stats.total.played == sum(r["game"] == sample[0]["game"] for r in sample)
    got = reader.record(reader.recent(limit=1)[0]["id"])
    assert got["mode"] in history.MODES and "human_seats" in got
    reader.close()
    # and the writer appends to the migrated file
    r = history.Recorder(path)
    r.record(sample[0])
    r.close()
    assert r.problem is None and _count(path) == len(sample) + 1


def _set_aside(tmp_path: Path, key: str) -> None:
    """The file was moved aside (kept, bytes intact), a message key says why, and a
    fresh database works."""
    path = tmp_path / "h.db"
    before = path.read_bytes()
    r = history.Recorder(path)
    r.flush()
    assert r.problem is not None and r.problem.key == key
    kept = tmp_path / r.problem.kept
    assert kept.name.startswith("h.broken-") and kept.read_bytes() == before
    r.record(synthetic.records(1, seed=2, per_game=1)[0])
    r.close()
    assert _count(path) == 1


def test_garbage_bytes_are_set_aside(tmp_path):
    (tmp_path / "h.db").write_bytes(os.urandom(3000))
    _set_aside(tmp_path, "stats.problem.damaged")


def test_a_truncated_database_is_set_aside(tmp_path, sample):
    r = history.Recorder(tmp_path / "h.db")
    for rec in sample:
        r.record(rec)
    r.close()
    conn = sqlite3.connect(str(tmp_path / "h.db"))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = (tmp_path / "h.db").read_bytes()
    (tmp_path / "h.db").write_bytes(raw[:100] + b"\xff" * 50)     # header kept, schema gone
    _set_aside(tmp_path, "stats.problem.damaged")


def test_another_programs_tables_are_set_aside(tmp_path):
    conn = sqlite3.connect(str(tmp_path / "h.db"))
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()
    _set_aside(tmp_path, "stats.problem.schema")


def test_missing_columns_are_set_aside(tmp_path):
    conn = sqlite3.connect(str(tmp_path / "h.db"))
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute("CREATE TABLE seats (game_id INTEGER)")
    conn.execute(f"PRAGMA user_version = {schema.VERSION}")
    conn.commit()
    conn.close()
    _set_aside(tmp_path, "stats.problem.schema")


def test_a_newer_version_is_set_aside(tmp_path):
    conn, _ = open_db(tmp_path / "h.db")
    conn.execute(f"PRAGMA user_version = {schema.VERSION + 1}")
    conn.close()
    _set_aside(tmp_path, "stats.problem.newer")


def test_the_reader_sets_a_bad_file_aside_too(tmp_path):
    (tmp_path / "h.db").write_bytes(b"not a database at all" * 100)
    reader = history.HistoryReader.open(tmp_path / "h.db")
    assert reader.problem.key == "stats.problem.damaged"
    assert reader.stats("ganjifa").empty and reader.recent() == []
    reader.close()


def test_no_database_at_all_drops_records_quietly(tmp_path, sample):
    (tmp_path / "file").write_text("x")
    r = history.Recorder(tmp_path / "file" / "h.db")     # its folder is a file
    r.record(sample[0])
    r.close()
    assert r.unavailable and r.recorded == 0


_CHILD = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    from game import history
    from game.history import synthetic
    path, mode = Path(sys.argv[1]), sys.argv[2]
    recs = synthetic.records(30, seed=9, per_game=1)
    r = history.Recorder(path)
    for rec in recs[:10]:
        r.record(rec)
    r.flush()                                   # 10 games committed
    if mode == "mid_batch":                     # die inside the next transaction
        r.before_commit = lambda batch: os._exit(3)
        for rec in recs[10:]:
            r.record(rec)
        r.flush()
    else:                                       # die without closing anything
        for rec in recs[10:20]:
            r.record(rec)
        r.flush()
        os._exit(4)
""")


@pytest.mark.parametrize(("mode", "code", "kept"), [("mid_batch", 3, 10), ("abrupt", 4, 20)])
def test_a_crash_loses_nothing_committed(tmp_path, mode, code, kept):
    path = tmp_path / "h.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(path), mode], env=env,
                          cwd=ROOT, timeout=120, capture_output=True, text=True)
    assert proc.returncode == code, proc.stderr
    reader = history.HistoryReader.open(path)
    assert reader.problem is None
    assert reader.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert reader.count() == kept
    assert reader.conn.execute("SELECT COUNT(DISTINCT game_id) FROM seats").fetchone()[0] == kept
    reader.close()


def test_build_refuses_nothing_json_cannot_hold():
    rec = build({"version": 1, "game": "kowah", "seed": 3, "options": {}, "seats": ["human", "easy"],
                 "actions": [], "over": True}, [0], [2, 0], "x", {"t": (1, 2), "o": object()})
    json.dumps(rec)
    assert rec["details"]["t"] == [1, 2]
