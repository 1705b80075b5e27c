"""Procedural art for Kowah / Cheki Chinese money cards (art-direction §2).

Long ivory strips (width : height = 1 : 3.2) printed in black, jade and plum with a few
vermilion seals. Everything is drawn here with ``pygame.draw`` from small normalised
shape descriptions; nothing is traced from a photographed card.

Card identity used by :class:`KowahArt`:

- ``suit`` is one of ``"coins"``, ``"strings"``, ``"myriads"`` with ``number`` 1–9, or
  ``"honours"`` with ``number`` 1 = Old Thousand 老千, 2 = Red Flower 紅花,
  3 = White Flower 白花 (see :data:`HONOURS`).

Each face has an index band at both ends (suit ink, big Arabic numeral in paper colour,
stacked Chinese numeral and a small suit mark; honours: seal-red band, the two characters
stacked, and a star) and a framed field in the middle:

- Coins: cash coins with square holes (shape: circles),
- Strings: threaded cords with ticks and a knot (shape: vertical bars),
- Myriads: a bust under the Chinese numeral above a large 萬 (shape: figure + character),
- Old Thousand: an ink bust with a red seal and 千 reversed out,
- Red Flower: five-petal flower in seal red; White Flower: outlined flower on a black disc.

Faces are rendered at 2× (4× for small sizes) and smooth-scaled, then cached by
``(suit, number, height)``. No display mode is needed; ``convert_alpha`` is only called
when a display surface exists.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from scenes.core import fonts

# --- palette (§2.2) -------------------------------------------------------------------

PAPER = (0xF3, 0xEC, 0xD8)  # aged ivory card paper
INK = (0x1B, 0x17, 0x12)  # print black
SEAL_RED = (0xC1, 0x27, 0x2D)  # honours, 9 of Strings, seals
JADE_INK = (0x1C, 0x74, 0x68)  # Strings
PLUM_INK = (0x5B, 0x3B, 0x8C)  # Myriads
SUIT_INK = {"coins": INK, "strings": JADE_INK, "myriads": PLUM_INK, "honours": SEAL_RED}
BACK = (0xD9, 0xB1, 0x3B)  # mustard back
TABLE = (0x1E, 0x4A, 0x42)  # jade cloth
RAIL_MUSTARD = (0xD9, 0xB1, 0x3B)
RAIL_PINK = (0xE3, 0x8F, 0xA0)
RAIL_TURQUOISE = (0x3F, 0xA7, 0xA3)
EDGE = (0x7A, 0x6A, 0x4C)  # card outline: darker than the paper edge
PAPER_SHADE = (0xE2, 0xD6, 0xB8)  # aged rim of the paper
BACK_SHADE = (0xBF, 0x94, 0x28)  # back pattern, a step darker than BACK

# --- geometry ---------------------------------------------------------------------------

ASPECT = 3.2  # height / width
MINI_ASPECT = 1.0  # mini strip: width = round(height * MINI_ASPECT)
BAND = 0.17  # index band depth, fraction of card height
FIELD = (0.20, 0.80)  # field span, fractions of card height

SUITS = ("coins", "strings", "myriads")
HONOURS = {1: ("Old Thousand", "老千"), 2: ("Red Flower", "紅花"), 3: ("White Flower", "白花")}
CJK_NUMERALS = "一二三四五六七八九"
GLYPHS = "一二三四五六七八九萬老千紅白花"  # exactly the characters in the bundled subset

CJK_FONT = fonts.CJK_FONT
_CJK_ASCENT = 0.88  # ideographic em box: 0.88 em above the baseline, 0.12 em below


def card_width(height: int) -> int:
    """Width of a card of the given height (1 : 3.2)."""
    return max(1, round(height / ASPECT))


def mini_width(height: int) -> int:
    """Width of a mini strip of the given height."""
    return max(1, round(height * MINI_ASPECT))


def card_name(suit: str, number: int) -> str:
    """English name of a card, e.g. ``"3 of Myriads"`` or ``"Red Flower"``."""
    _check(suit, number)
    if suit == "honours":
        return HONOURS[number][0]
    return f"{number} of {suit.capitalize()}"


def _check(suit: str, number: int) -> None:
    if suit == "honours":
        if number not in HONOURS:
            raise ValueError(f"honour number must be 1, 2 or 3, not {number!r}")
    elif suit in SUITS:
        if not 1 <= number <= 9:
            raise ValueError(f"suit cards are numbered 1-9, not {number!r}")
    else:
        raise ValueError(f"unknown Kowah suit {suit!r}")


# --- low-level drawing helpers ------------------------------------------------------------

Pt = tuple[float, float]


def _ss(height: int) -> int:
    """Supersampling factor: 2× normally, more for very small cards."""
    return 4 if height < 140 else 2


def _finish(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _flatten(path: list[tuple], steps: int = 14) -> list[Pt]:
    """Flatten an M/L/Q/C/Z path (one sub-path) into a point list."""
    pts: list[Pt] = []
    cur: Pt = (0.0, 0.0)
    for cmd, *a in path:
        if cmd in ("M", "L"):
            cur = (a[0], a[1])
            pts.append(cur)
        elif cmd == "Q":
            (x0, y0), (cx, cy, x, y) = cur, a
            for i in range(1, steps + 1):
                t = i / steps
                mt = 1 - t
                pts.append((mt * mt * x0 + 2 * mt * t * cx + t * t * x,
                            mt * mt * y0 + 2 * mt * t * cy + t * t * y))
            cur = (x, y)
        elif cmd == "C":
            (x0, y0), (c1x, c1y, c2x, c2y, x, y) = cur, a
            for i in range(1, steps + 1):
                t = i / steps
                mt = 1 - t
                pts.append((mt ** 3 * x0 + 3 * mt * mt * t * c1x + 3 * mt * t * t * c2x + t ** 3 * x,
                            mt ** 3 * y0 + 3 * mt * mt * t * c1y + 3 * mt * t * t * c2y + t ** 3 * y))
            cur = (x, y)
    return pts


def _mirror(path: list[tuple]) -> list[tuple]:
    """Mirror a path left-right about x = 0."""
    out = []
    for cmd, *a in path:
        out.append((cmd, *[(-v if i % 2 == 0 else v) for i, v in enumerate(a)]))
    return out


def _place(pts: list[Pt], ox: float, oy: float, s: float) -> list[Pt]:
    return [(ox + x * s, oy + y * s) for x, y in pts]


def _poly(surf: pygame.Surface, colour, pts: list[Pt], width: int = 0) -> None:
    if len(pts) >= 3:
        pygame.draw.polygon(surf, colour, [(round(x), round(y)) for x, y in pts], width)


def _disc(surf: pygame.Surface, colour, c: Pt, r: float) -> None:
    pygame.draw.circle(surf, colour, (round(c[0]), round(c[1])), max(1, round(r)))


def _ring(surf: pygame.Surface, colour, c: Pt, r: float, width: float) -> None:
    pygame.draw.circle(surf, colour, (round(c[0]), round(c[1])), max(1, round(r)),
                       max(1, round(width)))


def _ellipse(surf: pygame.Surface, colour, c: Pt, rx: float, ry: float, width: float = 0) -> None:
    rect = pygame.Rect(0, 0, max(1, round(2 * rx)), max(1, round(2 * ry)))
    rect.center = (round(c[0]), round(c[1]))
    pygame.draw.ellipse(surf, colour, rect, max(0, round(width)))


def _stroke(surf: pygame.Surface, colour, a: Pt, b: Pt, width: float) -> None:
    """A straight stroke with round caps."""
    w = max(1.0, width)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * w / 2, dx / length * w / 2
    _poly(surf, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                         (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    _disc(surf, colour, a, w / 2)
    _disc(surf, colour, b, w / 2)


def _polyline(surf: pygame.Surface, colour, pts: list[Pt], width: float) -> None:
    for a, b in zip(pts, pts[1:], strict=False):
        _stroke(surf, colour, a, b, width)


def _rrect(surf: pygame.Surface, colour, x: float, y: float, w: float, h: float,
           radius: float = 0, width: float = 0) -> None:
    rect = pygame.Rect(round(x), round(y), max(1, round(x + w) - round(x)),
                       max(1, round(y + h) - round(y)))
    pygame.draw.rect(surf, colour, rect, max(0, round(width)), border_radius=max(0, round(radius)))


def _star(c: Pt, r_out: float, r_in: float, points: int = 5, turn: float = 0.0) -> list[Pt]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + turn + i * math.pi / points
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


# --- glyphs -------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _cjk(ch: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """One ideograph cropped to its em square (``size`` × ``size`` px)."""
    f = fonts.art_cjk_font(size)
    img = f.render(ch, True, colour)
    top = max(0, f.get_ascent() - round(_CJK_ASCENT * size))
    box = pygame.Rect(0, top, img.get_width(), min(size, img.get_height() - top))
    return img.subsurface(box).copy()


@lru_cache(maxsize=256)
def _numeral(digit: str, cap: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """An Arabic numeral in Be Vietnam Pro Bold, cropped to its ink, ``cap`` px tall."""
    probe = fonts.art_font(200, "bold").metrics("8")[0]
    ratio = (probe[3] - probe[2]) / 200
    img = fonts.art_font(max(6, round(cap / ratio)), "bold").render(digit, True, colour)
    return img.subsurface(img.get_bounding_rect(min_alpha=8)).copy()


def _blit_centred(surf: pygame.Surface, img: pygame.Surface, c: Pt) -> None:
    surf.blit(img, (round(c[0] - img.get_width() / 2), round(c[1] - img.get_height() / 2)))


# --- seals ----------------------------------------------------------------------------------


def _seal(side: float, seed: int, glyph: str | None, ss: int, motif: str = "") -> pygame.Surface:
    """A square vermilion seal with a slightly rough edge, 92 % opaque.

    ``glyph`` is reversed out (paper colour) in the middle; ``motif="coin"`` reverses out a
    cash coin instead.
    """
    rng = random.Random(seed)
    pad = side * 0.06
    size = round(side + 2 * pad)
    s = pygame.Surface((size, size), pygame.SRCALPHA)

    def rough(x0: float, y0: float, length: float, jitter: float) -> list[Pt]:
        pts: list[Pt] = []
        n = 9
        corners = [(x0, y0), (x0 + length, y0), (x0 + length, y0 + length), (x0, y0 + length)]
        for k in range(4):
            ax, ay = corners[k]
            bx, by = corners[(k + 1) % 4]
            for i in range(n):
                t = i / n
                pts.append((ax + (bx - ax) * t + rng.uniform(-jitter, jitter),
                            ay + (by - ay) * t + rng.uniform(-jitter, jitter)))
        return pts

    j = side * 0.012
    _poly(s, SEAL_RED, rough(pad, pad, side, j))
    inset = side * 0.06  # = 0.03 w for a 0.5 w seal
    line = max(1.0, side * 0.035)
    _poly(s, PAPER, rough(pad + inset, pad + inset, side - 2 * inset, j * 0.6), max(1, round(line)))
    c = (size / 2, size / 2)
    if glyph:
        g = _cjk(glyph, round(side * 0.66), PAPER)
        _blit_centred(s, g, c)
    elif motif == "coin":
        r = side * 0.30
        _ring(s, PAPER, c, r, max(1, side * 0.07))
        hole = side * 0.17
        _rrect(s, PAPER, c[0] - hole, c[1] - hole, 2 * hole, 2 * hole, 0, max(1, side * 0.06))
    # a stamp never inks evenly: a few pale specks
    for _ in range(int(14 * ss)):
        x, y = rng.uniform(pad + inset, size - pad - inset), rng.uniform(pad + inset, size - pad - inset)
        px, py = min(size - 1, max(0, round(x))), min(size - 1, max(0, round(y)))   # tiny seals
        if s.get_at((px, py))[:3] == SEAL_RED:
            _disc(s, (*PAPER, 70), (x, y), rng.uniform(0.4, 1.0) * ss * max(1, side / 120))
    s.set_alpha(235)  # 92 %
    return s


# --- index bands -------------------------------------------------------------------------


def _suit_mark(surf: pygame.Surface, suit: str, c: Pt, size: float, colour) -> None:
    """The small suit sign beside the numeral (shape redundancy for the suit)."""
    if suit == "coins":
        r = size / 2
        _disc(surf, colour, c, r)
        _ring(surf, SUIT_INK[suit], c, r * 0.74, max(1, r * 0.12))
        hole = r * 0.30
        _rrect(surf, SUIT_INK[suit], c[0] - hole, c[1] - hole, 2 * hole, 2 * hole)
    elif suit == "strings":
        bar = size * 0.16
        _rrect(surf, colour, c[0] - bar / 2, c[1] - size * 0.42, bar, size * 0.92, bar / 2)
        _ring(surf, colour, (c[0], c[1] - size * 0.40), size * 0.12, max(1, size * 0.06))
        for i in range(3):
            y = c[1] - size * 0.08 + i * size * 0.2
            _stroke(surf, colour, (c[0] - size * 0.30, y), (c[0] + size * 0.30, y), size * 0.11)
    elif suit == "myriads":
        _blit_centred(surf, _cjk("萬", round(size), colour), c)


def _draw_index(surf: pygame.Surface, rect: pygame.Rect, suit: str, number: int,
                compact: bool = False) -> None:
    """Fill ``rect`` with the index band of a card: the strongest mark on the card.

    ``compact`` (tiny cards): only the numeral, or the honour's star, drawn larger.
    """
    ink = SEAL_RED if suit == "honours" else SUIT_INK[suit]
    radius = min(rect.w, rect.h) * 0.10
    _rrect(surf, ink, rect.x, rect.y, rect.w, rect.h, radius)
    bh = rect.h
    cy = rect.centery
    if suit == "honours":
        chars = HONOURS[number][1]
        ch = min(bh * 0.42, rect.w * 0.34)
        gap = ch * 0.06
        star_r = min(bh * 0.27, rect.w * 0.2)
        total = 2 * star_r + ch + rect.w * 0.09
        if compact:
            star_r = min(bh * 0.40, rect.w * 0.3)
            total = 2 * star_r
        x0 = rect.centerx - total / 2
        sc = (x0 + star_r, cy)
        if number == 1:  # Old Thousand: star within a square stamp outline
            side = star_r * 1.9
            _rrect(surf, PAPER, sc[0] - side / 2, sc[1] - side / 2, side, side, 0,
                   max(1, star_r * 0.12))
            _poly(surf, PAPER, _star(sc, star_r * 0.78, star_r * 0.33))
        elif number == 2:  # Red Flower: solid star
            _poly(surf, PAPER, _star(sc, star_r, star_r * 0.42))
        else:  # White Flower: hollow star
            _poly(surf, PAPER, _star(sc, star_r, star_r * 0.42))
            _poly(surf, ink, _star(sc, star_r * 0.52, star_r * 0.22))
        if compact:
            return
        gx = x0 + 2 * star_r + rect.w * 0.09 + ch / 2
        for i, c in enumerate(chars):
            y = cy + (i - 0.5) * (ch + gap)
            _blit_centred(surf, _cjk(c, round(ch), PAPER), (gx, y))
        return
    cap = min(bh * 0.64, rect.w * 0.42)
    if compact:
        num = _numeral(str(number), round(min(bh * 0.74, rect.w * 0.6)), PAPER)
        _blit_centred(surf, num, rect.center)
        return
    num = _numeral(str(number), round(cap), PAPER)
    ch = min(bh * 0.40, rect.w * 0.27)
    mark = ch * 0.86
    gap = rect.w * 0.07
    total = num.get_width() + gap + ch
    x0 = rect.centerx - total / 2
    _blit_centred(surf, num, (x0 + num.get_width() / 2, cy))
    sx = x0 + num.get_width() + gap + ch / 2
    stack_gap = bh * 0.06
    stack_h = ch + stack_gap + mark
    top = cy - stack_h / 2
    _blit_centred(surf, _cjk(CJK_NUMERALS[number - 1], round(ch), PAPER), (sx, top + ch / 2))
    _suit_mark(surf, suit, (sx, top + ch + stack_gap + mark / 2), mark, PAPER)


# --- field pieces --------------------------------------------------------------------------


def _coin(surf: pygame.Surface, c: Pt, d: float, ink, ornate: bool = False) -> None:
    """A cash coin: rim, flat field, square hole with a raised square rim, four marks."""
    r = d / 2
    _disc(surf, ink, c, r)
    _disc(surf, PAPER, c, r * 0.86)
    _ring(surf, ink, c, r * 0.76, max(1, r * 0.045))
    if ornate:
        for i in range(16):
            a = i * math.pi / 8
            _disc(surf, ink, (c[0] + r * 0.81 * math.cos(a), c[1] + r * 0.81 * math.sin(a)),
                  r * 0.028)
    hole = d * 0.355 / 2
    rim = d * 0.06
    _rrect(surf, ink, c[0] - hole - rim, c[1] - hole - rim, 2 * (hole + rim), 2 * (hole + rim))
    _rrect(surf, PAPER, c[0] - hole, c[1] - hole, 2 * hole, 2 * hole)
    # four abstract "characters" around the hole (N, S, E, W), never legible text
    k = r * 0.50
    t = max(1.0, r * 0.075)
    q = r * 0.10
    for dx, dy in ((0, -1), (0, 1), (1, 0), (-1, 0)):
        mx, my = c[0] + dx * (hole + rim + k * 0.46), c[1] + dy * (hole + rim + k * 0.46)
        if dx == 0:
            _stroke(surf, ink, (mx - q, my), (mx + q, my), t)
            _stroke(surf, ink, (mx, my - q * 0.9), (mx, my + q * 0.9), t)
        else:
            _stroke(surf, ink, (mx, my - q), (mx, my + q), t)
            _stroke(surf, ink, (mx - q * 0.7, my - q * 0.45), (mx + q * 0.7, my - q * 0.45), t * 0.8)
            _stroke(surf, ink, (mx - q * 0.7, my + q * 0.45), (mx + q * 0.7, my + q * 0.45), t * 0.8)


def _coins(surf: pygame.Surface, box: pygame.Rect, n: int, w: float) -> None:
    ink = SUIT_INK["coins"]
    h = box.h
    cx = box.centerx
    if n <= 4:
        d = min(0.62 * w if n > 1 else 0.8 * w, box.w * 0.97, h / (1 + (n - 1) * 0.8))
        step = 0.0 if n == 1 else min(d * 1.12, (h - d) / (n - 1))
        top = box.centery - (d + step * (n - 1)) / 2 + d / 2
        for i in range(n):
            _coin(surf, (cx, top + i * step), d, ink, ornate=(n == 1))
        return
    d = min(0.47 * w, box.w * 0.58, h / (1 + (n - 1) * 0.4))
    dx = min(box.w / 2 - d / 2, d * 0.52)
    step = min(d * 0.62, (h - d) / (n - 1))
    top = box.centery - step * (n - 1) / 2
    for i in range(n):
        side = -1 if i % 2 == 0 else 1
        _coin(surf, (cx + side * dx, top + i * step), d, ink)


_STRING_ROWS = {1: [1], 2: [2], 3: [3], 4: [2, 2], 5: [2, 1, 2], 6: [3, 3],
                7: [3, 1, 3], 8: [3, 2, 3], 9: [3, 3, 3]}


def _cord(surf: pygame.Surface, x: float, top: float, bottom: float, w: float, ink,
          scale: float = 1.0) -> None:
    """A string of cash seen edge-on: a cord with six ticks and a knot at the top."""
    bar = 0.10 * w * scale
    knot_r = 0.062 * w * scale
    ky = top + knot_r
    # hanging loop, then the knot binding the cord
    _ring(surf, ink, (x, ky), knot_r, max(1, bar * 0.32))
    kb = ky + knot_r * 1.35
    _rrect(surf, ink, x - bar * 0.85, kb - bar * 0.32, bar * 1.7, bar * 0.64, bar * 0.3)
    y0 = kb
    _rrect(surf, ink, x - bar / 2, y0, bar, bottom - y0, bar * 0.2)
    tick_w = 0.18 * w * scale
    span = bottom - y0
    tick_t = max(1.0, min(0.04 * w * scale, span / 6 * 0.4))
    for i in range(6):
        y = y0 + span * (i + 0.75) / 6.5
        _rrect(surf, PAPER, x - tick_w / 2 - tick_t * 0.3, y - tick_t * 0.8,
               tick_w + tick_t * 0.6, tick_t * 1.6, tick_t * 0.8)
        _rrect(surf, ink, x - tick_w / 2, y - tick_t / 2, tick_w, tick_t, tick_t / 2)


def _strings(surf: pygame.Surface, box: pygame.Rect, n: int, w: float) -> None:
    ink = SEAL_RED if n == 9 else SUIT_INK["strings"]
    rows = _STRING_ROWS[n]
    gap = box.h * 0.05
    row_h = (box.h - gap * (len(rows) - 1)) / len(rows)
    if len(rows) == 1:
        row_h = min(row_h, box.h * 0.78)
    y = box.centery - (row_h * len(rows) + gap * (len(rows) - 1)) / 2
    for count in rows:
        pitch = min(0.34 * w, box.w / count)
        for j in range(count):
            x = box.centerx + (j - (count - 1) / 2) * pitch
            _cord(surf, x, y, y + row_h, w, ink, {1: 1.5, 2: 1.25}.get(n, 1.0))
        y += row_h + gap


# bust: unit = bust height; x centred on 0, y from 0 (top) to 1 (bottom)
_ROBE = [("M", -0.36, 0.97), ("L", -0.355, 0.86), ("Q", -0.34, 0.69, -0.2, 0.655),
         ("L", -0.075, 0.62), ("L", 0.075, 0.62), ("L", 0.2, 0.655),
         ("Q", 0.34, 0.69, 0.355, 0.86), ("L", 0.36, 0.97), ("Q", 0.0, 1.02, -0.36, 0.97)]
_LONG_BEARD = [("M", -0.092, 0.47), ("Q", -0.11, 0.62, -0.04, 0.76), ("L", 0.0, 0.82),
               ("L", 0.04, 0.76), ("Q", 0.11, 0.62, 0.092, 0.47), ("Q", 0.0, 0.535, -0.092, 0.47)]
_SHORT_BEARD = [("M", -0.07, 0.49), ("Q", -0.06, 0.58, 0.0, 0.64), ("Q", 0.06, 0.58, 0.07, 0.49),
                ("Q", 0.0, 0.535, -0.07, 0.49)]
_HATS: dict[int, list[list[tuple]]] = {
    # 1: official's cap with long horizontal wings
    1: [[("M", -0.14, 0.31), ("L", -0.14, 0.2), ("Q", -0.14, 0.1, 0.0, 0.1),
         ("Q", 0.14, 0.1, 0.14, 0.2), ("L", 0.14, 0.31)]],
    # 2: tall square scholar's cap
    2: [[("M", -0.135, 0.31), ("L", -0.12, 0.06), ("L", 0.12, 0.06), ("L", 0.135, 0.31)]],
    # 3: round helmet with spike and neck guards
    3: [[("M", -0.175, 0.33), ("Q", -0.185, 0.1, 0.0, 0.095), ("Q", 0.185, 0.1, 0.175, 0.33)],
        [("M", -0.0, 0.0), ("L", -0.03, 0.11), ("L", 0.03, 0.11)],
        [("M", -0.175, 0.3), ("L", -0.205, 0.53), ("L", -0.115, 0.5), ("L", -0.115, 0.32)],
        [("M", 0.175, 0.3), ("L", 0.205, 0.53), ("L", 0.115, 0.5), ("L", 0.115, 0.32)]],
    # 4: hair under a headband with ribbons
    4: [[("M", -0.13, 0.33), ("Q", -0.15, 0.17, 0.0, 0.165), ("Q", 0.15, 0.17, 0.13, 0.33)],
        [("M", 0.11, 0.27), ("Q", 0.24, 0.3, 0.33, 0.43), ("L", 0.295, 0.44),
         ("Q", 0.22, 0.34, 0.11, 0.31)],
        [("M", 0.12, 0.29), ("Q", 0.22, 0.38, 0.28, 0.52), ("L", 0.245, 0.52),
         ("Q", 0.19, 0.4, 0.11, 0.31)]],
    # 5: hair with a top-knot and pin
    5: [[("M", -0.13, 0.33), ("Q", -0.15, 0.17, 0.0, 0.165), ("Q", 0.15, 0.17, 0.13, 0.33)]],
    # 6: wide conical rain hat
    6: [[("M", -0.35, 0.3), ("Q", -0.13, 0.22, 0.0, 0.06), ("Q", 0.13, 0.22, 0.35, 0.3),
         ("Q", 0.0, 0.345, -0.35, 0.3)]],
    # 7: soft wrapped cap with ties
    7: [[("M", -0.14, 0.31), ("L", -0.148, 0.17), ("Q", -0.1, 0.085, 0.03, 0.095),
         ("Q", 0.17, 0.105, 0.152, 0.21), ("L", 0.14, 0.31)]],
    # 8: general's crown with two sweeping plumes
    8: [[("M", -0.145, 0.31), ("L", -0.165, 0.12), ("L", -0.075, 0.19), ("L", 0.0, 0.07),
         ("L", 0.075, 0.19), ("L", 0.165, 0.12), ("L", 0.145, 0.31)]],
    # 9: flat-topped ceremonial crown
    9: [[("M", -0.125, 0.31), ("L", -0.125, 0.15), ("L", 0.125, 0.15), ("L", 0.125, 0.31)],
        [("M", -0.26, 0.1), ("L", 0.26, 0.1), ("L", 0.24, 0.155), ("L", -0.24, 0.155)]],
}
_BEARDS = {1: "moustache", 2: "long", 3: "short", 5: "moustache", 6: "long", 7: "short",
           8: "long", 9: "moustache"}


def _bust(surf: pygame.Surface, cx: float, top: float, size: float, ink, variant: int) -> None:
    """A calm head-and-shoulders figure: ink robe and hat, paper face, fine ink features."""
    s = size

    def P(x: float, y: float) -> Pt:
        return (cx + x * s, top + y * s)

    def fill(path: list[tuple], colour) -> None:
        _poly(surf, colour, _place(_flatten(path), cx, top, s))

    line = max(1.0, 0.022 * s)
    # things behind the head
    if variant == 7:
        for sgn in (-1, 1):
            _stroke(surf, ink, P(sgn * 0.1, 0.2), P(sgn * 0.2, 0.5), 0.04 * s)
    if variant == 8:
        for sgn in (-1, 1):
            pts = _place(_flatten([("M", sgn * 0.08, 0.15), ("Q", sgn * 0.28, -0.04, sgn * 0.35, 0.14)],
                                  10), cx, top, s)
            _polyline(surf, ink, pts, 0.03 * s)
    # neck, robe, collar
    _rrect(surf, ink, cx - 0.075 * s, top + 0.5 * s, 0.15 * s, 0.16 * s)
    _rrect(surf, PAPER, cx - 0.075 * s + line, top + 0.5 * s, 0.15 * s - 2 * line, 0.16 * s)
    fill(_ROBE, ink)
    _stroke(surf, PAPER, P(0.085, 0.63), P(-0.005, 0.77), 0.045 * s)
    _stroke(surf, PAPER, P(-0.085, 0.63), P(0.14, 0.97), 0.05 * s)
    for sgn in (-1, 1):  # arms
        pts = _place(_flatten([("M", sgn * 0.29, 0.76), ("Q", sgn * 0.31, 0.88, sgn * 0.3, 0.99)], 6),
                     cx, top, s)
        _polyline(surf, PAPER, pts, 0.018 * s)
    # ears and head
    for sgn in (-1, 1):
        _ellipse(surf, ink, P(sgn * 0.125, 0.41), 0.03 * s, 0.048 * s)
        _ellipse(surf, PAPER, P(sgn * 0.125, 0.41), 0.03 * s - line, 0.048 * s - line)
    _ellipse(surf, ink, P(0, 0.4), 0.128 * s, 0.158 * s)
    _ellipse(surf, PAPER, P(0, 0.4), 0.128 * s - line, 0.158 * s - line)
    # features: brows, eyes, mouth
    for sgn in (-1, 1):
        _stroke(surf, ink, P(sgn * 0.03, 0.37), P(sgn * 0.085, 0.36), 0.02 * s)
        _stroke(surf, ink, P(sgn * 0.038, 0.405), P(sgn * 0.075, 0.408), 0.016 * s)
    beard = _BEARDS.get(variant)
    if beard in ("long", "short"):
        path = _LONG_BEARD if beard == "long" else _SHORT_BEARD
        pts = _place(_flatten(path), cx, top, s)
        _poly(surf, PAPER, pts, max(1, round(line * 2.2)))
        _poly(surf, ink, pts)
    if beard is not None:
        for sgn in (-1, 1):
            _stroke(surf, ink, P(sgn * 0.012, 0.478), P(sgn * 0.07, 0.5), 0.02 * s)
    else:
        _stroke(surf, ink, P(-0.03, 0.5), P(0.03, 0.5), 0.014 * s)
    # hat
    for part in _HATS[variant]:
        fill(part, ink)
    if variant == 1:
        for sgn in (-1, 1):
            _stroke(surf, ink, P(sgn * 0.14, 0.23), P(sgn * 0.35, 0.215), 0.032 * s)
            _disc(surf, ink, P(sgn * 0.35, 0.215), 0.03 * s)
        _stroke(surf, PAPER, P(-0.12, 0.275), P(0.12, 0.275), 0.016 * s)
    elif variant == 2:
        _stroke(surf, PAPER, P(-0.12, 0.255), P(0.12, 0.255), 0.018 * s)
        _stroke(surf, PAPER, P(0.0, 0.09), P(0.0, 0.23), 0.014 * s)
    elif variant == 3:
        _disc(surf, ink, P(0, 0.02), 0.03 * s)
        _stroke(surf, PAPER, P(-0.16, 0.29), P(0.16, 0.29), 0.018 * s)
        for x in (-0.08, 0.08):
            _stroke(surf, PAPER, P(x * 0.6, 0.13), P(x, 0.27), 0.012 * s)
    elif variant in (4, 5):
        _stroke(surf, PAPER, P(-0.13, 0.265), P(0.13, 0.265), 0.014 * s)
        if variant == 4:
            _stroke(surf, PAPER, P(-0.13, 0.315), P(0.13, 0.315), 0.014 * s)
        else:
            _disc(surf, ink, P(0, 0.135), 0.07 * s)
            _stroke(surf, ink, P(-0.14, 0.125), P(0.14, 0.145), 0.02 * s)
            _disc(surf, ink, P(0.15, 0.146), 0.022 * s)
    elif variant == 6:
        for x in (-0.27, -0.13, 0.13, 0.27):
            _stroke(surf, PAPER, P(x * 0.12, 0.1), P(x, 0.29), 0.012 * s)
    elif variant == 7:
        _stroke(surf, PAPER, P(-0.12, 0.22), P(0.11, 0.15), 0.014 * s)
    elif variant == 8:
        _stroke(surf, PAPER, P(-0.135, 0.27), P(0.135, 0.27), 0.016 * s)
        _disc(surf, PAPER, P(0, 0.12), 0.03 * s)
        _disc(surf, ink, P(0, 0.12), 0.016 * s)
    elif variant == 9:
        _stroke(surf, PAPER, P(-0.11, 0.27), P(0.11, 0.27), 0.016 * s)
        for x in (-0.22, 0.22):
            _stroke(surf, ink, P(x, 0.155), P(x, 0.27), 0.01 * s)
            for y in (0.19, 0.23, 0.27):
                _disc(surf, ink, P(x, y), 0.017 * s)


def _flower(surf: pygame.Surface, c: Pt, w: float, fill, outline, centre) -> None:
    """Five round petals (r = 0.18 w) around a centre."""
    pr = 0.18 * w
    dist = 0.19 * w
    ol = max(1.0, 0.02 * w)
    petals = [(c[0] + dist * math.cos(-math.pi / 2 + i * 2 * math.pi / 5),
               c[1] + dist * math.sin(-math.pi / 2 + i * 2 * math.pi / 5)) for i in range(5)]
    for p in petals:  # outline pass, then fill pass: petals read as overlapping
        _disc(surf, outline, p, pr + ol)
    for p in petals:
        _disc(surf, fill, p, pr)
    for p in petals:  # petal veins
        _stroke(surf, outline, (c[0] + (p[0] - c[0]) * 0.55, c[1] + (p[1] - c[1]) * 0.55),
                (c[0] + (p[0] - c[0]) * 1.35, c[1] + (p[1] - c[1]) * 1.35), ol * 0.7)
    _disc(surf, outline, c, 0.095 * w)
    _disc(surf, centre, c, 0.07 * w)
    for i in range(5):
        a = math.pi / 2 + i * 2 * math.pi / 5
        _disc(surf, outline, (c[0] + 0.04 * w * math.cos(a), c[1] + 0.04 * w * math.sin(a)),
              0.014 * w)


_LEAF = [("M", 0.0, 0.0), ("Q", 0.35, -0.32, 1.0, -0.05), ("Q", 0.45, 0.28, 0.0, 0.0)]


def _stem(surf: pygame.Surface, top: Pt, bottom_y: float, w: float, ink) -> None:
    x, y = top
    pts = _place(_flatten([("M", 0, 0), ("Q", 0.12, 0.5, -0.02, 1.0)], 16), x,
                 y, bottom_y - y)
    pts = [(x + (px - x) * 0.35 * w / (bottom_y - y) * 3, py) for px, py in pts]
    _polyline(surf, ink, pts, 0.035 * w)
    for k, (sgn, t) in enumerate(((1, 0.42), (-1, 0.68))):
        base = pts[round(t * (len(pts) - 1))]
        leaf = [(base[0] + sgn * lx * 0.36 * w, base[1] + ly * 0.36 * w - k * 0.0)
                for lx, ly in _flatten(_LEAF, 10)]
        _poly(surf, ink, leaf)
        mid = [(base[0] + sgn * lx * 0.36 * w, base[1] + ly * 0.36 * w)
               for lx, ly in ((0.1, -0.02), (0.75, -0.07))]
        _stroke(surf, PAPER, mid[0], mid[1], 0.012 * w)


def _myriads(surf: pygame.Surface, box: pygame.Rect, n: int, w: float, h: float) -> None:
    ink = SUIT_INK["myriads"]
    num_h = 0.072 * h
    wan_h = 0.12 * h
    bust_h = min(0.30 * h, box.h - num_h - wan_h - 0.03 * h, box.w / 0.74)
    gap = (box.h - num_h - wan_h - bust_h) / 2
    y = box.y
    _blit_centred(surf, _cjk(CJK_NUMERALS[n - 1], round(num_h), ink), (box.centerx, y + num_h / 2))
    y += num_h + gap * 0.9
    _bust(surf, box.centerx, y, bust_h, ink, n)
    y += bust_h + gap * 1.1
    _blit_centred(surf, _cjk("萬", round(wan_h), ink), (box.centerx, y + wan_h / 2))


def _honour(surf: pygame.Surface, box: pygame.Rect, n: int, w: float, h: float, ss: int) -> None:
    cx = box.centerx
    if n == 1:  # Old Thousand: ink bust, red seal with 千 over the lower half
        ch = 0.08 * h
        bust_h = min(0.30 * h, box.w / 0.74)
        gap = 0.03 * h
        side = 0.5 * w
        total = ch + gap + bust_h + side * 0.2
        top = box.centery - total / 2
        _blit_centred(surf, _cjk("老", round(ch), INK), (cx, top + ch / 2))
        top += ch + gap
        _bust(surf, cx, top, bust_h, INK, 2)
        seal = _seal(side, 1000 + round(h), "千", ss)
        _blit_centred(surf, seal, (cx, top + bust_h + side * 0.2 - side / 2))
        return
    fc = (cx, box.y + box.h * 0.30)
    if n == 2:  # Red Flower
        _stem(surf, (fc[0], fc[1] + 0.2 * w), box.bottom - box.h * 0.04, w, INK)
        _flower(surf, fc, w, SEAL_RED, INK, INK)
    else:  # White Flower on a black disc
        _stem(surf, (fc[0], fc[1] + 0.3 * w), box.bottom - box.h * 0.04, w, INK)
        _disc(surf, INK, fc, 0.42 * w)
        _ring(surf, PAPER, fc, 0.42 * w - max(1.0, 0.03 * w), max(1.0, 0.012 * w))
        _flower(surf, fc, w, PAPER, INK, PAPER)


# --- the card ------------------------------------------------------------------------------


def _paper(surf: pygame.Surface, w: float, h: float, fill, shade, ss: int) -> None:
    """Card silhouette with an aged rim and a 1-px darker outline."""
    radius = 0.06 * w
    _rrect(surf, shade, 0, 0, w, h, radius)
    inset = max(1.0, 0.02 * w)
    _rrect(surf, fill, inset, inset, w - 2 * inset, h - 2 * inset, max(0, radius - inset))
    outline = max(ss, round(max(1.0, 0.0054 * h / ss) * ss))
    _rrect(surf, EDGE, 0, 0, w, h, radius, outline)


def _frame(surf: pygame.Surface, w: float, h: float, ink) -> pygame.Rect:
    """The 0.012 h ink frame round the field, with a fine inner rule; returns the content box."""
    m = 0.07 * w
    y0, y1 = FIELD[0] * h, FIELD[1] * h
    t = 0.012 * h
    _rrect(surf, ink, m, y0, w - 2 * m, y1 - y0, 0, t)
    r = t + 0.007 * h
    _rrect(surf, ink, m + r, y0 + r, w - 2 * m - 2 * r, y1 - y0 - 2 * r, 0, max(1.0, 0.0035 * h))
    pad = r + 0.008 * h
    return pygame.Rect(round(m + pad), round(y0 + pad), round(w - 2 * m - 2 * pad),
                       round(y1 - y0 - 2 * pad))


def _render_face(suit: str, number: int, height: int) -> pygame.Surface:
    ss = _ss(height)
    w1 = card_width(height)
    w, h = w1 * ss, height * ss
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    _paper(surf, w, h, PAPER, PAPER_SHADE, ss)
    m = 0.07 * w
    band = pygame.Rect(round(m), round(m), round(w - 2 * m), round(BAND * h - m))
    band_img = pygame.Surface(band.size, pygame.SRCALPHA)
    _draw_index(band_img, band_img.get_rect(), suit, number, compact=band.h < 15 * ss)
    surf.blit(band_img, band.topleft)
    surf.blit(pygame.transform.flip(band_img, True, True), (band.x, round(h - m) - band.h))
    frame_ink = INK if suit == "honours" else SUIT_INK[suit]
    box = _frame(surf, w, h, frame_ink)
    if suit == "coins":
        _coins(surf, box, number, w)
    elif suit == "strings":
        _strings(surf, box, number, w)
    elif suit == "myriads":
        _myriads(surf, box, number, w, h)
    else:
        _honour(surf, box, number, w, h, ss)
    return pygame.transform.smoothscale(surf, (w1, height))


def _render_back(height: int) -> pygame.Surface:
    ss = _ss(height)
    w1 = card_width(height)
    w, h = w1 * ss, height * ss
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    _paper(surf, w, h, BACK, BACK_SHADE, ss)
    # 1.5 % ink border and a fine inner rule
    b = 0.015 * h
    _rrect(surf, INK, 0, 0, w, h, 0.06 * w, b)
    m = 0.09 * w
    _rrect(surf, INK, m, m, w - 2 * m, h - 2 * m, 0.03 * w, max(1.0, 0.004 * h))
    # quiet staggered pattern of small cash coins, one shade darker than the mustard
    step = 0.19 * w
    r = 0.06 * w
    lw = max(1.0, 0.014 * w)
    cols = 4
    rows = int((h - 2 * m - step) / step)
    y0 = h / 2 - (rows - 1) * step / 2
    for i in range(rows):
        y = y0 + i * step
        if abs(y - h / 2) < 0.42 * w:
            continue
        shift = 0 if i % 2 == 0 else 0.5
        for j in range(cols + (1 if shift else 0)):
            x = w / 2 + (j - (cols - 1) / 2 - shift) * step
            if x - r < m + lw * 2 or x + r > w - m - lw * 2:
                continue
            _ring(surf, BACK_SHADE, (x, y), r, lw)
            _rrect(surf, BACK_SHADE, x - r * 0.32, y - r * 0.32, r * 0.64, r * 0.64, 0, lw)
    seal = _seal(0.5 * w, 77 + height, None, ss, motif="coin")
    _blit_centred(surf, seal, (w / 2, h / 2))
    return pygame.transform.smoothscale(surf, (w1, height))


def _render_mini(suit: str, number: int, height: int) -> pygame.Surface:
    ss = 4 if height < 100 else 2
    w1 = mini_width(height)
    w, h = w1 * ss, height * ss
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = 0.1 * min(w, h)
    _rrect(surf, PAPER, 0, 0, w, h, radius)
    m = 0.07 * min(w, h)
    band = pygame.Rect(round(m), round(m), round(w - 2 * m), round(h - 2 * m))
    _draw_index(surf, band, suit, number, compact=height < 20)
    _rrect(surf, EDGE, 0, 0, w, h, radius, max(ss, round(0.015 * h)))
    return pygame.transform.smoothscale(surf, (w1, height))


def _render_shadow(height: int, lifted: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    u = height / 28.0  # a hand card is 28 u tall
    w, h = card_width(height), height
    grow = 0.25 * u
    pad = math.ceil(3 * grow) + 1
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for k, alpha in ((3, 10), (2, 23), (1, 41)):  # 4 %, 9 %, 16 %
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        g = k * grow
        _rrect(layer, (0, 0, 0, alpha), pad - g, pad - g, w + 2 * g, h + 2 * g, 0.06 * w + g)
        surf.blit(layer, (0, 0))
    off = (0.6 * u, 1.1 * u) if lifted else (0.25 * u, 0.45 * u)
    return surf, (round(off[0]) - pad, round(off[1]) - pad)


class KowahArt:
    """Renders and caches Kowah card faces, backs, mini strips and shadows.

    ``face(suit, number, height)``: ``suit`` in ``{"coins", "strings", "myriads",
    "honours"}``; ``number`` 1–9 for the three suits, and for ``"honours"``
    1 = Old Thousand 老千, 2 = Red Flower 紅花, 3 = White Flower 白花.
    All surfaces are SRCALPHA, width ``round(height / 3.2)``.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple, object] = {}

    def face(self, suit: str, number: int, height: int) -> pygame.Surface:
        _check(suit, number)
        key = ("face", suit, number, int(height))
        if key not in self._cache:
            self._cache[key] = _finish(_render_face(suit, number, max(8, int(height))))
        return self._cache[key]  # type: ignore[return-value]

    def back(self, height: int) -> pygame.Surface:
        key = ("back", int(height))
        if key not in self._cache:
            self._cache[key] = _finish(_render_back(max(8, int(height))))
        return self._cache[key]  # type: ignore[return-value]

    def mini(self, suit: str, number: int, height: int) -> pygame.Surface:
        """The top index band alone, for the discard history: ``mini_width(height)`` wide."""
        _check(suit, number)
        key = ("mini", suit, number, int(height))
        if key not in self._cache:
            self._cache[key] = _finish(_render_mini(suit, number, max(8, int(height))))
        return self._cache[key]  # type: ignore[return-value]

    def shadow(self, height: int, lifted: bool = False) -> tuple[pygame.Surface, tuple[int, int]]:
        """Soft drop shadow and where to blit it relative to the card's top-left corner."""
        key = ("shadow", int(height), bool(lifted))
        if key not in self._cache:
            surf, off = _render_shadow(max(8, int(height)), lifted)
            self._cache[key] = (_finish(surf), off)
        return self._cache[key]  # type: ignore[return-value]

    def clear(self) -> None:
        self._cache.clear()


__all__ = [
    "ASPECT", "BACK", "CJK_FONT", "CJK_NUMERALS", "EDGE", "GLYPHS", "HONOURS", "INK",
    "JADE_INK", "MINI_ASPECT", "PAPER", "PLUM_INK", "RAIL_MUSTARD", "RAIL_PINK",
    "RAIL_TURQUOISE", "SEAL_RED", "SUITS", "SUIT_INK", "TABLE", "KowahArt", "card_name",
    "card_width", "mini_width",
]
