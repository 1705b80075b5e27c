"""End of a hand: scores, winners, the deal number and code; deal again, rematch (the
same cards, seats turned by one), watch the replay, export it, or back to the menu."""

from __future__ import annotations

import pygame

from scenes.art.shapes import star
from scenes.core import fonts, i18n, layout_check, theme
from scenes.core.i18n import t
from scenes.core.nav import push, reset
from scenes.screens.dialog import FADE_S, SCRIM_ALPHA, Dialog, scrim
from scenes.widgets.button import Button


def fitted(text: str, px: int, width: int, colour: tuple[int, int, int], weight: str = "regular",
           min_px: int = 10) -> pygame.Surface:
    """One line of text at ``px`` or smaller so that it is at most ``width`` wide (a line
    still too wide at ``min_px`` is squeezed: it never runs past its box)."""
    width = max(1, int(width))
    px = fonts.fit(text, max(1, int(px)), width, weight, min_px)
    img = fonts.text(text, px, colour, weight)
    if img.get_width() > width:
        img = pygame.transform.smoothscale(img, (width, img.get_height()))
    return img


class ResultsScene(Dialog):
    """The results panel over the finished table. The table under it no longer changes
    (its match is over, its clock stopped): it is drawn once into a still picture, the
    veil baked in once faded, and each frame blits that (a 1920x1080 frame drew the
    table and a window's worth of veil again: 7-11 ms of CPU a frame)."""

    closable = False
    _still: tuple[tuple, pygame.Surface] | None = None

    @property
    def opaque(self) -> bool:           # type: ignore[override]
        """It draws the table under it itself (the still), unless the overlap check
        records frames: that reads the table's own drawing."""
        return not layout_check.active

    def __init__(self, app, table) -> None:
        self.table = table
        result = table.match.result()
        self.result = result
        title = t("results.title")
        super().__init__(app, title)
        self.note = ""          # what Export did
        extra = getattr(table, "result_buttons", None)       # a game's own panels (e.g. a timeline)
        self.set_buttons([
            Button(lambda: t("results.again"), self.again, "primary"),
            Button(lambda: t("replay.rematch"), self.rematch),
            Button(lambda: t("replay.watch"), self.watch),
            Button(lambda: t("replay.export_short"), self.export),
            Button(lambda: t("results.menu"), self.menu),
        ] + (extra() if extra else []))

    def body_height(self) -> float:
        return (8 + 4.5 * len(self.result.scores)) * self.app.u + self.table.results.extra_height()

    def again(self) -> None:
        reset(self.app, "deal_again", self.table.match)

    def menu(self) -> None:
        reset(self.app, "menu")

    def rematch(self) -> None:
        """The same deal (seed and options) with every player one seat on."""
        from game.replay import rotated
        from scenes.core import session
        m = self.table.match
        kinds = rotated([s.kind for s in m.seats])
        if session.uses_phones(kinds):          # the phones take their new seats first
            reset(self.app, "join", m.game, kinds, m.seed, dict(m.options))
            return
        match = session.start(m.game, kinds, m.seed, dict(m.options))
        reset(self.app, "table", match, fresh=True)

    def record(self) -> dict:
        from game.replay import record_of
        return record_of(self.table.match)

    def watch(self) -> None:
        push(self.app, "replay", record=self.record())

    def export(self) -> None:
        from game.replay import export_record
        from game.storage import SaveError
        try:
            self.note = t("replay.exported", path=str(export_record(self.record())))
        except (OSError, SaveError):
            self.note = t("replay.export_failed")

    def deal_label(self) -> str:
        """"Deal #12345": the number a player gives a friend to replay this deal."""
        return t("results.deal", n=self.table.match.seed)

    def corner(self) -> tuple[pygame.Surface, pygame.Rect, pygame.Surface | None, pygame.Rect | None]:
        """The deal number and code at the top right: their images and places."""
        u = self.app.u
        title_w = fonts.font(round(3.4 * u), "bold").size(self.title)[0]
        room = self.panel.width - round(6 * u) - title_w
        px = max(min(12, round(3.4 * u)), round(2.2 * u))       # never larger than the title
        img = fitted(self.deal_label(), px, room, theme.MUTED, "semibold")
        at = img.get_rect(topright=(self.panel.right - round(2 * u), self.panel.y + round(2.6 * u)))
        code = self.table.header.deal_code()
        if not code:
            return img, at, None, None
        cimg = fitted(t("replay.code", code=code), round(1.9 * u), room, theme.MUTED)
        return img, at, cimg, cimg.get_rect(topright=(at.right, at.bottom))

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:                 # the scene stack drew nothing under it
            if self._still_for(surface):
                surface.blit(self._still_of_table(surface.get_size()), (0, 0))
            else:                       # another surface (a test reads the drawing): the table's own
                self.table.draw(surface)
                layout_check.overlay(surface)
        super().draw(surface)
        img, at, cimg, cat = self.corner()
        surface.blit(img, at)
        if cimg is not None:
            surface.blit(cimg, cat)

    def _still_of_table(self, size: tuple[int, int]) -> pygame.Surface:
        """The finished table as it lies under the panel (with the veil once faded in)."""
        faded = self.t >= FADE_S
        key = (size, faded, i18n.lang(), fonts.scale())
        if self._still is None or self._still[0] != key:
            img = pygame.Surface(size)
            self.table.draw(img)
            if faded:
                img.blit(scrim(size, SCRIM_ALPHA), (0, 0))
            self._still = (key, img)
        return self._still[1]

    def _still_for(self, surface: pygame.Surface) -> bool:
        """Whether the table is drawn from the still on ``surface``: the window's."""
        return surface is self.app.screen and not isinstance(surface, layout_check.RecordingSurface)

    def draw_scrim(self, surface: pygame.Surface) -> None:
        if not (self.opaque and self.t >= FADE_S and self._still_for(surface)):    # else the still has it
            super().draw_scrim(surface)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.app.u
        winners = self.result.winners
        # the headline stops short of the deal number and code where they reach its row
        _, at, _, cat = self.corner()
        corner = at.union(cat) if cat is not None else at
        row = pygame.Rect(area.x, area.y, area.width, fonts.size("Ág", round(2.8 * u), "semibold")[1])
        room = corner.left - round(u) - area.x if corner.colliderect(row) else area.width
        head = fitted(self.table.results.headline(), round(2.8 * u), room, theme.IVORY, "semibold")
        surface.blit(head, (area.x, area.y))
        y = area.y + round(5 * u)
        order = sorted(range(len(self.result.scores)), key=lambda s: -self.result.scores[s])
        for seat in order:
            won = seat in winners
            col = theme.GOLD if won else theme.IVORY
            score = fonts.text(self.table.results.score_text(seat), round(2.5 * u), col, "bold")
            name = fitted(self.table.seat_name(seat), round(2.5 * u),
                          area.width - score.get_width() - round(7 * u), col, "semibold")
            if won:     # drawn, not a glyph: the bundled font has no ★
                r = max(2.0, 1.1 * u)
                pygame.draw.polygon(surface, theme.GOLD, [
                    (area.x + round(2.2 * u) + x * 2 * r - r, y + name.get_height() / 2 + yy * 2 * r - r)
                    for x, yy in star(0.5, 0.5, 0.5, 0.21, 5)])
            surface.blit(name, (area.x + round(4.2 * u), y))
            surface.blit(score, (area.right - score.get_width() - round(2 * u), y))
            y += round(4.5 * u)
        note = self.note or t("replay.results_hint")
        img = fitted(note, round(1.9 * u), area.width, theme.MUTED)
        surface.blit(img, (area.x, area.bottom - img.get_height()))
        bottom = area.bottom - round(3 * u)
        self.table.results.draw_extra(surface, pygame.Rect(area.x, y, area.width, bottom - y))
