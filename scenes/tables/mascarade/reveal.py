"""What a finished Mascarade replay shows faces up: each swap's real decision and each
peek; what every position holds and the characters' names are the engine's (see
scenes.screens.replay_truth). Reads the state's seat of each position for the swap lines."""

from __future__ import annotations

from typing import Any

from game.core import Event
from scenes.core.i18n import t
from scenes.screens.replay_truth import Name, Reveal


class MascaradeReveal(Reveal):
    def describe(self, game: str, event: Event, who: str, name: Name, state: Any,
                 step: list[Event]) -> str | None:
        d = event.data
        if event.kind in ("swap_bit", "fool_bit", "spy_bit"):
            key = "replay.masc_swapped" if d.get("bit") else "replay.masc_kept"
            return t(key, name=who, a=_pos(d.get("a"), name, state), b=_pos(d.get("b"), name, state))
        if event.kind == "peek_result":
            return t("replay.masc_peek", name=who, card=self.card_text(game, d["card"]))
        return None

    def picture(self, table: Any, card: Any, height: int) -> Any:
        return table.cards.back(height) if card is None else table.cards.face(int(card), height)


def _pos(pos: Any, name: Name, state: Any) -> str:
    """A position: its owner's name, or "the middle"."""
    owner = getattr(state, "owner", None)
    if owner is None or pos is None or not 0 <= pos < len(owner):
        return str(pos)
    seat = owner[pos]
    return name(seat) if seat is not None else t("replay.middle_card")


REVEAL = MascaradeReveal()
