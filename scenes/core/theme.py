"""Shared UI palette and the layout unit (art-direction §6)."""

from __future__ import annotations

IVORY = (244, 236, 216)
INK = (26, 20, 16)
GOLD = (217, 180, 74)
BUTTON = (42, 38, 34)
DANGER = (143, 19, 24)
PANEL = (28, 26, 23)
MUTED = (190, 178, 156)
WHITE = (255, 255, 255)
AMBER = (226, 180, 31)


def unit(height: int) -> float:
    """u = window height / 100."""
    return height / 100.0


def lighten(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(min(255, int(v + (255 - v) * f)) for v in c)  # type: ignore[return-value]


def darken(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(max(0, int(v * (1 - f))) for v in c)  # type: ignore[return-value]
