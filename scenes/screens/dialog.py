"""A modal panel over a scrim: the base of every overlay dialog (§6.3)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.core.tween import ease_out_cubic
from scenes.widgets.button import Button, ButtonRow

SCRIM_ALPHA = 140       # the veil over what lies under a dialog, once faded in
FADE_S = 0.16           # s: its fade


class Dialog(Scene):
    opaque = False
    closable = True          # Esc closes it
    width_frac = 0.6

    def __init__(self, app, title: str) -> None:
        super().__init__(app)
        self.title = title
        self.t = 0.0
        self.row = ButtonRow([])
        self.panel = pygame.Rect(0, 0, 0, 0)

    def set_buttons(self, buttons: list[Button]) -> None:
        self.row = ButtonRow(buttons)

    def close(self) -> None:
        self.app.stack.remove(self)

    def body_height(self) -> float:
        return 0.0

    def layout(self) -> None:
        u = self.app.u
        w, h = self.app.size
        pw = round(min(w * self.width_frac, 120 * u))
        bh = round(5 * u)
        ph = round(2 * u + 5 * u + self.body_height() + 2 * u + bh + 2 * u)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        n = len(self.row.buttons)
        if n:
            gap = round(1.5 * u)
            bw = min(round(26 * u), (pw - 4 * round(u) - gap * (n - 1)) // n)
            total = n * bw + (n - 1) * gap
            x = self.panel.centerx - total // 2
            for b in self.row.buttons:
                b.rect = pygame.Rect(x, self.panel.bottom - round(2 * u) - bh, bw, bh)
                x += bw + gap

    def enter(self) -> None:
        self.layout()

    def resize(self, size) -> None:
        self.layout()

    def update(self, dt: float) -> None:
        self.t += dt

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.closable:
            self.close()
            return True
        if self.row.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            primary = [b for b in self.row.buttons if b.style == "primary" and b.enabled]
            if primary:
                primary[0].activate()
                return True
        # modal: swallow everything else aimed at the table below
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                              pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        self.draw_scrim(surface)
        surface.blit(_panel(self.panel.size, u), self.panel)
        surface.blit(self.title_image(), (self.panel.x + round(2 * u), self.panel.y + round(2 * u)))
        self.draw_body(surface, self.body_area())
        self.row.draw(surface, u)

    def title_image(self) -> pygame.Surface:
        return fonts.text(self.title, round(3.4 * self.app.u), theme.GOLD, "bold")

    def body_area(self) -> pygame.Rect:
        """Where :meth:`draw_body` draws: the panel under its title."""
        u = self.app.u
        return pygame.Rect(self.panel.x + round(2 * u), self.panel.y + round(7.5 * u),
                           self.panel.width - round(4 * u), round(self.body_height()))

    def draw_scrim(self, surface: pygame.Surface) -> None:
        """The veil over what lies under the dialog, fading in over :data:`FADE_S`."""
        alpha = round(SCRIM_ALPHA * ease_out_cubic(min(1.0, self.t / FADE_S)))
        if alpha:
            surface.blit(scrim(surface.get_size(), alpha), (0, 0))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pass


_SCRIM: dict[tuple[int, int], pygame.Surface] = {}
_PANELS: dict[tuple[tuple[int, int], float], pygame.Surface] = {}


def scrim(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """The black veil over what lies under a dialog, at ``alpha``: one opaque surface per
    window size with a surface alpha (a window's worth of pixels is not made and filled
    again in every frame of the fade)."""
    img = _SCRIM.get(size)
    if img is None:
        _SCRIM.clear()
        img = _SCRIM[size] = pygame.Surface(size)
        img.fill((0, 0, 0))
    img.set_alpha(alpha)
    return img


def _panel(size: tuple[int, int], u: float) -> pygame.Surface:
    """A dialog's panel: rounded, gold-edged (made once per size)."""
    img = _PANELS.get((size, u))
    if img is None:
        if len(_PANELS) > 16:
            _PANELS.clear()
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (*theme.PANEL, 245), img.get_rect(), border_radius=round(1.5 * u))
        pygame.draw.rect(img, (*theme.GOLD, 255), img.get_rect(), max(1, round(0.15 * u)),
                         border_radius=round(1.5 * u))
        _PANELS[(size, u)] = img
    return img


def wrap(text: str, px: int, width: int, weight: str = "regular") -> list[str]:
    """Greedy word wrap with the real font metrics (fallback runs included)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if fonts.size(trial, px, weight)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


class ChoiceDialog(Dialog):
    """Pick one of a few options, each shown as a row (of cards) with its own button.

    Subclasses draw a row in ``draw_row`` and act in ``chosen``; number keys 1–9 pick
    too (each button names its key, "Lead 5 cards (1)", like every other shortcut in the
    app — not a bare digit beside it), Esc cancels.
    """

    width_frac = 0.8
    row_u = 11.0            # row height in u
    button_u = 26.0         # pick-button width in u

    def __init__(self, app, title: str, hint: str, options: list,
                 label: Callable[[object], str]) -> None:
        super().__init__(app, title)
        self.hint = hint
        self.options = list(options)
        self.pick_buttons = [Button(lambda o=o, k=k: self.key_label(label(o), k),
                                    lambda o=o: self.pick(o), "primary")
                             for k, o in enumerate(self.options, 1)]
        self.set_buttons([Button(lambda: t("common.cancel"), self.close)])

    def body_height(self) -> float:
        return (4 + len(self.options) * self.row_u) * self.app.u

    @staticmethod
    def key_label(text: str, k: int) -> str:
        """A pick button's label with its number key, for keys 1–9 only."""
        return f"{text} ({k})" if k <= 9 else text

    def pick(self, option: object) -> None:
        self.close()
        self.chosen(option)

    def chosen(self, option: object) -> None:
        """Act on the player's choice."""

    def draw_row(self, surface: pygame.Surface, area: pygame.Rect, option: object) -> None:
        """Draw one option inside ``area`` (the button sits to its right)."""

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.pick_buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.unicode and event.unicode.isdigit():
            i = int(event.unicode) - 1
            if 0 <= i < len(self.options):
                self.pick(self.options[i])
                return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.app.u
        hint = fonts.text(self.hint, max(13, round(2 * u)), theme.MUTED)
        surface.blit(hint, (area.x, area.y))
        row_h = round(self.row_u * u)
        # as wide as the longest label needs at the button size, up to 60 % of the body
        need = max((fonts.size(b.label, max(13, round(2.5 * u)), "semibold")[0] + round(2 * u)
                    for b in self.pick_buttons), default=0)
        bw, bh = min(max(round(self.button_u * u), need), round(area.width * 0.6)), round(5 * u)
        for i, option in enumerate(self.options):
            y = area.y + round(4 * u) + i * row_h
            row = pygame.Rect(area.x, y, area.width - bw - round(4 * u), row_h - round(u))
            self.draw_row(surface, row, option)
            b = self.pick_buttons[i]
            b.rect = pygame.Rect(area.right - bw, y + (row.height - bh) // 2, bw, bh)
            b.draw(surface, u)
