"""The replay's controls and side panel: the transport bar under the table (back, play,
forward, speed, a progress line to click) and, on the right, the seat chooser, faces up,
export, and the list of what the chosen seat knew — or, faces up, what really happened."""

from __future__ import annotations

from typing import Any

import pygame

from game.dealcode import code_for
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.textfit import fit_text
from scenes.screens.dialog import wrap
from scenes.screens.replay_cards import draw_holdings
from scenes.screens.replay_truth import timeline
from scenes.widgets.button import Button


class ReplayPanel:
    def __init__(self, scene: Any) -> None:
        self.scene = scene
        s = scene
        self.back_b = Button(lambda: t("replay.back"), s.back)
        self.play_b = Button(lambda: t("replay.pause" if s.playing else "replay.play"), s.toggle_play,
                             "primary")
        self.fwd_b = Button(lambda: t("replay.forward"), s._step_forward)
        self.slower_b = Button("−", lambda: s.change_speed(-1))
        self.faster_b = Button("+", lambda: s.change_speed(1))
        self.seat_b = Button(lambda: t("replay.seat", name=s.seat_name(s.seat)), s.next_seat)
        self.faces_b = Button(lambda: t("replay.faces_off" if s.faces_up else "replay.faces_on"),
                              s.toggle_faces_up, enabled=s.can_face_up)
        self.export_b = Button(lambda: t("replay.export"), s.export)
        self.close_b = Button(lambda: t("replay.close"), s.close)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.progress = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self._lines: tuple[tuple, Any] = ((), None)
        self._painted: tuple[tuple, Any] = ((), None)
        self._code: str | None = None
        self.layout()

    @property
    def buttons(self) -> list[Button]:
        if self.scene.replay is None:
            return [self.close_b]
        return [self.back_b, self.play_b, self.fwd_b, self.slower_b, self.faster_b,
                self.seat_b, self.faces_b, self.export_b, self.close_b]

    def table_rect(self) -> pygame.Rect:
        w, h = self.scene.app.size
        u = self.scene.app.u
        return pygame.Rect(0, 0, max(2, w - self.side_width(w, u)), max(2, h - round(10 * u)))

    def side_width(self, w: int, u: float) -> int:
        return round(min(max(w * 0.27, 44 * u), w * 0.4))

    def layout(self) -> None:
        app = self.scene.app
        w, h = app.size
        u = app.u
        area = self.table_rect()
        self.side = pygame.Rect(area.right, 0, w - area.right, h)
        self.bar = pygame.Rect(0, area.bottom, area.width, h - area.bottom)
        self.progress = pygame.Rect(round(2 * u), self.bar.y + round(1.2 * u),
                                    self.bar.width - round(4 * u), max(4, round(1.2 * u)))
        bh = round(5 * u)
        y = self.bar.bottom - bh - round(1.3 * u)
        widths = [16, 18, 16, 6, 6]
        gap = round(1.2 * u)
        total = sum(round(x * u) for x in widths) + gap * (len(widths) - 1) + round(14 * u)
        scale = min(1.0, (self.bar.width - 2 * u) / total)
        x = self.bar.x + max(round(u), round((self.bar.width - total * scale) / 2))
        for b, bw in zip([self.back_b, self.play_b, self.fwd_b], widths[:3], strict=True):
            b.rect = pygame.Rect(x, y, round(bw * u * scale), bh)
            x += b.rect.width + gap
        self.speed_at = (x, y, round(14 * u * scale), bh)
        self.slower_b.rect = pygame.Rect(x, y, round(6 * u * scale), bh)
        x += self.slower_b.rect.width + round(14 * u * scale)
        self.faster_b.rect = pygame.Rect(x, y, round(6 * u * scale), bh)
        pad = round(2 * u)
        sx, sw = self.side.x + pad, self.side.width - 2 * pad
        y = round(12 * u)
        for b in (self.seat_b, self.faces_b):
            b.rect = pygame.Rect(sx, y, sw, bh)
            y += bh + round(1.2 * u)
        half = (sw - round(1.2 * u)) // 2
        self.export_b.rect = pygame.Rect(sx, y, half, bh)
        self.close_b.rect = pygame.Rect(sx + sw - half, y, half, bh)
        self.list_top = y + bh + round(2.5 * u)
        if self.scene.replay is None:
            self.close_b.rect = pygame.Rect(0, 0, round(24 * u), bh)
            self.close_b.rect.center = (w // 2, round(h * 0.62))

    def invalidate(self) -> None:
        """Paint the list afresh at the next frame."""
        self._painted = ((), None)

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        r = self.scene.replay
        if (r is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.progress.inflate(0, round(2 * self.scene.app.u)).collidepoint(event.pos)):
            frac = (event.pos[0] - self.progress.x) / max(1, self.progress.width)
            self.scene.playing = False
            self.scene.seek(round(frac * r.length))
            return True
        return False

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        u = self.scene.app.u
        if self.scene.replay is None:
            self.draw_error(surface, u)
            return
        pygame.draw.rect(surface, theme.PANEL, self.side)
        pygame.draw.line(surface, (90, 80, 66), self.side.topleft, self.side.bottomleft, max(1, round(0.2 * u)))
        pygame.draw.rect(surface, theme.PANEL, self.bar)
        self.draw_bar(surface, u)
        self.draw_side(surface, u)
        for b in self.buttons:
            b.draw(surface, u)

    def draw_bar(self, surface: pygame.Surface, u: float) -> None:
        r = self.scene.replay
        p = self.progress
        pygame.draw.rect(surface, (60, 54, 46), p, border_radius=p.height // 2)
        done = p.copy()
        done.width = round(p.width * r.pos / max(1, r.length))
        if done.width:
            pygame.draw.rect(surface, theme.GOLD, done, border_radius=p.height // 2)
        pygame.draw.circle(surface, theme.IVORY, (p.x + done.width, p.centery), max(3, round(0.9 * u)))
        x, y, w, h = self.speed_at
        speed = self.scene.speed
        label = t("replay.speed", x=f"{speed:g}")
        img = fit_text(label, round(2.2 * u), theme.IVORY, round(12 * u), "semibold")
        cx = (self.slower_b.rect.right + self.faster_b.rect.left) // 2
        surface.blit(img, img.get_rect(center=(cx, y + h // 2)))

    def head_bottom(self, u: float) -> int:
        """Where the side's heading ends: the first button's top, less a small gap."""
        return self.seat_b.rect.top - round(0.6 * u) if self.seat_b.rect.h else round(11.4 * u)

    def draw_side(self, surface: pygame.Surface, u: float) -> None:
        s = self.scene
        r = s.replay
        pad = round(2 * u)
        x, width = self.side.x + pad, self.side.width - 2 * pad
        # three lines in the rows above the buttons: each no taller than its row (large text)
        rows = (round(1.5 * u), round(5.6 * u), round(8.6 * u), self.head_bottom(u))

        def px(size: float, row: int, weight: str = "regular") -> int:
            p, room = round(size * u), rows[row + 1] - rows[row]
            while p > 8 and fonts.size("Ág", p, weight)[1] > room:
                p -= 1
            return p

        title = fit_text(t("replay.title", game=t(f"short.{r.game}")), px(3, 0, "bold"), theme.GOLD,
                         width, "bold")
        surface.blit(title, (x, rows[0]))
        if self._code is None:      # the option specs are read from YAML: once
            self._code = code_for(r.game, len(r.seats), r.save.options, r.save.seed)
        code = self._code
        line = t("table.deal", n=r.save.seed) + (" · " + t("replay.code", code=code) if code else "")
        surface.blit(fit_text(line, px(2, 1), theme.MUTED, width), (x, rows[1]))
        move = fit_text(t("replay.move", n=r.pos, total=r.length), px(2.2, 2, "semibold"), theme.IVORY,
                        width, "semibold")
        surface.blit(move, (x, rows[2]))
        self.draw_list(surface, u, x, width)

    def lines(self) -> tuple[str, Any, list[tuple[int, str]]]:
        """(heading, holdings lines, timeline) for the current step and mode."""
        s = self.scene
        r = s.replay
        key = (r.pos, s.seat, s.faces_up, t("replay.truth"))
        if self._lines[0] != key:
            self._lines = (key, self._compute())
        return self._lines[1]

    def _compute(self) -> tuple[str, Any, list[tuple[int, str]]]:
        s = self.scene
        r = s.replay
        name = s.seat_name
        if s.faces_up and r.over:
            state = r.full_state()
            return t("replay.truth"), state, timeline(r, r.pos, name, None, state)
        state = r.state_at(r.pos)
        return t("replay.knew", name=name(s.seat)), None, timeline(r, r.pos, name, s.seat, state)

    def draw_list(self, surface: pygame.Surface, u: float, x: int, width: int) -> None:
        """The list, painted once per step, seat, mode, language and size (wrapping the
        lines costs more than a frame may)."""
        s = self.scene
        area = pygame.Rect(x, self.list_top, width, self.side.bottom - self.list_top)
        key = (s.replay.pos, s.seat, s.faces_up, t("replay.truth"), area.size, round(u, 3))
        if self._painted[0] != key:
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            self.paint_list(layer, u, 0, width, -self.list_top)
            self._painted = (key, layer)
        surface.blit(self._painted[1], area.topleft)

    def paint_list(self, surface: pygame.Surface, u: float, x: int, width: int, dy: int) -> None:
        head, held, events = self.lines()
        y = self.list_top + dy
        img = fit_text(head, round(2.4 * u), theme.GOLD, width, "semibold")
        surface.blit(img, (x, y))
        y += img.get_height() + round(0.8 * u)
        px = max(11, round(1.8 * u))
        step = fonts.font(px).get_linesize()
        bottom = self.side.bottom - round(1.5 * u) + dy
        if held is not None:
            r = self.scene.replay
            names = [self.scene.seat_name(i) for i in range(len(r.seats))] + [t("replay.middle")]
            y = draw_holdings(surface, self.scene.table, r.game, held, names, x, y, width,
                              bottom, u) + round(u)
        if not events:
            surface.blit(fit_text(t("replay.nothing_hidden"), px, theme.MUTED, width), (x, y))
            return
        # the newest lines that fit, oldest first
        rows: list[tuple[str, tuple[int, int, int]]] = []
        for n, text in reversed(events):
            part_rows = [(p, theme.IVORY) for p in wrap(f"{n}. {text}", px, width)]
            if (len(rows) + len(part_rows)) * step > bottom - y:
                break
            rows = part_rows + rows
        for text, col in rows:
            surface.blit(fonts.text(text, px, col), (x, y))
            y += step

    def draw_error(self, surface: pygame.Surface, u: float) -> None:
        w, h = surface.get_size()
        err = self.scene.error
        title = fonts.text(t("replay.bad_title"), round(3.4 * u), theme.GOLD, "bold")
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.36))))
        reason = t(err.key, **getattr(err, "params", {})) if err is not None else ""
        if err is not None and reason == err.key:
            reason = str(err)
        y = round(h * 0.44)
        for part in wrap(reason, round(2.3 * u), round(w * 0.7)):
            img = fonts.text(part, round(2.3 * u), theme.IVORY)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height()
        self.close_b.draw(surface, u)
