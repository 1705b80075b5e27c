"""The title menu and the saves: whatever a save file holds the app starts, the menu says
what happened (in the player's language, no Python words) and keeps the file aside; one
unfinished hand per game; F1 and Esc on the menu."""

from __future__ import annotations

import re

import pygame
import pytest

from game.saves import summarize
from game.storage import user_dir
from scenes.core import session
from scenes.core.boot import first_scene
from scenes.core.i18n import set_lang, t
from scenes.screens.confirm import ConfirmDialog
from scenes.screens.menu import MenuScene, problem_text
from scenes.screens.rules_viewer import RulesScene
from scenes.screens.setup import SetupScene
from scenes.tables.ganjifa import GanjifaTable
from scenes.tables.kowah import KowahTable
from tests.engine.save_cases import corrupt_cases, good_save
from tests.ui.helpers import click, key, make_app

PYTHON_WORDS = re.compile(r"[A-Za-z]*(Error|Exception)\b|Traceback|JSON|\bNone\b|\bdict\b|\blist\b"
                          r"|\bint\b|\bstr\b|codec|errno|It is not your turn")
NAMES = {"ganjifa", "kowah", "cheki", "json", "broken", "current"}     # not English words


@pytest.fixture(scope="module")
def good_data(tmp_path_factory) -> dict:
    return good_save(tmp_path_factory.mktemp("good") / "g.json")


def start_app(lang: str = "en"):
    app = make_app(lang=lang)
    app.stack.push(first_scene(app))
    for _ in range(3):
        app.step()
    return app


def kept_files() -> list:
    return sorted(p for p in user_dir().iterdir() if ".broken-" in p.name)


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{2,}", text)} - NAMES


CASES = list(corrupt_cases({"version": 1, "game": "ganjifa", "seed": 21, "options": {},
                            "seats": [], "actions": [[0, []], [0, []]], "over": False}))


@pytest.mark.parametrize("case", CASES)
def test_a_damaged_save_never_stops_the_app(good_data, case):
    content, expected_key = corrupt_cases(good_data)[case]
    path = session.save_path("ganjifa")
    path.write_bytes(content)
    app = start_app("vi")
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and app.running
    # the file is kept aside, byte for byte, and is not offered for "Continue"
    assert not path.exists()
    (kept,) = kept_files()
    assert kept.read_bytes() == content and kept.name.startswith("current-ganjifa.broken-")
    assert not menu.unfinished
    (problem,) = menu.problems
    assert problem.error.key == expected_key and problem.kept == kept.name
    # shown on the menu, in each language, naming the file, with no Python words
    assert menu._notice and kept.name in " ".join(menu._notice)
    texts = {}
    for lang in ("vi", "en"):
        set_lang(lang)
        assert t(expected_key) != expected_key          # a real sentence, not the key
        texts[lang] = problem_text(problem)
        for _ in range(2):
            app.step()
        assert kept.name in "".join(menu._notice).replace(" ", "")
        assert not PYTHON_WORDS.search(texts[lang]), texts[lang]
    vi = texts["vi"].replace(kept.name, "")
    assert not words(vi) & words(texts["en"].replace(kept.name, "")), vi
    # the next launch starts clean: nothing left to complain about
    app2 = start_app("en")
    assert not app2.stack.top.problems


@pytest.mark.parametrize("case", ["5000-digit integer", "deeply nested", "not UTF-8", "empty file"])
def test_a_damaged_old_single_save_never_stops_the_app(good_data, case):
    content, _ = corrupt_cases(good_data)[case]
    legacy = user_dir() / "current.json"
    legacy.write_bytes(content)
    app = start_app("en")
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and not legacy.exists()
    (kept,) = kept_files()
    assert kept.read_bytes() == content
    assert "A saved hand could not be continued" in " ".join(menu._notice).replace("  ", " ")


def test_the_old_single_save_becomes_its_games_save():
    legacy = user_dir() / "current.json"
    data = good_save(legacy, "kowah", moves=5)
    app = start_app("en")
    menu = app.stack.top
    assert not legacy.exists() and session.save_path("kowah").exists()
    assert list(menu.unfinished) == ["kowah"] and not menu.problems
    assert menu.row.buttons[0].label.startswith("Continue Kowah")
    click(menu.row.buttons[0].rect.center)
    app.step()
    table = app.stack.top
    assert isinstance(table, KowahTable) and len(table.match.log) == len(data["actions"])


def test_two_unfinished_games_each_continue_where_they_were():
    g = good_save(session.save_path("ganjifa"), "ganjifa", moves=7)
    k = good_save(session.save_path("kowah"), "kowah", moves=7)
    app = start_app("en")
    menu = app.stack.top
    labels = [b.label for b in menu.row.buttons[:2]]
    assert labels[0] == "Continue Ganjifa — trick 3 of 40"
    assert re.fullmatch(r"Continue Kowah / Cheki — \d+ cards left in the stock", labels[1])
    set_lang("vi")
    assert menu.row.buttons[0].label == "Chơi tiếp Ganjifa — nước 3/40"
    click(menu.row.buttons[1].rect.center)
    app.step()
    table = app.stack.top
    assert isinstance(table, KowahTable) and len(table.match.log) == len(k["actions"])
    assert summarize(session.save_path("ganjifa")).moves == len(g["actions"])


def test_a_new_hand_of_another_game_keeps_the_unfinished_one():
    """Before: one current.json, so dealing Kowah silently replaced an unfinished Ganjifa."""
    path = session.save_path("ganjifa")
    good_save(path, "ganjifa", moves=7)
    before = path.read_bytes()
    app = start_app("en")
    menu = app.stack.top
    kowah = next(b for b in menu.row.buttons if b.label == "Kowah / Cheki")
    click(kowah.rect.center)
    app.step()
    setup = app.stack.top
    assert isinstance(setup, SetupScene)        # no question: nothing of Kowah's is replaced
    click(setup.start_button.rect.center)
    app.step()
    assert isinstance(app.stack.top, KowahTable)
    assert path.read_bytes() == before
    assert session.resumable("ganjifa") and session.resumable("kowah")


def test_starting_kowah_keeps_the_unfinished_ganjifa_hand_on_disk():
    """Uses only what the single-save version had too (session.start, Match.load on the
    files in the user folder), so it shows the old overwrite: it fails there."""
    from game.match import Match
    g = session.start("ganjifa", ["human", "random", "random"], 5, {"time": "day"})
    for _ in range(3):                      # three moves, whoever is to act
        (seat,) = g.active_seats()
        g.submit(seat, g.legal_actions(seat)[0])
    log = list(g.log)
    g.close()
    k = session.start("kowah", ["human", "random", "random"], 6, {})
    k.close()
    found = {}
    for path in user_dir().glob("*.json"):
        if path.name != "settings.json":
            m = Match.load(path)
            found[m.game] = list(m.log)
            m.close()
    assert found.get("ganjifa") == log and log


def test_a_new_hand_of_a_game_with_an_unfinished_one_asks_first():
    path = session.save_path("ganjifa")
    good_save(path, "ganjifa", moves=7)
    before = path.read_bytes()
    app = start_app("en")
    menu = app.stack.top
    new = next(b for b in menu.row.buttons if b.label == "Ganjifa — Dashavatara")
    click(new.rect.center)
    app.step()
    ask = app.stack.top
    assert isinstance(ask, ConfirmDialog) and "Ganjifa" in ask.title
    assert "trick 3 of 40" in ask.body
    key(pygame.K_ESCAPE)                    # Esc: no new hand, the save untouched
    app.step()
    assert app.stack.top is menu and path.read_bytes() == before
    click(new.rect.center)
    app.step()
    key(pygame.K_RETURN)                    # Enter: the primary "New hand"
    app.step()
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and path.read_bytes() == before
    click(setup.start_button.rect.center)
    app.step()
    assert isinstance(app.stack.top, GanjifaTable)
    assert path.read_bytes() != before


def test_a_save_gone_before_continue_is_told_not_raised():
    path = session.save_path("kowah")
    good_save(path, "kowah", moves=3)
    app = start_app("en")
    menu = app.stack.top
    path.unlink()
    click(menu.row.buttons[0].rect.center)
    app.step()
    top = app.stack.top
    assert isinstance(top, MenuScene) and top.problems[0].error.key == "save.gone"
    assert "no longer there" in " ".join(top._notice)


def test_f1_on_the_menu_opens_the_rules_and_the_footer_says_so():
    app = start_app("en")
    menu = app.stack.top
    assert "F1" in t("menu.footer") and "Esc: quit" in t("menu.footer")
    key(pygame.K_F1)
    app.step()
    assert isinstance(app.stack.top, RulesScene)
    key(pygame.K_ESCAPE)
    app.step()
    assert app.stack.top is menu and app.running


def test_esc_on_the_menu_asks_before_quitting():
    app = start_app("en")
    menu = app.stack.top
    key(pygame.K_ESCAPE)
    app.step()
    ask = app.stack.top
    assert isinstance(ask, ConfirmDialog) and app.running
    key(pygame.K_ESCAPE)                    # a second Esc backs out, it does not quit
    app.step()
    assert app.stack.top is menu and app.running
    key(pygame.K_ESCAPE)
    app.step()
    key(pygame.K_RETURN)
    app.step()
    assert not app.running


@pytest.mark.parametrize("content", [b'{"lang": "en", "volume": ' + b"9" * 5000 + b"}",
                                     b"[" * 100_000 + b"]" * 100_000,
                                     b'{"lang": "en", "volume": NaN}', bytes(range(256))],
                         ids=["5000-digit", "deeply nested", "NaN", "binary"])
def test_damaged_settings_never_stop_the_app(content):
    """The app reads settings.json before any scene, with the same reader as the saves."""
    from scenes.core.app import App, LaunchOptions
    (user_dir() / "settings.json").write_bytes(content)
    app = App(LaunchOptions(size=(1280, 720), fps=0, speed=0.0))
    app.stack.push(first_scene(app))
    for _ in range(3):
        app.step()
    assert isinstance(app.stack.top, MenuScene)
    assert app.settings.volume == 0.8 and app.settings.lang == "vi"     # the defaults


@pytest.mark.parametrize("size", [(1, 1), (50, 40), (320, 200), (800, 500), (1920, 1080)])
def test_the_menu_with_notices_and_two_hands_draws_at_any_size(good_data, size):
    good_save(session.save_path("kowah"), "kowah", moves=4)
    session.save_path("ganjifa").write_bytes(corrupt_cases(good_data)["deeply nested"][0])
    (user_dir() / "current.json").write_bytes(b"\xff")
    app = make_app(size=size, lang="vi")
    app.stack.push(first_scene(app))
    for _ in range(2):
        app.step()
    menu = app.stack.top
    assert len(menu.problems) == 2 and list(menu.unfinished) == ["kowah"]
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(size[0] + 7, size[1] + 3),
                                         w=size[0] + 7, h=size[1] + 3))
    app.step()
    if size[1] >= 500:          # every button inside the window, below the notice
        for b in menu.row.buttons:
            assert app.screen.get_rect().contains(b.rect), (b.label, b.rect)
