"""Where each seat sits on screen: the viewer at the bottom, the others around the
table in the game's direction of play (never hard-coded to one game)."""

from __future__ import annotations

import math


def seat_angles(n: int, viewer: int, direction: str) -> list[float]:
    """Screen angle (radians, y down) of every seat. The viewer is at 90° (bottom).

    Counter-clockwise play moves from the bottom seat to the right-hand seat;
    clockwise play moves from the bottom seat to the left-hand seat.
    """
    sign = -1 if direction == "counter_clockwise" else 1
    out = [0.0] * n
    for seat in range(n):
        k = (seat - viewer) % n
        out[seat] = math.radians(90 + sign * k * 360 / n)
    return out


def seat_points(n: int, viewer: int, direction: str, centre: tuple[float, float],
                radii: tuple[float, float]) -> list[tuple[float, float]]:
    """Points on the seat ellipse for every seat."""
    cx, cy = centre
    rx, ry = radii
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a))
            for a in seat_angles(n, viewer, direction)]
