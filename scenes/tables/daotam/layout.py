"""Geometry of the Đạo Tâm table: seats on the kit's ring, the centre (claim zone, the two
decks), the viewer's hand, the call buttons and each seat's three stage slots."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.kit.parts import borrowing
from scenes.kit.seat_ring import SeatSpot, seat_ring

CARD_RATIO = 5 / 7          # portrait 5 : 7 (art direction §3.3)


PLATE_U = {3: (27.0, 9.6), 4: (26.0, 9.4), 5: (24.5, 9.0)}   # a seat's plate, in u, by seats


def plate_size(n: int, u: float) -> tuple[int, int]:
    """The plate for ``n`` seats: the name on the first row, then three tokens ~4u across
    and the counts on the second (readable at 5 seats at 1280x720)."""
    pw, ph = PLATE_U.get(n, PLATE_U[5])
    return round(pw * u), round(ph * u)


def clamp_plate(anchor: tuple[float, float], size: tuple[int, int], win: tuple[int, int],
                u: float) -> tuple[int, int, int, int]:
    """A plate centred on ``anchor``, kept inside the window and below the top bar."""
    pw, ph = size
    x = min(max(round(anchor[0] - pw / 2), round(u)), win[0] - round(u) - pw)
    y = min(max(round(anchor[1] - ph / 2), round(8.5 * u)), win[1] - round(u) - ph)
    return (x, y, pw, ph)


def card_size(height: float) -> tuple[int, int]:
    return max(2, round(height * CARD_RATIO)), max(2, round(height))


@borrowing(table=("action_buttons app buzzers centre claim_zone deck_rects direction hand_h hand_list "
                  "hand_rects n pass_buttons slot_rects spots viewer"))
class DaoTamLayout:
    """Part of the table: computes every rect for the current window size (``layout``)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    spots: list[SeatSpot]

    def layout(self) -> None:
        # (the table lays out its header first)
        w, h = self.app.size
        u = self.app.u
        ring = seat_ring(self.n, self.viewer, self.direction, (w, h),
                         centre=(0.5, 0.38), radii=(0.40, 0.30))
        pw, ph = plate_size(self.n, u)
        self.spots = [SeatSpot(s.seat, s.angle, s.anchor, clamp_plate(s.anchor, (pw, ph), (w, h), u))
                      for s in ring]
        self.centre = (w / 2, h * 0.38)
        self.buzzers.layout(self.spots, self.centre)
        # the centre: Chiêu Thức deck + discard left, Chính Đạo deck + discard right
        cw, ch = card_size(11 * u)
        cx, cy = self.centre
        g = round(5 * u)
        left, right = round(cx - 32 * u), round(cx + 32 * u)
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
        # a pass button beside each human seat's buzzer cap (shown while a window waits for it)
        from scenes import fonts
        for seat, button in self.pass_buttons.items():
            (bx, by), r = self.buzzers.caps[seat]
            bw = fonts.size(button.label, max(13, round(2.5 * u)), "semibold")[0] + round(3 * u)
            button.rect = pygame.Rect(0, 0, bw, round(4.2 * u))
            button.rect.midleft = (round(bx + r * 1.7 + 0.6 * u), by)
            if button.rect.right > w - round(u):                 # no room right: go left
                button.rect.midright = (round(bx - r * 1.7 - 0.6 * u), by)
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

    def claim_card_h(self) -> float:
        return 9 * self.app.u

    def reveal_card_h(self) -> float:
        """A drawn Chính Đạo held up in the centre, large enough to read its name."""
        return 15 * self.app.u

    def claim_rects(self, n: int) -> list[pygame.Rect]:
        """Where ``n`` claim (or public-pair) cards lie in the claim zone."""
        size = card_size(self.claim_card_h())
        cz, u = self.claim_zone, self.app.u
        out = []
        for i in range(n):
            rect = pygame.Rect((0, 0), size)
            rect.center = (round(cz.centerx + (i - (n - 1) / 2) * (size[0] + u)), cz.centery)
            out.append(rect)
        return out

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
        """Centres and diameter of the seat's three tokens: the plate's second row, left."""
        x, y, pw, ph = self.spots[seat].plate
        d = max(8, round(ph * 0.42))
        gap = max(2, round(d * 0.16))
        x0 = x + max(2, round(ph * 0.13))
        cy = y + ph * 0.70
        return [((x0 + d / 2 + i * (d + gap), cy), d) for i in range(3)]
