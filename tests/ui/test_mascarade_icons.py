"""Mascarade's emblems read apart (issue 15: "the Fool's icon reads as a crown like the
King's"): their silhouettes are compared as alpha masks.

Each emblem is drawn alone on a transparent surface and cropped to its bounding box; two
silhouettes are compared by intersection over union (IoU) once both are fitted into the
same 64 × 64 box, in two ways:

* ``kept``: scaled evenly (proportions kept) and centred — how alike two emblems look on
  cards of the same size. Clearly different emblems score below 0.6 (scales and eye 0.3);
  two compact blobs score high whatever they are. The old Fool (three spikes with balls
  over a band: a coronet) scored 0.49 against the crown, the old Thief's sack 0.83 against
  the Witch's flask and the Bishop's mitre. Thresholds: below 0.75 for every pair (no two
  emblems share three quarters of what they cover), below 0.45 for the Fool and the King.
* ``stretched``: stretched to fill the box, so only the outline counts, not the
  proportions: a crown and a coronet of spikes have the same outline (old Fool: 0.57);
  a jester cap with drooping horns does not (about 0.41). Threshold 0.5: less than half
  of what the two cover together is shared.
"""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from scenes.tables.mascarade.cards import EMBLEMS

BOX = 64


def silhouette(cid: str, stretched: bool = False, r: float = 40.0) -> pygame.mask.Mask:
    size = round(r * 4)
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    EMBLEMS[cid](s, (size / 2, size / 2), r, (255, 255, 255))
    rects = pygame.mask.from_surface(s).get_bounding_rects()
    box = rects[0].unionall(rects[1:])
    assert box.width < size and box.height < size          # nothing cut by the surface
    if stretched:
        return pygame.mask.from_surface(pygame.transform.scale(s.subsurface(box), (BOX, BOX)))
    k = BOX / max(box.size)
    img = pygame.transform.smoothscale(s.subsurface(box), (max(1, round(box.width * k)),
                                                           max(1, round(box.height * k))))
    out = pygame.Surface((BOX, BOX), pygame.SRCALPHA)
    out.blit(img, img.get_rect(center=(BOX // 2, BOX // 2)))
    return pygame.mask.from_surface(out, 127)


def iou(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    both = a.overlap_area(b, (0, 0))
    return both / (a.count() + b.count() - both)


def test_the_measure_tells_shapes_apart():
    assert iou(silhouette("king"), silhouette("king")) == 1.0
    assert iou(silhouette("judge"), silhouette("spy")) < 0.5      # scales and an eye


def test_the_fool_is_not_a_crown():
    assert iou(silhouette("fool"), silhouette("king")) < 0.45
    assert iou(silhouette("fool", True), silhouette("king", True)) < 0.5


@pytest.mark.parametrize("a, b", list(combinations(sorted(EMBLEMS), 2)))
def test_no_two_emblems_look_alike(a, b):
    assert iou(silhouette(a), silhouette(b)) < 0.75
