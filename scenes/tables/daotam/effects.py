"""The Đạo Tâm table's staged moments (art direction §3.5), so a player sees what happened:

- "Phản Đòn!": the challenger's plate flashes ivory and a short ivory strike line
  slashes across the claim (``strike``, 250 ms);
- the verdict: a caught lie or a true claim, with who pays — a line from the claim to
  the payer's plate in the verdict's colour, its shape on the cards (✗ / ✓), and the
  token that flips ringed with "−1 Đạo Tâm" (``verdict``, ``token``);
- a public play: the red and blue halves of an âm-dương slide together over the pair
  and turn 90° (``am_duong``, 300 + 450 ms — on the table's clock, beside the shout
  race's ring, so the rule window is not held back by it);
- the shout race: the winner's plate pops 1 → 1.1 (``pop``, 200 ms); a stolen shout
  draws a gold stroke from the player who played the pair to the one who took it, with
  its line (``steal``);
- Nhập Ma: violet smoke rises from the seat (``ma``) — it stays desaturated 70 % with a
  violet rim and a still mist (drawn by the painter from the view);
- Khai Sáng: the winner's three stage cards align in the centre and a white-belt band
  sweeps across them (``sweep``, 900 ms).

Each is a step of the table's animation queue (scaled by the speed setting, 0 = instant;
skipped to its end by click or Space) except the âm-dương, which runs on the table's
clock with the same speed and is ended by the same skip. Under reduced motion nothing
moves: the marks cross-fade in place and no particles are drawn (smoke, mist puffs).
No shake and no comic effect: Tà Khí and Nhập Ma are smoke and mist, never blood."""

from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.art.daotam_faces import KIND_COLOUR, SMOKE, WHITE_BELT
from scenes.core.theme import GOLD, IVORY
from scenes.core.tween import Anim, ease_in_out_cubic, ease_out_cubic

STRIKE_S = 0.25
VERDICT_S = 0.4
TOKEN_S = 0.36
AM_SLIDE_S, AM_TURN_S = 0.30, 0.45
POP_S = 0.2
STEAL_S = 0.4
MA_S = 0.4
SWEEP_S = 0.9
#: the §3.5 lengths of the moments longer than the 150–400 ms of an ordinary step
SPEC_S = {"sweep": SWEEP_S, "am_duong": AM_SLIDE_S + AM_TURN_S}

LIE = (235, 120, 100)
TRUTH = (120, 200, 140)


def _linear(t: float) -> float:
    return t


class Effects:
    """What is playing now: kind → (progress 0..1, data). Queue steps are made by
    :meth:`step`; the clock-driven âm-dương by :meth:`start_clock`."""

    def __init__(self) -> None:
        self.live: dict[str, tuple[float, dict]] = {}
        self.clock_fx: dict[str, tuple[float, float, dict]] = {}     # kind -> (t0, length, data)
        self.started: list[str] = []                                # every moment begun (tests)

    def step(self, kind: str, duration: float, data: dict | None = None, ease=_linear,
             motion: bool = False, overlap: float | None = None) -> Anim:
        """A queue step that shows ``kind`` while it runs. ``motion`` False: it only
        lights or fades something, so reduced motion keeps it (drawn without movement)."""
        data = data or {}

        def _start() -> None:
            self.started.append(kind)
            self.live[kind] = (0.0, data)

        def _step(p: float) -> None:
            self.live[kind] = (p, data)

        def _end() -> None:
            self.live.pop(kind, None)
        anim = Anim(duration, _start, _step, _end, ease, overlap, motion=motion)
        anim.fx = kind            # type: ignore[attr-defined]   (tests read which moment a step is)
        return anim

    def start_clock(self, kind: str, now: float, length: float, data: dict | None = None) -> None:
        """A moment on the table's clock (``length`` already × the speed; 0: nothing)."""
        self.started.append(kind)
        if length > 0:
            self.clock_fx[kind] = (now, length, data or {})

    def get(self, kind: str, now: float | None = None) -> tuple[float, dict] | None:
        if kind in self.live:
            return self.live[kind]
        if kind in self.clock_fx and now is not None:
            t0, length, data = self.clock_fx[kind]
            p = (now - t0) / length
            if p >= 1:
                del self.clock_fx[kind]
                return None
            return max(0.0, p), data
        return None

    def skip_clock(self) -> bool:
        """End the clock-driven moments (a click or Space); True if one was running."""
        had = bool(self.clock_fx)
        self.clock_fx.clear()
        return had

    def clear(self) -> None:
        self.live.clear()
        self.clock_fx.clear()


# ------------------------------------------------------------------ drawing helpers

def _layer(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)


def thick_line(surface: pygame.Surface, colour: tuple, a: tuple[float, float], b: tuple[float, float],
               width: float) -> None:
    """An antialiased-looking thick line with round ends (a polygon and two discs)."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pts = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
    pygame.draw.polygon(surface, colour, pts)
    for c in (a, b):
        pygame.draw.circle(surface, colour, c, width / 2)


def draw_strike(surface: pygame.Surface, box: pygame.Rect, p: float, u: float, reduced: bool) -> None:
    """An ivory slash across ``box`` (the claim's cards): its head runs across in the
    first 40 %, it holds, then fades (reduced motion: whole at once, fading)."""
    a = (box.left - 3 * u, box.bottom - 0.1 * box.height)
    b = (box.right + 3 * u, box.top + 0.1 * box.height)
    head = 1.0 if reduced else ease_out_cubic(min(1.0, p / 0.4))
    fade = 1.0 if p < 0.6 else max(0.0, 1 - (p - 0.6) / 0.4)
    end = (a[0] + (b[0] - a[0]) * head, a[1] + (b[1] - a[1]) * head)
    pad = round(2 * u)
    layer = _layer((box.width + 2 * pad + round(8 * u), box.height + 2 * pad))
    off = (box.left - pad - round(4 * u), box.top - pad)
    la = (a[0] - off[0], a[1] - off[1])
    lb = (end[0] - off[0], end[1] - off[1])
    thick_line(layer, (20, 16, 12, round(160 * fade)), la, lb, 2.0 * u)     # a dark edge on ivory paper
    thick_line(layer, (*IVORY, round(255 * fade)), la, lb, 1.3 * u)
    surface.blit(layer, off)


def draw_flash(surface: pygame.Surface, rect: pygame.Rect, p: float, u: float) -> None:
    """The challenger's plate flashes ivory and fades back."""
    alpha = round(190 * (1 - p) ** 1.5)
    if alpha <= 0:
        return
    glow = _layer(rect.inflate(round(1.6 * u), round(1.6 * u)).size)
    pygame.draw.rect(glow, (*IVORY, alpha), glow.get_rect(), max(2, round(0.8 * u)), border_radius=round(1.6 * u))
    surface.blit(glow, glow.get_rect(center=rect.center))
    # the fill: under 50 % so the name on the plate stays readable through it
    fill = _layer(rect.size)
    pygame.draw.rect(fill, (*IVORY, min(120, alpha)), fill.get_rect(), border_radius=round(u))
    surface.blit(fill, rect)


def draw_arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour: tuple,
               u: float, p: float = 1.0, alpha: int = 255, bend: float = 0.18) -> None:
    """A curved stroke from ``a`` towards ``b`` (drawn to ``p`` of its length) with an
    arrowhead: who pays, who took the shout."""
    (ax, ay), (bx, by) = a, b
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    c = (mx - dy * bend, my + dx * bend)
    n = 24
    upto = max(1, round(n * max(0.0, min(1.0, p))))
    pts = []
    for i in range(upto + 1):
        t = i / n
        pts.append(((1 - t) ** 2 * ax + 2 * (1 - t) * t * c[0] + t * t * bx,
                    (1 - t) ** 2 * ay + 2 * (1 - t) * t * c[1] + t * t * by))
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    pad = round(3 * u)
    box = pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    layer = _layer(box.size)
    local = [(x - box.x, y - box.y) for x, y in pts]
    w = max(2, round(0.5 * u))
    for i in range(len(local) - 1):
        thick_line(layer, (20, 16, 12, alpha // 2), local[i], local[i + 1], w + 2)
    for i in range(len(local) - 1):
        thick_line(layer, (*colour, alpha), local[i], local[i + 1], w)
    if len(local) >= 2:
        (x0, y0), (x1, y1) = local[-2], local[-1]
        ang = math.atan2(y1 - y0, x1 - x0)
        s = 1.6 * u
        head = [(x1 + math.cos(ang) * s * 0.4, y1 + math.sin(ang) * s * 0.4),
                (x1 + math.cos(ang + 2.5) * s, y1 + math.sin(ang + 2.5) * s),
                (x1 + math.cos(ang - 2.5) * s, y1 + math.sin(ang - 2.5) * s)]
        pygame.draw.polygon(layer, (*colour, alpha), head)
    surface.blit(layer, box)


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, truthful: bool, u: float) -> None:
    """The verdict's shape on a revealed card: a tick on a true card, a cross on one that
    makes the claim a lie (shape, not only colour), in a disc at the card's lower corner."""
    r = max(6, round(min(rect.w * 0.22, 2.4 * u)))
    c = (rect.right - r - round(0.3 * u), rect.bottom - r - round(0.3 * u))
    colour = TRUTH if truthful else LIE
    pygame.draw.circle(surface, (20, 16, 12), c, r + max(1, r // 6))
    pygame.draw.circle(surface, colour, c, r)
    w = max(2, round(r * 0.32))
    ink = (20, 16, 12)
    if truthful:
        thick_line(surface, ink, (c[0] - r * 0.5, c[1] + r * 0.02), (c[0] - r * 0.12, c[1] + r * 0.42), w)
        thick_line(surface, ink, (c[0] - r * 0.12, c[1] + r * 0.42), (c[0] + r * 0.52, c[1] - r * 0.42), w)
    else:
        k = r * 0.45
        thick_line(surface, ink, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), w)
        thick_line(surface, ink, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), w)


def am_duong_halves(r: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The âm-dương's two halves (Cương red above, Nhu blue below, split by the S), each
    on its own layer of side 2r, drawn at 2× and smoothscaled."""
    from scenes.tables.daotam.cards import KIND_COLOUR
    key = r
    got = _HALVES.get(key)
    if got is not None:
        return got
    big = 2 * r * 2
    c = big / 2
    R = big / 2 - 1
    half = R / 2
    out = []
    for top, col, other in ((True, KIND_COLOUR["cuong"], KIND_COLOUR["nhu"]),
                            (False, KIND_COLOUR["nhu"], KIND_COLOUR["cuong"])):
        s = _layer((big, big))
        pygame.draw.circle(s, col, (c, c), R, draw_top_left=top, draw_top_right=top,
                           draw_bottom_left=not top, draw_bottom_right=not top)
        own = (c + half, c) if top else (c - half, c)
        gone = (c - half, c) if top else (c + half, c)
        pygame.draw.circle(s, col, own, half)
        pygame.draw.circle(s, (0, 0, 0, 0), gone, half)
        pygame.draw.circle(s, other, own, max(1, R / 6))
        out.append(pygame.transform.smoothscale(s, (2 * r, 2 * r)))
    _HALVES.clear() if len(_HALVES) > 16 else None
    _HALVES[key] = (out[0], out[1])
    return out[0], out[1]


_HALVES: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}


def draw_am_duong_motion(surface: pygame.Surface, centre: tuple[int, int], r: float, p: float,
                         spread: float) -> None:
    """The halves slide in from the two cards (``spread`` px apart at the start) in the
    first 300 ms, then the joined circle turns 90° in the next 450 ms (ease-in-out)."""
    ri = max(4, round(r))
    red, blue = am_duong_halves(ri)
    split = AM_SLIDE_S / (AM_SLIDE_S + AM_TURN_S)
    slide = ease_out_cubic(min(1.0, p / split))
    turn = ease_in_out_cubic(max(0.0, (p - split) / (1 - split)))
    cx, cy = centre
    off = spread / 2 * (1 - slide)
    ring = _layer((2 * ri + 8, 2 * ri + 8))
    joined = _layer((2 * ri, 2 * ri))
    if slide < 1:
        surface.blit(red, red.get_rect(center=(round(cx - off), cy)))
        surface.blit(blue, blue.get_rect(center=(round(cx + off), cy)))
        return
    joined.blit(red, (0, 0))
    joined.blit(blue, (0, 0))
    pygame.draw.circle(ring, IVORY, ring.get_rect().center, ri + max(1, ri // 6))
    surface.blit(ring, ring.get_rect(center=centre))
    img = pygame.transform.rotozoom(joined, -90 * turn, 1.0)
    surface.blit(img, img.get_rect(center=centre))


def draw_smoke(surface: pygame.Surface, rect: pygame.Rect, p: float, u: float, seed: int = 0) -> None:
    """Violet smoke rising from ``rect`` (a seat falling into Nhập Ma): twelve soft puffs
    that rise, widen and thin out. Particles: never drawn under reduced motion."""
    layer = _layer((rect.width + round(12 * u), rect.height + round(22 * u)))
    ox, oy = rect.left - round(6 * u), rect.top - round(18 * u)
    for k in range(12):
        f = ((k * 0.618 + seed * 0.1) % 1.0)
        x = rect.left + rect.width * (0.08 + 0.84 * f) - ox
        rise = (3 + 10 * ((k * 0.37) % 1.0)) * u * ease_out_cubic(p)
        y = rect.centery - oy - rise
        rad = (1.8 + 3.0 * p) * u * (0.7 + 0.5 * ((k * 0.53) % 1.0))
        # under half opaque (the layer's pixels are set, not blended): a name under it reads through
        a = round(120 * (1 - p * p) * (0.6 + 0.4 * ((k * 0.29) % 1.0)))
        pygame.draw.circle(layer, (*SMOKE, a), (x, y), rad)
        pygame.draw.circle(layer, (*KIND_COLOUR["ta_khi"], a // 2), (x + rad * 0.3, y + rad * 0.2), rad * 0.6)
    surface.blit(layer, (ox, oy))


_MIST: dict[tuple[int, int], pygame.Surface] = {}


def mist(size: tuple[int, int], u: float) -> pygame.Surface:
    """A still violet mist along a plate's lower edge (cached per size; it does not move)."""
    img = _MIST.get(size)
    if img is None:
        w, h = size
        img = _layer((w + round(2 * u), round(h * 0.7)))
        for k in range(7):
            cx = img.get_width() * (0.08 + 0.84 * k / 6)
            rw, rh = img.get_width() * 0.28, img.get_height() * (0.55 + 0.25 * ((k * 0.61) % 1))
            e = pygame.Rect(0, 0, round(rw), round(rh))
            e.center = (round(cx), round(img.get_height() * 0.62))
            pygame.draw.ellipse(img, (*SMOKE, 34), e)
        if len(_MIST) > 32:
            _MIST.clear()
        _MIST[size] = img
    return img


def desaturate(surface: pygame.Surface, rect: pygame.Rect, amount: float = 0.7) -> None:
    """Grey ``rect`` of ``surface`` by ``amount`` (Nhập Ma): its greyscale copy laid over it
    twice at an alpha under half (1 − (1 − a)² = amount) — each layer lets what is under it
    show, so the plate's name is greyed, not covered."""
    rect = rect.clip(surface.get_rect())
    if rect.width <= 0 or rect.height <= 0:
        return
    grey = pygame.transform.grayscale(surface.subsurface(rect).copy())
    a = 1 - math.sqrt(1 - amount)
    grey.set_alpha(min(127, round(255 * a)))
    surface.blit(grey, rect)
    surface.blit(grey, rect)


def draw_belt_sweep(surface: pygame.Surface, row: pygame.Rect, p: float, u: float, reduced: bool) -> None:
    """A white belt band (ivory, gold edges) tied across ``row``, sweeping in from the left
    (reduced motion: whole, fading in)."""
    w = surface.get_width()
    band_h = max(6, round(row.height * 0.32))
    band = pygame.Rect(0, 0, w, band_h)
    band.center = (w // 2, row.centery)
    head = w if reduced else round(w * ease_in_out_cubic(p))
    alpha = round(255 * (min(1.0, p * 2) if reduced else 1.0))
    if head <= 0:
        return
    layer = _layer((head, band_h + round(2 * u)))
    body = pygame.Rect(0, round(u), head, band_h)
    pygame.draw.rect(layer, (*WHITE_BELT, alpha), body)
    edge = max(2, round(0.35 * u))
    pygame.draw.rect(layer, (*GOLD, alpha), (0, body.top, head, edge))
    pygame.draw.rect(layer, (*GOLD, alpha), (0, body.bottom - edge, head, edge))
    if not reduced and head < w:           # the leading edge glows
        for i in range(round(4 * u)):
            a = round(alpha * 0.5 * (1 - i / (4 * u)))
            pygame.draw.line(layer, (255, 252, 240, a), (head - 1 - i, 0), (head - 1 - i, layer.get_height()))
    surface.blit(layer, (0, band.top - round(u)))


def align_rects(slots: list[pygame.Rect], row: list[pygame.Rect], p: float) -> list[pygame.Rect]:
    """The three stage cards on their way from their slots to the centred row."""
    e = ease_out_cubic(p)                 # no overshoot: the stage cards are not bounced
    out = []
    for a, b in zip(slots, row, strict=True):
        w = round(a.w + (b.w - a.w) * e)
        h = round(a.h + (b.h - a.h) * e)
        r = pygame.Rect(0, 0, max(2, w), max(2, h))
        r.center = (round(a.centerx + (b.centerx - a.centerx) * e), round(a.centery + (b.centery - a.centery) * e))
        out.append(r)
    return out


def khai_row(surface_size: tuple[int, int], centre: tuple[int, int], card: tuple[int, int],
             u: float) -> list[pygame.Rect]:
    """Where the winner's three stage cards line up: a row centred on the claim."""
    cw, ch = card
    g = round(1.5 * u)
    total = 3 * cw + 2 * g
    x0 = round(centre[0] - total / 2)
    return [pygame.Rect(x0 + i * (cw + g), round(centre[1] - ch / 2), cw, ch) for i in range(3)]


def speed_of(app: Any) -> float:
    return max(0.0, float(getattr(app.settings, "anim_speed", 1.0)))
