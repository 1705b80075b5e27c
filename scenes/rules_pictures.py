"""Draws the card pictures of the rules texts with the games' own card art."""

from __future__ import annotations

import pygame

from scenes.art.ganjifa_cards import GanjifaArt
from scenes.art.kowah_cards import SUITS, KowahArt
from scenes.rules_doc import CardRef


class CardPictures:
    """Card faces (with their drop shadows) for :class:`scenes.rules_doc.CardRef`."""

    def __init__(self) -> None:
        self._ganjifa: GanjifaArt | None = None
        self._kowah: KowahArt | None = None
        self._kowah_deck = None

    def clear(self) -> None:
        for art in (self._ganjifa, self._kowah):
            if art is not None:
                art.clear()

    def _ganjifa_art(self) -> GanjifaArt:
        if self._ganjifa is None:
            from game.ganjifa.deck import default_deck
            self._ganjifa = GanjifaArt(default_deck())
        return self._ganjifa

    def _kowah_art(self) -> tuple[KowahArt, object]:
        if self._kowah is None:
            from game.kowah.deck import default_deck
            self._kowah, self._kowah_deck = KowahArt(), default_deck()
        return self._kowah, self._kowah_deck

    def images(self, ref: CardRef, rect: pygame.Rect, u: float
               ) -> tuple[pygame.Surface, pygame.Surface, tuple[int, int]]:
        """(face, shadow, shadow offset) of ``ref`` at the size of ``rect`` (cached by the art)."""
        if ref.game == "ganjifa":
            art = self._ganjifa_art()
            shadow, off = art.shadow(rect.width, False, u)
            return art.face(ref.card, rect.width), shadow, off
        kowah, deck = self._kowah_art()
        # the same identity → art mapping as the Kowah table (honours are numbered 1–3)
        if deck.is_honour(ref.card):
            suit, number = "honours", ref.card - deck.n_numerals + 1
        else:
            suit, number = SUITS[deck.suit_of(ref.card)], deck.number_of(ref.card)
        shadow, off = kowah.shadow(rect.height)
        return kowah.face(suit, number, rect.height), shadow, off

    def draw(self, surface: pygame.Surface, ref: CardRef, rect: pygame.Rect, u: float) -> None:
        """The face of ``ref`` filling ``rect`` (a Ganjifa disc, or a Kowah strip's height)."""
        if rect.width < 1 or rect.height < 1:
            return
        face, shadow, off = self.images(ref, rect, u)
        surface.blit(shadow, (rect.x + off[0], rect.y + off[1]))
        surface.blit(face, rect.topleft)
