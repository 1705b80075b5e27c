"""What a finished Kowah replay shows faces up: each draw from the stock (the hands and the card
names are the engine's; see scenes.screens.replay_truth)."""

from __future__ import annotations

from typing import Any

from game.core import Event
from scenes.core.i18n import t
from scenes.screens.replay_truth import Name, Reveal


class KowahReveal(Reveal):
    def describe(self, game: str, event: Event, who: str, name: Name, state: Any,
                 step: list[Event]) -> str | None:
        if event.kind == "draw_card":
            return t("replay.kw_drew", name=who, card=self.card_text(game, event.data["card"]))
        return None


REVEAL = KowahReveal()
