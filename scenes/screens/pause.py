"""Esc at the table: continue, rules, settings, or leave (the hand stays saved).

The rules and settings open over this menu, so Esc (or their Back button) comes back
here, not straight to the table."""

from __future__ import annotations

from scenes.core import fonts, nav, theme
from scenes.core.i18n import lang, t
from scenes.screens.dialog import Dialog, wrap
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
        self._laid_in = lang()

    def layout(self) -> None:
        self._laid_in = lang()
        super().layout()

    def update(self, dt: float) -> None:
        super().update(dt)
        if lang() != self._laid_in:      # back from the settings in the other language
            self.layout()

    @property
    def title(self) -> str:
        """Read each frame: the language may change in the settings opened from here."""
        return t("pause.title")

    @title.setter
    def title(self, value: str) -> None:
        pass

    def _px(self) -> int:
        return round(2.3 * self.app.u)

    def _lines(self) -> list[str]:
        u = self.app.u
        width = round(min(self.app.size[0] * self.width_frac, 120 * u)) - round(4 * u)
        return wrap(t("pause.saved"), self._px(), width)

    def body_height(self) -> float:
        step = fonts.font(self._px()).get_linesize()
        return max(4 * self.app.u, len(self._lines()) * step + 1.5 * self.app.u)

    def draw_body(self, surface, area) -> None:
        y = area.y
        for line in self._lines():
            img = fonts.text(line, self._px(), theme.MUTED)
            surface.blit(img, (area.x, y))
            y += fonts.font(self._px()).get_linesize()

    def rules(self) -> None:
        self.table.header.open_rules()

    def settings(self) -> None:
        nav.push(self.app, "settings")

    def leave(self) -> None:
        nav.reset(self.app, "menu")
