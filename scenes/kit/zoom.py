"""Card zoom: any card a table shows face up, enlarged beside it with its full text.

A table holds one :class:`CardZoom` (``table.zoom``) and answers two questions about
its own cards: ``zoom_at(pos)`` — the card under a point — and ``zoom_focused()`` — the
card the keyboard focus is on — each as a :class:`ZoomCard` (its identity, where it lies,
how to paint its face at a height, its texts), or None for nothing or for a face the
screen does not show (a back, another seat's hand, a hot-seat hand before the handoff):
the zoom never shows more than the table does.

It opens on a hover held :data:`HOLD` seconds, a right-click (which also closes it), a
press held still as long (touch or mouse; the release is then not a click) or
:data:`ZOOM_BINDING` on the focused card (or the card under the pointer). It closes when the
pointer leaves the card, on Esc, any click or key, when the card is gone or moved away
(a move) and when who may look changes; a click or key that closes it still goes on to
the game, except Esc, the zoom key, a right-click and a click on the zoom itself.

The enlarged panel (face and text) is painted once per card, size and language and
kept; a hover paints it ahead in the table's warm-up while the pointer rests.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.core import fonts, i18n, keymap, layout_check, theme
from scenes.kit.card_art import WarmQueue
from scenes.screens.dialog import wrap
from scenes.widgets.drag import DRAG_THRESHOLD

ZOOM_BINDING = "common.zoom"     # the zoom's binding in scenes.core.keymap (Z by default)
HOLD = 0.5                  # s: a hover or a press held this long opens the zoom
CARD_OF_HEIGHT = 0.48       # the enlarged card's height, of the window's
CACHE_LIMIT = 24            # panels kept (a card, size and language each)


@dataclass
class ZoomCard:
    """A card a table lets the viewer read enlarged (its face is on screen already)."""

    key: tuple                                  # identity, e.g. (game, 17): what tests read
    rect: pygame.Rect                           # where the card lies: the zoom keeps clear of it
    paint: Callable[[int], pygame.Surface]      # the face at a height in pixels (the table's art)
    title: str                                  # the card's name
    kind: str = ""                              # what kind of card (suit, type, stage…)
    text: str = ""                              # what it does
    note: str = ""                              # a second, quieter paragraph


class CardZoom:
    """The enlargement a table holds (composition): input first, drawn last."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.card: ZoomCard | None = None       # the open zoom's card
        self.anchor: tuple[int, int] | None = None  # the point it was opened at (on the card)
        self.image: pygame.Surface | None = None
        self.how = ""                           # "hover", "press", "click" or "key"
        self.rect: pygame.Rect | None = None    # the panel on screen
        self.pointer: tuple[int, int] | None = None
        self.pending: tuple[tuple, float] | None = None     # a hover: (card key, since)
        self.press: tuple[tuple[int, int], float, tuple] | None = None   # (pos, since, key)
        self.blocked: tuple | None = None       # just closed over this card: no hover reopen
        self.swallow_up = False                 # a long press opened it: its release is no click
        self.who = self._who()
        self.cache: dict[tuple, pygame.Surface] = {}
        self.ahead = WarmQueue()                # the hovered card's panel, painted in spare time

    # ------------------------------------------------------------ state
    @property
    def is_open(self) -> bool:
        return self.card is not None

    def _who(self) -> tuple:
        t = self.table
        return (t.viewer, t.confirmed_viewer, t.reveal_all)

    def at(self, pos: tuple[int, int] | None) -> ZoomCard | None:
        return self.table.zoom_at(pos) if pos is not None else None

    def open(self, card: ZoomCard, how: str, anchor: tuple[int, int] | None) -> None:
        self.card, self.how, self.rect, self.anchor = card, how, None, anchor
        self.pending = self.press = None

    def close(self) -> None:
        if self.card is not None:
            self.blocked = self.card.key
        self.card, self.rect, self.how = None, None, ""
        self.pending = self.press = None
        self.swallow_up = False

    def reset(self) -> None:
        """Who may look changed (a handoff, a new window size): nothing stays open or pending."""
        self.close()
        self.blocked = None
        self.who = self._who()

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        """Watch every event; True only for those the zoom takes for itself."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self._motion(event)
            return False
        if kind == pygame.MOUSEBUTTONDOWN:
            return self._button(event)
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self.press = None
            if self.swallow_up:
                self.swallow_up = False
                return True
            return False
        if kind == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _motion(self, event: pygame.event.Event) -> None:
        self.pointer = event.pos
        if self.press is not None and math.dist(event.pos, self.press[0]) > DRAG_THRESHOLD:
            self.press = None
        under = self.at(event.pos)
        if self.card is not None:
            if self.how == "key" or (under is not None and under.key == self.card.key):
                return
            self.close()            # the pointer left the card
        if any(getattr(event, "buttons", (0, 0, 0))[:1]):
            under = None            # a drag is no hover
        key = under.key if under is not None else None
        if key != self.blocked:
            self.blocked = None
        if key is None or key == self.blocked:
            self.pending = None
        elif self.pending is None or self.pending[0] != key:
            self.pending = (key, self.table.clock)
            self._warm(under)

    def _button(self, event: pygame.event.Event) -> bool:
        self.pointer = event.pos
        if event.button == 3:
            if self.card is not None:
                self.close()
                return True
            under = self.at(event.pos)
            if under is None:
                return False
            self.open(under, "click", event.pos)
            return True
        if self.card is not None:
            on_panel = event.button == 1 and self.rect is not None and self.rect.collidepoint(event.pos)
            self.close()
            self.swallow_up = on_panel              # nor its release (a card under the panel)
            return on_panel                         # elsewhere the click still reaches the game
        if event.button == 1:
            under = self.at(event.pos)
            self.pending = None
            self.press = (event.pos, self.table.clock, under.key) if under is not None else None
            self._warm(under)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == keymap.key_now(ZOOM_BINDING) and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if self.card is not None:
                self.close()
                return True
            card, anchor = self.table.zoom_focused(), None
            if card is None:
                card, anchor = self.at(self.pointer), self.pointer
            if card is None:
                return False
            self.open(card, "key", anchor)
            return True
        if self.card is not None:
            self.close()
            return event.key == pygame.K_ESCAPE     # any other key goes on to the game
        return False

    # ------------------------------------------------------------ time
    def update(self) -> None:
        """Once a frame, on the table's clock: open what has been held long enough; close
        what is no longer there or no longer the same card."""
        if self._who() != self.who:
            self.reset()
            return
        now = self.table.clock
        if self.card is not None:
            self._recheck()
            return
        if self.press is not None and now - self.press[1] >= HOLD:
            pos, _, key = self.press
            under = self.at(pos)
            self.press = None
            if under is not None and under.key == key:
                self.open(under, "press", pos)
                self.swallow_up = True
                self.table.drag.cancel()         # the press was for reading, not playing
        elif self.pending is not None and now - self.pending[1] >= HOLD:
            under = self.at(self.pointer)
            key = self.pending[0]
            self.pending = None
            if under is not None and under.key == key:
                self.open(under, "hover", self.pointer)

    def _recheck(self) -> None:
        """The open card must still be where it was and still shown (a move closes it)."""
        card = self.card
        assert card is not None
        now = self.at(self.anchor) if self.anchor is not None else self.table.zoom_focused()
        if now is None or now.key != card.key:
            self.close()
        elif now.rect != card.rect or now.text != card.text:
            self.card, self.rect = now, None

    def _warm(self, card: ZoomCard | None) -> None:
        """A hover or a press starts: paint its panel in the frames' spare time, before it
        opens (a large face costs 10–40 ms)."""
        if card is not None:
            size = self.table.app.size
            self.ahead.reset([lambda: self._fit(card, size) if self.table.app.size == size else None])

    def spare(self, started: float) -> None:
        """After the frame is drawn (:meth:`TableScene.spare_time`): the warm-up's turn."""
        if self.ahead and self.card is None:
            self.ahead.run_in_spare(started, self.table.app.size)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.card is None:
            return
        if self._who() != self.who:          # who may look changed since the last update
            self.reset()
            return
        size = surface.get_size()
        if self.rect is None:
            self.image, self.rect = self._fit(self.card, size)
        layout_check.overlay(surface, self.rect)     # opened on purpose: what it covers is hidden, not cut
        surface.blit(self.image, self.rect)

    def _fit(self, card: ZoomCard, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect]:
        """The panel at the largest of a few scales that fits beside the card."""
        for scale in (1.0, 0.8, 0.64, 0.5):
            img = self._panel(card, size, scale)
            rect = place(img.get_size(), card.rect, size, max(2, round(size[1] / 100)))
            if rect is not None:
                return img, rect
        r = img.get_rect()
        r.midbottom = (card.rect.centerx, card.rect.top)
        r.clamp_ip(pygame.Rect((0, 0), size))
        return img, r

    def _panel(self, card: ZoomCard, size: tuple[int, int], scale: float = 1.0) -> pygame.Surface:
        w, h = size
        key = (card.key, card.title, card.kind, card.text, card.note, size, scale, i18n.lang(),
               fonts.scale())
        img = self.cache.get(key)
        if img is None:
            if len(self.cache) >= CACHE_LIMIT:
                self.cache.clear()
            img = self.cache[key] = paint_panel(card, size, scale)
        return img


SIDES = ("above", "below", "right", "left")


def beside(size: tuple[int, int], anchor: pygame.Rect, gap: int) -> list[tuple[str, pygame.Rect]]:
    """A rect of ``size`` centred on each side of ``anchor``, ``gap`` away, in :data:`SIDES`
    order (the zoom's panel, a table's speech banner)."""
    out = []
    for side in SIDES:
        c = pygame.Rect((0, 0), size)
        if side == "above":
            c.midbottom = (anchor.centerx, anchor.top - gap)
        elif side == "below":
            c.midtop = (anchor.centerx, anchor.bottom + gap)
        elif side == "right":
            c.midleft = (anchor.right + gap, anchor.centery)
        else:
            c.midright = (anchor.left - gap, anchor.centery)
        out.append((side, c))
    return out


def place(panel: tuple[int, int], card: pygame.Rect, win: tuple[int, int],
          gap: int) -> pygame.Rect | None:
    """Where a panel of size ``panel`` goes: above, below, right or left of ``card``,
    slid along that side to stay in the window, never over the card; None if it fits
    nowhere."""
    screen = pygame.Rect((0, 0), win)
    tries = []
    for side, c in beside(panel, card, gap):
        if side in ("above", "below"):
            c.x = min(max(c.x, gap), win[0] - gap - c.width)
        else:
            c.y = min(max(c.y, gap), win[1] - gap - c.height)
        tries.append(c)
    for c in tries:
        if screen.contains(c) and not c.colliderect(card):
            return c
    return None


def paint_panel(card: ZoomCard, size: tuple[int, int], scale: float = 1.0) -> pygame.Surface:
    """The zoom's panel: the face large on the left, the texts wrapped on the right."""
    w, h = size
    u = h / 100
    pad = max(6, round(1.6 * u))
    face = card.paint(max(40, round(h * CARD_OF_HEIGHT * scale)))
    fw, fh = face.get_size()
    col_w = max(round(26 * u * scale), min(round(38 * u * scale), w - fw - 4 * pad - 2 * round(u)))
    title_px = max(16, round(3.2 * u * scale))
    kind_px = max(13, round(2.1 * u * scale))
    body_px = max(13, round(2.2 * u * scale))
    limit = max(fh, round(h - 4 * u))

    def column(bpx: int) -> list[tuple[pygame.Surface, int]]:
        out: list[tuple[pygame.Surface, int]] = []
        for line in wrap(card.title, title_px, col_w, "bold"):
            out.append((fonts.text(line, title_px, theme.GOLD, "bold"), 0))
        if card.kind:
            for line in wrap(card.kind, kind_px, col_w, "semibold"):
                out.append((fonts.text(line, kind_px, theme.MUTED, "semibold"), 0))
        gap = round(1.2 * u)
        for para, colour in ((card.text, theme.IVORY), (card.note, theme.MUTED)):
            if para:
                for i, line in enumerate(wrap(para, bpx, col_w)):
                    out.append((fonts.text(line, bpx, colour), gap if i == 0 else 0))
        return out

    px = body_px
    lines = column(px)
    while px > 11 and sum(s.get_height() + g for s, g in lines) > limit - 2 * pad:
        px -= 1
        lines = column(px)
    text_h = sum(s.get_height() + g for s, g in lines)
    pw = fw + col_w + 3 * pad
    ph = max(fh, text_h) + 2 * pad
    drop = max(2, round(0.6 * u))           # its shadow, inside the panel's own image
    panel = pygame.Surface((pw + drop, ph + drop), pygame.SRCALPHA)
    radius = max(4, round(1.2 * u))
    pygame.draw.rect(panel, (0, 0, 0, 80), pygame.Rect(drop, drop, pw, ph), border_radius=radius)
    pygame.draw.rect(panel, (*theme.PANEL, 255), pygame.Rect(0, 0, pw, ph), border_radius=radius)
    pygame.draw.rect(panel, theme.GOLD, pygame.Rect(0, 0, pw, ph), max(1, round(0.25 * u)), border_radius=radius)
    panel.blit(face, (pad, (ph - fh) // 2))
    x, y = fw + 2 * pad, pad
    for img, g in lines:
        y += g
        panel.blit(img, (x, y))
        y += img.get_height()
    return panel.convert_alpha() if pygame.display.get_surface() is not None else panel
