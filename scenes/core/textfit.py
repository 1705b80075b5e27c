"""A line of text made to fit a width: a smaller size first, then an ellipsis."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.core import fonts

ELLIPSIS = "…"


def ellipsize(s: str, px: int, max_width: int, weight: str = "regular") -> str:
    """``s`` cut at the end with "…" so that it is ``max_width`` wide or less ("" if not even that)."""
    return _ellipsize(s, px, max_width, weight, fonts.scale())


@lru_cache(maxsize=2048)
def _ellipsize(s: str, px: int, max_width: int, weight: str, _scale: float) -> str:
    f = fonts.font(px, weight)
    if f.size(s)[0] <= max_width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:          # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid].rstrip() + ELLIPSIS)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if f.size(ELLIPSIS)[0] <= max_width else ""
    return s[:lo].rstrip() + ELLIPSIS


def fit_text(s: str, px: int, colour: tuple[int, int, int], max_width: int,
             weight: str = "regular", min_px: int = 9) -> pygame.Surface:
    """``s`` rendered no wider than ``max_width``: shrunk down to ``min_px``, then ellipsized."""
    size = fonts.fit(s, px, max_width, weight, min_px)
    return fonts.text(ellipsize(s, size, max(0, max_width), weight), size, colour, weight)
