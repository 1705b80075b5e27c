"""Ganjifa card images for the table: faces and backs at the table's sizes (scaled for
sizes in between), shadows, the opponents' fans of backs, and the warm-up that paints the
faces ahead of need. Every face drawn asks the table's ``shown`` first (hot-seat privacy)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import theme
from scenes.art.ganjifa_cards import GanjifaArt
from scenes.kit.card_art import ArtAdapter, standard_size
from scenes.tables.ganjifa.hand import hand_layout
from scenes.tables.sprites import Sprite


class GanjifaCardArt(ArtAdapter):
    """:class:`~scenes.kit.card_art.CardArt` for Ganjifa: a face carries its trump mark."""

    def __init__(self, art: GanjifaArt, mark: Callable[[int], str | None]) -> None:
        super().__init__(art)
        self.mark = mark

    def face(self, card: int, size: int) -> pygame.Surface:
        return self.art.face(card, size, self.mark(card))


class GanjifaCards:
    """Mixin of :class:`~scenes.tables.ganjifa.table.GanjifaTable`: its card images."""

    def _warm_faces(self) -> None:
        """Paint the viewer's own faces now (≈1 ms each), not in the middle of the deal;
        every other face is painted ahead, one per idle frame, at trick size."""
        for c in self.match.view(self.looking).hand or ():
            self.cards.face(c, self.hand_d)
        self.warm_queue.reset(lambda c=c: self.cards.face(c, self.trick_d) for c in range(self.deck.size))
        self._prewarmed: set[tuple[int, int]] = set()
        self._prewarm_hand()

    def _prewarm_hand(self) -> None:
        """Queue the hand's faces at the sizes the row will step to as it shrinks, ahead of
        the trick-size ones: otherwise a size step paints ~40 faces in one frame (a 70 ms
        stall measured at 1280x720)."""
        hand = self._sorted_hand()
        if not self.confirmed_viewer or len(hand) < 2:
            return
        sizes = set()
        for k in range(1, min(8, len(hand))):
            for cut in (hand[k:], hand[:-k]):
                sizes.add(hand_layout(cut, self.deck.per_suit, self.app.size, self.app.u).d)
        sizes.discard(self.hand_d)
        done = self.__dict__.setdefault("_prewarmed", set())
        jobs = [(c, d) for d in sorted(sizes) for c in hand if (c, d) not in done]
        done.update(jobs)
        self.warm_queue.add(lambda c=c, d=d: self.cards.face(c, d) for c, d in jobs)

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        self._blit_card(surface, sprite.card if sprite.face_up else None, sprite.pos, sprite.size,
                        sprite.angle)

    def _fan(self, n: int) -> pygame.Surface:
        """An opponent's hand as a small fan of backs (cached per count and size)."""
        key = (n, self.back_d)
        cache = self.__dict__.setdefault("_fans", {})
        if key not in cache:
            u = self.app.u
            w = round(self.back_d + 1.3 * u * 12 + 4 * u)
            h = round(self.back_d + 4 * u)
            fan = pygame.Surface((w, h), pygame.SRCALPHA)
            for i in range(n):
                x = w / 2 + (i - (n - 1) / 2) * 1.3 * u
                self._blit_card(fan, None, (x, h / 2 - u), self.back_d, (i - n / 2) * 2)
            cache[key] = fan.convert_alpha() if pygame.display.get_surface() else fan
        return cache[key]

    def _card_image(self, card: int | None, d: int) -> pygame.Surface:
        """Faces at the table's standard sizes come from the art cache; sizes in between
        (cards growing or shrinking in flight) are scaled from the next larger one."""
        std = self._std_sizes()
        if d in std:
            return self.cards.back(d) if card is None else self.cards.face(card, d)
        base = standard_size(std, d, self.D)
        src = self.cards.back(base) if card is None else self.cards.face(card, base)
        return pygame.transform.smoothscale(src, (d, d))

    def _std_sizes(self) -> tuple[int, ...]:
        return (self.hand_d, self.D, self.trick_d, self.centre_d(), self.back_d, self.pile_d)

    def _blit_card(self, surface: pygame.Surface, card: int | None, pos: tuple[float, float],
                   d: int, angle: float, state: str = "normal", lifted: bool = False) -> None:
        d = max(8, int(d))
        card = self.shown(card)
        img = self._card_image(card, d)
        key = ("back", d) if card is None else ("face", card, d)
        shadow, off = self.cards.shadow(standard_size(self._std_sizes(), d, self.D), lifted)
        x, y = pos[0] - d / 2, pos[1] - d / 2
        surface.blit(shadow, (round(x + off[0]), round(y + off[1])))
        if angle:
            img = self.rot.get(key, img, angle)
        rect = img.get_rect(center=(round(pos[0]), round(pos[1])))
        surface.blit(img, rect)
        if state == "illegal":
            surface.blit(self._dim(d), (round(x), round(y)))
        elif state in ("legal", "selected"):
            u = self.app.u
            pygame.draw.circle(surface, theme.GOLD, (round(pos[0]), round(pos[1])),
                               round(d / 2 + 0.25 * u), max(2, round((0.3 if state == "selected" else 0.2) * u)))

    def _trump_suit(self) -> int:
        return self.deck.trumps["day" if self.trump_mark == "sun" else "night"]

    def _mark(self, card: int) -> str | None:
        return self.trump_mark if card // self.deck.per_suit == self._trump_suit() else None

    def _dim(self, d: int) -> pygame.Surface:
        cache = self.__dict__.setdefault("_dim_cache", {})
        img = cache.get(d)
        if img is None:
            img = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(img, (*self.style.base, 125), (d // 2, d // 2), d // 2)
            cache[d] = img
        return img
