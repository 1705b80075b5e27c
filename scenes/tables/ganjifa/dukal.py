"""Choose which Dukal to lead: each option as a row of small cards."""

from __future__ import annotations

import pygame

from scenes.core.i18n import t
from scenes.screens.dialog import ChoiceDialog


class DukalChooser(ChoiceDialog):
    MAX_ROWS = 6
    button_u = 26.0         # room for "Lead 12 cards (1)"

    def __init__(self, app, table, options: list[tuple]) -> None:
        self.table = table
        best = sorted(options, key=lambda a: -len(a[1]))[: self.MAX_ROWS]
        super().__init__(app, t("ganjifa.dukal_title"), t("ganjifa.dukal_hint"), best,
                         lambda a: t("ganjifa.dukal_lead", n=len(a[1])))

    def chosen(self, action: object) -> None:
        self.table.controls.lead_dukal(action)

    def draw_row(self, surface: pygame.Surface, area: pygame.Rect, action: object) -> None:
        d = round(9 * self.app.u)
        for j, c in enumerate(action[1]):
            img = self.table.art.face(c, d, self.table.card_paint._mark(c))
            surface.blit(img, (area.x + j * round(0.75 * d), area.y))
