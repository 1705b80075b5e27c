"""End of a hand: scores, winners, deal again or back to the menu."""

from __future__ import annotations

import pygame

from scenes import fonts, theme
from scenes.dialog import Dialog
from scenes.i18n import t
from scenes.widgets.button import Button


class ResultsScene(Dialog):
    closable = False

    def __init__(self, app, table) -> None:
        self.table = table
        result = table.match.result()
        self.result = result
        title = t("results.title")
        super().__init__(app, title)
        self.set_buttons([
            Button(lambda: t("results.again"), self.again, "primary"),
            Button(lambda: t("results.menu"), self.menu),
        ])

    def body_height(self) -> float:
        return (5 + 4.5 * len(self.result.scores)) * self.app.u + self.table.result_extra_height()

    def again(self) -> None:
        from scenes.setup import SetupScene
        self.app.stack.reset(SetupScene.again(self.app, self.table.match))

    def menu(self) -> None:
        from scenes.menu import MenuScene
        self.app.stack.reset(MenuScene(self.app))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.app.u
        winners = self.result.winners
        head = fonts.text(self.table.result_headline(), round(2.8 * u), theme.IVORY, "semibold")
        surface.blit(head, (area.x, area.y))
        y = area.y + round(5 * u)
        order = sorted(range(len(self.result.scores)), key=lambda s: -self.result.scores[s])
        for seat in order:
            won = seat in winners
            col = theme.GOLD if won else theme.IVORY
            name = fonts.text(("★ " if won else "   ") + self.table.seat_name(seat), round(2.5 * u), col, "semibold")
            score = fonts.text(self.table.score_text(seat), round(2.5 * u), col, "bold")
            surface.blit(name, (area.x + round(2 * u), y))
            surface.blit(score, (area.right - score.get_width() - round(2 * u), y))
            y += round(4.5 * u)
        self.table.draw_result_extra(surface, pygame.Rect(area.x, y, area.width, area.bottom - y))
