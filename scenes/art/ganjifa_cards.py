"""Procedural art for round Dashavatara Ganjifa cards (art-direction §1).

:class:`GanjifaArt` renders faces, the common back, shadows, mini signs and the
sun / moon badges. Every face is drawn once per size with plain ``pygame.draw`` shapes
on a supersampled SRCALPHA canvas and reduced with ``smoothscale``; results are cached
until :meth:`GanjifaArt.clear` (call it on resize).

Layout numbers are fractions of the diameter ``D`` with the origin at the centre and
y growing downward, exactly as §1.4 gives them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from scenes.art.colour import contrast_ratio, mix, shade
from scenes.art.ganjifa_signs import (
    SIGN_KEYS,
    SIGN_OF_SUIT,
    draw_badge,
    render_sign,
)
from scenes.art.shapes import (
    Pen,
    Point,
    arc,
    disc_shadow,
    ellipse,
    finish,
    new_surface,
    parse_path,
    reduce,
    supersample_factor,
)
from scenes.core import fonts

RGB = tuple[int, int, int]

# ---------------------------------------------------------------------------
# Palette (§1.2)
# ---------------------------------------------------------------------------

TABLE_BASE: RGB = (0x3A, 0x22, 0x18)        # rosewood
TABLE_HIGHLIGHT: RGB = (0x4A, 0x2C, 0x1F)   # light pool under the trick area
BACK_RED: RGB = (0x8C, 0x1C, 0x13)          # plain lacquer red, every back
IVORY: RGB = (0xF7, 0xEF, 0xD9)             # ivory ink
BLACK_INK: RGB = (0x1A, 0x14, 0x10)         # black ink
GOLD: RGB = (0xD9, 0xB4, 0x4A)              # rims, crowns, trump badge
SUN: RGB = (0xFC, 0xC2, 0x22)               # day badge disc + rays
MOON: RGB = (0xC9, 0xD3, 0xE6)              # night badge crescent

SUIT_GROUND: tuple[RGB, ...] = (
    (0xBD, 0x40, 0x19),  # 0 Matsya      vermilion
    (0x67, 0x17, 0x19),  # 1 Kurma       oxblood
    (0xD6, 0x8C, 0x1C),  # 2 Varaha      turmeric
    (0x30, 0x62, 0x49),  # 3 Narasimha   deep green
    (0xB8, 0xBA, 0x7F),  # 4 Vamana      sage
    (0x9A, 0x79, 0x5E),  # 5 Parashurama earth brown
    (0xFC, 0xC2, 0x22),  # 6 Rama        sun yellow
    (0x3D, 0x41, 0x72),  # 7 Krishna     indigo
    (0x8E, 0xB0, 0xBB),  # 8 Buddha      ash blue
    (0x22, 0x22, 0x26),  # 9 Kalki       lamp black
)
SUIT_INK: tuple[RGB, ...] = (
    IVORY, IVORY, BLACK_INK, IVORY, BLACK_INK, BLACK_INK, BLACK_INK, IVORY, BLACK_INK, IVORY,
)
SUIT_SIGN: tuple[str, ...] = SIGN_KEYS          # in avatar order
SUIT_GROUND_DARK: tuple[RGB, ...] = tuple(shade(g, 0.75) for g in SUIT_GROUND)

# ---------------------------------------------------------------------------
# Geometry (§1.4, §1.5), fractions of D
# ---------------------------------------------------------------------------

RIM_GOLD = 0.025
RIM_DARK = 0.02
GROUND_R = 0.5 - RIM_GOLD - RIM_DARK          # 0.455
DARBAR_LINE_R = 0.43
DARBAR_LINE_W = 0.006
DARBAR_DOTS = 24
DARBAR_DOT_ON = 0.465
DARBAR_DOT_R = 0.008
MEDALLION_AT = 0.375
MEDALLION_R = 0.115
MEDALLION_LINE = 0.012
CAP = 0.11
CAP_TEN = 0.09
TRUMP_MARK = 0.09
BACK_RING_R = 0.40
BACK_RING_W = 0.015
OUTLINE_EDGE: RGB = shade(GOLD, 0.38)         # 1-px card outline, darker than the rim
SHEEN_ALPHA = 0.06
PIP_FIELD_R = 0.26

_M = MEDALLION_AT / math.sqrt(2)
MEDALLION_CENTRES: tuple[Point, Point] = ((-_M, -_M), (_M, _M))   # 10:30, 4:30


def pip_layout(n: int) -> tuple[float, tuple[Point, ...]]:
    """Pip size (fraction of D) and pip centres for a numeral ``n`` (1..10), §1.4."""
    ring8 = tuple((0.185 * math.cos(math.radians(-90 + 22.5 + 45 * k)),
                   0.185 * math.sin(math.radians(-90 + 22.5 + 45 * k))) for k in range(8))
    layouts: dict[int, tuple[float, tuple[Point, ...]]] = {
        1: (0.30, ((0.0, 0.0),)),
        2: (0.20, ((0.0, -0.13), (0.0, 0.13))),
        3: (0.20, ((0.0, -0.15), (-0.13, 0.075), (0.13, 0.075))),
        4: (0.20, ((-0.105, -0.105), (0.105, -0.105), (-0.105, 0.105), (0.105, 0.105))),
        5: (0.14, ((-0.12, -0.12), (0.12, -0.12), (0.0, 0.0), (-0.12, 0.12), (0.12, 0.12))),
        6: (0.14, tuple((x, y) for y in (-0.15, 0.0, 0.15) for x in (-0.085, 0.085))),
        7: (0.14, tuple((0.17 * math.cos(math.radians(-90 + 60 * k)),
                         0.17 * math.sin(math.radians(-90 + 60 * k))) for k in range(6))
            + ((0.0, 0.0),)),
        8: (0.13, ring8),
        9: (0.13, ring8 + ((0.0, 0.0),)),
        10: (0.13, ring8 + ((0.0, -0.06), (0.0, 0.06))),
    }
    size, centres = layouts[n]
    reach = max(math.hypot(x, y) for x, y in centres) + size / 2
    if reach > PIP_FIELD_R:                      # shrink uniformly to fit the pip field
        size *= PIP_FIELD_R / reach
    return size, centres


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """Cap height / font pixel size of Be Vietnam Pro Bold (measured once)."""
    surf = fonts.art_font(200, "bold").render("H", True, (255, 255, 255))
    return surf.get_bounding_rect().height / 200.0


def _ink_on(colour: Sequence[int]) -> RGB:
    """Ivory or black, whichever contrasts more with ``colour``."""
    return IVORY if contrast_ratio(IVORY, colour) >= contrast_ratio(BLACK_INK, colour) else BLACK_INK


# ---------------------------------------------------------------------------
# The art object
# ---------------------------------------------------------------------------


class GanjifaArt:
    """Faces, back, shadows, signs and badges of a Dashavatara pack.

    ``deck`` is a :class:`game.ganjifa.deck.Deck`; suits are matched to signs and grounds
    by id (falling back to avatar order), cards are ``suit * 12 + rank index``.
    """

    def __init__(self, deck) -> None:
        self.deck = deck
        self.per_suit = len(deck.ranks)
        self._suit_slot: list[int] = []
        for i, s in enumerate(deck.suits):
            key = SIGN_OF_SUIT.get(getattr(s, "id", ""), None)
            self._suit_slot.append(SIGN_KEYS.index(key) if key else i % len(SIGN_KEYS))
        self._faces: dict[tuple, pygame.Surface] = {}
        self._face_sizes: dict[tuple, set[int]] = {}    # (card, mark) -> diameters painted
        self._backs: dict[int, pygame.Surface] = {}
        self._shadows: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._signs: dict[tuple, pygame.Surface] = {}
        self._badges: dict[tuple, pygame.Surface] = {}
        self._parts: dict[tuple, pygame.Surface] = {}

    # -- public API -----------------------------------------------------------------

    def clear(self) -> None:
        """Drop every cached surface (call on window resize)."""
        for cache in (self._faces, self._face_sizes, self._backs, self._shadows, self._signs,
                      self._badges, self._parts):
            cache.clear()

    def ground(self, suit: int) -> RGB:
        return SUIT_GROUND[self._suit_slot[suit]]

    def ink(self, suit: int) -> RGB:
        return SUIT_INK[self._suit_slot[suit]]

    def face(self, card: int, diameter: int, trump_mark: str | None = None) -> pygame.Surface:
        """The face of ``card`` as a (diameter × diameter) SRCALPHA surface; ``trump_mark``
        "sun" or "moon" adds the trump mark at 12 o'clock."""
        diameter = max(8, int(diameter))
        key = (card, diameter, trump_mark)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._render_face(card, diameter, trump_mark)
            self._faces[key] = surf
            self._face_sizes.setdefault((card, trump_mark), set()).add(diameter)
        return surf

    def drop_faces(self, keep) -> None:
        """Forget the faces whose diameter ``keep(diameter)`` refuses (sizes a table has
        outgrown), so a hand's many row sizes do not all stay in memory."""
        for key in [k for k in self._faces if not keep(k[1])]:
            del self._faces[key]
            self._face_sizes[(key[0], key[2])].discard(key[1])

    def has_face(self, card: int, diameter: int, trump_mark: str | None = None) -> bool:
        """Whether the face at ``diameter`` is painted already (asking paints nothing)."""
        return (card, max(8, int(diameter)), trump_mark) in self._faces

    def nearest_size(self, card: int, diameter: int, trump_mark: str | None = None) -> int | None:
        """The painted size of the face nearest ``diameter`` (the smallest at least as large
        if there is: scaled down it stays sharp), None if it is painted at no size."""
        sizes = self._face_sizes.get((card, trump_mark))
        if not sizes:
            return None
        d = max(8, int(diameter))
        return min((x for x in sizes if x >= d), default=None) or max(sizes)

    def nearest_face(self, card: int, diameter: int, trump_mark: str | None = None
                     ) -> pygame.Surface | None:
        """The face at :meth:`nearest_size` (None if painted at no size); paints nothing."""
        best = self.nearest_size(card, diameter, trump_mark)
        return None if best is None else self._faces[(card, best, trump_mark)]

    def back(self, diameter: int) -> pygame.Surface:
        """The common back: plain lacquer red, gold rim and ring, no identity (§1.5)."""
        diameter = max(8, int(diameter))
        surf = self._backs.get(diameter)
        if surf is None:
            surf = self._render_back(diameter)
            self._backs[diameter] = surf
        return surf

    def shadow(self, diameter: int, lifted: bool = False, u: float | None = None
               ) -> tuple[pygame.Surface, tuple[int, int]]:
        """Drop shadow of a card (§0) and the offset to blit it at, relative to the card's
        top-left. ``u`` is the layout unit (window height / 100); by default it is taken
        from the display surface, or ``diameter / 17`` (a hand card is 17u) headless."""
        diameter = max(8, int(diameter))
        if u is None:
            disp = pygame.display.get_surface() if pygame.display.get_init() else None
            u = disp.get_height() / 100 if disp is not None else diameter / 17
        key = (diameter, bool(lifted), round(u, 3))
        hit = self._shadows.get(key)
        if hit is None:
            hit = disc_shadow(diameter, u, lifted)
            self._shadows[key] = hit
        return hit

    def sign(self, suit: int, size: int, colour: Sequence[int] | None = None) -> pygame.Surface:
        """Mini sign for hand group tabs. With ``colour`` the bare sign in that colour on a
        transparent square; without, a small token (suit ground disc, gold rim, sign in
        the suit ink) that reads on any background."""
        size = max(6, int(size))
        col = tuple(colour) if colour is not None else None
        key = (suit, size, col)
        surf = self._signs.get(key)
        if surf is None:
            surf = self._render_mini_sign(suit, size, col)
            self._signs[key] = surf
        return surf

    def badge(self, kind: str, size: int) -> pygame.Surface:
        """The day / night trump badge: "sun" (disc + 8 rays) or "moon" (crescent)."""
        size = max(6, int(size))
        key = (kind, size)
        surf = self._badges.get(key)
        if surf is None:
            fill = SUN if kind == "sun" else MOON
            f = supersample_factor(size)
            big = new_surface(size * f, size * f, fill)
            draw_badge(Pen(big, (0, 0), size * f), kind, fill, BLACK_INK, 0.05)
            surf = finish(reduce(big, (size, size)))
            self._badges[key] = surf
        return surf

    # -- rendering ------------------------------------------------------------------

    def _canvas(self, diameter: int) -> tuple[pygame.Surface, Pen, int]:
        f = supersample_factor(diameter)
        side = diameter * f
        big = new_surface(side, side, OUTLINE_EDGE)
        return big, Pen(big, (side / 2, side / 2), side), f

    @staticmethod
    def _edge_width(diameter: int) -> float:
        """Outline width as a fraction of D: ≥ 1 px, about 0.15u for a 15u card."""
        return max(1.0, 0.01 * diameter) / diameter

    def _disc(self, pen: Pen, diameter: int, ground: RGB, dark: RGB) -> None:
        """Outline, gold rim, darkened ring, flat ground."""
        ew = self._edge_width(diameter)
        o = (0.0, 0.0)
        pen.circle(OUTLINE_EDGE, o, 0.5)
        pen.circle(GOLD, o, 0.5 - ew)
        # A painted rim catches the lamp on its upper-left arc.
        hi = mix(GOLD, IVORY, 0.45)
        if diameter >= 40:
            pen.poly(hi, _band(0.5 - ew - 0.004, 0.5 - RIM_GOLD + 0.006, 150, 255))
        pen.circle(dark, o, 0.5 - RIM_GOLD)
        pen.circle(ground, o, GROUND_R)

    def _sheen(self, diameter: int, f: int) -> pygame.Surface:
        """Lacquer sheen: a soft white ellipse, 35 % of D wide, at 10 o'clock, peaking at
        6 % alpha (three nested steps)."""
        key = ("sheen", diameter)
        surf = self._parts.get(key)
        if surf is None:
            side = diameter * f
            surf = new_surface(side, side, (255, 255, 255))
            pen = Pen(surf, (side / 2, side / 2), side)
            a = math.radians(-150)
            c = (0.27 * math.cos(a), 0.27 * math.sin(a))
            steps = 3
            for k in range(steps):
                t = 1 - k / steps
                alpha = round(255 * SHEEN_ALPHA * (k + 1) / steps)
                pen.ellipse((255, 255, 255, alpha), c, 0.175 * t, 0.07 * t, -60)
            self._parts[key] = surf
        return surf

    def _seal(self, big: pygame.Surface, diameter: int, f: int) -> None:
        """Make the disc exactly opaque and the outside exactly clear (alpha blending of
        the layers above can leave the interior at 253/255)."""
        key = ("mask", diameter, f)
        mask = self._parts.get(key)
        if mask is None:
            side = diameter * f
            mask = new_surface(side, side, (255, 255, 255))
            Pen(mask, (side / 2, side / 2), side).circle((255, 255, 255, 255), (0, 0), 0.5)
            self._parts[key] = mask
        big.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
        big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    def _medallion(self, label: str, diameter: int, f: int) -> pygame.Surface:
        """Ivory index disc with ink outline and the rank in Be Vietnam Pro Bold."""
        key = ("medal", label, diameter, f)
        surf = self._parts.get(key)
        if surf is None:
            side = math.ceil(2 * MEDALLION_R * diameter * f) + 2
            surf = new_surface(side, side, BLACK_INK)
            scale = diameter * f
            pen = Pen(surf, (side / 2, side / 2), scale)
            pen.circle(BLACK_INK, (0, 0), MEDALLION_R)
            pen.circle(IVORY, (0, 0), MEDALLION_R - MEDALLION_LINE)
            cap = (CAP_TEN if len(label) > 1 else CAP) * scale
            font = fonts.art_font(max(6, round(cap / _cap_ratio())), "bold")
            text = font.render(label, True, BLACK_INK)
            box = text.get_bounding_rect()
            underline = label in ("6", "9")
            lift = 0.014 * scale if underline else 0.0
            cx, cy = side / 2, side / 2 - lift
            surf.blit(text, (round(cx - box.centerx), round(cy - box.centery)))
            if underline:
                w, h = box.width * 0.62, max(1.0, 0.011 * scale)
                y = cy + box.height / 2 + 0.016 * scale
                pygame.draw.rect(surf, BLACK_INK, pygame.Rect(round(cx - w / 2), round(y),
                                                              round(w), round(h)))
            self._parts[key] = surf
        return surf

    def _sign_px(self, slot: int, px: int, colour: Sequence[int]) -> pygame.Surface:
        key = ("sign", slot, px, tuple(colour))
        surf = self._parts.get(key)
        if surf is None:
            surf = render_sign(SUIT_SIGN[slot], px, colour)
            self._parts[key] = surf
        return surf

    def _put_sign(self, pen: Pen, slot: int, centre: Point, size: float, ink: Sequence[int],
                  shadow: Sequence[int] | None, shadow_off: float = 0.0) -> None:
        """Blit a sign (box ``size`` × D) centred at ``centre``, with an optional painted
        drop shadow (offset down-right by ``shadow_off`` × D)."""
        px = max(2, round(size * pen.scale))
        x, y = pen.px(centre)
        if shadow is not None and shadow_off > 0:
            sh = self._sign_px(slot, px, shadow)
            d = shadow_off * pen.scale
            pen.surface.blit(sh, (round(x - px / 2 + d), round(y - px / 2 + d)))
        pen.surface.blit(self._sign_px(slot, px, ink), (round(x - px / 2), round(y - px / 2)))

    def _render_face(self, card: int, diameter: int, trump_mark: str | None) -> pygame.Surface:
        suit = card // self.per_suit
        rank = self.deck.ranks[card % self.per_suit]
        slot = self._suit_slot[suit]
        ground, dark, ink = SUIT_GROUND[slot], SUIT_GROUND_DARK[slot], SUIT_INK[slot]
        big, pen, f = self._canvas(diameter)
        self._disc(pen, diameter, ground, dark)

        if rank.kind == "numeral":
            size, centres = pip_layout(rank.value)
            for c in centres:
                self._put_sign(pen, slot, c, size, ink, shade(ground, 0.8), 0.006)
            label = str(rank.value)
        else:
            self._darbar(pen, diameter)
            if rank.kind == "raja":
                self._raja(pen, slot, ground, dark, ink)
                label = "R"
            else:
                self._mantri(pen, slot, ground, dark, ink)
                label = "M"

        medal = self._medallion(label, diameter, f)
        for k, (mx, my) in enumerate(MEDALLION_CENTRES):
            img = medal if k == 0 else pygame.transform.rotate(medal, 180)
            x, y = pen.px((mx, my))
            w, h = img.get_size()
            big.blit(img, (round(x - w / 2), round(y - h / 2)))

        if trump_mark in ("sun", "moon"):
            # A set jewel on the rim: ink disc, gold emblem (sun or crescent) inside.
            s = TRUMP_MARK
            c = (0.0, -(0.5 - RIM_GOLD - RIM_DARK / 2) + 0.012)
            pen.circle(BLACK_INK, c, s / 2)
            pen.ring(GOLD, c, s / 2 - 0.006, 0.005)
            e = s * 0.78
            ox, oy = pen.px((c[0] - e / 2, c[1] - e / 2))
            draw_badge(Pen(big, (ox, oy), e * pen.scale), trump_mark, GOLD, BLACK_INK, 0.0)

        big.blit(self._sheen(diameter, f), (0, 0))
        self._seal(big, diameter, f)
        return finish(reduce(big, (diameter, diameter)))

    def _render_back(self, diameter: int) -> pygame.Surface:
        big, pen, f = self._canvas(diameter)
        self._disc(pen, diameter, BACK_RED, BACK_RED)
        pen.ring(GOLD, (0, 0), BACK_RING_R + BACK_RING_W / 2, BACK_RING_W)
        big.blit(self._sheen(diameter, f), (0, 0))
        self._seal(big, diameter, f)
        return finish(reduce(big, (diameter, diameter)))

    def _render_mini_sign(self, suit: int, size: int, colour: tuple | None) -> pygame.Surface:
        slot = self._suit_slot[suit]
        f = supersample_factor(size)
        side = size * f
        if colour is not None:
            big = render_sign(SUIT_SIGN[slot], side, colour)
        else:
            big = new_surface(side, side, OUTLINE_EDGE)
            pen = Pen(big, (side / 2, side / 2), side)
            pen.circle(OUTLINE_EDGE, (0, 0), 0.5)
            pen.circle(GOLD, (0, 0), 0.5 - max(1.0, 0.03 * size) / size)
            pen.circle(SUIT_GROUND[slot], (0, 0), 0.43)
            self._put_sign(pen, slot, (0, 0), 0.66, SUIT_INK[slot], None)
        return finish(reduce(big, (size, size)))

    # -- courts ----------------------------------------------------------------------

    @staticmethod
    def _darbar(pen: Pen, diameter: int) -> None:
        """Court border: a gold hairline at r 0.43 D and 24 gold dots on r 0.465 D."""
        w = max(DARBAR_LINE_W, 1.0 / pen.scale)
        pen.ring(GOLD, (0, 0), DARBAR_LINE_R + w / 2, w)
        if diameter >= 48:
            for k in range(DARBAR_DOTS):
                a = math.radians(-90 + 360 * k / DARBAR_DOTS + 7.5)
                pen.circle(GOLD, (DARBAR_DOT_ON * math.cos(a), DARBAR_DOT_ON * math.sin(a)),
                           DARBAR_DOT_R)

    def _raja(self, pen: Pen, slot: int, ground: RGB, dark: RGB, ink: RGB) -> None:
        """Canopy swags and crown, throne platform on an hourglass pedestal with the
        suit sign enthroned, parasol at the right. No figure is drawn."""
        lw = 0.008
        deep = shade(ground, 0.55)
        # Aureole behind the enthroned sign: darker than a light sign, lighter than a
        # dark one, so the attribute keeps its contrast.
        halo = dark if ink == IVORY else mix(ground, IVORY, 0.35)
        pen.circle(halo, (0.0, -0.035), 0.2)
        pen.ring(GOLD, (0.0, -0.035), 0.2, 0.01)
        for k in range(16):
            a = math.radians(-90 + 22.5 * k)
            pen.circle(GOLD, (0.175 * math.cos(a), -0.035 + 0.175 * math.sin(a)), 0.0065)
        # Canopy: a gold rod with two ivory swags (quadratic curves) hanging from it.
        rod_y = -0.345
        for x0, x1 in ((-0.30, 0.0), (0.0, 0.30)):
            xm = (x0 + x1) / 2
            swag = parse_path(f"M {x0} {rod_y} L {x1} {rod_y} Q {xm} -0.095 {x0} {rod_y} Z")[0]
            pen.outlined(IVORY, BLACK_INK, [swag], lw / 2)
            for k, cy in enumerate((-0.27, -0.205)):
                inset = 0.05 + 0.035 * k
                fold = parse_path(f"M {x0 + inset} {rod_y} Q {xm} {cy} {x1 - inset} {rod_y}")[0]
                pen.stroke(mix(IVORY, GOLD, 0.6), fold, 0.007)
        pen.stroke(BLACK_INK, ((-0.30, rod_y), (0.30, rod_y)), 0.016 + lw)
        pen.stroke(GOLD, ((-0.30, rod_y), (0.30, rod_y)), 0.016)
        for x in (-0.30, 0.0, 0.30):
            pen.outlined(GOLD, BLACK_INK, [_drop(x, rod_y + 0.005, 0.02)], lw / 2)
        # Crown, five points, centred at y -0.26.
        crown = parse_path(
            "M -0.065 -0.225 L -0.07 -0.29 L -0.045 -0.262 L -0.03 -0.305 L -0.013 -0.27 "
            "L 0.0 -0.318 L 0.013 -0.27 L 0.03 -0.305 L 0.045 -0.262 L 0.07 -0.29 "
            "L 0.065 -0.225 Z")[0]
        pen.outlined(GOLD, BLACK_INK, [crown], lw / 2)
        pen.stroke(deep, ((-0.06, -0.238), (0.06, -0.238)), 0.008)
        for x in (-0.07, -0.03, 0.0, 0.03, 0.07):
            y = {-0.07: -0.29, -0.03: -0.305, 0.0: -0.318, 0.03: -0.305, 0.07: -0.29}[x]
            pen.circle(GOLD, (x, y - 0.008), 0.009)
        # Parasol (chhatra) leaning in from the right.
        pc = (0.255, -0.11)
        canopy = arc(pc[0], pc[1], 0.085, 180, 360, 20) + ((pc[0] + 0.085, pc[1] + 0.012),
                                                          (pc[0] - 0.085, pc[1] + 0.012))
        canopy = _rot(canopy, 18, pc)
        stick_top, stick_bot = _rot(((pc[0], pc[1] - 0.09), (pc[0], pc[1] + 0.19)), 18, pc)
        pen.stroke(BLACK_INK, (stick_top, stick_bot), 0.016)
        pen.stroke(GOLD, (stick_top, stick_bot), 0.007)
        pen.outlined(GOLD, BLACK_INK, [canopy], lw / 2)
        for k in range(5):
            t = (k + 0.5) / 5
            p = (pc[0] - 0.085 + 0.17 * t, pc[1] + 0.02)
            pen.circle(BLACK_INK, _rot((p,), 18, pc)[0], 0.011)
            pen.circle(deep if ink == IVORY else IVORY, _rot((p,), 18, pc)[0], 0.006)
        # Throne (asana): platform 0.36 × 0.06 D, top at y +0.14, on a narrow-waisted
        # double-lotus pedestal 0.16 D tall (down-turned petals, waist, up-turned petals,
        # base slab); lower corners kept clear of the 4:30 medallion.
        base = ((-0.16, 0.34), (0.16, 0.34), (0.16, 0.36), (-0.16, 0.36))
        pedestal = ((-0.14, 0.20), (0.14, 0.20), (0.05, 0.262), (0.05, 0.288), (0.15, 0.34),
                    (-0.15, 0.34), (-0.05, 0.288), (-0.05, 0.262))
        pen.outlined(GOLD, BLACK_INK, [pedestal, base], lw / 2)
        pen.poly(deep, ((-0.05, 0.262), (0.05, 0.262), (0.05, 0.288), (-0.05, 0.288)))
        pen.stroke(BLACK_INK, ((-0.05, 0.262), (0.05, 0.262)), 0.004)
        pen.stroke(BLACK_INK, ((-0.05, 0.288), (0.05, 0.288)), 0.004)
        pen.stroke(BLACK_INK, ((-0.16, 0.34), (0.16, 0.34)), 0.004)
        # Carved lotus petals: down-turned above the waist, up-turned below it.
        for y0, y1, xs in ((0.20, 0.252, (-0.09, -0.03, 0.03, 0.09)),
                           (0.34, 0.298, (-0.09, -0.03, 0.03, 0.09))):
            for x in xs:
                petal = _petal(x, y0, y1, 0.028, x * 0.62)
                pen.stroke(BLACK_INK, petal[1:], 0.0045, round_caps=False)
        platform = ((-0.18, 0.14), (0.18, 0.14), (0.18, 0.175), (0.165, 0.20), (-0.165, 0.20),
                    (-0.18, 0.175))
        pen.outlined(GOLD, BLACK_INK, [platform], lw / 2)
        pen.stroke(BLACK_INK, ((-0.175, 0.153), (0.175, 0.153)), 0.005)
        for k in range(9):
            pen.circle(deep, (-0.136 + 0.034 * k, 0.177), 0.0085)
        # The avatar's attribute, enthroned (sign at 0.34 D standing on the platform).
        self._put_sign(pen, slot, (0.0, 0.14 - 0.17), 0.34, ink, deep, 0.012)

    def _mantri(self, pen: Pen, slot: int, ground: RGB, dark: RGB, ink: RGB) -> None:
        """A white horse in profile (ink outline), rider suggested by a turban dome and a
        torso block, saddle-cloth with the mini sign, lance behind."""
        lw = 0.012
        deep = shade(ground, 0.55)
        # Lance behind everything.
        pen.stroke(BLACK_INK, ((-0.25, 0.10), (0.125, -0.345)), 0.018)
        pen.stroke(GOLD if ink == IVORY else shade(GOLD, 0.8), ((-0.25, 0.10), (0.125, -0.345)),
                   0.008)
        head = _rot(((0.125, -0.345), (0.155, -0.33), (0.175, -0.405), (0.115, -0.37)), 0, (0, 0))
        pen.outlined(GOLD, BLACK_INK, [head], lw / 2)
        pennant = ((0.09, -0.305), (0.035, -0.305), (0.07, -0.27), (0.058, -0.25))
        pen.outlined(IVORY if ink == BLACK_INK else GOLD, BLACK_INK, [pennant], lw / 3)
        # Tail (behind the body).
        tail = parse_path("M -0.17 0.00 Q -0.26 0.04 -0.255 0.20 Q -0.225 0.12 -0.16 0.06 Z")[0]
        pen.outlined(IVORY, BLACK_INK, [tail], lw / 2)
        # Legs: far pair first in a slightly darker ivory, near pair in ivory.
        far = shade(IVORY, 0.86)
        legs_far = (((-0.105, 0.08), (-0.085, 0.20), (-0.10, 0.285)),
                    ((0.125, 0.07), (0.195, 0.115), (0.17, 0.19)))
        legs_near = (((-0.155, 0.08), (-0.175, 0.19), (-0.155, 0.285)),
                     ((0.085, 0.08), (0.095, 0.19), (0.085, 0.285)))
        for legs, col in ((legs_far, far), (legs_near, IVORY)):
            for leg in legs:
                pen.stroke(BLACK_INK, leg, 0.038 + 2 * lw)
                pen.stroke(col, leg, 0.038)
                pen.circle(BLACK_INK, leg[-1], 0.022)
        # Body, neck and head as one outlined silhouette.
        body = ellipse(-0.03, 0.045, 0.175, 0.085, -4, 40)
        neck = parse_path(
            "M 0.03 0.01 C 0.07 -0.07 0.11 -0.14 0.142 -0.178 L 0.148 -0.232 L 0.168 -0.19 "
            "L 0.178 -0.225 L 0.186 -0.178 "
            "C 0.22 -0.16 0.255 -0.115 0.282 -0.078 Q 0.296 -0.05 0.272 -0.038 "
            "C 0.255 -0.032 0.238 -0.04 0.225 -0.05 Q 0.19 -0.045 0.178 -0.085 "
            "C 0.17 -0.03 0.17 0.03 0.14 0.085 L 0.05 0.09 Z")[0]
        pen.outlined(IVORY, BLACK_INK, [body, neck], lw / 2)
        # Mane along the crest, eye, bridle and reins.
        mane = parse_path("M 0.04 -0.005 C 0.08 -0.08 0.11 -0.14 0.145 -0.175 "
                          "L 0.12 -0.12 L 0.10 -0.085 L 0.08 -0.05 Z")[0]
        pen.poly(deep if ink == IVORY else shade(ground, 0.45), mane)
        pen.circle(BLACK_INK, (0.205, -0.125), 0.011)
        pen.stroke(BLACK_INK, ((0.17, -0.16), (0.245, -0.06)), 0.007)
        pen.stroke(BLACK_INK, ((0.245, -0.06), (0.03, -0.085)), 0.006)
        # Saddle-cloth in the darkened ground with a gold border and the mini sign.
        cloth = parse_path("M -0.115 -0.02 L 0.055 -0.02 L 0.065 0.11 Q -0.025 0.135 "
                           "-0.125 0.11 Z")[0]
        pen.outlined(dark, GOLD, [cloth], 0.007)
        pen.stroke(BLACK_INK, cloth, 0.004, closed=True)
        cloth_ink = _ink_on(dark)
        self._put_sign(pen, slot, (-0.03, 0.045), 0.12, cloth_ink, None)
        # Rider: torso block, arm on the reins and turban dome only (no face).
        torso = ((-0.058, -0.02), (0.022, -0.02), (0.03, -0.135), (-0.068, -0.135))
        arm = ((0.015, -0.125), (0.06, -0.08), (0.075, -0.088))
        pen.stroke(BLACK_INK, arm, 0.026 + lw)
        pen.outlined(GOLD, BLACK_INK, [torso], lw / 2)
        pen.stroke(GOLD, arm, 0.026)
        pen.stroke(deep, ((-0.06, -0.058), (0.025, -0.058)), 0.014)
        turban = ellipse(-0.02, -0.172, 0.046, 0.038, 0, 24)
        pen.outlined(IVORY, BLACK_INK, [turban], lw / 2)
        pen.stroke(shade(IVORY, 0.8), arc(-0.02, -0.19, 0.04, 30, 150, 8), 0.006)
        pen.outlined(GOLD, BLACK_INK, [_drop(0.0, -0.228, 0.014)], lw / 3)


# ---------------------------------------------------------------------------
# Small geometry helpers for the courts
# ---------------------------------------------------------------------------


def _band(r_out: float, r_in: float, a0: float, a1: float) -> tuple[Point, ...]:
    return arc(0.0, 0.0, r_out, a0, a1, 24) + arc(0.0, 0.0, r_in, a1, a0, 24)


def _drop(x: float, y: float, r: float) -> tuple[Point, ...]:
    """A tassel drop hanging from (x, y)."""
    return parse_path(f"M {x} {y} Q {x + r} {y + r} {x} {y + 2.2 * r} "
                      f"Q {x - r} {y + r} {x} {y} Z")[0]


def _petal(x: float, y_base: float, y_tip: float, half: float,
           tip_x: float | None = None) -> tuple[Point, ...]:
    """A lotus petal with its base centred on (x, y_base) and its tip at (tip_x, y_tip)."""
    tx = x if tip_x is None else tip_x
    k = y_base + (y_tip - y_base) * 0.55
    return parse_path(f"M {x - half} {y_base} Q {(x - half + tx) / 2} {k} {tx} {y_tip} "
                      f"Q {(x + half + tx) / 2} {k} {x + half} {y_base} Z")[0]


def _rot(pts: Sequence[Point], deg: float, about: Point) -> tuple[Point, ...]:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    ax, ay = about
    return tuple((ax + (x - ax) * c - (y - ay) * s, ay + (x - ax) * s + (y - ay) * c)
                 for x, y in pts)


__all__ = [
    "GanjifaArt", "pip_layout", "SUIT_GROUND", "SUIT_INK", "SUIT_SIGN", "SUIT_GROUND_DARK",
    "TABLE_BASE", "TABLE_HIGHLIGHT", "BACK_RED", "IVORY", "BLACK_INK", "GOLD", "SUN", "MOON",
]
