"""The bundled type family (Be Vietnam Pro, full Vietnamese coverage). Never Font(None)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_DIR = ASSETS / "fonts"
CJK_FONT = FONT_DIR / "NotoSerifTC-kowah-subset.ttf"   # only the glyphs Kowah cards use
WEIGHTS = {
    "regular": FONT_DIR / "BeVietnamPro_400Regular.ttf",
    "semibold": FONT_DIR / "BeVietnamPro_600SemiBold.ttf",
    "bold": FONT_DIR / "BeVietnamPro_700Bold.ttf",
}


@lru_cache(maxsize=128)
def font(px: int, weight: str = "regular") -> pygame.font.Font:
    """The UI font at a pixel size (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(WEIGHTS[weight]), max(6, int(px)))


@lru_cache(maxsize=64)
def cjk_font(px: int) -> pygame.font.Font:
    """The bundled Chinese subset (Kowah cards only)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(CJK_FONT), max(4, int(px)))


@lru_cache(maxsize=2048)
def text(s: str, px: int, colour: tuple[int, int, int], weight: str = "regular") -> pygame.Surface:
    """A rendered, cached line of text."""
    return font(px, weight).render(s, True, colour).convert_alpha() if pygame.display.get_surface() \
        else font(px, weight).render(s, True, colour)


def reset() -> None:
    """Forget cached fonts and text (after pygame.quit() they are invalid)."""
    font.cache_clear()
    cjk_font.cache_clear()
    text.cache_clear()
