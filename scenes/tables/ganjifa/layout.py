"""Where things sit on the Ganjifa table: the hand's rows (from :mod:`.hand`), the trick,
the centre's Dukal rows, the capture piles and plates, the prompt; hit tests on the hand."""

from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.core import fonts
from scenes.kit.parts import borrowing
from scenes.tables.ganjifa.hand import HandSlot, hand_height, hand_layout, medallion


@borrowing(table=("_laid_text_scale _lower_row app centre centre_pt dealing deck drag dukal_button "
                  "focus full_hand give_button groups hand hand_d hand_pitch hand_rows hover pile_d "
                  "plates selected slots trick_d viewer viewer_can_act warm_queue"),
           card_paint="_outgrown _prewarm_hand _prewarmed",
           controls="last_trick legal_cards",
           painter="_label_widths")
class GanjifaLayout:
    """Part of :class:`~scenes.tables.ganjifa.table.GanjifaTable`: its geometry."""

    def __init__(self, table: Any) -> None:
        self.table = table

    LIFT_LEGAL = 1.2        # u: playable cards (and their suit tab) stand forward
    LIFT_HOVER = 0.8        # u, on top of that
    LIFT_SELECTED = 1.4     # u, on top of LIFT_LEGAL: cards chosen to give up

    def hand_top(self) -> float:
        """Top of the hand area: above the (upper row's) suit tabs of a lifted (playable) group."""
        u = self.app.u
        d = getattr(self, "hand_d", round(17 * u))
        return self.app.size[1] - hand_height(d, getattr(self, "hand_rows", 1), u)

    def _sorted_hand(self, cards: list[int] | None = None) -> list[int]:
        d = self.deck
        return sorted(self.hand if cards is None else cards,
                      key=lambda c: (c // d.per_suit, -d.strength[c]))

    def _layout_hand(self) -> None:
        """One row, or two of at most 20 (suits in avatar order, a group keeps its row for the
        rest of the hand); while dealing, cards land at their final places."""
        basis = self._sorted_hand(self.full_hand) if self.dealing else None
        lower = None if self.dealing else getattr(self, "_lower_row", None)
        self._laid_text_scale = fonts.scale()     # the tabs' room is measured in the UI font
        lay = hand_layout(self._sorted_hand(), self.deck.per_suit, self.app.size, self.app.u, basis,
                          lower, self._label_widths())
        if lay.d > getattr(self, "hand_d", lay.d) and not self.dealing:
            self._outgrown(lay.d)
        self.hand_d = lay.d
        self.hand_rows = lay.rows
        self.hand_pitch = lay.pitch
        self._lower_row = lay.lower
        self.slots = lay.slots
        self.groups = lay.groups
        self._place_buttons()
        if hasattr(self, "_prewarmed"):     # planned in spare time, not in this frame
            self.warm_queue.add([self._prewarm_hand])

    def _place_buttons(self) -> None:
        u = self.app.u
        w = self.app.size[0]
        bw, bh = round(27 * u), round(5 * u)
        self.dukal_button.rect = pygame.Rect(w - round(3 * u) - bw, round(self.hand_top() - 8 * u), bw, bh)
        self.give_button.rect = self.dukal_button.rect.copy()

    def trick_slot(self, seat: int) -> tuple[float, float]:
        ax, ay = self.plates.anchor(seat)
        cx, cy = self.centre_pt
        ang = math.atan2(ay - cy, ax - cx)
        r = 0.43 * self.trick_d      # 6.5u for the art direction's 15u cards: apart as they grow
        return (cx + math.cos(ang) * r * 1.25, cy + math.sin(ang) * r)

    def pile_pos(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        if seat == self.viewer:
            return (3 * u + 26 * u, self.hand_top() - 5 * u)
        ax, ay = self.plates.anchor(seat)
        side = -1 if ax > self.app.size[0] / 2 else 1
        return (ax + side * 15 * u, ay)

    def plate_pos(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        if seat == self.viewer:
            return (3 * u + 10 * u, self.hand_top() - 5 * u)
        return self.plates.anchor(seat)

    def centre_d(self) -> int:
        return round(11 * self.app.u)

    def _centre_rows(self) -> list[tuple[int, list[int]]]:
        """The Dukal's leader row first, then each giver's row, in play order."""
        rows: list[tuple[int, list[int]]] = []
        for seat, card in self.centre:
            if not rows or rows[-1][0] != seat:
                rows.append((seat, []))
            rows[-1][1].append(card)
        return rows

    def _centre_positions(self) -> list[tuple[float, float]]:
        """Dukal cards in a row above the centre; each giver's cards in a row below it."""
        cx, cy = self.centre_pt
        d = self.centre_d()
        out = []
        for r, (_, cards) in enumerate(self._centre_rows()):
            step = 0.5 * d
            x0 = cx - step * (len(cards) - 1) / 2
            y = cy - 0.75 * d + r * 0.9 * d
            out += [(x0 + i * step, y) for i in range(len(cards))]
        return out

    def _origin(self, seat: int, card: int | None) -> tuple[float, float]:
        if seat == self.viewer and card is not None:
            dropped = self.drag.drop_origin(card)
            if dropped is not None:
                return dropped
            for s in self.slots:
                if s.card == card:
                    return s.centre
            return (self.app.size[0] / 2, self.app.size[1] - 10 * self.app.u)
        return self.plates.anchor(seat)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        r = self.hand_d / 2
        for slot in reversed(self._drawn_slots()):
            cx, cy = slot[1]
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= r * r:
                return slot[0]
        return None

    def grab_point(self, card: int) -> tuple[float, float]:
        """A point on the visible (uncovered) part of a hand card: its index medallion."""
        for c, pos in self._drawn_slots():
            if c == card:
                x, y, _ = medallion(pos, self.hand_d)
                return (x, y)
        raise KeyError(card)

    def last_pile_rect(self) -> pygame.Rect | None:
        """The winner's capture pile, where resting the pointer shows the last trick."""
        last = self.last_trick()
        if last is None:
            return None
        x, y = self.pile_pos(last.winner)
        r = pygame.Rect(0, 0, self.pile_d + round(self.app.u), self.pile_d + round(2 * self.app.u))
        r.center = (round(x), round(y - 0.5 * self.app.u))
        return r

    def _drawn_slots(self) -> list[tuple[int, tuple[float, float]]]:
        """Hand cards in paint order with their drawn centre (lifted if legal/hovered)."""
        return [(c, p) for c, p, _ in self._hand_draw_list()]

    def _drawn_slots_sorted(self) -> list[HandSlot]:
        return sorted(self.slots, key=lambda s: (s.row, s.centre[0]))

    def _hand_draw_list(self) -> list[tuple[int, tuple[float, float], str]]:
        u = self.app.u
        legal = self.legal_cards()
        dim = self.viewer_can_act
        out = []
        for slot in sorted(self.slots, key=lambda s: (s.row, s.centre[0])):
            c = slot.card
            if self.drag.dragging and self.drag.item == c:
                continue
            x, y = slot.centre
            state = "normal"
            if dim:
                state = "legal" if c in legal else "illegal"
            if state == "legal" or c in self.selected:
                y -= self.LIFT_LEGAL * u
            if c in self.selected:
                y -= self.LIFT_SELECTED * u
                state = "selected"
            if (c == self.hover and not self.drag.active) or c == self.focus:
                y -= self.LIFT_HOVER * u        # the keyboard focus stands up like the pointer's card
            out.append((c, (x, y), state))
        return out

    def prompt_rect(self) -> pygame.Rect:
        """Where the prompt's pill sits: centred just above the hand, between own plate and buttons."""
        u = self.app.u
        w = self.app.size[0]
        side = round(31 * u)
        return pygame.Rect(side, round(self.hand_top() - 5.4 * u), max(1, w - 2 * side),
                           max(1, round(4.2 * u)))
