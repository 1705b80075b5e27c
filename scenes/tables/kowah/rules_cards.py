"""The Kowah cards the rules texts show: ``kowah/<coins|strings|myriads>/<1…9>`` and
``kowah/<honour id>`` (ids from data/kowah.yaml), drawn as tall strips by the table's own
art."""

from __future__ import annotations

from typing import Any

from scenes.screens.rules_doc import RulesCards


class KowahRulesCards(RulesCards):
    tall = True

    def deck(self) -> Any:
        from game.kowah.deck import default_deck
        return default_deck()

    def card(self, deck: Any, parts: list[str]) -> int | None:
        if len(parts) == 1:
            honour = next((h for h in deck.honours if h.id == parts[0]), None)
            return None if honour is None else deck.n_numerals + honour.index
        if len(parts) != 2:
            return None
        suit = next((s for s in deck.suits if s.id == parts[0]), None)
        if suit is None or not parts[1].isdigit() or int(parts[1]) not in deck.numbers:
            return None
        return suit.index * len(deck.numbers) + deck.numbers.index(int(parts[1]))

    def forms(self, game: str, deck: Any) -> str:
        return (f"{game}/<" + "|".join(s.id for s in deck.suits) + f">/<1…9> or {game}/<"
                + "|".join(h.id for h in deck.honours) + ">")

    def aspect(self) -> float:
        from scenes.art.kowah_cards import ASPECT
        return 1.0 / ASPECT

    def art(self) -> Any:
        return StripPictures(self.deck())


class StripPictures:
    """Faces and shadows of strip cards at a picture's height."""

    def __init__(self, deck: Any) -> None:
        from scenes.art.kowah_cards import KowahArt
        self.art, self.deck = KowahArt(), deck

    def clear(self) -> None:
        self.art.clear()

    def images(self, card: int, rect: Any, u: float) -> tuple[Any, Any, tuple[int, int]]:
        from scenes.art.kowah_cards import SUITS
        deck = self.deck
        # the same identity → art mapping as the table (honours are numbered 1–3)
        if deck.is_honour(card):
            suit, number = "honours", card - deck.n_numerals + 1
        else:
            suit, number = SUITS[deck.suit_of(card)], deck.number_of(card)
        shadow, off = self.art.shadow(rect.height)
        return self.art.face(suit, number, rect.height), shadow, off


RULES_CARDS = KowahRulesCards()
