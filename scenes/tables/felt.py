"""Table surfaces: base colour, grain, wood or weave, light pool and vignette (§5).

Built once per (style, size) and cached; the frame loop only blits the result.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame


@dataclass(frozen=True)
class TableStyle:
    base: tuple[int, int, int]
    pool: tuple[int, int, int]          # colour of the soft light pool under the play area
    texture: str = "wood"               # "wood" or "cloth"
    grain: float = 0.04                 # luminance noise amplitude
    vignette: float = 0.22


def _noise_tile(amplitude: float, seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    tile = pygame.Surface((128, 128))
    span = max(1, round(255 * amplitude))
    with pygame.PixelArray(tile) as px:
        for y in range(128):
            for x in range(128):
                v = 255 - rng.randrange(span)
                px[x, y] = (v, v, v)
    return tile


def _radial(size: tuple[int, int], inner: float, colour: tuple[int, int, int], max_alpha: int,
            invert: bool = False) -> pygame.Surface:
    """A soft radial alpha gradient, drawn small and smoothscaled up."""
    w, h = 64, 36
    small = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5) / w * 2 - 1, (y + 0.5) / h * 2 - 1
            d = math.hypot(dx, dy) / math.sqrt(2)
            t = max(0.0, min(1.0, (d - inner) / (1 - inner)))
            t = t * t * (3 - 2 * t)
            a = t if not invert else 1 - t
            small.set_at((x, y), (*colour, round(max_alpha * a)))
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=8)
def table_surface(style: TableStyle, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(style.base)
    # low-frequency mottling
    rng = random.Random(7)
    low = pygame.Surface((32, 18))
    for y in range(18):
        for x in range(32):
            v = 255 - rng.randrange(16)
            low.set_at((x, y), (v, v, v))
    surf.blit(pygame.transform.smoothscale(low, size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if style.texture == "wood":
        grain = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(40):
            y0 = (i + rng.random()) * h / 40
            amp, freq, phase = rng.uniform(2, 9), rng.uniform(0.002, 0.006), rng.uniform(0, 6.3)
            pts = [(x, y0 + amp * math.sin(x * freq + phase) + 3 * math.sin(x * freq * 3.1 + phase))
                   for x in range(0, w + 16, 16)]
            shade = (0, 0, 0, 26) if i % 2 else (255, 230, 200, 10)
            pygame.draw.lines(grain, shade, False, pts, max(1, h // 360))
        surf.blit(grain, (0, 0))
    else:
        weave = pygame.Surface(size, pygame.SRCALPHA)
        step = max(3, h // 240)
        for y in range(0, h, step * 2):
            pygame.draw.line(weave, (255, 255, 255, 7), (0, y), (w, y))
        for x in range(0, w, step * 2):
            pygame.draw.line(weave, (0, 0, 0, 9), (x, 0), (x, h))
        surf.blit(weave, (0, 0))
    tile = _noise_tile(style.grain, 3)
    for ty in range(0, h, 128):
        for tx in range(0, w, 128):
            surf.blit(tile, (tx, ty), special_flags=pygame.BLEND_RGB_MULT)
    pool = pygame.Surface(size, pygame.SRCALPHA)
    pw, ph = round(w * 0.62), round(h * 0.52)
    glow = _radial((pw, ph), 0.0, style.pool, 150, invert=True)
    pool.blit(glow, ((w - pw) // 2, round(h * 0.43 - ph / 2)))
    surf.blit(pool, (0, 0))
    surf.blit(_radial(size, 0.55, (0, 0, 0), round(255 * style.vignette)), (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf
