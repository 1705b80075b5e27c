"""Before the deal: seats and their levels, deal number, day or night, rule options."""

from __future__ import annotations

import random
import time

import pygame

from game import registry
from game.match import SEAT_KINDS, Match
from scenes import fonts, i18n, session, theme
from scenes.i18n import t
from scenes.stack import Scene
from scenes.tables.felt import TableStyle, table_surface
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.options import NumberRow, OptionRow, ValueRow, fit_px, handle_rows

STYLE = TableStyle((40, 30, 24), (70, 52, 38), "wood", 0.04, 0.3)
MAX_DEAL = 999_999_999      # deal numbers a player can type: 1..MAX_DEAL


def grouped(n: int) -> str:
    """Digits in groups of three, as each language writes them (999.999.999 / 999,999,999)."""
    text = f"{n:,}"
    return text.replace(",", ".") if i18n.lang() == "vi" else text


def clock_time_of_day() -> str:
    """Rule 5's suggestion: 06:00–17:59 is day."""
    return "day" if 6 <= time.localtime().tm_hour < 18 else "night"


class SetupScene(Scene):
    def __init__(self, app, game: str, seats: list[str] | None = None, seed: int | None = None,
                 options: dict | None = None) -> None:
        super().__init__(app)
        self.game = game
        info = registry.info(game)
        n = info.min_seats
        self.seats = list(seats or (["human"] + ["normal"] * (n - 1)))
        self.seed = seed if seed is not None else random.randrange(1, 100000)
        if not 1 <= self.seed <= MAX_DEAL:
            self.seed = (self.seed - 1) % MAX_DEAL + 1
        self.options = dict(options or {})
        self.u = app.u
        if game == "ganjifa":
            self.options.setdefault("time", clock_time_of_day())
            self.options.setdefault("void_rule", "choice")
        self.rows: list[ValueRow] = []
        for i in range(n):
            self.rows.append(OptionRow(
                lambda i=i: t("setup.seat", n=i + 1, where=t(f"setup.where.{game}.{i}")),
                list(SEAT_KINDS), lambda i=i: self.seats[i],
                lambda v, i=i: self._set_seat(i, v), lambda v: t(f"level.{v}")))
        self.deal_row = NumberRow(lambda: t("setup.deal"), lambda: self.seed, self._set_seed, 1, MAX_DEAL,
                                  lambda: t("setup.deal_typing"),
                                  lambda: t("setup.deal_range", lo=1, hi=grouped(MAX_DEAL)))
        self.rows.append(self.deal_row)
        if game == "ganjifa":
            self.rows.append(OptionRow(lambda: t("setup.time"), ["day", "night"],
                                       lambda: self.options["time"], lambda v: self._opt("time", v),
                                       lambda v: t(f"setup.{v}")))
            self.rows.append(OptionRow(lambda: t("setup.void_rule"), ["choice", "strict"],
                                       lambda: self.options["void_rule"],
                                       lambda v: self._opt("void_rule", v), lambda v: t(f"setup.void.{v}")))
        if game == "kowah":
            self.options.setdefault("rediscard_taken_card", True)
            self.rows.append(OptionRow(
                lambda: t("kowah.opt_rediscard"), [True, False],
                lambda: self.options["rediscard_taken_card"],
                lambda v: self.options.__setitem__("rediscard_taken_card", v),
                lambda v: t("kowah.opt_rediscard_on" if v else "kowah.opt_rediscard_off")))
        self.rows.append(OptionRow(lambda: t("settings.language"), ["vi", "en"], i18n.lang,
                                   self._set_lang, lambda v: "Tiếng Việt" if v == "vi" else "English"))
        self.start_button = Button(lambda: t("setup.start"), self.start, "primary")
        self.back_button = Button(lambda: t("common.back"), self.back)
        self.row = ButtonRow([r.button for r in self.rows] + [self.back_button, self.start_button])

    @classmethod
    def again(cls, app, match: Match) -> SetupScene:
        """Deal again: same seats and options, the next deal number, a fresh day/night choice."""
        options = dict(match.options)
        if match.game == "ganjifa":
            options["time"] = clock_time_of_day()
        return cls(app, match.game, [s.kind for s in match.seats], match.seed % MAX_DEAL + 1, options)

    def _set_seat(self, i: int, v: str) -> None:
        self.seats[i] = v

    def _opt(self, key: str, v: str) -> None:
        self.options[key] = v

    def _set_seed(self, v: int) -> None:
        self.seed = v

    def _set_lang(self, v: str) -> None:
        i18n.set_lang(v)
        self.app.settings.lang = v

    def start(self) -> None:
        if self.deal_row.editing and not self.deal_row.accept():
            return
        match = session.start(self.game, self.seats, self.seed, self.options)
        self.app.stack.reset(session.make_table(self.app, match, fresh=True))

    def back(self) -> None:
        from scenes.menu import MenuScene
        self.app.stack.reset(MenuScene(self.app))

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        w, h = self.app.size
        # the window's unit (h/100), smaller when the rows would not fit the height
        u = self.u = max(0.5, min(self.app.u, h / (28 + 6.6 * len(self.rows))))
        width = round(min(90 * u, w * 0.8))
        x = (w - width) // 2
        y = round(16 * u)
        rh = round(5.2 * u)
        for r in self.rows:
            r.place(pygame.Rect(x, y, width, rh), u)
            y += rh + round(1.4 * u)
        bw = round(24 * u)
        self.start_button.rect = pygame.Rect(x + width - bw, y + round(2 * u), bw, round(6 * u))
        self.back_button.rect = pygame.Rect(x, y + round(2 * u), bw, round(6 * u))

    def handle(self, event: pygame.event.Event) -> bool:
        if handle_rows(self.rows, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        w, _ = surface.get_size()
        surface.blit(table_surface(STYLE, surface.get_size()), (0, 0))
        title_text, sub_text = t(f"game.{self.game}"), t("setup.subtitle")
        title = fonts.text(title_text, fit_px(title_text, round(4.4 * u), round(w * 0.96), "bold"),
                           theme.GOLD, "bold")
        surface.blit(title, title.get_rect(center=(w // 2, round(7 * u))))
        sub = fonts.text(sub_text, fit_px(sub_text, round(2.2 * u), round(w * 0.96)), theme.MUTED)
        surface.blit(sub, sub.get_rect(center=(w // 2, round(11.5 * u))))
        for r in self.rows:
            r.draw(surface, u)
        self.start_button.draw(surface, u)
        self.back_button.draw(surface, u)
