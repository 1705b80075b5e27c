"""A yes/no question over the current scene (e.g. "Quit?", "Replace your hand?")."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.screens.dialog import Dialog, wrap
from scenes.widgets.button import Button


class ConfirmDialog(Dialog):
    """``ok`` is the primary button (Enter); Cancel and Esc close without acting."""

    def __init__(self, app, title: str, body: str, ok_label: str,
                 on_ok: Callable[[], None]) -> None:
        super().__init__(app, title)
        self.body = body
        self.on_ok = on_ok
        self.set_buttons([Button(ok_label, self.confirm, "primary"),
                          Button(lambda: t("common.cancel"), self.close)])

    def confirm(self) -> None:
        self.close()
        self.on_ok()

    def _px(self) -> int:
        return max(13, round(2.3 * self.app.u))

    def _lines(self) -> list[str]:
        width = round(min(self.app.size[0] * self.width_frac, 120 * self.app.u) - 4 * self.app.u)
        return wrap(self.body, self._px(), max(40, width))

    def body_height(self) -> float:
        return len(self._lines()) * self._px() * 1.45 + self.app.u

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        y = area.y
        for line in self._lines():
            surface.blit(fonts.text(line, self._px(), theme.IVORY), (area.x, y))
            y += round(self._px() * 1.45)
