"""Choose which Dukal to lead: each option as a row of small cards."""

from __future__ import annotations

import pygame

from scenes import fonts, theme
from scenes.dialog import Dialog
from scenes.i18n import t
from scenes.widgets.button import Button


class DukalChooser(Dialog):
    MAX_ROWS = 6

    def __init__(self, app, table, options: list[tuple]) -> None:
        super().__init__(app, t("ganjifa.dukal_title"))
        self.table = table
        self.options = sorted(options, key=lambda a: -len(a[1]))[: self.MAX_ROWS]
        self.row_buttons = [Button(lambda a=a: t("ganjifa.dukal_lead", n=len(a[1])),
                                   lambda a=a: self.pick(a), "primary") for a in self.options]
        self.set_buttons([Button(lambda: t("common.cancel"), self.close)])
        self.width_frac = 0.8

    def body_height(self) -> float:
        return len(self.options) * 11 * self.app.u + 3 * self.app.u

    def pick(self, action: tuple) -> None:
        self.close()
        self.table.lead_dukal(action)

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.row_buttons:
            if b.handle(event):
                return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.app.u
        hint = fonts.text(t("ganjifa.dukal_hint"), max(13, round(2 * u)), theme.MUTED)
        surface.blit(hint, (area.x, area.y))
        d = round(9 * u)
        for i, (_, cards) in enumerate(self.options):
            y = area.y + round(3 * u) + i * round(11 * u)
            for j, c in enumerate(cards):
                img = self.table.art.face(c, d, self.table._mark(c))
                surface.blit(img, (area.x + j * round(0.75 * d), y))
            b = self.row_buttons[i]
            b.rect = pygame.Rect(area.right - round(22 * u), y + (d - round(5 * u)) // 2,
                                 round(22 * u), round(5 * u))
            b.draw(surface, u)
