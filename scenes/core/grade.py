"""Display grade: contrast, grain and colour temperature of the tables (art-direction §5).

The grade is baked into the table surfaces (:func:`scenes.tables.felt.table_surface`),
which are built once per (style, size, grade) and cached: the frame loop only blits them,
so a grade costs nothing per frame. As the art direction asks, it changes the table, not
the cards: *grain* scales the luminance noise, *contrast* scales the vignette, the
mottling and the wood grain (and dims the light pool below 0; it never brightens it, so
text on the pool keeps its contrast), *colour temperature* multiplies the table by a
warm or cool tint. Every slider runs from -5 to +5; 0 is the table as designed.

The grade in force is module state, set from the settings by :func:`apply_settings`
(at launch and on every change on the settings screen).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

LO, HI = -5, 5
STEPS = list(range(LO, HI + 1))
WARM = (1.04, 1.0, 0.94)        # art-direction §5, at +5
COOL = (0.95, 1.0, 1.05)        # at -5
CONTRAST_SPAN = 0.5             # ±5 → vignette, pool and mottling × 0.5 … 1.5
GRAIN_MAX = 0.08                # A never above 8 % (§5: grain scales A, 0–8 %)
LARGE_TEXT = 1.25               # the font scale of the large-text option


def clamp_step(v: int) -> int:
    return max(LO, min(HI, int(v)))


@dataclass(frozen=True)
class Grade:
    contrast: int = 0
    grain: int = 0
    warmth: int = 0

    @property
    def neutral(self) -> bool:
        return self == NEUTRAL

    def contrast_factor(self) -> float:
        """How much the table's vignette, mottling and grain lines are scaled (the pool: ≤ 1)."""
        return 1.0 + CONTRAST_SPAN * self.contrast / HI

    def grain_amplitude(self, designed: float) -> float:
        """A, from 0 (grain at -5) through the style's own (0) to twice that (+5), ≤ 8 %."""
        return max(0.0, min(GRAIN_MAX, designed * (1.0 + self.grain / HI)))

    def tint(self) -> tuple[float, float, float]:
        """Per-channel multipliers of the colour temperature (1, 1, 1 at 0)."""
        t = abs(self.warmth) / HI
        target = WARM if self.warmth > 0 else COOL
        r, g, b = (1.0 + (c - 1.0) * t for c in target)
        return r, g, b


NEUTRAL = Grade()
EXTREMES = [Grade(c, g, w) for c in (LO, HI) for g in (LO, HI) for w in (LO, HI)]

_current = NEUTRAL


def current() -> Grade:
    """The grade the tables are drawn with now."""
    return _current


def set_current(grade: Grade) -> None:
    global _current
    _current = Grade(clamp_step(grade.contrast), clamp_step(grade.grain), clamp_step(grade.warmth))


def of_settings(settings) -> Grade:
    return Grade(settings.contrast, settings.grain, settings.warmth)


def apply_settings(settings) -> None:
    """Put the display settings in force: the grade and the font scale."""
    from scenes.core import fonts
    set_current(of_settings(settings))
    fonts.set_scale(LARGE_TEXT if settings.large_text else 1.0)


def tint_rgb(rgb: tuple[int, int, int], grade: Grade) -> tuple[int, int, int]:
    """One colour as :func:`tint_surface` leaves it (for palette checks)."""
    return tuple(max(0, min(255, round(v * f))) for v, f in zip(rgb, grade.tint(), strict=True))  # type: ignore[return-value]


def tint_surface(surf: pygame.Surface, grade: Grade) -> None:
    """Multiply ``surf`` by the grade's tint, in place (bake time only: three blends)."""
    gains = grade.tint()
    if gains == (1.0, 1.0, 1.0):
        return
    down = tuple(round(255 * min(1.0, f)) for f in gains)
    if any(f > 1.0 for f in gains):
        # x·f = x + x·(f-1) for the channels that grow; BLEND_MULT cannot go above 1
        extra = surf.copy()
        extra.fill(tuple(round(255 * max(0.0, f - 1.0)) for f in gains), special_flags=pygame.BLEND_RGB_MULT)
        surf.fill(down, special_flags=pygame.BLEND_RGB_MULT)
        surf.blit(extra, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    else:
        surf.fill(down, special_flags=pygame.BLEND_RGB_MULT)
