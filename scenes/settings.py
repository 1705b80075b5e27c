"""Settings: language, animation speed, AI speed, fullscreen, volume, mute (persisted)."""

from __future__ import annotations

import pygame

from scenes import fonts, i18n, theme
from scenes.i18n import t
from scenes.stack import Scene
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.options import OptionRow

SPEEDS = [0.0, 0.5, 1.0, 1.5, 2.0]


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings

        def speed_label(v: float) -> str:
            return t("settings.instant") if v == 0 else f"× {v:g}"

        def put(name: str):
            def setter(v) -> None:
                setattr(s, name, v)
                self._apply()
            return setter

        self.rows = [
            OptionRow(lambda: t("settings.language"), ["vi", "en"], lambda: s.lang, put("lang"),
                      lambda v: "Tiếng Việt" if v == "vi" else "English"),
            OptionRow(lambda: t("settings.anim_speed"), SPEEDS, lambda: s.anim_speed, put("anim_speed"),
                      speed_label),
            OptionRow(lambda: t("settings.ai_speed"), SPEEDS, lambda: s.ai_speed, put("ai_speed"),
                      speed_label),
            OptionRow(lambda: t("settings.fullscreen"), [False, True], lambda: s.fullscreen,
                      lambda v: self.app.set_fullscreen(v), lambda v: t("common.on" if v else "common.off")),
            OptionRow(lambda: t("settings.volume"), [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], lambda: round(s.volume, 1),
                      put("volume"), lambda v: f"{round(v * 100)} %"),
            OptionRow(lambda: t("settings.sound"), [False, True], lambda: not s.muted,
                      lambda v: put("muted")(not v), lambda v: t("common.on" if v else "common.off")),
        ]
        self.back = Button(lambda: t("common.back"), self.close, "primary")
        self.row = ButtonRow([r.button for r in self.rows] + [self.back])

    def _apply(self) -> None:
        s = self.app.settings
        i18n.set_lang(s.lang)
        self.app.audio.set_volume(s.volume)
        self.app.audio.set_muted(s.muted)
        try:
            s.save()
        except OSError:
            pass

    def close(self) -> None:
        self._apply()
        self.app.stack.remove(self)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        u = self.app.u
        w, _ = self.app.size
        width = round(min(90 * u, w * 0.8))
        x = (w - width) // 2
        y = round(16 * u)
        for r in self.rows:
            r.place(pygame.Rect(x, y, width, round(5.2 * u)), u)
            y += round(6.6 * u)
        self.back.rect = pygame.Rect(x + width - round(24 * u), y + round(2 * u), round(24 * u), round(6 * u))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        for r in self.rows:
            if r.handle(event):
                return True
        self.row.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, _ = surface.get_size()
        surface.fill((30, 24, 20))
        title = fonts.text(t("menu.settings"), round(4.4 * u), theme.GOLD, "bold")
        surface.blit(title, title.get_rect(center=(w // 2, round(8 * u))))
        for r in self.rows:
            r.draw(surface, u)
        self.back.draw(surface, u)
