"""The setup screen follows the game's seat range: a Players row adds and removes seat rows,
and a long list of seats goes in two columns so 13 seats stay as readable as 3."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.registry import GameInfo
from scenes.core import nav
from scenes.tables import registry as tables
from scenes.tables.registry import TableInfo
from tests.ui.helpers import key, make_app


@pytest.fixture
def wide(monkeypatch):
    """A 2–13 seat game for the setup screen (Kowah's rules and YAML stand in)."""
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    monkeypatch.setattr(tables, "TABLES", dict(tables.TABLES))
    registry.register(GameInfo("wide", "game.kowah", 2, 13, data=str(registry.info("kowah").data_path)))
    tables.register(TableInfo("wide", "scenes.tables.kowah:KowahTable", ("bottom", "left", "top", "right")))
    return "wide"


def seat_rows(setup) -> list:
    return [r for r in setup.rows if r in setup.seat_rows]


def test_fixed_seat_games_have_no_players_row():
    app = make_app()
    for game in ("ganjifa", "kowah"):
        setup = nav.reset(app, "setup", game)
        assert setup.count_row is None and len(seat_rows(setup)) == 3


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (640, 400)])
def test_thirteen_seats_fit_in_two_columns(wide, size):
    app = make_app(size=size)
    setup = nav.reset(app, "setup", wide)
    app.step()
    assert len(seat_rows(setup)) == 2
    setup.set_seat_count(13)
    app.step()
    rows = setup.rows
    assert len(seat_rows(setup)) == 13
    screen = pygame.Rect((0, 0), size)
    rects = [r.rect for r in rows] + [setup.start_button.rect, setup.back_button.rect]
    for i, a in enumerate(rects):
        assert screen.contains(a), a
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)
    if size[1] >= 720:
        # one column would shrink the unit to h / (28 + 6.6 * 17): about 72 % of it
        assert setup.u >= 0.9 * app.u
        assert all(r.text_fits(setup.u) for r in rows)


def test_players_row_by_keyboard_keeps_the_focus(wide):
    app = make_app()
    setup = nav.reset(app, "setup", wide)
    app.step()
    key(pygame.K_TAB)                   # the Players row is the first
    app.step()
    assert setup.count_row.button.focused
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    app.step()
    assert len(setup.seats) == 4 and len(seat_rows(setup)) == 4
    assert setup.row.buttons[setup.row.focus] is setup.count_row.button
    key(pygame.K_LEFT)
    app.step()
    assert setup.seats == ["human", "normal", "normal"]


@pytest.mark.parametrize("hour_says", ["day", "night"])
def test_the_day_night_suggestion_is_read_through_scenes_setup(monkeypatch, hour_says):
    """The UI monkey fixes the hour by replacing scenes.screens.setup.clock_time_of_day: a new deal
    and a deal again both ask it (not a copy taken when the modules loaded)."""
    import scenes.screens.setup
    from game.match import Match, Seat
    monkeypatch.setattr(scenes.screens.setup, "clock_time_of_day", lambda: hour_says)
    app = make_app()
    assert nav.reset(app, "setup", "ganjifa").options["time"] == hour_says
    match = Match("ganjifa", [Seat("human")] * 3, 5, {"time": "day" if hour_says == "night" else "night"})
    assert nav.reset(app, "deal_again", match).options["time"] == hour_says
