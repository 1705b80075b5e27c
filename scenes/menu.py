"""The title menu: continue, new game, rules, settings, quit."""

from __future__ import annotations

import pygame

from game.storage import SaveError
from scenes import fonts, session, theme
from scenes.i18n import t
from scenes.stack import Scene
from scenes.tables.felt import TableStyle, table_surface
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.toast import Toast

MENU_STYLE = TableStyle((46, 28, 20), (80, 50, 34), "wood", 0.04, 0.3)


class MenuScene(Scene):
    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.toast = Toast()
        if message:
            self.toast.show(message)
        self.can_continue = session.resumable()
        buttons = []
        if self.can_continue:
            buttons.append(Button(lambda: t("menu.continue"), self.resume, "primary"))
        buttons += [
            Button(lambda: t("menu.play_ganjifa"), lambda: self.new("ganjifa"),
                   "normal" if self.can_continue else "primary"),
            Button(lambda: t("menu.play_kowah"), lambda: self.new("kowah")),
            Button(lambda: t("menu.rules"), self.rules),
            Button(lambda: t("menu.settings"), self.settings),
            Button(lambda: t("menu.quit"), self.app.quit),
        ]
        from game.registry import GAMES
        if "kowah" not in GAMES:
            buttons = [b for b in buttons if b.label != t("menu.play_kowah")]
        self.row = ButtonRow(buttons)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        u = self.app.u
        w, h = self.app.size
        bw, bh = round(40 * u), round(6 * u)
        y = round(h * 0.40)
        for b in self.row.buttons:
            b.rect = pygame.Rect((w - bw) // 2, y, bw, bh)
            y += bh + round(1.8 * u)

    def resume(self) -> None:
        try:
            match = session.resume()
        except SaveError as err:
            self.app.stack.reset(MenuScene(self.app, str(err)))
            return
        self.app.stack.reset(session.make_table(self.app, match, fresh=False))

    def new(self, game: str) -> None:
        from scenes.setup import SetupScene
        self.app.stack.push(SetupScene(self.app, game))

    def rules(self) -> None:
        from scenes.rules_viewer import RulesScene
        self.app.stack.push(RulesScene(self.app))

    def settings(self) -> None:
        from scenes.settings import SettingsScene
        self.app.stack.push(SettingsScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        return self.row.handle(event)

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        surface.blit(table_surface(MENU_STYLE, surface.get_size()), (0, 0))
        title = fonts.text(t("menu.title"), round(7 * u), theme.GOLD, "bold")
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.17))))
        sub = fonts.text(t("menu.subtitle"), round(2.6 * u), theme.IVORY)
        surface.blit(sub, sub.get_rect(center=(w // 2, round(h * 0.27))))
        self.row.draw(surface, u)
        foot = fonts.text(t("menu.footer"), max(12, round(1.9 * u)), theme.MUTED)
        surface.blit(foot, foot.get_rect(center=(w // 2, h - round(3 * u))))
        self.toast.draw(surface, (w // 2, round(h * 0.33)), u)
