"""Menu → setup → table, settings that persist, rules viewer, resizing."""

from __future__ import annotations

import pygame

from scenes.core.boot import first_scene
from scenes.core.settings_store import Settings
from scenes.screens.menu import MenuScene
from scenes.screens.rules_viewer import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.tables.ganjifa import GanjifaTable
from tests.ui.helpers import click, key, make_app


def test_menu_to_setup_to_table():
    app = make_app()
    app.stack.push(MenuScene(app))
    app.step()
    menu = app.stack.top
    ganjifa = next(b for b in menu.row.buttons if "Ganjifa" in b.label)
    click(ganjifa.rect.center)
    app.step()
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    seat2 = setup.rows[1]
    before = setup.seats[1]
    click(seat2.button.rect.center)           # cycle the level of seat 2
    app.step()
    assert setup.seats[1] != before
    time_row = next(r for r in setup.rows if getattr(r, "values", None) == ["day", "night"])
    was = setup.options["time"]
    click(time_row.button.rect.center)
    app.step()
    assert setup.options["time"] != was
    click(setup.start_button.rect.center)
    app.step()
    table = app.stack.top
    assert isinstance(table, GanjifaTable)
    assert [s.kind for s in table.match.seats] == setup.seats
    assert table.match.options["time"] == setup.options["time"]


def test_settings_persist_across_launches():
    app = make_app()
    app.stack.push(SettingsScene(app))
    app.step()
    scene = app.stack.top
    lang_row = scene.rows[0]
    start = app.settings.lang
    click(lang_row.button.rect.center)
    app.step()
    assert app.settings.lang != start
    volume_row = next(r for r in scene.rows if r.values[-1] == 1.0 and 0.0 in r.values)
    click(volume_row.button.rect.center)
    app.step()
    key(pygame.K_ESCAPE)
    app.step()
    loaded = Settings.load()
    assert loaded.lang == app.settings.lang
    assert loaded.volume == app.settings.volume


def test_f1_opens_rules_in_the_current_language_and_closes():
    app = make_app(game="ganjifa", seats="human,random,random", seed=1, lang="vi")
    app.stack.push(first_scene(app))
    app.step()
    key(pygame.K_F1)
    app.step()
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game == "ganjifa"
    lines = rules._build()
    assert any("Mục tiêu" in text for _, text in lines)
    key(pygame.K_ESCAPE)
    app.step()
    assert isinstance(app.stack.top, GanjifaTable)


def test_window_resize_relayouts_the_table():
    app = make_app(game="ganjifa", seats="human,random,random", seed=1)
    app.stack.push(first_scene(app))
    app.step()
    table = app.stack.top
    assert table.D == round(17 * 7.2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.step()
    assert app.size == (1920, 1080)
    assert table.D == round(17 * 10.8)
    assert all(s.centre[1] < 1080 for s in table.slots)
