"""The statistics screen under database faults: any sqlite3.Error gives a message, never
a crash; an intact file that can only be read (a read-only folder) is shown, with a note
that new games are not recorded, and is never set aside as damaged."""

from __future__ import annotations

import sqlite3

import pytest

from game import history
from game.history import db as history_db
from game.history import queries, synthetic
from scenes.core import nav
from scenes.core.i18n import t
from tests.ui.helpers import make_app, strings_drawn


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return synthetic.records(12, seed=4, per_game=1)


def cantopen() -> sqlite3.OperationalError:
    """What SQLite says about a WAL file in a folder it may not write (no -shm can be made)."""
    err = sqlite3.OperationalError("unable to open database file")
    err.sqlite_errorcode, err.sqlite_errorname = 14, "SQLITE_CANTOPEN"
    return err


class _ReadOnlyFolder:
    """A connection as SQLite gives it in a read-only folder: opening works, every
    statement fails (the shared-memory file cannot be created)."""

    def execute(self, *args, **kwargs):
        raise cantopen()

    executemany = execute

    def close(self) -> None:
        pass


def read_only_folder(monkeypatch) -> None:
    """Read-write opening fails as in a read-only folder (the tests may run as root, who
    can write anywhere); the read-only URI path is SQLite's own."""
    monkeypatch.setattr(history_db, "connect", lambda path: _ReadOnlyFolder())
    monkeypatch.setattr(queries, "connect", lambda path: _ReadOnlyFolder())


def _fill(path, recs) -> None:
    r = history.Recorder(path)
    for rec in recs:
        r.record(rec)
    r.close()


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_folder_named_like_the_database_gives_a_message(tmp_path, records, lang):
    """history.db is a folder and a game was recorded this session: no crash."""
    path = tmp_path / "h.db"
    path.mkdir()
    app = make_app(lang=lang)
    app.recorder = history.Recorder(path)
    app.recorder.record(records[0])
    app.recorder.flush()
    scene = nav.push(app, "stats")
    app.step()
    assert scene.reader is None and scene.notice == t("stats.problem.unavailable")
    assert scene.notice in strings_drawn(lambda: scene.draw(app.screen))
    assert path.is_dir()
    app.recorder.close()


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_an_intact_database_in_a_read_only_folder_is_read_not_set_aside(tmp_path, records,
                                                                        monkeypatch, lang):
    path = tmp_path / "h.db"
    _fill(path, records)
    before = sorted(p.name for p in tmp_path.iterdir())
    read_only_folder(monkeypatch)
    app = make_app(lang=lang)
    app.recorder = history.Recorder(path)
    app.recorder.record(records[0])
    app.recorder.flush()
    assert app.recorder.problem is None and app.recorder.unavailable
    scene = nav.push(app, "stats", game="ganjifa")
    app.step()
    assert scene.reader is not None and scene.reader.read_only
    assert sum(scene.counts.values()) == len(records)
    assert scene.stats.total.played == sum(r["game"] == "ganjifa" for r in records) > 0
    assert scene.notice == t("stats.problem.read_only")
    assert scene.notice in strings_drawn(lambda: scene.draw(app.screen))
    app.recorder.close()
    scene.exit()
    assert sorted(p.name for p in tmp_path.iterdir() if "broken" in p.name) == []
    assert set(before) <= {p.name for p in tmp_path.iterdir()}


def test_the_reader_alone_opens_a_read_only_file_read_only(tmp_path, records, monkeypatch):
    path = tmp_path / "h.db"
    _fill(path, records)
    read_only_folder(monkeypatch)
    reader = history.HistoryReader.open(path)
    assert reader.read_only and reader.problem is None and reader.count() == len(records)
    reader.close()
    assert not [p for p in tmp_path.iterdir() if "broken" in p.name]


@pytest.mark.parametrize("checked", [False, True])
def test_the_reader_raises_history_unavailable_never_a_bare_sqlite_error(tmp_path, checked):
    (tmp_path / "h.db").mkdir()
    with pytest.raises(history.HistoryUnavailable):
        history.HistoryReader.open(tmp_path / "h.db", checked=checked)


def test_a_read_only_file_is_never_set_aside_by_the_writer(tmp_path, records, monkeypatch):
    path = tmp_path / "h.db"
    _fill(path, records[:3])
    raw = path.read_bytes()
    read_only_folder(monkeypatch)
    with pytest.raises(history.HistoryUnavailable):
        history.open_db(path)
    assert path.read_bytes() == raw and not [p for p in tmp_path.iterdir() if "broken" in p.name]


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_games_waiting_for_a_full_disk_are_mentioned_then_written(tmp_path, records, lang):
    path = tmp_path / "h.db"
    app = make_app(lang=lang)
    app.recorder = history.Recorder(path)
    full = {"left": 10**6}

    def disk_full(batch):
        if full["left"]:
            full["left"] -= 1
            raise sqlite3.OperationalError("database or disk is full")

    app.recorder.before_commit = disk_full
    app.recorder.record(records[0])
    app.recorder.flush()
    scene = nav.push(app, "stats")
    app.step()
    assert app.recorder.pending == 1 and t("stats.problem.pending") in scene.notice
    assert scene.notice in strings_drawn(lambda: scene.draw(app.screen))
    scene.close()
    full["left"] = 0                            # room again: opening the screen writes them
    scene = nav.push(app, "stats")
    app.step()
    assert app.recorder.pending == 0 and scene.notice == "" and sum(scene.counts.values()) == 1
    app.recorder.close()
