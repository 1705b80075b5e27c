"""Where things lie on the Mascarade table: the kit's seat ring for 2–13 seats, each
seat's card(s) between its plate and the centre, the middle cards, courthouse and bank
in the centre, the coin stacks beside each plate. The bottom seat is fixed (the first
human), so the table never turns when the screen changes hands."""

from __future__ import annotations

import math

import pygame

from scenes.kit.seat_ring import SeatSpot, seat_ring
from scenes.tables.mascarade.cards import card_size

CENTRE = (0.5, 0.42)


def card_height(n: int, u: float) -> int:
    """Tall cards shrink with the seat count so neighbours never touch."""
    return round(u * max(7.5, min(15.0, 15.0 - 0.75 * (n - 4))))


class MascaradeLayout:
    """Mixin: ``self.spots``, ``self.pos_rects`` (per position), ``self.court_rect``,
    ``self.bank_rect``, ``self.coin_at`` (per seat)."""

    def compute_layout(self) -> None:
        w, h = self.app.size
        u = self.app.u
        n = self.n
        self.spots: list[SeatSpot] = seat_ring(n, self.bottom, "clockwise", (w, h), CENTRE,
                                               (0.42, 0.36))
        self.centre = (w * CENTRE[0], h * CENTRE[1])
        self.card_h = card_height(n, u)
        cw, ch = card_size(self.card_h)
        view = self.match.view(None)
        rects: list[pygame.Rect] = [pygame.Rect(0, 0, cw, ch) for _ in view.owner]
        for spot in self.spots:
            own = view.hands[spot.seat]
            px, py, pw, ph = spot.plate
            pc = (px + pw / 2, py + ph / 2)
            dx, dy = self.centre[0] - pc[0], self.centre[1] - pc[1]
            dist = math.hypot(dx, dy) or 1.0
            # from the plate's edge toward the centre, far enough to clear the plate
            reach = abs(dx) / dist * (pw / 2 + cw / 2) + abs(dy) / dist * (ph / 2 + ch / 2)
            reach = min(reach + 0.8 * u, dist * 0.55)
            c = (pc[0] + dx / dist * reach, pc[1] + dy / dist * reach)
            k = len(own)
            for i, pos in enumerate(own):
                off = (i - (k - 1) / 2) * (cw + 0.6 * u)
                rects[pos].center = (round(c[0] + off), round(c[1]))
        middle = [p for p, o in enumerate(view.owner) if o is None]
        for i, pos in enumerate(middle):
            off = (i - (len(middle) - 1) / 2) * (cw + 0.8 * u)
            rects[pos].center = (round(self.centre[0] + off), round(self.centre[1] + 0.5 * ch))
        self.pos_rects = rects
        box = pygame.Rect(0, 0, round(13 * u), round(5.5 * u))
        top = self.centre[1] - (0.3 * ch if middle else 0) - 3.5 * u
        self.court_rect = box.copy()
        self.court_rect.center = (round(self.centre[0] - 7.5 * u), round(top))
        self.bank_rect = box.copy()
        self.bank_rect.center = (round(self.centre[0] + 7.5 * u), round(top))
        self.coin_at = {}
        for spot in self.spots:
            x, y, pw, ph = spot.plate
            self.coin_at[spot.seat] = (x + max(1.2 * u, pw * 0.08) + ph * 0.16, y + ph * 0.74)

    def pos_at(self, pos: tuple[int, int]) -> int | None:
        for p, r in enumerate(self.pos_rects):
            if r.collidepoint(pos):
                return p
        return None

    def plate_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.spots[seat].plate)
