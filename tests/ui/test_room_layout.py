"""Ganjifa and Kowah lay out from the room the window gives: from 640x400 to 3840x2160,
16:9, 4:3 and ultra-wide, their zones (the trick, each seat's plate, fan and capture pile,
the hand; Kowah's piles, discard history, each opponent's cards, the hand and
its sort buttons) stay inside the window and clear of each other, and a 16:9 window's
width is used: the Ganjifa trick and the Kowah hand are larger than the art direction's
floor there (geometry only: nothing is drawn; the lines of text are test_overlap's)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from scenes.art.kowah_cards import card_width
from tests.ui.test_zoom import table_at

SIZES = [(640, 400), (1024, 768), (1280, 720), (1920, 1080), (2560, 1080), (2560, 1440), (3840, 2160)]
PLATE_U = (20, 6.6)


def _resized(game: str):
    app, table = table_at(game)
    for size in SIZES:
        app.screen = pygame.display.set_mode(size)
        app.stack.resize(app.size)
        yield size, app, table


def _rect(centre: tuple[float, float], w: float, h: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, round(w), round(h))
    r.center = (round(centre[0]), round(centre[1]))
    return r


def _clear(size: tuple[int, int], groups: dict[str, list[pygame.Rect]]) -> list[str]:
    """Every zone inside the window, and no two groups' zones meeting."""
    screen = pygame.Rect((0, 0), size)
    out = [f"{name} {tuple(r)} leaves the window" for name, rs in groups.items() for r in rs
           if not screen.contains(r)]
    for (a, ra), (b, rb) in itertools.combinations(groups.items(), 2):
        out += [f"{a} {tuple(x)} meets {b} {tuple(y)}" for x in ra for y in rb if x.colliderect(y)]
    return out


def _plate(table, seat: int) -> pygame.Rect:
    u = table.app.u
    return _rect(table.geometry.plate_pos(seat), PLATE_U[0] * u, PLATE_U[1] * u)


def test_ganjifa_zones_stay_clear_at_every_window_size():
    found = []
    for size, app, t in _resized("ganjifa"):
        u, g = app.u, t.geometry
        groups: dict[str, list[pygame.Rect]] = {
            "trick": [_rect(g.trick_slot(s), t.trick_d, t.trick_d) for s in range(t.n)],
            "hand": [pygame.Rect(0, round(g.hand_top()) + 1, size[0], size[1] - round(g.hand_top()) - 1)],
            "last trick button": [t.last_button.rect],
        }
        for s in range(t.n):
            pile = _rect(g.pile_pos(s), t.pile_d, t.pile_d)
            pile.union_ip(pile.move(0, round(-1.8 * u)))        # the stack rises with the count
            if s != t.viewer:
                pile.height += round(3.6 * u)                  # the count under it
            zones = [_plate(t, s), pile]
            if s != t.viewer:
                ax, ay = t.plates.anchor(s)
                zones.append(_rect((ax, ay + 9.5 * u), t.back_d + 1.3 * u * 12 + 4 * u, t.back_d + 4 * u))
            groups[f"seat {s}"] = zones
        found += [f"[{size[0]}x{size[1]}] {p}" for p in _clear(size, groups)]
        if size[0] * 9 == size[1] * 16:
            assert t.trick_d > 15 * u + 2, f"{size}: the trick keeps the art direction's floor in a 16:9 window"
    assert not found, "\n".join(found[:30])


def test_kowah_zones_stay_clear_at_every_window_size():
    found = []
    for size, app, t in _resized("kowah"):
        u, g = app.u, t.geometry
        cw = card_width(t.H)
        hand = [pygame.Rect(r.x, r.y - round(2 * u), r.w, r.h + round(2 * u)) for r in
                (g.slot_rect(s) for s in t.slots)]
        groups: dict[str, list[pygame.Rect]] = {
            "piles": [g._stock_rect(), g._live_rect()],
            "history": [g.history_geom(60)[3]],
            "hand": hand,
            "sort buttons": [t.sort_suit.rect, t.sort_number.rect],
            "you": [_plate(t, t.viewer)],
        }
        pw = card_width(t.pair_h)
        for s in range(t.n):
            if s == t.viewer:
                continue
            fx, fy = g.fan_pt(s)
            groups[f"seat {s}"] = [
                _plate(t, s),
                _rect((fx, fy), card_width(t.back_h) * (1 + 0.6 * 8) + 4 * u, t.back_h + 4 * u),
                _rect(g.pair_pt(s), 2 * pw + 0.6 * u, t.pair_h),
                _rect(g.held_pt(s), pw, t.pair_h),
            ]
        found += [f"[{size[0]}x{size[1]}] {p}" for p in _clear(size, groups)]
        if size[0] * 9 == size[1] * 16:
            assert t.H > 28 * u + 2 and cw == card_width(t.H), f"{size}: the hand keeps the 28u floor in a 16:9 window"
    assert not found, "\n".join(found[:30])


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1080)])
def test_kowah_discard_rows_are_longer_in_a_wide_window(size):
    app, t = table_at("kowah", size=size)
    per = t.geometry.per_row()
    assert per == 15 if size[0] * 9 == size[1] * 16 else per > 15
