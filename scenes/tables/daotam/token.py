"""A two-sided token (Đạo Tâm ⇄ Tà Niệm, art direction §3.3, §3.5) and its flip:
lift 0.5u, squash to the edge (scale-x 1 → 0, ease-in), show the other face, open out
(0 → 1, ease-out) and settle back down. 360 ms by default, a step of the table's
animation queue: scaled by the animation speed, skipped to its end by click or Space.
Turning to Tà Niệm, 8 violet smoke puffs leave the token for 500 ms from the swap; the
next queued step may start as the flip itself ends (the puffs play on beside it).

Both faces are drawn procedurally at 3× and smoothscaled, cached per diameter (the
painting is :mod:`scenes.art.daotam_faces`): *Đạo Tâm* ivory with a blue ring (8 % of
the diameter) and an upright gold bamboo node (two straight segments); *Tà Niệm*
violet-black with a violet ring, a cracked bamboo fallen aside and a smoke curl —
upright and straight vs broken and curling, so the faces differ in shape, not only colour.
"""

from __future__ import annotations

import math

import pygame

from scenes.art.daotam_faces import TOKEN_PAINTERS, VIOLET
from scenes.core.tween import Anim, ease_in, ease_out_cubic

DAO_TAM, TA_NIEM = "dao_tam", "ta_niem"
FACES = (DAO_TAM, TA_NIEM)
FLIP_S = 0.36
PUFF_S = 0.5
LIFT_U = 0.5
SS = 3

_FACES: dict[tuple[str, int], pygame.Surface] = {}


def token_face(face: str, diameter: int) -> pygame.Surface:
    """One face of the token, ``diameter`` px across (cached)."""
    key = (face, diameter)
    img = _FACES.get(key)
    if img is None:
        if face not in FACES:
            raise ValueError(f"a token face is one of {FACES}, not {face!r}")
        d = diameter * SS
        big = pygame.Surface((d, d), pygame.SRCALPHA)
        TOKEN_PAINTERS[face](big, d)
        img = pygame.transform.smoothscale(big, (diameter, diameter))
        if len(_FACES) > 64:
            _FACES.clear()
        _FACES[key] = img
    return img


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


def _shadow(diameter: int, alpha: int) -> pygame.Surface:
    """The token's soft shadow (cached: a new surface every frame cost most of a draw)."""
    key = (diameter, alpha)
    img = _SHADOWS.get(key)
    if img is None:
        img = pygame.Surface((diameter + 4, diameter // 3 + 4), pygame.SRCALPHA)
        pygame.draw.ellipse(img, (0, 0, 0, alpha), img.get_rect())
        if len(_SHADOWS) > 256:
            _SHADOWS.clear()
        _SHADOWS[key] = img
    return img


class Token:
    """A token on the table: which face is up, and the flip in progress."""

    def __init__(self, face: str = DAO_TAM) -> None:
        if face not in FACES:
            raise ValueError(f"a token face is one of {FACES}, not {face!r}")
        self.face = face
        self.scale_x = 1.0          # 1 at rest, 0 edge-on
        self.lift = 0.0             # 0..1 of LIFT_U
        self.puff: float | None = None   # 0..1 while the smoke puffs drift out

    @property
    def flipping(self) -> bool:
        return self.scale_x < 1.0 or self.lift > 0.0

    def flip(self, to: str | None = None, duration: float = FLIP_S) -> Anim:
        """The flip to ``to`` (default: the other face), as an animation step to queue."""
        target = to or (TA_NIEM if self.face == DAO_TAM else DAO_TAM)
        if target not in FACES:
            raise ValueError(f"a token face is one of {FACES}, not {target!r}")
        if not 0.15 <= duration <= 0.4:
            raise ValueError("a token flip lasts 150–400 ms")
        start_face = self.face
        puffs = target == TA_NIEM
        total = duration / 2 + PUFF_S if puffs else duration

        def _step(p: float) -> None:
            t = p * total
            f = min(1.0, t / duration)
            if f < 0.5:                                # lift and squash to the edge
                q = f / 0.5
                self.face, self.scale_x, self.lift = start_face, 1.0 - ease_in(q), ease_out_cubic(q)
            else:                                      # the other face opens out, settles
                q = (f - 0.5) / 0.5
                self.face, self.scale_x, self.lift = target, ease_out_cubic(q), 1.0 - ease_in(q)
            if puffs and t >= duration / 2:
                self.puff = min(1.0, (t - duration / 2) / PUFF_S)

        def _end() -> None:
            self.face, self.scale_x, self.lift, self.puff = target, 1.0, 0.0, None
        return Anim(total, None, _step, _end, lambda t: t, overlap=duration if puffs else None)

    def draw(self, surface: pygame.Surface, centre: tuple[float, float], diameter: int,
             u: float) -> pygame.Rect:
        """The token with its shadow; lifted and squashed while it flips."""
        diameter = max(4, diameter)
        cx, cy = centre
        lift = self.lift * LIFT_U * u
        shadow = _shadow(diameter, round(90 - 40 * self.lift))
        surface.blit(shadow, shadow.get_rect(center=(round(cx), round(cy + diameter * 0.42))))
        img = token_face(self.face, diameter)
        w = max(1, round(diameter * self.scale_x))
        if w != diameter:
            img = pygame.transform.smoothscale(img, (w, diameter))
        rect = img.get_rect(center=(round(cx), round(cy - lift)))
        surface.blit(img, rect)
        if self.puff is not None and self.puff < 1.0:
            self._draw_puffs(surface, rect.center, diameter)
        return rect

    def _draw_puffs(self, surface: pygame.Surface, centre: tuple[int, int], d: int) -> None:
        p = self.puff or 0.0
        side = d * 3
        layer = pygame.Surface((side, side), pygame.SRCALPHA)
        c = side / 2
        alpha = round(170 * (1 - p))
        for k in range(8):
            a = k * math.pi / 4 + 0.3 * p
            dist = d * (0.55 + 0.6 * ease_out_cubic(p))
            pygame.draw.circle(layer, (*VIOLET, alpha), (c + dist * math.cos(a), c + dist * math.sin(a)),
                               max(1.0, d * (0.07 + 0.1 * p)))
        surface.blit(layer, layer.get_rect(center=centre))
