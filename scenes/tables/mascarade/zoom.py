"""What the Mascarade table lets the card zoom (:mod:`scenes.kit.zoom`) enlarge: a
position only while its face is up for the whole table (a reveal, the setup look, a
finished game's replay); never a face-down card, so never a secret. With the character's
power from the data file."""

from __future__ import annotations

from typing import Any

from game.mascarade.data import default_rules
from scenes.core.i18n import lang, t
from scenes.kit.parts import borrowing
from scenes.kit.zoom import ZoomCard
from scenes.tables.mascarade.cards import character_name


@borrowing(table="model reveal_all truth",
           controls="focus",
           fx="flip_fx swap_offset",
           geometry="pos_at pos_rects",
           painter="public_face")
class MascaradeZoom:
    """Part of :class:`~scenes.tables.mascarade.table.MascaradeTable`: its zoom hooks."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        p = self.pos_at(pos)
        return None if p is None else self._zoom_pos(p)

    def zoom_focused(self) -> ZoomCard | None:
        return None if self.focus is None else self._zoom_pos(self.focus)

    def _zoom_pos(self, p: int) -> ZoomCard | None:
        if self.flip_fx is not None and p in self.flip_fx[0] or p >= len(self.pos_rects):
            return None                     # turning over: read it once it lies still
        char = self.model.faceup.get(p)
        if char is None and self.reveal_all:
            char = self.truth.get(p)
        if char is None:
            return None
        dx, dy = self.swap_offset(p)
        rect = self.pos_rects[p].move(round(dx), round(dy))
        c = default_rules().characters[char]
        return ZoomCard(("mascarade", char), rect, lambda h: self.public_face(char, h), character_name(char),
                        t("zoom.mascarade_kind"), c.power.get(lang(), c.power.get("en", "")))
