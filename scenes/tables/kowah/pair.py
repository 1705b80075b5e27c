"""Choose which identical pair to expose when a checki hand offers two (rule 16)."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core import theme
from scenes.core.i18n import t
from scenes.screens.dialog import ChoiceDialog
from scenes.tables.kowah.model import display_groups


class PairChooser(ChoiceDialog):
    row_u = 17.0
    button_u = 46.0

    def __init__(self, app: Any, table: Any, pairs: list[int]) -> None:
        self.table = table
        hand = list(table.match.view(table.viewer).hand or ())
        self.splits = {}
        for x in pairs:           # the engine offers only pairs the hand may expose
            self.splits[x] = display_groups(hand, x, table.deck.keys) or ((), (), (x, x))
        super().__init__(app, t("kowah.pair_title"), t("kowah.pair_hint"), list(pairs),
                         lambda x: t("kowah.pair_pick", card=table.card_paint.card_name(x)))

    def chosen(self, x: object) -> None:
        self.table.controls.declare(x)

    def draw_row(self, surface: pygame.Surface, area: pygame.Rect, x: object) -> None:
        u = self.app.u
        h = round(14 * u)
        cw = self.table.card_paint.card_w(h)
        left = area.x
        for g, cards in enumerate(self.splits[x]):
            for c in cards:
                surface.blit(self.table.card_paint.face(c, h), (left, area.y))
                if g == 2:   # the pair that would be exposed
                    r = pygame.Rect(left, area.y, cw, h).inflate(round(0.5 * u), round(0.5 * u))
                    pygame.draw.rect(surface, theme.GOLD, r, max(2, round(0.3 * u)),
                                     border_radius=round(0.5 * u))
                left += cw + round(0.4 * u)
            left += round(2 * u)
