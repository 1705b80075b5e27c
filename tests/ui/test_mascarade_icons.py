"""The Fool's emblem does not read as the King's crown (issue 15): their silhouettes are
compared as alpha masks.

Measure: each emblem is drawn alone on a transparent surface, cropped to its bounding box
and scaled into the same 64 × 64 box (so size and position do not count, only shape), and
two masks are compared by intersection over union (IoU). The old Fool (three spikes with
balls over a band: a coronet) scored 0.57 against the crown; a jester cap with drooping
horns scores about 0.41. Threshold 0.5: two emblems fitted into the same box share less
than half of what they cover together. The same is asked of the Fool against every other
emblem, with 0.6, so the new cap does not become another card's look-alike either."""

from __future__ import annotations

import pygame
import pytest

from scenes.tables.mascarade.cards import EMBLEMS

BOX = 64


def silhouette(cid: str, r: float = 40.0) -> pygame.mask.Mask:
    size = round(r * 4)
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    EMBLEMS[cid](s, (size / 2, size / 2), r, (255, 255, 255))
    rects = pygame.mask.from_surface(s).get_bounding_rects()
    box = rects[0].unionall(rects[1:])
    assert box.width < size and box.height < size          # nothing cut by the surface
    return pygame.mask.from_surface(pygame.transform.scale(s.subsurface(box), (BOX, BOX)))


def iou(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    both = a.overlap_area(b, (0, 0))
    return both / (a.count() + b.count() - both)


def test_the_measure_tells_shapes_apart():
    assert iou(silhouette("king"), silhouette("king")) == 1.0
    assert iou(silhouette("judge"), silhouette("spy")) < 0.5      # scales and an eye


def test_the_fool_is_not_a_crown():
    assert iou(silhouette("fool"), silhouette("king")) < 0.5


@pytest.mark.parametrize("other", sorted(set(EMBLEMS) - {"fool"}))
def test_the_fool_looks_like_no_other_character(other):
    assert iou(silhouette("fool"), silhouette(other)) < 0.6
