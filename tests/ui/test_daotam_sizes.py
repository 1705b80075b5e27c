"""The Đạo Tâm table uses its window (art direction §3.3): the hand's cards 22u tall, the
claim's cards up to 18u, an opened Tâm Niệm 13u, opponents' backs 10u (u = a hundredth
of the window's height), shrunk only where the window lacks room — and nothing on the
table collides, from 640x400 to 3840x2160, at three and five seats."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match, Seat
from scenes.kit.bluff.buzzers import cap_box
from scenes.tables.daotam import DaoTamTable
from scenes.tables.daotam.layout import card_size
from tests.ui.helpers import make_app


def table_at(size, n: int = 3):
    app = make_app(size=size)
    match = Match("daotam", [Seat("human")] + [Seat("normal")] * (n - 1), 5, {"first": 0})
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    return app, table


@pytest.mark.parametrize("size", [(640, 400), (1280, 720), (1920, 1080)])
def test_the_cards_are_sized_in_units_of_the_window(size):
    app, table = table_at(size)
    u = app.u
    g = table.geometry
    assert table.hand_h == pytest.approx(22 * u), "the hand: 22u"
    assert all(r.h == card_size(22 * u)[1] for r in table.hand_rects)
    for seat in range(3):
        assert all(abs(r.h - 13 * u) <= 1 for r in table.slot_rects[seat]), "an opened Tâm Niệm: 13u"
    assert 16 * u <= g.claim_card_h() <= 18 * u, "the claim's cards: 18u, a little less at most"
    assert all(r.h == card_size(g.claim_card_h())[1] for r in g.claim_rects(2))
    backs = [g.back_rects(s, 5) for s in (1, 2)]
    assert all(b and abs(b[0].h - 10 * u) <= 1 for b in backs), "opponents' backs: 10u"


def test_the_sizes_grow_with_the_window_and_shrink_where_it_lacks_width():
    heights = []
    for size in ((640, 400), (1280, 720), (1920, 1080)):
        app, table = table_at(size)
        heights.append((table.hand_rects[0].h, table.geometry.claim_rects(1)[0].h, table.slot_rects[1][0].h))
    assert all(a < b for a, b in zip(heights, heights[1:], strict=False) for a, b in zip(a, b, strict=True))
    app, table = table_at((800, 720))              # a narrow window: the hand gives way
    assert table.hand_h < 22 * app.u
    hand = table.hand_rects[0].unionall(table.hand_rects)
    assert not hand.colliderect(table.memory_panel.memory_rect())
    assert all(not hand.colliderect(b.rect) for b in table.action_buttons)


def boxes(app, table) -> list[tuple[str, pygame.Rect]]:
    """Every part of the table that must stand clear of the others."""
    u = app.u
    g = table.geometry
    out: list[tuple[str, pygame.Rect]] = []
    for spot in table.spots:
        out.append((f"plate {spot.seat}", pygame.Rect(spot.plate)))
        out += [(f"slot {spot.seat}.{i}", r) for i, r in enumerate(table.slot_rects[spot.seat])]
        backs = g.back_rects(spot.seat, 5)
        if backs:
            out.append((f"backs {spot.seat}", backs[0].unionall(backs)))
    for name, r in table.deck_rects.items():          # with the line under it
        out.append((name, r.union(r.move(0, round(3 * u)))))
    ring = round(table.geometry.ring_r + 0.35 * u)          # to the outer edge of its stroke
    out.append(("ring", pygame.Rect(table.centre[0] - ring, table.centre[1] - ring, 2 * ring, 2 * ring)))
    out += [(f"cap {s}", pygame.Rect(cap_box(table.spots[s], table.centre))) for s in table.buzzers.caps]
    hand = table.hand_rects[0].unionall(table.hand_rects)
    out.append(("hand", hand))
    out.append(("memory", table.memory_panel.memory_rect()))
    out += [(f"button {i}", b.rect) for i, b in enumerate(table.action_buttons)]
    out.append(("line", table.painter.prompt_area()))
    return out


@pytest.mark.parametrize(("size", "n"), [((640, 400), 3), ((640, 400), 5), ((1280, 720), 4), ((1280, 720), 5),
                                        ((3840, 2160), 5)])
def test_nothing_on_the_table_collides(size, n):
    app, table = table_at(size, n)
    parts = boxes(app, table)
    screen = pygame.Rect((0, 0), size)
    for name, r in parts:
        assert screen.contains(r), (name, r, size)
    for i, (a, ra) in enumerate(parts):
        for b, rb in parts[i + 1:]:
            assert not ra.colliderect(rb), f"{a} {tuple(ra)} collides with {b} {tuple(rb)} at {size}, {n} seats"


@pytest.mark.parametrize("n", [4, 5])
def test_more_seats_leave_the_claim_its_size(n):
    """At four seats the one facing the viewer sits left of the claim, not over it."""
    app, table = table_at((1280, 720), n)
    u = app.u
    assert table.geometry.claim_card_h() >= 16 * u
    assert all(abs(r.h - 13 * u) <= 1 for r in table.slot_rects[0])
