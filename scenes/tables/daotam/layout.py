"""Geometry of the Đạo Tâm table: seats on the kit's ring, the centre (claim zone, the two
decks), the viewer's hand, the call buttons and each seat's three stage slots."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.kit.bluff.buzzers import cap_box
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
                u: float, head: pygame.Rect | None = None) -> tuple[int, int, int, int]:
    """A plate centred on ``anchor``, kept inside the window, below the top bar and
    below the lines written top left (``head``) if it would reach them."""
    pw, ph = size
    x = min(max(round(anchor[0] - pw / 2), round(u)), win[0] - round(u) - pw)
    top = round(8.5 * u)
    if head is not None and x < head.right + round(u):
        top = max(top, head.bottom + round(0.5 * u))
    y = min(max(round(anchor[1] - ph / 2), top), win[1] - round(u) - ph)
    return (x, y, pw, ph)


def card_size(height: float) -> tuple[int, int]:
    return max(2, round(height * CARD_RATIO)), max(2, round(height))


@borrowing(table=("head_bottom header action_buttons app buzzers centre claim_zone deck_rects direction hand_h hand_list "
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
        from scenes.core import fonts
        from scenes.core.i18n import t
        self.head_bottom = round(1.8 * u) + fonts.size(t("daotam.round", round=1, rounds=1),
                                                       max(14, round(2.8 * u)), "bold")[1]
        head = self.header.deal_line_rect()
        self.spots = [SeatSpot(s.seat, s.angle, s.anchor, clamp_plate(s.anchor, (pw, ph), (w, h), u, head))
                      for s in ring]
        self.centre = (w / 2, h * 0.38)
        self.buzzers.layout(self.spots, self.centre)
        # the centre: Chiêu Thức deck + discard left, Chính Đạo deck + discard right
        cw, ch = card_size(11 * u)
        cx, cy = self.centre
        g = round(4 * u)
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
        # each seat: three tokens in the plate, three stage slots beside it
        self.slot_rects: dict[int, list[pygame.Rect]] = {}
        # taken: the piles with their labels, the claim zone, every plate and buzzer
        label_h = round(3 * u)
        taken = [r.inflate(round(4 * u), 0).union(r.move(0, label_h)) for r in self.deck_rects.values()]
        taken += [self.claim_zone] + [pygame.Rect(s.plate) for s in self.spots]
        taken += [pygame.Rect(c[0][0] - c[1] * 2, c[0][1] - c[1] * 2, c[1] * 4, c[1] * 4)
                  for c in self.buzzers.caps.values()]
        win = pygame.Rect(round(u), round(8.5 * u), w - 2 * round(u), h - round(9.5 * u))
        for spot in self.spots:
            x, y, pw, ph = spot.plate
            gap = round(0.4 * u)
            right = spot.centre[0] <= w * 0.55 or spot.seat == self.viewer
            for scale in (1.05, 0.85, 0.7):           # smaller cards before no room at all
                sw, sh = card_size(max(ph * scale, 4 * u))
                sy = round(y + ph / 2 - sh / 2)
                side = [x + pw + gap, x - 3 * sw - 3 * gap]
                tries = [(sx, sy) for sx in (side if right else side[::-1])]
                tries += [(round(x + pw / 2 - (3 * sw + 2 * gap) / 2), y + ph + gap),   # under
                          (round(x + pw / 2 - (3 * sw + 2 * gap) / 2), y - sh - gap)]   # over
                fits = [t for t in tries if self._slots_fit(t, sw, sh, gap, win, taken)]
                if fits:
                    break
            sx, sy = fits[0] if fits else tries[0]
            self.slot_rects[spot.seat] = [pygame.Rect(sx + i * (sw + gap), sy, sw, sh) for i in range(3)]
            taken += self.slot_rects[spot.seat]
        self.layout_pass_buttons(taken)

    def layout_pass_buttons(self, taken: list[pygame.Rect]) -> None:
        """A pass button beside each human seat's buzzer cap (shown while a window waits
        for it): right of the cap, else left, below or above, wherever it clears the
        piles, plates, stage slots and the other caps."""
        from scenes.core import fonts
        w, h = self.app.size
        u = self.app.u
        win = pygame.Rect(round(u), round(8.5 * u), w - 2 * round(u), h - round(9.5 * u))
        placed: list[pygame.Rect] = []
        for seat, button in self.pass_buttons.items():
            (bx, by), r = self.buzzers.caps[seat]
            bw = fonts.size(button.label, max(13, round(2.5 * u)), "semibold")[0] + round(3 * u)
            rect = pygame.Rect(0, 0, bw, round(4.2 * u))
            reach = round(r * 1.7 + 0.6 * u)
            tries = []
            for attr, at in (("midleft", (bx + reach, by)), ("midright", (bx - reach, by)),
                             ("midtop", (bx, by + reach)), ("midbottom", (bx, by - reach))):
                cand = rect.copy()
                setattr(cand, attr, (round(at[0]), round(at[1])))
                tries.append(cand)
            others = [t for t in taken if not t.collidepoint(bx, by)]      # not its own cap
            fits = [c for c in tries if win.contains(c) and c.collidelist(others + placed) < 0]
            button.rect = (fits or [c for c in tries if win.contains(c)] or tries)[0]
            placed.append(button.rect)

    @staticmethod
    def _slots_fit(at: tuple[int, int], sw: int, sh: int, gap: int, win: pygame.Rect,
                   taken: list[pygame.Rect]) -> bool:
        box = pygame.Rect(at[0], at[1], 3 * sw + 2 * gap, sh)
        return win.contains(box) and box.collidelist(taken) < 0

    def obstacles(self) -> list[pygame.Rect]:
        """What a caption must not run into: stage slots, plates, buzzer caps, the piles."""
        out = [r for rects in self.slot_rects.values() for r in rects]
        out += [pygame.Rect(s.plate) for s in self.spots] + list(self.deck_rects.values())
        out += [pygame.Rect(cap_box(self.spots[s], self.centre)) for s in self.buzzers.caps]
        return out

    def free_span(self, band: pygame.Rect, cx: float,
                  rects: list[pygame.Rect] | None = None) -> tuple[int, int]:
        """The stretch of ``band`` around ``cx`` clear of ``rects`` (:meth:`obstacles`)."""
        u = self.app.u
        g = round(0.6 * u)
        left, right = round(u), self.app.size[0] - round(u)
        for r in self.obstacles() if rects is None else rects:
            if r.top < band.bottom and band.top < r.bottom:
                if r.right <= cx:
                    left = max(left, r.right + g)
                elif r.left >= cx:
                    right = min(right, r.left - g)
        return left, max(left + 1, right)

    def slide_clear(self, rect: pygame.Rect, busy: list[pygame.Rect]) -> pygame.Rect | None:
        """``rect`` moved along its row to the nearest place clear of ``busy`` (None: none)."""
        u = self.app.u
        lo, hi = round(u), self.app.size[0] - round(u)
        blocked = sorted((r.left, r.right) for r in busy if r.top < rect.bottom and rect.top < r.bottom)
        gaps, x = [], lo
        for a, b in blocked:
            if a > x:
                gaps.append((x, a))
            x = max(x, b)
        gaps.append((x, hi))
        best = None
        for a, b in gaps:
            if b - a >= rect.width:
                at = min(max(rect.x, a), b - rect.width)
                if best is None or abs(at - rect.x) < abs(best - rect.x):
                    best = at
        return None if best is None or rect.top < 0 else rect.move(best - rect.x, 0)

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
        self.layout_buttons()

    def layout_buttons(self) -> None:
        """The call / public buttons right of the hand: as wide as their longest label
        needs at the button size (so "Thao Diễn Công Khai (P)" stays readable), within
        the room the hand leaves (the label shrinks only past that)."""
        from scenes.core import fonts
        w, h = self.app.size
        u = self.app.u
        pad = max(2, round(0.8 * u))
        need = max(fonts.size(b.label, max(13, round(2.5 * u)), "semibold")[0] for b in self.action_buttons)
        hand_right = max((r.right for r in self.hand_rects), default=w // 2)
        room = w - hand_right - round(3 * u)
        bw, bh = max(1, min(max(round(16 * u), need + 2 * pad + round(u)), room)), round(4.6 * u)
        x = w - bw - round(2 * u)
        y0 = h - 3 * (bh + round(u)) - round(u)
        for i, b in enumerate(self.action_buttons):
            b.rect = pygame.Rect(x, y0 + i * (bh + round(u)), bw, bh)

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
