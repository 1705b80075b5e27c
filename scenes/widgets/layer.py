"""A surface repainted only when what it shows changes (hands, fans, static parts)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class CachedLayer:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.surface: pygame.Surface | None = None

    def get(self, key: Hashable, size: tuple[int, int],
            paint: Callable[[pygame.Surface], None]) -> pygame.Surface:
        if key == self.key and self.surface is not None and self.surface.get_size() == size:
            return self.surface
        if self.surface is not None and self.surface.get_size() == size:
            # Repaint in place: a new full-size surface plus its conversion cost several
            # milliseconds at 1080p, on exactly the frames where a hand changes.
            self.surface.fill((0, 0, 0, 0))
            paint(self.surface)
        else:
            layer = pygame.Surface(size, pygame.SRCALPHA)
            paint(layer)
            self.surface = layer.convert_alpha() if pygame.display.get_surface() else layer
        self.key = key
        return self.surface

    def clear(self) -> None:
        self.key, self.surface = None, None
