"""What a finished Ganjifa replay shows faces up: every hand (see scenes.replay_truth)."""

from __future__ import annotations

from typing import Any

from scenes.replay_truth import Reveal, deck_card_name


class GanjifaReveal(Reveal):
    def card_text(self, game: str, card: Any) -> str:
        return deck_card_name(game, card)


REVEAL = GanjifaReveal()
