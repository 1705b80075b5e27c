"""Before the deal: seats and their levels, deal number and the game's rule options.

Built from the game's entries: the seat range from game.registry (a Players row when it
is a range), where each seat sits from scenes.tables.registry, the rule options from the
``options:`` section of ``data/<game>.yaml`` (game.options).
"""

from __future__ import annotations

import random

import pygame

from game import registry
from game.match import SEAT_KINDS, Match
from game.options import SUGGESTIONS, OptionSpec
from scenes.core import fonts, i18n, nav, session, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.screens.setup_options import again_options, clock_time_of_day, fresh_options
from scenes.tables import registry as tables
from scenes.tables.felt import TableStyle, table_surface
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.options import NumberRow, OptionRow, ValueRow, handle_rows

__all__ = ["MAX_DEAL", "SetupScene", "clock_time_of_day", "grouped", "seat_kinds"]

STYLE = TableStyle((40, 30, 24), (70, 52, 38), "wood", 0.04, 0.3)
MAX_DEAL = 999_999_999      # deal numbers a player can type: 1..MAX_DEAL
SEATS_PER_COLUMN = 6        # more seats than this: their rows go in two columns


def suggestions() -> dict:
    """The named fresh defaults, looked up at every deal through this module's
    ``clock_time_of_day`` (the UI monkey fixes the hour by replacing it here)."""
    return {**SUGGESTIONS, "time_of_day": clock_time_of_day}


def seat_kinds(game: str) -> list[str]:
    """What a seat row offers: every seat kind, but "phone" only for a game with a phone
    presenter."""
    if session.phones_offered(game):
        return list(SEAT_KINDS)
    return [k for k in SEAT_KINDS if k != "phone"]


def grouped(n: int) -> str:
    """Digits in groups of three, as each language writes them (999.999.999 / 999,999,999)."""
    text = f"{n:,}"
    return text.replace(",", ".") if i18n.lang() == "vi" else text


class SetupScene(Scene):
    def __init__(self, app, game: str, seats: list[str] | None = None, seed: int | None = None,
                 options: dict | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.info = registry.info(game)
        self.sides = tables.info(game).sides
        n = min(max(len(seats) if seats else registry.first_seat_count(game), self.info.min_seats),
                self.info.max_seats)
        self.seats = list(seats or ["human"])[:n]
        self.seats += ["normal"] * (n - len(self.seats))
        self.seed = seed if seed is not None else random.randrange(1, 100000)
        if not 1 <= self.seed <= MAX_DEAL:
            self.seed = (self.seed - 1) % MAX_DEAL + 1
        self.options = fresh_options(game, options, defaults=True, suggest=suggestions())
        self.specs = registry.option_specs(game)
        self.u = app.u
        self.deal_row = NumberRow(lambda: t("setup.deal"), lambda: self.seed, self._set_seed, 1, MAX_DEAL,
                                  lambda: t("setup.deal_typing"),
                                  lambda: t("setup.deal_range", lo=1, hi=grouped(MAX_DEAL)))
        from scenes.screens.replay_code_row import CodeRow
        self.code_row = CodeRow(lambda: (self.game, len(self.seats), self.options, self.seed),
                                self.use_code)
        self.count_row: OptionRow | None = None
        if self.info.min_seats < self.info.max_seats:
            self.count_row = OptionRow(lambda: t("setup.players"),
                                       list(range(self.info.min_seats, self.info.max_seats + 1)),
                                       lambda: len(self.seats), self.set_seat_count, str,
                                       wrap=False)
        self.start_button = Button(lambda: t("setup.start"), self.start, "primary")
        self.back_button = Button(lambda: t("common.back"), self.back)
        self.rows: list[ValueRow] = []
        self.build_rows()

    def seat_label(self, i: int) -> str:
        if i < len(self.sides):
            return t("setup.seat", n=i + 1, where=t(f"setup.side.{self.sides[i]}"))
        return t("setup.seat_plain", n=i + 1)

    def option_row(self, spec: OptionSpec) -> OptionRow:
        return OptionRow(lambda: t(spec.label), list(spec.values), lambda: self.options[spec.key],
                         lambda v: self._opt(spec.key, v), lambda v: t(spec.choice_key(v)))

    def build_rows(self) -> None:
        """The rows for the current seat count: players, seats, deal, options, language."""
        rows: list[ValueRow] = [self.count_row] if self.count_row else []
        kinds = seat_kinds(self.game)
        self.seat_rows = [OptionRow(lambda i=i: self.seat_label(i), kinds,
                                    lambda i=i: self.seats[i], lambda v, i=i: self._set_seat(i, v),
                                    lambda v: t(f"level.{v}")) for i in range(len(self.seats))]
        rows += self.seat_rows
        rows.append(self.deal_row)
        rows.append(self.code_row)
        rows += [self.option_row(spec) for spec in self.specs]
        rows.append(OptionRow(lambda: t("settings.language"), ["vi", "en"], i18n.lang,
                              self._set_lang, lambda v: "Tiếng Việt" if v == "vi" else "English"))
        self.rows = rows
        had = getattr(self, "row", None)
        focused = had.buttons[had.focus] if had and 0 <= had.focus < len(had.buttons) else None
        self.row = ButtonRow([r.button for r in self.rows] + [self.back_button, self.start_button])
        if focused in self.row.buttons:         # the Players row keeps the keyboard focus
            self.row.focus = self.row.buttons.index(focused)

    def set_seat_count(self, n: int) -> None:
        """Add seats (an AI at normal level) or take the last ones away."""
        n = min(max(n, self.info.min_seats), self.info.max_seats)
        if n == len(self.seats):
            return
        self.seats = (self.seats + ["normal"] * n)[:n]
        self.build_rows()
        self.resize(self.app.size)

    @classmethod
    def again(cls, app, match: Match) -> SetupScene:
        """Deal again: same seats and options, the next deal number, fresh suggestions."""
        return cls(app, match.game, [s.kind for s in match.seats], match.seed % MAX_DEAL + 1,
                   again_options(match.game, match.options, suggestions()))

    def use_code(self, deal) -> str | None:
        """A typed deal code: set the game, players, options and deal number it names (an
        i18n key says why it cannot be played here)."""
        if deal.game not in tables.playable():
            return "replay.code_no_table"
        if not 1 <= deal.deal <= MAX_DEAL:
            return "replay.code_range"
        seats = (self.seats + ["normal"] * deal.seats)[:deal.seats]
        if deal.game != self.game:
            nav.replace(self.app, "setup", deal.game, seats, deal.deal, deal.options)
            return None
        self.seed = deal.deal
        self.options.update(deal.options)
        self.set_seat_count(deal.seats)
        return None

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
        if self.code_row.editing and not self.code_row.accept():
            return
        if session.uses_phones(self.seats):      # the phones join first
            nav.reset(self.app, "join", self.game, self.seats, self.seed, self.options)
            return
        match = session.start(self.game, self.seats, self.seed, self.options)
        nav.reset(self.app, "table", match, fresh=True)

    def back(self) -> None:
        nav.reset(self.app, "menu")

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        w, h = self.app.size
        seats = self.seat_rows
        cols = 2 if len(seats) > SEATS_PER_COLUMN else 1
        per_col = -(-len(seats) // cols)
        lines = len(self.rows) - len(seats) + per_col
        # the window's unit (h/100), smaller when the rows would not fit the height
        u = self.u = max(0.5, min(self.app.u, h / (28 + 6.6 * lines)))
        width = round(min(90 * u, w * 0.8) if cols == 1 else min(128 * u, w * 0.92))
        gap = round(4 * u)
        col_w = (width - gap * (cols - 1)) // cols
        x = (w - width) // 2
        y = round(16 * u)
        rh, pitch = round(5.2 * u), round(5.2 * u) + round(1.4 * u)
        box_w = round(col_w * 0.48)         # as ValueRow.place makes a column's box
        for r in self.rows:
            if r in seats:
                i = seats.index(r)
                c, line = divmod(i, per_col)
                r.place(pygame.Rect(x + c * (col_w + gap), y + line * pitch, col_w, rh), u)
                if i == len(seats) - 1:
                    y += per_col * pitch
                continue
            r.place(pygame.Rect(x, y, width, rh), u)
            if cols > 1:        # boxes in line with the right column's
                r.button.rect = pygame.Rect(x + col_w + gap + col_w - box_w, y, box_w, rh)
            y += pitch
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
        title = fonts.text(title_text, fonts.fit(title_text, round(4.4 * u), round(w * 0.96), "bold"),
                           theme.GOLD, "bold")
        at = surface.blit(title, title.get_rect(center=(w // 2, round(7 * u))))
        sub = fonts.text(sub_text, fonts.fit(sub_text, round(2.2 * u), round(w * 0.96)), theme.MUTED)
        # under the title (large text makes both taller than their designed places)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, max(round(11.5 * u) - sub.get_height() // 2, at.bottom))))
        for r in self.rows:
            r.draw(surface, u)
        self.start_button.draw(surface, u)
        self.back_button.draw(surface, u)
