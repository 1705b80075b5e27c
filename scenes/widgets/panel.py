"""The menu screens' shared surfaces: the wooden table top under the title menu, the
settings, the keys and the statistics, and the gold-rimmed dark panel they draw on."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.core import fonts, theme
from scenes.tables.felt import TableStyle

MENU_TOP = TableStyle((46, 28, 20), (80, 50, 34), "wood", 0.04, 0.3)     # the menu's table top


def fit_tall(text: str, px: int, height: int, weight: str) -> int:
    """``px``, made smaller until ``text`` is at most ``height`` tall (large text in a low slot)."""
    while px > 7 and fonts.size(text, px, weight)[1] > height:
        px -= 1
    return px


@lru_cache(maxsize=4)
def panel_surface(size: tuple[int, int], radius: int, line: int) -> pygame.Surface:
    """The translucent dark panel with its gold rim (as the dialogs draw it)."""
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL, 238), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*theme.GOLD, 255), panel.get_rect(), line, border_radius=radius)
    return panel
