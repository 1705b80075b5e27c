"""The Ganjifa cards the rules texts show: ``ganjifa/<suit id>/<raja|mantri|1…10>``
(suit ids from data/ganjifa.yaml), drawn as round discs by the table's own art."""

from __future__ import annotations

from typing import Any

from scenes.screens.rules_doc import RulesCards


class GanjifaRulesCards(RulesCards):
    def deck(self) -> Any:
        from game.ganjifa.deck import default_deck
        return default_deck()

    def card(self, deck: Any, parts: list[str]) -> int | None:
        if len(parts) != 2:
            return None
        suit = next((s for s in deck.suits if s.id == parts[0]), None)
        if suit is None:
            return None
        for r in deck.ranks:
            if parts[1] == (r.kind if r.kind != "numeral" else str(r.value)):
                return suit.index * len(deck.ranks) + r.index
        return None

    def forms(self, game: str, deck: Any) -> str:
        return f"{game}/<{'|'.join(s.id for s in deck.suits[:2])}|…>/<raja|mantri|1…10>"

    def art(self) -> Any:
        return DiscPictures(self.deck())


class DiscPictures:
    """Faces and shadows of round cards at a picture's width."""

    def __init__(self, deck: Any) -> None:
        from scenes.art.ganjifa_cards import GanjifaArt
        self.art = GanjifaArt(deck)

    def clear(self) -> None:
        self.art.clear()

    def images(self, card: int, rect: Any, u: float) -> tuple[Any, Any, tuple[int, int]]:
        shadow, off = self.art.shadow(rect.width, False, u)
        return self.art.face(card, rect.width), shadow, off


RULES_CARDS = GanjifaRulesCards()
