"""What a finished Đạo Tâm replay shows faces up: each claim's real cards (marked once it
is let pass or challenged) and each draw; the hands and the card names are the engine's
(see scenes.screens.replay_truth)."""

from __future__ import annotations

from typing import Any

from game.core import Event
from scenes.core.i18n import t
from scenes.screens.replay_truth import Name, Reveal


class DaoTamReveal(Reveal):
    pending = frozenset({"claim_cards"})
    verdicts = {"unchallenged": "replay.dt_unchallenged", "challenge": "replay.dt_challenge"}

    def _cards(self, game: str, cards: Any) -> str:
        return ", ".join(self.card_text(game, c) for c in cards) or t("replay.none")

    def describe(self, game: str, event: Event, who: str, name: Name, state: Any,
                 step: list[Event]) -> str | None:
        d = event.data
        if event.kind == "claim_cards":
            call = next((e.data for e in step if e.kind == "claim" and e.seat == event.seat), None)
            if call:
                return t("replay.dt_claim_as", name=name(event.seat), count=call.get("count", ""),
                         call=self.card_text(game, call["call"]), cards=self._cards(game, d["cards"]))
            return t("replay.dt_claim", name=who, cards=self._cards(game, d["cards"]))
        if event.kind == "drew":
            return t("replay.dt_drew", name=who, cards=self._cards(game, d["cards"]))
        return None

    def picture(self, table: Any, card: Any, height: int) -> Any:
        from scenes.tables.daotam.cards import ct_back
        from scenes.tables.daotam.layout import card_size
        if card is None:
            return ct_back(card_size(height))
        return table.card_faces.ct_face(card, card_size(height))


REVEAL = DaoTamReveal()
