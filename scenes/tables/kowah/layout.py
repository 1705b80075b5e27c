"""Where things lie on the Kowah table (u = height / 100).

The viewer's hand of 28u strips (24–31u: as tall as the window's width lets ten stand
side by side, :meth:`KowahLayout.hand_h`) along the bottom with the sort buttons at its right; the
stock and the live discard at the top centre with the whole discard history below them
(mini strips, rows of 15, newest right); each opponent at the side the seating layer
gives it, as a fan of backs with their known cards and, once declared, their exposed
pair face up in front of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.art.kowah_cards import ASPECT, card_width
from scenes.core import theme
from scenes.core.i18n import t
from scenes.kit.parts import borrowing
from scenes.screens.results import fitted
from scenes.tables.kowah.model import HELD

PER_ROW = 15            # discard history: minis per row (§2.3), at 16:9; more in a wider window
HAND_U = (24.0, 31.0)   # the hand's card height, in u: the art direction's 28u where the width
#                         gives it; up to 31u in a 16:9 window, down to 24u in a narrow one
HAND_SLOTS = 10         # cards the hand's row must hold side by side (9 and a declarer's drawn card)


@dataclass
class Slot:
    idx: int                    # index in the visual order, or HELD
    card: int
    centre: tuple[float, float]


@borrowing(table=("H app back_h drag hand_layer history_layer hover legal_discards live_pt model pair_h "
                  "pairs_offered pile_h plates show_h slots sort_number sort_suit stock_pt view viewer "
                  "viewer_can_act"),
           card_paint="_reset_images")
class KowahLayout:
    """Part of :class:`~scenes.tables.kowah.table.KowahTable`: its geometry."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def layout(self) -> None:
        # (the table lays out its header first)
        u = self.app.u
        w, h = self.app.size
        self.H = self.hand_h()
        self.pile_h = round(20 * u)
        self.pair_h = round(18 * u)
        self.back_h = round(14 * u)
        self.show_h = round(16 * u)
        self.stock_pt = (w / 2 - 7.5 * u, 20.5 * u)
        self.live_pt = (w / 2 + 7.5 * u, 20.5 * u)
        bw, bh = round(19 * u), round(4.6 * u)
        x = w - round(3 * u) - bw
        self.sort_suit.rect = pygame.Rect(x, round(h - 2.5 * u - 2 * bh - 1.2 * u), bw, bh)
        self.sort_number.rect = pygame.Rect(x, round(h - 2.5 * u - bh), bw, bh)
        self._reset_images()
        self.hand_layer.clear()
        self.history_layer.clear()
        self._layout_hand()

    def hand_h(self) -> int:
        """The hand's card height from the room the window gives: ten cards side by side
        (with their gaps) between the viewer's plate and the sort buttons (26u each side),
        within :data:`HAND_U`; a window of one shape keeps one height whatever the hand."""
        u = self.app.u
        room = self.app.size[0] - 2 * 26 * u - (HAND_SLOTS - 1) * 0.6 * u - 2 * 1.8 * u - 3 * u
        fit = room * ASPECT / HAND_SLOTS
        return round(min(HAND_U[1] * u, max(HAND_U[0] * u, fit)))

    def per_row(self) -> int:
        """Minis in a row of the discard history: 15, more where the window is wider
        than 16:9 (fewer rows, so larger minis late in the hand)."""
        u = self.app.u
        return max(PER_ROW, min(24, int((self.app.size[0] - 70 * u) / (7 * u))))

    def hand_top(self) -> float:
        return self.app.size[1] - 2 * self.app.u - self.H - 3 * self.app.u

    def hand_mid(self) -> float:
        """The hand row's centre height."""
        return self.app.size[1] - 2 * self.app.u - self.H / 2

    def _layout_hand(self) -> None:
        u = self.app.u
        w, h = self.app.size
        H = self.H
        cw = card_width(H)
        gap, group_gap = 0.6 * u, 1.8 * u
        cards = self.model.order
        held = self.model.held.get(self.viewer)
        gaps = [0.0]
        for i in range(1, len(cards)):
            extra = group_gap if (self.model.sort_mode != "manual"
                                  and self.model.group_of(cards[i]) != self.model.group_of(cards[i - 1])) else 0.0
            gaps.append(gap + extra)
        width = len(cards) * cw + sum(gaps) + ((3 * u + cw) if held is not None else 0)
        room = w - 2 * (26 * u)
        squeeze = 1.0
        if width > room and len(cards) > 1:
            squeeze = max(0.3, 1 - (width - room) / ((len(cards) - 1) * cw + sum(gaps)))
        x = (w - min(width, room)) / 2 + cw / 2
        y = h - 2 * u - H / 2
        self.slots = []
        for i, c in enumerate(cards):
            x += gaps[i] * squeeze if i else 0
            self.slots.append(Slot(i, c, (x, y)))
            x += cw * squeeze
        if held is not None:
            x += 3 * u - cw * squeeze + cw
            self.slots.append(Slot(HELD, held, (x, y)))
        self.hand_layer.clear()

    def hand_left(self) -> float:
        if not self.slots:
            return self.app.size[0] / 2
        return self.slots[0].centre[0] - card_width(self.H) / 2

    def plate_pos(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        if seat == self.viewer:
            if self.hand_left() > 25 * u:
                return (3 * u + 10 * u, self.hand_mid())
            return (3 * u + 10 * u, self.hand_top() - 4 * u)
        zx, _ = self.zone(seat)
        return (zx, 13 * u)

    def zone(self, seat: int) -> tuple[float, int]:
        """Centre x of an opponent's column and its side (-1 left, +1 right), from the
        seating layer (which seat sits where follows the game's direction of play)."""
        u = self.app.u
        w = self.app.size[0]
        ax, _ = self.plates.anchor(seat)
        side = -1 if ax < w / 2 else 1
        return (17 * u if side < 0 else w - 17 * u), side

    def fan_pt(self, seat: int) -> tuple[float, float]:
        return (self.zone(seat)[0], 25.5 * self.app.u)

    def known_pt(self, seat: int) -> tuple[float, float]:
        return (self.zone(seat)[0], 35 * self.app.u)

    def pair_pt(self, seat: int) -> tuple[float, float]:
        """Centre of an exposed pair (slid 2u forward when fully declared)."""
        u = self.app.u
        if seat == self.viewer:
            pair = [s for s in self.slots if s.idx >= len(self.model.order) - 2 and s.idx != HELD]
            if pair:
                return ((pair[0].centre[0] + pair[-1].centre[0]) / 2, pair[0].centre[1] - 2 * u)
            return (self.app.size[0] / 2, self.hand_mid())
        zx, side = self.zone(seat)
        return (zx - side * 3 * u, (47 - 2 + 2 * self.model.slide.get(seat, 1.0)) * u)

    def win_card_pt(self, seat: int) -> tuple[float, float]:
        """Where the winning card joins the exposed pair: beside it, toward the centre."""
        u = self.app.u
        px, py = self.pair_pt(seat)
        if seat == self.viewer:
            return (px + 1.5 * card_width(self.H) + 1.4 * u, py)
        _, side = self.zone(seat)
        return (px - side * (1.5 * card_width(self.pair_h) + 1.4 * u), py)

    def held_pt(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        if seat == self.viewer:
            for s in self.slots:
                if s.idx == HELD:
                    return s.centre
            return (self.app.size[0] / 2 + 30 * u, self.hand_mid())
        zx, side = self.zone(seat)
        return (zx + side * 9.5 * u if self.model.declared[seat] is None else zx - side * 12.5 * u, 47 * u)

    def known_room(self, seat: int) -> tuple[pygame.Surface, float, float, float, int]:
        """An opponent's "Known:" row: its label, left and right ends, the room after the
        label for the minis and the gap between them."""
        u = self.app.u
        w = self.app.size[0]
        kx, _ = self.known_pt(seat)
        edge = max(1, round(0.8 * u)) + round(0.5 * u)       # inside the tile frame
        left, right = max(edge, kx - 16 * u), min(w - edge, kx + 16 * u)
        avail = max(1.0, right - left)
        lab = fitted(t("kowah.known"), max(12, round(1.7 * u)), round(avail * 0.4), theme.MUTED, "semibold")
        return lab, left, right, avail - lab.get_width() - u, max(1, round(0.3 * u))

    def known_mini(self, seat: int, n: int) -> int:
        """The minis' size in an opponent's "Known:" row of ``n`` cards (they shrink as
        it grows: the card art warms the next size ahead)."""
        _, _, _, room, g = self.known_room(seat)
        return max(8, min(round(3.6 * self.app.u), int((room + g) / max(1, n)) - g, round(room)))

    def history_geom(self, n: int) -> tuple[int, int, int, pygame.Rect]:
        """(mini size, gap, rows, panel rect) for a pile of ``n`` cards."""
        u = self.app.u
        w = self.app.size[0]
        per = self.per_row()
        rows = max(1, math.ceil(n / per))
        top, bottom = 35 * u, self.hand_top() - 6.5 * u
        label = self.history_label_h()
        avail_w = w - 2 * 34 * u - 2 * u
        m = min(6 * u, (bottom - top - label - 1.5 * u) / rows * 0.92, avail_w / (per * 1.08))
        m = max(10, round(m))
        g = max(2, round(m * 0.08))
        pw = per * m + (per - 1) * g + round(2.4 * u)
        ph = round(label + rows * (m + g) + 1.2 * u)
        rect = pygame.Rect(0, 0, pw, ph)
        rect.midtop = (round(w / 2), round(top))
        return m, g, rows, rect

    def waits_room(self, cx: float, y: int, h: int) -> pygame.Rect:
        """Where an opponent's "Waits for…" line (``h`` high from ``y``, under its pair at
        ``cx``) may go: the window, or beside the discard history if it reaches it."""
        w, wh = self.app.size
        u = self.app.u
        hist = self.history_geom(len(self.model.pile))[3]
        side = pygame.Rect(0, 0, w, wh)
        if y < hist.bottom and y + h > hist.top:
            side = (pygame.Rect(0, 0, hist.left, wh) if cx < hist.centerx
                    else pygame.Rect(hist.right, 0, w - hist.right, wh))
        return side.inflate(-round(2 * u), 0)

    def span_between(self, band: pygame.Rect, rects: list[pygame.Rect]) -> tuple[int, int]:
        """The stretch of ``band`` left free by the ``rects`` it meets (left and right of
        the window's middle)."""
        w = self.app.size[0]
        u = self.app.u
        left, right = round(u), w - round(u)
        for r in rects:
            if r.colliderect(band):
                if r.centerx < w // 2:
                    left = max(left, r.right + round(u))
                else:
                    right = min(right, r.left - round(u))
        return left, right

    def history_label_h(self) -> int:
        """The history panel's label row: 3u, or more where the label's floor size needs it
        (the minis start under it, never over it)."""
        from scenes.core import fonts
        u = self.app.u
        return max(round(3 * u), round(0.5 * u) + fonts.size("Ág", max(12, round(1.8 * u)), "semibold")[1])

    def _hand_target(self) -> tuple[float, float]:
        return (self.app.size[0] / 2, self.hand_mid())

    def _insert_point(self, card: int | None) -> tuple[float, float]:
        if card is None:
            return self._hand_target()
        _, i = self.model.with_card(list(self.model.order), card)
        slots_before = self.slots
        cw = card_width(self.H)
        if slots_before:
            if i < len(slots_before):
                x, y = slots_before[i].centre
                return (x - cw / 2, y)
            x, y = slots_before[-1].centre
            return (x + cw, y)
        return self._hand_target()

    def slot_rect(self, slot: Slot, lifted: float = 0.0) -> pygame.Rect:
        cw = card_width(self.H)
        r = pygame.Rect(0, 0, cw, self.H)
        r.center = (round(slot.centre[0]), round(slot.centre[1] - lifted))
        return r

    def _stock_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, card_width(self.pile_h) + round(2 * self.app.u), self.pile_h + round(self.app.u))
        r.center = (round(self.stock_pt[0]), round(self.stock_pt[1]))
        return r

    def _live_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, card_width(self.pile_h), self.pile_h)
        r.center = (round(self.live_pt[0]), round(self.live_pt[1]))
        return r.inflate(round(self.app.u), round(self.app.u))

    def grab_point(self, idx: int) -> tuple[float, float]:
        """A point on the visible part of hand slot ``idx`` (for tests): its upper part."""
        for slot, (x, y), _ in self._hand_draw_list():
            if slot.idx == idx:
                return (x, y - 0.3 * self.H)
        raise KeyError(idx)

    def index_of(self, card: int) -> int:
        """The first visual hand slot holding ``card`` (HELD for a declarer's drawn card)."""
        return self.model.index_of(card)

    def pile_point(self) -> tuple[float, float]:
        return self.live_pt

    def stock_point(self) -> tuple[float, float]:
        return self.stock_pt

    def hand_point(self) -> tuple[float, float]:
        return self._hand_target()

    def reaches_hand(self, pos: tuple[float, float]) -> bool:
        """A card dragged from the stock or the pile counts as brought to the hand when
        let go over the hand or nearer to it than to the piles (below half-way down)."""
        piles_bottom = self.stock_pt[1] + self.pile_h / 2
        line = (piles_bottom + self.hand_top()) / 2
        return pos[1] >= line or any(self.slot_rect(s).collidepoint(pos) for s in self.slots)

    def _hand_draw_list(self) -> list[tuple[Slot, tuple[float, float], str]]:
        """Hand slots in paint order with their drawn centre and state."""
        u = self.app.u
        v = self.view()
        acting = self.viewer_can_act and v.phase == "discard"
        legal = self.legal_discards() if acting else set()
        declared = self.model.declared[self.viewer] is not None
        candidates = set(self.pairs_offered()) if self.viewer_can_act and v.phase == "declare" else set()
        out = []
        for slot in self.slots:
            if self.drag.dragging and self.drag.item == ("hand", slot.idx):
                continue
            x, y = slot.centre
            state = "normal"
            if acting:
                ok = slot.card in legal and (not declared or slot.idx == HELD)
                state = "legal" if ok else "illegal"
                if ok:
                    y -= 0.6 * u
            if slot.card in candidates:
                state = "candidate"
                y -= 2 * u
            if declared and slot.idx >= len(self.model.order) - 2 and slot.idx != HELD:
                state = "exposed"
                y -= 2 * u * self.model.slide.get(self.viewer, 1.0)
            elif slot.idx == self.model.new_idx and state != "illegal":
                y -= 0.8 * u
            if self.hover == ("hand", slot.idx) and not self.drag.active and state != "exposed":
                y -= 1.2 * u
            out.append((slot, (x, y), state))
        return out
