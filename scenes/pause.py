"""Esc at the table: resume, rules, settings, or leave (the hand stays saved)."""

from __future__ import annotations

from scenes import nav
from scenes.dialog import Dialog
from scenes.i18n import t
from scenes.widgets.button import Button


class PauseScene(Dialog):
    def __init__(self, app, table) -> None:
        super().__init__(app, t("pause.title"))
        self.table = table
        self.set_buttons([
            Button(lambda: t("pause.resume"), self.close, "primary"),
            Button(lambda: t("menu.rules"), self.rules),
            Button(lambda: t("menu.settings"), self.settings),
            Button(lambda: t("pause.leave"), self.leave, "danger"),
        ])

    def body_height(self) -> float:
        return 4 * self.app.u

    def draw_body(self, surface, area) -> None:
        from scenes import fonts, theme
        img = fonts.text(t("pause.saved"), round(2.3 * self.app.u), theme.MUTED)
        surface.blit(img, (area.x, area.y))

    def rules(self) -> None:
        self.close()
        self.table.open_rules()

    def settings(self) -> None:
        self.close()
        nav.push(self.app, "settings")

    def leave(self) -> None:
        nav.reset(self.app, "menu")
