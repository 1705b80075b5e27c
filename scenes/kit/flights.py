"""A table's flights part: cards flying across the table on the animation queue, drawn
on top while they fly (a private card face down)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from scenes.core.tween import Anim, ease_out_cubic, lerp2


class Flights:
    """Card flights of one table. ``driver`` holds the animation queue and who is looking;
    ``height`` reads the window's height; ``draw_card(surface, sprite)`` is the table's
    card painter; ``reveal_all`` reads whether every face may show (a finished replay)."""

    def __init__(self, driver: Any, height: Callable[[], float],
                 draw_card: Callable[[pygame.Surface, Any], None],
                 reveal_all: Callable[[], bool]) -> None:
        self.driver = driver
        self.height = height
        self.draw_card = draw_card
        self.reveal_all = reveal_all
        self.flying: list[Any] = []

    def fly(self, sprite: Any, src: tuple[float, float], dst: tuple[float, float],
            duration: float, end: Callable[[], None] | None = None, overlap: float | None = None,
            angle: tuple[float, float] = (0.0, 0.0), size: tuple[int, int] | None = None,
            ease: Callable[[float], float] = ease_out_cubic,
            start: Callable[[], None] | None = None) -> Anim:
        """Queue a card flight from ``src`` to ``dst``; the sprite is drawn while it flies."""
        def _start() -> None:
            if start:
                start()
            sprite.pos = src
            self.flying.append(sprite)

        def _step(p: float) -> None:
            sprite.pos = lerp2(src, dst, p)
            sprite.angle = angle[0] + (angle[1] - angle[0]) * p
            if size:
                sprite.size = round(size[0] + (size[1] - size[0]) * p)

        def _end() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            if end:
                end()

        anim = Anim(duration, _start, _step, _end, ease, overlap)
        self.driver.anim.add(anim)
        return anim

    def flight_time(self, src: tuple[float, float], dst: tuple[float, float]) -> float:
        """§6.7: clamp(220 + 120 × dist/H, 240, 380) ms."""
        dist = math.dist(src, dst)
        return max(0.24, min(0.38, 0.22 + 0.12 * dist / self.height()))

    def draw_flying(self, surface: pygame.Surface) -> None:
        for sprite in self.flying:
            if (sprite.owner is not None and sprite.owner != self.driver.looking and sprite.card is not None
                    and not self.reveal_all()):
                card, sprite.card = sprite.card, None      # a private card flies face down
                self.draw_card(surface, sprite)
                sprite.card = card
            else:
                self.draw_card(surface, sprite)
