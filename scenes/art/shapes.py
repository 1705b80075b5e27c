"""Shared drawing helpers for procedural card art (art-direction §0).

Shapes are data: normalised point lists or tiny SVG-subset paths (``M L Q C Z`` in a
0..1 box) flattened to polygons, then mapped onto pixels by a :class:`Pen`. Faces are
drawn with plain ``pygame.draw`` polygons/circles at a supersampled size and reduced
with ``smoothscale`` (:func:`supersample`), which gives clean anti-aliased edges without
gfxdraw. :func:`drop_shadow` / :func:`disc_shadow` implement the §0 card shadow.

Everything here is game-agnostic; game-specific art lives in sibling modules.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

import pygame

Point = tuple[float, float]
Poly = tuple[Point, ...]
Colour = Sequence[int]

# ---------------------------------------------------------------------------
# Geometry as data (normalised coordinates)
# ---------------------------------------------------------------------------


def quad_points(p0: Point, p1: Point, p2: Point, steps: int = 12) -> list[Point]:
    """Quadratic Bézier p0→p2 with control p1, flattened (p0 excluded)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def cubic_points(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Cubic Bézier p0→p3 with controls p1, p2, flattened (p0 excluded)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        a, b, c, d = u**3, 3 * u * u * t, 3 * u * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


_TOKEN = re.compile(r"[MLQCZmlqcz]|-?\d*\.?\d+(?:[eE][-+]?\d+)?")


@lru_cache(maxsize=512)
def parse_path(d: str, steps: int = 12) -> tuple[Poly, ...]:
    """Flatten a path in the tiny SVG subset ``M x y``, ``L x y``, ``Q cx cy x y``,
    ``C c1x c1y c2x c2y x y``, ``Z`` (absolute coordinates only; ``L`` may repeat
    implicitly after ``M``/``L``) into a tuple of polygons / polylines."""
    tokens = _TOKEN.findall(d)
    subpaths: list[list[Point]] = []
    cur: list[Point] = []
    cmd = ""
    i = 0

    def num() -> float:
        nonlocal i
        v = float(tokens[i])
        i += 1
        return v

    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd = tok.upper()
            i += 1
            if cmd == "Z":
                if cur:
                    subpaths.append(cur)
                cur = []
                continue
        if cmd == "M":
            if cur:
                subpaths.append(cur)
            cur = [(num(), num())]
            cmd = "L"
        elif cmd == "L":
            cur.append((num(), num()))
        elif cmd == "Q":
            c, p = (num(), num()), (num(), num())
            cur.extend(quad_points(cur[-1], c, p, steps))
        elif cmd == "C":
            c1, c2, p = (num(), num()), (num(), num()), (num(), num())
            cur.extend(cubic_points(cur[-1], c1, c2, p, steps + 4))
        else:  # pragma: no cover - malformed data is a programming error
            raise ValueError(f"bad path command {tok!r} in {d!r}")
    if cur:
        subpaths.append(cur)
    return tuple(tuple(p) for p in subpaths)


def ellipse(cx: float, cy: float, rx: float, ry: float, rot: float = 0.0, n: int = 36) -> Poly:
    """Closed ellipse polygon, ``rot`` in degrees (clockwise on screen)."""
    cr, sr = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return tuple(pts)


def arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 24,
        ry: float | None = None) -> Poly:
    """Points on a circular (or elliptical) arc from angle a0 to a1 (degrees, screen
    convention: 0 = east, 90 = south)."""
    ry = r if ry is None else ry
    return tuple((cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
                  cy + ry * math.sin(math.radians(a0 + (a1 - a0) * k / n)))
                 for k in range(n + 1))


def band(cx: float, cy: float, r_out: float, r_in: float, a0: float, a1: float,
         n: int = 24) -> Poly:
    """A filled annular sector (a thick arc) as one polygon."""
    return arc(cx, cy, r_out, a0, a1, n) + arc(cx, cy, r_in, a1, a0, n)


def star(cx: float, cy: float, r_out: float, r_in: float, points: int,
         rot: float = -90.0) -> Poly:
    """Star polygon with ``points`` tips; the first tip points at angle ``rot``."""
    pts = []
    for k in range(points * 2):
        r = r_out if k % 2 == 0 else r_in
        a = math.radians(rot + 180.0 * k / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(pts)


def regular(cx: float, cy: float, r: float, sides: int, rot: float = -90.0) -> Poly:
    """Regular polygon whose first vertex points at angle ``rot``."""
    return tuple((cx + r * math.cos(math.radians(rot + 360.0 * k / sides)),
                  cy + r * math.sin(math.radians(rot + 360.0 * k / sides)))
                 for k in range(sides))


def crescent(cx: float, cy: float, r: float, bx: float, by: float, br: float,
             n: int = 40) -> Poly:
    """The disc (cx, cy, r) minus the disc (bx, by, br) as one polygon (a crescent when
    the bite overlaps the edge)."""
    d = math.hypot(bx - cx, by - cy)
    if d >= r + br or d + br <= r:  # bite misses the edge: nothing to remove
        return ellipse(cx, cy, r, r, 0, n)
    if d + r <= br:  # bite swallows the disc
        return ()
    # Intersection points of the two circles.
    a = (r * r - br * br + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r * r - a * a))
    ux, uy = (bx - cx) / d, (by - cy) / d
    mx, my = cx + a * ux, cy + a * uy
    p1 = (mx - h * uy, my + h * ux)
    p2 = (mx + h * uy, my - h * ux)
    a1 = math.degrees(math.atan2(p1[1] - cy, p1[0] - cx))
    a2 = math.degrees(math.atan2(p2[1] - cy, p2[0] - cx))
    # Outer arc goes the long way round, away from the bite.
    span = (a2 - a1) % 360
    outer = arc(cx, cy, r, a1, a1 + span, n) if span > 180 else arc(cx, cy, r, a1, a1 - (360 - span), n)
    b1 = math.degrees(math.atan2(p2[1] - by, p2[0] - bx))
    b2 = math.degrees(math.atan2(p1[1] - by, p1[0] - bx))
    bspan = (b2 - b1) % 360
    # Inner arc: the part of the bite circle inside the disc (the short way, facing cx).
    mid_ccw = math.radians(b1 + bspan / 2)
    inside = math.hypot(bx + br * math.cos(mid_ccw) - cx, by + br * math.sin(mid_ccw) - cy) < r
    inner = arc(bx, by, br, b1, b1 + bspan, n) if inside else arc(bx, by, br, b1, b1 - (360 - bspan), n)
    return outer + inner[1:-1]


def rotate(pts: Iterable[Point], deg: float, about: Point = (0.5, 0.5)) -> Poly:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    ax, ay = about
    return tuple((ax + (x - ax) * c - (y - ay) * s, ay + (x - ax) * s + (y - ay) * c)
                 for x, y in pts)


def mirror_x(pts: Iterable[Point], axis: float = 0.5) -> Poly:
    return tuple((2 * axis - x, y) for x, y in pts)


def stroke_polys(pts: Sequence[Point], width: float, closed: bool = False) -> list[Poly]:
    """A polyline of ``width`` as quads (one per segment); add joins with circles."""
    out: list[Poly] = []
    seq = list(pts) + ([pts[0]] if closed and len(pts) > 2 else [])
    h = width / 2
    for (x0, y0), (x1, y1) in zip(seq, seq[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        ln = math.hypot(dx, dy)
        if ln == 0:
            continue
        nx, ny = -dy / ln * h, dx / ln * h
        out.append(((x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)))
    return out


# ---------------------------------------------------------------------------
# Pen: normalised coordinates → pixels on a surface
# ---------------------------------------------------------------------------


class Pen:
    """Draws normalised shapes onto ``surface``: pixel = origin + coordinate × scale.

    For a card face use ``origin`` = centre and ``scale`` = diameter (coordinates in
    fractions of D, y down); for a sign use the box's top-left and its side.
    ``pygame.draw`` writes RGBA directly (no blending), so drawing with alpha 0 on an
    SRCALPHA surface *cuts* a hole: that is how knocked-out sign details are made.
    """

    __slots__ = ("surface", "ox", "oy", "scale")

    def __init__(self, surface: pygame.Surface, origin: Point, scale: float):
        self.surface = surface
        self.ox, self.oy = origin
        self.scale = scale

    def px(self, p: Point) -> tuple[float, float]:
        return self.ox + p[0] * self.scale, self.oy + p[1] * self.scale

    def pts(self, pts: Iterable[Point]) -> list[tuple[float, float]]:
        ox, oy, s = self.ox, self.oy, self.scale
        return [(ox + x * s, oy + y * s) for x, y in pts]

    def poly(self, colour: Colour, pts: Sequence[Point]) -> None:
        if len(pts) >= 3:
            pygame.draw.polygon(self.surface, colour, self.pts(pts))

    def polys(self, colour: Colour, polys: Iterable[Sequence[Point]]) -> None:
        for p in polys:
            self.poly(colour, p)

    def path(self, colour: Colour, d: str) -> None:
        self.polys(colour, parse_path(d))

    def circle(self, colour: Colour, c: Point, r: float) -> None:
        x, y = self.px(c)
        rad = r * self.scale
        if rad >= 0.5:
            pygame.draw.circle(self.surface, colour, (round(x), round(y)), round(rad))

    def ring(self, colour: Colour, c: Point, r: float, width: float) -> None:
        """Ring whose outer edge is at ``r`` and which is ``width`` thick."""
        x, y = self.px(c)
        rad, w = r * self.scale, max(1, round(width * self.scale))
        if rad >= 1:
            pygame.draw.circle(self.surface, colour, (round(x), round(y)), round(rad), w)

    def ellipse(self, colour: Colour, c: Point, rx: float, ry: float, rot: float = 0.0) -> None:
        n = max(16, min(72, int(max(rx, ry) * self.scale)))
        self.poly(colour, ellipse(c[0], c[1], rx, ry, rot, n))

    def stroke(self, colour: Colour, pts: Sequence[Point], width: float,
               closed: bool = False, round_caps: bool = True) -> None:
        """Polyline of constant ``width`` with round joins (and caps)."""
        if len(pts) < 2:
            return
        for q in stroke_polys(pts, width, closed):
            self.poly(colour, q)
        r = width / 2
        if r * self.scale >= 1.0:
            joins = pts if round_caps or closed else pts[1:-1]
            for p in joins:
                self.circle(colour, p, r)

    def outlined(self, fill: Colour, line: Colour, polys: Sequence[Sequence[Point]],
                 width: float) -> None:
        """Fill the union of ``polys`` with an outside outline of ``width``."""
        for p in polys:
            self.poly(line, p)
            self.stroke(line, p, width * 2, closed=True)
        for p in polys:
            self.poly(fill, p)


# ---------------------------------------------------------------------------
# Rasterising helpers
# ---------------------------------------------------------------------------


def supersample_factor(size_px: int) -> int:
    """2× as §0 asks; targets under 64 px get 4× so thin details survive the reduction.
    Powers of two only: :func:`reduce` halves exactly (an odd ratio in ``smoothscale``
    loses a little precision, e.g. opaque alpha 255 → 253)."""
    return 2 if size_px >= 64 else 4


def reduce(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Shrink a supersampled surface to ``size`` by exact halvings (box filter), then a
    final ``smoothscale`` if the ratio was not a power of two."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    out = big
    while out.get_width() >= 2 * w and out.get_height() >= 2 * h \
            and out.get_width() % 2 == 0 and out.get_height() % 2 == 0:
        out = pygame.transform.smoothscale(out, (out.get_width() // 2, out.get_height() // 2))
    if out.get_size() != (w, h):
        out = pygame.transform.smoothscale(out, (w, h))
    return out


def new_surface(w: int, h: int, clear: Colour = (0, 0, 0)) -> pygame.Surface:
    """Transparent SRCALPHA surface whose invisible pixels carry ``clear``'s RGB (so the
    smoothscale reduction does not pull edges towards black)."""
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    s.fill((clear[0], clear[1], clear[2], 0))
    return s


def finish(surface: pygame.Surface) -> pygame.Surface:
    """``convert_alpha`` when a display exists (faster blits), unchanged otherwise."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def supersample(size: tuple[int, int], draw: Callable[[pygame.Surface, int], None],
                factor: int | None = None, clear: Colour = (0, 0, 0)) -> pygame.Surface:
    """Call ``draw(big_surface, factor)`` on a ``factor``× SRCALPHA canvas, then
    ``smoothscale`` it down to ``size``."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    f = factor or supersample_factor(min(w, h))
    big = new_surface(w * f, h * f, clear)
    draw(big, f)
    return finish(reduce(big, (w, h)))


def tinted(surface: pygame.Surface, colour: Colour) -> pygame.Surface:
    """Copy of ``surface`` with every pixel's RGB set to ``colour`` (alpha kept, scaled
    by ``colour``'s alpha if given)."""
    out = surface.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.fill((colour[0], colour[1], colour[2], 0), special_flags=pygame.BLEND_RGBA_ADD)
    if len(colour) > 3 and colour[3] != 255:
        out.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
    return out


# ---------------------------------------------------------------------------
# Card chrome: drop shadows (§0)
# ---------------------------------------------------------------------------

SHADOW_ALPHAS = (0.16, 0.09, 0.04)      # innermost copy first
SHADOW_OFFSET = (0.25, 0.45)            # in u
SHADOW_OFFSET_LIFTED = (0.6, 1.1)
SHADOW_GROW = 0.25                      # in u, per copy


def _stacked_alphas() -> list[int]:
    """Alpha of the zones covered by 3, 2 and 1 stacked copies (inner → outer)."""
    out = []
    for k in range(len(SHADOW_ALPHAS)):
        keep = 1.0
        for a in SHADOW_ALPHAS[k:]:
            keep *= 1 - a
        out.append(round((1 - keep) * 255))
    return out


def disc_shadow(diameter: int, u: float, lifted: bool = False
                ) -> tuple[pygame.Surface, tuple[int, int]]:
    """Shadow of a round card: surface + offset to blit it at, relative to the card's
    top-left. Three stacked black discs at 16/9/4 % alpha, each 0.25u larger."""
    grow = SHADOW_GROW * u
    ox, oy = (SHADOW_OFFSET_LIFTED if lifted else SHADOW_OFFSET)
    pad = math.ceil(grow * (len(SHADOW_ALPHAS) - 1)) + 1
    side = diameter + 2 * pad
    alphas = _stacked_alphas()

    def draw(big: pygame.Surface, f: int) -> None:
        c = side * f / 2
        for k in reversed(range(len(alphas))):
            r = (diameter / 2 + k * grow) * f
            pygame.draw.circle(big, (0, 0, 0, alphas[k]), (round(c), round(c)), round(r))

    surf = supersample((side, side), draw)
    return surf, (round(ox * u) - pad, round(oy * u) - pad)


def drop_shadow(silhouette: pygame.Surface, u: float, lifted: bool = False
                ) -> tuple[pygame.Surface, tuple[int, int]]:
    """Shadow for any card silhouette (its alpha channel): 3 scaled copies in black at
    16/9/4 % alpha, each 0.25u larger, offset (0.25u, 0.45u) — (0.6u, 1.1u) lifted."""
    w, h = silhouette.get_size()
    grow = SHADOW_GROW * u
    ox, oy = (SHADOW_OFFSET_LIFTED if lifted else SHADOW_OFFSET)
    pad = math.ceil(grow * (len(SHADOW_ALPHAS) - 1)) + 1
    out = new_surface(w + 2 * pad, h + 2 * pad)
    black = tinted(silhouette, (0, 0, 0))
    for k in reversed(range(len(SHADOW_ALPHAS))):
        sw, sh = round(w + 2 * k * grow), round(h + 2 * k * grow)
        copy = pygame.transform.smoothscale(black, (sw, sh)) if (sw, sh) != (w, h) else black.copy()
        copy.fill((255, 255, 255, round(SHADOW_ALPHAS[k] * 255)),
                  special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(copy, (pad + (w - sw) // 2, pad + (h - sh) // 2))
    return finish(out), (round(ox * u) - pad, round(oy * u) - pad)


__all__ = [
    "Pen", "parse_path", "quad_points", "cubic_points", "ellipse", "arc", "band", "star",
    "regular", "rotate", "mirror_x", "stroke_polys", "supersample", "supersample_factor", "reduce",
    "new_surface", "finish", "tinted", "disc_shadow", "drop_shadow",
]
