"""Settings: language, animation and AI speed, fullscreen, volume, sound, the display
(contrast, grain, colour temperature sliders; large text; reduced motion) and the keys
(their own screen, scenes.screens.keys_screen) — all persisted.

Drawn like the rest of the app: the wooden table top, one gold-rimmed panel with two
titled groups of rows. The layout unit shrinks so the whole panel fits any window.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import fonts, grade, i18n, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.tables.felt import TableStyle, table_surface
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.options import OptionRow, ValueRow, handle_rows
from scenes.widgets.panel import draw_titled_panel, fit_tall
from scenes.widgets.slider import SliderRow

# Stored values multiply animation durations and AI think delays (0 = instant), so the
# bigger the number, the slower. Listed slow → fast: › makes things faster.
SPEEDS = [2.0, 1.5, 1.0, 0.5, 0.0]
SPEED_WORDS = {2.0: "very_slow", 1.5: "slow", 1.0: "normal", 0.5: "fast", 0.0: "instant"}
VOLUMES = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
GROUPS = (("settings.section_play", 3), ("settings.section_screen", 3), ("display.section", 5),
          ("keymap.title", 1))
# the panel in layout units: padding, title, group headings, rows, footer
PAD, TITLE, HEADING, ROW, GAP, FOOTER = 3.0, 7.0, 4.2, 5.0, 1.2, 5.5
PANEL_W = 84.0


def speed_label(v: float) -> str:
    word = SPEED_WORDS.get(v)
    return t(f"settings.speed.{word}") if word else t("settings.speed.custom", x=f"{v:g}")


def step_words(kind: str) -> Callable[[int], str]:
    """What a display slider's note says at step ``v`` (e.g. "Warmer 3")."""
    def say(v: int) -> str:
        if v == 0:
            return t("display.designed")
        return t(f"display.{kind}_{'up' if v > 0 else 'down'}", n=abs(v))
    return say


def table_styles() -> list[tuple[str, TableStyle]]:
    """Every playable game's table style, for the preview beside the panel."""
    from scenes.core.nav import resolve
    from scenes.tables.registry import TABLES
    return [(game, resolve(info.table).style) for game, info in TABLES.items()]


def panel_height_u() -> float:
    rows = sum(n for _, n in GROUPS)
    return 2 * PAD + TITLE + len(GROUPS) * HEADING + rows * (ROW + GAP) + GAP + FOOTER


class OpenRow(ValueRow):
    """A row whose box opens another screen (no ‹ ›): the keys."""

    def __init__(self, label: Callable[[], str], value: Callable[[], str], open_: Callable[[], None]) -> None:
        self.value, self.open = value, open_
        super().__init__(label)

    def text(self) -> str:
        return self.value()

    def parts(self) -> dict[str, pygame.Rect]:
        box = self.button.rect
        return {"back": pygame.Rect(box.x, box.y, 0, box.height),
                "value": pygame.Rect(box.x, box.y, max(0, box.width - 1), box.height),   # inside the rim
                "forward": pygame.Rect(box.right, box.y, 0, box.height)}

    def can_step(self, n: int) -> bool:
        return False

    def step(self, n: int) -> None:
        """Nothing to step through."""

    def activate(self) -> None:
        self.open()


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.u = app.u
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.keys_px, self.keys_line = 12, pygame.Rect(0, 0, 0, 0)     # the keys line under it
        self.headings: list[tuple[str, pygame.Rect]] = []
        self.previews: list[tuple[str, TableStyle, pygame.Rect]] = []     # the graded tables
        self._styles: list[tuple[str, TableStyle]] | None = None

        def put(name: str):
            def setter(v) -> None:
                setattr(s, name, v)
                self._apply()
            return setter

        on_off = lambda v: t("common.on" if v else "common.off")    # noqa: E731
        self.rows = [
            OptionRow(lambda: t("settings.language"), ["vi", "en"], lambda: s.lang, put("lang"),
                      lambda v: "Tiếng Việt" if v == "vi" else "English"),
            OptionRow(lambda: t("settings.anim_speed"), SPEEDS, lambda: s.anim_speed, put("anim_speed"),
                      speed_label, wrap=False),
            OptionRow(lambda: t("settings.ai_speed"), SPEEDS, lambda: s.ai_speed, put("ai_speed"),
                      speed_label, wrap=False),
            OptionRow(lambda: t("settings.fullscreen"), [False, True], lambda: s.fullscreen,
                      lambda v: self.app.set_fullscreen(v), on_off),
            OptionRow(lambda: t("settings.volume"), VOLUMES, lambda: round(s.volume, 1),
                      put("volume"), lambda v: f"{round(v * 100)} %", wrap=False),
            OptionRow(lambda: t("settings.sound"), [False, True], lambda: not s.muted,
                      lambda v: put("muted")(not v), on_off),
            *(SliderRow(lambda k=k: t(f"display.{k}"), grade.STEPS, lambda k=k: getattr(s, k), put(k),
                        step_words(k)) for k in ("contrast", "grain", "warmth")),
            OptionRow(lambda: t("display.large_text"), [False, True], lambda: s.large_text,
                      put("large_text"), on_off),
            OptionRow(lambda: t("settings.reduced_motion"), [False, True], lambda: s.reduced_motion,
                      put("reduced_motion"), on_off),
            OpenRow(lambda: t("settings.keys_row"), lambda: t("settings.keys_open"), self.open_keys),
        ]
        self.back = Button(lambda: t("common.back"), self.close, "primary")
        self.row = ButtonRow([r.button for r in self.rows] + [self.back])

    def open_keys(self) -> None:
        from scenes.screens.keys_screen import KeysScene
        self.app.stack.push(KeysScene(self.app))

    def _apply(self) -> None:
        s = self.app.settings
        i18n.set_lang(s.lang)
        scale = fonts.scale()
        grade.apply_settings(s)         # the tables' grade (rebuilt on their next frame)
        if fonts.scale() != scale:      # text got bigger or smaller: every scene lays out again
            self.app.stack.resize(self.app.size)
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
        w, h = self.app.size
        # the keys line under the panel, readable (12 px or more), its room kept first
        self.keys_px = max(12, round(1.9 * self.app.u))
        keys_h = fonts.size(t("settings.keys"), self.keys_px)[1] + max(2, round(0.6 * self.app.u))
        # the unit of the window (h/100), made smaller when the panel would not fit
        u = self.u = max(0.5, min(self.app.u, (h * 0.98 - keys_h) / panel_height_u(), w * 0.94 / PANEL_W))
        pw, ph = round(PANEL_W * u), round(panel_height_u() * u)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph - keys_h) // 2, pw, ph)
        self.keys_line = pygame.Rect(0, self.panel.bottom, w, keys_h)
        x, width = self.panel.x + round(PAD * u), pw - round(2 * PAD * u)
        y = self.panel.y + round((PAD + TITLE) * u)
        self.headings = []
        rows = iter(self.rows)
        for key, n in GROUPS:
            self.headings.append((key, pygame.Rect(x, y, width, round(HEADING * u))))
            y += round(HEADING * u)
            for _ in range(n):
                next(rows).place(pygame.Rect(x, y, width, round(ROW * u)), u)
                y += round((ROW + GAP) * u)
        self._place_previews(w, h)
        bw = round(22 * u)
        self.back.rect = pygame.Rect(x + width - bw, self.panel.bottom - round((PAD + FOOTER) * u),
                                     bw, round(FOOTER * u))

    def _place_previews(self, w: int, h: int) -> None:
        """A small copy of each game's table right of the panel, where there is room, so
        the sliders can be judged on every table at once."""
        u = self.app.u
        room = w - self.panel.right - round(4 * u)
        self.previews = []
        if room < round(20 * u):
            return
        if self._styles is None:
            self._styles = table_styles()
        tw = min(round(30 * u), room)
        th = round(tw * 9 / 16)
        step = th + round(4.5 * u)
        top = (h - step * len(self._styles)) // 2
        x = self.panel.right + (w - self.panel.right - tw) // 2
        self.previews = [(game, style, pygame.Rect(x, top + i * step, tw, th))
                         for i, (game, style) in enumerate(self._styles)]

    def handle(self, event: pygame.event.Event) -> bool:
        if handle_rows(self.rows, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        self.row.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        draw_titled_panel(surface, self.panel, u, t("menu.settings"), PAD, TITLE)
        for key, r in self.headings:
            text = t(key).upper()
            px = fit_tall(text, fonts.fit(text, max(11, round(2.0 * u)), r.width, "bold"), r.height - round(0.8 * u), "bold")
            img = fonts.text(text, px, theme.GOLD, "bold")
            ty = r.bottom - round(1.0 * u) - img.get_height()
            surface.blit(img, (r.x, ty))
            lx = r.x + img.get_width() + round(1.5 * u)
            if lx < r.right:
                pygame.draw.line(surface, theme.darken(theme.GOLD, 0.5), (lx, ty + img.get_height() // 2),
                                 (r.right, ty + img.get_height() // 2), 1)
        for game, style, rect in self.previews:
            surface.blit(table_surface(style, rect.size), rect)
            pygame.draw.rect(surface, theme.darken(theme.GOLD, 0.3), rect, max(1, round(0.2 * u)))
            name = t(f"short.{game}")
            img = fonts.text(name, fonts.fit(name, max(12, round(1.9 * u)), rect.width), theme.MUTED)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.bottom + round(0.5 * u))))
        for r in self.rows:
            if r.button.focused or r.hover:
                band = r.rect.inflate(round(1.6 * u), round(GAP * u * 0.6))
                pygame.draw.rect(surface, theme.lighten(theme.PANEL, 0.07), band, border_radius=max(2, round(1.5 * u)))
            r.draw(surface, u)
        self.back.draw(surface, u)
        w, h = surface.get_size()
        keys_text = t("settings.keys")
        keys = fonts.text(keys_text, fonts.fit(keys_text, self.keys_px, round(w * 0.96)), theme.MUTED)
        surface.blit(keys, keys.get_rect(center=self.keys_line.center))
