"""Card sprites in flight and the per-size caches the tables share."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass
class Sprite:
    """A card moving across the table. ``card`` None means a back (no identity).

    ``owner`` names the seat a private card belongs to (a card drawn into a hand): the
    table draws its face only while that seat is the confirmed viewer.
    """

    card: int | None
    pos: tuple[float, float]
    size: int
    angle: float = 0.0
    face_up: bool = True
    alpha: int = 255
    owner: int | None = None


class RotCache:
    """Rotated copies of surfaces, keyed by the caller (rotation is costly per frame)."""

    def __init__(self, limit: int = 512) -> None:
        self.limit = limit
        self.items: dict[tuple, pygame.Surface] = {}

    def get(self, key: tuple, surf: pygame.Surface, angle: float) -> pygame.Surface:
        k = (*key, round(angle))
        img = self.items.get(k)
        if img is None:
            if len(self.items) > self.limit:
                self.items.clear()
            img = pygame.transform.rotate(surf, round(angle)) if round(angle) else surf
            self.items[k] = img
        return img

    def clear(self) -> None:
        self.items.clear()
