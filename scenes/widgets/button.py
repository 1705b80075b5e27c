"""Buttons: gold-bordered, with hover, press, disabled and keyboard focus states."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import fonts, layout_check, theme


class Button:
    def __init__(self, label: str | Callable[[], str], on_click: Callable[[], None],
                 style: str = "normal", enabled: bool | Callable[[], bool] = True) -> None:
        self._label = label
        self.on_click = on_click
        self.style = style           # "normal", "primary" or "danger"
        self._enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.pressed = False
        self.focused = False

    @property
    def label(self) -> str:
        return self._label() if callable(self._label) else self._label

    @property
    def enabled(self) -> bool:
        return self._enabled() if callable(self._enabled) else self._enabled

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos) and self.enabled:
                self.pressed = True
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
                return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface, u: float) -> None:
        r = self.rect.move(0, round(0.2 * u) if self.pressed else 0)
        radius = max(2, round(u))
        if self.style == "primary":
            fill, text, border = theme.GOLD, theme.INK, None
        elif self.style == "danger":
            fill, text, border = theme.DANGER, theme.IVORY, None
        else:
            fill, text, border = theme.BUTTON, theme.IVORY, theme.GOLD
        if not self.enabled:
            fill = theme.darken(fill, 0.35)
            text = theme.darken(text, 0.4)
            border = None
        elif self.pressed:
            fill = theme.darken(fill, 0.1)
        elif self.hover or self.focused:
            fill = theme.lighten(fill, 0.08)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        if border:
            pygame.draw.rect(surface, border, r, max(1, round(0.2 * u)), border_radius=radius)
        if self.focused:
            draw_focus_ring(surface, r, u, radius)
        room = r.width - 2 * max(2, round(0.8 * u))
        px = fonts.fit(self.label, max(13, round(2.5 * u)), room,
                       "semibold", floor=9)    # large text or a long label: shrink, never spill
        label = self.label
        if fonts.size(label, px, "semibold")[0] > room:        # not even at the floor: cut short
            from scenes.core.textfit import ellipsize
            label = ellipsize(label, px, room, "semibold")
        img = fonts.text(label, px, text, "semibold")
        with layout_check.control(surface, r, "button", self.label):
            surface.blit(img, img.get_rect(center=r.center))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, u: float, radius: int = 0) -> None:
    """Double ring (white outside, black inside) visible on any background (§6.4)."""
    outer = max(2, round(0.25 * u))
    inner = max(1, round(0.15 * u))
    pygame.draw.rect(surface, theme.INK, rect.inflate(2 * inner, 2 * inner), inner,
                     border_radius=radius + inner)
    pygame.draw.rect(surface, theme.WHITE, rect.inflate(2 * (inner + outer), 2 * (inner + outer)),
                     outer, border_radius=radius + inner + outer)


class ButtonRow:
    """A list of buttons with keyboard focus (Tab/arrows, Enter/Space)."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = -1

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            usable = [i for i, b in enumerate(self.buttons) if b.enabled]
            if not usable:
                return False
            if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
                step = -1 if event.key in (pygame.K_UP, pygame.K_LEFT) or (
                    event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT) else 1
                if self.focus not in usable:
                    self.focus = usable[0] if step > 0 else usable[-1]
                else:
                    self.focus = usable[(usable.index(self.focus) + step) % len(usable)]
                self._sync()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus in usable:
                self.buttons[self.focus].activate()
                return True
        return False

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def draw(self, surface: pygame.Surface, u: float) -> None:
        for b in self.buttons:
            b.draw(surface, u)
