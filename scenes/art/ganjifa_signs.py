"""The ten Dashavatara suit signs and the sun / moon badges, as vector data.

Each sign is a tuple of drawing operations in a 0..1 box (y down), following the recipes
of art-direction §1.4. A sign is one colour (the suit's ink) with details *knocked out*
("cut" operations draw with alpha 0, so the card ground shows through): that keeps every
sign a single strong silhouette that reads at pip size and stays ≥ 3:1 on its ground.

Operations:
    ("fill", poly)                 solid polygon in the ink
    ("cut", poly)                  polygon knocked out
    ("line", pts, width)           open polyline, round joins
    ("loop", pts, width)           closed polyline
    ("cutline", pts, width) / ("cutloop", pts, width)
    ("dot", (x, y), r) / ("cutdot", (x, y), r)

All shapes are original geometry drawn for this project.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache

import pygame

from scenes.art.shapes import (
    Pen,
    Point,
    Poly,
    arc,
    crescent,
    ellipse,
    new_surface,
    parse_path,
    quad_points,
    regular,
    rotate,
)

Op = tuple

SIGN_KEYS = ("fish", "tortoise", "boar", "lion", "kalasha",
             "axe", "bow", "chakra", "conch", "talwar")

# Suit id (data/ganjifa.yaml) → sign; unknown suits fall back to avatar order.
SIGN_OF_SUIT = {
    "matsya": "fish", "kurma": "tortoise", "varaha": "boar", "narasimha": "lion",
    "vamana": "kalasha", "parashurama": "axe", "rama": "bow", "krishna": "chakra",
    "buddha": "conch", "kalki": "talwar",
}


def _path(d: str) -> list[Op]:
    return [("fill", p) for p in parse_path(d)]


def _cutpath(d: str) -> list[Op]:
    return [("cut", p) for p in parse_path(d)]


def _curve(d: str) -> Poly:
    """First sub-path of ``d`` as an open polyline."""
    return parse_path(d)[0]


def _lens(x0: float, y0: float, length: float, width: float, deg: float) -> Poly:
    """A pointed leaf / flame lens from (x0, y0) pointing at ``deg`` (0 = up)."""
    base = (((0.0, 0.0),) + tuple(quad_points((0.0, 0.0), (width, -length / 2), (0.0, -length), 10))
            + tuple(quad_points((0.0, -length), (-width, -length / 2), (0.0, 0.0), 10)[:-1]))
    return tuple((x0 + x, y0 + y) for x, y in rotate(base, deg, (0.0, 0.0)))


# ---------------------------------------------------------------------------
# The ten signs
# ---------------------------------------------------------------------------


def _fish() -> list[Op]:
    ops: list[Op] = []
    # Dorsal and belly fins, then tail, then body (all one ink).
    ops += _path("M 0.34 0.33 Q 0.42 0.13 0.62 0.20 Q 0.58 0.28 0.60 0.36 Z")
    ops += _path("M 0.44 0.66 Q 0.50 0.84 0.62 0.80 Q 0.58 0.72 0.60 0.64 Z")
    ops += _path("M 0.68 0.50 L 0.96 0.25 Q 0.86 0.50 0.96 0.75 Z")
    ops += _path("M 0.05 0.52 C 0.14 0.27 0.52 0.22 0.80 0.50 C 0.52 0.78 0.14 0.76 0.05 0.52 Z")
    # Gill, eye, three scale arcs.
    ops.append(("cutline", arc(0.11, 0.51, 0.17, -48, 48, 14), 0.032))
    ops.append(("cutdot", (0.18, 0.45), 0.045))
    ops.append(("dot", (0.175, 0.45), 0.02))
    for k, cx in enumerate((0.34, 0.46, 0.58)):
        r = 0.12 - 0.015 * k
        ops.append(("cutline", arc(cx, 0.51, r, -58, 58, 12), 0.028))
    return ops


def _tortoise() -> list[Op]:
    ops: list[Op] = []
    cx, cy = 0.5, 0.54
    # Four paddle legs, head and tail.
    for x, y, rot in ((0.22, 0.30, 38), (0.78, 0.30, -38), (0.23, 0.80, -34), (0.77, 0.80, 34)):
        ops.append(("fill", ellipse(x, y, 0.14, 0.075, rot, 24)))
    ops.append(("fill", ellipse(0.5, 0.12, 0.085, 0.105, 0, 24)))
    ops.append(("fill", ((0.45, 0.86), (0.55, 0.86), (0.5, 0.98))))
    # Gap between shell and limbs, then the shell.
    ops.append(("cut", ellipse(cx, cy, 0.31, 0.36, 0, 40)))
    ops.append(("fill", ellipse(cx, cy, 0.285, 0.335, 0, 40)))
    # Marginal ring, central hex plate and six radial seams.
    ops.append(("cutloop", ellipse(cx, cy, 0.225, 0.27, 0, 36), 0.03))
    hexa = tuple((x, cy + (y - cy) * 1.15) for x, y in regular(cx, cy, 0.11, 6, -90))
    ops.append(("cutloop", hexa, 0.03))
    for (x, y) in hexa:
        a = math.atan2((y - cy) / 0.27, (x - cx) / 0.225)
        ops.append(("cutline", ((x, y), (cx + 0.225 * math.cos(a), cy + 0.27 * math.sin(a))),
                    0.03))
    return ops


def _boar() -> list[Op]:
    ops: list[Op] = []
    # Legs.
    for x in (0.27, 0.37, 0.68, 0.78):
        ops += _path(f"M {x - 0.035} 0.60 L {x + 0.035} 0.60 L {x + 0.03} 0.86 "
                     f"L {x + 0.045} 0.90 L {x - 0.04} 0.90 L {x - 0.035} 0.86 Z")
    # Body and head in one outline: rump right, snout block left.
    ops += _path(
        "M 0.36 0.32 C 0.55 0.25 0.80 0.27 0.88 0.40 C 0.95 0.52 0.90 0.68 0.78 0.72 "
        "C 0.62 0.77 0.45 0.76 0.32 0.72 L 0.17 0.66 L 0.06 0.64 L 0.03 0.58 L 0.04 0.49 "
        "L 0.12 0.46 C 0.20 0.40 0.26 0.34 0.36 0.32 Z")
    # Bristle ridge along the back.
    teeth = []
    for k in range(9):
        t = k / 8
        x = 0.30 + 0.44 * t
        ytop = 0.34 - 0.06 * math.sin(math.pi * t) + 0.02
        teeth.append((x, ytop))
        if k < 8:
            teeth.append((x + 0.0275, ytop - 0.085 - 0.02 * math.sin(math.pi * t)))
    ops.append(("fill", tuple(teeth) + ((0.74, 0.40), (0.30, 0.40))))
    # Ear.
    ops += _path("M 0.27 0.36 L 0.30 0.20 L 0.38 0.34 Z")
    # Tail curl.
    ops.append(("line", _curve("M 0.89 0.44 Q 0.99 0.38 0.96 0.30"), 0.035))
    # Snout disc seam, eye, mouth and a pale curved tusk.
    ops.append(("cutline", ((0.10, 0.49), (0.09, 0.62)), 0.022))
    ops.append(("cutdot", (0.22, 0.47), 0.026))
    ops.append(("cut", tuple(_curve("M 0.20 0.64 Q 0.09 0.62 0.10 0.45 Q 0.14 0.57 0.23 0.60"))))
    return ops


def _mane(cx: float, cy: float, r_out: float, r_in: float, n: int) -> Poly:
    """A star of ``n`` flame-like locks: each tip swept a little clockwise and each
    side a gentle curve, so it reads as hair rather than sun rays."""
    pts: list[Point] = []
    step = 360.0 / n
    for k in range(n):
        a_in0 = math.radians(-90 + step * (k - 0.5))
        a_tip = math.radians(-90 + step * k + step * 0.22)
        a_in1 = math.radians(-90 + step * (k + 0.5))
        p0 = (cx + r_in * math.cos(a_in0), cy + r_in * math.sin(a_in0))
        tip = (cx + r_out * math.cos(a_tip), cy + r_out * math.sin(a_tip))
        p1 = (cx + r_in * math.cos(a_in1), cy + r_in * math.sin(a_in1))
        rm = (r_in + r_out) / 2
        a_c0 = math.radians(-90 + step * (k - 0.3))
        a_c1 = math.radians(-90 + step * (k + 0.45))
        c0 = (cx + rm * 1.04 * math.cos(a_c0), cy + rm * 1.04 * math.sin(a_c0))
        c1 = (cx + rm * 0.96 * math.cos(a_c1), cy + rm * 0.96 * math.sin(a_c1))
        if not pts:
            pts.append(p0)
        pts.extend(quad_points(p0, c0, tip, 6))
        pts.extend(quad_points(tip, c1, p1, 6))
    return tuple(pts[:-1])


def _lion() -> list[Op]:
    ops: list[Op] = []
    c = (0.5, 0.5)
    ops.append(("fill", _mane(0.5, 0.5, 0.495, 0.34, 12)))
    ops.append(("cutdot", c, 0.305))
    # Ears set into the mane, then the face disc.
    for sx in (-1, 1):
        a = math.radians(-90 + sx * 48)
        ex, ey = 0.5 + 0.265 * math.cos(a), 0.5 + 0.265 * math.sin(a)
        ops.append(("cutdot", (ex, ey), 0.1))
        ops.append(("dot", (ex, ey), 0.075))
        ops.append(("cutdot", (ex + 0.01 * sx, ey + 0.012), 0.032))
    ops.append(("dot", c, 0.27))
    # Calm, geometric features: heavy brows, narrow eyes, broad nose, muzzle pads.
    ops.append(("cut", tuple(_curve(
        "M 0.31 0.44 Q 0.40 0.37 0.485 0.43 L 0.48 0.46 Q 0.40 0.41 0.32 0.47 Z"))))
    ops.append(("cut", tuple(_curve(
        "M 0.69 0.44 Q 0.60 0.37 0.515 0.43 L 0.52 0.46 Q 0.60 0.41 0.68 0.47 Z"))))
    ops.append(("cut", _lens(0.355, 0.505, 0.10, 0.028, 80)))
    ops.append(("cut", _lens(0.645, 0.505, 0.10, 0.028, -80)))
    ops += _cutpath("M 0.43 0.55 L 0.57 0.55 L 0.50 0.615 Z")
    ops.append(("cutline", _curve("M 0.475 0.47 Q 0.45 0.52 0.44 0.55"), 0.02))
    ops.append(("cutline", _curve("M 0.525 0.47 Q 0.55 0.52 0.56 0.55"), 0.02))
    ops.append(("cutloop", ellipse(0.445, 0.655, 0.055, 0.04, 0, 20), 0.02))
    ops.append(("cutloop", ellipse(0.555, 0.655, 0.055, 0.04, 0, 20), 0.02))
    return ops


def _kalasha() -> list[Op]:
    ops: list[Op] = []
    # Mango leaves behind the coconut.
    ops.append(("fill", _lens(0.44, 0.27, 0.30, 0.07, -62)))
    ops.append(("fill", _lens(0.56, 0.27, 0.30, 0.07, 62)))
    ops.append(("fill", _lens(0.5, 0.25, 0.25, 0.07, 0)))
    for deg, x in ((-62, 0.44), (62, 0.56)):
        vein = _lens(x, 0.27, 0.24, 0.0, deg)
        ops.append(("cutline", (vein[0], vein[10]), 0.018))
    # Coconut, set off by a knocked-out ring.
    ops.append(("cutdot", (0.5, 0.17), 0.115))
    ops.append(("dot", (0.5, 0.17), 0.09))
    ops.append(("cutline", _curve("M 0.50 0.10 Q 0.55 0.15 0.52 0.22"), 0.02))
    # Flared rim, neck, round body, foot.
    ops += _path("M 0.29 0.27 L 0.71 0.27 L 0.63 0.33 L 0.37 0.33 Z")
    ops += _path("M 0.40 0.32 L 0.60 0.32 L 0.60 0.42 L 0.40 0.42 Z")
    ops.append(("dot", (0.5, 0.64), 0.27))
    ops += _path("M 0.38 0.86 L 0.62 0.86 L 0.67 0.97 L 0.33 0.97 Z")
    # Neck band and two painted bands with dots on the belly.
    ops.append(("cutline", ((0.40, 0.375), (0.60, 0.375)), 0.026))
    ops.append(("cutline", _curve("M 0.25 0.55 Q 0.50 0.61 0.75 0.55"), 0.028))
    ops.append(("cutline", _curve("M 0.25 0.71 Q 0.50 0.77 0.75 0.71"), 0.028))
    for x in (0.34, 0.42, 0.50, 0.58, 0.66):
        y = 0.63 + 0.02 * (1 - ((x - 0.5) / 0.25) ** 2)
        ops.append(("cutdot", (x, y), 0.022))
    return ops


def _axe() -> list[Op]:
    ops: list[Op] = []
    # Haft with end caps.
    ops += _path("M 0.57 0.08 L 0.69 0.08 L 0.675 0.90 L 0.585 0.90 Z")
    ops.append(("dot", (0.63, 0.08), 0.06))
    ops.append(("dot", (0.63, 0.92), 0.065))
    # Broad crescent blade to the left, small back spike to the right.
    ops += _path("M 0.60 0.15 Q 0.44 0.13 0.30 0.00 Q -0.12 0.30 0.30 0.62 "
                 "Q 0.44 0.47 0.60 0.45 Z")
    ops += _path("M 0.67 0.21 L 0.86 0.28 L 0.86 0.33 L 0.67 0.40 Z")
    # Bevel line along the edge, collar and grip wraps.
    ops.append(("cutline", _curve("M 0.285 0.07 Q -0.02 0.31 0.285 0.555"), 0.03))
    ops.append(("cutline", ((0.575, 0.52), (0.685, 0.52)), 0.024))
    for y in (0.68, 0.75):
        ops.append(("cutline", ((0.58, y), (0.68, y)), 0.022))
    return ops


def _bow() -> list[Op]:
    ops: list[Op] = []
    top, bot, sx = (0.80, 0.04), (0.80, 0.96), 0.80
    # Limb: a tapering crescent through both tips, recurved ends, grip.
    ops += _path(f"M {top[0]} {top[1]} Q 0.00 0.50 {bot[0]} {bot[1]} Q 0.14 0.50 {top[0]} {top[1]} Z")
    ops.append(("line", _curve("M 0.80 0.04 Q 0.84 0.02 0.86 0.06"), 0.03))
    ops.append(("line", _curve("M 0.80 0.96 Q 0.84 0.98 0.86 0.94"), 0.03))
    ops += _path("M 0.36 0.43 L 0.46 0.43 L 0.46 0.57 L 0.36 0.57 Z")
    # String.
    ops.append(("line", ((sx, top[1] + 0.01), (sx, bot[1] - 0.01)), 0.018))
    # Arrow: shaft, head, fletching.
    ops.append(("line", ((0.12, 0.5), (0.86, 0.5)), 0.032))
    ops += _path("M 0.02 0.50 L 0.16 0.42 L 0.13 0.50 L 0.16 0.58 Z")
    ops += _path("M 0.66 0.49 L 0.77 0.49 L 0.86 0.39 L 0.76 0.39 Z")
    ops += _path("M 0.66 0.51 L 0.77 0.51 L 0.86 0.61 L 0.76 0.61 Z")
    ops.append(("cutline", ((0.37, 0.45), (0.37, 0.55)), 0.015))
    return ops


def _chakra() -> list[Op]:
    ops: list[Op] = []
    c = 0.5
    flame = tuple(parse_path(
        "M -0.065 0 Q -0.07 -0.08 0.03 -0.15 Q 0.00 -0.07 0.065 0 Z")[0])
    for k in range(8):
        a = 22.5 + 45 * k
        pts = rotate(flame, a, (0.0, 0.0))
        r = 0.34
        ang = math.radians(a - 90)
        ops.append(("fill", tuple((c + r * math.cos(ang) + x, c + r * math.sin(ang) + y)
                                  for x, y in pts)))
    ops.append(("dot", (c, c), 0.375))
    ops.append(("cutdot", (c, c), 0.285))
    ops.append(("cutloop", ellipse(c, c, 0.33, 0.33, 0, 40), 0.018))
    for k in range(8):
        a = math.radians(45 * k - 90)
        ops.append(("line", ((c + 0.08 * math.cos(a), c + 0.08 * math.sin(a)),
                             (c + 0.30 * math.cos(a), c + 0.30 * math.sin(a))), 0.045))
    ops.append(("dot", (c, c), 0.11))
    ops.append(("cutdot", (c, c), 0.05))
    ops.append(("dot", (c, c), 0.025))
    return ops


def _conch() -> list[Op]:
    ops: list[Op] = []
    ops += _path(
        "M 0.45 0.03 C 0.54 0.09 0.66 0.18 0.73 0.30 C 0.90 0.40 0.92 0.64 0.80 0.77 "
        "C 0.70 0.86 0.60 0.89 0.55 0.97 L 0.47 0.97 "
        "C 0.43 0.86 0.30 0.81 0.24 0.67 C 0.16 0.50 0.22 0.36 0.31 0.27 "
        "C 0.37 0.18 0.41 0.10 0.45 0.03 Z")
    # Whorl lines on the spire.
    ops.append(("cutline", _curve("M 0.38 0.16 Q 0.47 0.16 0.56 0.10"), 0.026))
    ops.append(("cutline", _curve("M 0.32 0.25 Q 0.48 0.25 0.64 0.17"), 0.026))
    ops.append(("cutline", _curve("M 0.26 0.35 Q 0.48 0.35 0.71 0.27"), 0.026))
    # Aperture and the flared lip.
    ops.append(("cut", tuple(_curve(
        "M 0.72 0.36 C 0.80 0.46 0.80 0.64 0.70 0.74 C 0.64 0.80 0.60 0.84 0.57 0.88 "
        "C 0.62 0.72 0.66 0.52 0.72 0.36"))))
    ops.append(("cutline", _curve("M 0.40 0.50 Q 0.48 0.64 0.52 0.82"), 0.02))
    return ops


def _talwar() -> list[Op]:
    ops: list[Op] = []
    # Blade curving up and back from the guard.
    ops += _path("M 0.40 0.70 C 0.36 0.46 0.46 0.20 0.74 0.03 "
                 "C 0.66 0.20 0.55 0.42 0.53 0.70 Z")
    ops.append(("cutline", _curve("M 0.455 0.66 C 0.44 0.47 0.50 0.28 0.63 0.14"), 0.018))
    # Cross guard with knob ends and a langet.
    ops += _path("M 0.25 0.70 L 0.68 0.70 L 0.68 0.76 L 0.25 0.76 Z")
    ops.append(("dot", (0.25, 0.73), 0.04))
    ops.append(("dot", (0.68, 0.73), 0.04))
    ops += _path("M 0.435 0.70 L 0.465 0.60 L 0.495 0.70 Z")
    # Grip and disc pommel with a small finial.
    ops += _path("M 0.43 0.76 Q 0.41 0.82 0.435 0.88 L 0.495 0.88 Q 0.52 0.82 0.50 0.76 Z")
    ops.append(("cutline", ((0.42, 0.80), (0.51, 0.80)), 0.014))
    ops.append(("cutline", ((0.42, 0.84), (0.51, 0.84)), 0.014))
    ops.append(("fill", ellipse(0.465, 0.905, 0.13, 0.04, 0, 28)))
    ops.append(("dot", (0.465, 0.955), 0.03))
    return ops


_BUILDERS: dict[str, Callable[[], list[Op]]] = {
    "fish": _fish, "tortoise": _tortoise, "boar": _boar, "lion": _lion, "kalasha": _kalasha,
    "axe": _axe, "bow": _bow, "chakra": _chakra, "conch": _conch, "talwar": _talwar,
}


@cache
def sign_ops(key: str) -> tuple[Op, ...]:
    """The drawing operations of one sign (built once)."""
    return tuple(_BUILDERS[key]())


def draw_ops(pen: Pen, ops: Sequence[Op], colour: Sequence[int]) -> None:
    """Draw ``ops`` with ``pen``; cut operations write transparent ``colour``."""
    ink = (colour[0], colour[1], colour[2], colour[3] if len(colour) > 3 else 255)
    hole = (colour[0], colour[1], colour[2], 0)
    for op in ops:
        kind = op[0]
        col = hole if kind.startswith("cut") else ink
        if kind in ("fill", "cut"):
            pen.poly(col, op[1])
        elif kind in ("line", "cutline"):
            pen.stroke(col, op[1], op[2])
        elif kind in ("loop", "cutloop"):
            pen.stroke(col, op[1], op[2], closed=True)
        elif kind in ("dot", "cutdot"):
            pen.circle(col, op[1], op[2])
        else:  # pragma: no cover
            raise ValueError(kind)


def render_sign(key: str, px: int, colour: Sequence[int]) -> pygame.Surface:
    """The sign drawn aliased into a transparent ``px`` × ``px`` square (meant to be
    drawn on an already-supersampled canvas)."""
    surf = new_surface(px, px, colour)
    draw_ops(Pen(surf, (0, 0), px), sign_ops(key), colour)
    return surf


# ---------------------------------------------------------------------------
# Badges: sun (disc + 8 rays) and moon (crescent)
# ---------------------------------------------------------------------------


def badge_polys(kind: str) -> list[Poly]:
    """Silhouette polygons of a badge in a 0..1 box."""
    if kind == "sun":
        polys: list[Poly] = []
        for k in range(8):
            a = math.radians(-90 + 45 * k)
            tip = (0.5 + 0.46 * math.cos(a), 0.5 + 0.46 * math.sin(a))
            side = math.radians(-90 + 45 * k + 90)
            w = 0.085
            b0 = (0.5 + 0.25 * math.cos(a) + w * math.cos(side),
                  0.5 + 0.25 * math.sin(a) + w * math.sin(side))
            b1 = (0.5 + 0.25 * math.cos(a) - w * math.cos(side),
                  0.5 + 0.25 * math.sin(a) - w * math.sin(side))
            polys.append((b0, tip, b1))
        polys.append(ellipse(0.5, 0.5, 0.27, 0.27, 0, 36))
        return polys
    if kind == "moon":
        return [crescent(0.5, 0.5, 0.42, 0.68, 0.38, 0.34, 48)]
    raise ValueError(kind)


def draw_badge(pen: Pen, kind: str, fill: Sequence[int], line: Sequence[int],
               width: float = 0.045) -> None:
    """Badge with an outside outline (``width`` in box units; 0 = plain silhouette)."""
    # Pull the silhouette in by the outline width so the whole mark fits its box.
    k = 1 - 2 * width
    polys = [tuple((0.5 + (x - 0.5) * k, 0.5 + (y - 0.5) * k) for x, y in p)
             for p in badge_polys(kind)]
    if width <= 0:
        pen.polys(fill, polys)
        return
    pen.outlined(fill, line, polys, width)
    if kind == "sun":
        pen.stroke(line, ellipse(0.5, 0.5, 0.27 * k - width * 0.2, 0.27 * k - width * 0.2, 0, 36),
                   width * 0.8, closed=True)


__all__ = ["SIGN_KEYS", "SIGN_OF_SUIT", "sign_ops", "draw_ops", "render_sign",
           "badge_polys", "draw_badge", "Point"]
