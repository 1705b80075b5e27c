"""What a finished Mascarade replay shows faces up: every position's character (the
middle's too), each swap's real decision and each peek (see scenes.replay_truth). Reads
the engine state as the replay panel always has."""

from __future__ import annotations

from typing import Any

from game.core import Event
from scenes.i18n import t
from scenes.replay_truth import Name, Reveal


class MascaradeReveal(Reveal):
    def card_text(self, game: str, card: Any) -> str:
        from scenes.tables.mascarade.cards import character_name
        return character_name(int(card))

    def describe(self, game: str, event: Event, who: str, name: Name, state: Any,
                 step: list[Event]) -> str | None:
        d = event.data
        if event.kind in ("swap_bit", "fool_bit", "spy_bit"):
            key = "replay.masc_swapped" if d.get("bit") else "replay.masc_kept"
            return t(key, name=who, a=_pos(d.get("a"), name, state), b=_pos(d.get("b"), name, state))
        if event.kind == "peek_result":
            return t("replay.masc_peek", name=who, card=self.card_text(game, d["card"]))
        return None

    def held_cards(self, state: Any) -> list[list[Any]]:
        hands = [[state.cards[p] for p in positions] for positions in state.hands]
        middle = [state.cards[p] for p in getattr(state, "middle", ()) or ()]
        return hands + ([middle] if middle else [])

    def picture(self, table: Any, card: Any, height: int) -> Any:
        return table.cards.face(int(card), height)


def _pos(pos: Any, name: Name, state: Any) -> str:
    """A position: its owner's name, or "the middle"."""
    owner = getattr(state, "owner", None)
    if owner is None or pos is None or not 0 <= pos < len(owner):
        return str(pos)
    seat = owner[pos]
    return name(seat) if seat is not None else t("replay.middle_card")


REVEAL = MascaradeReveal()
