"""Table surfaces: base colour, grain, wood or weave, light pool and vignette (§5).

Built once per (style, size, display grade) and cached; the frame loop only blits the
result. The grade (scenes.core.grade: contrast, grain, colour temperature) is baked in, so a
slider change costs one rebuild and nothing per frame.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes.core import grade as grading
from scenes.core.grade import Grade


@dataclass(frozen=True)
class TableStyle:
    base: tuple[int, int, int]
    pool: tuple[int, int, int]          # colour of the soft light pool under the play area
    texture: str = "wood"               # "wood" or "cloth"
    grain: float = 0.04                 # luminance noise amplitude
    vignette: float = 0.22


#: How many table surfaces have been built (tests check that frames reuse them).
renders = 0


@lru_cache(maxsize=8)
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


def table_surface(style: TableStyle, size: tuple[int, int]) -> pygame.Surface:
    """The table top of ``style`` at ``size`` with the display grade in force (cached)."""
    return graded_surface(style, (int(size[0]), int(size[1])), grading.current())


@lru_cache(maxsize=16)      # a scene's table, the menus' wood, the settings previews
def graded_surface(style: TableStyle, size: tuple[int, int], grade: Grade) -> pygame.Surface:
    global renders
    renders += 1
    w, h = size
    k = grade.contrast_factor()
    surf = pygame.Surface(size)
    surf.fill(style.base)
    # low-frequency mottling (its depth follows the contrast)
    rng = random.Random(7)
    low = pygame.Surface((32, 18))
    for y in range(18):
        for x in range(32):
            v = 255 - round(rng.randrange(16) * k)
            low.set_at((x, y), (v, v, v))
    surf.blit(pygame.transform.smoothscale(low, size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if style.texture == "wood":
        grain = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(40):
            y0 = (i + rng.random()) * h / 40
            amp, freq, phase = rng.uniform(2, 9), rng.uniform(0.002, 0.006), rng.uniform(0, 6.3)
            pts = [(x, y0 + amp * math.sin(x * freq + phase) + 3 * math.sin(x * freq * 3.1 + phase))
                   for x in range(0, w + 16, 16)]
            shade = (0, 0, 0, round(26 * k)) if i % 2 else (255, 230, 200, round(10 * k))
            pygame.draw.lines(grain, shade, False, pts, max(1, h // 360))
        surf.blit(grain, (0, 0))
    else:
        weave = pygame.Surface(size, pygame.SRCALPHA)
        step = max(3, h // 240)
        for y in range(0, h, step * 2):
            pygame.draw.line(weave, (255, 255, 255, round(7 * k)), (0, y), (w, y))
        for x in range(0, w, step * 2):
            pygame.draw.line(weave, (0, 0, 0, round(9 * k)), (x, 0), (x, h))
        surf.blit(weave, (0, 0))
    amplitude = grade.grain_amplitude(style.grain)
    if amplitude > 0:
        tile = _noise_tile(round(amplitude, 4), 3)
        for ty in range(0, h, 128):
            for tx in range(0, w, 128):
                surf.blit(tile, (tx, ty), special_flags=pygame.BLEND_RGB_MULT)
    pool = pygame.Surface(size, pygame.SRCALPHA)
    pw, ph = round(w * 0.62), round(h * 0.52)
    # the pool dims with less contrast but never brightens (text on it keeps its contrast)
    glow = _radial((pw, ph), 0.0, style.pool, round(150 * min(1.0, k)), invert=True)
    pool.blit(glow, ((w - pw) // 2, round(h * 0.43 - ph / 2)))
    surf.blit(pool, (0, 0))
    surf.blit(_radial(size, 0.55, (0, 0, 0), min(255, round(255 * style.vignette * k))), (0, 0))
    grading.tint_surface(surf, grade)
    return surf.convert() if pygame.display.get_surface() else surf
