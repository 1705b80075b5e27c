"""What the Kowah table lets the card zoom (:mod:`scenes.kit.zoom`) enlarge: the viewer's
own hand once confirmed, the live discard, opponents' exposed pairs and drawn cards
(public); each with its suit and number (or what the honour's characters mean), Chinese
marks, what it makes triples and pairs with, and how many copies the discards show."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.art.kowah_cards import card_width
from scenes.core.i18n import lang, t
from scenes.kit.parts import borrowing
from scenes.kit.zoom import ZoomCard


@borrowing(table="H app cards confirmed_viewer deck drag model n pair_h reveal_all viewer",
           card_paint="card_name",
           controls="item_at",
           geometry="_hand_draw_list _live_rect held_pt pair_pt")
class KowahZoom:
    """Part of :class:`~scenes.tables.kowah.table.KowahTable`: its zoom hooks."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        if self.model.outcome is not None:      # the end-of-hand showcase covers the table
            return None
        item = self.item_at(pos)
        if item is not None and item[0] == "hand":
            return self._zoom_slot(item[1])
        if item == ("pile",) and self.model.pile and not self.drag.dragging:
            return self._zoom_card(self.model.pile[-1], self._live_rect())
        cw = card_width(self.pair_h)
        for seat in range(self.n):
            if seat == self.viewer:
                continue
            placed = []
            pair = self.model.declared[seat]
            if pair is not None:
                cx, cy = self.pair_pt(seat)
                placed += [(pair, (cx + dx * (cw / 2 + 0.3 * self.app.u), cy)) for dx in (-1, 1)]
            held = self.model.held.get(seat)
            if held is not None:
                placed.append((held, self.held_pt(seat)))
            for card, centre in reversed(placed):
                rect = pygame.Rect(0, 0, cw, self.pair_h)
                rect.center = (round(centre[0]), round(centre[1]))
                if rect.collidepoint(pos):
                    return self._zoom_card(card, rect)
        return None

    def zoom_focused(self) -> ZoomCard | None:
        return None if self.model.focus is None else self._zoom_slot(self.model.focus)

    def _zoom_slot(self, idx: int) -> ZoomCard | None:
        """A hand card: shown face up only to the confirmed viewer (or a replay)."""
        if not (self.confirmed_viewer or self.reveal_all) or self.model.outcome is not None:
            return None
        for slot, (x, y), _ in self._hand_draw_list():
            if slot.idx == idx:
                rect = pygame.Rect(0, 0, card_width(self.H), self.H)
                rect.center = (round(x), round(y))
                return self._zoom_card(slot.card, rect)
        return None

    def _zoom_card(self, card: int, rect: pygame.Rect) -> ZoomCard:
        d, lg = self.deck, lang()
        name = self.card_name(card)
        seen = t("zoom.kowah_seen", n=self.model.pile.count(card))
        honour = d.honour_of(card)
        if honour is not None:
            kind = t("zoom.kowah_honour", chinese=d.chinese(card))
            rule = t("zoom.kowah_honour_rule", card=name)
            seen = f"{t(f'zoom.kowah_gloss.{honour.id}')} · {seen}"
        else:
            suit = d.suits[d.suit_of(card)].name[lg]
            kind = t("zoom.kowah_kind", suit=suit, chinese=d.chinese(card))
            rule = t("zoom.kowah_numeral", n=d.number_of(card), suit=suit, card=name)
        return ZoomCard(("kowah", card), rect, lambda h: self.cards.face(card, h), name,
                        kind, f"{rule} {t('zoom.kowah_copies')}", seen)
