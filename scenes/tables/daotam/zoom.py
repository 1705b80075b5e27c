"""What the Đạo Tâm table lets the card zoom (:mod:`scenes.kit.zoom`) enlarge: the
viewer's own hand once confirmed, each plate's Môn Sinh (when it plays in a round), every
opened Tâm Niệm in the seats' stage slots and the two discards' face-up tops; each with its kind (a Tâm Niệm's principle and stage, a Tĩnh
Tâm, an Ảo Niệm), its full effect text and a Tâm Niệm's principle in full from the deck."""

from __future__ import annotations

from typing import Any

import pygame

from game.daotam.deck import STAGES
from scenes.core.i18n import lang, t
from scenes.kit.parts import borrowing
from scenes.kit.zoom import ZoomCard
from scenes.tables.daotam.layout import card_size, mon_sinh_number

KINDS = ("cuong", "nhu", "ta_khi")


@borrowing(table="app deck deck_rects hand_list hand_rects looking match model seat_name slot_rects spots viewer",
           card_faces="cd_face ct_face hand_variants ms_face variant_at", geometry="ms_rect")
class DaoTamZoom:
    """Part of :class:`~scenes.tables.daotam.table.DaoTamTable`: its zoom hooks."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        cards = self.hand_list()            # empty unless the viewer is confirmed
        variants = self.hand_variants(cards, self.viewer)
        for i in range(min(len(cards), len(self.hand_rects)) - 1, -1, -1):
            rect = self._zoom_hand_rect(i)
            if rect.collidepoint(pos):
                return self._zoom_ct(cards[i], rect, variants[i])
        v = self.match.view(self.looking)
        for spot in self.spots:                 # each plate's Môn Sinh (public: the turn order)
            box, _ = self.ms_rect(spot.seat)
            if box.collidepoint(pos):
                return self._zoom_ms(spot.seat, mon_sinh_number(spot.seat, v.first, len(v.status)), box)
        for seat, slots in self.slot_rects.items():
            for stage, slot, cid in zip(STAGES, slots, v.opened[seat], strict=True):
                if cid is not None and (seat, stage) not in self.model.hidden_slots and slot.collidepoint(pos):
                    return self._zoom_cd(cid, slot)
        r = self.deck_rects
        up = v.discard_face_up
        top = next((k for k in (0, 1, 2) if up[k]), None)
        if v.discard_size and top is not None and r["ct_disc"].collidepoint(pos):
            return self._zoom_ct(KINDS[top], r["ct_disc"], self.variant_at(KINDS[top], sum(up)))
        if v.cd_discard and r["cd_disc"].collidepoint(pos):
            return self._zoom_cd(v.cd_discard[-1], r["cd_disc"])
        return None

    def zoom_focused(self) -> ZoomCard | None:
        cards = self.hand_list()
        if not cards or len(self.hand_rects) != len(cards):
            return None
        i = self.model.focus % len(cards)
        return self._zoom_ct(cards[i], self._zoom_hand_rect(i), self.hand_variants(cards, self.viewer)[i])

    def _zoom_hand_rect(self, i: int) -> pygame.Rect:
        rect = self.hand_rects[i]
        return rect.move(0, -round(2.5 * self.app.u)) if i in self.model.picked else rect

    def _zoom_ct(self, kind: str, rect: pygame.Rect, variant: int = 0) -> ZoomCard:
        """A Chiêu Thức with the ornament it shows on the table (``variant``)."""
        card = self.deck.chieu_thuc[KINDS.index(kind)]
        lg = lang()
        return ZoomCard(("daotam", kind, variant), rect, lambda h: self.ct_face(kind, card_size(h), variant),
                        card.name.get(lg, kind), t("zoom.daotam_ct"), card.text.get(lg, ""))

    def _zoom_ms(self, seat: int, number: int, rect: pygame.Rect) -> ZoomCard:
        return ZoomCard(("daotam", "mon_sinh", number), rect, lambda h: self.ms_face(number, card_size(h)),
                        t("zoom.daotam_ms_title", n=number), t("zoom.daotam_ms"),
                        t("zoom.daotam_ms_text", name=self.seat_name(seat), nth=t(f"zoom.daotam_nth_{number}")))

    def _zoom_cd(self, cid: str, rect: pygame.Rect) -> ZoomCard:
        card = self.deck.by_id[cid]
        lg = lang()
        if card.stage is not None:
            kind = t("zoom.daotam_tam_niem", n=card.principle or "",
                     stage=self.deck.stages.get(card.stage, {}).get(lg, card.stage))
        elif card.type in ("tinh_tam", "ao_niem"):
            kind = t(f"zoom.daotam_{card.type}")
        else:
            kind = t("zoom.daotam_cd")
        return ZoomCard(("daotam", cid), rect, lambda h: self.cd_face(cid, card_size(h)),
                        card.name.get(lg, cid), kind, card.text.get(lg, ""),
                        (card.gloss or {}).get(lg, ""))
