"""Display settings: the contrast / grain / colour-temperature sliders (keys and mouse, both
ways), the grade baked once into the cached table surfaces and rebuilt live when a slider
moves, persistence, and the large-text option."""

from __future__ import annotations

import pygame
import pytest

from scenes.core import fonts, grade
from scenes.core.boot import first_scene
from scenes.core.settings_store import Settings
from scenes.screens.settings import SettingsScene
from scenes.tables import felt
from scenes.widgets.slider import SliderRow
from tests.ui.helpers import click, key, make_app, post

GAMES = {"ganjifa": "human,random,random", "kowah": "human,random,random",
         "daotam": "human,random,random", "mascarade": "human,random,random,random"}


def open_table(game: str, **kw):
    app = make_app(game=game, seats=GAMES[game], seed=3, **kw)
    app.stack.push(first_scene(app))
    app.step()
    return app


def sliders(scene: SettingsScene) -> dict[str, SliderRow]:
    rows = [r for r in scene.rows if isinstance(r, SliderRow)]
    return dict(zip(("contrast", "grain", "warmth"), rows, strict=True))


def focus(scene: SettingsScene, row) -> None:
    scene.row.focus = scene.row.buttons.index(row.button)
    scene.row._sync()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_frames_reuse_the_graded_table_surface(game):
    app = open_table(game)
    grade.set_current(grade.Grade(5, 5, 5))
    app.step()                                      # one build for the new grade…
    built = felt.renders
    for _ in range(5):
        app.step()                                  # …and none for the frames after it
    assert felt.renders == built


def test_a_slider_change_rebuilds_the_table_once_and_shows_at_once():
    app = open_table("ganjifa")
    table = app.stack.top
    app.step()
    before = app.screen.get_at((5, app.size[1] // 2))
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    row = sliders(scene)["warmth"]
    focus(scene, row)
    for _ in range(5):
        key(pygame.K_RIGHT)
    app.step()
    assert app.settings.warmth == 5 and grade.current().warmth == 5
    key(pygame.K_ESCAPE)
    app.step()
    assert app.stack.top is table
    built = felt.renders
    app.step()
    app.step()
    after = app.screen.get_at((5, app.size[1] // 2))
    assert felt.renders == built                    # the warm table was built when first drawn
    assert after.b < before.b and after.r >= before.r, (before, after)
    assert felt.table_surface(table.style, app.size) is felt.table_surface(table.style, app.size)


def test_sliders_step_both_ways_with_keys_and_stop_at_the_ends():
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    row = sliders(scene)["contrast"]
    focus(scene, row)
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    app.step()
    assert app.settings.contrast == 2
    for _ in range(9):
        key(pygame.K_LEFT)
    app.step()
    assert app.settings.contrast == grade.LO
    key(pygame.K_END)
    app.step()
    assert app.settings.contrast == grade.HI
    key(pygame.K_HOME)
    app.step()
    assert app.settings.contrast == grade.LO
    assert Settings.load().contrast == grade.LO     # saved as it changes


def test_sliders_follow_the_mouse_both_ways():
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    row = sliders(scene)["grain"]
    parts, track = row.parts(), row.track()
    click(parts["forward"].center)
    click(parts["forward"].center)
    app.step()
    assert app.settings.grain == 2
    click(parts["back"].center)
    app.step()
    assert app.settings.grain == 1
    post(pygame.MOUSEBUTTONDOWN, pos=(track.right - 1, track.y), button=3)      # right-click: back
    app.step()
    assert app.settings.grain == 0
    click((track.x, track.y))                       # a click on the track jumps there
    app.step()
    assert app.settings.grain == grade.LO
    post(pygame.MOUSEBUTTONDOWN, pos=(track.x, track.y), button=1)
    for x in (track.centerx, track.right + 40):     # dragging follows, past the end too
        post(pygame.MOUSEMOTION, pos=(x, track.y + 30), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(track.right + 40, track.y + 30), button=1)
    app.step()
    assert app.settings.grain == grade.HI and not row.dragging
    assert grade.current().grain == grade.HI
    post(pygame.MOUSEMOTION, pos=(track.x, track.y), rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    assert app.settings.grain == grade.HI           # the drag is over: moving does nothing


def test_display_settings_persist_and_out_of_range_values_are_clamped():
    s = Settings(contrast=3, grain=-2, warmth=5, large_text=True)
    s.save()
    assert Settings.load() == s
    s.contrast, s.warmth = 99, -99                  # a hand-edited file
    s.save()
    loaded = Settings.load()
    assert (loaded.contrast, loaded.warmth) == (grade.HI, grade.LO)


def test_a_new_app_puts_its_settings_in_force():
    from scenes.core.app import App, LaunchOptions
    App(LaunchOptions(fps=0, lang="en"), settings=Settings(contrast=-4, large_text=True))
    assert grade.current() == grade.Grade(-4, 0, 0) and fonts.scale() == grade.LARGE_TEXT
    make_app()
    assert grade.current() == grade.NEUTRAL and fonts.scale() == 1.0


def test_grade_changes_the_table_only_as_the_art_direction_says():
    style = felt.TableStyle((58, 34, 24), (74, 44, 31), "wood", 0.04, 0.22)
    size = (320, 180)

    def mean(g):
        return pygame.transform.average_color(felt.graded_surface(style, size, g))[:3]

    def spread(g):           # centre (light pool) minus corner (vignette), in luminance
        surf = felt.graded_surface(style, size, g)
        lum = lambda c: 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]          # noqa: E731
        centre = pygame.transform.average_color(surf, pygame.Rect(140, 65, 40, 24))
        corner = pygame.transform.average_color(surf, pygame.Rect(0, 0, 40, 24))
        return lum(centre) - lum(corner)

    neutral, warm, cool = mean(grade.NEUTRAL), mean(grade.Grade(warmth=5)), mean(grade.Grade(warmth=-5))
    assert warm[2] < neutral[2] < cool[2] and warm[0] > cool[0]
    assert spread(grade.Grade(contrast=-5)) < spread(grade.NEUTRAL) < spread(grade.Grade(contrast=5))
    flat = felt.graded_surface(style, size, grade.Grade(grain=-5))
    rough = felt.graded_surface(style, size, grade.Grade(grain=5))

    def local_noise(surf):
        return sum(abs(surf.get_at((x, 90))[0] - surf.get_at((x + 1, 90))[0]) for x in range(100, 200))

    assert local_noise(flat) < local_noise(rough)


def test_tint_surface_matches_tint_rgb():
    colours = [(0, 0, 0), (255, 255, 255), (58, 34, 24), (30, 74, 66), (200, 120, 40), (17, 200, 250)]
    for g in (grade.Grade(warmth=5), grade.Grade(warmth=-5), grade.Grade(warmth=2), grade.Grade(warmth=-3)):
        surf = pygame.Surface((len(colours), 1))
        for i, c in enumerate(colours):
            surf.set_at((i, 0), c)
        grade.tint_surface(surf, g)
        for i, c in enumerate(colours):
            got, want = surf.get_at((i, 0))[:3], grade.tint_rgb(c, g)
            assert all(abs(a - b) <= 1 for a, b in zip(got, want, strict=True)), (g, c, got, want)


def test_large_text_scales_ui_text_but_not_card_art():
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    normal = fonts.size("Settings", 20)
    art = fonts.art_font(40, "bold").size("8")
    row = next(r for r in scene.rows if not isinstance(r, SliderRow) and r.values == [False, True]
               and r.label() == "Large text")
    click(row.button.rect.center)
    app.step()
    assert app.settings.large_text and fonts.scale() == grade.LARGE_TEXT
    big = fonts.size("Settings", 20)
    assert big[0] > normal[0] * 1.15 and big[1] > normal[1] * 1.15
    assert fonts.art_font(40, "bold").size("8") == art


def test_large_text_is_full_from_720p_and_eases_off_to_the_minimum_window():
    for size, want in (((1280, 720), grade.LARGE_TEXT), ((1920, 1080), grade.LARGE_TEXT),
                       ((640, 400), 1.0), ((1000, 560), 1.0 + (grade.LARGE_TEXT - 1) / 2), ((800, 720), 1.0 + (grade.LARGE_TEXT - 1) * 50 / 320)):
        app = make_app(size=size)
        app.settings.large_text = True
        grade.apply_settings(app.settings)
        assert fonts.scale() == pytest.approx(want), size
    fonts.set_scale(1.0)


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1280, 720), (1920, 1080)])
def test_each_settings_row_draws_inside_its_band(size, large, lang):
    app = make_app(size=size, lang=lang)
    app.settings.large_text = large
    grade.apply_settings(app.settings)
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    half_gap = round(1.2 * scene.u / 2)
    for r in scene.rows:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        r.draw(layer, scene.u)
        ink = layer.get_bounding_rect()
        band = r.rect.inflate(0, 2 * half_gap)
        assert band.contains(ink), f"{r.label()!r} draws {ink} outside {band} at {size}"
    fonts.set_scale(1.0)


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(640, 400), (1280, 720), (1920, 1080)])
def test_settings_with_large_text_still_fit(size, lang):
    app = make_app(size=size, lang=lang)
    app.settings.large_text = True
    grade.apply_settings(app.settings)
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    screen = pygame.Rect((0, 0), size)
    boxes = [r.rect for r in scene.rows] + [scene.back.rect]
    for box in boxes:
        assert screen.contains(box)
    for r in scene.rows:
        label = fonts.size(r.label(), r._label_px(scene.u), "semibold")
        assert label[0] <= r.label_width() + 1, r.label()
        assert r._label_px(scene.u) * fonts.scale() <= r.rect.height, r.label()


def test_settings_preview_every_table_and_follow_the_sliders():
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    assert [g for g, _, _ in scene.previews] == ["ganjifa", "kowah", "daotam", "mascarade"]
    panel = scene.panel
    for _, _, rect in scene.previews:
        assert rect.left > panel.right and pygame.Rect((0, 0), app.size).contains(rect)
    spot = scene.previews[1][2].center
    before = app.screen.get_at(spot)
    focus(scene, sliders(scene)["warmth"])
    key(pygame.K_END)
    app.step()
    built = felt.renders
    app.step()
    assert felt.renders == built                    # the new grade was built once, then reused
    after = app.screen.get_at(spot)
    assert after.b < before.b, (before, after)


@pytest.mark.parametrize(("size", "shown"), [((640, 400), 4), ((800, 500), 4), ((1920, 1080), 4),
                                             ((1280, 1024), 4), ((1024, 1024), 0)])   # square: no room beside it
def test_previews_fit_beside_the_panel(size, shown):
    app = make_app(size=size)
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step()
    rects = [r for _, _, r in scene.previews]
    assert len(rects) == shown
    for a, b in zip(rects, rects[1:], strict=False):
        assert b.top - a.bottom >= 2 * scene.u           # room for the name under each
    for r in rects:
        assert pygame.Rect((0, 0), size).contains(r.inflate(0, 4 * scene.u)) and r.left > scene.panel.right
