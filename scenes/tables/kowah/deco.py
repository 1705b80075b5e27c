"""Kowah table decoration and small painters: the Peranakan tile frame, the stock pile,
the banners of a won or drawn hand (art-direction §2.2, §2.6)."""

from __future__ import annotations

import math

import pygame

from scenes.art.kowah_cards import RAIL_MUSTARD, RAIL_PINK, RAIL_TURQUOISE, SEAL_RED
from scenes.core import fonts, theme

JADE = (0x1E, 0x4A, 0x42)
JADE_DEEP = (0x14, 0x33, 0x2D)


def _tile_strip(length: int, band: int, horizontal: bool) -> pygame.Surface:
    """One side of the frame: mustard squares set on point alternating with pink
    quatrefoils on turquoise hearts, drawn at 4× and smooth-scaled."""
    ss = 4
    b = band * ss
    n = max(1, length * ss // b)
    big = pygame.Surface((n * b, b))
    big.fill(JADE_DEEP)
    pygame.draw.line(big, RAIL_MUSTARD, (0, 0), (n * b, 0), max(1, ss // 2))
    pygame.draw.line(big, RAIL_MUSTARD, (0, b - 1), (n * b, b - 1), max(1, ss // 2))
    for i in range(n):
        cx, cy = i * b + b / 2, b / 2
        if i % 2 == 0:
            r = b * 0.36
            pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            pygame.draw.polygon(big, RAIL_MUSTARD, pts)
            r2 = r * 0.42
            pygame.draw.polygon(big, RAIL_PINK, [(cx, cy - r2), (cx + r2, cy), (cx, cy + r2), (cx - r2, cy)])
        else:
            pr = b * 0.16
            for k in range(4):
                a = k * math.pi / 2 + math.pi / 4
                pygame.draw.circle(big, RAIL_PINK, (cx + math.cos(a) * pr * 1.15, cy + math.sin(a) * pr * 1.15), pr)
            pygame.draw.circle(big, RAIL_TURQUOISE, (cx, cy), pr * 0.8)
    img = pygame.transform.smoothscale(big, (length, band))
    if not horizontal:
        img = pygame.transform.rotate(img, 90)
    return img.convert() if pygame.display.get_surface() else img


class Frame:
    """The 0.8u tile-pattern frame round the window, as four cached opaque strips."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.parts: list[tuple[pygame.Surface, tuple[int, int]]] = []

    def draw(self, surface: pygame.Surface, u: float) -> None:
        w, h = surface.get_size()
        band = max(4, round(0.8 * u))
        key = (w, h, band)
        if key != self.key:
            self.key = key
            top = _tile_strip(w, band, True)
            side = _tile_strip(max(1, h - 2 * band), band, False)   # a window lower than the frame
            self.parts = [(top, (0, 0)), (top, (0, h - band)), (side, (0, band)), (side, (w - band, band))]
        for img, pos in self.parts:
            surface.blit(img, pos)


def panel(size: tuple[int, int], u: float, alpha: int = 200, border: tuple[int, int, int] | None = None,
          fill: tuple[int, int, int] = (12, 30, 27)) -> pygame.Surface:
    """A rounded translucent panel (drawn once by the callers' caches)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = max(2, round(1.2 * u))
    pygame.draw.rect(surf, (*fill, alpha), surf.get_rect(), border_radius=r)
    if border:
        pygame.draw.rect(surf, border, surf.get_rect(), max(1, round(0.2 * u)), border_radius=r)
    return surf


def multiplier_badge(text: str, u: float, scale: float = 1.0) -> pygame.Surface:
    """The "×3" / "×1" seal: a seal-red square with the multiplier reversed out."""
    side = max(12, round(9 * u * scale))
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(surf, SEAL_RED, surf.get_rect(), border_radius=max(2, round(0.8 * u)))
    inset = max(2, round(0.6 * u * scale))
    pygame.draw.rect(surf, theme.IVORY, surf.get_rect().inflate(-2 * inset, -2 * inset),
                     max(1, round(0.25 * u * scale)), border_radius=max(2, round(0.5 * u)))
    img = fonts.text(text, max(12, round(4.6 * u * scale)), theme.IVORY, "bold")
    surf.blit(img, img.get_rect(center=(side // 2, side // 2)))
    return surf


def grey(img: pygame.Surface) -> pygame.Surface:
    """A desaturated, darkened copy (the exhausted stock)."""
    g = pygame.transform.grayscale(img)
    g.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return g
