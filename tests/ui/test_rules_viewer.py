"""The rules viewer: scrolls by keys, wheel and scrollbar; text stays in its panel; pictures."""

from __future__ import annotations

import random

import pygame
import pytest

from scenes.core.i18n import set_lang
from scenes.screens.rules_pictures import CardPictures
from scenes.screens.rules_viewer import RulesScene
from tests.ui.helpers import click, drag, key, make_app, post

SIZES = [(1, 1), (2, 3), (50, 40), (200, 120), (320, 200), (800, 500), (500, 1000),
         (1280, 720), (1920, 1080)]


def open_rules(game: str = "kowah", size=(1280, 720), lang: str = "en") -> tuple:
    app = make_app(size=size, lang=lang)
    set_lang(lang)
    scene = RulesScene(app, game)
    app.stack.push(scene)
    app.step()
    return app, scene


def resize(app, size) -> None:
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    app.step()


def last_line_bottom(scene) -> int:
    lay = scene.current()
    return max([ln.y + ln.height for ln in lay.lines] + [c.rect.bottom for c in lay.cards])


def test_arrow_keys_scroll_the_text_and_do_not_move_the_button_focus():
    app, scene = open_rules()
    key(pygame.K_DOWN)
    app.step()
    assert scene.scroll.offset > 0
    assert scene.row.focus == -1
    down = scene.scroll.offset
    key(pygame.K_UP)
    app.step()
    assert scene.scroll.offset < down


@pytest.mark.parametrize("game", ["ganjifa", "kowah", "daotam", "mascarade"])
def test_page_keys_home_and_end_reach_both_ends(game):
    app, scene = open_rules(game)
    key(pygame.K_PAGEDOWN)
    app.step()
    page = scene.scroll.offset
    assert page >= scene.view.height * 0.6
    key(pygame.K_END)
    app.step()
    assert scene.scroll.offset == scene.scroll.max_offset > 0
    # the very last line is fully inside the view at the end
    assert last_line_bottom(scene) - scene.scroll.offset <= scene.view.height
    key(pygame.K_PAGEUP)
    app.step()
    assert scene.scroll.offset < scene.scroll.max_offset
    key(pygame.K_HOME)
    app.step()
    assert scene.scroll.offset == 0


def test_mouse_wheel_scrolls_with_precise_steps():
    app, scene = open_rules()
    post(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0, flipped=False)
    app.step()
    one = scene.scroll.offset
    assert one > 0
    post(pygame.MOUSEWHEEL, x=0, y=0, precise_x=0.0, precise_y=-0.5, flipped=False)
    app.step()
    assert scene.scroll.offset == pytest.approx(one * 1.5)
    post(pygame.MOUSEWHEEL, x=0, y=3, precise_x=0.0, precise_y=3.0, flipped=False)
    app.step()
    assert scene.scroll.offset == 0


def test_the_scrollbar_thumb_drags_and_the_track_pages():
    app, scene = open_rules()
    bar = scene.bar
    thumb = bar.thumb()
    assert bar.track.height > 0 and 0 < thumb.height < bar.track.height
    assert scene.paper.contains(bar.track)
    # drag the thumb to the bottom of the track: the end of the text
    drag(thumb.center, (thumb.centerx, bar.track.bottom + 50))
    app.step()
    assert scene.scroll.offset == scene.scroll.max_offset
    # click the track above the thumb: one page up
    before = scene.scroll.offset
    click((bar.track.centerx, bar.track.top + 2))
    app.step()
    assert before - scene.scroll.offset == pytest.approx(
        max(1.0, scene.view.height - scene.line_step()), abs=1)
    # drag half way: about the middle
    thumb = bar.thumb()
    free = bar.track.height - thumb.height
    target = bar.track.top + free / 2 + (thumb.centery - thumb.top)
    drag(thumb.center, (thumb.centerx, target))
    app.step()
    assert scene.scroll.fraction == pytest.approx(0.5, abs=0.03)


@pytest.mark.parametrize("game", ["ganjifa", "kowah", "daotam", "mascarade"])
def test_text_is_never_drawn_outside_the_reading_view(game):
    """Header, margins and frame are the same pixels whatever the scroll offset."""
    app, scene = open_rules(game)
    frames = []
    for frac in (0.0, 0.37, 0.5, 1.0):
        scene.scroll.to(frac * scene.scroll.max_offset)
        app.step()
        frames.append(app.screen.copy())
    v = scene.view
    outside = [pygame.Rect(0, 0, app.size[0], v.top),                 # header and panel top
               pygame.Rect(0, v.bottom, app.size[0], app.size[1] - v.bottom)]
    for r in outside:
        ref = pygame.image.tobytes(frames[0].subsurface(r), "RGB")
        for f in frames[1:]:
            assert pygame.image.tobytes(f.subsurface(r), "RGB") == ref, r
    assert v.top >= scene.header.bottom


@pytest.mark.parametrize("game,kind", [("ganjifa", "ganjifa"), ("kowah", "kowah")])
def test_card_pictures_are_drawn_with_the_game_art(game, kind, monkeypatch):
    drawn = []
    real = CardPictures.draw

    def spy(self, surface, ref, rect, u):
        drawn.append((ref, rect.copy()))
        real(self, surface, ref, rect, u)

    monkeypatch.setattr(CardPictures, "draw", spy)
    app, scene = open_rules(game)
    cards = scene.current().cards
    assert cards and all(c.ref.game == kind for c in cards)
    for _ in range(40):
        key(pygame.K_DOWN)
        app.step()
    assert {r.card for r, _ in drawn} >= {cards[0].ref.card}
    # a picture sits beside the text at 1280x720, not over it
    lay = scene.current()
    assert lay.side
    right_of_text = max(ln.x + 1 for ln in lay.lines if ln.kind == "body")
    assert all(c.rect.x > right_of_text for c in lay.cards)


def test_kowah_cards_section_shows_the_three_suits_beside_its_paragraph():
    app, scene = open_rules("kowah")
    lay = scene.current()
    suits = [ln for ln in lay.lines if "萬" in ln.text]
    assert suits, "the suits paragraph names 萬"
    first = lay.cards[0]
    assert abs(first.rect.y - suits[0].y) < scene.view.height // 3


def test_tabs_choose_the_game_by_mouse_and_by_keyboard():
    app, scene = open_rules("ganjifa")
    key(pygame.K_END)
    app.step()
    kowah_tab = scene.tabs[scene.games.index("kowah")]
    click(kowah_tab.rect.center)
    app.step()
    assert scene.game == "kowah" and scene.scroll.offset == 0
    assert any("Myriads" in text for _, text in scene._build())
    key(pygame.K_LEFT)
    app.step()
    assert scene.game == "ganjifa"
    key(pygame.K_RIGHT)
    app.step()
    assert scene.game == "kowah"


@pytest.mark.parametrize(("game", "title", "tab"), [("daotam", "Đạo Tâm: The Righteous Path", "Đạo Tâm"),
                                                    ("mascarade", "Mascarade", "Mascarade")])
def test_the_new_games_open_on_their_own_rules_with_their_own_tab(game, title, tab):
    """What F1 at their tables shows (TableScene pushes RulesScene(app, rules_game))."""
    app, scene = open_rules(game)
    assert scene.game == game
    assert scene._build()[0] == ("title", title)
    assert scene.tabs[scene.games.index(game)].label == tab


def test_keyboard_only_and_mouse_only_can_leave():
    app, scene = open_rules()
    for _ in range(len(scene.row.buttons)):
        key(pygame.K_TAB)
        app.step()
        if scene.row.focus == len(scene.row.buttons) - 1:
            break
    key(pygame.K_RETURN)
    app.step()
    assert scene not in app.stack.scenes
    app, scene = open_rules()
    click(scene.back.rect.center)
    app.step()
    assert scene not in app.stack.scenes


def test_resizing_keeps_the_reading_position():
    app, scene = open_rules("ganjifa")
    scene.scroll.to(scene.scroll.max_offset / 2)
    resize(app, (1920, 1080))
    assert scene.scroll.fraction == pytest.approx(0.5, abs=0.01)
    assert scene.paper.right <= 1920 and scene.view.bottom <= 1080


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_draws_at_any_window_size(lang):
    app, scene = open_rules("kowah", lang=lang)
    for size in SIZES:
        resize(app, size)
        for game in scene.games:
            scene.show(game)
            for k in (pygame.K_END, pygame.K_PAGEUP, pygame.K_HOME):
                key(k)
                app.step()
            post(pygame.MOUSEWHEEL, x=0, y=-2, precise_x=0.0, precise_y=-2.0, flipped=False)
            app.step()
        assert 0 <= scene.scroll.offset <= scene.scroll.max_offset


def test_draws_at_4k():
    app, scene = open_rules("ganjifa", size=(3840, 2160))
    key(pygame.K_END)
    app.step()
    assert scene.scroll.offset == scene.scroll.max_offset
    assert last_line_bottom(scene) - scene.scroll.offset <= scene.view.height


def test_random_input_at_random_sizes_never_raises():
    rng = random.Random(7)
    app, scene = open_rules("kowah")
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
            pygame.K_END, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_SPACE, pygame.K_a]
    for _ in range(600):
        w, h = app.size
        p = (rng.randrange(-5, w + 5), rng.randrange(-5, h + 5))
        kind = rng.random()
        if kind < 0.3:
            post(pygame.MOUSEBUTTONDOWN, pos=p, button=rng.choice([1, 1, 3]))
        elif kind < 0.55:
            post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        elif kind < 0.7:
            post(pygame.MOUSEBUTTONUP, pos=p, button=1)
        elif kind < 0.8:
            post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 2]),
                 precise_x=0.0, precise_y=rng.uniform(-3, 3), flipped=rng.random() < 0.2)
        elif kind < 0.97:
            k = rng.choice(keys)
            post(pygame.KEYDOWN, key=k, mod=0, unicode="")
        else:
            resize(app, (rng.randrange(1, 1400), rng.randrange(1, 900)))
        app.step()
        assert 0 <= scene.scroll.offset <= scene.scroll.max_offset
        if scene not in app.stack.scenes:
            app.stack.push(scene := RulesScene(app, "kowah"))
