"""The pause menu (issue 15): settings and rules opened from it come back to it — on Esc
and on their Back button — and its words agree with the title menu's "Continue"."""

from __future__ import annotations

import re

import pygame
import pytest

from game.cards import LANGS
from scenes.core.boot import first_scene
from scenes.core.i18n import strings
from scenes.screens.menu import MenuScene
from scenes.screens.pause import PauseScene
from scenes.screens.rules_viewer import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.tables.base import TableScene
from tests.ui.helpers import click, key, make_app


def table_app(lang: str = "en"):
    app = make_app(game="kowah", seats="human,normal,normal", seed=4, lang=lang)
    app.stack.push(first_scene(app))
    app.step()
    assert isinstance(app.stack.top, TableScene)
    return app


def press(app, k: int) -> None:
    key(k)
    app.step()


def button(scene, label_key: str):
    label = strings(app_lang(scene))[label_key]
    return next(b for b in scene.row.buttons if b.label == label)


def app_lang(scene) -> str:
    return scene.app.settings.lang


def open_pause(app) -> PauseScene:
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    return pause


def test_esc_in_settings_opened_from_the_pause_menu_returns_to_the_pause_menu():
    app = table_app()
    table = app.stack.top
    pause = open_pause(app)
    click(button(pause, "menu.settings").rect.center)
    app.step()
    assert isinstance(app.stack.top, SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is pause, [type(s).__name__ for s in app.stack.scenes]
    press(app, pygame.K_ESCAPE)                     # a second Esc: back to the table
    assert app.stack.top is table


def test_the_settings_back_button_also_returns_to_the_pause_menu():
    app = table_app()
    pause = open_pause(app)
    click(button(pause, "menu.settings").rect.center)
    app.step()
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    click(settings.back.rect.center)
    app.step()
    assert app.stack.top is pause


def test_rules_opened_from_the_pause_menu_return_to_it():
    app = table_app()
    pause = open_pause(app)
    click(button(pause, "menu.rules").rect.center)
    app.step()
    assert isinstance(app.stack.top, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is pause


def test_a_language_changed_in_those_settings_shows_in_the_pause_menu():
    app = table_app("en")
    pause = open_pause(app)
    click(button(pause, "menu.settings").rect.center)
    app.step()
    settings = app.stack.top
    click(settings.rows[0].button.rect.center)      # the language row: English → Tiếng Việt
    app.step()
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is pause and app.settings.lang == "vi"
    assert pause.title == strings("vi")["pause.title"]
    assert pause.row.buttons[0].label == strings("vi")["pause.resume"]
    assert pause.panel.collidepoint(pause.row.buttons[0].rect.center)


def test_settings_from_the_title_menu_return_to_the_menu():
    app = make_app()
    app.stack.push(MenuScene(app))
    app.step()
    menu = app.stack.top
    click(button(menu, "menu.settings").rect.center)
    app.step()
    assert isinstance(app.stack.top, SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is menu


@pytest.mark.parametrize("lang", LANGS)
def test_the_pause_menu_and_the_title_menu_say_continue_with_the_same_words(lang):
    s = strings(lang)
    word = s["pause.resume"]
    quoted = re.findall(r"“([^”]+)”", s["pause.saved"]) + re.findall(r"“([^”]+)”", s["menu.quit_body"])
    assert quoted and all(q == word for q in quoted), (word, quoted)
    assert s["menu.continue"].startswith(word + " ")


@pytest.mark.parametrize("size", [(1280, 720), (640, 400)])
@pytest.mark.parametrize("lang", LANGS)
def test_the_pause_text_fits_its_panel(lang, size):
    app = make_app(game="kowah", seats="human,normal,normal", seed=4, lang=lang, size=size)
    app.stack.push(first_scene(app))
    app.step()
    pause = open_pause(app)
    lines = pause._lines()
    from scenes.core import fonts
    widest = max(fonts.size(line, pause._px())[0] for line in lines)
    assert widest <= pause.panel.width - round(4 * app.u)
    body_bottom = pause.panel.y + round(7.5 * app.u) + len(lines) * fonts.font(pause._px()).get_linesize()
    assert body_bottom <= min(b.rect.top for b in pause.row.buttons)
