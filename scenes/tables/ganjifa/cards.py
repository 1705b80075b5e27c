"""Ganjifa card images for the table: faces and backs at the table's sizes (scaled for
sizes in between), shadows, the opponents' fans of backs, and the warm-up that paints the
faces ahead of need. Every face drawn asks the table's ``shown`` first (hot-seat privacy)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.art.ganjifa_cards import GanjifaArt
from scenes.core import theme
from scenes.kit.card_art import ArtAdapter, standard_size
from scenes.kit.parts import borrowing
from scenes.tables.ganjifa.hand import hand_diameter
from scenes.tables.sprites import Sprite

PREWARM_STEPS = 7      # cards the hand may lose before the row's next size is needed


class GanjifaCardArt(ArtAdapter):
    """:class:`~scenes.kit.card_art.CardArt` for Ganjifa: a face carries its trump mark."""

    def __init__(self, art: GanjifaArt, mark: Callable[[int], str | None]) -> None:
        super().__init__(art)
        self.mark = mark

    def face(self, card: int, size: int) -> pygame.Surface:
        return self.art.face(card, size, self.mark(card))

    def ready(self, card: int, size: int) -> bool:
        return self.art.has_face(card, size, self.mark(card))

    def nearest(self, card: int, size: int) -> pygame.Surface | None:
        return self.art.nearest_face(card, size, self.mark(card))

    def nearest_size(self, card: int, size: int) -> int | None:
        return self.art.nearest_size(card, size, self.mark(card))


@borrowing(table=("D _stand_ins app art back_d cards confirmed_viewer dealing deck hand hand_d looking "
                  "match pile_d privacy rot style trick_d trump_mark warm_queue"),
           geometry="centre_d")
class GanjifaCards:
    """Part of :class:`~scenes.tables.ganjifa.table.GanjifaTable`: its card images."""

    def __init__(self, table: Any) -> None:
        self.table = table

    _drawn_stand_ins: list[tuple[int, int, bool]] | None = None   # collects while a layer paints

    def _warm_faces(self) -> None:
        """Paint the viewer's own faces now (≈1.5 ms each), not in the middle of the deal;
        every other face is painted ahead at trick size, in what frames leave spare."""
        for c in self.match.view(self.looking).hand or ():
            self.cards.face(c, self.hand_d)
        self.warm_queue.reset(lambda c=c: self.cards.face(c, self.trick_d) for c in range(self.deck.size))
        sizes = sorted(set(self._std_sizes()))      # backs and shadows before those (last added runs first)
        self.warm_queue.add(lambda d=d, lifted=lifted: self.cards.shadow(d, lifted) for d in sizes for lifted in (False, True))
        self.warm_queue.add(lambda d=d: self.cards.back(d) for d in sizes)
        self._prewarmed: set[tuple[int, int]] = set()
        self._stand_ins: dict[tuple[int, int], pygame.Surface] = {}    # scaled, real one queued
        self._prewarm_hand()

    def _prewarm_hand(self) -> None:
        """Queue the hand's faces at the sizes the row will step to as it shrinks (two
        rows keep one size; the step to one row comes at 20 cards), the nearest step first and ahead of the trick-size ones: otherwise a size step paints
        ~40 faces in one frame (a 70 ms stall measured at 1920x1080)."""
        hand = self.hand
        if not self.confirmed_viewer or self.dealing or len(hand) < 2:
            return
        n, g = len(hand), len({c // self.deck.per_suit for c in hand})
        sizes: list[int] = []
        for k in range(1, min(PREWARM_STEPS + 1, n)):
            for lost in range(min(k, g - 1) + 1):
                d = hand_diameter(n - k, g - lost, self.app.size, self.app.u)
                if d != self.hand_d and d not in sizes:
                    sizes.append(d)
        if any(d > self.trick_d for d in sizes):    # last: a sharp source for any size up to D
            sizes.append(self.D)
        done = self.__dict__.setdefault("_prewarmed", set())
        jobs = [(c, d) for d in reversed(sizes) for c in hand if (c, d) not in done]
        done.update(jobs)
        self.warm_queue.add(lambda c=c, d=d: self._paint_ahead(c, d) for c, d in jobs)   # last runs first

    def _outgrown(self, d: int) -> None:
        """The row grows to ``d`` (it only grows as the hand shrinks): faces at the sizes
        below it that nothing else is drawn at go, and so do their stand-ins."""
        std = set(self._std_sizes())
        self.art.drop_faces(lambda x: x >= d or x in std)
        self._stand_ins = {k: v for k, v in self._stand_ins.items() if k[1] >= d or k[1] in std}

    def _paint_ahead(self, card: int, d: int) -> None:
        """A warm-up job: the face at ``d``, unless the hand has grown past that size (the
        row only grows as the hand shrinks) and nothing else is drawn at it."""
        if d >= self.hand_d or d in self._std_sizes():
            self.cards.face(card, d)

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

    def _card_image(self, card: int | None, d: int) -> tuple[pygame.Surface, bool]:
        """The image of a card (a back for None) at ``d`` and whether it is the real one.

        Standard sizes come from the art cache. A face not painted yet at a standard size
        is a stand-in scaled from the card's nearest painted size (a larger one when there
        is, which stays sharp), the real one queued first in the warm-up: a size step of
        the hand then costs ~0.05 ms a card instead of ~4. Sizes in between (cards growing
        or shrinking in flight) are scaled from a painted size at least as large."""
        std = self._std_sizes()
        if card is None:
            if d in std:
                return self.cards.back(d), True
            return pygame.transform.smoothscale(self.cards.back(standard_size(std, d, self.D)), (d, d)), True
        near = self.cards.nearest_size(card, d)     # one face asked for per card drawn
        if d not in std:
            if near is not None and near >= d:
                return pygame.transform.smoothscale(self.cards.nearest(card, d), (d, d)), True
            img, real = self._card_image(card, standard_size(std, d, self.D))
            return pygame.transform.smoothscale(img, (d, d)), real
        if near is None or near == d:       # painted (or painted at no size yet: now)
            if self._stand_ins:
                self._stand_ins.pop((card, d), None)
            return self.cards.face(card, d), True
        img = self._stand_ins.get((card, d))
        if img is None or img.get_width() != d:
            img = pygame.transform.smoothscale(self.cards.nearest(card, d), (d, d))
            if (card, d) not in self._stand_ins:
                self.warm_queue.add_first([lambda: self._paint_ahead(card, d)])
            self._stand_ins[(card, d)] = img
        if self._drawn_stand_ins is not None:
            self._drawn_stand_ins.append((card, d, near < d))
        return img, False

    def _std_sizes(self) -> tuple[int, ...]:
        return (self.hand_d, self.D, self.trick_d, self.centre_d(), self.back_d, self.pile_d)

    def _blit_card(self, surface: pygame.Surface, card: int | None, pos: tuple[float, float],
                   d: int, angle: float, state: str = "normal", lifted: bool = False) -> None:
        d = max(8, int(d))
        card = self.privacy.shown(card)
        img, real = self._card_image(card, d)
        key = ("back", d) if card is None else ("face", card, d, real)
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

    def _stand_ins_landed(self, drawn: list[tuple[int, int, bool]]) -> bool:
        """Whether a layer drawn with these stand-ins should be painted again: every soft
        (scaled-up) one is real now, or every one is."""
        ready = [(self.cards.ready(c, d), soft) for c, d, soft in drawn]
        if not all(r for r, soft in ready if soft):
            return False
        return any(soft for _, soft in ready) or all(r for r, _ in ready)

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
