"""Choose which identical pair to expose when a checki hand offers two (rule 16)."""

from __future__ import annotations

from typing import Any

import pygame

from game.kowah.checki import split_groups
from scenes import fonts, theme
from scenes.dialog import Dialog
from scenes.i18n import t
from scenes.widgets.button import Button


class PairChooser(Dialog):
    width_frac = 0.8

    def __init__(self, app: Any, table: Any, pairs: list[int]) -> None:
        super().__init__(app, t("kowah.pair_title"))
        self.table = table
        self.pairs = list(pairs)
        hand = list(table.match.view(table.viewer).hand or ())
        self.splits = []
        for x in self.pairs:
            try:
                self.splits.append(split_groups(hand, x, table.deck.keys))
            except ValueError:
                self.splits.append(((), (), (x, x)))
        self.pick_buttons = [Button(lambda x=x: t("kowah.pair_pick", card=table.card_name(x)),
                                    lambda x=x: self.pick(x), "primary") for x in self.pairs]
        self.set_buttons([Button(lambda: t("common.cancel"), self.close)])

    def body_height(self) -> float:
        return 4 * self.app.u + len(self.pairs) * 17 * self.app.u

    def pick(self, x: int) -> None:
        self.close()
        self.table.declare(x)

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.pick_buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.unicode in ("1", "2", "3"):
            i = int(event.unicode) - 1
            if i < len(self.pairs):
                self.pick(self.pairs[i])
                return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.app.u
        hint = fonts.text(t("kowah.pair_hint"), max(13, round(2 * u)), theme.MUTED)
        surface.blit(hint, (area.x, area.y))
        h = round(14 * u)
        cw = self.table.card_w(h)
        for i, groups in enumerate(self.splits):
            y = area.y + round(4 * u) + i * round(17 * u)
            x = area.x
            for g, cards in enumerate(groups):
                for c in cards:
                    surface.blit(self.table.face(c, h), (x, y))
                    if g == 2:
                        r = pygame.Rect(x, y, cw, h).inflate(round(0.5 * u), round(0.5 * u))
                        pygame.draw.rect(surface, theme.GOLD, r, max(2, round(0.3 * u)),
                                         border_radius=round(0.5 * u))
                    x += cw + round(0.4 * u)
                x += round(2 * u)
            b = self.pick_buttons[i]
            bw = min(round(46 * u), area.right - x - round(2 * u))
            b.rect = pygame.Rect(area.right - bw, y + (h - round(5 * u)) // 2, bw, round(5 * u))
            b.draw(surface, u)
            num = fonts.text(str(i + 1), max(12, round(1.9 * u)), theme.MUTED, "semibold")
            surface.blit(num, (b.rect.x - num.get_width() - round(u), b.rect.centery - num.get_height() // 2))
