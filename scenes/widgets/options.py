"""A labelled value that cycles through choices on click (setup and settings screens)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes import fonts, theme
from scenes.widgets.button import Button


class OptionRow:
    def __init__(self, label: Callable[[], str], values: list[Any], get: Callable[[], Any],
                 set_: Callable[[Any], None], show: Callable[[Any], str]) -> None:
        self.label, self.values, self.get, self.set, self.show = label, values, get, set_, show
        self.button = Button(lambda: f"‹  {self.show(self.get())}  ›", self.cycle)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def cycle(self, step: int = 1) -> None:
        cur = self.get()
        i = self.values.index(cur) if cur in self.values else -1
        self.set(self.values[(i + step) % len(self.values)])

    def place(self, rect: pygame.Rect, u: float) -> None:
        self.rect = rect
        bw = round(rect.width * 0.48)
        self.button.rect = pygame.Rect(rect.right - bw, rect.y, bw, rect.height)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.button.rect.collidepoint(event.pos):
            self.cycle(-1)
            return True
        return self.button.handle(event)

    def draw(self, surface: pygame.Surface, u: float) -> None:
        img = fonts.text(self.label(), max(14, round(2.4 * u)), theme.IVORY, "semibold")
        surface.blit(img, (self.rect.x, self.rect.centery - img.get_height() // 2))
        self.button.draw(surface, u)
