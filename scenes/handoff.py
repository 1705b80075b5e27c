"""The opaque screen between two humans on one screen: it draws no game data."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import fonts, theme
from scenes.i18n import t
from scenes.stack import Scene
from scenes.widgets.button import Button, ButtonRow


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app, seat: int, name: str, on_confirm: Callable[[], None]) -> None:
        super().__init__(app)
        self.seat, self.name, self.on_confirm = seat, name, on_confirm
        self.button = Button(lambda: t("handoff.ready", name=self.name), self.confirm, "primary")
        self.row = ButtonRow([self.button])

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        u = self.app.u
        w, h = self.app.size
        self.button.rect = pygame.Rect(0, 0, round(40 * u), round(6 * u))
        self.button.rect.center = (w // 2, round(h * 0.62))

    def confirm(self) -> None:
        self.app.stack.remove(self)
        self.on_confirm()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.row.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.confirm()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        surface.fill((22, 18, 15))
        title = fonts.text(t("handoff.pass_to", n=self.seat + 1, name=self.name), round(5 * u), theme.GOLD, "bold")
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.38))))
        sub = fonts.text(t("handoff.hint"), round(2.3 * u), theme.MUTED)
        surface.blit(sub, sub.get_rect(center=(w // 2, round(h * 0.48))))
        self.row.draw(surface, u)
