"""A table's header part: the Menu and Rules buttons at the top right, the deal line
("Deal 123 · code KW-…") at the top left, the rules (F1) and pause (Esc) screens they
open, and the reduced-motion fade layer drawn over a frame after a jump."""

from __future__ import annotations

from typing import Any

import pygame

from game.dealcode import code_for
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.tween import FADE_S
from scenes.widgets.button import Button


class TableHeader:
    """The top of one table. ``scene`` is the table the pause menu acts on."""

    def __init__(self, app: Any, match: Any, rules_game: str, scene: Any) -> None:
        self.app = app
        self.match = match
        self.rules_game = rules_game
        self.scene = scene
        self.menu_button = Button(lambda: t("table.menu"), self.open_pause)
        self.rules_button = Button(lambda: t("table.rules"), self.open_rules)
        self.top_buttons = [self.menu_button, self.rules_button]
        self._code: str | None = None

    def layout(self) -> None:
        u = self.app.u
        w, _ = self.app.size
        bw, bh = round(14 * u), round(5 * u)
        self.rules_button.rect = pygame.Rect(w - round(3 * u) - bw, round(2 * u), bw, bh)
        self.menu_button.rect = self.rules_button.rect.move(-(bw + round(1.5 * u)), 0)

    def handle(self, event: pygame.event.Event) -> bool:
        return any(b.handle(event) for b in self.top_buttons)

    def draw(self, surface: pygame.Surface) -> None:
        """The deal line and the top buttons."""
        u = self.app.u
        px = max(12, round(1.8 * u))
        deal = fonts.text(t("table.deal", n=self.match.seed), px, theme.MUTED)
        at = surface.blit(deal, self.deal_line_rect().topleft)
        if self.deal_code():
            code = fonts.text("· " + t("replay.code", code=self.deal_code()), px, theme.MUTED)
            surface.blit(code, (at.right + round(0.5 * u), at.y))
        for b in self.top_buttons:
            b.draw(surface, u)

    def deal_line_rect(self) -> pygame.Rect:
        """Where "Deal #n · code …" goes: top left, under whatever the table wrote there
        (its title, the round: the table's ``head_bottom``, set as it draws it), never into
        it; a table keeps its seats clear of it."""
        u = self.app.u
        px = max(12, round(1.8 * u))
        text = t("table.deal", n=self.match.seed)
        w = fonts.size(text, px)[0]
        if self.deal_code():
            w += round(0.5 * u) + fonts.size("· " + t("replay.code", code=self.deal_code()), px)[0]
        top = max(round(5.3 * u), getattr(self.scene, "head_bottom", 0))
        return pygame.Rect(round(3 * u), top, w, fonts.size(text, px)[1])

    def deal_code(self) -> str:
        """The deal's code ("KW-G1AH-15VV"), what a friend types to get these cards."""
        if self._code is None:
            m = self.match
            self._code = code_for(m.game, len(m.seats), m.options, m.seed)
        return self._code

    def open_rules(self) -> None:
        from scenes.screens.rules_viewer import RulesScene
        self.app.stack.push(RulesScene(self.app, self.rules_game))

    def open_pause(self) -> None:
        from scenes.screens.pause import PauseScene
        self.app.stack.push(PauseScene(self.app, self.scene))


class FadeLayer:
    """Reduced motion: the frame before a jump, fading out over FADE_S of table time.
    ``driver`` holds the animation queue (its jump count) and the table's clock."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.jumps = 0
        self.frame: tuple[pygame.Surface, float] | None = None

    def layer(self, surface: pygame.Surface) -> pygame.Surface | None:
        """The fading frame (taken from ``surface`` before this frame is drawn on it), or None."""
        if self.driver.anim.jumps != self.jumps:
            self.jumps = self.driver.anim.jumps
            self.frame = (surface.copy(), self.driver.clock)
        fade = self.frame
        if fade is None:
            return None
        left = 1.0 - (self.driver.clock - fade[1]) / FADE_S
        if left <= 0 or fade[0].get_size() != surface.get_size():
            self.frame = None
            return None
        fade[0].set_alpha(round(255 * left))
        return fade[0]
