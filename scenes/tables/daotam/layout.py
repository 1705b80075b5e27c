"""Geometry of the Đạo Tâm table: seats on the kit's ring, the centre (claim zone, the two
decks), the viewer's hand, the call buttons and each seat's three stage slots."""

from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.kit.bluff.buzzers import cap_box
from scenes.kit.parts import borrowing
from scenes.kit.seat_ring import SeatSpot, seat_ring

CARD_RATIO = 5 / 7          # portrait 5 : 7 (art direction §3.3)
HAND_U, CLAIM_U, SLOT_U, BACK_U = 22.0, 18.0, 13.0, 10.0   # §3.3 card heights, in u
PILE_U = 11.0               # the four piles in the centre
RING_STROKE_U = 0.7         # the countdown ring's stroke (paint.draw_windows)
FAN_STEP = 0.3              # an opponent's backs overlap, each this much of a width on
CENTRE_Y = 0.37             # the claim's height, as a fraction of the window (before fitting)
PROMPT_U = 5.2              # the instruction line's band over the hand
TOAST_U = 5.6               # a toast's band over that line


PLATE_U = {3: (27.0, 9.6), 4: (26.0, 9.4), 5: (24.5, 9.0)}   # a seat's plate, in u, by seats


MS_FIGURE_PX = 48           # a Môn Sinh card this tall or more shows its figure; less, its number alone


def plate_size(n: int, u: float) -> tuple[int, int]:
    """The plate for ``n`` seats: the seat's Môn Sinh at the left (:func:`ms_inset`), then
    the name on the first row, three tokens ~4u across and the counts on the second
    (readable at 5 seats at 1280x720)."""
    pw, ph = PLATE_U.get(n, PLATE_U[5])
    ph = round(ph * u)
    return round(pw * u) + ms_inset(ph, u), ph


def ms_card_h(ph: int, u: float) -> int:
    """The Môn Sinh card's height on a plate ``ph`` tall: the plate less a margin."""
    return max(2, ph - 2 * max(2, round(0.45 * u)))


def ms_inset(ph: int, u: float) -> int:
    """The room a plate keeps at its left for its seat's Môn Sinh: a small upright card
    (figure and number) where it is tall enough to read, else a disc with the number."""
    ch = ms_card_h(ph, u)
    if ch >= MS_FIGURE_PX:
        return card_size(ch)[0] + max(2, round(0.45 * u))
    return round(ph * 0.5) + max(2, round(0.45 * u))


def ms_box(plate: pygame.Rect, u: float) -> tuple[pygame.Rect, bool]:
    """Where a plate shows its seat's Môn Sinh and whether as the card (else the number
    alone, in a disc): at the plate's left, inside it."""
    m = max(2, round(0.45 * u))
    ch = ms_card_h(plate.h, u)
    if ch >= MS_FIGURE_PX:
        box = pygame.Rect((0, 0), card_size(ch))
        box.midleft = (plate.x + m, plate.centery)
        return box, True
    d = round(plate.h * 0.5)
    box = pygame.Rect(0, 0, d, d)
    box.midleft = (plate.x + m, plate.centery)
    return box, False


def mon_sinh_number(seat: int, first: int, n: int) -> int:
    """The Môn Sinh (1–n) ``seat`` holds: #1 is the seat that starts every round
    (rules §1.2, §2.3), the others follow in turn order."""
    return (seat - first) % n + 1


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
        """Sizes from the room the window gives (art direction §3.3): the hand 22u tall,
        the claim's cards 18u, an opened Tâm Niệm 13u, opponents' backs 10u — each
        shrunk only as far as the window lacks room for it. The viewer's seat sits on
        the row above the instruction line, the others on the seat ring; the claim (with
        its countdown ring) takes the largest free stretch of the centre, the piles either
        side of it."""
        # (the table lays out its header first)
        w, h = self.app.size
        u = self.app.u
        from scenes.core import fonts
        from scenes.core.i18n import t
        self.head_bottom = round(1.8 * u) + fonts.size(t("daotam.round", round=1, rounds=1),
                                                       max(14, round(2.8 * u)), "bold")[1]
        head = self.header.deal_line_rect()
        # the bottom: the hand, the instruction line over it, the viewer's row over that
        self.hand_h = self.fit_hand_h()
        hand_top = self.hand_top()
        pw, ph = plate_size(self.n, u)
        self.slot_h = SLOT_U * u
        row_bottom = hand_top - (PROMPT_U + TOAST_U) * u
        me_cy = row_bottom - max(ph, self.slot_h) / 2
        cy = h * CENTRE_Y
        ring = seat_ring(self.n, self.viewer, self.direction, (w, h),
                         centre=(0.5, CENTRE_Y), radii=(0.40, max(0.1, (me_cy - cy) / h)))
        spots = []
        for s in ring:
            anchor = s.anchor
            slots_w = 3 * card_size(self.slot_h)[0] + round(1.2 * u)
            if s.seat == self.viewer:       # centred with its slots on the row above the line, low
                anchor = (w / 2 - slots_w / 2, row_bottom - ph / 2)
            elif abs(anchor[0] - w / 2) < 0.1 * w and anchor[1] < cy:
                # the seat facing the viewer: to the left, its slots ending short of the
                # claim's ring (over the claim it would leave the ring no room)
                anchor = (w / 2 - self.ring_r_for(CLAIM_U * u) - 1.5 * u - slots_w - pw / 2, anchor[1])
            spots.append(SeatSpot(s.seat, s.angle, anchor, clamp_plate(anchor, (pw, ph), (w, h), u, head)))
        self.spots = spots
        self.fit_centre(cy)
        self.buzzers.layout(self.spots, self.centre)
        self.layout_hand()
        self.place_slots()

    def fit_hand_h(self) -> float:
        """The hand's card height: 22u, less only where five cards, centred, would not fit
        clear of the memory aid (24u at least) and the call buttons, or the window is low."""
        w, h = self.app.size
        u = self.app.u
        room = w - 2 * (24 + 2 + 2) * u          # centred: the memory aid's room on both sides
        by_width = (room - 4 * u) / 5 / CARD_RATIO
        return max(8 * u, min(HAND_U * u, by_width, h * 0.26))

    def fit_centre(self, cy: float) -> None:
        """The claim zone and its ring (claim cards 18u, less where the seats above and
        below leave no room), then the four piles either side of it."""
        w, h = self.app.size
        u = self.app.u
        cx = w / 2
        caption = 3.6 * u                     # the claim's line over the ring
        top_limit = max(8.5 * u, self.head_bottom + 0.5 * u)
        me = pygame.Rect(self.spots[self.viewer].plate)
        bottom_limit = me.top - 0.6 * u
        if self.viewer in self.buzzers.key_of:           # the viewer's cap over its plate
            from scenes.kit.bluff.buzzers import cap_box
            spot = self.spots[self.viewer]
            bottom_limit = cap_box(spot, (cx, 0))[1] - 0.5 * u
        chosen = None
        card_h = CLAIM_U * u
        while chosen is None:
            r = self.ring_r_for(card_h) + RING_STROKE_U / 2 * u      # to the ring's outer edge
            box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
            lo = top_limit
            for s in self.spots:                 # plates (with their slot row) above the claim
                if s.seat == self.viewer:
                    continue
                x, y, pw, ph = s.plate
                if x < cx + r and cx - r < x + pw:
                    lo = max(lo, y + ph / 2 + self.slot_h / 2 + 0.5 * u)
            top = lo + caption
            want = max(top + r, min(cy, bottom_limit - r))
            if want + r <= bottom_limit or card_h <= 8 * u:
                box.center = (round(cx), round(want))
                chosen = (card_h, box)
            else:
                card_h -= 0.5 * u
        self.claim_h, ring_box = chosen
        self.ring_r = self.ring_r_for(self.claim_h)
        self.centre = ring_box.center
        size = card_size(self.claim_h)
        self.claim_zone = pygame.Rect(0, 0, 2 * size[0] + round(u), size[1])
        self.claim_zone.center = ring_box.center
        # the piles: Chiêu Thức deck + discard left of the ring, Chính Đạo discard + deck right
        ccx, ccy = self.centre
        pile_h = PILE_U * u
        from scenes.core import fonts
        self.pile_label_h = label_h = 2 * fonts.size("Ág", max(11, round(1.7 * u)))[1]   # two lines at worst
        g = round(4 * u)                       # (the piles' labels share it: captions.pile_label)
        plates = [pygame.Rect(s.plate) for s in self.spots if s.seat != self.viewer]
        for scale in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):      # smaller piles before piles on a plate
            cw, ch = card_size(pile_h * scale)
            left = round(ccx - self.ring_r - 2 * u - 2 * cw - g)
            right = round(ccx + self.ring_r + 2 * u)
            top = round(ccy - ch / 2)
            for x, y, pw, ph in plates:        # under a plate whose row reaches the piles' height
                if y > ccy:
                    continue
                for x0, x1 in ((left, left + 2 * cw + g), (right, right + 2 * cw + g)):
                    if x < x1 and x0 < x + pw:
                        top = max(top, round(y + ph + 0.8 * u))
            top = min(top, round(bottom_limit - label_h - ch))             # clear of the viewer's row
            groups = [pygame.Rect(x0 - round(1.5 * u), top, 2 * cw + g + round(3 * u), ch + label_h)
                      for x0 in (left, right)]
            if all(b.collidelist(plates) < 0 for b in groups):
                break
        self.deck_rects = {
            "ct_deck": pygame.Rect(left, top, cw, ch),
            "ct_disc": pygame.Rect(left + cw + g, top, cw, ch),
            "cd_disc": pygame.Rect(right, top, cw, ch),
            "cd_deck": pygame.Rect(right + cw + g, top, cw, ch),
        }

    def ring_r_for(self, card_h: float) -> float:
        """The countdown ring's radius around the claim: two claim cards side by side inside it."""
        cw, ch = card_size(card_h)
        half_w = cw + self.app.u / 2
        return max(9 * self.app.u, math.hypot(half_w, ch / 2) + 0.6 * self.app.u)

    def place_slots(self) -> None:
        """Each seat's three stage slots, 13u tall: beside its plate (the table's side
        first), else under or over it, smaller only where none of these has room."""
        w, h = self.app.size
        u = self.app.u
        self.slot_rects: dict[int, list[pygame.Rect]] = {}
        label_h = self.pile_label_h
        taken = [r.inflate(round(3.4 * u), 0).union(r.move(0, label_h))      # a line as wide as captions.pile_label's
                 for r in self.deck_rects.values()]
        outer = self.ring_r + RING_STROKE_U / 2 * u + 0.3 * u
        ring = pygame.Rect(0, 0, round(2 * outer), round(2 * outer))
        ring.center = self.centre
        taken += [ring.inflate(0, round(7 * u)).move(0, round(-3.5 * u) + round(1.5 * u))]
        taken += [pygame.Rect(s.plate) for s in self.spots]
        head = self.header.deal_line_rect()
        if head is not None:
            taken.append(pygame.Rect(head).inflate(round(u), round(u)))
        from scenes.kit.bluff.buzzers import cap_box
        taken += [pygame.Rect(cap_box(self.spots[s], self.centre)) for s in self.buzzers.caps]
        hand = self.hand_rects_for(5)
        if hand:
            band = hand[0].unionall(hand)
            over = round((PROMPT_U + TOAST_U) * u) - 2
            taken.append(band.inflate(0, over).move(0, -over // 2))
        win = pygame.Rect(round(u), round(8.5 * u), w - 2 * round(u), h - round(9.5 * u))
        gap = round(0.4 * u)
        for spot in sorted(self.spots, key=lambda s: s.seat != self.viewer):
            x, y, pw, ph = spot.plate
            right = spot.centre[0] <= w * 0.55 or spot.seat == self.viewer
            fits: list[tuple[int, int]] = []
            for scale in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):      # smaller cards before no room at all
                sw, sh = card_size(max(self.slot_h * scale, 4 * u))
                sy = round(y + ph / 2 - sh / 2) if spot.seat != self.viewer else y + ph - sh
                side = [x + pw + gap, x - 3 * sw - 3 * gap]
                tries = [(sx, sy) for sx in (side if right else side[::-1])]
                tries += [(round(x + pw / 2 - (3 * sw + 2 * gap) / 2), y + ph + gap),   # under
                          (round(x + pw / 2 - (3 * sw + 2 * gap) / 2), y - sh - gap)]   # over
                fits = [p for p in tries if self._slots_fit(p, sw, sh, gap, win, taken)]
                if fits:
                    break
            sx, sy = fits[0] if fits else tries[0]
            self.slot_rects[spot.seat] = [pygame.Rect(sx + i * (sw + gap), sy, sw, sh) for i in range(3)]
            taken += self.slot_rects[spot.seat]
        self.layout_pass_buttons(taken)
        self.place_backs(taken + [b.rect for b in self.pass_buttons.values()], win)

    def place_backs(self, taken: list[pygame.Rect], win: pygame.Rect) -> None:
        """Each opponent's hand as a small fan of backs, 10u tall (§3.3): on the side of
        its plate the slots left free, else under or over it; smaller where the window
        lacks room, none where there is none (the plate's count says it anyway)."""
        u = self.app.u
        self.back_boxes: dict[int, pygame.Rect] = {}
        gap = round(0.5 * u)
        for spot in self.spots:
            if spot.seat == self.viewer:
                continue
            plate = pygame.Rect(spot.plate)
            for scale in (1.0, 0.85, 0.7, 0.6):
                cw, ch = card_size(BACK_U * u * scale)
                box = pygame.Rect(0, 0, round(cw * (1 + FAN_STEP * 4)), ch)
                tries = []
                for attr, at in (("midleft", (plate.right + gap, plate.centery)),
                                 ("midright", (plate.left - gap, plate.centery)),
                                 ("midtop", (plate.centerx, plate.bottom + gap)),
                                 ("midbottom", (plate.centerx, plate.top - gap))):
                    cand = box.copy()
                    setattr(cand, attr, at)
                    tries.append(cand)
                fits = [c for c in tries if win.contains(c) and c.collidelist(taken) < 0]
                if fits:
                    self.back_boxes[spot.seat] = fits[0]
                    taken.append(fits[0])
                    break

    def back_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where ``count`` backs of ``seat``'s hand lie in its fan (none if it has no room)."""
        box = self.back_boxes.get(seat)
        if box is None or count <= 0:
            return []
        cw = round(box.h * CARD_RATIO)
        shown = min(count, 8)
        step = (box.w - cw) / max(1, shown - 1) if shown > 1 else 0
        step = min(step, cw * FAN_STEP * 1.6)
        left = box.centerx - (cw + step * (shown - 1)) / 2
        return [pygame.Rect(round(left + i * step), box.y, cw, box.h) for i in range(shown)]

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
            plate = pygame.Rect(self.spots[seat].plate)
            g = round(0.6 * u)
            for attr, at in (("midleft", (bx + reach, by)), ("midright", (bx - reach, by)),
                             ("midtop", (bx, by + reach)), ("midbottom", (bx, by - reach)),
                             ("midleft", (plate.right + g, plate.centery)),        # else by the plate
                             ("midright", (plate.left - g, plate.centery)),
                             ("midtop", (plate.centerx, plate.bottom + g))):
                cand = rect.copy()
                setattr(cand, attr, (round(at[0]), round(at[1])))
                tries.append(cand)
            others = [t for t in taken if not t.collidepoint(bx, by)]      # not its own cap
            fits = [c for c in tries if win.contains(c) and c.collidelist(others + placed) < 0]
            inside = [c for c in tries if win.contains(c)]

            def overlap(c: pygame.Rect, busy: list[pygame.Rect] = others + placed) -> int:
                return sum(c.clip(b).width * c.clip(b).height for b in busy)
            # none clear: the one that overlaps least (the piles' room for their lines is generous)
            button.rect = (fits or sorted(inside, key=overlap) or tries)[0]
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

    claim_h = 9.0
    slot_h = 9.0
    back_boxes: dict[int, pygame.Rect] = {}
    pile_label_h = 0
    ring_r = 9.0

    def claim_card_h(self) -> float:
        """The claim's cards (18u where the window has room: :meth:`fit_centre`)."""
        return self.claim_h

    def reveal_card_h(self) -> float:
        """A drawn Chính Đạo held up in the centre, as large as the claim's cards."""
        return self.claim_h

    def claim_rects(self, n: int) -> list[pygame.Rect]:
        """Where ``n`` claim (or public-pair) cards lie in the claim zone."""
        size = card_size(self.claim_card_h())
        cz, u = self.claim_zone, self.app.u
        out = []
        step = size[0] + u
        for i in range(n):
            rect = pygame.Rect((0, 0), size)
            rect.center = (round(cz.centerx + (i - (n - 1) / 2) * step), cz.centery)
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
        step = min(cw + round(u), round((w - 48 * u) / max(1, n)))
        total = step * (n - 1) + cw
        x0 = round(w / 2 - total / 2)
        y = round(h - ch - 1.5 * u)
        return [pygame.Rect(x0 + i * step, y, cw, ch) for i in range(n)]

    def hand_top(self) -> float:
        return self.app.size[1] - self.hand_h - 1.5 * self.app.u

    def plate_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.spots[seat].plate)

    def ms_rect(self, seat: int) -> tuple[pygame.Rect, bool]:
        """Where ``seat``'s plate shows its Môn Sinh, and whether as the card (:func:`ms_box`)."""
        return ms_box(pygame.Rect(self.spots[seat].plate), self.app.u)

    def token_places(self, seat: int) -> list[tuple[tuple[float, float], int]]:
        """Centres and diameter of the seat's three tokens: the plate's second row, left
        (right of its Môn Sinh)."""
        x, y, pw, ph = self.spots[seat].plate
        d = max(8, round(ph * 0.42))
        gap = max(2, round(d * 0.16))
        x0 = x + ms_inset(ph, self.app.u) + max(2, round(ph * 0.13))
        cy = y + ph * 0.70
        return [((x0 + d / 2 + i * (d + gap), cy), d) for i in range(3)]
