"""How alike two card pictures are in shape, as a dichromat would see them.

Used by the faces-are-distinct checks (issue 18): a picture is first seen through a colour
vision deficiency (``scenes.art.colour.simulate``, Machado 2009 at severity 1), then reduced
to its **edge map** — the pixels where lightness jumps — which keeps the outlines (a mask's
eye holes, a prop's silhouette) and drops flat colour. Two pictures that differ only in
colour give the same edge map; :func:`likeness` is the intersection over union of the two
maps, each thickened by ``slack`` pixels so a one-pixel shift is not a difference.
"""

from __future__ import annotations

import pygame

from scenes.art.colour import simulate

CVD = ("normal", "protan", "deutan", "tritan")
#: lightness step (0..255 luma) that counts as an edge
EDGE_STEP = 28


def _luma(rgb: tuple[float, float, float]) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def seen(surface: pygame.Surface, kind: str) -> list[list[float]]:
    """The picture's lightness, row by row, as ``kind`` sees it (transparent pixels = 0)."""
    w, h = surface.get_size()
    cache: dict[tuple[int, int, int], float] = {}
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            if a < 128:
                row.append(0.0)
                continue
            key = (r, g, b)
            v = cache.get(key)
            if v is None:
                v = cache[key] = _luma(key if kind == "normal" else simulate(key, kind))
            row.append(v)
        rows.append(row)
    return rows


def edges(surface: pygame.Surface, kind: str = "normal", step: float = EDGE_STEP) -> pygame.mask.Mask:
    """The pixels where the lightness ``kind`` sees jumps by ``step`` or more."""
    lum = seen(surface, kind)
    w, h = surface.get_size()
    out = pygame.mask.Mask((w, h))
    for y in range(h - 1):
        row, below = lum[y], lum[y + 1]
        for x in range(w - 1):
            v = row[x]
            if abs(v - row[x + 1]) >= step or abs(v - below[x]) >= step:
                out.set_at((x, y))
    return out


def thicken(mask: pygame.mask.Mask, slack: int) -> pygame.mask.Mask:
    """``mask`` grown by ``slack`` pixels in every direction (same size)."""
    if slack <= 0:
        return mask
    k = 2 * slack + 1
    grown = mask.convolve(pygame.mask.Mask((k, k), fill=True))
    out = pygame.mask.Mask(mask.get_size())
    out.draw(grown, (-slack, -slack))
    return out


def likeness(a: pygame.mask.Mask, b: pygame.mask.Mask, slack: int = 1) -> float:
    """Intersection over union of two edge maps (0 = nothing shared, 1 = the same shape)."""
    a, b = thicken(a, slack), thicken(b, slack)
    inter = a.overlap_area(b, (0, 0))
    union = a.count() + b.count() - inter
    return inter / union if union else 1.0
