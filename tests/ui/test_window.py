"""The window keeps a sensible minimum size, and a table says which deal it is."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match, Seat
from scenes.core import fonts, session
from scenes.core.app import MIN_SIZE
from tests.ui.helpers import make_app


@pytest.mark.parametrize("size", [(1, 1), (50, 40), (639, 900), (2000, 10)])
def test_a_resize_below_the_minimum_is_answered_with_the_minimum(size):
    app = make_app()
    app.stack.push(session.make_table(app, Match("kowah", [Seat("human"), Seat("normal"), Seat("normal")], 4),
                                      fresh=True))
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    for _ in range(3):
        app.step()
    assert app.size == (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_the_table_shows_the_deal_number(game, monkeypatch):
    app = make_app(lang="vi")
    app.stack.push(session.make_table(app, Match(game, [Seat("human"), Seat("normal"), Seat("normal")], 12345,
                                                 {"time": "day"} if game == "ganjifa" else {}), fresh=True))
    drawn: list[str] = []
    real = fonts.text
    monkeypatch.setattr(fonts, "text", lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1])
    app.step()
    assert "Ván số 12345" in drawn


def test_flags_are_for_one_run_only(tmp_path, monkeypatch):
    """``--speed`` and ``--lang`` used to be written into settings.json on exit."""
    from scenes.core.app import LaunchOptions, run
    from scenes.core.settings_store import Settings
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    before = Settings.load()
    run(LaunchOptions(speed=0.25, lang="en" if before.lang == "vi" else "vi", frames=2, fps=0))
    after = Settings.load()
    assert (after.anim_speed, after.ai_speed, after.lang) == (before.anim_speed, before.ai_speed, before.lang)


def test_every_table_on_the_menu_has_its_own_rules():
    """F1 at a table opens that game's rules (a new game once opened Ganjifa's)."""
    from scenes.screens.rules_doc import rule_games
    from scenes.tables import registry as tables
    for game in tables.playable():
        assert tables.table_class(game).rules_game == game and game in rule_games(), game
