"""The bundled type family (Be Vietnam Pro, full Vietnamese coverage). Never Font(None).

Text is drawn with a per-run font fallback: each character goes to the first font of
:func:`chain` whose cmap has it (Be Vietnam Pro, then the bundled CJK subset), so a line
such as "Myriads (萬)" renders in every scene, not only on the cards whose art uses it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

from game import paths
from scenes.core import layout_check
from scenes.core.font_cmap import code_points

ASSETS = paths.ASSETS       # the checkout's assets/, or the installed cardtable_assets
FONT_DIR = ASSETS / "fonts"
CJK_FONT = FONT_DIR / "NotoSerifTC-subset.ttf"   # only the Chinese glyphs some card art uses
WEIGHTS = {
    "regular": FONT_DIR / "BeVietnamPro_400Regular.ttf",
    "semibold": FONT_DIR / "BeVietnamPro_600SemiBold.ttf",
    "bold": FONT_DIR / "BeVietnamPro_700Bold.ttf",
}


#: The large-text factor the player chose (1.0 = as designed); see :func:`scale`.
_scale = 1.0
#: Window "room" (the smaller of the height and width × 9/16) below which large text
#: falls back to the designed size, and from which it is at its full factor: at the
#: minimum window every size is already at its readable floor, and the scenes' fixed
#: layouts would overlap if the text grew there.
NO_ROOM, FULL_ROOM = 400, 720


def chosen_scale() -> float:
    return _scale


def scale() -> float:
    """The factor every UI text size is multiplied by now: the chosen one in a window of
    720p or more, easing down to 1.0 at the minimum window (400 px high)."""
    if _scale == 1.0:
        return 1.0
    surf = pygame.display.get_surface() if pygame.display.get_init() else None
    if surf is None:
        return _scale
    w, h = surf.get_size()
    room = min(h, w * 9 / 16)
    f = max(0.0, min(1.0, (room - NO_ROOM) / (FULL_ROOM - NO_ROOM)))
    return 1.0 + (_scale - 1.0) * f


def set_scale(factor: float) -> None:
    """Choose the large-text factor (1.0 = as designed). Cached fonts and text are keyed
    by the final pixel size, so nothing needs forgetting."""
    global _scale
    _scale = max(0.5, min(2.0, float(factor)))


def _scaled(px: int) -> int:
    k = scale()
    return int(px) if k == 1.0 else round(int(px) * k)


def font(px: int, weight: str = "regular") -> pygame.font.Font:
    """The UI font at a pixel size, times the text scale (cached)."""
    return _font_at(max(6, _scaled(px)), weight)


def cjk_font(px: int) -> pygame.font.Font:
    """The bundled Chinese subset (the glyphs the card art asks for: assets/fonts/OFL-NotoSerifTC.txt
    lists them, and the art that uses them checks they are there)."""
    return _cjk_at(max(4, _scaled(px)))


def art_font(px: int, weight: str = "regular") -> pygame.font.Font:
    """The font at exactly ``px`` whatever the text scale: for card art, whose glyphs are
    sized to the card (the large-text option scales the UI, not the cards)."""
    return _font_at(max(6, int(px)), weight)


def art_cjk_font(px: int) -> pygame.font.Font:
    """:func:`cjk_font` at exactly ``px`` (card art)."""
    return _cjk_at(max(4, int(px)))


@lru_cache(maxsize=128)
def _font_at(px: int, weight: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(WEIGHTS[weight]), px)


@lru_cache(maxsize=64)
def _cjk_at(px: int) -> pygame.font.Font:
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


def _run_font(k: int, fpx: int, weight: str) -> pygame.font.Font:
    return _font_at(max(6, fpx), weight) if k == 0 else _cjk_at(max(4, fpx))


def _frame(parts: tuple[tuple[int, str], ...], fpx: int, weight: str) -> tuple[int, int, int, list[int]]:
    """Width, height, baseline and run widths of a multi-run line (``fpx``: final size).

    The line keeps the primary font's height and baseline (so mixed lines sit like plain
    ones); it only grows where a fallback glyph's ink would stick out.
    """
    main = _run_font(0, fpx, weight)
    base, height = main.get_ascent(), main.get_height()
    top = bottom = 0
    widths = []
    for k, run in parts:
        f = _run_font(k, fpx, weight)
        widths.append(f.size(run)[0])
        if k:
            boxes = [m for m in f.metrics(run) if m]
            top = max([top] + [m[3] - base for m in boxes])
            bottom = max([bottom] + [-m[2] - (height - base) for m in boxes])
    return sum(widths), height + top + bottom, base + top, widths


def size(s: str, px: int, weight: str = "regular") -> tuple[int, int]:
    """The size :func:`text` will have, without rendering it (layouts measure the same
    strings every frame: cached by the final pixel size)."""
    return _size(s, _scaled(px), weight)


@lru_cache(maxsize=8192)
def _size(s: str, fpx: int, weight: str) -> tuple[int, int]:
    parts = runs(s, weight)
    if len(parts) <= 1 and not (parts and parts[0][0]):
        return _run_font(0, fpx, weight).size(s)
    w, h, _, _ = _frame(parts, fpx, weight)
    return w, h


def _render(s: str, fpx: int, colour: tuple[int, int, int], weight: str) -> pygame.Surface:
    parts = runs(s, weight)
    if len(parts) <= 1 and not (parts and parts[0][0]):
        return _run_font(0, fpx, weight).render(s, True, colour)
    w, h, base, widths = _frame(parts, fpx, weight)
    surf = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
    x = 0
    for (k, run), rw in zip(parts, widths, strict=True):
        f = _run_font(k, fpx, weight)
        # runs never overlap: RGBA_MAX onto the clear surface copies them exactly
        surf.blit(f.render(run, True, colour), (x, base - f.get_ascent()),
                  special_flags=pygame.BLEND_RGBA_MAX)
        x += rw
    return surf


def text(s: str, px: int, colour: tuple[int, int, int], weight: str = "regular") -> pygame.Surface:
    """A rendered, cached line of text (with the CJK fallback where a run needs it), at
    ``px`` times the text scale."""
    img = _text(s, _scaled(px), colour, weight)
    if layout_check.active:
        layout_check.tag(img, s, _scaled(px))
    return img


def art_text(s: str, px: int, colour: tuple[int, int, int], weight: str = "regular") -> pygame.Surface:
    """A line of text at exactly ``px`` whatever the text scale, for card art (see
    :func:`art_font`); the overlap check measures it like any other line (with
    ``layout_check.smoothscale`` when the card is painted at 2x)."""
    img = _text(s, max(6, int(px)), colour, weight)
    if layout_check.active:
        layout_check.tag(img, s, max(6, int(px)))
    return img


@lru_cache(maxsize=2048)
def _text(s: str, fpx: int, colour: tuple[int, int, int], weight: str) -> pygame.Surface:
    surf = _render(s, fpx, colour, weight)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def fit(s: str, px: int, width: int, weight: str = "regular", floor: int = 7) -> int:
    """The largest size ≤ ``px`` (never below ``floor``) at which ``s`` is at most ``width``
    wide once scaled: what a fixed box asks for, so that large text never spills out."""
    return _fit(s, int(px), int(width), weight, floor, scale())


@lru_cache(maxsize=1024)
def _fit(s: str, px: int, width: int, weight: str, floor: int, _k: float) -> int:
    return largest_px(lambda p: size(s, p, weight)[0], px, floor, width)


def largest_px(width_at: Callable[[int], int], px: int, floor: int, width: int) -> int:
    """The largest size from ``px`` down to ``floor`` at which ``width_at(size)`` is at most
    ``width`` (``floor`` if none is): the answer of stepping down one pixel at a time, as
    widths grow with the size, found by measuring about three sizes instead of every one
    on the way (a font's first measure at a size loads its glyphs: ~0.5 ms each, and a
    line fitted from 30 px down to 14 px once cost a 1080p frame ~10 ms)."""
    if px <= floor:
        return px
    w = width_at(px)
    if w <= width:
        return px
    p = max(floor, min(px - 1, px * width // max(1, w)))     # widths scale about with the size
    while p > floor and width_at(p) > width:
        p -= 1
    while p + 1 < px and width_at(p + 1) <= width:
        p += 1
    return p


text.cache_clear = _text.cache_clear         # type: ignore[attr-defined]  # as when it was lru_cached
font.cache_clear = _font_at.cache_clear      # type: ignore[attr-defined]
cjk_font.cache_clear = _cjk_at.cache_clear   # type: ignore[attr-defined]


def reset() -> None:
    """Forget cached fonts and text (after pygame.quit() they are invalid)."""
    _font_at.cache_clear()
    _cjk_at.cache_clear()
    _text.cache_clear()
    _size.cache_clear()
    _fit.cache_clear()
