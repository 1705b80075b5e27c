"""Mascarade's table uses its window (issue 18, art direction §4.3): a card in front of a
seat is ``clamp(0.8 × arc_gap, 12u, 22u)`` tall before the layout shrinks it where things
would touch, so cards grow with the window and with fewer seats; from 640×400 to
3840×2160 nothing collides (plates, cards, the courthouse, the bank, the turn's lines,
the buttons), measured by scenes.core.layout_check where it is drawn."""

from __future__ import annotations

import math

import pygame
import pytest

from game.match import Match, Seat
from scenes.core import layout_check as lc
from scenes.tables.mascarade import MascaradeTable
from scenes.tables.mascarade.layout import BOTTOM_U, TOP_U, target_card_height
from tests.ui.helpers import make_app, recording_layout


def _table(size: tuple[int, int], n: int, lang: str = "en"):
    app = make_app(size=size, lang=lang)
    match = Match("mascarade", [Seat("human")] + [Seat("normal")] * (n - 1), 3)
    table = MascaradeTable(app, match)
    app.stack.push(table)
    return app, table


def _perimeter(rx: float, ry: float, steps: int = 4000) -> float:
    """The ellipse's perimeter by summing short chords (not the code's formula)."""
    pts = [(rx * math.cos(2 * math.pi * i / steps), ry * math.sin(2 * math.pi * i / steps))
           for i in range(steps + 1)]
    return sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768), (640, 400)])
@pytest.mark.parametrize("n", [5, 8, 10, 13])
def test_the_cards_target_is_the_art_directions_formula(size, n):
    w, h = size
    u = h / 100
    ring = (w, h - round(TOP_U * u) - round(BOTTOM_U * u))
    rx, ry = 0.42 * w, 0.36 * h             # §4.3's seat ellipse (of the window)
    gap = _perimeter(rx, ry) / n
    want = max(12 * u, min(22 * u, 0.8 * gap))
    assert abs(target_card_height(n, ring, u) - want) <= max(2, 0.02 * want), (size, n)


def test_the_art_directions_examples():
    """22u up to ten players at 16:9; about 18u at 13 players in 4:3."""
    assert target_card_height(10, (1280, 720 - 58 - 86), 7.2) == round(22 * 7.2)
    u = 7.68
    assert 17 * u <= target_card_height(13, (1024, 768 - 61 - 92), u) <= 19 * u


def test_cards_grow_with_the_window_and_with_fewer_seats():
    """(From six seats up: below six, middle cards share the centre with the courthouse.)"""
    heights = {}
    for size in ((1280, 720), (1920, 1080)):
        for n in (5, 6, 8, 13):
            app, table = _table(size, n)
            u = app.u
            heights[size, n] = table.card_h
            assert table.card_h <= table.geometry.card_target
            assert table.card_h >= 12 * u, (size, n, table.card_h / u)     # was ≈ 8u at 13 seats
    for n in (5, 8, 13):
        assert heights[(1920, 1080), n] > heights[(1280, 720), n] * 1.4
    for size in ((1280, 720), (1920, 1080)):
        assert heights[size, 6] >= heights[size, 8] > heights[size, 13]
        assert heights[size, 5] >= 18 * (size[1] / 100)                     # was ≈ 13u


def _apart(app, table) -> list[str]:
    """Every pair of plates, cards, the courthouse, the bank and the buttons that touch,
    and anything outside the window."""
    screen = pygame.Rect((0, 0), app.size)
    named = [(f"plate {s.seat}", pygame.Rect(s.plate)) for s in table.spots]
    named += [(f"card {p}", r) for p, r in enumerate(table.pos_rects)]
    named += [("courthouse", table.court_rect), ("bank", table.bank_rect)]
    named += [(f"button {b.rect}", b.rect) for b in table.top_buttons + table.choice_buttons if b.rect.w]
    out = [f"{a} is outside the window" for a, r in named if not screen.contains(r)]
    for i, (a, ra) in enumerate(named):
        for b, rb in named[i + 1:]:
            if ra.colliderect(rb) and not (a.startswith("button") and b.startswith("button")):
                out.append(f"{a} {tuple(ra)} touches {b} {tuple(rb)}")
    return out


@pytest.fixture()
def recorder():
    with recording_layout():
        yield


@pytest.mark.parametrize("size, counts, drawn", [((640, 400), (5, 8, 13), (5, 8, 13)),
                                                 ((3840, 2160), (5, 8, 13), (13,))])
def test_nothing_collides_from_640x400_to_4k(recorder, size, counts, drawn):
    for n in counts:
        for lang in ("en", "vi"):
            app, table = _table(size, n, lang)
            problems = _apart(app, table)
            if n in drawn and lang == "vi":      # the whole frame, measured where it is drawn
                frame = lc.RecordingSurface(size)
                app.stack.draw(frame)
                problems += lc.problems(lc.frame(frame), size)
            assert not problems, (size, n, lang, problems[:8])


def test_the_check_sees_a_collision(recorder):
    """The checks are not blind: a card moved onto the courthouse is reported."""
    app, table = _table((640, 400), 8)
    table.pos_rects[0].center = table.court_rect.center
    assert any("courthouse" in p for p in _apart(app, table))
