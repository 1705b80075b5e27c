"""The countdown ring of a reaction window (art direction §6.8).

It reads the Match's window clock (``Match.open_window()``: ``opened_at``, ``ends_at``,
``remaining(now)``, with ``now`` the table's own clock), so it is game time: it freezes
under a pause and is never scaled by the animation speed nor skipped. Drawn at 3× on an
alpha layer (a polygon strip of 96 segments) and smoothscaled down: antialiased.
The arc is ivory and shrinks clockwise from 12 o'clock, shifting to amber over the last
second; whole seconds stand in the centre (cut from a cached ring each frame, see
:func:`draw_ring`). When a press closes the window the ring
stops where it was and bursts at the pressing seat (:meth:`CountdownRing.stop`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.core import fonts, theme
from scenes.core.tween import Anim, ease_out_cubic

SS = 3                      # supersampling factor
SEGMENTS = 96               # of a full circle
URGENT_S = 1.0              # the last second turns amber
BLEND_S = 0.25              # … blended over ± this around it
TRACK = (255, 255, 255, 51)   # white at 20 %
CALM = theme.IVORY
URGENT = theme.AMBER
TICK_SOUND = "tick"         # the audio name played as each whole second passes
BURST_S = 0.4


@dataclass(frozen=True)
class RingReading:
    """What the ring shows: ``fraction`` of the window left (1 → 0), seconds left
    (None with timers off), the window's length and identity."""

    window_id: int
    fraction: float
    remaining: float | None
    total: float | None
    stopped: bool = False

    @property
    def seconds_label(self) -> str:
        return "" if self.remaining is None else str(math.ceil(self.remaining - 1e-9))


def read_window(open_window: Any, now: float) -> RingReading | None:
    """The ring for ``Match.open_window()`` at the table's time ``now``."""
    if open_window is None:
        return None
    wid = open_window.window.id
    if open_window.ends_at is None:                       # timers off: a full, still ring
        return RingReading(wid, 1.0, None, None)
    total = max(1e-6, open_window.ends_at - open_window.opened_at)
    left = open_window.remaining(now)
    return RingReading(wid, max(0.0, min(1.0, left / total)), left, total)


def ring_colour(remaining: float | None) -> tuple[int, int, int]:
    """Calm ivory → urgent amber around the last second."""
    if remaining is None:
        return CALM
    k = max(0.0, min(1.0, (URGENT_S + BLEND_S - remaining) / (2 * BLEND_S)))
    return tuple(round(a + (b - a) * k) for a, b in zip(CALM, URGENT, strict=True))  # type: ignore[return-value]


class SecondTicker:
    """Says when a whole second of a window has passed (2 s and 1 s left of a 3 s
    window): the table plays :data:`TICK_SOUND` then."""

    def __init__(self) -> None:
        self._last: tuple[int, int] | None = None

    def poll(self, reading: RingReading | None) -> bool:
        if reading is None or reading.remaining is None or reading.stopped:
            return False
        whole = math.ceil(reading.remaining - 1e-9)
        last = self._last
        self._last = (reading.window_id, whole)
        return last is not None and last[0] == reading.window_id and 0 < whole < last[1]


def _arc_points(c: float, r: float, a0: float, a1: float) -> list[tuple[float, float]]:
    """Points from angle ``a0`` to ``a1`` (radians, clockwise on screen from 12 o'clock)."""
    steps = max(2, math.ceil(SEGMENTS * abs(a1 - a0) / (2 * math.pi)))
    return [(c + r * math.sin(a0 + (a1 - a0) * i / steps), c - r * math.cos(a0 + (a1 - a0) * i / steps))
            for i in range(steps + 1)]


def _band(layer: pygame.Surface, colour: tuple, c: float, r: float, stroke: float,
          a0: float, a1: float, caps: bool) -> None:
    outer = _arc_points(c, r + stroke / 2, a0, a1)
    inner = _arc_points(c, r - stroke / 2, a0, a1)
    pygame.draw.polygon(layer, colour, outer + inner[::-1])
    if caps:
        for a in (a0, a1):
            pygame.draw.circle(layer, colour, (c + r * math.sin(a), c - r * math.cos(a)), stroke / 2)


_CACHE: dict[tuple, pygame.Surface] = {}
_WHITE: dict[tuple, pygame.Surface] = {}


def _white_ring(radius: int, stroke: int) -> pygame.Surface:
    """A whole white ring drawn at :data:`SS`× and smoothscaled (cached per size): the one
    costly drawing (several ms at 1080p), which every colour is tinted from."""
    key = (radius, stroke)
    img = _WHITE.get(key)
    if img is None:
        side = 2 * (radius + stroke) + 4
        big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
        c = side * SS / 2
        white = (255, 255, 255, 255)
        _band(big, white, c, radius * SS, stroke * SS, 0.0, math.pi, False)
        _band(big, white, c, radius * SS, stroke * SS, math.pi, 2 * math.pi, False)
        img = pygame.transform.smoothscale(big, (side, side))
        if len(_WHITE) > 8:
            _WHITE.clear()
        _WHITE[key] = img
    return img


def _full_ring(radius: int, stroke: int, colour: tuple) -> pygame.Surface:
    """A whole ring in ``colour`` (RGB or RGBA): the white ring multiplied by it, which
    is what drawing it in that colour gives, for a copy and a fill (cached per size and
    colour; a new colour step in the last second no longer repaints a ring)."""
    key = (radius, stroke, colour)
    img = _CACHE.get(key)
    if img is None:
        img = _white_ring(radius, stroke).copy()
        img.fill(tuple(colour) if len(colour) == 4 else (*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if len(_CACHE) > 96:
            _CACHE.clear()
        _CACHE[key] = img
    return img


def _quantised_colour(remaining: float | None) -> tuple[int, int, int]:
    """The ring's colour in 16 steps of the calm → urgent blend (so rings cache)."""
    if remaining is None:
        return CALM
    k = max(0.0, min(1.0, (URGENT_S + BLEND_S - remaining) / (2 * BLEND_S)))
    return ring_colour(URGENT_S + BLEND_S - round(k * 16) / 16 * 2 * BLEND_S)


def draw_ring(surface: pygame.Surface, centre: tuple[float, float], radius: float,
              stroke: float, reading: RingReading, label_px: int = 0) -> pygame.Rect:
    """Track, the arc left and (``label_px`` > 0) the whole seconds in the centre.

    Per frame only a copy of a cached antialiased ring is cut: the spent wedge is
    cleared (its radial edge crosses the thin stroke) and the receding end gets a round
    antialiased cap — about a tenth of drawing the arc supersampled every frame."""
    radius, stroke = max(2, round(radius)), max(1, round(stroke))
    track = _full_ring(radius, stroke, TRACK)
    rect = track.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(track, rect)
    f = reading.fraction
    colour = _quantised_colour(reading.remaining)
    if f >= 1:
        surface.blit(_full_ring(radius, stroke, colour), rect)
    elif f > 0:
        img = _full_ring(radius, stroke, colour).copy()
        c = rect.width / 2
        spent = 2 * math.pi * (1 - f)             # the end recedes clockwise from 12
        far = c * 1.5
        steps = max(1, math.ceil(spent / (math.pi / 16)))
        wedge = [(c, c)] + [(c + far * math.sin(spent * i / steps), c - far * math.cos(spent * i / steps))
                            for i in range(steps + 1)]
        pygame.draw.polygon(img, (0, 0, 0, 0), wedge)
        for a in (0.0, spent):
            pygame.draw.aacircle(img, colour, (c + radius * math.sin(a), c - radius * math.cos(a)),
                                 stroke / 2)
        surface.blit(img, rect)
    if label_px > 0 and reading.seconds_label:
        img = fonts.text(reading.seconds_label, label_px, ring_colour(reading.remaining), "bold")
        surface.blit(img, img.get_rect(center=rect.center))
    return rect


def draw_burst(surface: pygame.Surface, centre: tuple[float, float], radius: float,
               p: float, colour: tuple[int, int, int] = theme.IVORY) -> None:
    """A ring that widens and fades with 8 short rays: a press closed the window here."""
    if not 0 <= p < 1:
        return
    r = radius * (1 + 0.9 * ease_out_cubic(p))
    side = round(2 * radius * 2.2) + 4
    layer = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    alpha = round(255 * (1 - p))
    pygame.draw.circle(layer, (*colour, alpha), (c, c), r, max(1, round(radius * 0.18 * (1 - p)) + 1))
    for k in range(8):
        a = k * math.pi / 4
        r0, r1 = r * 0.75, min(c - 1, r * 1.15)
        pygame.draw.line(layer, (*colour, alpha), (c + r0 * math.cos(a), c + r0 * math.sin(a)),
                         (c + r1 * math.cos(a), c + r1 * math.sin(a)), max(1, round(radius * 0.12)))
    surface.blit(layer, layer.get_rect(center=(round(centre[0]), round(centre[1]))))


class CountdownRing:
    """One window's ring as a table shows it: live from the Match, or stopped with a
    burst at the seat whose press closed the window."""

    def __init__(self) -> None:
        self.stopped: RingReading | None = None
        self.burst_seat: int | None = None
        self.burst_p = 1.0
        self.ticker = SecondTicker()

    def reading(self, match: Any, now: float) -> RingReading | None:
        live = read_window(match.open_window(), now)
        if live is not None and (self.stopped is None or live.window_id != self.stopped.window_id):
            return live
        return self.stopped if self.burst_p < 1 else None

    def stop(self, match: Any, seat: int) -> Anim | None:
        """A press by ``seat`` closed the window: freeze the ring where it was when the
        Match judged the press, and return the burst (queue it, skippable)."""
        prev = match.desk.previous
        if prev is None or prev.ends_at is None:
            return None
        at = prev.closed_at if prev.closed_at is not None else prev.ends_at
        live = read_window(prev, at)
        assert live is not None
        self.stopped = RingReading(live.window_id, live.fraction, live.remaining, live.total, True)
        self.burst_seat = seat
        self.burst_p = 0.0

        def _step(p: float) -> None:
            self.burst_p = min(p, 0.999)

        def _end() -> None:
            self.burst_p = 1.0
        return Anim(BURST_S, None, _step, _end, lambda t: t, motion=False)   # its word stays readable
