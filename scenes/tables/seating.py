"""Where each seat sits on screen (kept for the tables' imports; the seat ring with its
plates lives in :mod:`scenes.kit.seat_ring`)."""

from scenes.kit.seat_ring import seat_angles, seat_points

__all__ = ["seat_angles", "seat_points"]
