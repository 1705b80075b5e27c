"""What the Ganjifa table lets the card zoom (:mod:`scenes.kit.zoom`) enlarge: the
viewer's own hand once confirmed, the trick on the cloth and a Dukal's centre rows; each
with its suit, sign, rank order, what it beats in its suit and whether it is trump now."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core.i18n import lang, t
from scenes.kit.parts import borrowing
from scenes.kit.zoom import ZoomCard


@borrowing(table="cards centre confirmed_viewer deck focus hand_d privacy reveal_all trick trick_d",
           card_paint="_mark _trump_suit",
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
        text = f"{t(f'zoom.ganjifa_{suit.order}')} {self._beats(card)}"
        if mark:
            note = f"{t('zoom.ganjifa_trump')} {t('zoom.ganjifa_trump_now')}"
        else:
            note = t("zoom.ganjifa_not_trump", trump=self.deck.suits[self._trump_suit()].name[lg])
        return ZoomCard(("ganjifa", card, mark), rect, lambda size: self.cards.face(card, size),
                        self.deck.card_name(card, lg),
                        f"{kind} · {t('ganjifa.trump_tag')}" if mark else kind, text, note)

    def _beats(self, card: int) -> str:
        """What the card beats in its own suit: its courts by name, its numerals as a range."""
        d, lg = self.deck, lang()
        suit = d.suit_of(card)
        name = d.suits[suit].name[lg]
        weaker = sorted((c for c in range(suit * d.per_suit, (suit + 1) * d.per_suit)
                         if d.strength[c] < d.strength[card]), key=lambda c: -d.strength[c])
        if not weaker:
            return t("zoom.ganjifa_beats_none", suit=name)
        if len(weaker) == d.per_suit - 1:
            return t("zoom.ganjifa_beats_all", suit=name)
        courts = [d.rank_of(c).name[lg] for c in weaker if d.rank_of(c).kind != "numeral"]
        values = sorted(d.rank_of(c).value for c in weaker if d.rank_of(c).kind == "numeral")
        parts = courts + ([f"{values[0]}–{values[-1]}" if len(values) > 1 else str(values[0])] if values else [])
        return t("zoom.ganjifa_beats", cards=", ".join(parts), suit=name)
