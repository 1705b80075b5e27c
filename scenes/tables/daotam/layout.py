"""Geometry of the Đạo Tâm table: seats on the kit's ring, the centre (claim zone, the two
decks), the viewer's hand, the call buttons and each seat's three stage slots."""

from __future__ import annotations

import pygame

from scenes.kit.seat_ring import SeatSpot, seat_ring

CARD_RATIO = 5 / 7          # portrait 5 : 7 (art direction §3.3)


def card_size(height: float) -> tuple[int, int]:
    return max(2, round(height * CARD_RATIO)), max(2, round(height))


class DaoTamLayout:
    """Mixin: computes every rect for the current window size (``layout``)."""

    spots: list[SeatSpot]

    def layout(self) -> None:
        super().layout()                                  # type: ignore[misc]
        w, h = self.app.size
        u = self.app.u
        self.spots = seat_ring(self.n, self.viewer, self.direction, (w, h),
                               centre=(0.5, 0.38), radii=(0.40, 0.30))
        self.centre = (w / 2, h * 0.38)
        self.buzzers.layout(self.spots, self.centre)
        # the centre: Chiêu Thức deck + discard left, Chính Đạo deck + discard right
        cw, ch = card_size(11 * u)
        cx, cy = self.centre
        g = round(5 * u)
        left, right = round(cx - 34 * u), round(cx + 34 * u)
        top = round(cy - ch / 2)
        self.deck_rects = {
            "ct_deck": pygame.Rect(left, top, cw, ch),
            "ct_disc": pygame.Rect(left + cw + g, top, cw, ch),
            "cd_deck": pygame.Rect(right - cw, top, cw, ch),
            "cd_disc": pygame.Rect(right - 2 * cw - g, top, cw, ch),
        }
        self.claim_zone = pygame.Rect(0, 0, round(15 * u), round(15 * u))
        self.claim_zone.center = (round(cx), round(cy))
        # the viewer's hand, bottom centre
        self.hand_h = 15 * u
        self.layout_hand()
        # call / public buttons right of the hand
        bw, bh = round(16 * u), round(4.6 * u)
        x = w - bw - round(2 * u)
        y0 = h - 3 * (bh + round(u)) - round(u)
        for i, b in enumerate(self.action_buttons):
            b.rect = pygame.Rect(x, y0 + i * (bh + round(u)), bw, bh)
        # each seat: three tokens in the plate, three stage slots beside it
        self.slot_rects: dict[int, list[pygame.Rect]] = {}
        for spot in self.spots:
            x, y, pw, ph = spot.plate
            sw, sh = card_size(max(ph * 1.05, 5 * u))
            right = spot.centre[0] <= w * 0.55
            gap = round(0.4 * u)
            sx = x + pw + gap if right else x - 3 * sw - 3 * gap
            if spot.seat == self.viewer:
                sx = x + pw + gap
            sy = round(y + ph / 2 - sh / 2)
            self.slot_rects[spot.seat] = [pygame.Rect(sx + i * (sw + gap), sy, sw, sh) for i in range(3)]

    def layout_hand(self) -> None:
        self.hand_rects = self.hand_rects_for(len(self.hand_list()))

    def hand_rects_for(self, n: int) -> list[pygame.Rect]:
        """Where ``n`` hand cards lie, centred at the bottom."""
        w, h = self.app.size
        u = self.app.u
        cw, ch = card_size(self.hand_h)
        step = min(cw + round(u), round((w * 0.55) / max(1, n)))
        total = step * (n - 1) + cw
        x0 = round(w / 2 - total / 2)
        y = round(h - ch - 1.5 * u)
        return [pygame.Rect(x0 + i * step, y, cw, ch) for i in range(n)]

    def hand_top(self) -> float:
        return self.app.size[1] - self.hand_h - 1.5 * self.app.u

    def plate_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.spots[seat].plate)

    def token_places(self, seat: int) -> list[tuple[tuple[float, float], int]]:
        """Centres and diameter of the seat's three tokens, in the plate's right part."""
        x, y, pw, ph = self.spots[seat].plate
        d = max(6, round(ph * 0.44))
        gap = max(1, round(d * 0.12))
        x0 = x + pw - 3 * d - 2 * gap - max(2, round(ph * 0.15))
        cy = y + ph * 0.46
        return [((x0 + d / 2 + i * (d + gap), cy), d) for i in range(3)]
