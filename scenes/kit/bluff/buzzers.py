"""Per-seat buzzers for a same-screen party: a key shown beside each human seat and a
clickable button on it.

Keys, by seat number (seat 1 presses 1, …): the number row ``1 2 3 4 5 6 7 8 9 0 - =``
and Backspace (shown "BS") for the 13th seat — one row of the keyboard, left to right,
so a player's key is their seat's number. A table may pass its own keys.

Only a *fresh* key-down counts: the key state is tracked from KEYDOWN/KEYUP events (not
``pygame.key.get_pressed``), so a key held down from before a window opened, or a
repeated KEYDOWN without a KEYUP in between, presses nothing. A press is stamped with
the table's clock at the event — every press handled in one frame gets that frame's
time, and the Match's tie-break orders them — and handed to ``Match.press``.

The button (a round key cap) sits just off the plate, on the side facing the table
centre (above the lower seats' plates, below the upper ones'), with room for the
countdown ring an eligible seat gets around it (:func:`ring_radius`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.core import fonts, layout_check, theme
from scenes.kit.seat_ring import SeatSpot

BUZZER_KEYS: tuple[int, ...] = (
    pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
    pygame.K_8, pygame.K_9, pygame.K_0, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_BACKSPACE,
)
_LABELS = {pygame.K_MINUS: "-", pygame.K_EQUALS: "=", pygame.K_BACKSPACE: "BS"}
LIT_S = 0.25            # a pressed cap glows this long (table time)


def key_label(key: int) -> str:
    return _LABELS.get(key) or pygame.key.name(key).upper()


class Buzzers:
    """The buzzers of the human seats (see the module docstring)."""

    def __init__(self, seats: Sequence[int], keys: Sequence[int] = BUZZER_KEYS) -> None:
        if any(s >= len(keys) for s in seats):
            raise ValueError(f"{len(keys)} buzzer keys for seats {list(seats)}")
        self.seats = list(seats)
        self.rebind(keys)
        self.held: set[int] = set()
        self.caps: dict[int, tuple[tuple[int, int], int]] = {}   # seat -> (centre, radius)
        self.lit: dict[int, float] = {}                          # seat -> clock of its press

    def rebind(self, keys: Sequence[int]) -> None:
        """New keys for the same seats (the player changed them in the settings)."""
        self.key_of = {s: keys[s] for s in self.seats}
        self.seat_of = {k: s for s, k in self.key_of.items()}

    # ----------------------------------------------------------- layout
    def layout(self, spots: Sequence[SeatSpot], table_centre: tuple[float, float]) -> None:
        """A cap on each human seat's plate border facing the centre (above the plate for
        the lower seats, below it for the upper ones)."""
        self.caps = {}
        for spot in spots:
            if spot.seat not in self.key_of:
                continue
            self.caps[spot.seat] = cap_place(spot, table_centre)

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> int | None:
        """The seat whose buzzer this event freshly presses, or None. Key state is
        tracked here for every buzzer key, pressed or not."""
        if event.type == pygame.KEYDOWN and event.key in self.seat_of:
            if event.key in self.held:
                return None                   # a repeat, or held since before: not fresh
            self.held.add(event.key)
            return self.seat_of[event.key]
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            for seat, (c, r) in self.caps.items():
                if (event.pos[0] - c[0]) ** 2 + (event.pos[1] - c[1]) ** 2 <= r * r:
                    return seat
        return None

    def press(self, event: pygame.event.Event, now: float, match: Any,
              action_for: Callable[[int], tuple | None], enabled: bool = True) -> bool:
        """Hand a fresh press to ``match.press(seat, action, now)``; True if one was made
        (the event is consumed). ``action_for(seat)``: what a buzzer means now (the closing
        answer of the window, also outside one: a false start), None for nothing.
        ``enabled`` False (the table is covered): the key state is still followed — a key
        released under a pause menu is up afterwards — but nothing is pressed."""
        seat = self.handle(event)
        if seat is None or not enabled:
            return False
        action = action_for(seat)
        if action is None:
            return False
        self.lit[seat] = now
        match.press(seat, action, now)
        return True

    # ---------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, now: float, live: set[int],
             faults: dict[int, float] | None = None, barred: set[int] = frozenset()) -> None:
        """Every cap; the seats in ``live`` (eligible in an open window) get a gold rim.
        ``faults``: seat → 0..1 through a false start's shake (the cap shakes and flashes
        red); ``barred``: seats out of the open race (the cap dimmed and struck through)."""
        import math
        for seat, (c, r) in self.caps.items():
            lit = now - self.lit.get(seat, -9.0) < LIT_S
            fill = theme.lighten(theme.BUTTON, 0.45) if lit else theme.BUTTON
            rim = theme.GOLD if seat in live else (110, 100, 84)
            p = (faults or {}).get(seat)
            if p is not None and p < 1:
                c = (c[0] + round(r * 0.4 * math.sin(p * 6 * math.pi) * (1 - p)), c[1])
                fill, rim = theme.lighten(theme.DANGER, 0.25), (235, 90, 80)
            elif seat in barred:
                fill, rim = theme.darken(theme.BUTTON, 0.4), theme.DANGER
            pygame.draw.circle(surface, theme.darken(fill, 0.5), (c[0], c[1] + max(1, r // 6)), r)
            pygame.draw.aacircle(surface, fill, c, r)
            pygame.draw.aacircle(surface, rim, c, r, max(1, round(r * 0.16)))
            label = key_label(self.key_of[seat])
            px = max(8, round(r * (1.05 if len(label) == 1 else 0.8)))
            img = fonts.text(label, px, theme.IVORY, "bold")
            ring_r, stroke = ring_radius(r)
            e = round(ring_r + stroke / 2)                  # the cap with its countdown ring
            with layout_check.control(surface, pygame.Rect(c[0] - e, c[1] - e, 2 * e, 2 * e), "buzzer", label):
                surface.blit(img, img.get_rect(center=c))
            if seat in barred and (p is None or p >= 1):
                d = round(r * 0.75)
                pygame.draw.line(surface, (235, 90, 80), (c[0] - d, c[1] + d), (c[0] + d, c[1] - d),
                                 max(2, round(r * 0.18)))


def ring_radius(cap_r: int) -> tuple[float, float]:
    """(radius, stroke) of the countdown ring around a cap of radius ``cap_r``."""
    return cap_r + max(2.0, cap_r * 0.35), max(2.0, cap_r * 0.25)


def cap_place(spot: SeatSpot, table_centre: tuple[float, float]) -> tuple[tuple[int, int], int]:
    """Where a seat's buzzer cap (and its ring) goes: centre and radius."""
    x, y, w, h = spot.plate
    r = max(5, round(h * 0.36))
    ring_r, stroke = ring_radius(r)
    off = round(ring_r + stroke / 2 + 1)
    cx = x + w // 2
    cy = y - off if spot.centre[1] >= table_centre[1] else y + h + off
    return (cx, cy), r


def cap_box(spot: SeatSpot, table_centre: tuple[float, float]) -> tuple[int, int, int, int]:
    """The box the cap and its ring cover (for layout checks)."""
    (cx, cy), r = cap_place(spot, table_centre)
    ring_r, stroke = ring_radius(r)
    e = round(ring_r + stroke / 2)
    return (cx - e, cy - e, 2 * e, 2 * e)
