"""A slider row: an :class:`OptionRow` over ordered steps whose value box is a track with a knob.

Everything an option row does still works (‹ › parts, ← →, right-click steps back, Tab
focus); besides, a click on the track jumps to the step under the pointer and dragging
along it follows the pointer. The current value is said in words under the label (the
row's note), e.g. "Warmer 3" or "As designed".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes.core import fonts, theme
from scenes.widgets.options import READABLE_PX, SMALLEST_PX, OptionRow


class SliderRow(OptionRow):
    def __init__(self, label: Callable[[], str], values: Sequence[int], get: Callable[[], int],
                 set_: Callable[[int], None], say: Callable[[int], str]) -> None:
        super().__init__(label, values, get, set_, lambda v: "", wrap=False)
        self.say = say
        self.dragging = False

    def note(self) -> str:
        return self.say(self.get())

    def activate(self) -> None:          # Enter on a slider: one step up, stopping at the end
        self.step(1)

    # -- the track ------------------------------------------------------------------------
    def track(self) -> pygame.Rect:
        """The horizontal span the knob runs along (inside the value part)."""
        value = self.parts()["value"]
        pad = max(4, value.height // 3)
        return pygame.Rect(value.x + pad, value.centery, max(1, value.width - 2 * pad), 1)

    def value_at(self, x: int) -> int:
        tr = self.track()
        f = min(1.0, max(0.0, (x - tr.x) / max(1, tr.width)))
        return self.values[round(f * (len(self.values) - 1))]

    def knob_x(self) -> int:
        tr = self.track()
        i = self._index()
        i = len(self.values) // 2 if i is None else i
        return tr.x + round(tr.width * i / max(1, len(self.values) - 1))

    def _set_from(self, x: int) -> None:
        v = self.value_at(x)
        if v != self.get():
            self.set(v)

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.parts()["value"].collidepoint(event.pos)):
            self.dragging = True
            self.button.pressed = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            self.hover = "value"
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self.button.pressed = False
            return True
        if event.type == pygame.KEYDOWN and self.button.focused and event.key in (pygame.K_HOME, pygame.K_END):
            v = self.values[0] if event.key == pygame.K_HOME else self.values[-1]
            if v != self.get():
                self.set(v)
            return True
        return super().handle(event)

    # -- drawing --------------------------------------------------------------------------
    def _draw_row(self, surface: pygame.Surface, u: float) -> None:
        """Label with the value in words under it; beside it when the row is too low for
        two lines (large text, small windows); left out when neither fits (the knob says it)."""
        note = self.note()
        label = fonts.text(self.label(), self._label_px(u), theme.IVORY, "semibold")
        small_px = min(max(READABLE_PX, round(1.7 * u)), max(SMALLEST_PX, round(self.rect.height * 0.4)))
        small = fonts.text(note, small_px, theme.MUTED) if note else None
        if small and label.get_height() + small.get_height() <= self.rect.height + 2:
            top = self.rect.centery - (label.get_height() + small.get_height()) // 2
            surface.blit(label, (self.rect.x, top))
            surface.blit(small, (self.rect.x, top + label.get_height()))
        else:
            surface.blit(label, (self.rect.x, self.rect.centery - label.get_height() // 2))
            gap = max(4, round(u))
            if small and label.get_width() + gap + small.get_width() <= self.label_width():
                at = small.get_rect(midright=(self.rect.x + self.label_width(), self.rect.centery))
                surface.blit(small, at)
        self._draw_box(surface, u)

    def _value_px(self, u: float) -> int:        # no text in the box: nothing to shrink
        return max(12, round(2.5 * u))

    def _draw_box(self, surface: pygame.Surface, u: float) -> None:
        super()._draw_box(surface, u)
        tr = self.track()
        line = max(2, round(0.35 * u))
        y = tr.y
        pygame.draw.line(surface, theme.darken(theme.GOLD, 0.45), (tr.x, y), (tr.right, y), line)
        mid = tr.x + tr.width // 2
        tick = max(3, round(0.9 * u))
        pygame.draw.line(surface, theme.MUTED, (mid, y - tick), (mid, y + tick), max(1, line // 2))
        kx = self.knob_x()
        pygame.draw.line(surface, theme.GOLD, (mid, y), (kx, y), line)
        r = max(4, round(self.button.rect.height * 0.26))
        pygame.draw.circle(surface, theme.GOLD, (kx, y), r)
        pygame.draw.circle(surface, theme.INK, (kx, y), r, max(1, round(0.2 * u)))
