"""Painting the Kowah table: the frame, opponents (plates, fans, known cards, exposed
pairs), the stock and live discard, the discard history, the viewer's hand (face down
while nobody at a shared screen has confirmed), the dragged card and the prompts."""

from __future__ import annotations

import math
from typing import Any

import pygame

from scenes.art.kowah_cards import SEAL_RED, card_width
from scenes.core import fonts, theme
from scenes.core.i18n import lang, t
from scenes.core.textfit import fit_text
from scenes.kit.parts import borrowing
from scenes.kit.trick.hand_strip import HandStrip
from scenes.tables.kowah.deco import JADE, panel
from scenes.tables.kowah.model import HELD
from scenes.tables.kowah.prompt import prompt_text


@borrowing(table=("marks_top head_bottom H anim app can checki_button clock confirmed_viewer deck drag flights focus frame "
                  "gestures hand_layer history_layer hover live_pt model n pair_h pairs_offered "
                  "pass_button pile_h plates prompt_box seat_name slots sort_number sort_suit stock_pt "
                  "view viewer viewer_can_act wait_label"),
           card_paint="_dim _fan _stock_image blit_card card_name mini",
           controls="_key",
           geometry=("history_label_h per_row span_between waits_room _hand_draw_list _live_rect _stock_rect fan_pt hand_top held_pt history_geom known_pt known_mini known_room "
                     "pair_pt plate_pos zone"),
           showcase="_draw_outcome")
class KowahPaint(HandStrip):
    """Part of :class:`~scenes.tables.kowah.table.KowahTable`: the table's drawing."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def draw_game(self, surface: pygame.Surface) -> None:
        self.side_labels: list[pygame.Rect] = []     # "Waits for…" under the opponents' pairs
        u = self.app.u
        self.frame.draw(surface, u)
        self.plates.draw_direction(surface, ((self.stock_pt[0] + self.live_pt[0]) / 2, self.stock_pt[1]), 16.5 * u)
        title = fonts.text(f"{self.deck.name[lang()]} · {self.deck.variant[lang()]}",
                           max(13, round(2.1 * u)), theme.MUTED, "semibold")
        self.head_bottom = surface.blit(title, (round(3 * u), round(2.6 * u))).bottom
        for seat in range(self.n):
            if seat != self.viewer:
                self._draw_opponent(surface, seat)
        self._draw_centre(surface)
        self._draw_history(surface)
        self.plates.draw(surface, self.viewer, self.plate_pos(self.viewer), self._plate_lines(self.viewer))
        self._draw_hand(surface)
        self._draw_controls(surface)
        self.flights.draw_flying(surface)
        self._draw_drag(surface)
        if self.model.outcome:
            self._draw_outcome(surface)

    def _plate_lines(self, seat: int) -> list[str]:
        n = self.model.sizes[seat] + (1 if self.model.held.get(seat) is not None else 0)
        sub = t("kowah.plate", n=n)
        if self.model.declared[seat] is not None:
            sub = t("kowah.plate_declared", n=n)
        return [self.seat_name(seat), sub]

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        self.plates.draw(surface, seat, self.plate_pos(seat), self._plate_lines(seat))
        declared = self.model.declared[seat] is not None
        concealed = max(0, self.model.sizes[seat] - (2 if declared else 0))
        fan = self._fan(concealed, declared)
        fx, fy = self.fan_pt(seat)
        surface.blit(fan, fan.get_rect(center=(round(fx), round(fy))))
        if self.model.known[seat]:
            self._draw_known(surface, seat)
        if declared:
            self._draw_exposed(surface, seat)
        held = self.model.held.get(seat)
        if held is not None:
            self.blit_card(surface, held, self.held_pt(seat), self.pair_h, lifted=True)

    def _draw_known(self, surface: pygame.Surface, seat: int) -> None:
        """"Known:" and the cards this opponent took in the open, kept inside the
        opponent's column: the minis shrink to fit one row, then wrap onto more rows."""
        u = self.app.u
        known = self.model.known[seat]
        lab, left, right, room, g = self.known_room(seat)
        kx, ky = self.known_pt(seat)
        m = self.known_mini(seat, len(known))
        per_row = max(1, int((room + g) // (m + g)))
        rows = [known[i:i + per_row] for i in range(0, len(known), per_row)]
        width = lab.get_width() + u + min(len(known), per_row) * (m + g) - g
        x0 = round(min(max(left, kx - width / 2), right - width))
        surface.blit(lab, (x0, round(ky - lab.get_height() / 2)))
        for r, cards in enumerate(rows):
            x = x0 + lab.get_width() + round(u)
            y = round(ky - m / 2 + r * (m + g))
            for c in cards:
                surface.blit(self.mini(c, m), (x, y))
                x += m + g

    def _draw_exposed(self, surface: pygame.Surface, seat: int) -> None:
        u = self.app.u
        pair = self.model.declared[seat]
        cx, cy = self.pair_pt(seat)
        cw = card_width(self.pair_h)
        rects = [self.blit_card(surface, pair, (cx + dx * (cw / 2 + 0.3 * u), cy), self.pair_h)
                 for dx in (-1, 1)]
        box = rects[0].union(rects[1]).inflate(round(u), round(u))
        self._seal_outline(surface, box, seat)
        zx, side = self.zone(seat)
        label = t("kowah.waits", card=self.card_name(pair))
        y = box.bottom + round(0.5 * u)
        px = max(12, round(1.8 * u))
        side = self.waits_room(cx, y, fonts.size(label, px, "semibold")[1])
        img = fit_text(label, px, theme.IVORY, max(1, side.width), "semibold", min_px=10)
        at = img.get_rect(midtop=(round(cx), y)).clamp(side)
        surface.blit(img, at)
        self.side_labels.append(at)

    def _seal_outline(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        u = self.app.u
        width = max(2, round(0.3 * u))
        start = self.model.pulse_at.get(seat)
        if start is not None and self.clock - start < 0.85 and self.anim.busy and not self.anim.reduced:
            k = math.sin(math.pi * ((self.clock - start - 0.25) / 0.3)) ** 2 if self.clock - start > 0.25 else 0
            width += round(0.5 * u * k)
            rect = rect.inflate(round(u * k), round(u * k))
        pygame.draw.rect(surface, SEAL_RED, rect, width, border_radius=round(0.6 * u))

    def _draw_centre(self, surface: pygame.Surface) -> None:
        u = self.app.u
        v = self.view()
        can_act = self.viewer_can_act and v.phase == "take"
        over_drawn = self.model.outcome is not None and self.model.outcome["kind"] == "drawn"
        # stock
        sx, sy = self.stock_pt
        pile = self._stock_image(self.model.stock_vis, over_drawn)
        rect = pile.get_rect(center=(round(sx), round(sy)))
        dragging_stock = self.drag.dragging and self.drag.item == ("stock",) or self.model.lifted == ("stock",)
        surface.blit(pile, rect)
        if self.model.stock_vis <= 0:
            slot = self._stock_rect().inflate(-round(2 * u), -round(u))
            pygame.draw.rect(surface, (120, 130, 125), slot, max(1, round(0.2 * u)), border_radius=round(0.6 * u))
            img = fonts.text(t("kowah.stock_empty"), max(12, round(1.8 * u)), (150, 160, 155), "semibold")
            surface.blit(img, img.get_rect(center=slot.center))
        if can_act and self.can("draw") and not dragging_stock:
            self._ring(surface, self._stock_rect().inflate(round(0.2 * u), round(0.2 * u)))
        label = t("kowah.stock", n=self.model.stock_vis)
        share = max(1, round(abs(self.live_pt[0] - self.stock_pt[0]) - u))   # each label its half
        img = fit_text(label, max(12, round(1.9 * u)), theme.IVORY, share, "semibold", min_px=10)
        surface.blit(img, img.get_rect(midtop=(round(sx), round(sy + self.pile_h / 2 + 0.8 * u))))
        # live discard
        lx, ly = self.live_pt
        live_rect = self._live_rect()
        dragging_pile = self.drag.dragging and self.drag.item == ("pile",) or self.model.lifted == ("pile",)
        if self.model.pile and not dragging_pile:
            self.blit_card(surface, self.model.pile[-1], (lx, ly), self.pile_h,
                           lifted=self.hover == ("pile",) and can_act)
            if can_act:
                if self.can("take"):
                    self._ring(surface, live_rect)
                else:
                    dim = pygame.Surface(live_rect.inflate(-round(u), -round(u)).size, pygame.SRCALPHA)
                    dim.fill((*JADE, 120))
                    surface.blit(dim, live_rect.inflate(-round(u), -round(u)))
        else:
            pygame.draw.rect(surface, (200, 220, 200), live_rect.inflate(-round(u), -round(u)),
                             max(1, round(0.2 * u)), border_radius=round(0.6 * u))
        key = "kowah.pile_empty" if not self.model.pile else (
            "kowah.pile" if can_act and self.can("take") else "kowah.pile_top")
        img = fit_text(t(key), max(12, round(1.9 * u)), theme.IVORY, share, "semibold", min_px=10)
        surface.blit(img, img.get_rect(midtop=(round(lx), round(ly + self.pile_h / 2 + 0.8 * u))))

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        u = self.app.u
        pygame.draw.rect(surface, theme.GOLD, rect, max(2, round(0.25 * u)), border_radius=round(0.8 * u))

    def _draw_history(self, surface: pygame.Surface) -> None:
        n = len(self.model.pile)
        m, g, rows, rect = self.history_geom(n)
        highlight = self._highlight_card()
        key = (tuple(self.model.pile), rect.size, m, highlight, lang())
        layer = self.history_layer.get(key, rect.size, lambda s: self._paint_history(s, m, g, highlight))
        surface.blit(layer, rect)

    def _highlight_card(self) -> int | None:
        if self.hover and self.hover[0] == "hand":
            return self.model.card_at_idx(self.hover[1])
        if self.model.focus is not None:
            return self.model.card_at_idx(self.model.focus)
        return None

    def _paint_history(self, surf: pygame.Surface, m: int, g: int, highlight: int | None) -> None:
        u = self.app.u
        surf.blit(panel(surf.get_size(), u, 150), (0, 0))
        n = len(self.model.pile)
        label = t("kowah.history", n=n)
        if highlight is not None:
            seen = self.model.pile.count(highlight)
            label = t("kowah.history_count", n=n, k=seen, card=self.card_name(highlight))
        img = fonts.text(label, max(12, round(1.8 * u)), theme.MUTED if highlight is None else theme.GOLD,
                         "semibold")
        surf.blit(img, (round(1.2 * u), round(0.5 * u)))
        for i, c in enumerate(self.model.pile):
            r, col = divmod(i, self.per_row())
            x = round(1.2 * u + col * (m + g))
            y = round(self.history_label_h() + r * (m + g))
            surf.blit(self.mini(c, m), (x, y))
            if highlight is not None and c == highlight:
                pygame.draw.rect(surf, theme.GOLD, (x - 2, y - 2, m + 4, m + 4), max(2, round(0.25 * u)),
                                 border_radius=max(2, round(0.3 * u)))
            elif i == n - 1:
                pygame.draw.rect(surf, theme.IVORY, (x - 2, y - 2, m + 4, m + 4), max(1, round(0.15 * u)),
                                 border_radius=max(2, round(0.3 * u)))

    def _draw_open_hand(self, surface: pygame.Surface) -> None:
        items = self._hand_draw_list()
        top = max(0, round(self.hand_top() - 2 * self.app.u))
        pulse = None
        start = self.model.pulse_at.get(self.viewer)
        if start is not None and self.clock - start < 0.85 and self.anim.busy and not self.anim.reduced:
            pulse = round((self.clock - start) * 30)
        if not items:
            return
        u = self.app.u
        cw = card_width(self.H)
        # the layer spans the hand only (plus room for its labels), not the whole width
        xs = [x for _, (x, _), _ in items]
        left = max(0, round(min(xs) - cw - 14 * u))
        right = min(surface.get_width(), round(max(xs) + cw + 14 * u))
        key = (tuple((s.idx, s.card, round(x), round(y), st) for s, (x, y), st in items), self.model.focus,
               self.model.new_idx, lang(), top, left, pulse, self.model.slide.get(self.viewer), self.model.outcome is None)
        # a window narrower or lower than the hand's margins: still a (clipped) 1 px layer
        size = (max(1, right - left), max(1, surface.get_height() - top))
        layer = self.hand_layer.get(key, size, lambda layer: self._paint_hand(layer, items, left, top))
        surface.blit(layer, (left, top))

    def _draw_hidden_hand(self, surface: pygame.Surface) -> None:
        """Nobody confirmed at a shared screen: the concealed strips as evenly spaced backs
        (no groups, which would tell the hand's shape); an exposed pair and a declarer's
        drawn card are public and stay face up."""
        if not self.slots:
            return
        exposed = self.model.declared[self.viewer] is not None
        public = [s for s in self.slots
                  if s.idx == HELD or (exposed and s.idx >= len(self.model.order) - 2)]
        hidden = [s for s in self.slots if s not in public]
        u = self.app.u
        top = max(0, round(self.hand_top() - 2 * u))
        key = ("hidden", tuple((s.idx, s.card, round(s.centre[0])) for s in public), len(hidden),
               round(self.slots[0].centre[0]), round(self.slots[-1].centre[0]), top, self.H)

        def paint(layer: pygame.Surface) -> None:
            if hidden:
                x0, x1 = hidden[0].centre[0], hidden[-1].centre[0]
                y = hidden[0].centre[1] - top
                for i in range(len(hidden)):
                    x = x0 + (x1 - x0) * i / max(1, len(hidden) - 1)
                    self.blit_card(layer, None, (x, y), self.H)
            for s in public:
                self.blit_card(layer, s.card, (s.centre[0], s.centre[1] - top), self.H)

        size = (surface.get_width(), max(1, surface.get_height() - top))
        surface.blit(self.hand_layer.get(key, size, paint), (0, top))

    def _paint_hand(self, layer: pygame.Surface, items: list, left: int, top: int) -> None:
        u = self.app.u
        cw = card_width(self.H)
        exposed_rects = []
        self.wait_label = None
        self.marks_top = None           # the top of the tags above the hand (screen y)
        for slot, (x, y), state in items:
            lifted = self.hover == ("hand", slot.idx) or state == "exposed"
            rect = self.blit_card(layer, slot.card, (x - left, y - top), self.H, lifted=lifted)
            if state == "illegal":
                dim = self._dim(cw, self.H)
                layer.blit(dim, rect)
            elif state in ("legal", "candidate"):
                width = 0.2 if state == "legal" else 0.35
                pygame.draw.rect(layer, theme.GOLD, rect.inflate(round(0.5 * u), round(0.5 * u)),
                                 max(2, round(width * u)), border_radius=round(0.6 * u))
            elif state == "exposed":
                exposed_rects.append(rect)
            if slot.idx == self.model.new_idx:
                tag = fonts.text(t("kowah.new"), max(11, round(1.6 * u)), theme.INK, "bold")
                pill = pygame.Rect(0, 0, tag.get_width() + round(1.2 * u), tag.get_height())
                pill.midbottom = (rect.centerx, rect.top - round(0.4 * u))
                self.marks_top = min(self.marks_top or pill.top + top, pill.top + top)
                pygame.draw.rect(layer, theme.GOLD, pill, border_radius=pill.height // 2)
                layer.blit(tag, tag.get_rect(center=pill.center))
            if slot.idx == HELD:
                tag = fonts.text(t("kowah.drawn_card"), max(11, round(1.6 * u)), theme.IVORY, "semibold")
                at = layer.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.top - round(0.4 * u))))
                self.marks_top = min(self.marks_top or at.top + top, at.top + top)
            if slot.idx == self.model.focus:
                self.focus_ring(layer, rect)
        if exposed_rects:
            box = exposed_rects[0].unionall(exposed_rects[1:]).inflate(round(u), round(u))
            self._seal_outline(layer, box, self.viewer)
            pair = self.model.declared[self.viewer]
            if self.model.outcome is not None:
                return                  # the win showcase says what happened instead
            img = fonts.text(t("kowah.waits", card=self.card_name(pair)), max(12, round(1.8 * u)),
                             theme.IVORY, "semibold")
            at = img.get_rect(midbottom=(box.centerx, box.top - round(0.3 * u)))
            at.clamp_ip(layer.get_rect().inflate(-round(2 * u), 0))      # never past the window's side
            layer.blit(img, at)
            self.wait_label = at.move(left, top)

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        from scenes.widgets.button import draw_focus_ring
        draw_focus_ring(surface, rect, self.app.u, round(0.06 * rect.width))

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if not self.drag.dragging:
            return
        item = self.drag.item
        if item == ("stock",):
            self.blit_card(surface, None, self.drag.pos, self.pile_h, lifted=True)
        elif item == ("pile",) and self.model.pile:
            self.blit_card(surface, self.model.pile[-1], self.drag.pos, self.pile_h, lifted=True)
        elif item[0] == "hand":
            card = self.model.card_at_idx(item[1])
            if card is not None:
                self.blit_card(surface, card, self.drag.pos, self.H, lifted=True)
                if self.drag.pos[1] < self.hand_top() - 2 * self.app.u:
                    self._ring(surface, self._live_rect().inflate(round(self.app.u), round(self.app.u)))

    def _draw_controls(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w = surface.get_width()
        v = self.view()
        if self.model.declared[self.viewer] is None and self.model.order and self.model.outcome is None:
            self.sort_suit.style = "primary" if self.model.sort_mode == "suit" else "normal"
            self.sort_number.style = "primary" if self.model.sort_mode == "number" else "normal"
            cap = fonts.text(t("kowah.sort"), max(12, round(1.8 * u)), theme.MUTED, "semibold")
            surface.blit(cap, (self.sort_suit.rect.x, self.sort_suit.rect.y - cap.get_height() - round(0.4 * u)))
            self.sort_suit.draw(surface, u)
            self.sort_number.draw(surface, u)
        if self.anim.busy or self.model.outcome is not None:
            return
        y = round(self.hand_top() - 2.6 * u)
        if self.viewer_can_act and v.phase == "declare":
            self._draw_declare_panel(surface)
            return
        acting = self.viewer_can_act
        msg = prompt_text(v, self.viewer, acting, acting and self.model.declared[self.viewer] is not None,
                          acting and self.can("take"), self.seat_name)
        if msg:
            img = fonts.text(msg, max(14, round(2.3 * u)), theme.IVORY, "semibold")
            box = img.get_rect(center=(w // 2, y)).inflate(round(3 * u), round(1 * u))
            if self.marks_top is not None and box.bottom > self.marks_top - round(0.3 * u):
                box.bottom = self.marks_top - round(0.3 * u)    # above the "new" tag of a card
            if self.wait_label is not None and box.colliderect(self.wait_label):
                box.right = self.wait_label.left - round(u)     # keep clear of "Waits for…"
            self.prompt_box = box
            surface.blit(panel(box.size, u, 170), box)
            surface.blit(img, img.get_rect(center=box.center))

    def _draw_declare_panel(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w = surface.get_width()
        pairs = self.pairs_offered()
        if len(pairs) == 1:
            msg = t("kowah.checki_one", card=self.card_name(pairs[0]))
        else:
            msg = t("kowah.checki_two", a=self.card_name(pairs[0]), b=self.card_name(pairs[1]))
        bw1, bw2, bh = round(17 * u), round(19 * u), round(5 * u)
        # between the opponents' "Waits for…" labels at its height: the message shrinks
        # (and the panel leaves the centre) rather than cover them
        band = pygame.Rect(0, 0, w, bh + round(2 * u))
        band.centery = round(self.hand_top() - 4.5 * u)
        left, right = self.span_between(band, self.side_labels)
        fixed = round(2 * u) + bw1 + round(1.5 * u) + bw2 + round(4 * u)
        img = fit_text(msg, max(14, round(2.3 * u)), theme.IVORY, max(1, right - left - fixed), "semibold",
                       min_px=10)
        total = img.get_width() + fixed - round(4 * u)
        box = pygame.Rect(0, 0, total + round(4 * u), bh + round(2 * u))
        box.center = (w // 2, band.centery)
        box.clamp_ip(pygame.Rect(left, 0, max(box.w, right - left), surface.get_height()))
        surface.blit(panel(box.size, u, 225, theme.GOLD), box)
        x = box.x + round(2 * u)
        surface.blit(img, (x, box.centery - img.get_height() // 2))
        x += img.get_width() + round(2 * u)
        self.checki_button.rect = pygame.Rect(x, box.centery - bh // 2, bw1, bh)
        self.pass_button.rect = pygame.Rect(x + bw1 + round(1.5 * u), box.centery - bh // 2, bw2, bh)
        self.checki_button.draw(surface, u)
        self.pass_button.draw(surface, u)
