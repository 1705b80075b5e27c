"""The opaque screen between two humans on one screen: it draws no game data.

It names whose turn it is and what they are about to see; its confirm is the only way a
table's viewer changes. Esc and F1 still reach the pause menu and the rules.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.tables.felt import TableStyle, table_surface
from scenes.widgets.button import Button, ButtonRow

STYLE = TableStyle((30, 22, 18), (52, 38, 30), "wood", 0.04, 0.35)


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app, seat: int, name: str, preview: str,
                 on_confirm: Callable[[], None],
                 on_pause: Callable[[], None] | None = None,
                 on_rules: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.seat, self.name, self.preview, self.on_confirm = seat, name, preview, on_confirm
        self.on_pause, self.on_rules = on_pause, on_rules
        self.confirmed = False
        self.button = Button(lambda: t("handoff.ready", name=self.name), self.confirm, "primary")
        self.row = ButtonRow([self.button])

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        u = self.app.u
        w, h = self.app.size
        bw = min(round(48 * u), max(1, w - round(4 * u)))
        self.button.rect = pygame.Rect(0, 0, bw, max(1, round(6.5 * u)))
        self.button.rect.center = (w // 2, round(h * 0.66))

    def confirm(self) -> None:
        if self.confirmed:
            return
        self.confirmed = True
        self.app.stack.remove(self)
        self.on_confirm()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.row.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.confirm()
            elif event.key == pygame.K_ESCAPE and self.on_pause:
                self.on_pause()
            elif event.key == pygame.K_F1 and self.on_rules:
                self.on_rules()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        surface.blit(table_surface(STYLE, surface.get_size()), (0, 0))
        turn = fonts.text(t("handoff.turn_of", name=self.name), max(1, round(5 * u)), theme.GOLD, "bold")
        surface.blit(turn, turn.get_rect(center=(w // 2, round(h * 0.30))))
        lines = [
            (t("handoff.pass_to", n=self.seat + 1, name=self.name), 2.8, theme.IVORY, "semibold"),
            (t("handoff.preview", what=self.preview), 2.4, theme.IVORY, "regular"),
            (t("handoff.hint"), 2.1, theme.MUTED, "regular"),
        ]
        y = round(h * 0.40)
        for text, size, colour, weight in lines:
            img = fonts.text(text, max(1, round(size * u)), colour, weight)
            if img.get_width() > w - 4 * u and img.get_width() > 0:
                scale = max(0.01, (w - 4 * u) / img.get_width())
                img = fonts.text(text, max(1, round(size * u * scale)), colour, weight)
            surface.blit(img, img.get_rect(center=(w // 2, y)))
            y += round((size + 1.8) * u)
        self.row.draw(surface, u)
