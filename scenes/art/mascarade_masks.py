"""The twelve Mascarade portraits and the back's half mask, as data (art direction §4).

Each character is a masked figure in an oval cartouche: costume (shoulders, collar), head
or hood, headwear, the Venetian mask with its eye holes cut out and a tie ribbon, all in
a figure box of 0..1 (x right, y down; the mask's eyes near y 0.45), drawn with ink
outlines and three-tone shading (shadow rim, body, highlight) and clipped to the oval.
Each mask has its own outline, after the carnival types of §4.1 — bauta, colombina,
volto, zanni, split half mask, domino band, harlequin, plain half mask, medico della
peste, moretta — and its own headwear, so no two read alike by colour alone.

All geometry is original to this project (generic Venetian types, not the published
game's pictures).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from scenes.art.colour import mix, shade
from scenes.art.shapes import ellipse, new_surface, quad_points

Pt = tuple[float, float]
Col = tuple[int, int, int]

INK: Col = (0x2A, 0x1A, 0x12)
GOLD: Col = (0xC9, 0xA2, 0x27)
GOLD_HI: Col = (0xEC, 0xCB, 0x6A)
SKIN: Col = (0xE9, 0xC4, 0xA0)
IVORY: Col = (0xF4, 0xEE, 0xE0)
CLOTH: Col = (0x26, 0x22, 0x2C)        # black silk / velvet
HAIR: Col = (0x4A, 0x30, 0x22)
LACE: Col = (0xF7, 0xF1, 0xE3)
HOLE: Col = (0x1C, 0x12, 0x0E)         # an eye hole: the dark behind the mask


def sym(half: Sequence[Pt]) -> list[Pt]:
    """A shape symmetric about x = 0.5 from its left half (top centre → bottom centre)."""
    right = [(1.0 - x, y) for x, y in reversed(half[1:-1])]
    return list(half) + right


def curve(*pts: Pt, steps: int = 8) -> list[Pt]:
    """A smooth path through the given points (quadratic joins at the midpoints)."""
    if len(pts) < 3:
        return list(pts)
    out = [pts[0]]
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(pts, pts[1:], strict=False)]
    out.append(mids[0])
    for i in range(1, len(pts) - 1):
        end = mids[i] if i < len(mids) - 1 else pts[-1]
        out.extend(quad_points(out[-1], pts[i], end, steps))
    return out


def closed(*pts: Pt, steps: int = 8) -> list[Pt]:
    """A smooth closed outline through the points."""
    n = len(pts)
    mids = [((pts[i][0] + pts[(i + 1) % n][0]) / 2, (pts[i][1] + pts[(i + 1) % n][1]) / 2) for i in range(n)]
    out: list[Pt] = [mids[-1]]
    for i in range(n):
        out.extend(quad_points(out[-1], pts[i], mids[i], steps))
    return out[:-1]


def clip_half(poly: Sequence[Pt], a: Pt, b: Pt) -> list[Pt]:
    """The part of ``poly`` on the left of the line a → b (Sutherland–Hodgman)."""
    def side(p: Pt) -> float:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])

    out: list[Pt] = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp < 0) != (sq < 0) and sp != sq:
            t = sp / (sp - sq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def lens(p0: Pt, p1: Pt, width: float) -> list[Pt]:
    """A pointed leaf / feather from p0 to p1, ``width`` wide at its middle."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d * width, dx / d * width
    m = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
    a = quad_points(p0, (m[0] + nx, m[1] + ny), p1, 10)
    b = quad_points(p1, (m[0] - nx, m[1] - ny), p0, 10)
    return [p0] + a + b[:-1]


class Fig:
    """Draws figure-box shapes onto a surface: pixel = origin + point × scale."""

    def __init__(self, surface: pygame.Surface, origin: Pt, scale: float, line: float) -> None:
        self.s = surface
        self.ox, self.oy = origin
        self.k = scale
        self.lw = max(1, round(line))

    def px(self, pts: Sequence[Pt]) -> list[tuple[float, float]]:
        ox, oy, k = self.ox, self.oy, self.k
        return [(ox + x * k, oy + y * k) for x, y in pts]

    def fill(self, col: Sequence[int], pts: Sequence[Pt]) -> None:
        if len(pts) >= 3:
            pygame.draw.polygon(self.s, col, self.px(pts))

    def shape(self, col: Col, pts: Sequence[Pt], shading: bool = True, outline: bool = True,
              light: float = 0.30) -> None:
        """A filled shape with an ink outline and soft three-tone shading: a darker rim
        toward the lower right, the body, a light patch (``light`` toward white) toward the
        upper left."""
        if len(pts) < 3:
            return
        p = self.px(pts)
        if outline:
            pygame.draw.polygon(self.s, INK, p)
            pygame.draw.lines(self.s, INK, True, p, 2 * self.lw + 1)
        if not shading:
            pygame.draw.polygon(self.s, col, p)
            return
        cx = sum(x for x, _ in pts) / len(pts)
        cy = sum(y for _, y in pts) / len(pts)
        pygame.draw.polygon(self.s, shade(col, 0.74), p)
        self.fill(col, [(cx + (x - cx) * 0.93 - 0.008, cy + (y - cy) * 0.93 - 0.010) for x, y in pts])
        self.fill(mix(col, (255, 250, 235), light),
                  [(cx + (x - cx) * 0.45 - 0.03, cy + (y - cy) * 0.40 - 0.035) for x, y in pts])

    def line(self, col: Sequence[int], pts: Sequence[Pt], width: float) -> None:
        w = max(1, round(width * self.k))
        p = self.px(pts)
        pygame.draw.lines(self.s, col, False, p, w)
        if w >= 3:
            for x, y in (p[0], p[-1]):
                pygame.draw.circle(self.s, col, (x, y), w / 2)

    def dot(self, col: Sequence[int], c: Pt, r: float, outline: bool = False) -> None:
        x, y = self.px([c])[0]
        if outline:
            pygame.draw.circle(self.s, INK, (x, y), r * self.k + self.lw)
        pygame.draw.circle(self.s, col, (x, y), max(0.5, r * self.k))

    def oval(self, col: Col, c: Pt, rx: float, ry: float, rot: float = 0.0, **kw) -> None:
        self.shape(col, ellipse(c[0], c[1], rx, ry, rot, 32), **kw)

    # ------------------------------------------------------------ recurring parts
    def eyes(self, y: float = 0.45, dx: float = 0.075, w: float = 0.048, h: float = 0.022,
             col: Col = HOLE, tilt: float = 8.0) -> None:
        """Two almond eye holes cut out of the mask."""
        for sx in (-1, 1):
            self.fill(col, ellipse(0.5 + sx * dx, y, w, h, -sx * tilt, 20))

    def ribbon(self, col: Col, y: float = 0.44, x: float = 0.33, side: int = 1) -> None:
        """The mask's tie ribbon: a knot at the temple and two fluttering tails."""
        kx = x if side < 0 else 1.0 - x
        for i, (ex, ey) in enumerate(((0.20, 0.14), (0.12, 0.22))):
            tip = (kx + side * ex, y + ey)
            mid = (kx + side * ex * 0.55, y + ey * 0.35 - 0.03 * (i + 1))
            tail = curve((kx, y), mid, tip, steps=6)
            band = [(px_, py_ - 0.016) for px_, py_ in tail] + [(px_, py_ + 0.016) for px_, py_ in reversed(tail)]
            self.shape(col, band, shading=False)
        self.dot(col, (kx, y), 0.026, outline=True)

    def shoulders(self, col: Col, top: float = 0.76, width: float = 0.46) -> list[Pt]:
        pts = [(0.5 - width, 1.35), (0.5 - width, 0.98), (0.5 - width * 0.72, top + 0.06),
               (0.5 - 0.12, top), (0.5 + 0.12, top), (0.5 + width * 0.72, top + 0.06),
               (0.5 + width, 0.98), (0.5 + width, 1.35)]
        body = closed(*pts, steps=6)
        self.shape(col, body, light=0.12)
        return body

    def neck(self, col: Col = SKIN) -> None:
        self.shape(col, [(0.44, 0.62), (0.56, 0.62), (0.57, 0.80), (0.43, 0.80)], shading=False)


# ----------------------------------------------------------------------------- faces
def _face_outline(top: float = 0.29, bottom: float = 0.70, half: float = 0.15) -> list[Pt]:
    """A plain oval face (full-face masks and bare faces)."""
    return closed((0.5, top), (0.5 + half * 0.9, top + 0.01), (0.5 + half, top + 0.12),
                  (0.5 + half * 0.95, top + 0.26), (0.5 + half * 0.55, bottom - 0.02), (0.5, bottom),
                  (0.5 - half * 0.55, bottom - 0.02), (0.5 - half * 0.95, top + 0.26),
                  (0.5 - half, top + 0.12), (0.5 - half * 0.9, top + 0.01), steps=5)


def _mouth(f: Fig, y: float = 0.63, w: float = 0.035, smile: float = 0.01, col: Col = (0x9A, 0x3B, 0x33)) -> None:
    f.line(col, curve((0.5 - w, y), (0.5, y + smile * 2), (0.5 + w, y), steps=5), 0.011)


def king(f: Fig, acc: Col) -> None:
    """Gilded bauta (square brow, jutting trapezoid chin) under a black tricorn, black
    hood and cloak with an ermine collar."""
    f.shape(CLOTH, closed((0.5, 0.18), (0.73, 0.24), (0.76, 0.55), (0.70, 0.80), (0.30, 0.80),
                          (0.24, 0.55), (0.27, 0.24), steps=5))                      # hood
    f.shoulders(CLOTH, 0.74, 0.50)
    f.shape(LACE, closed((0.28, 0.78), (0.5, 0.72), (0.72, 0.78), (0.80, 0.90), (0.5, 0.93),
                         (0.20, 0.90), steps=5))                                     # ermine
    for x, y in ((0.32, 0.84), (0.44, 0.86), (0.56, 0.86), (0.68, 0.84), (0.5, 0.80)):
        f.fill(INK, [(x, y - 0.02), (x + 0.012, y + 0.01), (x - 0.012, y + 0.01)])
    f.dot(GOLD, (0.5, 0.90), 0.028, outline=True)
    f.ribbon((0xA8, 0x22, 0x32), 0.40, 0.34, -1)
    bauta = [(0.5, 0.31), (0.39, 0.31), (0.355, 0.34), (0.345, 0.44), (0.355, 0.53), (0.38, 0.58),
             (0.33, 0.71), (0.35, 0.73), (0.5, 0.745)]
    f.shape(acc, sym(bauta))
    f.eyes(0.45, 0.068, 0.042, 0.020)
    f.line(shade(acc, 0.55), [(0.5, 0.40), (0.488, 0.55), (0.512, 0.57)], 0.012)     # nose ridge
    f.line(shade(acc, 0.55), [(0.38, 0.60), (0.5, 0.63), (0.62, 0.60)], 0.010)       # chin fold
    brim = curve((0.15, 0.30), (0.28, 0.13), (0.5, 0.09), (0.72, 0.13), (0.85, 0.30), steps=8) + \
        [(0.66, 0.29), (0.5, 0.37), (0.34, 0.29)]
    f.shape(CLOTH, brim)
    f.line(GOLD, [(0.15, 0.30), (0.34, 0.29), (0.5, 0.37), (0.66, 0.29), (0.85, 0.30)], 0.018)
    f.dot(GOLD_HI, (0.5, 0.33), 0.022, outline=True)


def queen(f: Fig, acc: Col) -> None:
    """Colombina: a winged half mask with gold trim and a spray of feathers, upswept hair,
    a lace Medici collar and pearls."""
    f.shape(LACE, [(0.16, 0.95), (0.18, 0.72), (0.22, 0.62), (0.29, 0.66), (0.34, 0.56), (0.41, 0.62),
                   (0.5, 0.54), (0.59, 0.62), (0.66, 0.56), (0.71, 0.66), (0.78, 0.62), (0.82, 0.72),
                   (0.84, 0.95)])                                                       # lace collar
    f.shape(HAIR, closed((0.5, 0.16), (0.72, 0.24), (0.74, 0.52), (0.64, 0.66), (0.36, 0.66),
                         (0.26, 0.52), (0.28, 0.24), steps=5))
    f.oval(HAIR, (0.5, 0.17), 0.10, 0.075)                                           # chignon
    f.neck()
    body = f.shoulders(shade(acc, 0.85), 0.80, 0.44)
    f.shape(SKIN, closed((0.36, 0.79), (0.5, 0.76), (0.64, 0.79), (0.5, 0.92), steps=5), shading=False)
    for i in range(7):
        a = math.pi * (0.15 + 0.7 * i / 6)
        f.dot(IVORY, (0.5 - 0.12 * math.cos(a), 0.79 + 0.07 * math.sin(a)), 0.013, outline=True)
    del body
    f.shape(SKIN, _face_outline(0.31, 0.69, 0.14))
    _mouth(f, 0.625, 0.028, 0.008, (0xB0, 0x35, 0x45))
    for p1, wd, col in (((0.19, 0.09), 0.045, GOLD_HI), ((0.29, 0.04), 0.045, acc), ((0.13, 0.20), 0.04, IVORY)):
        f.shape(col, lens((0.34, 0.40), p1, wd))
        f.line(INK, [(0.34, 0.40), ((0.34 + p1[0]) / 2, (0.40 + p1[1]) / 2)], 0.006)
    wing = [(0.5, 0.41), (0.44, 0.38), (0.36, 0.37), (0.28, 0.33), (0.285, 0.40), (0.32, 0.47),
            (0.40, 0.505), (0.46, 0.49), (0.5, 0.47)]
    f.shape(acc, sym(wing))
    f.line(GOLD, curve((0.28, 0.34), (0.33, 0.49), (0.5, 0.49), (0.67, 0.49), (0.72, 0.34)), 0.012)
    f.eyes(0.435, 0.075, 0.045, 0.020, tilt=14)
    f.dot(GOLD, (0.5, 0.405), 0.02, outline=True)


def judge(f: Fig, acc: Col) -> None:
    """White volto with stern brows, a powdered curled wig, a black skull cap, a robe in
    the accent with white bands."""
    f.shoulders(acc, 0.76, 0.48)
    f.shape(LACE, [(0.455, 0.78), (0.5, 0.77), (0.5, 0.92), (0.46, 0.91)], shading=False)
    f.shape(LACE, [(0.5, 0.77), (0.545, 0.78), (0.54, 0.91), (0.5, 0.92)], shading=False)
    wig = (0xDD, 0xD6, 0xC8)
    f.shape(wig, closed((0.5, 0.22), (0.70, 0.26), (0.72, 0.45), (0.68, 0.72), (0.32, 0.72),
                        (0.28, 0.45), (0.30, 0.26), steps=5))
    for sx in (-1, 1):
        for i in range(4):
            f.oval(wig, (0.5 + sx * (0.185 + 0.012 * i), 0.40 + 0.085 * i), 0.05, 0.042)
    f.shape(IVORY, _face_outline(0.29, 0.70, 0.15))
    f.eyes(0.45, 0.07, 0.040, 0.017, tilt=0)
    for sx in (-1, 1):
        f.line(INK, [(0.5 + sx * 0.035, 0.415), (0.5 + sx * 0.115, 0.405)], 0.014)   # stern brows
    f.line(shade(IVORY, 0.7), [(0.5, 0.43), (0.49, 0.56), (0.515, 0.565)], 0.011)
    f.line((0x8A, 0x6A, 0x60), [(0.465, 0.625), (0.535, 0.625)], 0.010)
    f.shape((0x1B, 0x1B, 0x20), closed((0.33, 0.32), (0.34, 0.20), (0.5, 0.15), (0.66, 0.20),
                                       (0.67, 0.32), (0.5, 0.30), steps=5))          # black cap
    f.dot(GOLD, (0.5, 0.16), 0.02, outline=True)


def bishop(f: Fig, acc: Col) -> None:
    """Serene white volto under a tall mitre in the accent with gold bands and lappets;
    a cope with a gold orphrey and cross."""
    f.shoulders(acc, 0.76, 0.48)
    f.shape(GOLD, [(0.45, 0.77), (0.55, 0.77), (0.56, 1.2), (0.44, 1.2)], shading=False)
    f.fill(INK, [(0.492, 0.84), (0.508, 0.84), (0.508, 0.95), (0.492, 0.95)])
    f.fill(INK, [(0.47, 0.87), (0.53, 0.87), (0.53, 0.885), (0.47, 0.885)])
    for sx in (-1, 1):
        f.shape(GOLD, [(0.5 + sx * 0.12, 0.30), (0.5 + sx * 0.16, 0.30), (0.5 + sx * 0.17, 0.62),
                       (0.5 + sx * 0.13, 0.62)], shading=False)                        # lappets
    f.shape((0x9A, 0x92, 0x8C), closed((0.5, 0.27), (0.68, 0.33), (0.68, 0.60), (0.5, 0.72),
                                       (0.32, 0.60), (0.32, 0.33), steps=5))
    f.shape(IVORY, _face_outline(0.30, 0.70, 0.145))
    for sx in (-1, 1):
        f.fill(HOLE, curve((0.5 + sx * 0.03, 0.455), (0.5 + sx * 0.07, 0.425), (0.5 + sx * 0.11, 0.455),
                           (0.5 + sx * 0.07, 0.47), (0.5 + sx * 0.03, 0.455)))       # downcast eyes
    f.line(shade(IVORY, 0.7), [(0.5, 0.45), (0.492, 0.56), (0.51, 0.565)], 0.010)
    _mouth(f, 0.625, 0.03, 0.012)
    mitre = [(0.34, 0.335), (0.335, 0.18), (0.38, 0.09), (0.45, 0.03), (0.5, 0.0), (0.55, 0.03),
             (0.62, 0.09), (0.665, 0.18), (0.66, 0.335)]
    f.shape(acc, mitre)
    f.shape(GOLD, [(0.34, 0.29), (0.66, 0.29), (0.66, 0.335), (0.34, 0.335)], shading=False)
    f.shape(GOLD, [(0.48, 0.02), (0.52, 0.02), (0.52, 0.29), (0.48, 0.29)], shading=False)
    f.fill(GOLD_HI, [(0.43, 0.14), (0.57, 0.14), (0.57, 0.165), (0.43, 0.165)])


def witch(f: Fig, acc: Col) -> None:
    """Zanni: a half mask with a long hooked nose in the accent; a crooked pointed hat and
    a fringed shawl."""
    shawl = (0x4E, 0x3A, 0x4A)
    f.shape(shawl, closed((0.5, 0.24), (0.74, 0.30), (0.78, 0.62), (0.92, 1.1), (0.08, 1.1),
                          (0.22, 0.62), (0.26, 0.30), steps=5), light=0.12)
    fringe = [(0.08 + 0.84 * i / 14, 0.86 + (0.05 if i % 2 else 0.0)) for i in range(15)]
    f.shape(shade(shawl, 0.8), [(0.06, 1.2)] + fringe + [(0.94, 1.2)], shading=False)
    f.shape(SKIN, _face_outline(0.30, 0.70, 0.14))
    _mouth(f, 0.645, 0.03, -0.006)
    f.ribbon(shade(acc, 0.6), 0.42, 0.34, -1)
    zanni = [(0.5, 0.32), (0.59, 0.32), (0.645, 0.35), (0.655, 0.43), (0.63, 0.50), (0.57, 0.52),
             (0.545, 0.53), (0.55, 0.60), (0.575, 0.68), (0.61, 0.75), (0.60, 0.78), (0.56, 0.76),
             (0.50, 0.69), (0.46, 0.61), (0.455, 0.53), (0.43, 0.52), (0.37, 0.50), (0.345, 0.43),
             (0.355, 0.35), (0.41, 0.32)]
    f.shape(acc, zanni)
    f.eyes(0.43, 0.075, 0.042, 0.019, tilt=-10)
    f.line(shade(acc, 0.55), curve((0.5, 0.47), (0.52, 0.62), (0.59, 0.75)), 0.010)
    f.dot(shade(acc, 0.55), (0.555, 0.64), 0.012)                                     # a wart
    f.shape((0x2B, 0x2A, 0x33), closed((0.22, 0.33), (0.5, 0.26), (0.78, 0.33), (0.5, 0.38), steps=5))
    f.shape((0x2B, 0x2A, 0x33), [(0.36, 0.31), (0.44, 0.16), (0.52, 0.06), (0.64, 0.02), (0.58, 0.09),
                                 (0.57, 0.18), (0.64, 0.31)])
    f.fill(acc, [(0.37, 0.28), (0.63, 0.28), (0.635, 0.31), (0.365, 0.31)])


def cheat(f: Fig, acc: Col) -> None:
    """A half mask split on the diagonal (accent / black), a curled moustache, a tilted
    beret with a long plume, a striped waistcoat."""
    f.shoulders((0x6A, 0x2E, 0x2A), 0.77, 0.47)
    for i in range(5):
        x = 0.40 + 0.05 * i
        f.fill(GOLD, [(x, 0.80), (x + 0.018, 0.80), (x + 0.018, 1.2), (x, 1.2)])
    f.shape(LACE, closed((0.42, 0.76), (0.58, 0.76), (0.55, 0.86), (0.5, 0.90), (0.45, 0.86), steps=4))
    f.shape(HAIR, closed((0.5, 0.26), (0.70, 0.32), (0.70, 0.55), (0.30, 0.55), (0.30, 0.32), steps=5))
    f.shape(SKIN, _face_outline(0.30, 0.70, 0.145))
    f.ribbon(shade(acc, 0.55), 0.42, 0.34, -1)
    half = sym([(0.5, 0.32), (0.40, 0.32), (0.345, 0.36), (0.335, 0.44), (0.36, 0.51), (0.43, 0.53),
                (0.47, 0.56), (0.5, 0.57)])
    f.shape(acc, half)
    dark = clip_half(half, (0.70, 0.28), (0.30, 0.60))
    f.fill((0x1E, 0x22, 0x26), dark)
    f.line(GOLD, [(0.70, 0.28), (0.30, 0.60)], 0.012)
    f.eyes(0.44, 0.075, 0.042, 0.019, col=(0xF2, 0xE6, 0xC8), tilt=10)
    f.eyes(0.44, 0.075, 0.030, 0.012)
    for sx in (-1, 1):
        f.shape((0x3A, 0x24, 0x1A), lens((0.5, 0.607), (0.5 + sx * 0.095, 0.585), 0.016), shading=False)
        f.line((0x3A, 0x24, 0x1A), curve((0.5 + sx * 0.09, 0.587), (0.5 + sx * 0.115, 0.58),
                                         (0.5 + sx * 0.105, 0.56)), 0.009)            # moustache
    f.shape(acc, lens((0.62, 0.27), (0.10, 0.12), 0.05))                              # plume
    f.line(INK, [(0.62, 0.27), (0.30, 0.18)], 0.006)
    f.oval((0x6A, 0x2E, 0x2A), (0.55, 0.27), 0.22, 0.06, -10)                        # beret


def thief(f: Fig, acc: Col) -> None:
    """Domino: a narrow black band across the eyes with long ties, inside a pointed hood."""
    hood = (0x4A, 0x44, 0x3E)
    f.shape(hood, [(0.5, 0.10), (0.62, 0.16), (0.74, 0.32), (0.78, 0.56), (0.95, 0.9), (0.98, 1.3),
                   (0.02, 1.3), (0.05, 0.9), (0.22, 0.56), (0.26, 0.32), (0.38, 0.16)], light=0.12)
    f.fill(HOLE, closed((0.5, 0.24), (0.68, 0.32), (0.70, 0.66), (0.5, 0.76), (0.30, 0.66), (0.32, 0.32), steps=5))
    f.shape(SKIN, _face_outline(0.30, 0.71, 0.145))
    f.line(INK, [(0.46, 0.64), (0.5, 0.645), (0.545, 0.63)], 0.010)                   # smirk
    for dy in (0.0, 0.07):
        tail = curve((0.66, 0.44), (0.80 + 0.04 * dy, 0.46 + dy), (0.90, 0.52 + dy * 2), steps=6)
        band = [(x, y - 0.018) for x, y in tail] + [(x, y + 0.018) for x, y in reversed(tail)]
        f.shape(acc, band, shading=False)
    band = closed((0.28, 0.42), (0.5, 0.40), (0.72, 0.42), (0.72, 0.48), (0.5, 0.50), (0.28, 0.48), steps=4)
    f.shape(acc, band)
    f.eyes(0.45, 0.075, 0.040, 0.015, col=SKIN, tilt=4)
    f.eyes(0.45, 0.075, 0.016, 0.013)


def fool(f: Fig, acc: Col) -> None:
    """Harlequin: a half mask of diamonds, a three-horned bell cap, a pointed ruff."""
    dark = (0x2E, 0x20, 0x3A)
    f.shoulders(acc, 0.78, 0.48)
    for i in range(6):
        x = 0.06 + 0.16 * i
        f.fill(dark, [(x, 0.90), (x + 0.08, 0.82), (x + 0.16, 0.90), (x + 0.08, 0.98)])
    ruff = [(0.5 + 0.30 * math.cos(math.pi * (1 + i / 12)) * (1 if i % 2 else 0.7),
             0.80 + 0.12 * math.sin(math.pi * (1 + i / 12)) * (1 if i % 2 else 0.6) + 0.06) for i in range(13)]
    f.shape(LACE, ruff + [(0.7, 0.90), (0.3, 0.90)], shading=False)
    f.shape(SKIN, _face_outline(0.30, 0.70, 0.145))
    f.line((0x9A, 0x3B, 0x33), curve((0.44, 0.615), (0.5, 0.66), (0.56, 0.615)), 0.012)  # grin
    half = sym([(0.5, 0.33), (0.40, 0.33), (0.345, 0.37), (0.34, 0.45), (0.37, 0.51), (0.44, 0.53),
                (0.48, 0.56), (0.5, 0.56)])
    f.shape(acc, half)
    for cx, cy in ((0.40, 0.37), (0.60, 0.37), (0.5, 0.43), (0.40, 0.50), (0.60, 0.50)):
        f.fill(dark, [(cx, cy - 0.035), (cx + 0.03, cy), (cx, cy + 0.035), (cx - 0.03, cy)])
    f.eyes(0.445, 0.075, 0.038, 0.018)
    horns = ((0.5, 0.31, 0.5, 0.0, acc), (0.42, 0.32, 0.14, 0.30, dark), (0.58, 0.32, 0.86, 0.30, dark))
    for i, (x0, y0, tx, ty, col) in enumerate(horns):
        mid = ((x0 + tx) / 2 + (0 if i == 0 else (-0.02 if tx < 0.5 else 0.02)),
               min(y0, ty) - (0.10 if i else 0.0))
        spine = curve((x0, y0), mid, (tx, ty), steps=8)
        left = [(x - 0.06 * (1 - k / len(spine)), y) for k, (x, y) in enumerate(spine)]
        right = [(x + 0.06 * (1 - k / len(spine)), y) for k, (x, y) in enumerate(spine)]
        f.shape(col, left + right[::-1])
        f.dot(GOLD_HI, (tx, ty + 0.035), 0.035, outline=True)
    f.shape(dark, closed((0.33, 0.34), (0.5, 0.29), (0.67, 0.34), (0.5, 0.36), steps=4), shading=False)


def spy(f: Fig, acc: Col) -> None:
    """A plain half mask with a gold lorgnette over one eye, a wide hat pulled low and a
    high cloak collar hiding the chin."""
    cloak = (0x22, 0x2C, 0x3E)
    f.shoulders(cloak, 0.74, 0.50)
    f.shape(SKIN, _face_outline(0.30, 0.70, 0.145))
    f.ribbon(shade(acc, 0.55), 0.44, 0.34, -1)
    half = sym([(0.5, 0.34), (0.40, 0.34), (0.345, 0.38), (0.34, 0.46), (0.38, 0.52), (0.45, 0.52),
                (0.48, 0.55), (0.5, 0.55)])
    f.shape(acc, half)
    f.eyes(0.455, 0.075, 0.040, 0.018, tilt=0)
    f.dot(GOLD, (0.575, 0.455), 0.060, outline=True)
    f.dot(mix(acc, (255, 255, 255), 0.7), (0.575, 0.455), 0.045)
    f.dot(HOLE, (0.575, 0.455), 0.018)
    f.line(GOLD, [(0.62, 0.50), (0.72, 0.66)], 0.02)
    for sx in (-1, 1):
        f.shape(mix(cloak, (120, 140, 170), 0.25),
                [(0.5 + sx * 0.02, 0.92), (0.5 + sx * 0.07, 0.60), (0.5 + sx * 0.24, 0.49),
                 (0.5 + sx * 0.33, 0.78), (0.5 + sx * 0.20, 0.93)])
    f.shape((0x1A, 0x1C, 0x24), closed((0.36, 0.30), (0.40, 0.16), (0.62, 0.14), (0.66, 0.28), steps=4))
    f.shape((0x1A, 0x1C, 0x24), closed((0.06, 0.34), (0.5, 0.24), (0.94, 0.26), (0.60, 0.37),
                                       (0.5, 0.38), steps=5))                        # wide hat, tilted
    f.line(acc, [(0.38, 0.265), (0.64, 0.245)], 0.02)


def peasant(f: Fig, acc: Col) -> None:
    """A plain cloth half mask with stitched edge and knotted strings, a round straw hat,
    a rough tunic and a red neckerchief."""
    f.shoulders((0xA0, 0x84, 0x5A), 0.78, 0.47)
    f.shape((0xB0, 0x3A, 0x2E), [(0.36, 0.77), (0.64, 0.77), (0.5, 0.93)])
    f.shape(HAIR, closed((0.5, 0.26), (0.70, 0.32), (0.70, 0.58), (0.30, 0.58), (0.30, 0.32), steps=5))
    for dx in (0.0, 0.05):
        f.shape(shade(acc, 0.8), lens((0.64, 0.42), (0.74 + dx, 0.60 - dx), 0.03))       # knotted ties
    f.shape(SKIN, _face_outline(0.30, 0.70, 0.145))
    _mouth(f, 0.635, 0.03, 0.006)
    cloth = closed((0.5, 0.37), (0.66, 0.36), (0.67, 0.46), (0.60, 0.51), (0.5, 0.48), (0.40, 0.51),
                   (0.33, 0.46), (0.34, 0.36), steps=4)
    f.shape(acc, cloth)
    for i in range(9):
        x = 0.36 + 0.035 * i
        f.line(mix(acc, (255, 240, 210), 0.6), [(x, 0.375), (x + 0.018, 0.372)], 0.008)  # stitches
    f.eyes(0.44, 0.075, 0.040, 0.020, tilt=0)
    straw = (0xD9, 0xB8, 0x6A)
    f.shape(straw, closed((0.36, 0.30), (0.38, 0.14), (0.5, 0.11), (0.62, 0.14), (0.64, 0.30), steps=5))
    f.shape(straw, closed((0.04, 0.36), (0.5, 0.22), (0.96, 0.36), (0.5, 0.34), steps=6))
    f.fill((0x8A, 0x5A, 0x2E), [(0.36, 0.25), (0.64, 0.25), (0.645, 0.29), (0.355, 0.29)])
    for x in (0.22, 0.32, 0.68, 0.78):
        f.line(shade(straw, 0.7), [(x, 0.325), (0.5 + (x - 0.5) * 0.8, 0.30)], 0.006)
    f.line((0xE8, 0xC8, 0x50), [(0.63, 0.26), (0.74, 0.10)], 0.012)                 # wheat stalk
    f.shape((0xE8, 0xC8, 0x50), lens((0.72, 0.13), (0.77, 0.04), 0.02))


def inquisitor(f: Fig, acc: Col) -> None:
    """Medico della peste: a long curved beak in the accent with round glass eyes, a black
    hood and a wide flat hat."""
    hood = (0x1E, 0x1A, 0x1E)
    f.shape(hood, [(0.5, 0.22), (0.74, 0.30), (0.80, 0.56), (0.97, 0.92), (0.99, 1.3), (0.01, 1.3),
                   (0.03, 0.92), (0.20, 0.56), (0.26, 0.30)], light=0.12)
    beak = [(0.36, 0.34), (0.5, 0.30), (0.64, 0.34), (0.66, 0.46), (0.60, 0.55), (0.52, 0.62),
            (0.40, 0.72), (0.26, 0.86), (0.18, 0.92), (0.22, 0.80), (0.30, 0.66), (0.36, 0.55), (0.34, 0.46)]
    f.shape(acc, closed(*beak, steps=4))
    f.line(shade(acc, 0.55), curve((0.56, 0.52), (0.40, 0.62), (0.22, 0.86)), 0.010)
    for t in (0.3, 0.55, 0.8):
        x, y = 0.52 - 0.30 * t, 0.57 + 0.30 * t
        f.line(shade(acc, 0.5), [(x - 0.03, y - 0.03), (x + 0.03, y + 0.03)], 0.008)   # stitches
    for cx in (0.43, 0.58):
        f.dot(GOLD, (cx, 0.43), 0.052, outline=True)
        f.dot((0x2E, 0x3E, 0x40), (cx, 0.43), 0.037)
        f.dot((0xBF, 0xD8, 0xD8), (cx - 0.014, 0.418), 0.010)
    f.shape(hood, closed((0.37, 0.30), (0.39, 0.17), (0.5, 0.15), (0.61, 0.17), (0.63, 0.30), steps=4))
    f.shape(hood, closed((0.02, 0.31), (0.5, 0.22), (0.98, 0.31), (0.5, 0.35), steps=6))
    f.line(acc, [(0.38, 0.26), (0.62, 0.26)], 0.018)


def widow(f: Fig, acc: Col) -> None:
    """Moretta: a small black oval mask with only eye holes, under a long lace veil in the
    accent; a high mourning collar with a cameo."""
    veil = [(0.5, 0.14), (0.66, 0.18), (0.76, 0.34), (0.80, 0.58), (0.90, 0.84), (0.98, 1.3),
            (0.02, 1.3), (0.10, 0.84), (0.20, 0.58), (0.24, 0.34), (0.34, 0.18)]
    f.shape(acc, closed(*veil, steps=5), light=0.12)
    f.shoulders(CLOTH, 0.78, 0.40)
    f.shape(CLOTH, [(0.42, 0.66), (0.58, 0.66), (0.60, 0.82), (0.40, 0.82)], shading=False)
    f.oval(IVORY, (0.5, 0.85), 0.04, 0.05)
    f.shape(SKIN, _face_outline(0.29, 0.70, 0.14))
    f.oval(CLOTH, (0.5, 0.50), 0.135, 0.175)
    f.eyes(0.45, 0.062, 0.034, 0.020, col=SKIN, tilt=0)
    f.eyes(0.45, 0.062, 0.014, 0.014)
    f.dot((0x70, 0x68, 0x78), (0.47, 0.39), 0.02)                                     # velvet sheen
    scallop = [(0.5 + 0.26 * math.cos(math.pi * (1.15 + 0.7 * i / 10)),
                0.40 + 0.26 * math.sin(math.pi * (1.15 + 0.7 * i / 10))) for i in range(11)]
    for x, y in scallop:
        f.dot(shade(acc, 0.75), (x, y), 0.012)
    for x, y in ((0.30, 0.70), (0.70, 0.70), (0.20, 0.95), (0.80, 0.95), (0.25, 0.52), (0.75, 0.52)):
        f.dot(shade(acc, 0.8), (x, y), 0.018)


PORTRAITS: dict[str, Callable[[Fig, Col], None]] = {
    "king": king, "queen": queen, "judge": judge, "bishop": bishop, "witch": witch, "cheat": cheat,
    "thief": thief, "fool": fool, "spy": spy, "peasant": peasant, "inquisitor": inquisitor, "widow": widow,
}


def backdrop(size: tuple[int, int], warm: Col = (0xFA, 0xF1, 0xDA), edge: Col = (0xD2, 0xBB, 0x8C)) -> pygame.Surface:
    """A soft radial light (warm centre, tan edge) of ``size``: a 5 × 5 grid smoothscaled."""
    tiny = pygame.Surface((5, 5))
    for y in range(5):
        for x in range(5):
            d = min(1.0, math.hypot(x - 2, (y - 1.6) * 0.9) / 2.6)
            tiny.set_at((x, y), mix(warm, edge, d))
    return pygame.transform.smoothscale(tiny, size)


def portrait(surface: pygame.Surface, rect: pygame.Rect, cid: str, acc: Col, line: float) -> None:
    """The character's masked figure in an oval filling ``rect`` (backdrop, figure clipped
    to the oval). ``line`` is the ink outline's width in pixels."""
    w, h = rect.size
    layer = new_surface(w, h)
    layer.blit(backdrop((w, h)), (0, 0))
    k = min(1.1 * w, h / 1.02)
    fig = Fig(layer, ((w - k) / 2, (h - k) / 2 - 0.02 * k), k, line)
    PORTRAITS[cid](fig, acc)
    oval = new_surface(w, h, (255, 255, 255))
    pygame.draw.ellipse(oval, (255, 255, 255, 255), oval.get_rect())
    layer.blit(oval, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(layer, rect)


def half_mask_outline(surface: pygame.Surface, centre: tuple[float, float], width: float,
                      col: Sequence[int], line: float) -> None:
    """The back's generic half mask (a gold outline with eye holes and small wings)."""
    cx, cy = centre
    k = width
    half = [(0.5, 0.40), (0.42, 0.36), (0.30, 0.35), (0.14, 0.28), (0.16, 0.40), (0.24, 0.52),
            (0.36, 0.58), (0.45, 0.56), (0.5, 0.52)]
    pts = [(cx + (x - 0.5) * k, cy + (y - 0.45) * k) for x, y in sym(half)]
    lw = max(1, round(line))
    pygame.draw.lines(surface, col, True, pts, lw)
    for sx in (-1, 1):
        eye = ellipse(cx + sx * 0.16 * k, cy + 0.01 * k, 0.085 * k, 0.042 * k, -sx * 10, 24)
        pygame.draw.lines(surface, col, True, eye, lw)
    for sx in (-1, 1):
        tail = curve((cx + sx * 0.36 * k, cy - 0.07 * k), (cx + sx * 0.50 * k, cy + 0.02 * k),
                     (cx + sx * 0.44 * k, cy + 0.22 * k))
        pygame.draw.lines(surface, col, False, tail, lw)
