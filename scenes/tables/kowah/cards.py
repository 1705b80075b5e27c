"""Kowah card images for the table: faces and backs at the table's sizes (and in-between
sizes for cards growing in flight), the opponents' fans of backs, the stock, and the
warm-up that renders them a little each frame before they are needed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.art.kowah_cards import SEAL_RED, KowahArt, card_width
from scenes.core import fonts, theme
from scenes.core.i18n import lang, t
from scenes.kit.card_art import ArtAdapter, standard_size
from scenes.kit.parts import borrowing
from scenes.tables.kowah.deco import JADE, grey, panel
from scenes.tables.sprites import Sprite


@dataclass
class FlipSprite(Sprite):
    """A card in flight that may turn over on the way: ``sx`` is its horizontal scale."""

    sx: float = 1.0


class KowahCardArt(ArtAdapter):
    """:class:`~scenes.kit.card_art.CardArt` for Kowah: a card number is a suit and a number."""

    def __init__(self, art: KowahArt, art_id: Callable[[int], tuple[str, int]]) -> None:
        super().__init__(art)
        self.art_id = art_id

    def face(self, card: int, size: int) -> pygame.Surface:
        return self.art.face(*self.art_id(card), size)


@borrowing(table=("H app art back_h cards deck fan_cache match model pair_h pile_h scaled show_h viewer "
                  "warm_minis warm_queue"),
           geometry="history_geom known_mini per_row")
class KowahCards:
    """Part of :class:`~scenes.tables.kowah.table.KowahTable`: its card images."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def _reset_images(self) -> None:
        """A new window size: every cached image goes; the warm-up starts again."""
        u = self.app.u
        self.art.clear()
        self.scaled.clear()
        self.fan_cache.clear()
        self.warm_minis = set()
        self.__dict__.pop("_queued", None)
        kinds = range(self.deck.kinds)
        # last added runs first: the opponents' sizes (shown cards, backs), then the exposed
        # pairs', the hand's and the live discard's, the minis; the shadows and backs first of all
        self.warm_queue.reset(lambda c=c, h=h: self.face(c, h)
                             for h in (self.back_h, self.show_h, self.pair_h, self.H, self.pile_h) for c in kinds)
        m = round(3.6 * u)
        self.warm_queue.add(lambda c=c: self.mini(c, m) for c in kinds)
        self.warm_queue.add(lambda h=h, lifted=lifted: self.cards.shadow(h, lifted)
                            for h in self._std_heights() for lifted in (False, True))
        self.warm_queue.add(lambda h=h: self.cards.back(h) for h in self._std_heights())
        if self.viewer is not None:     # the viewer's own hand before anything else
            hand = self.match.view(self.viewer).hand or ()
            self.warm_queue.add_first(lambda c=c: self.face(c, self.H) for c in reversed(hand))

    def art_id(self, card: int) -> tuple[str, int]:
        d = self.deck
        if d.is_honour(card):
            return "honours", card - d.n_numerals + 1
        return ("coins", "strings", "myriads")[d.suit_of(card)], d.number_of(card)   # type: ignore[index,return-value]

    def card_name(self, card: int) -> str:
        return self.deck.card_name(card, lang())

    def card_w(self, height: int) -> int:
        return card_width(height)

    def face(self, card: int | None, height: int) -> pygame.Surface:
        """A face (or back for None) at any height: standard sizes from the art cache,
        in-between sizes (cards growing in flight) scaled once from the next larger one
        and kept (heights rounded to 4 px, so a flight reuses a handful of images)."""
        std = self._std_heights()
        if height in std:
            return self.cards.back(height) if card is None else self.cards.face(card, height)
        height = max(8, height // 4 * 4)
        return self._scaled(card, height, 1.0)

    def _scaled(self, card: int | None, height: int, sx: float) -> pygame.Surface:
        key = (card, height, sx)
        img = self.scaled.get(key)
        if img is None:
            base = self._painted_base(card, height)
            src = self.cards.back(base) if card is None else self.cards.face(card, base)
            img = pygame.transform.smoothscale(src, (max(1, round(card_width(height) * sx)), height))
            if len(self.scaled) > 400:
                self.scaled.clear()
            self.scaled[key] = img
        return img

    def _painted_base(self, card: int | None, height: int) -> int:
        """The standard height an in-between size is scaled from: the smallest at least as
        tall that is painted already (a flight never waits for a face to be painted), else
        the smallest at least as tall."""
        std = sorted(set(self._std_heights()))
        taller = [h for h in std if h >= height] or [std[-1]]
        for h in taller:
            if ("back", h) in self.art._cache if card is None else self._painted(card, h):
                return h
        return taller[0]

    def mini(self, card: int, height: int) -> pygame.Surface:
        return self.art.mini(*self.art_id(card), height)

    def _std_heights(self) -> tuple[int, ...]:
        return (self.H, self.pile_h, self.pair_h, self.back_h, self.show_h)

    def blit_card(self, surface: pygame.Surface, card: int | None, centre: tuple[float, float],
                  height: int, lifted: bool = False, sx: float = 1.0, shadow: bool = True) -> pygame.Rect:
        height = max(8, int(height))
        img = self.face(card, height)
        if sx < 0.999:
            img = self._scaled(card, img.get_height(), max(0.05, round(sx * 10) / 10))
        rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
        std = self._std_heights()
        sh_h = height if height in std else standard_size(std, height, max(std))
        if shadow and sx >= 0.999 and sh_h == height:
            img_sh, off = self.cards.shadow(sh_h, lifted)
            surface.blit(img_sh, (rect.x + off[0], rect.y + off[1]))
        surface.blit(img, rect)
        return rect

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        sx = getattr(sprite, "sx", 1.0)
        card = sprite.card if sprite.face_up else None
        height = max(8, int(sprite.size))
        if sprite.card is not None and not self._painted(sprite.card, self.H):
            self._ahead(sprite.card)        # a card coming face up (or turning): its face, first
        if card is not None and height in self._std_heights() and not self._painted(card, height):
            stand_in = self._stand_in(card, height)
            if stand_in is not None:        # a card in flight does not wait for its face
                rect = stand_in.get_rect(center=(round(sprite.pos[0]), round(sprite.pos[1])))
                surface.blit(stand_in, rect)
                return
        self.blit_card(surface, card, sprite.pos, sprite.size, sx=sx)

    def _ahead(self, card: int) -> None:
        """Queue ``card``'s face at the hand's height (the largest: every other size of it is
        then a cheap scaled copy until its own is painted) before every other warm-up job."""
        queued = self.__dict__.setdefault("_queued", set())
        if (card, self.H) not in queued:
            queued.add((card, self.H))
            self.warm_queue.add_first([lambda: self.cards.face(card, self.H)])

    def _painted(self, card: int, height: int) -> bool:
        return ("face", *self.art_id(card), height) in self.art._cache

    def faces_ready(self, cards: list[int]) -> bool:
        """Whether every one of ``cards`` is painted at one of the table's sizes (any other
        size of it is then a cheap scaled stand-in); those that are not are queued first."""
        std = set(self._std_heights())
        missing = [c for c in cards if not any(self._painted(c, h) for h in std)]
        for c in missing:
            self._ahead(c)
        return not missing

    def face_ahead(self, card: int, height: int) -> pygame.Surface:
        """``card``'s face at any ``height`` without painting it inside the frame when it
        is painted at another size: a stand-in scaled from that one meanwhile, the real
        face queued first in the warm-up (the end-of-hand banner and results panel show
        the winning hand at sizes nothing else uses)."""
        if self._painted(card, height):
            return self.cards.face(card, height)
        return self._stand_in(card, height) or self.cards.face(card, height)

    def _stand_in(self, card: int, height: int) -> pygame.Surface | None:
        """A face not painted yet at ``height``, scaled from a size it is painted at (the
        real one queued first in the warm-up); None if it is painted at no size."""
        sizes = [h for h in sorted(set(self._std_heights()), reverse=True) if self._painted(card, h)]
        if not sizes:
            return None
        key = (card, height, "stand-in")
        img = self.scaled.get(key)
        if img is None:
            self.warm_queue.add_first([lambda: self.cards.face(card, height)])
            img = pygame.transform.smoothscale(self.cards.face(card, sizes[0]), (card_width(height), height))
            self.scaled[key] = img
        return img

    def _fan(self, n: int, locked: bool) -> pygame.Surface:
        """An opponent's concealed cards: backs fanned with 40 % overlap (cached)."""
        key = (n, locked, self.back_h)
        img = self.fan_cache.get(key)
        if img is None:
            u = self.app.u
            cw = card_width(self.back_h)
            step = cw * 0.6
            w = round(cw + step * 8 + 4 * u)
            h = round(self.back_h + 4 * u)
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            x0 = w / 2 - step * (n - 1) / 2
            back = self.face(None, self.back_h)
            shadow, off = self.art.shadow(self.back_h)
            for i in range(n):
                k = i - (n - 1) / 2
                angle = -k * 2.5
                cx, cy = x0 + i * step, h / 2 - 0.8 * u + 0.12 * u * k * k
                sh = pygame.transform.rotate(shadow, angle)
                card = pygame.transform.rotate(back, angle)
                img.blit(sh, sh.get_rect(center=(round(cx + off[0] + back.get_width() / 2 - shadow.get_width() / 2),
                                                  round(cy + off[1] + back.get_height() / 2 - shadow.get_height() / 2))))
                img.blit(card, card.get_rect(center=(round(cx), round(cy))))
            if locked and n:
                lock = fonts.text(t("kowah.locked_short"), max(11, round(1.6 * u)), theme.IVORY, "bold")
                tag = panel((lock.get_width() + round(1.4 * u), lock.get_height() + round(0.4 * u)), u, 220,
                            SEAL_RED, (90, 20, 22))
                tag.blit(lock, (round(0.7 * u), round(0.2 * u)))
                img.blit(tag, tag.get_rect(center=(w // 2, h // 2)))
            img = img.convert_alpha() if pygame.display.get_surface() else img
            self.fan_cache[key] = img
        return img

    def _stock_image(self, n: int, greyed: bool) -> pygame.Surface:
        layers = min(6, (n + 15) // 16)
        key = ("stock", layers, greyed, self.pile_h)
        img = self.fan_cache.get(key)
        if img is None:
            u = self.app.u
            cw = card_width(self.pile_h)
            img = pygame.Surface((cw + round(3 * u), self.pile_h + round(3 * u)), pygame.SRCALPHA)
            for i in range(layers):
                off = (layers - 1 - i) * 0.25 * u
                self.blit_card(img, None, (cw / 2 + u + off, self.pile_h / 2 + u - off * 0.6), self.pile_h,
                               shadow=i == 0)
            if greyed:
                img = grey(img)
            img = img.convert_alpha() if pygame.display.get_surface() else img
            self.fan_cache[key] = img
        return img

    def _dim(self, w: int, h: int) -> pygame.Surface:
        key = ("dim", w, h)
        img = self.fan_cache.get(key)
        if img is None:
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(img, (*JADE, 118), img.get_rect(), border_radius=max(1, round(0.06 * w)))
            self.fan_cache[key] = img
        return img

    def _dim_surface(self) -> pygame.Surface:
        size = self.app.size
        img = self.fan_cache.get(("dimall", size))
        if img is None:
            img = pygame.Surface(size)
            img.fill((0, 0, 0))
            self.fan_cache[("dimall", size)] = img
        return img

    def _plan_warm(self) -> None:
        """Queue card images before they are needed (painted in each frame's spare time,
        :meth:`TableScene.spare_time`): faces at the table's sizes, and the minis of the
        history and of the opponents' "Known:" rows at this size and the next (a new row,
        a longer list shrinks them), so no frame has to paint dozens of new images at once."""
        n = len(self.model.pile)
        sizes = {self.history_geom(n)[0], self.history_geom(n + self.per_row())[0]}
        for seat, known in enumerate(self.model.known):     # an opponent's "Known:" row, and the
            if known and seat != self.viewer:               # smaller minis of its next card
                sizes |= {self.known_mini(seat, len(known)), self.known_mini(seat, len(known) + 1)}
        for m in sizes - self.warm_minis:
            self.warm_minis.add(m)
            self.warm_queue.add(lambda c=c, m=m: self.mini(c, m) for c in range(self.deck.kinds))
