"""The title menu: continue each game's unfinished hand, new game, rules, settings, quit.

On every visit the menu checks the saves (scenes.core.session.check_saves): a damaged one is
moved aside and a lasting notice says, in the player's language, what happened.
"""

from __future__ import annotations

import pygame

from scenes.core import fonts, nav, session, theme
from scenes.core.i18n import lang, t
from scenes.core.session import ResumeFailed, SaveProblem
from scenes.core.stack import Scene
from scenes.screens.dialog import wrap
from scenes.tables import registry as tables
from scenes.tables.felt import table_surface
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.panel import MENU_TOP
from scenes.widgets.toast import Toast


def problem_text(problem: SaveProblem) -> str:
    """What the player reads about a save that was set aside (current language)."""
    err = problem.error
    reason = t(err.key, **err.params)
    if problem.game:
        text = t("save.problem", game=t(f"short.{problem.game}"), reason=reason)
    else:
        text = t("save.problem_unknown", reason=reason)
    kept = t("save.kept", file=problem.kept) if problem.kept else t("save.not_kept")
    return f"{text} {kept}"


class MenuScene(Scene):
    def __init__(self, app, message: str = "", problems: list[SaveProblem] | None = None) -> None:
        super().__init__(app)
        self.toast = Toast()
        if message:
            self.toast.show(message)
        check = session.check_saves()
        self.games = tables.playable()          # a game without a table is not offered
        self.unfinished = {g: s for g, s in check.unfinished.items() if g in self.games}
        self.problems = [*(problems or []), *check.problems]
        buttons = [Button(lambda g=g: self.continue_label(g), lambda g=g: self.resume(g),
                          "primary" if i == 0 else "normal")
                   for i, g in enumerate(self.unfinished)]
        buttons += [Button(lambda g=g: t(tables.info(g).menu_key), lambda g=g: self.new(g),
                           "primary" if i == 0 and not self.unfinished else "normal")
                    for i, g in enumerate(self.games)]
        buttons += [
            Button(lambda: t("menu.rules"), self.rules),
            Button(lambda: t("stats.menu"), lambda: nav.push(self.app, "stats")),
            Button(lambda: t("menu.settings"), self.settings),
            Button(lambda: t("menu.quit"), self.app.quit),
        ]
        self.row = ButtonRow(buttons)
        self._layout_key: tuple | None = None
        self._notice: list[str] = []

    @property
    def can_continue(self) -> bool:
        return bool(self.unfinished)

    def progress_text(self, game: str) -> str:
        s = self.unfinished[game]
        return t(s.progress_key, **s.progress_params)

    def continue_label(self, game: str) -> str:
        return t("menu.continue", game=t(f"short.{game}"), progress=self.progress_text(game))

    def notice_text(self) -> list[str]:
        """The notices about set-aside saves, one paragraph each (current language)."""
        return [problem_text(p) for p in self.problems]

    # ------------------------------------------------------------- layout
    def enter(self) -> None:
        self._layout_key = None
        self.layout()

    def resize(self, size) -> None:
        self._layout_key = None
        self.layout()

    def _notice_px(self) -> int:
        return max(13, round(2.2 * self.app.u))

    def layout(self) -> None:
        """Place the notice and the buttons (again when the size or language changed)."""
        key = (self.app.size, lang())
        if key == self._layout_key:
            return
        self._layout_key = key
        u = self.app.u
        w, h = self.app.size
        px = self._notice_px()
        width = max(40, min(w - round(8 * u), round(110 * u)))
        self._notice = [ln for para in self.notice_text() for ln in wrap(para, px, width)]
        notice_h = round(len(self._notice) * px * 1.4 + (2.4 * u if self._notice else 0))
        top = round(h * 0.30) + notice_h
        top = max(top, round(h * 0.38))
        n = len(self.row.buttons)
        avail = h - round(5.5 * u) - top
        pitch = max(1, min(round(7.8 * u), avail // max(1, n)))
        bh = max(1, min(round(6 * u), pitch - round(1.2 * u)))
        label_px = max(13, round(2.5 * u))
        widest = max((fonts.font(label_px, "semibold").size(b.label)[0] for b in self.row.buttons),
                     default=0)
        bw = max(1, min(w - round(4 * u), max(round(40 * u), widest + round(6 * u))))
        y = top
        for b in self.row.buttons:
            b.rect = pygame.Rect((w - bw) // 2, y, bw, bh)
            y += pitch

    # ------------------------------------------------------------ actions
    def resume(self, game: str) -> None:
        try:
            match = session.resume(game)
        except ResumeFailed as failed:
            nav.reset(self.app, "menu", problems=[failed.problem])
            return
        self.app.stack.reset(session.continue_scene(self.app, match))

    def new(self, game: str) -> None:
        if game in self.unfinished:
            short = t(f"short.{game}")
            nav.push(self.app, "confirm", t("menu.replace_title", game=short),
                     t("menu.replace_body", game=short, progress=self.progress_text(game)),
                     t("menu.replace_ok"), lambda: self._setup(game))
        else:
            self._setup(game)

    def _setup(self, game: str) -> None:
        nav.push(self.app, "setup", game)

    def rules(self) -> None:
        nav.push(self.app, "rules")

    def settings(self) -> None:
        nav.push(self.app, "settings")

    def ask_quit(self) -> None:
        """Esc asks before quitting: Esc is "back" on every other screen, so a player
        backing out of the rules or settings with a second Esc must not lose the window."""
        nav.push(self.app, "confirm", t("menu.quit_title"), t("menu.quit_body"), t("menu.quit"),
                 self.app.quit)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.rules()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_quit()
            return True
        return self.row.handle(event)

    def update(self, dt: float) -> None:
        self.layout()
        self.toast.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        surface.blit(table_surface(MENU_TOP, surface.get_size()), (0, 0))
        title = fonts.text(t("menu.title"), round(7 * u), theme.GOLD, "bold")
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.14))))
        sub = fonts.text(t("menu.subtitle"), round(2.6 * u), theme.IVORY)
        surface.blit(sub, sub.get_rect(center=(w // 2, round(h * 0.23))))
        if self._notice:
            self._draw_notice(surface)
        self.row.draw(surface, u)
        foot = fonts.text(t("menu.footer"), max(12, round(1.9 * u)), theme.MUTED)
        surface.blit(foot, foot.get_rect(center=(w // 2, h - round(3 * u))))
        self.toast.draw(surface, (w // 2, round(h * 0.33)), u)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        px = self._notice_px()
        lh = round(px * 1.4)
        width = max(fonts.font(px).size(ln)[0] for ln in self._notice)
        box = pygame.Rect(0, 0, width + round(4 * u), len(self._notice) * lh + round(1.6 * u))
        box.midtop = (w // 2, round(h * 0.28))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        radius = max(2, round(u))
        pygame.draw.rect(panel, (*theme.PANEL, 235), panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, (*theme.DANGER, 255), panel.get_rect(), max(1, round(0.2 * u)),
                         border_radius=radius)
        surface.blit(panel, box)
        y = box.y + round(0.8 * u)
        for ln in self._notice:
            surface.blit(fonts.text(ln, px, theme.IVORY), (box.x + round(2 * u), y))
            y += lh
