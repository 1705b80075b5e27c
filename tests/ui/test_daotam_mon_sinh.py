"""Đạo Tâm's Môn Sinh at the table (rules §1.2, §2.3; art direction §3.3): each plate shows
its seat's Môn Sinh — the card with its figure and number where the plate is tall enough
(1280x720), the number alone where it is not (640x400, five seats) — numbered from the
seat that starts every round, in turn order; the zoom opens it with what it means."""

from __future__ import annotations

import pygame

from game.match import Match, Seat
from scenes.tables.daotam import DaoTamTable
from scenes.tables.daotam.cards import UNIFORM
from tests.ui.helpers import make_app, post


def table_at(size, n: int = 4, first: int = 2):
    app = make_app(size=size)
    match = Match("daotam", [Seat("human")] + [Seat("normal")] * (n - 1), 5, {"first": first})
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    app.stack.draw(app.screen)
    return app, table


def frame(app) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.update(0.05)
    app.stack.draw(app.screen)


def shown_like(screen: pygame.Surface, box: pygame.Rect, img: pygame.Surface) -> float:
    """The share of the card's inner pixels on screen that are the image's own."""
    same = total = 0
    for x in range(box.w // 6, box.w - box.w // 6, 2):
        for y in range(box.h // 8, box.h - box.h // 8, 2):
            a, b = screen.get_at((box.x + x, box.y + y))[:3], img.get_at((x, y))[:3]
            total += 1
            same += max(abs(p - q) for p, q in zip(a, b, strict=True)) <= 8
    return same / total


def test_every_plate_shows_its_seats_mon_sinh_in_the_rules_order_as_a_figure():
    app, table = table_at((1280, 720), n=4, first=2)
    assert table.match.view(None).first == 2
    expected = {2: 1, 3: 2, 0: 3, 1: 4}             # #1 starts the round, the others in turn order
    for seat, number in expected.items():
        box, figure = table.geometry.ms_rect(seat)
        assert figure, "at 1280x720 the plate shows the Môn Sinh card"
        assert box.h >= 48 and pygame.Rect(table.spots[seat].plate).contains(box)
        mine = shown_like(app.screen, box, table.card_faces.ms_face(number, box.size, False))
        others = [shown_like(app.screen, box, table.card_faces.ms_face(k, box.size, False))
                  for k in range(1, 5) if k != number]
        assert mine > 0.97, f"seat {seat}: its Môn Sinh {number} is not on its plate"
        assert all(o < mine - 0.02 for o in others), f"seat {seat}: another Môn Sinh is as like"


def test_a_small_window_shows_the_number_alone():
    app, table = table_at((640, 400), n=5, first=0)
    box, figure = table.geometry.ms_rect(3)
    assert not figure, "at 640x400 with five seats the plate has no room for the card"
    inside = box.inflate(-box.w // 2, -box.h // 2)
    colours = {app.screen.get_at((x, inside.top + 1))[:3] for x in range(inside.left, inside.right)}
    assert tuple(UNIFORM) in colours, "the number's disc is drawn"
    plate = pygame.Rect(table.spots[3].plate)
    assert plate.contains(box)


def test_the_zoom_opens_a_plates_mon_sinh_with_its_place_in_the_round():
    app, table = table_at((1280, 720), n=4, first=2)
    box, _ = table.geometry.ms_rect(0)
    post(pygame.MOUSEBUTTONDOWN, pos=box.center, button=3)
    frame(app)
    assert table.zoom.is_open
    card = table.zoom.card
    assert card.key == ("daotam", "mon_sinh", 3)
    assert card.text.startswith("You play third in each round") and card.title == "Môn Sinh 3"


def hand_faces(app, table) -> list[tuple[str, int]]:
    """(kind, variant) of each hand card as one frame paints it (hand-sized faces)."""
    asked: list[tuple[str, int]] = []
    real = table.card_faces.ct_face
    hand = table.hand_rects[0].size

    def spy(kind, size, variant=0):
        if tuple(size) == hand:
            asked.append((kind, variant))
        return real(kind, size, variant)
    table.card_faces.ct_face = spy
    try:
        frame(app)
    finally:
        del table.card_faces.ct_face
    return asked


def test_the_hand_shows_its_chieu_thuc_ornaments_and_each_keeps_its_own():
    app, table = table_at((1280, 720), n=3, first=0)       # the viewer to act: the hand lies still
    cards = table.hand_list()
    shown = hand_faces(app, table)
    assert [k for k, _ in shown] == cards
    twice = [k for k in set(cards) if cards.count(k) > 1]
    assert twice, "five cards of three kinds: one kind twice at least"
    for kind in twice:
        variants = [v for k, v in shown if k == kind]
        assert len(set(variants)) > 1, f"two {kind} in the hand show the same ornament"
    for _ in range(3):
        assert table.hand_list() == cards and hand_faces(app, table) == shown, "a still card changed ornament"
    i = cards.index(twice[0]) + 1                   # the second card of its kind: the zoom shows its own
    post(pygame.MOUSEBUTTONDOWN, pos=table.hand_rects[i].center, button=3)
    frame(app)
    assert table.zoom.is_open and table.zoom.card.key == ("daotam", cards[i], shown[i][1])


def window_table(speed: float):
    """A table where an AI's claim has just opened a Phản Đòn window (the table not stepped since)."""
    app = make_app(size=(640, 400), speed=speed)
    app.settings.anim_speed = speed
    match = Match("daotam", [Seat("human")] + [Seat("normal")] * 2, 5, {"first": 1})
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    for _ in range(400):
        if match.open_window() is not None:
            return app, table
        app.stack.update(0.05)
    raise AssertionError("no window opened")


def ring_radii(table, at: float) -> tuple[float, float]:
    """(radius, fraction) of the claim's ring drawn at table time ``at``."""
    from scenes.tables.daotam import paint as paint_mod
    drawn = []
    real = paint_mod.draw_ring

    def spy(surface, centre, radius, stroke, reading, *a, **k):
        if tuple(centre) == tuple(table.centre):
            drawn.append((radius, reading.fraction))
        return real(surface, centre, radius, stroke, reading, *a, **k)
    table.driver.clock = at
    paint_mod.draw_ring = spy
    try:
        table.draw(pygame.Surface(table.app.size))
    finally:
        paint_mod.draw_ring = real
    assert len(drawn) == 1
    return drawn[0]


def test_the_claims_ring_grows_in_over_150ms_times_the_speed_and_the_window_keeps_its_time():
    for speed in (1.0, 2.0, 0.0):
        app, table = window_table(speed)
        ow = table.match.open_window()
        opened, ends = ow.opened_at, ow.ends_at
        full = table.geometry.ring_r
        r0, f0 = ring_radii(table, opened)
        r_mid, _ = ring_radii(table, opened + 0.14 * speed)
        r1, _ = ring_radii(table, opened + 0.15 * speed + 0.001)
        assert r1 == full
        if speed:
            assert r0 < 0.8 * full and r0 < r_mid < full, f"speed {speed}: the ring does not grow in"
        else:
            assert r0 == full, "speed 0: the ring is whole at once"
        assert f0 == 1.0, "the ring shows the window's own time while it grows"
        assert (ow.opened_at, ow.ends_at) == (opened, ends), "the window's time changed"
