"""Settings screen: speed labels that say what they do, arrows and keys both ways, the
tables' materials, and drawing at any window size."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.i18n import t
from scenes.core.tween import Anim, AnimQueue
from scenes.screens.settings import SettingsScene
from tests.ui.helpers import click, key, make_app, post

SIZES = [(320, 200), (640, 400), (800, 500), (1280, 720), (1920, 1080)]


def open_settings(lang: str = "en", size=(1280, 720)):
    app = make_app(lang=lang, size=size)
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    return app, scene


def row_named(scene: SettingsScene, key_: str):
    return next(r for r in scene.rows if r.label() == t(key_))


def choose(app, row, text: str) -> None:
    """Press the row's ‹ part to its start, then › until it shows ``text`` (as a player would)."""
    r = row.button.rect
    for _ in range(len(row.values)):
        click((r.left + 3, r.centery))
    app.step()
    for _ in range(len(row.values)):
        if row.show(row.get()) == text:
            return
        click((r.right - 3, r.centery))
        app.step()
    raise AssertionError(f"{row.label()!r} never shows {text!r}; it shows {row.show(row.get())!r}")


def frames_to_finish(speed: float, duration: float = 0.5) -> int:
    """Frames (1/60 s) an animation of ``duration`` takes at the stored anim_speed, as tables run it."""
    q = AnimQueue(speed=speed)
    q.add(Anim(duration))
    n = 0
    while q.busy and n < 10_000:
        q.update(1 / 60)
        n += 1
    return n


def test_a_faster_animation_label_gives_shorter_animations():
    app, scene = open_settings()
    row = row_named(scene, "settings.anim_speed")
    frames = {}
    for word in ("Very slow", "Slow", "Normal", "Fast", "Instant"):
        choose(app, row, word)
        frames[word] = frames_to_finish(app.settings.anim_speed)
    assert frames["Very slow"] > frames["Slow"] > frames["Normal"] > frames["Fast"] > frames["Instant"]
    assert frames["Instant"] <= 1


def test_a_faster_ai_label_gives_shorter_thinking_delays():
    app, scene = open_settings()
    row = row_named(scene, "settings.ai_speed")
    scale = {}
    for word in ("Very slow", "Slow", "Normal", "Fast", "Instant"):
        choose(app, row, word)
        scale[word] = app.settings.ai_speed       # the factor on every think delay (Match.think_scale)
    assert scale["Very slow"] > scale["Slow"] > scale["Normal"] > scale["Fast"] > scale["Instant"] == 0


def test_speed_labels_exist_in_vietnamese_too():
    app, scene = open_settings(lang="vi")
    row = row_named(scene, "settings.anim_speed")
    choose(app, row, "Nhanh")
    assert app.settings.anim_speed < 1.0


def test_old_settings_values_keep_their_meaning_and_show_sensibly():
    app, scene = open_settings()
    app.settings.anim_speed = 0.25                 # e.g. written by --speed 0.25
    row = row_named(scene, "settings.anim_speed")
    assert row.show(row.get())                     # shown, no exception
    click((row.button.rect.right - 3, row.button.rect.centery))
    app.step()
    assert app.settings.anim_speed in row.values


def test_volume_arrows_and_keys_go_both_ways():
    app, scene = open_settings()
    row = row_named(scene, "settings.volume")
    app.settings.volume = 0.6
    r = row.button.rect
    click((r.left + 3, r.centery))
    app.step()
    assert app.settings.volume == pytest.approx(0.4)
    click((r.right - 3, r.centery))
    click((r.right - 3, r.centery))
    app.step()
    assert app.settings.volume == pytest.approx(0.8)
    for _ in range(scene.rows.index(row) + 1):
        key(pygame.K_TAB)
    app.step()
    assert row.button.focused
    key(pygame.K_LEFT)
    app.step()
    assert app.settings.volume == pytest.approx(0.6)
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    app.step()
    assert app.settings.volume == pytest.approx(1.0)
    key(pygame.K_RIGHT)                            # the loudest stays the loudest
    app.step()
    assert app.settings.volume == pytest.approx(1.0)


def test_settings_keyboard_only_reaches_back():
    app, scene = open_settings()
    for _ in range(len(scene.row.buttons)):
        if scene.back.focused:
            break
        key(pygame.K_DOWN)
        app.step()
    assert scene.back.focused
    key(pygame.K_RETURN)
    app.step()
    assert scene not in app.stack.scenes


def test_settings_background_is_the_table_material_not_a_flat_fill():
    app, scene = open_settings()
    corner = app.screen.subsurface(pygame.Rect(0, 0, 120, 120))
    colours = {tuple(corner.get_at((x, y)))[:3] for x in range(0, 120, 3) for y in range(0, 120, 3)}
    assert len(colours) > 20, f"flat background: {len(colours)} colours in the corner"


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_settings_draws_at_any_size_and_reads_from_800x500(size, lang):
    app, scene = open_settings(lang=lang, size=size)
    r = scene.rows[2].button.rect                   # a frame with hover and focus shown
    post(pygame.MOUSEMOTION, pos=(r.right - 3, r.centery), rel=(0, 0), buttons=(0, 0, 0))
    key(pygame.K_TAB)
    key(pygame.K_TAB)
    app.step()
    if size[0] < 800 or size[1] < 500:
        return
    screen = pygame.Rect((0, 0), size)
    boxes = [r.rect for r in scene.rows] + [scene.back.rect]
    for box in boxes:
        assert screen.contains(box), f"{box} leaves the {size} window"
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert not a.colliderect(b), f"{a} overlaps {b}"
    for r in scene.rows:
        assert r.text_fits(scene.u), f"{r.label()!r} / {r.show(r.get())!r} do not fit at {size}"
