"""Draws the card pictures of the rules texts with the games' own card art (each game's
:class:`scenes.screens.rules_doc.RulesCards`, from its table's front)."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.screens.rules_doc import CardRef, rules_cards


class CardPictures:
    """Card faces (with their drop shadows) for :class:`scenes.screens.rules_doc.CardRef`."""

    def __init__(self) -> None:
        self._art: dict[str, Any] = {}

    def clear(self) -> None:
        for art in self._art.values():
            art.clear()

    def _art_of(self, game: str) -> Any:
        art = self._art.get(game)
        if art is None:
            art = self._art[game] = rules_cards(game).art()
        return art

    def images(self, ref: CardRef, rect: pygame.Rect, u: float
               ) -> tuple[pygame.Surface, pygame.Surface, tuple[int, int]]:
        """(face, shadow, shadow offset) of ``ref`` at the size of ``rect`` (cached by the art)."""
        return self._art_of(ref.game).images(ref.card, rect, u)

    def draw(self, surface: pygame.Surface, ref: CardRef, rect: pygame.Rect, u: float) -> None:
        """The face of ``ref`` filling ``rect`` (a round card's width, a strip's height)."""
        if rect.width < 1 or rect.height < 1:
            return
        face, shadow, off = self.images(ref, rect, u)
        surface.blit(shadow, (rect.x + off[0], rect.y + off[1]))
        surface.blit(face, rect.topleft)
