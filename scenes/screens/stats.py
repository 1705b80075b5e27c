"""Statistics: per game and mode, the figures per opponent level, the win rate over
time, the results per seat, and the recent games (each can be watched again when the
"replay" scene exists).

Reads the history database through its own connection (the app's recorder is flushed
first, so the game just finished is in); a file that had to be set aside is reported in
a notice. Keys: Tab/arrows move the focus, Enter chooses, the wheel and PgUp/PgDn move
the recent list, Esc goes back.
"""

from __future__ import annotations

import logging
import sqlite3

import pygame

from game import history, registry
from scenes.core import fonts, nav, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.core.textfit import fit_text
from scenes.screens.stats_charts import seat_chart, win_rate_chart
from scenes.screens.stats_table import (
    draw_empty,
    draw_level_table,
    draw_recent,
    level_table_height,
    recent_row_height,
    text_px,
)
from scenes.screens.stats_text import GAME_MODES, mode_label, pct, problem_text
from scenes.tables.felt import table_surface
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.panel import MENU_TOP

log = logging.getLogger(__name__)
RECENT = 60                 # games in the recent list
BUCKETS = (5, 10, 20, 50, 100, 200, 500)
MAX_POINTS = 40


def bucket_size(played: int) -> int:
    """Games per point of the win-rate chart: 20, fewer while there are under 80 games
    (a line needs a few points), more past 800 (a line of up to 40 points)."""
    if played < 80:
        return 5 if played < 40 else 10
    for per in BUCKETS[2:]:
        if played / per <= MAX_POINTS:
            return per
    return BUCKETS[-1]


class StatsScene(Scene):
    def __init__(self, app, game: str | None = None, mode: str | None = None) -> None:
        super().__init__(app)
        self.games = list(registry.GAMES)
        self.reader, self.notice = self._open()
        self.counts = self._safe(lambda r: r.counts_by_game(), {})
        self.game = game if game in self.games else max(self.games, key=lambda g: self.counts.get(g, 0))
        self.mode = mode if mode in GAME_MODES else None
        self.first = 0                     # first row of the recent list on screen
        self.tabs = [Button(lambda g=g: self.tab_label(g), lambda g=g: self.choose(game=g))
                     for g in self.games]
        self.modes = [Button(lambda m=m: mode_label(m), lambda m=m: self.choose(mode=m))
                      for m in GAME_MODES]
        self.back = Button(lambda: t("common.back"), self.close, "primary")
        self.watch: list[Button] = []
        self.rects: dict[str, pygame.Rect] = {}
        self.u = app.u
        self.load()

    # ------------------------------------------------------------- data
    def _open(self) -> tuple[history.HistoryReader | None, str]:
        recorder = self.app.recorder
        path = None
        if recorder is not None:
            if recorder.pending:
                recorder.retry()                # games the disk refused: maybe it takes them now
            recorder.flush()                    # the game just finished is in
            path = recorder.path
        try:
            reader = history.HistoryReader.open(path, checked=recorder is not None)
        except (history.HistoryUnavailable, OSError, sqlite3.Error) as err:
            log.error("statistics: %s", err)
            return None, problem_text(None, unavailable=True)
        problem = reader.problem or (recorder.problem if recorder is not None else None)
        unavailable = bool(recorder is not None and recorder.unavailable)
        text = problem_text(problem, unavailable, reader.read_only)
        if recorder is not None and recorder.pending and not reader.read_only:
            text = f"{text} {t('stats.problem.pending')}".strip()
        return reader, text

    def _safe(self, ask, default):
        if self.reader is None:
            return default
        try:
            return ask(self.reader)
        except Exception as err:   # noqa: BLE001 - a file damaged after opening: say so
            log.error("statistics: %s", err)
            self.notice = t("stats.problem.damaged")
            return default

    def load(self) -> None:
        game, mode = self.game, self.mode
        self.stats = self._safe(lambda r: r.stats(game, mode, bucket_size(r.count(game, mode))),
                                history.Stats(game, mode))
        self.recent = self._safe(lambda r: r.recent(game, mode, RECENT), [])
        self.first = 0
        for i, g in enumerate(self.games):
            self.tabs[i].style = "primary" if g == game else "normal"
        for i, m in enumerate(GAME_MODES):
            self.modes[i].style = "primary" if m == mode else "normal"
        self.resize(self.app.size)

    def choose(self, game: str | None = None, mode: str | None | bool = False) -> None:
        if game is not None:
            self.game = game
        if mode is not False:
            self.mode = mode
        self.load()

    def tab_label(self, game: str) -> str:
        return f"{t(f'short.{game}')} · {self.counts.get(game, 0)}"

    @property
    def can_watch(self) -> bool:
        return "replay" in nav.SCENES

    def watch_game(self, game_id: int) -> None:
        record = self._safe(lambda r: r.record(game_id), None)
        if record is not None:
            nav.push(self.app, "replay", record=record)

    def close(self) -> None:
        self.app.stack.remove(self)

    def exit(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None

    # ----------------------------------------------------------- layout
    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        w, h = self.app.size
        u = self.u = max(2.0, min(h / 100, w / 178))
        m = round(3 * u)
        bh = max(round(5 * u), 20)
        self.back.rect = pygame.Rect(w - m - round(18 * u), m, round(18 * u), bh)
        self._row(self.tabs, m, m + bh + round(1.5 * u), w - 2 * m, bh, u)
        y = self.tabs[0].rect.bottom + round(1.2 * u)
        self._row(self.modes, m, y, w - 2 * m, max(round(4.4 * u), 18), u)
        top = self.modes[0].rect.bottom + round(2 * u)
        if self.notice:
            top += round(text_px(u) * 1.6)
        bottom = h - m - round(text_px(u) * 1.2)
        content = pygame.Rect(m, top, w - 2 * m, max(1, bottom - top))
        gap = round(2 * u)
        left_w = round(content.width * 0.53)
        left = pygame.Rect(content.x, content.y, left_w, content.height)
        right = pygame.Rect(left.right + gap, content.y, content.width - left_w - gap, content.height)
        table_h = min(level_table_height(self.stats, u), round(left.height * 0.55))
        half = (right.height - gap) // 2
        self.rects = {
            "content": content,
            "levels": pygame.Rect(left.x, left.y, left.width, table_h),
            "recent": pygame.Rect(left.x, left.y + table_h + gap, left.width, left.height - table_h - gap),
            "time": pygame.Rect(right.x, right.y, right.width, half),
            "seats": pygame.Rect(right.x, right.y + half + gap, right.width, right.height - half - gap),
        }
        self._place_watch()

    def _row(self, buttons: list[Button], x: int, y: int, width: int, height: int, u: float) -> None:
        """Buttons side by side, as wide as their labels (shrunk together to fit)."""
        gap = round(1.2 * u)
        px = max(13, round(2.5 * u))
        wants = [fonts.font(px, "semibold").size(b.label)[0] + round(4 * u) for b in buttons]
        room = width - gap * (len(buttons) - 1) - (self.back.rect.width + gap if buttons is self.tabs else 0)
        scale = min(1.0, room / max(1, sum(wants)))
        for b, want in zip(buttons, wants, strict=True):
            b.rect = pygame.Rect(x, y, max(1, round(want * scale)), height)
            x += b.rect.width + gap

    def _visible_rows(self) -> int:
        r = self.rects["recent"]
        inner = r.height - round(3.2 * self.u) - round(text_px(self.u) * 1.8)
        return max(0, inner // recent_row_height(self.u))

    def _place_watch(self) -> None:
        self.watch = []
        if self.can_watch and not self.stats.empty:
            r, u = self.rects["recent"], self.u
            pad, rh = round(1.6 * u), recent_row_height(u)
            y0 = r.y + pad + round(text_px(u) * 1.15 * 1.4) + round(0.6 * u)
            bw, bh = round(16 * u), max(round(4.4 * u), 18)
            for i, rec in enumerate(self.recent[self.first:self.first + self._visible_rows()]):
                b = Button(lambda: t("stats.watch"), lambda gid=rec["id"]: self.watch_game(gid))
                b.rect = pygame.Rect(r.right - pad - bw, y0 + i * rh + (rh - bh) // 2, bw, bh)
                self.watch.append(b)
        focus = self.row.focus if hasattr(self, "row") else -1
        self.row = ButtonRow([*self.tabs, *self.modes, *self.watch, self.back])
        self.row.focus = min(focus, len(self.row.buttons) - 1)
        self.row._sync()

    def scroll(self, rows: int) -> None:
        most = max(0, len(self.recent) - self._visible_rows())
        first = min(most, max(0, self.first + rows))
        if first != self.first:
            self.first = first
            self._place_watch()

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            steps = {pygame.K_PAGEDOWN: self._visible_rows(), pygame.K_PAGEUP: -self._visible_rows(),
                     pygame.K_END: len(self.recent), pygame.K_HOME: -len(self.recent)}
            if event.key in steps:
                self.scroll(steps[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        self.row.handle(event)
        return True

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        w, h = surface.get_size()
        surface.blit(table_surface(MENU_TOP, surface.get_size()), (0, 0))
        m = round(3 * u)
        title = fit_text(t("stats.title"), round(4.4 * u), theme.GOLD, self.tabs[-1].rect.right - m, "bold")
        surface.blit(title, title.get_rect(midleft=(m, self.back.rect.centery)))
        for b in self.row.buttons:
            if b not in self.watch:     # drawn over the recent games' panel, below
                b.draw(surface, u)
        if self.notice:
            img = fit_text(self.notice, text_px(u), theme.IVORY, w - 2 * m)
            y = self.modes[0].rect.bottom + round(1.2 * u)
            pygame.draw.rect(surface, theme.DANGER, (m, y, img.get_width() + round(2 * u), img.get_height()),
                             border_radius=max(1, round(0.5 * u)))
            surface.blit(img, (m + round(u), y))
        if self.stats.empty:
            self._draw_empty(surface)
        else:
            self._draw_figures(surface)
        keys = fit_text(t("stats.keys"), max(11, round(1.9 * u)), theme.MUTED, w - 2 * m)
        surface.blit(keys, keys.get_rect(midbottom=(w // 2, h - round(1.2 * u))))

    def _draw_empty(self, surface: pygame.Surface) -> None:
        r = self.rects["content"]
        box = r.inflate(-round(r.width * 0.3), -round(r.height * 0.4))
        if sum(self.counts.values()) == 0:
            title, body = t("stats.empty_title"), t("stats.empty_body")
        else:
            title = t("stats.empty_title")
            body = t("stats.empty_mode", game=t(f"short.{self.game}"), mode=mode_label(self.mode))
        draw_empty(surface, box, title, body, self.u, self.game)

    def _draw_figures(self, surface: pygame.Surface) -> None:
        u, s, rects = self.u, self.stats, self.rects
        draw_level_table(surface, rects["levels"], s, f"{t(f'short.{self.game}')} · {mode_label(self.mode)}", u)
        text_right = self.watch[0].rect.x - round(u) if self.watch else None
        draw_recent(surface, rects["recent"], self.recent, self.first, t("stats.recent"), u, text_right)
        for b in self.watch:
            b.draw(surface, u)
        total = s.total
        per = bucket_size(total.played)
        points = tuple((b.first, b.games, b.wins) for b in s.over_time)
        surface.blit(win_rate_chart(self.game, rects["time"].size, u, points, total.win_rate or 0.0,
                                    t("stats.over_time", n=per), t("stats.overall", pct=pct(total.win_rate)),
                                    total.played), rects["time"])
        seats = tuple((r.seat, r.played, r.wins, r.games, r.seat_wins) for r in s.seats)
        surface.blit(seat_chart(self.game, rects["seats"].size, u, seats, t("stats.per_seat"),
                                tuple(t("stats.seat", n=r.seat + 1) for r in s.seats),
                                tuple(t("stats.seat_games", n=r.played) for r in s.seats),
                                (t("stats.legend_you"), t("stats.legend_anyone"))), rects["seats"])
