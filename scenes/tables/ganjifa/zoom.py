"""What the Ganjifa table lets the card zoom (:mod:`scenes.kit.zoom`) enlarge: the
viewer's own hand once confirmed, the trick on the cloth and a Dukal's centre rows; each
with its suit, sign, rank order and whether it is trump."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core.i18n import lang, t
from scenes.kit.parts import borrowing
from scenes.kit.zoom import ZoomCard


@borrowing(table="cards centre confirmed_viewer deck focus hand_d privacy reveal_all trick trick_d",
           card_paint="_mark",
           geometry="_centre_positions _drawn_slots card_at centre_d trick_slot")
class GanjifaZoom:
    """Part of :class:`~scenes.tables.ganjifa.table.GanjifaTable`: its zoom hooks."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        if self.confirmed_viewer or self.reveal_all:        # the hand is drawn face up
            card = self.card_at(pos)
            if card is not None:
                return self._zoom_hand(card)
        placed = [(card, p, self.centre_d()) for (_, card), p in zip(self.centre, self._centre_positions(),
                                                                     strict=False)]
        placed += [(card, self.trick_slot(seat), self.trick_d) for seat, card, _ in self.trick]
        for card, (x, y), d in placed:
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (d / 2) ** 2:
                return self._zoom_card(card, (x, y), d)
        return None

    def zoom_focused(self) -> ZoomCard | None:
        if self.focus is None or not (self.confirmed_viewer or self.reveal_all):
            return None
        return self._zoom_hand(self.focus)

    def _zoom_hand(self, card: int) -> ZoomCard | None:
        for c, centre in self._drawn_slots():
            if c == card:
                return self._zoom_card(card, centre, self.hand_d)
        return None

    def _zoom_card(self, card: int, centre: tuple[float, float], d: float) -> ZoomCard | None:
        if self.privacy.shown(card) is None:
            return None
        lg = lang()
        suit = self.deck.suits[self.deck.suit_of(card)]
        rect = pygame.Rect(0, 0, round(d), round(d))
        rect.center = (round(centre[0]), round(centre[1]))
        mark = self._mark(card)
        kind = t("zoom.ganjifa_kind", suit=suit.name[lg], sign=suit.sign[lg])
        return ZoomCard(("ganjifa", card, mark), rect, lambda size: self.cards.face(card, size),
                        self.deck.card_name(card, lg),
                        f"{kind} · {t('ganjifa.trump_tag')}" if mark else kind,
                        t(f"zoom.ganjifa_{suit.order}"), t("zoom.ganjifa_trump") if mark else "")
