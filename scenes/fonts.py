"""The bundled type family (Be Vietnam Pro, full Vietnamese coverage). Never Font(None).

Text is drawn with a per-run font fallback: each character goes to the first font of
:func:`chain` whose cmap has it (Be Vietnam Pro, then the bundled CJK subset), so a line
such as "Myriads (萬)" renders in every scene, not only on the Kowah cards.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game import paths
from scenes.font_cmap import code_points

ASSETS = paths.ASSETS       # the checkout's assets/, or the installed cardtable_assets
FONT_DIR = ASSETS / "fonts"
CJK_FONT = FONT_DIR / "NotoSerifTC-kowah-subset.ttf"   # only the glyphs Kowah cards use
WEIGHTS = {
    "regular": FONT_DIR / "BeVietnamPro_400Regular.ttf",
    "semibold": FONT_DIR / "BeVietnamPro_600SemiBold.ttf",
    "bold": FONT_DIR / "BeVietnamPro_700Bold.ttf",
}


#: Every size asked for is multiplied by this (the large-text option sets it).
_scale = 1.0


def scale() -> float:
    return _scale


def set_scale(factor: float) -> None:
    """Scale all UI text by ``factor`` (1.0 = as designed); forgets the cached fonts."""
    global _scale
    factor = max(0.5, min(2.0, float(factor)))
    if factor != _scale:
        _scale = factor
        reset()


def _scaled(px: int) -> int:
    return round(int(px) * _scale)


@lru_cache(maxsize=128)
def font(px: int, weight: str = "regular") -> pygame.font.Font:
    """The UI font at a pixel size (cached), times the text scale."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(WEIGHTS[weight]), max(6, _scaled(px)))


@lru_cache(maxsize=64)
def cjk_font(px: int) -> pygame.font.Font:
    """The bundled Chinese subset (the Kowah glyphs: see scenes.art.kowah_cards.GLYPHS)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(CJK_FONT), max(4, _scaled(px)))


def art_font(px: int, weight: str = "regular") -> pygame.font.Font:
    """The font at exactly ``px`` whatever the text scale: for card art, whose glyphs are
    sized to the card (the large-text option scales the UI, not the cards)."""
    return _exact_font(max(6, int(px)), weight)


def art_cjk_font(px: int) -> pygame.font.Font:
    """:func:`cjk_font` at exactly ``px`` (card art)."""
    return _exact_cjk(max(4, int(px)))


@lru_cache(maxsize=64)
def _exact_font(px: int, weight: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(WEIGHTS[weight]), px)


@lru_cache(maxsize=64)
def _exact_cjk(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(CJK_FONT), px)


def chain(weight: str = "regular") -> tuple[Path, ...]:
    """The font files text in ``weight`` may be drawn with, in the order they are tried."""
    return (WEIGHTS[weight], CJK_FONT)


@lru_cache(maxsize=4096)
def _pick(ch: str, weight: str) -> int:
    cp = ord(ch)
    for i, path in enumerate(chain(weight)):
        if cp in code_points(path):
            return i
    return 0


def font_file_for(ch: str, weight: str = "regular") -> Path:
    """The file the renderer draws ``ch`` with (the primary font if no file has it)."""
    return chain(weight)[_pick(ch, weight)]


@lru_cache(maxsize=8192)
def runs(s: str, weight: str = "regular") -> tuple[tuple[int, str], ...]:
    """``s`` cut into runs of one font each: ``(index in chain(weight), text)``.

    White space joins the run before it, so "5 Myriads (萬)" is two runs, not five.
    """
    if s.isascii():             # Be Vietnam Pro has all of printable ASCII
        return ((0, s),) if s else ()
    out: list[tuple[int, list[str]]] = []
    for ch in s:
        k = out[-1][0] if ch.isspace() and out else _pick(ch, weight)
        if out and out[-1][0] == k:
            out[-1][1].append(ch)
        else:
            out.append((k, [ch]))
    return tuple((k, "".join(chars)) for k, chars in out)


def _run_font(k: int, px: int, weight: str) -> pygame.font.Font:
    return font(px, weight) if k == 0 else cjk_font(px)


def _frame(parts: tuple[tuple[int, str], ...], px: int, weight: str) -> tuple[int, int, int, list[int]]:
    """Width, height, baseline and run widths of a multi-run line.

    The line keeps the primary font's height and baseline (so mixed lines sit like plain
    ones); it only grows where a fallback glyph's ink would stick out.
    """
    main = font(px, weight)
    base, height = main.get_ascent(), main.get_height()
    top = bottom = 0
    widths = []
    for k, run in parts:
        f = _run_font(k, px, weight)
        widths.append(f.size(run)[0])
        if k:
            boxes = [m for m in f.metrics(run) if m]
            top = max([top] + [m[3] - base for m in boxes])
            bottom = max([bottom] + [-m[2] - (height - base) for m in boxes])
    return sum(widths), height + top + bottom, base + top, widths


def size(s: str, px: int, weight: str = "regular") -> tuple[int, int]:
    """The size :func:`text` will have, without rendering it."""
    parts = runs(s, weight)
    if len(parts) <= 1 and not (parts and parts[0][0]):
        return font(px, weight).size(s)
    w, h, _, _ = _frame(parts, px, weight)
    return w, h


def _render(s: str, px: int, colour: tuple[int, int, int], weight: str) -> pygame.Surface:
    parts = runs(s, weight)
    if len(parts) <= 1 and not (parts and parts[0][0]):
        return font(px, weight).render(s, True, colour)
    w, h, base, widths = _frame(parts, px, weight)
    surf = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
    x = 0
    for (k, run), rw in zip(parts, widths, strict=True):
        f = _run_font(k, px, weight)
        # runs never overlap: RGBA_MAX onto the clear surface copies them exactly
        surf.blit(f.render(run, True, colour), (x, base - f.get_ascent()),
                  special_flags=pygame.BLEND_RGBA_MAX)
        x += rw
    return surf


@lru_cache(maxsize=2048)
def text(s: str, px: int, colour: tuple[int, int, int], weight: str = "regular") -> pygame.Surface:
    """A rendered, cached line of text (with the CJK fallback where a run needs it)."""
    surf = _render(s, px, colour, weight)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def reset() -> None:
    """Forget cached fonts and text (after pygame.quit() they are invalid)."""
    font.cache_clear()
    cjk_font.cache_clear()
    text.cache_clear()
    _exact_font.cache_clear()
    _exact_cjk.cache_clear()
