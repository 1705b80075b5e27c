"""The courthouse and the bank as objects on the Mascarade table (art direction §4.3).

The courthouse: a stone temple front (``#CFC6B4``, lines ``#6B5E4A``) — pediment, a frieze
whose plaque carries the fines' number, four columns, three steps — with the fines as a
pile of coins on its steps. The bank: an iron-bound coffer with a tower of coins on its
lid and its count on the coffer's front. Each has its name under it. The stone and wood
are painted once per size (cached); the numbers and coins are drawn live.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes.core import fonts, layout_check, theme
from scenes.core.textfit import fit_text
from scenes.tables.mascarade.coins import draw_stack, pill

STONE, STONE_LINE = (0xCF, 0xC6, 0xB4), (0x6B, 0x5E, 0x4A)
STONE_SHADE = (0xB4, 0xAA, 0x95)
WOOD, WOOD_DARK = (0x6B, 0x3A, 0x1E), (0x3E, 0x20, 0x10)
IRON = (0x2E, 0x2A, 0x26)
GOLD = (0xC9, 0xA2, 0x27)
ASPECT = {"court": 1.6, "bank": 1.25}       # the pictures' width : height


@dataclass(frozen=True)
class Object:
    """Where an object's parts lie, in the window: its picture, its caption's box, the
    base of its coin pile, its count's anchor (midpoint) and the coins' radius."""
    art: pygame.Rect
    caption: pygame.Rect
    pile: tuple[float, float]
    count_at: tuple[float, float]
    coin_r: float
    step: float


def size(kind: str, name: str, height: int, u: float) -> tuple[int, int]:
    """The box of the courthouse or bank ``height`` tall: its picture's width, or its
    name's if wider (a name is never cut)."""
    cap_h = fonts.size("Ág", caption_px(u), "semibold")[1]
    art_w = round(max(4, height - cap_h) * ASPECT[kind])
    return max(art_w, fonts.size(name, caption_px(u), "semibold")[0] + 2), height


def caption_px(u: float) -> int:
    return max(12, round(1.9 * u))


def count_px(u: float) -> int:
    return max(12, round(2.3 * u))


def place(rect: pygame.Rect, u: float, kind: str) -> Object:
    """The parts of the courthouse (``kind`` "court") or the bank in ``rect``."""
    cap_h = fonts.size("Ág", caption_px(u), "semibold")[1]
    art_h = max(4, rect.height - cap_h)
    art = pygame.Rect(0, rect.y, min(rect.width, round(art_h * ASPECT[kind])), art_h)
    art.centerx = rect.centerx
    caption = pygame.Rect(rect.x, art.bottom, rect.width, rect.bottom - art.bottom)
    r = max(3.0, min(1.3 * u, art.width * 0.09))
    step = max(1.0, 0.35 * u)
    if kind == "court":
        # the plaque on the frieze (its number), the pile on the bottom step
        fr_top, fr_h = art.y + art.height * 0.27, art.height * 0.16
        count_at = (art.centerx, fr_top + fr_h / 2)
        pile = (art.centerx + art.width * 0.30, art.bottom - r * 0.7)
    else:
        chest_top = art.y + art.height * 0.42
        count_at = (art.centerx, chest_top + (art.bottom - chest_top) * 0.62)
        pile = (art.centerx, chest_top + r * 0.2)
    return Object(art, caption, pile, count_at, r, step)


@lru_cache(maxsize=16)
def _court_art(w: int, h: int) -> pygame.Surface:
    """The temple front, painted at 2× and smoothed down."""
    W, H = 2 * w, 2 * h
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    line = max(2, round(W * 0.012))
    cx = W / 2
    # pediment
    ped_b = H * 0.27
    tri = [(W * 0.04, ped_b), (cx, H * 0.02), (W * 0.96, ped_b)]
    pygame.draw.polygon(s, STONE, tri)
    pygame.draw.polygon(s, STONE_LINE, tri, line)
    inner = [(W * 0.17, ped_b - H * 0.035), (cx, H * 0.09), (W * 0.83, ped_b - H * 0.035)]
    pygame.draw.polygon(s, STONE_SHADE, inner)
    pygame.draw.circle(s, STONE_LINE, (cx, ped_b - H * 0.08), max(2, H * 0.035), line)
    # frieze (the plaque is drawn live, with the number)
    frieze = pygame.Rect(round(W * 0.07), round(ped_b), round(W * 0.86), round(H * 0.16))
    pygame.draw.rect(s, STONE, frieze)
    pygame.draw.rect(s, STONE_LINE, frieze, line)
    # four columns with capitals and bases
    col_top, col_bot = frieze.bottom, H * 0.78
    span = W * 0.72
    cw = W * 0.095
    for i in range(4):
        x = W * 0.14 + i * (span - cw) / 3 + (W * 0.72 - span) / 2
        col = pygame.Rect(round(x), round(col_top), round(cw), round(col_bot - col_top))
        pygame.draw.rect(s, STONE, col)
        for f in (0.33, 0.66):                               # the fluting
            fx = col.x + col.width * f
            pygame.draw.line(s, STONE_SHADE, (fx, col.y + line * 2), (fx, col.bottom - line * 2), max(1, line // 2))
        pygame.draw.rect(s, STONE_LINE, col, line)
        cap = pygame.Rect(0, 0, round(cw * 1.5), max(2, round(H * 0.03)))
        cap.midtop = (col.centerx, col.y)
        pygame.draw.rect(s, STONE, cap)
        pygame.draw.rect(s, STONE_LINE, cap, line)
        cap.midbottom = (col.centerx, col.bottom)
        pygame.draw.rect(s, STONE, cap)
        pygame.draw.rect(s, STONE_LINE, cap, line)
    # three steps, each wider
    step_h = (H - col_bot) / 3
    for i in range(3):
        sw = W * (0.80 + 0.08 * i)
        step = pygame.Rect(round(cx - sw / 2), round(col_bot + i * step_h), round(sw), max(2, round(step_h)))
        pygame.draw.rect(s, STONE if i % 2 == 0 else STONE_SHADE, step)
        pygame.draw.rect(s, STONE_LINE, step, line)
    return pygame.transform.smoothscale(s, (w, h))


@lru_cache(maxsize=16)
def _bank_art(w: int, h: int) -> pygame.Surface:
    """The coffer, painted at 2× and smoothed down."""
    W, H = 2 * w, 2 * h
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    line = max(2, round(W * 0.014))
    top = H * 0.42
    body = pygame.Rect(round(W * 0.08), round(top + H * 0.12), round(W * 0.84), round(H * 0.86 - top))
    lid = pygame.Rect(body.x, round(top), body.width, round(H * 0.2))
    pygame.draw.ellipse(s, WOOD, lid)
    pygame.draw.ellipse(s, WOOD_DARK, lid, line)
    pygame.draw.rect(s, WOOD, body, border_radius=round(W * 0.03))
    for k in range(1, 4):                                   # the planks
        y = body.y + body.height * k / 4
        pygame.draw.line(s, WOOD_DARK, (body.x + line, y), (body.right - line, y), max(1, line // 2))
    pygame.draw.rect(s, WOOD_DARK, body, line, border_radius=round(W * 0.03))
    for fx in (0.16, 0.84):                                  # iron bands, gold studs
        band = pygame.Rect(0, 0, round(W * 0.08), body.height + lid.height // 2)
        band.midbottom = (round(body.x + body.width * fx), body.bottom)
        pygame.draw.rect(s, IRON, band)
        for fy in (0.2, 0.5, 0.8):
            pygame.draw.circle(s, GOLD, (band.centerx, band.y + band.height * fy), max(1, W * 0.012))
    pygame.draw.rect(s, IRON, body.inflate(0, 0).clip(pygame.Rect(body.x, body.bottom - line * 2, body.width, line * 2)))
    return pygame.transform.smoothscale(s, (w, h))


def draw(surface: pygame.Surface, rect: pygame.Rect, u: float, kind: str, amount: int, name: str) -> Object:
    """The courthouse or the bank in ``rect`` holding ``amount`` coins, named ``name``."""
    obj = place(rect, u, kind)
    art = obj.art
    shadow = pygame.Surface((art.width, max(2, round(art.height * 0.12))), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
    surface.blit(shadow, shadow.get_rect(center=(art.centerx, art.bottom - round(0.2 * u))))
    if kind == "court":
        surface.blit(_court_art(art.width, art.height), art)
        draw_stack(surface, obj.pile, obj.coin_r, amount, obj.step, 5)
    else:
        surface.blit(_bank_art(art.width, art.height), art)
        draw_stack(surface, obj.pile, obj.coin_r, amount, obj.step)
    with layout_check.control(surface, rect, "pile", kind):
        if kind == "court":              # the number on the frieze's plaque, ink on stone
            num = fonts.text(str(amount), count_px(u), theme.INK, "bold")
            plaque = num.get_rect(center=(round(obj.count_at[0]), round(obj.count_at[1])))
            plaque.inflate_ip(round(1.2 * u), 0)
            pygame.draw.rect(surface, (0xE6, 0xDF, 0xCE), plaque, border_radius=max(1, round(0.3 * u)))
            pygame.draw.rect(surface, STONE_LINE, plaque, max(1, round(0.12 * u)), border_radius=max(1, round(0.3 * u)))
            surface.blit(num, num.get_rect(center=plaque.center))
        else:
            pill(surface, amount, count_px(u), obj.count_at, "center", rect, "pile")
        cap = fit_text(name, caption_px(u), theme.IVORY, rect.width, "semibold", min_px=9)
        surface.blit(cap, cap.get_rect(midtop=(rect.centerx, obj.caption.y)))
    return obj
