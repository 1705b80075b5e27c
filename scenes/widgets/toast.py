"""Short messages in a pill above the hand (illegal-move reasons, hints)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import fonts, theme
from scenes.core.textfit import fit_text


class Toast:
    DURATION = 2.6
    FADE = 0.15

    def __init__(self) -> None:
        self.message = ""
        self.left = 0.0
        self.holds: Callable[[], bool] | None = None

    def show(self, message: str, holds: Callable[[], bool] | None = None) -> bool:
        """Show ``message`` for a while. ``holds``: whether it is still true; a toast that
        no longer holds goes at once (e.g. "not your turn yet" when the turn comes), so it
        never sits beside the line that says otherwise, and one that is already false is
        not shown at all. True if it was shown."""
        if holds is not None and not holds():
            return False
        self.message = message
        self.left = self.DURATION
        self.holds = holds
        return True

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)
        self._check()

    def _check(self) -> None:
        if self.left > 0 and self.holds is not None and not self.holds():
            self.left = 0.0
        if self.left <= 0:
            self.holds = None

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], u: float,
             width: int | None = None) -> None:
        """``width``: the room the pill has (its text shrinks to fit, then is cut short)."""
        self._check()
        if self.left <= 0 or not self.message:
            return
        alpha = min(1.0, self.left / self.FADE, (self.DURATION - self.left) / self.FADE + 0.01)
        pad_x, pad_y = round(2 * u), round(1 * u)
        px = max(14, round(2.3 * u))
        if width is None:
            img = fonts.text(self.message, px, theme.IVORY, "semibold")
        else:
            img = fit_text(self.message, px, theme.IVORY, max(1, width - 2 * pad_x), "semibold", min_px=10)
        box = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
        pygame.draw.rect(box, (*theme.PANEL, 235), box.get_rect(), border_radius=box.get_height() // 2)
        pygame.draw.rect(box, (*theme.GOLD, 255), box.get_rect(), max(1, round(0.15 * u)),
                         border_radius=box.get_height() // 2)
        box.blit(img, (pad_x, pad_y))
        box.set_alpha(round(255 * max(0.0, min(1.0, alpha))))
        surface.blit(box, box.get_rect(center=centre))
