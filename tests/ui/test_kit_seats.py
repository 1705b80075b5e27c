"""Seats around the ellipse for 2–13 seats: plates shrink as the count grows, never
overlap, never leave the window; the buzzer caps (with their rings) clear every plate."""

from __future__ import annotations

import math

import pytest

from scenes.kit.bluff.buzzers import cap_box
from scenes.kit.seat_ring import overlaps, seat_ring

SIZES = [(1280, 720), (1920, 1080), (800, 500)]


def inside(box, size) -> bool:
    x, y, w, h = box
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", range(2, 14))
@pytest.mark.parametrize("direction", ["clockwise", "counter_clockwise"])
def test_plates_never_overlap_nor_leave_the_window(n, size, direction):
    for viewer in {0, n - 1}:
        spots = seat_ring(n, viewer, direction, size)
        plates = [s.plate for s in spots]
        assert all(inside(p, size) for p in plates)
        for i in range(n):
            for j in range(i + 1, n):
                assert not overlaps(plates[i], plates[j]), (i, j, plates[i], plates[j])
        centre = (size[0] / 2, size[1] * 0.40)
        caps = [cap_box(s, centre) for s in spots]
        for i, c in enumerate(caps):
            assert inside(c, size), (i, c)
            assert not any(overlaps(c, p) for p in plates), (i, c)
            assert not any(overlaps(c, d) for j, d in enumerate(caps) if j != i)


@pytest.mark.parametrize("size", SIZES)
def test_plates_shrink_as_the_count_grows(size):
    widths = [seat_ring(n, 0, "clockwise", size)[0].plate[2] for n in range(2, 14)]
    assert widths == sorted(widths, reverse=True) and widths[-1] < 0.7 * widths[0]
    assert widths[0] == round(20 * size[1] / 100)       # the art direction's plate up to 4


def test_the_viewer_sits_at_the_bottom_and_play_goes_the_games_way():
    size = (1280, 720)
    for viewer in range(5):
        spots = seat_ring(5, viewer, "counter_clockwise", size)
        assert spots[viewer].centre[1] == max(s.centre[1] for s in spots)
        assert math.isclose(spots[viewer].anchor[0], 640)
        nxt = spots[(viewer + 1) % 5]
        assert nxt.anchor[0] > 640                 # counter-clockwise: to the right
        cw = seat_ring(5, viewer, "clockwise", size)
        assert cw[(viewer + 1) % 5].anchor[0] < 640
    with pytest.raises(ValueError):
        seat_ring(14, 0, "clockwise", size)
