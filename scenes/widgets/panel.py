"""The menu screens' shared surfaces: the wooden table top under the title menu, the
settings, the keys and the statistics, and the gold-rimmed dark panel they draw on."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.core import fonts, theme
from scenes.tables.felt import TableStyle, table_surface

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


def draw_titled_panel(surface: pygame.Surface, panel: pygame.Rect, u: float, title_text: str,
                      pad_u: float, title_u: float) -> pygame.Rect:
    """The menu's table top, the gold-rimmed panel and its title, fitted to the panel's
    width and to ``title_u`` of height; returns the panel's inner area (padded across)."""
    surface.blit(table_surface(MENU_TOP, surface.get_size()), (0, 0))
    radius, line = max(2, round(1.5 * u)), max(1, round(0.2 * u))
    surface.blit(panel_surface(panel.size, radius, line), panel)
    inner = panel.inflate(-round(2 * pad_u * u), 0)
    title_px = fit_tall(title_text, fonts.fit(title_text, round(4.4 * u), inner.width, "bold"),
                        round((title_u - 0.6) * u), "bold")
    title = fonts.text(title_text, title_px, theme.GOLD, "bold")
    surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + round(pad_u * u))))
    return inner
