"""Mascarade's coins (art direction §4.3): gold discs that lie in stacks (each coin
0.35u above the one under it) with the count in a pill beside every stack — never make
players count coins — and single coins that spin in flight."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.core import fonts, layout_check, theme

GOLD = (0xC9, 0xA2, 0x27)
GOLD_LIGHT = (0xE8, 0xC9, 0x5C)
GOLD_DARK = (0x7A, 0x5C, 0x10)
PILL = (0x1C, 0x1A, 0x17)
STACK_MAX = 6               # coins drawn in one stack (the pill says how many there are)


@lru_cache(maxsize=64)
def _disc(r2: int, squash100: int) -> pygame.Surface:
    """One coin seen from above (``squash`` 100) or lying flat (< 100), painted at 2× and
    smoothed down; cached by its size."""
    r = r2 / 2
    w, h = max(2, round(4 * r)), max(2, round(4 * r * squash100 / 100))
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    box = big.get_rect()
    pygame.draw.ellipse(big, GOLD_DARK, box)
    inner = box.inflate(-max(2, round(w * 0.12)), -max(2, round(h * 0.12)))
    pygame.draw.ellipse(big, GOLD, inner)
    ring = inner.inflate(-max(2, round(w * 0.22)), -max(2, round(h * 0.22)))
    pygame.draw.ellipse(big, GOLD_LIGHT, ring, max(1, round(w * 0.05)))
    shine = pygame.Rect(0, 0, max(1, round(w * 0.22)), max(1, round(h * 0.14)))
    shine.center = (round(w * 0.36), round(h * 0.3))
    pygame.draw.ellipse(big, (0xFF, 0xF1, 0xB8), shine)
    return pygame.transform.smoothscale(big, (max(1, w // 2), max(1, h // 2)))


@lru_cache(maxsize=64)
def _edge(r2: int) -> pygame.Surface:
    """A coin lower in a stack: the flat coin, darker (its side shows)."""
    edge = _disc(r2, 55).copy()
    edge.fill((150, 120, 40, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return edge


def draw_coin(surface: pygame.Surface, centre: tuple[float, float], r: float, spin: float = 1.0) -> None:
    """A coin seen from above; ``spin`` (0..1) narrows it as it turns in flight."""
    img = _disc(max(2, round(2 * r)), 100)
    if spin < 0.98:
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * max(0.15, spin))),
                                                 img.get_height()))
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_stack(surface: pygame.Surface, base: tuple[float, float], r: float, count: int,
               step: float, shown: int = STACK_MAX) -> pygame.Rect:
    """A stack of ``min(count, shown)`` flat coins whose bottom coin is centred on
    ``base``, each ``step`` px above the last; returns the stack's bounds."""
    top = _disc(max(2, round(2 * r)), 55)
    edge = _edge(max(2, round(2 * r)))
    bounds = top.get_rect(center=(round(base[0]), round(base[1])))
    k = max(0, min(count, shown))
    for i in range(k):
        at = top.get_rect(center=(round(base[0]), round(base[1] - i * step)))
        surface.blit(edge if i < k - 1 else top, at)
        bounds.union_ip(at)
    return bounds


def pill(surface: pygame.Surface, count: int, px: int, at: tuple[float, float],
         anchor: str = "midleft", owner: pygame.Rect | None = None, role: str = "coins") -> pygame.Rect:
    """A coin count in a dark pill with a gold edge (tabular numerals, bold), placed by
    ``anchor`` at ``at``; ``owner`` (a plate, the courthouse) is the box it belongs to
    for the overlap check. Returns the pill's rect."""
    num = fonts.text(str(count), px, theme.IVORY, "bold")
    pad = max(2, round(num.get_height() * 0.28))
    rect = pygame.Rect(0, 0, num.get_width() + 2 * pad, num.get_height())
    setattr(rect, anchor, (round(at[0]), round(at[1])))
    rad = rect.height // 2
    pygame.draw.rect(surface, PILL, rect, border_radius=rad)
    pygame.draw.rect(surface, GOLD, rect, max(1, rect.height // 12), border_radius=rad)
    with layout_check.control(surface, owner if owner is not None else rect, role, str(count)):
        surface.blit(num, num.get_rect(center=rect.center))
    return rect


def arc_point(src: tuple[float, float], dst: tuple[float, float], p: float, lift: float) -> tuple[float, float]:
    """A point of a coin's arc from ``src`` to ``dst`` at progress ``p`` (0..1), rising
    ``lift`` px above the straight line at its middle."""
    return (src[0] + (dst[0] - src[0]) * p, src[1] + (dst[1] - src[1]) * p - math.sin(math.pi * p) * lift)
