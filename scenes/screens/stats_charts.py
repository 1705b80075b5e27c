"""The statistics screen's two charts, drawn like the tables: the game's own felt or wood
inside a gold rim, ivory and gold marks, the bundled font.

Shapes are drawn at twice the size and smoothscaled down (antialiased lines, dots and
bar corners); text is drawn afterwards at the final size, so it stays crisp. A chart is
built once per (data, size, language) and cached: a frame only blits it.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.core import fonts, theme
from scenes.core.textfit import fit_text
from scenes.tables.felt import TableStyle

SS = 2          # supersampling factor of the shapes

#: The table top of a game whose table declares none (a wooden one).
DEFAULT_FELT = TableStyle((58, 34, 24), (74, 44, 31), "wood", 0.04, 0.22)
GRID = (*theme.IVORY, 40)
FILL = (*theme.GOLD, 46)


def caption_px(u: float) -> int:
    return max(11, round(1.9 * u))


def _felt(style: TableStyle, size: tuple[int, int]) -> pygame.Surface:
    """A quick cut of a table top: base, light pool, wood grain or weave (no per-pixel
    noise: the screen must open fast, and a chart is small)."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(style.base)
    small = pygame.Surface((16, 10), pygame.SRCALPHA)
    for y in range(10):
        for x in range(16):
            d = min(1.0, math.hypot((x + 0.5) / 8 - 1, (y + 0.5) / 5 - 1) / 1.2)
            small.set_at((x, y), (*style.pool, round(170 * (1 - d) ** 1.5)))
    surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    marks = pygame.Surface(size, pygame.SRCALPHA)
    if style.texture == "wood":
        for i in range(14):
            y0 = (i + 0.5) * h / 14
            pts = [(x, y0 + 3 * math.sin(x * 0.011 + i * 1.7) + 1.5 * math.sin(x * 0.037 + i))
                   for x in range(0, w + 12, 12)]
            pygame.draw.lines(marks, (0, 0, 0, 30) if i % 2 else (255, 230, 200, 12), False, pts)
    else:
        step = max(3, h // 80)
        for y in range(0, h, step * 2):
            pygame.draw.line(marks, (255, 255, 255, 8), (0, y), (w, y))
        for x in range(0, w, step * 2):
            pygame.draw.line(marks, (0, 0, 0, 10), (x, 0), (x, h))
    surf.blit(marks, (0, 0))
    return surf


def felt_style(game: str) -> TableStyle:
    """The game's own table top (its table's front), or the default wood."""
    from scenes.tables.registry import front
    return front(game).style or DEFAULT_FELT


@lru_cache(maxsize=16)
def felt_panel(game: str, size: tuple[int, int], u: float) -> pygame.Surface:
    """A rounded piece of the game's table top with a gold rim."""
    w, h = max(1, size[0]), max(1, size[1])
    felt = _felt(felt_style(game), (w, h))
    radius, line = max(2, round(1.2 * u)), max(1, round(0.2 * u))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(felt, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, theme.GOLD, out.get_rect(), line, border_radius=radius)
    return out


def _plot_rect(size: tuple[int, int], u: float, px: int) -> pygame.Rect:
    """Where the marks go inside a chart of ``size`` (room for the title and labels)."""
    w, h = size
    left = round(1.5 * u) + fonts.size("100 %", px)[0] + round(0.8 * u)
    top = round(1.2 * u) + round(px * 1.6) + round(1.8 * u)
    bottom = round(1.0 * u) + round(px * 1.4) * 2
    return pygame.Rect(left, top, max(1, w - left - round(2 * u)), max(1, h - top - bottom))


def _title(surf: pygame.Surface, text: str, u: float, px: int) -> None:
    img = fit_text(text, round(px * 1.2), theme.GOLD, surf.get_width() - round(3 * u), "semibold")
    surf.blit(img, (round(1.5 * u), round(1.2 * u)))


def _y_axis(surf: pygame.Surface, shapes: pygame.Surface, plot: pygame.Rect, px: int) -> None:
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = plot.bottom - frac * plot.height
        pygame.draw.line(shapes, GRID, (plot.x * SS, y * SS), (plot.right * SS, y * SS), SS)
        if frac in (0.0, 0.5, 1.0):
            img = fonts.text(f"{round(frac * 100)} %", px, theme.MUTED)
            surf.blit(img, img.get_rect(midright=(plot.x - px // 2, round(y))))


def _dashed(shapes: pygame.Surface, colour: tuple, y: float, x0: int, x1: int, u: float) -> None:
    dash = max(3, round(1.2 * u)) * SS
    x = x0 * SS
    while x < x1 * SS:
        pygame.draw.line(shapes, colour, (x, y * SS), (min(x1 * SS, x + dash), y * SS),
                         max(1, round(0.2 * u)) * SS)
        x += 2 * dash


def _finish(surf: pygame.Surface, shapes: pygame.Surface) -> None:
    surf.blit(pygame.transform.smoothscale(shapes, surf.get_size()), (0, 0))


@lru_cache(maxsize=16)
def win_rate_chart(game: str, size: tuple[int, int], u: float, points: tuple[tuple[int, int, int], ...],
                   overall: float, title: str, overall_label: str, last: int) -> pygame.Surface:
    """Win rate per bucket of games, oldest on the left. ``points``: (first game, games,
    wins) per bucket; ``last``: the number of the latest game."""
    w, h = size
    surf = felt_panel(game, size, u).copy()
    px = caption_px(u)
    _title(surf, title, u, px)
    plot = _plot_rect(size, u, px)
    shapes = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    _y_axis(surf, shapes, plot, px)
    n = len(points)
    xs = [plot.x + (plot.width * (i / (n - 1)) if n > 1 else plot.width / 2) for i in range(n)]
    ys = [plot.bottom - (wins / games if games else 0.0) * plot.height for _, games, wins in points]
    if n > 1:
        area = [(x * SS, y * SS) for x, y in zip(xs, ys, strict=True)]
        area += [(xs[-1] * SS, plot.bottom * SS), (xs[0] * SS, plot.bottom * SS)]
        pygame.draw.polygon(shapes, FILL, area)
        pygame.draw.lines(shapes, theme.GOLD, False,
                          [(x * SS, y * SS) for x, y in zip(xs, ys, strict=True)],
                          max(2, round(0.45 * u * SS)))
    dot = max(2, round((0.55 if n <= 40 else 0.3) * u * SS))
    for x, y in zip(xs, ys, strict=True):
        pygame.draw.circle(shapes, theme.GOLD, (x * SS, y * SS), dot)
        pygame.draw.circle(shapes, theme.INK, (x * SS, y * SS), max(1, dot // 3))
    oy = plot.bottom - overall * plot.height
    _dashed(shapes, theme.IVORY, oy, plot.x, plot.right, u)
    _finish(surf, shapes)
    label = fonts.text(overall_label, px, theme.IVORY, "semibold")
    pill = label.get_rect(midleft=(plot.x + round(1.2 * u), round(oy))).inflate(round(1.2 * u), 2)
    pygame.draw.rect(surf, theme.PANEL, pill, border_radius=max(2, pill.height // 2))
    pygame.draw.rect(surf, theme.IVORY, pill, 1, border_radius=max(2, pill.height // 2))
    surf.blit(label, label.get_rect(center=pill.center))
    first = fonts.text("1", px, theme.MUTED)
    surf.blit(first, first.get_rect(midtop=(plot.x, plot.bottom + px // 2)))
    end = fonts.text(str(last), px, theme.MUTED)
    surf.blit(end, end.get_rect(topright=(plot.right, plot.bottom + px // 2)))
    return surf


@lru_cache(maxsize=16)
def seat_chart(game: str, size: tuple[int, int], u: float, seats: tuple[tuple[int, int, int, int, int], ...],
               title: str, seat_labels: tuple[str, ...], played_labels: tuple[str, ...],
               legend: tuple[str, str]) -> pygame.Surface:
    """One bar per seat: the player's win rate there (gold), with a tick at how often
    anyone sitting there won (ivory). ``seats``: (seat, played, wins, games, seat_wins)."""
    w, h = size
    surf = felt_panel(game, size, u).copy()
    px = caption_px(u)
    _title(surf, title, u, px)
    plot = _plot_rect(size, u, px)
    plot.height -= round(px * 1.5)              # the legend line
    shapes = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    _y_axis(surf, shapes, plot, px)
    n = max(1, len(seats))
    slot = plot.width / n
    bar_w = min(slot * 0.56, 9 * u)
    labels = []
    for i, (_seat, played, wins, games, seat_wins) in enumerate(seats):
        cx = plot.x + slot * (i + 0.5)
        rate = wins / played if played else None
        if rate is not None:
            top = plot.bottom - rate * plot.height
            rect = pygame.Rect(round((cx - bar_w / 2) * SS), round(top * SS), round(bar_w * SS),
                               max(SS, round((plot.bottom - top) * SS)))
            pygame.draw.rect(shapes, theme.GOLD, rect, border_top_left_radius=round(0.5 * u * SS),
                             border_top_right_radius=round(0.5 * u * SS))
            labels.append((f"{round(rate * 100)} %", cx, top))
        if games:
            ty = plot.bottom - seat_wins / games * plot.height
            half = bar_w / 2 + 0.8 * u
            pygame.draw.line(shapes, theme.IVORY, ((cx - half) * SS, ty * SS), ((cx + half) * SS, ty * SS),
                             max(2, round(0.35 * u * SS)))
    _finish(surf, shapes)
    for text, cx, top in labels:
        img = fonts.text(text, px, theme.IVORY, "semibold")
        y = top - img.get_height() - 1
        surf.blit(img, img.get_rect(midtop=(round(cx), round(max(plot.y - img.get_height(), y)))))
    for i in range(len(seats)):
        cx = round(plot.x + slot * (i + 0.5))
        name = fit_text(seat_labels[i], px, theme.IVORY, round(slot) - 2)
        surf.blit(name, name.get_rect(midtop=(cx, plot.bottom + px // 3)))
        sub = fit_text(played_labels[i], px, theme.MUTED, round(slot) - 2)
        surf.blit(sub, sub.get_rect(midtop=(cx, plot.bottom + px // 3 + round(px * 1.3))))
    _legend(surf, legend, u, px, h - round(0.9 * u) - round(px * 1.2))
    return surf


def _legend(surf: pygame.Surface, legend: tuple[str, str], u: float, px: int, y: int) -> None:
    x = round(1.5 * u)
    box = max(6, round(px * 0.8))
    room = surf.get_width() - round(3 * u)
    pygame.draw.rect(surf, theme.GOLD, (x, y + (px * 1.2 - box) / 2, box, box), border_radius=2)
    first = fit_text(legend[0], px, theme.IVORY, room // 2 - box - round(u))
    surf.blit(first, (x + box + round(0.6 * u), y))
    x2 = x + box + round(0.6 * u) + first.get_width() + round(2 * u)
    ly = round(y + px * 0.6)
    pygame.draw.line(surf, theme.IVORY, (x2, ly), (x2 + box * 1.6, ly), max(2, round(0.35 * u)))
    second = fit_text(legend[1], px, theme.IVORY, max(1, surf.get_width() - x2 - round(box * 1.6) - round(2 * u)))
    surf.blit(second, (x2 + round(box * 1.6) + round(0.6 * u), y))
