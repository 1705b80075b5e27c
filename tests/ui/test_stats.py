"""Recording from the app, and the statistics screen driven with synthetic events."""

from __future__ import annotations

import pygame
import pytest

from game import history
from game.history import synthetic
from game.match import Match
from scenes.core import nav
from scenes.core.stack import Scene
from scenes.screens.menu import MenuScene
from scenes.screens.stats import StatsScene, bucket_size
from tests.ui.helpers import click, key, make_app, strings_drawn


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return synthetic.records(60, seed=3, per_game=1)


def _fill(path, recs) -> None:
    r = history.Recorder(path)
    for rec in recs:
        r.record(rec)
    r.close()


def _finished_match(game="ganjifa") -> Match:
    rec = next(r for r in synthetic.records(40, seed=8, per_game=1) if r["game"] == game
               and len(r["human_seats"]) == 1)
    return Match.from_json(rec)


def _finish_on_a_table(app, match) -> None:
    nav.push(app, "table", match, fresh=False)
    for _ in range(30):
        app.step()


def test_a_finished_match_is_recorded_by_the_app(tmp_path):
    app = make_app()
    app.recorder = history.Recorder(tmp_path / "h.db")
    match = _finished_match()
    _finish_on_a_table(app, match)
    app.recorder.flush()
    reader = history.HistoryReader.open(tmp_path / "h.db")
    (row,) = reader.recent()
    rec = reader.record(row["id"])
    reader.close()
    assert rec["actions"] == match.to_json()["actions"] and rec["seats"] == match.to_json()["seats"]
    assert rec["winners"] == list(match.result().winners)
    assert rec["human_seats"] == match.human_seats() and rec["mode"] == "ai"
    app.recorder.close()


def test_the_test_suite_and_autoplay_record_nothing(tmp_path, monkeypatch):
    app = make_app()
    _finish_on_a_table(app, _finished_match())
    assert app.recorder is None and not app.may_record        # CARDTABLE_HISTORY=off here
    monkeypatch.delenv("CARDTABLE_HISTORY")
    assert make_app().may_record
    auto = make_app(autoplay=True)
    assert not auto.may_record
    _finish_on_a_table(auto, _finished_match())
    assert auto.recorder is None
    assert not history.db_path().exists()


def test_a_table_of_ais_only_is_not_recorded(tmp_path):
    app = make_app()
    app.recorder = history.Recorder(tmp_path / "h.db")
    match = _finished_match()
    for seat in match.seats:
        seat.kind = "easy"
    app.record_match(match)
    app.recorder.close()
    assert app.recorder.recorded == 0


def test_menu_has_a_statistics_entry():
    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    app.step()
    (entry,) = [b for b in menu.row.buttons if b.label == "Statistics"]
    click(entry.rect.center)
    app.step()
    assert isinstance(app.stack.top, StatsScene)
    key(pygame.K_ESCAPE)
    app.step()
    assert app.stack.top is menu


@pytest.mark.parametrize("size", [(640, 400), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_empty_state(size, lang):
    app = make_app(size=size, lang=lang)
    scene = nav.push(app, "stats")
    assert scene.stats.empty and scene.watch == []
    drawn = strings_drawn(lambda: scene.draw(app.screen))
    assert scene.__class__.__module__ == "scenes.screens.stats"
    from scenes.core.i18n import t
    assert t("stats.empty_title") in drawn


@pytest.mark.parametrize("size", [(640, 400), (1280, 720), (1920, 1080)])
def test_figures_fit_the_window(tmp_path, records, size):
    _fill(tmp_path / "h.db", records)
    app = make_app(size=size)
    app.recorder = history.Recorder(tmp_path / "h.db")
    scene = nav.push(app, "stats", game="ganjifa")
    app.step()
    screen = pygame.Rect((0, 0), size)
    assert not scene.stats.empty
    for name, r in scene.rects.items():
        assert screen.contains(r), name
    for b in scene.row.buttons:
        assert screen.contains(b.rect), b.label
    for a, b in [("levels", "recent"), ("time", "seats"), ("levels", "time")]:
        assert not scene.rects[a].colliderect(scene.rects[b])
    app.recorder.close()


def test_tabs_and_modes_change_the_figures(tmp_path, records):
    _fill(tmp_path / "h.db", records)
    app = make_app()
    app.recorder = history.Recorder(tmp_path / "h.db")
    scene = nav.push(app, "stats", game="ganjifa")
    app.step()
    want = sum(r["game"] == "kowah" for r in records)
    click(scene.tabs[1].rect.center)
    app.step()
    assert scene.game == "kowah" and scene.stats.total.played == want
    click(scene.modes[2].rect.center)          # party
    app.step()
    assert scene.mode == "party"
    assert scene.stats.total.played == sum(r["game"] == "kowah" and r["mode"] == "party" for r in records)
    key(pygame.K_TAB)                           # keyboard: focus the first tab, Enter
    key(pygame.K_RETURN)
    app.step()
    assert scene.game == "ganjifa"
    app.recorder.close()


def test_watch_appears_only_with_a_replay_scene(tmp_path, records, monkeypatch):
    _fill(tmp_path / "h.db", records)
    app = make_app()
    app.recorder = history.Recorder(tmp_path / "h.db")
    monkeypatch.delitem(nav.SCENES, "replay", raising=False)
    scene = nav.push(app, "stats", game="mascarade")
    app.step()
    assert scene.watch == []
    app.stack.remove(scene)

    opened: list[dict] = []

    class Dummy(Scene):
        def __init__(self, app, record):
            super().__init__(app)
            opened.append(record)

    monkeypatch.setitem(nav.SCENES, "replay", Dummy)
    scene = nav.push(app, "stats", game="mascarade")
    app.step()
    assert scene.watch and len(scene.watch) == min(len(scene.recent), scene._visible_rows())
    first_id = scene.recent[0]["id"]
    click(scene.watch[0].rect.center)
    app.step()
    (record,) = opened
    assert record["id"] == first_id and record["game"] == "mascarade"
    assert record["actions"] and "winners" in record and "seed" in record
    Match.from_json(record).close()            # what the replay scene gets replays
    app.recorder.close()


def test_the_recent_list_scrolls(tmp_path, records):
    _fill(tmp_path / "h.db", records)
    app = make_app(size=(640, 400))
    app.recorder = history.Recorder(tmp_path / "h.db")
    scene = nav.push(app, "stats", game="ganjifa")
    app.step()
    assert len(scene.recent) > scene._visible_rows()
    key(pygame.K_PAGEDOWN)
    app.step()
    assert scene.first == scene._visible_rows() or scene.first == len(scene.recent) - scene._visible_rows()
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    app.step()
    key(pygame.K_HOME)
    app.step()
    assert scene.first == 0
    app.recorder.close()


def test_a_damaged_file_is_reported_not_a_crash(tmp_path):
    (tmp_path / "h.db").write_bytes(b"\x00garbage" * 500)
    app = make_app()
    app.recorder = history.Recorder(tmp_path / "h.db")
    scene = nav.push(app, "stats")
    app.step()
    assert "damaged" in scene.notice and "h.broken-" in scene.notice
    assert scene.notice in strings_drawn(lambda: scene.draw(app.screen))
    app.recorder.close()


def test_bucket_size():
    assert bucket_size(10) == 5 and bucket_size(50) == 10 and bucket_size(100) == 20
    assert bucket_size(800) == 20 and bucket_size(2500) == 100
