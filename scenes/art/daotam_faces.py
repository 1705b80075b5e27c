"""Đạo Tâm card faces and token faces (art direction §3.2–3.3), shapes as data.

An evening võ đường set: warm rice paper with a faint fibre, confident ink outlines, the
belt colours and bamboo. Every face is painted once per size at 2× on an SRCALPHA canvas
and reduced with :func:`scenes.core.layout_check.smoothscale` (so the overlap check
measures the card's text at the size it is shown), cached by its :class:`Spec` and size.

- **Chiêu Thức** — a ground band in the kind's colour with the card's name, and the
  kind's symbol (:data:`SYMBOLS`): Cương a square set on its point holding a thick inner
  square, Nhu a circle holding three stacked waves, Tà Khí a jagged smoke spiral with five
  spikes. The art variants change only a faint tone-on-tone ornament behind the symbol
  (:data:`ORNAMENTS`: bamboo leaves, mat weave, cloud scroll, brush stroke…), never the
  symbol: an ornament stays below the lightness step of an edge, so a viewer's eye (and
  tests/ui/silhouette.py) reads the same silhouette on every variant.
- **Chính Đạo** (:data:`CD_ART` draws the middle picture): Tâm Niệm with its stage's band,
  the principle number, a belt bar of 1/2/3 stripes, a two-line title, a bamboo sprig of
  1/2/3 segments and the ability box; Tĩnh Tâm on celadon with three still-water rings;
  Ảo Niệm on grey-violet with a mirror oval, a wavy distortion and its own emblem; Môn Sinh
  with a number over a plain standing figure in a blue uniform (no face), each its pose.
- **Backs**: Chiêu Thức navy with bamboo; Chính Đạo paper with the four-stripe belt band.
- **Tokens**: *Đạo Tâm* ivory, blue ring, an upright gold bamboo node of two straight
  segments; *Tà Niệm* violet-black, violet ring, a cracked, leaning bamboo and a smoke curl.

Text is drawn only where it is readable: a line is never shown below :data:`MIN_PX`. A card
too small for its full ability text shows its short line (i18n ``daotam_art.*``); too small
for that, only the title; the zoom shows everything.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes.art.colour import mix
from scenes.art.shapes import stroke_polys
from scenes.core import fonts
from scenes.core import layout_check as lc

Colour = tuple[int, int, int]

PAPER: Colour = (0xF5, 0xF0, 0xE4)
INK: Colour = (0x1A, 0x14, 0x10)
EDGE: Colour = (0x8A, 0x74, 0x58)              # the card's outer line (darker than paper)
KIND_COLOUR: dict[str, Colour] = {"cuong": (0xB3, 0x26, 0x1E), "nhu": (0x1F, 0x5F, 0xAF),
                                  "ta_khi": (0x3A, 0x24, 0x44)}
SMOKE: Colour = (0x8E, 0x6F, 0xA8)
STAGE_COLOUR: dict[str, Colour] = {"hoc_dao": (0x2F, 0x6D, 0xB5), "hieu_dao": (0xE2, 0xB4, 0x1F),
                                   "hanh_dao": (0xC0, 0x39, 0x2B)}
STAGE_STRIPES = {"hoc_dao": 1, "hieu_dao": 2, "hanh_dao": 3}
CT_BACK: Colour = (0x1B, 0x2F, 0x5A)
BAMBOO: Colour = (0x2C, 0x4A, 0x80)
CELADON: Colour = (0xD7, 0xE6, 0xDA)
AO_NIEM: Colour = (0x6B, 0x64, 0x78)
WHITE_BELT: Colour = (0xF7, 0xEF, 0xD9)
GOLD: Colour = (0xD9, 0xB4, 0x4A)
BELT: tuple[Colour, ...] = (STAGE_COLOUR["hoc_dao"], STAGE_COLOUR["hieu_dao"], STAGE_COLOUR["hanh_dao"],
                            WHITE_BELT)
UNIFORM: Colour = (0x1F, 0x5F, 0xAF)
SKIN: Colour = (0xC8, 0xA0, 0x7A)
LEAF: Colour = (0x5A, 0x7D, 0x46)
WATER: Colour = (0x4A, 0x7C, 0x68)
MIRROR: Colour = (0xCF, 0xC8, 0xDC)
ON_DARK: Colour = (0xF5, 0xF0, 0xE4)

SS = 2                  # painted at 2x, shown at 1x
MIN_PX = 12             # no card text below this (shown px): the zoom shows it instead
KINDS = ("cuong", "nhu", "ta_khi")


@dataclass(frozen=True)
class Spec:
    """What a face shows: its kind (a Chiêu Thức kind, ``tam_niem``, ``tinh_tam``,
    ``ao_niem``, ``mon_sinh``, ``ct_back`` or ``cd_back``) and the texts the deck gives."""

    kind: str
    variant: int = 0
    stage: str | None = None
    number: int | None = None           # the principle (Tâm Niệm) or the Môn Sinh number
    card: str = ""                      # the deck's card id (an Ảo Niệm's emblem)
    title: str = ""
    short_title: str = ""               # when the title does not fit (small cards)
    text: str = ""                      # the full ability text
    short: str = ""                     # one short line naming the effect


@dataclass
class Face:
    image: pygame.Surface
    art: pygame.Rect                    # the picture's box (shown px): what tests compare


# ---------------------------------------------------------------------------
# small drawing helpers (2x canvas coordinates)
# ---------------------------------------------------------------------------

Pt = tuple[float, float]


def _poly(s: pygame.Surface, colour: Colour | tuple, pts: list[Pt]) -> None:
    if len(pts) >= 3:
        pygame.draw.polygon(s, colour, pts)


def _stroke(s: pygame.Surface, colour: Colour | tuple, pts: list[Pt], width: float) -> None:
    """A polyline of ``width`` with round joins and caps."""
    if len(pts) < 2:
        return
    for quad in stroke_polys(pts, width):
        pygame.draw.polygon(s, colour, quad)
    if width / 2 >= 1:
        for p in pts:
            pygame.draw.circle(s, colour, p, width / 2)


def _inked_stroke(s: pygame.Surface, colour: Colour, pts: list[Pt], width: float, ink: float) -> None:
    """A stroke in ``colour`` with an ink outline ``ink`` wide on each side."""
    _stroke(s, INK, pts, width + 2 * ink)
    _stroke(s, colour, pts, width)


def _inked_poly(s: pygame.Surface, colour: Colour, pts: list[Pt], ink: float) -> None:
    _poly(s, INK, pts)
    _stroke(s, INK, pts + pts[:1], 2 * ink)
    _poly(s, colour, pts)


def _grow(pts: list[Pt], c: Pt, k: float) -> list[Pt]:
    return [(c[0] + (x - c[0]) * k, c[1] + (y - c[1]) * k) for x, y in pts]


def _rounded(s: pygame.Surface, colour: Colour | tuple, rect: pygame.Rect, radius: int, width: int = 0) -> None:
    pygame.draw.rect(s, colour, rect, width, border_radius=max(0, radius))


def _layer(s: pygame.Surface) -> pygame.Surface:
    """A clear layer the size of ``s``: pygame.draw writes alpha without blending, so
    translucent marks are drawn here and blitted on."""
    out = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    return out


def _tone(ground: Colour, colour: Colour, lightness_step: float = 16.0) -> Colour:
    """``colour`` mixed into ``ground`` just enough to differ by ``lightness_step`` luma:
    an ornament that shows as a watermark and never as an edge."""
    def luma(c: Colour) -> float:
        return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    gap = abs(luma(ground) - luma(colour))
    return mix(ground, colour, min(1.0, lightness_step / gap)) if gap else ground


# ---------------------------------------------------------------------------
# paper, frame, text
# ---------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _fibre(w: int, h: int) -> pygame.Surface:
    """Rice-paper fibre for a canvas of this size: short, faint, light and dark threads."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rnd = random.Random(w * 7919 + h)
    n = max(24, w * h // 700)
    for _ in range(n):
        x, y = rnd.uniform(0, w), rnd.uniform(0, h)
        ln = rnd.uniform(0.02, 0.07) * w
        a = rnd.uniform(-0.6, 0.6) + (math.pi / 2 if rnd.random() < 0.3 else 0)
        col = (90, 70, 40, rnd.randint(10, 20)) if rnd.random() < 0.6 else (255, 255, 255, rnd.randint(18, 34))
        x1, y1 = x + math.cos(a) * ln, y + math.sin(a) * ln
        mid = ((x + x1) / 2 + rnd.uniform(-1, 1) * ln * 0.15, (y + y1) / 2 + rnd.uniform(-1, 1) * ln * 0.15)
        pygame.draw.lines(s, col, False, [(x, y), mid, (x1, y1)], max(1, w // 160))
    for _ in range(n // 6):          # a few flecks
        pygame.draw.circle(s, (110, 85, 50, rnd.randint(14, 26)), (rnd.uniform(0, w), rnd.uniform(0, h)),
                           max(1.0, w / 220))
    return s


@lru_cache(maxsize=24)
def _blank(w: int, h: int, ground: Colour, fibre: bool) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*ground, 0))
    r = round(w * 0.06)
    _rounded(s, ground, s.get_rect(), r)
    if fibre:
        layer = _fibre(w, h).copy()
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        _rounded(mask, (255, 255, 255, 255), mask.get_rect(), r)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(layer, (0, 0))
    dark = mix(ground, (60, 40, 20), 0.5)
    vignette = _layer(s)
    for k in range(3):                   # vignette: three faint inset rings
        inset = round(w * 0.014 * k)
        _rounded(vignette, (*dark, 22 - 6 * k), s.get_rect().inflate(-2 * inset, -2 * inset), r - inset,
                 max(1, round(w * 0.016)))
    s.blit(vignette, (0, 0))
    return s


def _card(w: int, h: int, ground: Colour, fibre: bool = True) -> pygame.Surface:
    """A blank card: the rounded ground (corner 6 % of the width), fibre and a soft warm
    vignette (made once per size and ground, copied onto a new canvas: while the overlap
    check records, the canvas is one of its surfaces and notes the card's text)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*ground, 0))
    s.blit(_blank(w, h, ground, fibre), (0, 0))
    return s


def _outline(s: pygame.Surface) -> None:
    w = s.get_width()
    _rounded(s, EDGE, s.get_rect(), round(w * 0.06), max(2, round(w * 0.012)))


def _frame(s: pygame.Surface, colour: Colour | tuple, inset: float, width: float) -> None:
    """The thin ink frame inside the edge."""
    w = s.get_width()
    rect = s.get_rect().inflate(-2 * round(inset), -2 * round(inset))
    _rounded(s, colour, rect, max(0, round(w * 0.06 - inset)), max(1, round(width)))


def _band(s: pygame.Surface, colour: Colour, top: float, bottom: float) -> None:
    """A full-width colour band (rounded with the card where it meets a corner) with a
    thin ink rule on its inner edge."""
    w, h = s.get_size()
    r = round(w * 0.06)
    rect = pygame.Rect(0, round(top), w, round(bottom) - round(top))
    pygame.draw.rect(s, colour, rect, border_top_left_radius=r if top <= 0 else 0,
                     border_top_right_radius=r if top <= 0 else 0,
                     border_bottom_left_radius=r if bottom >= h else 0,
                     border_bottom_right_radius=r if bottom >= h else 0)
    y = rect.bottom if top <= 0 else rect.top
    lw = max(1, round(w * 0.008))
    pygame.draw.line(s, mix(colour, INK, 0.55), (0, y - (lw if top <= 0 else 0)), (w, y - (lw if top <= 0 else 0)), lw)


def _measure(s: str, px2: int, weight: str) -> int:
    return fonts.art_font(px2, weight).size(s)[0]


def _pieces(text: str) -> list[tuple[str, bool]]:
    """Words as (piece, joins the previous piece without a space): a hyphenated word
    may break after its hyphen ("Self-" / "Review")."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        parts = word.split("-")
        for i, part in enumerate(parts):
            piece = part + ("-" if i < len(parts) - 1 else "")
            if piece:
                out.append((piece, i > 0))
    return out


def _join(pieces: list[tuple[str, bool]]) -> str:
    out = ""
    for piece, joined in pieces:
        out = (out + piece if joined else f"{out} {piece}") if out else piece
    return out


def wrap(text: str, px: int, width: float, weight: str, max_lines: int) -> list[str]:
    """``text`` in at most ``max_lines`` lines no wider than ``width`` (shown px) at ``px``,
    or an empty list when it does not fit (a word wider than the box counts as not fitting).
    Two or three lines are balanced ("Đồng Tâm / Nhất Trí", not "Đồng Tâm Nhất / Trí")."""
    pieces = _pieces(text)
    if not pieces:
        return []
    px2, lim = px * SS, width * SS

    def fits(part: list[tuple[str, bool]]) -> bool:
        return _measure(_join(part), px2, weight) <= lim
    lines: list[list[tuple[str, bool]]] = [[]]
    for piece in pieces:
        if not lines[-1] or fits(lines[-1] + [piece]):
            lines[-1].append(piece)
        else:
            lines.append([piece])
    if len(lines) > max_lines or not all(fits(line) for line in lines):
        return []
    if len(lines) in (2, 3):
        lines = _balanced(pieces, len(lines), px2, weight, lim) or lines
    return [_join([(p, j if i else False) for i, (p, j) in enumerate(line)]) for line in lines]


def _balanced(pieces: list[tuple[str, bool]], n: int, px2: int, weight: str, lim: float
              ) -> list[list[tuple[str, bool]]] | None:
    """The split of ``pieces`` into ``n`` lines whose widest line is narrowest."""
    k = len(pieces)
    best, best_w = None, math.inf
    cuts = [(a,) for a in range(1, k)] if n == 2 else [(a, b) for a in range(1, k) for b in range(a + 1, k)]
    for cut in cuts:
        bounds = (0, *cut, k)
        parts = [pieces[bounds[i]:bounds[i + 1]] for i in range(n)]
        widest = max(_measure(_join([(p, j if i else False) for i, (p, j) in enumerate(part)]), px2, weight)
                     for part in parts)
        if widest <= lim and widest < best_w:
            best, best_w = parts, widest
    return best


def _line_h(px: int) -> int:
    return round(px * 1.22)


def _lines(s: pygame.Surface, lines: list[str], px: int, colour: Colour, weight: str, cx: float,
           top: float) -> float:
    """Draw centred lines from ``top`` (2x coordinates); returns the bottom."""
    px2, lh = px * SS, _line_h(px) * SS
    font = fonts.art_font(px2, weight)
    for i, line in enumerate(lines):
        img = fonts.art_text(line, px2, colour, weight)
        # centre the line's em box (ascent + descent) on its slot
        y = top + i * lh + (lh - font.get_height()) / 2
        s.blit(img, (round(cx - img.get_width() / 2), round(y)))
    return top + len(lines) * lh


def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    out = lc.smoothscale(big, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out


# ---------------------------------------------------------------------------
# Chiêu Thức symbols (centre c, radius r, 2x px)
# ---------------------------------------------------------------------------


def sym_cuong(s: pygame.Surface, c: Pt, r: float) -> None:
    """A square set on its point, holding a thick inner square: steel, angles."""
    col, ink = KIND_COLOUR["cuong"], max(1.5, r * 0.06)
    cx, cy = c
    diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    _inked_poly(s, col, diamond, ink)
    sheen = [(cx, cy - r * 0.86), (cx + r * 0.86, cy), (cx + r * 0.7, cy), (cx, cy - r * 0.7)]
    _poly(s, mix(col, (255, 220, 200), 0.28), sheen)
    q = r * 0.46
    _poly(s, INK, [(cx - q - ink, cy - q - ink), (cx + q + ink, cy - q - ink), (cx + q + ink, cy + q + ink),
                   (cx - q - ink, cy + q + ink)])
    _poly(s, PAPER, [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)])
    q2 = r * 0.27
    _inked_poly(s, col, [(cx - q2, cy - q2), (cx + q2, cy - q2), (cx + q2, cy + q2), (cx - q2, cy + q2)], ink)


def _wave(cx: float, y: float, r: float, n: int = 24) -> list[Pt]:
    return [(cx - r * 0.6 + 1.2 * r * k / n, y + math.sin(k / n * math.tau * 1.25) * r * 0.09) for k in range(n + 1)]


def sym_nhu(s: pygame.Surface, c: Pt, r: float) -> None:
    """A circle holding three stacked wave lines: water, the bending bamboo."""
    col, ink = KIND_COLOUR["nhu"], max(1.5, r * 0.06)
    cx, cy = c
    pygame.draw.circle(s, INK, c, r + ink)
    pygame.draw.circle(s, col, c, r)
    pygame.draw.circle(s, INK, c, r * 0.8 + ink)
    pygame.draw.circle(s, mix(PAPER, col, 0.08), c, r * 0.8)
    pygame.draw.arc(s, mix(col, (220, 235, 255), 0.35), pygame.Rect(cx - r * 0.92, cy - r * 0.92, r * 1.84, r * 1.84),
                    math.radians(100), math.radians(160), max(1, round(r * 0.06)))
    for i in (-1, 0, 1):
        _inked_stroke(s, col, _wave(cx, cy + i * r * 0.34, r), r * 0.12, ink * 0.8)


def _spiral(c: Pt, r: float, turns: float = 1.7, n: int = 90) -> list[Pt]:
    cx, cy = c
    out = []
    for k in range(n):
        t = k / (n - 1)
        a = t * math.tau * turns - math.pi / 2
        rr = r * (0.12 + 0.62 * t) * (1 + 0.07 * (1 if k % 6 < 3 else -1) * t)   # jagged edge
        out.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    return out


def sym_ta_khi(s: pygame.Surface, c: Pt, r: float) -> None:
    """A jagged spiral of smoke with five spikes: the inner darkness."""
    col, ink = KIND_COLOUR["ta_khi"], max(1.5, r * 0.05)
    cx, cy = c
    spikes = []
    for k in range(5):
        a = k / 5 * math.tau - math.pi / 2
        spikes.append([(cx + math.cos(a - 0.32) * r * 0.62, cy + math.sin(a - 0.32) * r * 0.62),
                       (cx + math.cos(a + 0.1) * r * 1.12, cy + math.sin(a + 0.1) * r * 1.12),
                       (cx + math.cos(a + 0.3) * r * 0.62, cy + math.sin(a + 0.3) * r * 0.62)])
    for sp in spikes:
        _poly(s, INK, _grow(sp, c, 1.06))
    spiral = _spiral(c, r)
    _stroke(s, INK, spiral, r * 0.2 + 2 * ink)
    for sp in spikes:
        _poly(s, col, sp)
    _stroke(s, col, spiral, r * 0.2)
    _stroke(s, SMOKE, spiral[8:-6], max(1.0, r * 0.05))
    pygame.draw.circle(s, SMOKE, c, max(1.0, r * 0.09))


SYMBOLS = {"cuong": sym_cuong, "nhu": sym_nhu, "ta_khi": sym_ta_khi}


def symbol(s: pygame.Surface, kind: str, c: Pt, r: float) -> None:
    """The kind's symbol at ``c`` with radius ``r`` on any surface."""
    SYMBOLS[kind](s, c, r)


# ---------------------------------------------------------------------------
# ornaments (faint, tone on tone: they never make an edge)
# ---------------------------------------------------------------------------


def _leaf(cx: float, cy: float, ln: float, a: float) -> list[Pt]:
    """A bamboo leaf: a long narrow lens from (cx, cy) in direction a."""
    dx, dy = math.cos(a), math.sin(a)
    nx, ny = -dy, dx
    wd = ln * 0.16
    out = []
    for k in range(9):
        t = k / 8
        out.append((cx + dx * ln * t + nx * wd * math.sin(t * math.pi) * (1 - 0.3 * t),
                    cy + dy * ln * t + ny * wd * math.sin(t * math.pi) * (1 - 0.3 * t)))
    for k in range(7, 0, -1):
        t = k / 8
        out.append((cx + dx * ln * t - nx * wd * 0.5 * math.sin(t * math.pi),
                    cy + dy * ln * t - ny * wd * 0.5 * math.sin(t * math.pi)))
    return out


def orn_bamboo(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    x = box.x + box.w * 0.12
    lw = box.w * 0.05
    pygame.draw.line(s, col, (x, box.bottom), (x, box.y + box.h * 0.1), max(1, round(lw)))
    for k in range(1, 4):
        y = box.bottom - box.h * 0.27 * k
        pygame.draw.line(s, col, (x - lw, y), (x + lw, y), max(1, round(lw * 0.35)))
    for a, y, ln in ((-0.5, 0.35, 0.3), (0.2, 0.42, 0.26), (-0.2, 0.62, 0.24), (0.45, 0.7, 0.2)):
        _poly(s, col, _leaf(x, box.y + box.h * y, box.w * ln, a))
    x2 = box.right - box.w * 0.1
    pygame.draw.line(s, col, (x2, box.bottom), (x2, box.y + box.h * 0.55), max(1, round(lw * 0.7)))
    _poly(s, col, _leaf(x2, box.y + box.h * 0.62, box.w * 0.2, math.pi + 0.4))


def orn_weave(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    cell = box.w / 9
    for j in range(int(box.h / cell) + 1):
        for i in range(9):
            if (i + j) % 2:
                r = pygame.Rect(box.x + i * cell + cell * 0.12, box.y + j * cell + cell * 0.35, cell * 0.76, cell * 0.3)
            else:
                r = pygame.Rect(box.x + i * cell + cell * 0.35, box.y + j * cell + cell * 0.12, cell * 0.3, cell * 0.76)
            pygame.draw.rect(s, col, r.clip(box))


def _scroll(c: Pt, r: float, flip: int) -> list[Pt]:
    return [(c[0] + flip * math.cos(k / 30 * 4.4) * r * (1 - k / 40), c[1] + math.sin(k / 30 * 4.4) * r * (1 - k / 40))
            for k in range(31)]


def orn_cloud(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    lw = max(1.0, box.w * 0.035)
    for (fx, fy, fr, flip) in ((0.78, 0.14, 0.12, 1), (0.62, 0.12, 0.08, -1), (0.2, 0.86, 0.12, -1), (0.36, 0.9, 0.07, 1)):
        c = (box.x + box.w * fx, box.y + box.h * fy)
        _stroke(s, col, _scroll(c, box.w * fr, flip), lw)
    for y in (0.22, 0.78):
        pts = [(box.x + box.w * (0.08 + 0.84 * k / 20), box.y + box.h * y + math.sin(k / 3) * box.h * 0.01)
               for k in range(21)]
        _stroke(s, col, pts, lw * 0.7)


def orn_brush(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    """A long dry brush stroke sweeping round behind the symbol."""
    cx, cy = box.center
    rx, ry = box.w * 0.46, box.h * 0.4
    outer, inner = [], []
    for k in range(41):
        a = math.radians(150 + 230 * k / 40)
        th = math.sin(k / 40 * math.pi) * box.w * 0.09 + box.w * 0.005
        outer.append((cx + math.cos(a) * (rx + th / 2), cy + math.sin(a) * (ry + th / 2)))
        inner.append((cx + math.cos(a) * (rx - th / 2), cy + math.sin(a) * (ry - th / 2)))
    _poly(s, col, outer + inner[::-1])


def orn_wave(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    lw = max(1.0, box.w * 0.03)
    for j, y in enumerate((0.8, 0.88, 0.96)):
        for i in range(4):
            x0 = box.x + box.w * (i / 4 + (0.12 if j % 2 else 0))
            pts = [(x0 + box.w * 0.22 * k / 10, box.y + box.h * y - math.sin(k / 10 * math.pi) * box.h * 0.04)
                   for k in range(11)]
            _stroke(s, col, [p for p in pts if p[0] < box.right], lw)


def orn_mist(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    lw = max(1.0, box.w * 0.04)
    for j, y in enumerate((0.1, 0.2, 0.82, 0.92)):
        x0, x1 = box.x + box.w * (0.05 + 0.2 * (j % 2)), box.x + box.w * (0.75 + 0.2 * (j % 2))
        pts = [(x0 + (x1 - x0) * k / 16, box.y + box.h * y + math.sin(k / 16 * math.tau) * box.h * 0.012)
               for k in range(17)]
        _stroke(s, col, pts, lw)


def orn_crack(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    lw = max(1.0, box.w * 0.018)
    rnd = random.Random(7)
    for sx, sy in ((0.05, 0.08), (0.95, 0.92), (0.9, 0.1)):
        x, y = box.x + box.w * sx, box.y + box.h * sy
        pts = [(x, y)]
        for _ in range(5):
            x += (box.centerx - x) * 0.18 + rnd.uniform(-1, 1) * box.w * 0.05
            y += (box.centery - y) * 0.12 + rnd.uniform(-1, 1) * box.h * 0.03
            pts.append((x, y))
        _stroke(s, col, pts, lw)


def orn_plum(s: pygame.Surface, box: pygame.Rect, col: Colour) -> None:
    lw = max(1.0, box.w * 0.03)
    branch = [(box.right, box.y + box.h * 0.05), (box.x + box.w * 0.78, box.y + box.h * 0.12),
              (box.x + box.w * 0.62, box.y + box.h * 0.1)]
    _stroke(s, col, branch, lw)
    for fx, fy in ((0.64, 0.08), (0.8, 0.16), (0.9, 0.06), (0.12, 0.9)):
        c = (box.x + box.w * fx, box.y + box.h * fy)
        for k in range(5):
            a = k / 5 * math.tau
            pygame.draw.circle(s, col, (c[0] + math.cos(a) * box.w * 0.025, c[1] + math.sin(a) * box.w * 0.025),
                               box.w * 0.022)


ORNAMENTS = {"bamboo": orn_bamboo, "weave": orn_weave, "cloud": orn_cloud, "brush": orn_brush,
             "wave": orn_wave, "mist": orn_mist, "crack": orn_crack, "plum": orn_plum}
#: each kind's ornaments, one per art variant (data/daotam.yaml: 3 / 3 / 5)
KIND_ORNAMENTS = {"cuong": ("bamboo", "weave", "brush"), "nhu": ("cloud", "wave", "bamboo"),
                  "ta_khi": ("mist", "crack", "brush", "cloud", "plum")}


# ---------------------------------------------------------------------------
# faces
# ---------------------------------------------------------------------------


def _text_px(h: int, frac: float) -> int:
    return max(MIN_PX, round(h * frac))


def _chieu_thuc(spec: Spec, w: int, h: int) -> Face:
    W, H = w * SS, h * SS
    col = KIND_COLOUR[spec.kind]
    s = _card(W, H, PAPER)
    band_b = H * 0.17
    art = pygame.Rect(round(W * 0.07), round(band_b + H * 0.02), round(W * 0.86), round(H * 0.72))
    names = KIND_ORNAMENTS[spec.kind]
    ORNAMENTS[names[spec.variant % len(names)]](s, art, _tone(PAPER, col, 16))
    c = (W / 2, art.centery + H * 0.01)
    rw = round(W * 0.42) + 1
    wash = pygame.Surface((2 * rw, 2 * rw), pygame.SRCALPHA)
    wash.fill((*col, 0))
    for k in range(3):                               # a soft wash behind the symbol
        pygame.draw.circle(wash, (*col, 10 + 9 * k), (rw, rw), W * (0.42 - 0.05 * k))
    s.blit(wash, (round(c[0]) - rw, round(c[1]) - rw))
    SYMBOLS[spec.kind](s, c, W * 0.29)
    _band(s, col, 0, band_b)
    _band(s, col, H * 0.94, H)
    _frame(s, mix(PAPER, INK, 0.35), W * 0.035, max(1, W * 0.006))
    px = _text_px(h, 0.085)
    lines = wrap(spec.title, px, w * 0.92, "bold", 1) or wrap(spec.short_title, px, w * 0.92, "bold", 1)
    if lines and px * 1.05 <= band_b / SS:            # the name's ink fits the band
        _lines(s, lines, px, ON_DARK, "bold", W / 2, (band_b - _line_h(px) * SS) / 2)
    _outline(s)
    return Face(_finish(s, (w, h)), pygame.Rect(art.x // SS, art.y // SS, art.w // SS, art.h // SS))


def _bamboo_stalk(s: pygame.Surface, x: float, y0: float, y1: float, wd: float, col: Colour, node: Colour,
                  segs: int) -> list[float]:
    """An upright bamboo stalk from y1 (bottom) up to y0 in ``segs`` segments; returns the node ys."""
    seg = (y1 - y0) / segs
    ys = []
    for k in range(segs):
        top, bot = y0 + k * seg, y0 + (k + 1) * seg
        rect = pygame.Rect(0, 0, round(wd), round(bot - top - wd * 0.15))
        rect.midtop = (round(x), round(top + wd * 0.08))
        pygame.draw.rect(s, col, rect, border_radius=round(wd * 0.3))
        ys.append(top)
    ys.append(y1)
    for y in ys:
        pygame.draw.line(s, node, (x - wd * 0.62, y), (x + wd * 0.62, y), max(1, round(wd * 0.18)))
    return ys


def ct_back(w: int, h: int) -> pygame.Surface:
    W, H = w * SS, h * SS
    s = _card(W, H, CT_BACK, fibre=False)
    rnd = random.Random(3)
    mat = _layer(s)
    for _ in range(max(20, W * H // 500)):           # mat texture
        x, y = rnd.uniform(W * 0.04, W * 0.9), rnd.uniform(H * 0.03, H * 0.97)
        pygame.draw.line(mat, (*mix(CT_BACK, BAMBOO, 0.6), 60), (x, y), (x + W * 0.05, y), max(1, W // 120))
    s.blit(mat, (0, 0))
    _frame(s, BAMBOO, W * 0.06, max(1, W * 0.012))
    dark = mix(CT_BACK, BAMBOO, 0.35)
    for fx, top, wd in ((0.3, 0.14, 0.085), (0.52, 0.3, 0.07), (0.72, 0.1, 0.08)):
        _bamboo_stalk(s, W * fx, H * top, H * 0.92, W * wd, BAMBOO, dark, 4 if top < 0.2 else 3)
    for fx, fy, a, ln in ((0.3, 0.3, -2.5, 0.26), (0.3, 0.3, -0.4, 0.22), (0.72, 0.24, -0.7, 0.24),
                          (0.72, 0.45, -2.6, 0.2), (0.52, 0.52, -0.5, 0.22), (0.52, 0.52, -2.7, 0.18)):
        _poly(s, BAMBOO, _leaf(W * fx, H * fy, W * ln, a))
    yin_yang(s, (W / 2, H * 0.56), W * 0.19)
    _outline(s)
    return _finish(s, (w, h))


def yin_yang(s: pygame.Surface, c: Pt, r: float) -> None:
    """A plain âm-dương of hard and soft (red Cương, blue Nhu) in an ink and paper ring;
    nothing else (art direction §3.1: no emblem, no map)."""
    cx, cy = c
    red, blue = KIND_COLOUR["cuong"], KIND_COLOUR["nhu"]
    ring = max(1.0, r * 0.1)
    pygame.draw.circle(s, INK, c, r + 2 * ring)
    pygame.draw.circle(s, PAPER, c, r + ring)
    pygame.draw.circle(s, blue, c, r)
    half = [(cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (math.pi / 2 + math.pi * k / 32 for k in range(33))]      # the left half
    _poly(s, red, half)
    pygame.draw.circle(s, blue, (cx, cy - r / 2), r / 2)
    pygame.draw.circle(s, red, (cx, cy + r / 2), r / 2)
    pygame.draw.circle(s, red, (cx, cy - r / 2), r / 7)
    pygame.draw.circle(s, blue, (cx, cy + r / 2), r / 7)


def _belt_band(s: pygame.Surface, top: float, height: float, knot: bool) -> None:
    W = s.get_width()
    stripe = height / 4
    for i, col in enumerate(BELT):
        pygame.draw.rect(s, col, pygame.Rect(0, round(top + i * stripe), W, math.ceil(stripe) + 1))
    lw = max(1, round(W * 0.008))
    pygame.draw.line(s, INK, (0, top), (W, top), lw)
    pygame.draw.line(s, INK, (0, top + height), (W, top + height), lw)
    if knot:
        cx, cy = W / 2, top + height / 2
        kw = height * 0.9
        for k in (-1, 1):                            # two hanging tails
            tail = [(cx + k * kw * 0.1, cy), (cx + k * kw * 0.55, cy + height * 1.3),
                    (cx + k * kw * 0.95, cy + height * 1.2), (cx + k * kw * 0.45, cy)]
            _inked_poly(s, WHITE_BELT if k > 0 else STAGE_COLOUR["hanh_dao"], tail, lw)
        knot_r = [(cx - kw / 2, cy - height * 0.62), (cx + kw / 2, cy - height * 0.62),
                  (cx + kw / 2, cy + height * 0.62), (cx - kw / 2, cy + height * 0.62)]
        _inked_poly(s, GOLD, knot_r, lw)
        pygame.draw.line(s, mix(GOLD, INK, 0.4), (cx, cy - height * 0.5), (cx, cy + height * 0.5), lw)


def cd_back(w: int, h: int) -> pygame.Surface:
    W, H = w * SS, h * SS
    s = _card(W, H, PAPER)
    box = pygame.Rect(round(W * 0.08), round(H * 0.06), round(W * 0.84), round(H * 0.88))
    orn_bamboo(s, box, _tone(PAPER, LEAF, 16))
    _frame(s, INK, W * 0.05, max(1, W * 0.01))
    _frame(s, mix(PAPER, INK, 0.4), W * 0.075, max(1, W * 0.005))
    _belt_band(s, H * 0.42, H * 0.14, knot=h >= 40)
    _outline(s)
    return _finish(s, (w, h))


def _belt_bar(s: pygame.Surface, rect: pygame.Rect, stripes: int, ground: Colour) -> None:
    """A small belt: an ink bar with 1–3 light stripes at its right end (the count is the cue)."""
    lw = max(1, round(rect.h * 0.12))
    _rounded(s, INK, rect.inflate(lw * 2, lw * 2), lw * 2)
    _rounded(s, mix(INK, ground, 0.25), rect, lw)
    sw = rect.w * 0.09
    for k in range(stripes):
        x = rect.right - rect.w * 0.06 - (k + 1) * sw - k * sw * 0.8
        pygame.draw.rect(s, PAPER, pygame.Rect(round(x), rect.y, max(1, round(sw)), rect.h))


def _box_text(spec: Spec, width: float, room: float, art_room: float, long_px: int,
              short_room: float = 0.0) -> tuple[list[str], int]:
    """The ability lines for ``room`` px of height (shown): the full text, from ``long_px``
    down to MIN_PX, where it leaves ``art_room`` for the picture; else the short line (up
    to three lines, leaving ``short_room``); else nothing."""
    for text, keep, most_lines in ((spec.text, art_room, 99), (spec.short, short_room, 3)):
        if not text:
            continue
        for px in range(long_px, MIN_PX - 1, -1):
            most = min(most_lines, int((room - keep) // _line_h(px)))
            lines = wrap(text, px, width, "regular", most) if most >= 1 else None
            if lines:
                return lines, px
    return [], MIN_PX


def _title_lines(spec: Spec, w: int, px: int, room: float) -> list[str]:
    """The title in two lines; else its short form; else in three lines (when ``room``,
    in shown px, holds them); else nothing (the zoom names the card)."""
    most = min(3, int(room // _line_h(px)))
    for title, lines in ((spec.title, 2), (spec.short_title, 2), (spec.title, 3), (spec.short_title, 3)):
        got = wrap(title, px, w * 0.92, "semibold", min(lines, most)) if title else None
        if got:
            return got
    return []


def _text_card(spec: Spec, w: int, h: int, ground: Colour, ink: Colour, top: float,
               box_fill: Colour, picture: float = 0.0) -> tuple[pygame.Surface, pygame.Rect]:
    """A Chính Đạo card's ground, title (from ``top``, shown px) and ability box; returns
    the 2x canvas and the free picture box between them (2x px). Room goes to the title
    first, then the ability (the full text only where a picture still fits), then the picture."""
    W, H = w * SS, h * SS
    s = _card(W, H, ground)
    tpx = _text_px(h, 0.072)
    tlines = _title_lines(spec, w, tpx, h * 0.5)
    title_b = _lines(s, tlines, tpx, ink, "semibold", W / 2, top * SS) / SS if tlines else top
    pad = max(1.5, w * 0.025)
    bottom = h * 0.965
    lines, px = _box_text(spec, w * 0.92 - 2 * pad, bottom - title_b - 2 * pad, h * 0.24, _text_px(h, 0.05),
                          h * picture) if tlines or not spec.title else ([], MIN_PX)   # no ability without its name
    art_b = bottom - h * 0.02
    if lines:
        bh = len(lines) * _line_h(px) + pad
        box = pygame.Rect(round(w * 0.04 * SS), round((bottom - bh) * SS), round(w * 0.92 * SS), round(bh * SS))
        radius = round(min(box.h * 0.3, W * 0.05))
        _rounded(s, box_fill, box, radius)
        _rounded(s, mix(box_fill, INK, 0.45), box, radius, max(1, round(W * 0.006)))
        _lines(s, lines, px, ink, "regular", W / 2, box.y + pad * SS / 2)
        art_b = box.y / SS - h * 0.015
    art = pygame.Rect(round(W * 0.1), round((title_b + h * 0.01) * SS), round(W * 0.8), 0)
    art.h = max(0, round(art_b * SS - art.y))
    return s, art


def _shown(art: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(art.x // SS, art.y // SS, art.w // SS, art.h // SS)


def art_tam_niem(s: pygame.Surface, art: pygame.Rect, spec: Spec) -> None:
    """A bamboo sprig of 1, 2 or 3 segments (Học / Hiểu / Hành Đạo) with its leaves."""
    n = STAGE_STRIPES.get(spec.stage or "", 1)
    if art.h < s.get_height() * 0.15:          # no room for a picture that reads
        return
    side = min(art.h, art.w * 1.2, s.get_height() * 0.42)   # one scale on every card of a size
    wd = max(3.0, side * 0.13)
    y1 = art.bottom
    seg = side * 0.27                          # three segments and the top leaf fit the box
    y0 = y1 - seg * n
    x = art.centerx - side * 0.1
    ink = max(1.0, wd * 0.14)
    _bamboo_stalk(s, x, y0 - ink, y1 + ink, wd + 2 * ink, INK, INK, n)
    ys = _bamboo_stalk(s, x, y0, y1, wd, LEAF, mix(LEAF, INK, 0.5), n)
    for k, y in enumerate(ys[:-1]):
        a = -0.5 if k % 2 == 0 else math.pi + 0.5
        leaf = _leaf(x + (wd * 0.4 if k % 2 == 0 else -wd * 0.4), y + seg * 0.25, side * 0.34, a)
        _inked_poly(s, mix(LEAF, STAGE_COLOUR.get(spec.stage or "", LEAF), 0.25), leaf, ink)
    belt = STAGE_COLOUR.get(spec.stage or "", GOLD)           # the stage's belt tied round the stalk
    by = y1 - seg * 0.5
    band = [(x - wd * 0.62, by - seg * 0.07), (x + wd * 0.62, by - seg * 0.07), (x + wd * 0.62, by + seg * 0.07),
            (x - wd * 0.62, by + seg * 0.07)]
    for k in (-1, 1):
        _inked_poly(s, belt, [(x + k * wd * 0.1, by), (x + k * wd * 0.7, by + seg * 0.34),
                              (x + k * wd * 1.0, by + seg * 0.3), (x + k * wd * 0.45, by - seg * 0.02)], ink)
    _inked_poly(s, belt, band, ink)
    pygame.draw.ellipse(s, (*mix(PAPER, INK, 0.2), 255), pygame.Rect(x - side * 0.3, y1 - side * 0.025,
                                                                      side * 0.6, side * 0.05))


def _tam_niem(spec: Spec, w: int, h: int) -> Face:
    stage = spec.stage or "hoc_dao"
    col = STAGE_COLOUR[stage]
    band = h * 0.18
    s, art = _text_card(spec, w, h, PAPER, INK, band + h * 0.02, mix(PAPER, col, 0.1))
    W = w * SS
    _band(s, col, 0, band * SS)
    on = INK if stage == "hieu_dao" else ON_DARK
    if spec.number is not None:
        npx = _text_px(h, 0.12)
        if npx <= band * 1.02:
            num = fonts.art_text(str(spec.number), npx * SS, on, "bold")
            s.blit(num, num.get_rect(midleft=(round(W * 0.08), round(band * SS / 2))))
    bar = pygame.Rect(0, 0, round(W * 0.42), max(3, round(band * SS * 0.32)))
    bar.midright = (round(W * 0.9), round(band * SS / 2))
    _belt_bar(s, bar, STAGE_STRIPES[stage], col)
    CD_ART["tam_niem"](s, art, spec)
    _frame(s, mix(PAPER, INK, 0.35), W * 0.035, max(1, W * 0.006))
    _outline(s)
    return Face(_finish(s, (w, h)), _shown(art))


def art_tinh_tam(s: pygame.Surface, art: pygame.Rect, spec: Spec) -> None:
    """Three concentric still-water rings, a drop at their heart."""
    if art.h < 6:
        return
    c = art.center
    rx = min(art.w * 0.48, art.h * 0.95)
    lw = max(1, round(rx * 0.07))
    for k in range(3):
        f = 1 - k * 0.3
        rect = pygame.Rect(0, 0, round(rx * 2 * f), round(rx * 0.9 * f))
        rect.center = c
        pygame.draw.ellipse(s, WATER, rect, max(1, round(lw * (1 - 0.25 * k))))
    pygame.draw.circle(s, WATER, c, max(1.0, rx * 0.07))


def _tinh_tam(spec: Spec, w: int, h: int) -> Face:
    s, art = _text_card(Spec(spec.kind, title=spec.title, short=spec.short), w, h, CELADON, INK, h * 0.07,
                        mix(CELADON, WATER, 0.12), picture=0.3)
    CD_ART["tinh_tam"](s, art, spec)
    W = w * SS
    _frame(s, mix(CELADON, INK, 0.35), W * 0.035, max(1, W * 0.006))
    _outline(s)
    return Face(_finish(s, (w, h)), _shown(art))


def _emblem(s: pygame.Surface, card: str, c: Pt, r: float, col: Colour) -> None:
    """Each Ảo Niệm's small emblem inside the mirror."""
    cx, cy = c
    lw = max(1.0, r * 0.14)
    if card == "an_tham":            # greed: three cards fanned from one hand, taken
        back = mix(AO_NIEM, (40, 34, 50), 0.35)
        pivot = (cx, cy + r * 0.8)
        for a in (-0.45, 0.45, 0.0):
            pts = [(-0.24, -1.5), (0.24, -1.5), (0.24, -0.3), (-0.24, -0.3)]
            rot = [(pivot[0] + (x * math.cos(a) - y * math.sin(a)) * r, pivot[1] + (x * math.sin(a) + y * math.cos(a)) * r)
                   for x, y in pts]
            _poly(s, back, rot)
            _stroke(s, col, rot + rot[:1], lw)
        pygame.draw.circle(s, col, pivot, r * 0.22)
    elif card == "an_san":           # anger: a flame
        pts = [(cx, cy - r), (cx + r * 0.45, cy - r * 0.1), (cx + r * 0.5, cy + r * 0.45), (cx, cy + r * 0.8),
               (cx - r * 0.5, cy + r * 0.45), (cx - r * 0.35, cy - r * 0.2), (cx - r * 0.1, cy + r * 0.05)]
        _poly(s, col, pts)
        _poly(s, AO_NIEM, [(cx, cy + r * 0.05), (cx + r * 0.2, cy + r * 0.4), (cx, cy + r * 0.6), (cx - r * 0.2, cy + r * 0.4)])
    elif card == "an_si":            # delusion: an open eye (everything shown)
        up = [(cx - r + 2 * r * k / 16, cy - math.sin(k / 16 * math.pi) * r * 0.5) for k in range(17)]
        down = [(cx + r - 2 * r * k / 16, cy + math.sin(k / 16 * math.pi) * r * 0.5) for k in range(17)]
        _poly(s, col, up + down)
        pygame.draw.circle(s, AO_NIEM, c, r * 0.34)
        pygame.draw.circle(s, col, c, r * 0.16)
    else:                            # pride: an hourglass (the turn lost)
        _poly(s, col, [(cx - r * 0.55, cy - r * 0.8), (cx + r * 0.55, cy - r * 0.8), (cx + r * 0.08, cy),
                       (cx + r * 0.55, cy + r * 0.8), (cx - r * 0.55, cy + r * 0.8), (cx - r * 0.08, cy)])
        _poly(s, AO_NIEM, [(cx - r * 0.3, cy - r * 0.62), (cx + r * 0.3, cy - r * 0.62), (cx, cy - r * 0.25)])
        _stroke(s, col, [(cx - r * 0.7, cy - r * 0.86), (cx + r * 0.7, cy - r * 0.86)], lw)
        _stroke(s, col, [(cx - r * 0.7, cy + r * 0.86), (cx + r * 0.7, cy + r * 0.86)], lw)


def art_ao_niem(s: pygame.Surface, art: pygame.Rect, spec: Spec) -> pygame.Rect | None:
    """A mirror oval with a wavy distortion line and the card's emblem; returns the
    emblem's box (the mirror is the same on all four: the emblem tells them apart)."""
    if art.h < 6:
        return None
    c = art.center
    ry = art.h * 0.48
    rx = min(art.w * 0.4, ry * 0.72)
    ink = max(1.0, rx * 0.05)
    pygame.draw.ellipse(s, INK, pygame.Rect(c[0] - rx - ink, c[1] - ry - ink, 2 * (rx + ink), 2 * (ry + ink)))
    pygame.draw.ellipse(s, MIRROR, pygame.Rect(c[0] - rx, c[1] - ry, 2 * rx, 2 * ry))
    inner = pygame.Rect(0, 0, round(2 * rx * 0.8), round(2 * ry * 0.86))
    inner.center = c
    pygame.draw.ellipse(s, mix(AO_NIEM, (40, 34, 50), 0.35), inner)
    pygame.draw.arc(s, mix(MIRROR, AO_NIEM, 0.45), inner.inflate(-inner.w * 0.2, -inner.h * 0.12),
                    math.radians(95), math.radians(160), max(1, round(rx * 0.06)))
    er = rx * 0.62
    ec = (c[0], c[1] - ry * 0.16)
    _emblem(s, spec.card, ec, er, MIRROR)
    wave = [(inner.x + inner.w * (0.14 + 0.72 * k / 24), c[1] + ry * 0.58 + math.sin(k / 24 * math.tau * 1.5) * ry * 0.05)
            for k in range(25)]
    _stroke(s, MIRROR, wave, max(1.0, rx * 0.07))
    box = pygame.Rect(0, 0, round(er * 2.3), round(er * 2.3))
    box.center = (round(ec[0]), round(ec[1]))
    return box


def _ao_niem(spec: Spec, w: int, h: int) -> Face:
    s, art = _text_card(Spec(spec.kind, card=spec.card, title=spec.title, short=spec.short), w, h, AO_NIEM,
                        ON_DARK, h * 0.06, mix(AO_NIEM, INK, 0.25), picture=0.3)
    art = CD_ART["ao_niem"](s, art, spec) or art
    W = w * SS
    _frame(s, mix(AO_NIEM, ON_DARK, 0.35), W * 0.035, max(1, W * 0.006))
    _outline(s)
    return Face(_finish(s, (w, h)), _shown(art))


#: Môn Sinh poses (figure box 0..1, y down): arms as (shoulder, elbow, hand) per side,
#: legs as (hip, knee, foot); a salute, the ready stance, a front stance, a rising block, attention
POSES: dict[int, dict[str, tuple[Pt, ...]]] = {
    1: {"l_arm": ((0.36, 0.25), (0.3, 0.42), (0.34, 0.56)), "r_arm": ((0.64, 0.25), (0.72, 0.38), (0.5, 0.32)),
        "l_leg": ((0.44, 0.6), (0.44, 0.78), (0.44, 0.96)), "r_leg": ((0.56, 0.6), (0.56, 0.78), (0.56, 0.96))},
    2: {"l_arm": ((0.36, 0.25), (0.24, 0.4), (0.38, 0.5)), "r_arm": ((0.64, 0.25), (0.76, 0.4), (0.62, 0.5)),
        "l_leg": ((0.44, 0.6), (0.38, 0.78), (0.34, 0.96)), "r_leg": ((0.56, 0.6), (0.62, 0.78), (0.66, 0.96))},
    3: {"l_arm": ((0.36, 0.25), (0.22, 0.3), (0.08, 0.3)), "r_arm": ((0.64, 0.25), (0.76, 0.4), (0.62, 0.5)),
        "l_leg": ((0.44, 0.6), (0.28, 0.74), (0.22, 0.96)), "r_leg": ((0.56, 0.6), (0.68, 0.78), (0.8, 0.96))},
    4: {"l_arm": ((0.36, 0.25), (0.22, 0.2), (0.1, 0.1)), "r_arm": ((0.64, 0.25), (0.76, 0.4), (0.62, 0.5)),
        "l_leg": ((0.44, 0.6), (0.3, 0.76), (0.26, 0.96)), "r_leg": ((0.56, 0.6), (0.7, 0.76), (0.74, 0.96))},
    5: {"l_arm": ((0.36, 0.25), (0.33, 0.42), (0.34, 0.58)), "r_arm": ((0.64, 0.25), (0.67, 0.42), (0.66, 0.58)),
        "l_leg": ((0.45, 0.6), (0.46, 0.78), (0.46, 0.96)), "r_leg": ((0.55, 0.6), (0.54, 0.78), (0.54, 0.96))},
}
MS_BELT: dict[int, Colour] = {1: STAGE_COLOUR["hoc_dao"], 2: STAGE_COLOUR["hieu_dao"], 3: STAGE_COLOUR["hanh_dao"],
                              4: WHITE_BELT, 5: STAGE_COLOUR["hieu_dao"]}


def art_mon_sinh(s: pygame.Surface, art: pygame.Rect, spec: Spec) -> None:
    """A plain standing figure in a blue uniform with a belt (no face), in the number's pose."""
    if art.h < 8:
        return
    side = min(art.h, art.w * 1.1)
    ox, oy = art.centerx - side / 2, art.bottom - side

    def p(q: Pt) -> Pt:
        return ox + q[0] * side, oy + q[1] * side
    pose = POSES.get(spec.number or 5, POSES[5])
    limb = side * 0.085
    ink = max(1.0, side * 0.014)
    shade = mix(UNIFORM, INK, 0.25)
    for leg in ("l_leg", "r_leg"):
        _inked_stroke(s, shade, [p(q) for q in pose[leg]], limb * 1.1, ink)
    torso = [p(q) for q in ((0.36, 0.22), (0.64, 0.22), (0.62, 0.62), (0.38, 0.62))]
    _inked_poly(s, UNIFORM, torso, ink)
    _stroke(s, mix(UNIFORM, INK, 0.5), [p((0.44, 0.23)), p((0.5, 0.34)), p((0.56, 0.23))], max(1.0, ink))
    for arm in ("l_arm", "r_arm"):
        pts = [p(q) for q in pose[arm]]
        _inked_stroke(s, UNIFORM, pts, limb, ink)
        pygame.draw.circle(s, INK, pts[-1], limb * 0.62 + ink)
        pygame.draw.circle(s, SKIN, pts[-1], limb * 0.62)
    belt = MS_BELT.get(spec.number or 1, GOLD)
    y = oy + side * 0.5
    b = [p((0.37, 0.47)), p((0.63, 0.47)), p((0.63, 0.53)), p((0.37, 0.53))]
    _inked_poly(s, belt, b, ink)
    _inked_stroke(s, belt, [p((0.47, 0.52)), p((0.43, 0.62))], side * 0.03, ink)
    _inked_stroke(s, belt, [p((0.53, 0.52)), p((0.56, 0.61))], side * 0.03, ink)
    if spec.number == 5:        # a red stripe on the yellow belt
        pygame.draw.line(s, STAGE_COLOUR["hanh_dao"], p((0.58, 0.475)), p((0.58, 0.525)), max(1, round(side * 0.02)))
    del y
    head = p((0.5, 0.12))
    pygame.draw.circle(s, INK, head, side * 0.085 + ink)
    pygame.draw.circle(s, SKIN, head, side * 0.085)
    pygame.draw.ellipse(s, mix(PAPER, INK, 0.18), pygame.Rect(ox + side * 0.2, oy + side * 0.95, side * 0.6, side * 0.05))


def _mon_sinh(spec: Spec, w: int, h: int) -> Face:
    W, H = w * SS, h * SS
    s = _card(W, H, PAPER)
    npx = _text_px(h, 0.11 if spec.title else 0.18)      # untitled (a plate's small card): the number larger
    r = max(H * 0.1, min(H * 0.17, npx * SS * 0.7))     # room for the number at 12 px (a plate's card too)
    c = (W / 2, H * 0.05 + r)
    pygame.draw.circle(s, INK, c, r + max(1.0, W * 0.012))
    pygame.draw.circle(s, UNIFORM, c, r)
    pygame.draw.circle(s, mix(UNIFORM, PAPER, 0.5), c, r * 0.86, max(1, round(W * 0.008)))
    if spec.number is not None and npx * SS <= r * 1.5:
        num = fonts.art_text(str(spec.number), npx * SS, ON_DARK, "bold")
        s.blit(num, num.get_rect(center=(round(c[0]), round(c[1]))))
    top = c[1] + r + H * 0.03
    bottom = H * 0.93
    if spec.title:
        px = _text_px(h, 0.07)
        lines = wrap(spec.title, px, w * 0.9, "semibold", 1)
        if lines and (bottom - top) / SS > _line_h(px) * 3:
            bottom = _lines(s, lines, px, INK, "semibold", W / 2, H * 0.95 - _line_h(px) * SS) - _line_h(px) * SS
    art = pygame.Rect(round(W * 0.1), round(top), round(W * 0.8), round(bottom - top - H * 0.01))
    CD_ART["mon_sinh"](s, art, spec)
    _frame(s, mix(PAPER, INK, 0.35), W * 0.035, max(1, W * 0.006))
    _outline(s)
    return Face(_finish(s, (w, h)), _shown(art))


CD_ART = {"tam_niem": art_tam_niem, "tinh_tam": art_tinh_tam, "ao_niem": art_ao_niem, "mon_sinh": art_mon_sinh}
PAINTERS = {"cuong": _chieu_thuc, "nhu": _chieu_thuc, "ta_khi": _chieu_thuc, "tam_niem": _tam_niem,
            "tinh_tam": _tinh_tam, "ao_niem": _ao_niem, "mon_sinh": _mon_sinh}


@lru_cache(maxsize=384)
def face(spec: Spec, size: tuple[int, int]) -> Face:
    """The face ``spec`` at ``size`` (shown px), with its picture's box (cached)."""
    w, h = max(2, int(size[0])), max(2, int(size[1]))
    if spec.kind == "ct_back":
        img = ct_back(w, h)
        return Face(img, img.get_rect())
    if spec.kind == "cd_back":
        img = cd_back(w, h)
        return Face(img, img.get_rect())
    return PAINTERS[spec.kind](spec, w, h)


# ---------------------------------------------------------------------------
# tokens (painted at any supersampled diameter d)
# ---------------------------------------------------------------------------

IVORY_FACE: Colour = (247, 239, 217)
BLUE_RING: Colour = (31, 95, 175)
TOKEN_GOLD: Colour = (217, 180, 74)
GOLD_DARK: Colour = (150, 118, 40)
DARK_FACE: Colour = (42, 30, 46)
VIOLET: Colour = (142, 111, 168)


def _disc(big: pygame.Surface, d: int, ground: Colour, ring: Colour) -> None:
    c = d / 2
    pygame.draw.circle(big, mix(ring, INK, 0.45), (c, c), c)
    pygame.draw.circle(big, ring, (c, c), c - 0.015 * d)
    pygame.draw.circle(big, ground, (c, c), c - 0.08 * d)
    pygame.draw.circle(big, mix(ground, ring, 0.35), (c, c), c - 0.115 * d, max(1, round(0.012 * d)))


def _segment(big: pygame.Surface, d: int, x: float, y0: float, y1: float, wd: float, col: Colour,
             dark: Colour) -> None:
    """One straight bamboo segment between two nodes (fractions of ``d``): body, a light
    edge and a shaded edge."""
    rect = pygame.Rect(0, 0, round(wd * d), round((y1 - y0) * d))
    rect.midtop = (round(x * d), round(y0 * d))
    pygame.draw.rect(big, dark, rect.inflate(round(0.02 * d), 0), border_radius=round(0.03 * d))
    pygame.draw.rect(big, col, rect, border_radius=round(0.03 * d))
    pygame.draw.rect(big, mix(col, (255, 255, 255), 0.4),
                     pygame.Rect(rect.x + rect.w * 0.18, rect.y + rect.h * 0.12, max(1, rect.w * 0.16), rect.h * 0.76))
    pygame.draw.rect(big, mix(col, dark, 0.45),
                     pygame.Rect(rect.right - rect.w * 0.26, rect.y + rect.h * 0.08, max(1, rect.w * 0.14), rect.h * 0.84))


def _node(big: pygame.Surface, d: int, x: float, y: float, wd: float, dark: Colour) -> None:
    rect = pygame.Rect(0, 0, round(wd * 1.25 * d), max(2, round(0.045 * d)))
    rect.center = (round(x * d), round(y * d))
    pygame.draw.ellipse(big, dark, rect)


def token_dao_tam(big: pygame.Surface, d: int) -> None:
    """Ivory, a blue ring (8 % of the diameter), an upright gold bamboo: two straight
    segments between three nodes, and one leaf."""
    _disc(big, d, IVORY_FACE, BLUE_RING)
    wd = 0.15
    for y0, y1 in ((0.2, 0.5), (0.5, 0.8)):
        _segment(big, d, 0.5, y0 + 0.012, y1 - 0.012, wd, TOKEN_GOLD, GOLD_DARK)
    for y in (0.2, 0.5, 0.8):
        _node(big, d, 0.5, y, wd, GOLD_DARK)
    leaf = _leaf(0.5 * d + wd * d * 0.45, 0.49 * d, 0.25 * d, -0.6)
    _poly(big, GOLD_DARK, _grow(leaf, (0.5 * d + wd * d * 0.45, 0.49 * d), 1.1))
    _poly(big, TOKEN_GOLD, leaf)


def token_ta_niem(big: pygame.Surface, d: int) -> None:
    """Violet-black, a violet ring, a cracked bamboo (a jagged stump, its top fallen
    aside) and a curl of smoke rising from the break."""
    _disc(big, d, DARK_FACE, VIOLET)
    dark = mix(VIOLET, DARK_FACE, 0.55)
    stump = [(0.33, 0.8), (0.49, 0.8), (0.49, 0.6), (0.46, 0.64), (0.435, 0.56), (0.4, 0.63), (0.365, 0.57),
             (0.33, 0.61)]
    _poly(big, VIOLET, [(x * d, y * d) for x, y in stump])
    _node(big, d, 0.41, 0.8, 0.16, dark)
    a = math.radians(-58)                               # the top, fallen aside
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    bx, by, ln, wd = 0.53, 0.62, 0.3, 0.15
    base = [(bx + nx * wd / 2, by + ny * wd / 2), (bx + nx * wd * 0.15 - ux * 0.04, by + ny * wd * 0.15 - uy * 0.04),
            (bx - nx * wd * 0.1 + ux * 0.01, by - ny * wd * 0.1 + uy * 0.01), (bx - nx * wd / 2 - ux * 0.03, by - ny * wd / 2 - uy * 0.03)]
    top = [(bx - nx * wd / 2 + ux * ln, by - ny * wd / 2 + uy * ln), (bx + nx * wd / 2 + ux * ln, by + ny * wd / 2 + uy * ln)]
    _poly(big, mix(VIOLET, DARK_FACE, 0.3), [(x * d, y * d) for x, y in base + top])
    cx, cy = 0.3, 0.3                                   # smoke rising from the break, curling in
    pts = [(0.43, 0.57), (0.4, 0.5), (0.33, 0.45), (0.25, 0.42)]
    for i in range(1, 41):
        t = i / 40
        ang = math.pi * 0.85 + t * 1.7 * math.tau
        r = 0.12 * (1 - 0.8 * t)
        pts.append((cx + r * math.cos(ang) + 0.05 * (1 - t), cy + r * math.sin(ang) * 0.9))
    px = [(x * d, y * d) for x, y in pts]
    for i in range(len(px) - 1):
        _stroke(big, VIOLET, px[i:i + 2], d * (0.055 - 0.03 * i / len(px)))


TOKEN_PAINTERS = {"dao_tam": token_dao_tam, "ta_niem": token_ta_niem}
