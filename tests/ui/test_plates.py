"""Seat plates keep their text inside at any window size (scenes.kit.plates.SeatPlates.draw)."""

from __future__ import annotations

import pygame
import pytest

from scenes.core import fonts
from scenes.core.boot import first_scene
from scenes.core.textfit import ellipsize
from tests.ui.helpers import make_app


class Recorder(pygame.Surface):
    """A surface that remembers what was blitted where."""

    def __init__(self, size):
        super().__init__(size, pygame.SRCALPHA)
        self.blits_done: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *a, **kw):
        r = dest if isinstance(dest, pygame.Rect) else source.get_rect(topleft=(round(dest[0]), round(dest[1])))
        self.blits_done.append((source, pygame.Rect(r.topleft, source.get_size())))
        return super().blit(source, dest, *a, **kw)


def text_rects(table, surface_size, seat, centre, lines):
    """Draw one plate; return its rect and the rects of the text drawn on it."""
    texts: list[pygame.Surface] = []
    real = fonts.text

    def spy(s, *a, **kw):
        img = real(s, *a, **kw)
        texts.append(img)
        return img

    rec = Recorder(surface_size)
    fonts.text = spy
    table.plates.cache = False          # painted straight onto the recorder (not its cached image)
    try:
        rect = type(table.plates).draw(table.plates, rec, seat, centre, lines)
    finally:
        fonts.text = real
        table.plates.cache = True
    ids = {id(t) for t in texts}
    return rect, [r for src, r in rec.blits_done if id(src) in ids and r.width > 1]


def plate_calls(app, table):
    calls = []
    real = table.plates.draw

    def spy(surface, seat, centre, lines):
        calls.append((seat, centre, list(lines)))
        return real(surface, seat, centre, lines)

    table.plates.draw = spy
    try:
        app.step()
    finally:
        del table.plates.draw
    return calls


LONG = ["Người chơi 3 · Trung bình — một cái tên rất dài", "Trên tay 40 · Ăn 120 · Checki"]


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(800, 500), (3840, 2160), (1280, 720)])
def test_plate_text_fits_the_plate(game, lang, size):
    app = make_app(game=game, seats="human,hard,normal", seed=3, lang=lang, size=size,
                   **({"time": "day"} if game == "ganjifa" else {}))
    app.stack.push(first_scene(app))
    table = app.stack.top
    for _ in range(3):
        app.step()
    calls = plate_calls(app, table)
    assert len(calls) == 3
    calls.append((1, calls[1][1], LONG))
    for seat, centre, lines in calls:
        rect, texts = text_rects(table, size, seat, centre, lines)
        assert len(texts) == len(lines)
        for r in texts:
            assert r.width <= rect.width, f"{lines}: text {r.width} px wider than plate {rect.width}"
            assert rect.contains(r), f"{lines}: text {r} outside the plate {rect}"


def test_fitting_shrinks_then_ellipsizes():
    pygame.font.init()
    s = "Trên tay 40 · Ăn 120"
    full = fonts.font(14).size(s)[0]
    assert fonts.fit(s, 14, full) == 14
    assert fonts.fit(s, 14, full - 10, floor=9) < 14
    cut = ellipsize(s, 9, 40)
    assert cut.endswith("…") and fonts.font(9).size(cut)[0] <= 40
    assert ellipsize(s, 9, 1) == ""
