"""Games finished while the disk is full are kept, not dropped: in memory and in a small
file beside the database, written in when the disk takes them again — on the next game,
a retry, or the next start."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from game import history
from game.history import synthetic, writer


@pytest.fixture(scope="module")
def sample() -> list[dict]:
    return synthetic.records(12, seed=6, per_game=1)


def _count(path: Path) -> int:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        conn.close()


class DiskFull:
    """A before-commit hook: the first ``n`` transactions fail as on a full disk."""

    def __init__(self, n: int) -> None:
        self.left = n

    def __call__(self, batch: list[dict]) -> None:
        if self.left > 0:
            self.left -= 1
            raise sqlite3.OperationalError("database or disk is full")


def test_games_refused_by_a_full_disk_are_kept_and_written_when_it_has_room(tmp_path, sample):
    path = tmp_path / "h.db"
    r = history.Recorder(path)
    r.before_commit = DiskFull(3)
    for rec in sample[:3]:
        r.record(rec)
        r.flush()
    assert r.recorded == 0 and r.pending == 3 and _count(path) == 0
    kept = json.loads(r.pending_path.read_text(encoding="utf-8"))
    assert [g["finished_at"] for g in kept] == [g["finished_at"] for g in sample[:3]]
    r.retry()                                   # the disk has room again
    r.flush()
    assert r.pending == 0 and r.recorded == 3 and _count(path) == 3
    assert not r.pending_path.exists()
    r.close()


def test_the_next_game_writes_the_kept_ones_too(tmp_path, sample):
    path = tmp_path / "h.db"
    r = history.Recorder(path)
    r.before_commit = DiskFull(1)
    r.record(sample[0])
    r.flush()
    assert r.pending == 1
    r.record(sample[1])
    r.close()
    assert r.pending == 0 and _count(path) == 2


def test_a_quit_while_the_disk_is_full_loses_nothing(tmp_path, sample):
    path = tmp_path / "h.db"
    r = history.Recorder(path)
    r.before_commit = DiskFull(10**6)
    for rec in sample[:4]:
        r.record(rec)
    r.close()                                   # the player quits: still full
    assert _count(path) == 0 and r.pending_path.exists()
    again = history.Recorder(path)              # the next start, with room
    again.flush()
    assert again.pending == 0 and _count(path) == 4 and not again.pending_path.exists()
    reader = history.HistoryReader.open(path)
    got = sorted(row["finished_at"] for row in reader.recent(limit=10))
    reader.close()
    assert got == sorted(rec["finished_at"] for rec in sample[:4])
    again.close()


def test_a_pending_file_already_written_is_not_written_twice(tmp_path, sample):
    """The last run committed the games, then stopped before removing the file."""
    path = tmp_path / "h.db"
    r = history.Recorder(path)
    for rec in sample[:2]:
        r.record(rec)
    r.close()
    r.pending_path.write_text(json.dumps(sample[:3]), encoding="utf-8")
    again = history.Recorder(path)
    again.close()
    assert _count(path) == 3 and not again.pending_path.exists()


def test_the_kept_games_are_bounded(tmp_path, sample, monkeypatch):
    monkeypatch.setattr(writer, "MAX_PENDING", 5)
    r = history.Recorder(tmp_path / "h.db")
    r.before_commit = DiskFull(10**6)
    for rec in sample[:8]:
        r.record(rec)
        r.flush()
    assert r.pending == 5
    kept = json.loads(r.pending_path.read_text(encoding="utf-8"))
    assert [g["finished_at"] for g in kept] == [g["finished_at"] for g in sample[3:8]]   # newest
    r.before_commit = None
    r.close()


def test_a_bad_record_is_still_dropped_not_kept(tmp_path, sample):
    r = history.Recorder(tmp_path / "h.db")
    r.record({"game": "kowah"})                 # no fields: not a disk problem
    r.record(sample[0])
    r.close()
    assert r.pending == 0 and not r.pending_path.exists()


def test_a_damaged_pending_file_is_ignored(tmp_path, sample):
    path = tmp_path / "h.db"
    path.with_name("h.pending.json").write_bytes(b"\xff not json")
    r = history.Recorder(path)
    r.record(sample[0])
    r.close()
    assert r.recorded == 1 and _count(path) == 1
