"""Where things lie on the Mascarade table: the kit's seat ring for 2–13 seats, each
seat's card(s) between its plate and the centre — as tall as the room between the seats
allows (art direction §4.3) — the middle cards, courthouse and bank in the centre, the
coin stacks on each plate. The bottom seat is fixed (the first human), so the table
never turns when the screen changes hands."""

from __future__ import annotations

import math
from typing import Any

import pygame

import scenes.tables.mascarade.courthouse as courthouse
from scenes.core import fonts
from scenes.core.i18n import t
from scenes.kit.parts import borrowing
from scenes.kit.seat_ring import PLATE_U, SeatSpot, seat_ring
from scenes.tables.mascarade.cards import LABEL_PX, card_size

CENTRE = (0.5, 0.5)         # of the ring's area (below the top buttons, above the prompt)
RADII = (0.42, 0.455)
TOP_U, BOTTOM_U = 8.0, 12.0  # kept free for the top buttons / the prompt and its buttons
CARD_MIN_U, CARD_MAX_U = 12.0, 22.0     # §4.3: clamp(0.8 × arc_gap, 12u, 22u)
CARD_FLOOR_U = 6.5                      # the smallest a crowded, small window shrinks them to
COURT_U = (17.0, 13.0)                  # the courthouse: pediment, 4 columns, 3 steps (w from h)
BANK_U = (13.0, 13.0)                   # the bank's coffer and its coin tower (w from h)
CENTRE_KS = (1.0, 0.85, 0.7)            # their sizes tried, largest first
LANE_U = (34.0, 5.0)                    # kept free for "Your turn" between the centre and your card


def ellipse_perimeter(rx: float, ry: float) -> float:
    """Ramanujan's approximation of an ellipse's perimeter."""
    return math.pi * (3 * (rx + ry) - math.sqrt((3 * rx + ry) * (rx + 3 * ry)))


def arc_gap(n: int, ring: tuple[int, int]) -> float:
    """The arc length between neighbouring seats on the seat ellipse of a ring area
    ``ring`` (w, h): rx = 42 % of the width, ry = 45.5 % of the area's height (36 % of a
    window's height, the area being the window less the top buttons and the prompt)."""
    return ellipse_perimeter(ring[0] * RADII[0], ring[1] * RADII[1]) / max(1, n)


def target_card_height(n: int, ring: tuple[int, int], u: float) -> int:
    """§4.3: a card in front of a seat is ``clamp(0.8 × arc_gap, 12u, 22u)`` tall — before
    the layout shrinks it where plates, cards or the centre would touch."""
    return round(max(CARD_MIN_U * u, min(CARD_MAX_U * u, 0.8 * arc_gap(n, ring))))


@borrowing(table="app bottom match n seat_name show_log")
class MascaradeLayout:
    """Part of the table: its geometry, ``spots``, ``self.pos_rects`` (per position), ``self.court_rect``,
    ``self.bank_rect``, ``self.coin_at`` (per seat)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def log_rect(self) -> pygame.Rect:
        """The public log's panel: the right-hand side, below the top buttons."""
        w, h = self.app.size
        u = self.app.u
        panel = pygame.Rect(0, 0, round(min(w * 0.3, 60 * u)), round(h * 0.62))
        panel.topright = (w - round(2 * u), round(8 * u))
        return panel

    def ring_width(self) -> int:
        """The width the seats go round: the window, less the log panel when it is open
        (the log then never covers a seat or a card)."""
        w, _ = self.app.size
        if getattr(self, "show_log", False):
            return self.log_rect().left - round(self.app.u)
        return w

    def ring_spots(self, scale: float = 1.0) -> list[SeatSpot]:
        """The kit's ring in the area between the top buttons and the prompt (and left of
        the log when it is open), so no plate runs under a button, the prompt or the log."""
        _, h = self.app.size
        w = self.ring_width()
        u = self.app.u
        top = round(TOP_U * u)
        area = (w, h - top - round(BOTTOM_U * u))
        spots = seat_ring(self.n, self.bottom, "clockwise", area, CENTRE, RADII,
                          start_scale=scale)
        return [SeatSpot(s.seat, s.angle, (s.anchor[0], s.anchor[1] + top),
                         (s.plate[0], s.plate[1] + top, s.plate[2], s.plate[3])) for s in spots]

    def plate_start_scale(self, ring_u: float) -> float:
        """The plates' first-try size (the ring shrinks it where neighbours would touch):
        the smallest from 1.0 up to 1.6 × the art direction's plate (in steps of 0.02)
        whose name row holds the longest seat name at ``LABEL_PX`` px or more (1.8 u)
        beside the room the coin count keeps there (:meth:`plate_coins`: none once the
        plate is tall enough for the count on a second line). A full table has room for
        wider plates, and a name is read whole ("Máy 13 · Ngẫu nhiên"), not cut."""
        u = self.app.u
        px = max(LABEL_PX, round(1.8 * u))
        widest = max(fonts.size(self.seat_name(s), px, "semibold")[0] for s in range(self.n))
        need = widest + 2 * max(1, round(1.2 * u)) + 2       # draw_plate's padding
        for step in range(31):
            scale = 1.0 + 0.02 * step
            pw = round(PLATE_U[0] * ring_u * scale)
            ph = round(PLATE_U[1] * ring_u * scale)          # as the kit's _plate (scale ≥ 1)
            if need + self.plate_coins((0, 0, pw, ph))[1] <= pw:
                return scale
        return 1.6

    def compute_layout(self) -> None:
        """Plates as wide as the names want (:meth:`plate_start_scale`); cards as tall as
        §4.3's formula gives (:func:`target_card_height`). Where a plate, card, the
        courthouse or the bank would touch another, the cards (and the centre objects with
        them) shrink first, in steps down to :data:`CARD_FLOOR_U`; then the plates narrow
        in steps down to the art direction's plate, and the cards are tried again."""
        _, h = self.app.size
        u = self.app.u
        ring = (self.ring_width(), h - round(TOP_U * u) - round(BOTTOM_U * u))
        want = self.plate_start_scale(ring[1] / 100.0)
        self.card_target = target_card_height(self.n, ring, u)
        floor = min(self.card_target, round(CARD_FLOOR_U * u))
        scale = want
        while True:
            spots = self.ring_spots(scale)
            card_h = self.card_target
            while True:
                for k in CENTRE_KS:         # the courthouse and bank as large as there is room
                    self.layout_at(spots, card_h, k)
                    if not self.layout_clashes():
                        return
                if card_h <= floor:
                    break
                card_h = max(floor, round(card_h * 0.94))
            if scale <= 1.0:
                return
            scale = max(1.0, scale * 0.94)

    def layout_clashes(self) -> bool:
        """Whether two plates or cards touch (with a small gap), the courthouse or the bank
        touches one, or a card leaves the ring's area."""
        u = self.app.u
        gap = max(1, round(0.4 * u))
        things = [pygame.Rect(s.plate) for s in self.spots] + list(self.pos_rects)
        grown = [r.inflate(gap, gap) for r in things]
        centre = [self.court_rect.inflate(gap, gap), self.bank_rect.inflate(gap, gap)]
        w, h = self.app.size
        area = pygame.Rect(0, round(TOP_U * u) - round(u), self.ring_width(),
                           h - round(TOP_U * u) - round(BOTTOM_U * u) + 2 * round(u))
        return (any(a.colliderect(b) for i, a in enumerate(grown) for b in grown[i + 1:])
                or any(r.colliderect(p) for r in centre + [self.turn_lane, self.turn_box] for p in things)
                or self.turn_lane.collidelist(centre) >= 0
                or centre[0].colliderect(centre[1])
                or not all(area.contains(r) for r in self.pos_rects))

    def layout_at(self, spots: list[SeatSpot], card_h: int, k: float = 1.0) -> None:
        """Every place for the plates ``spots``, cards ``card_h`` tall and the courthouse
        and bank at ``k`` × their full size."""
        _, h = self.app.size
        w = self.ring_width()
        u = self.app.u
        self.spots: list[SeatSpot] = spots
        area_h = h - round(TOP_U * u) - round(BOTTOM_U * u)
        self.centre = (w * CENTRE[0], round(TOP_U * u) + area_h * CENTRE[1])
        self.card_h = card_h
        cw, ch = card_size(self.card_h)
        view = self.match.view(None)
        rects: list[pygame.Rect] = [pygame.Rect(0, 0, cw, ch) for _ in view.owner]
        for spot in self.spots:
            own = view.hands[spot.seat]
            px, py, pw, ph = spot.plate
            pc = (px + pw / 2, py + ph / 2)
            dx, dy = self.centre[0] - pc[0], self.centre[1] - pc[1]
            dist = math.hypot(dx, dy) or 1.0
            k_own = len(own)
            row_w = k_own * cw + (k_own - 1) * 0.6 * u
            # from the plate's edge toward the centre, far enough to clear the plate
            reach = abs(dx) / dist * (pw / 2 + row_w / 2) + abs(dy) / dist * (ph / 2 + ch / 2)
            reach = min(reach + 0.8 * u, dist * 0.62)
            c = (pc[0] + dx / dist * reach, pc[1] + dy / dist * reach)
            for i, pos in enumerate(own):
                off = (i - (k_own - 1) / 2) * (cw + 0.6 * u)
                rects[pos].center = (round(c[0] + off), round(c[1]))
        middle = [p for p, o in enumerate(view.owner) if o is None]
        cx, cy = self.centre
        court = pygame.Rect((0, 0), courthouse.size("court", t("mascarade.courthouse"), round(COURT_U[1] * u * k), u))
        bank = pygame.Rect((0, 0), courthouse.size("bank", t("mascarade.bank"), round(BANK_U[1] * u * k), u))
        mid_w = len(middle) * cw + max(0, len(middle) - 1) * 0.8 * u
        half = (mid_w / 2 + 1.5 * u) if middle else 1.2 * u
        # the centre's column, top to bottom: the turn's line(s) (room for the longest,
        # "Turn 99: <longest name>" over "swap only — …"), the courthouse, middle cards
        # and bank in a row, and the lane kept for "Your turn" (the kit's, 6u over
        # hand_top) — centred between the seats' cards above and below it
        self.turn_box = pygame.Rect((0, 0), self.turn_room(u))
        self.turn_lane = pygame.Rect(0, 0, round(LANE_U[0] * u), round(LANE_U[1] * u))
        row_h = max([court.height, bank.height] + ([ch] if middle else []))
        row_w = round(2 * half + court.width + bank.width)
        col_w = max(self.turn_box.width, row_w, self.turn_lane.width)
        gap = round(0.8 * u)
        col_h = self.turn_box.height + gap + row_h + gap + self.turn_lane.height
        span = pygame.Rect(round(cx - col_w / 2), 0, col_w, h)
        seated = [r for r in rects if r.colliderect(span)]
        seated += [pygame.Rect(sp.plate) for sp in self.spots if pygame.Rect(sp.plate).colliderect(span)]
        upper = max([r.bottom for r in seated if r.centery < cy] + [round(TOP_U * u)])
        lower = min([r.top for r in seated if r.centery >= cy] + [h - round(BOTTOM_U * u)])
        top = round(upper + (lower - upper - col_h) / 2)
        row_y = top + self.turn_box.height + gap + row_h // 2
        for i, pos in enumerate(middle):         # the middle row between the two
            off = (i - (len(middle) - 1) / 2) * (cw + 0.8 * u)
            rects[pos].center = (round(cx + off), row_y)
        self.pos_rects = rects
        court.midright = (round(cx - half), row_y)
        bank.midleft = (round(cx + half), row_y)
        self.court_rect, self.bank_rect = court, bank
        self.centre_k = k
        self.pile_px = (courthouse.caption_px(u), courthouse.count_px(u))    # their name's and count's sizes
        self.banner_y = row_y - row_h // 2 - gap
        self.turn_box.midbottom = (round(cx), self.banner_y)
        self.turn_lane.midtop = (round(cx), row_y + (row_h + 1) // 2 + gap)
        self.coin_at = {}
        self.coin_inset: dict[int, int] = {}
        for spot in self.spots:
            self.coin_at[spot.seat], self.coin_inset[spot.seat] = self.plate_coins(spot.plate)

    def plate_coins(self, plate: tuple[int, int, int, int]) -> tuple[tuple[float, float], int]:
        """Where a plate's coin stack goes, and the room it keeps free at the right of the
        name row: on the second line, under the name, if the plate is tall enough for two
        lines at the sizes drawn; else on the name's row, at the right (a small window)."""
        x, y, pw, ph = plate
        u = self.app.u
        k = fonts.scale()
        name_h = fonts.size("Ág", min(max(13, round(2.3 * u)), max(1, round(0.42 * ph / k))), "semibold")[1]
        num_px = coin_px(u, ph)
        num_h = fonts.size("0", num_px, "bold")[1]
        r = coin_r(u, ph)
        cy = max(y + ph * 0.74, y + round(0.5 * u) + name_h + num_h / 2)
        if cy + num_h / 2 <= y + ph:
            return (x + max(1.2 * u, pw * 0.08) + ph * 0.16, cy), 0
        room = round(2.5 * r + fonts.size("10", num_px, "bold")[0] + 1.5 * u)
        return (x + pw - room + r + 0.3 * u, y + ph / 2), room

    def turn_room(self, u: float) -> tuple[int, int]:
        """The size the turn's two lines may take (drawn by the painter's ``banner``)."""
        px = max(13, round(2.3 * u))
        key = (px, fonts.scale(), t("mascarade.forced"), tuple(self.seat_name(s) for s in range(self.n)))
        if getattr(self, "_turn_room_key", None) != key:
            first = max(fonts.size(t("mascarade.turn_of", seat=self.seat_name(s), n=99), px, "semibold")[0]
                        for s in range(self.n))
            w = max(first, fonts.size(t("mascarade.forced"), px, "semibold")[0])
            self._turn_room = (w, 2 * fonts.size("Ág", px, "semibold")[1])
            self._turn_room_key = key
        return self._turn_room

    def coin_spot(self, where: Any) -> tuple[float, float]:
        """Where a flying coin leaves from or lands: a seat's stack on its plate, the
        courthouse's pile on its steps or the bank's tower on its coffer."""
        if isinstance(where, int):
            return self.coin_at[where]
        kind = "court" if where == "court" else "bank"
        obj = courthouse.place(self.court_rect if kind == "court" else self.bank_rect, self.app.u, kind)
        return (obj.pile[0], obj.pile[1] - 2 * obj.step)

    def pos_at(self, pos: tuple[int, int]) -> int | None:
        for p, r in enumerate(self.pos_rects):
            if r.collidepoint(pos):
                return p
        return None

    def plate_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.spots[seat].plate)



def coin_r(u: float, plate_h: int) -> float:
    """The radius of a plate's coins."""
    return max(3, min(plate_h * 0.16, 1.1 * u))


def coin_px(u: float, plate_h: int) -> int:
    """The size of a plate's coin count (in final pixels: large text does not grow it
    past the plate)."""
    # 12 px from 720p up (readable), smaller in a small window where the plate is low
    return max(9, round(max(min(2.2 * u, plate_h * 0.30), min(LABEL_PX, plate_h * 0.4, 1.7 * u)) / fonts.scale()))
