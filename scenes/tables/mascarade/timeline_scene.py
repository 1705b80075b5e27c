"""The end-of-game timeline (reached from the results): every hidden decision of the
game, in order, scrollable (wheel, arrows, Page Up / Down, Home / End, the scrollbar).
Pushed only once the match is over: it reads the private events."""

from __future__ import annotations

import pygame

from game.mascarade.timeline import build
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.screens.dialog import Dialog, wrap
from scenes.widgets.button import Button
from scenes.widgets.scrollbar import Scroll, ScrollBar

ROSE = (0xE0, 0x8A, 0xA6)


def colour(key: str) -> tuple[int, int, int]:
    if key.endswith("_yes"):
        return theme.GOLD
    if key.endswith("_no"):
        return theme.MUTED
    if key == "announce_bluff":
        return ROSE
    return theme.IVORY


class TimelineScene(Dialog):
    width_frac = 0.9

    def __init__(self, app, table) -> None:
        assert table.match.is_over(), "the timeline reveals hidden decisions: only after the game"
        self.table = table
        self.lines = build(table.match.events)
        self.scroll = Scroll()
        self.bar = ScrollBar(self.scroll)
        self.rows: list[tuple[str, tuple[int, int, int], bool]] = []   # text, colour, first
        self.body = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, t("mascarade_memory.timeline_title"))
        self.set_buttons([Button(lambda: t("mascarade_memory.close"), self.close, "primary")])

    def px(self) -> int:
        return max(11, round(2.0 * self.app.u))

    def line_h(self) -> int:
        return round(self.px() * fonts.scale() * 1.35)      # the pitch of the lines as drawn

    def body_height(self) -> float:
        return self.app.size[1] * 0.96 - 18 * self.app.u

    def layout(self) -> None:
        super().layout()
        u = self.app.u
        self.body = pygame.Rect(self.panel.x + round(2 * u), self.panel.y + round(7.5 * u) + self.line_h(),
                                self.panel.width - round(5 * u), round(self.body_height()) - self.line_h())
        self.bar.track = pygame.Rect(self.body.right + round(1 * u), self.body.y, max(4, round(0.8 * u)),
                                     self.body.height)
        px = self.px()
        self.rows = []
        for line in self.lines:
            text = self.table.painter.log_text(line, "mascarade_memory.tl")
            for i, part in enumerate(wrap(text, px, self.body.width - round(3 * u))):
                self.rows.append((part if i == 0 else "    " + part, colour(line.key), i == 0))
        self.scroll.set_extent(len(self.rows) * self.line_h(), self.body.height)

    def handle(self, event: pygame.event.Event) -> bool:
        lh = self.line_h()
        if self.bar.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll.by(-event.y * 3 * lh)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: lambda: self.scroll.by(lh), pygame.K_UP: lambda: self.scroll.by(-lh),
                     pygame.K_PAGEDOWN: lambda: self.scroll.page(1, lh),
                     pygame.K_PAGEUP: lambda: self.scroll.page(-1, lh),
                     pygame.K_HOME: self.scroll.home, pygame.K_END: self.scroll.end}
            if event.key in moves:
                moves[event.key]()
                return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        hint = fonts.text(t("mascarade_memory.timeline_hint"), max(11, round(1.7 * self.app.u)), theme.MUTED)
        surface.blit(hint, (area.x, area.y))
        lh = self.line_h()
        first = int(self.scroll.offset // lh)
        y = self.body.y - round(self.scroll.offset - first * lh)
        old = surface.get_clip()
        surface.set_clip(self.body)
        for text, col, _ in self.rows[first:first + self.body.height // lh + 2]:
            surface.blit(fonts.text(text, self.px(), col), (self.body.x, y))
            y += lh
        surface.set_clip(old)
        self.bar.draw(surface, theme.BUTTON, theme.GOLD)
