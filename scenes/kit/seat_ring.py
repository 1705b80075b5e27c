"""Seats around an ellipse for 2–13 seats: the viewer at the bottom, the others in the
game's direction of play, with plates that shrink as the count grows and never overlap
each other nor leave the window. No pygame (plates are ``(x, y, w, h)`` tuples).

Plate size: the art direction's plate (20u × 6.6u, as ``SeatPlates.draw``) for up
to four seats, 4.5 % smaller per seat beyond (≈ 60 % at 13), then shrunk further in 6 %
steps until every plate clears its neighbours by a gap and sits inside the window margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PLATE_U = (20.0, 6.6)       # the plate at four seats or fewer, in u (1u = 1 % of the height)
MIN_SEATS, MAX_SEATS = 2, 13
GAP_U = 0.6                 # room kept between two plates
MARGIN_U = 1.0              # room kept inside the window's edge
MIN_SCALE = 0.25


@dataclass(frozen=True)
class SeatSpot:
    seat: int
    angle: float                          # screen radians, y down; the viewer at π/2
    anchor: tuple[float, float]           # the seat's point on the ellipse
    plate: tuple[int, int, int, int]      # x, y, w, h (clamped inside the window)

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.plate
        return (x + w / 2, y + h / 2)


def seat_angles(n: int, viewer: int, direction: str) -> list[float]:
    """Screen angle (radians, y down) of every seat. The viewer is at 90° (bottom).

    Counter-clockwise play moves from the bottom seat to the right-hand seat;
    clockwise play moves from the bottom seat to the left-hand seat.
    """
    sign = -1 if direction == "counter_clockwise" else 1
    return [math.radians(90 + sign * ((seat - viewer) % n) * 360 / n) for seat in range(n)]


def seat_points(n: int, viewer: int, direction: str, centre: tuple[float, float],
                radii: tuple[float, float]) -> list[tuple[float, float]]:
    """Points on the seat ellipse for every seat."""
    cx, cy = centre
    rx, ry = radii
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a))
            for a in seat_angles(n, viewer, direction)]


def plate_scale(n: int) -> float:
    """The plates' first-try size for ``n`` seats, relative to the four-seat plate."""
    return min(1.0, 1.0 - 0.045 * (n - 4))


def seat_ring(n: int, viewer: int, direction: str, size: tuple[int, int],
              centre: tuple[float, float] = (0.5, 0.40),
              radii: tuple[float, float] = (0.40, 0.33),
              start_scale: float | None = None) -> list[SeatSpot]:
    """Every seat's spot: ``centre`` and ``radii`` are fractions of the window.

    ``start_scale`` (default :func:`plate_scale`) is the first size tried; a table whose
    plates carry long names passes 1.0 to keep them as wide as the ring allows."""
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(f"a table seats {MIN_SEATS}–{MAX_SEATS}, not {n}")
    w, h = size
    u = h / 100.0
    c = (w * centre[0], h * centre[1])
    points = seat_points(n, viewer, direction, c, (w * radii[0], h * radii[1]))
    angles = seat_angles(n, viewer, direction)
    scale = plate_scale(n) if start_scale is None else start_scale
    while True:
        plates = [_plate(p, scale, u, size) for p in points]
        if scale <= MIN_SCALE or not _crowded(plates, GAP_U * u):
            break
        scale = max(MIN_SCALE, scale * 0.94)
    return [SeatSpot(s, angles[s], points[s], plates[s]) for s in range(n)]


def _plate(p: tuple[float, float], scale: float, u: float,
           size: tuple[int, int]) -> tuple[int, int, int, int]:
    pw = max(2, round(PLATE_U[0] * u * scale))
    ph = max(2, round(PLATE_U[1] * u * max(scale, 0.7)))   # the text needs the height more
    m = round(MARGIN_U * u)
    x = min(max(round(p[0] - pw / 2), m), size[0] - m - pw)
    y = min(max(round(p[1] - ph / 2), m), size[1] - m - ph)
    return (x, y, pw, ph)


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int], gap: float = 0.0) -> bool:
    return (a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap
            and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap)


def _crowded(plates: list[tuple[int, int, int, int]], gap: float) -> bool:
    return any(overlaps(plates[i], plates[j], gap)
               for i in range(len(plates)) for j in range(i + 1, len(plates)))
