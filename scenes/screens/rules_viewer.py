"""In-app rules (F1 at the table, or from the menu), in the current language.

A parchment reading panel on the wooden table, under a header with one tab per game and
Back. The text scrolls inside the panel only (never under the header): scrollbar (drag the
thumb, click the track), wheel, ↑/↓, PgUp/PgDn, Space, Home/End; ←/→ or 1…9 switch game.
Card pictures from the rules files are drawn with the games' own card art.
"""

from __future__ import annotations

import time

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import lang, t
from scenes.core.stack import Scene
from scenes.screens.rules_doc import load_rules, rule_games
from scenes.screens.rules_layout import WEIGHT, Layout, layout, line_height
from scenes.screens.rules_pictures import CardPictures
from scenes.tables.felt import TableStyle, table_surface
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.scrollbar import Scroll, ScrollBar

RULE_GAMES = tuple(rule_games())     # the games that ship (RulesScene asks rule_games() when it opens)
# the menu's wood (equal styles share felt.table_surface's cache), parchment to read on
WOOD = TableStyle((46, 28, 20), (80, 50, 34), "wood", 0.04, 0.3)
PAPER = TableStyle((0xEC, 0xE1, 0xC4), (0xFB, 0xF5, 0xE3), "cloth", 0.035, 0.14)
LACQUER = (0x7E, 0x1D, 0x1A)
INK = (0x2A, 0x20, 0x18)
CAPTION = (0x5E, 0x4C, 0x3A)
COLOURS = {"title": INK, "heading": LACQUER, "body": INK, "caption": CAPTION}

__all__ = ["RULE_GAMES", "RulesScene", "load_rules"]


class RulesScene(Scene):
    opaque = True

    def __init__(self, app, game: str = "") -> None:
        super().__init__(app)
        self.games = rule_games()        # read now: a game registered after import has its tab
        self.game = game if game in self.games else (self.games[0] if self.games else "")
        self.scroll = Scroll()
        self.bar = ScrollBar(self.scroll)
        self.tabs = [Button(lambda g=g: t(f"short.{g}"), lambda g=g: self.show(g)) for g in self.games]
        self.back = Button(lambda: t("common.back"), self.close, "primary")
        self.row = ButtonRow([*self.tabs, self.back])
        self.pictures = CardPictures()
        self._layout: Layout | None = None
        self._key: tuple | None = None
        self._bg: tuple[tuple, pygame.Surface] | None = None
        self.header = self.paper = self.view = pygame.Rect(0, 0, 0, 0)
        self._foot: tuple[str, int] = ("", 11)
        self._foot_h = 0
        self.show(self.game)

    # ------------------------------------------------------------ state
    @property
    def k(self) -> float:
        """Layout unit: u, but never so large that a row of 128 units overflows the width."""
        w, h = self.app.size
        return max(0.01, min(h / 100.0, w / 128.0))

    def show(self, game: str) -> None:
        if game not in self.games:
            return
        self.game = game
        self.scroll.home()
        self._key = None
        for g, b in zip(self.games, self.tabs, strict=True):
            b.style = "primary" if g == game else "normal"

    def step_game(self, step: int) -> None:
        if self.games:
            i = self.games.index(self.game)
            self.show(self.games[max(0, min(len(self.games) - 1, i + step))])

    def close(self) -> None:
        self.app.stack.remove(self)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        frac = self.scroll.fraction
        self._key = None
        self._bg = None
        self.pictures.clear()
        self.current()
        self.scroll.to(frac * self.scroll.max_offset)

    # ------------------------------------------------------------ layout
    def _geometry(self) -> int:
        """Place header, buttons, paper, text view and scrollbar; return the text width."""
        k = self.k
        w, h = self.app.size
        label_px = max(13, round(2.5 * k))          # the Button's own label size
        bh = max(round(5 * k), fonts.font(label_px, "semibold").get_height() + 2)
        y = round(2 * k)
        self.header = pygame.Rect(0, 0, w, bh + 2 * y)

        def width(b: Button, least: float) -> int:
            return max(round(least * k), fonts.size(b.label, label_px, "semibold")[0] + round(4 * k))

        x = round(3 * k)
        for b in self.tabs:
            b.rect = pygame.Rect(x, y, width(b, 20), bh)
            x += b.rect.width + round(1.5 * k)
        bw = width(self.back, 16)
        self.back.rect = pygame.Rect(w - round(3 * k) - bw, y, bw, bh)
        foot_px = max(11, round(1.8 * k))
        self._foot = (t("rules.keys"), foot_px)
        fw, fh = fonts.size(*self._foot)
        self._foot_h = fh if fw <= w - 2 * k else 0      # no room for the key help: leave it out
        margin, pad = round(3 * k), round(5 * k)
        avail = max(1, w - 2 * margin - 2 * pad)
        return min(avail, round(142 * k))

    def _place_paper(self, content_w: int) -> None:
        k = self.k
        w, h = self.app.size
        pad = round(5 * k)
        pw = content_w + 2 * pad
        top = self.header.bottom + round(1.5 * k)
        bottom = max(top, h - (self._foot_h + round(0.6 * k) if self._foot_h else round(2 * k)))
        self.paper = pygame.Rect((w - pw) // 2, top, pw, bottom - top)
        vpad = round(2.5 * k)
        self.view = pygame.Rect(self.paper.x + pad, self.paper.y + vpad, content_w,
                                max(0, self.paper.height - 2 * vpad))
        tw = max(2, round(1.1 * k))
        self.bar.track = pygame.Rect(self.paper.right - pad // 2 - tw // 2, self.view.y, tw,
                                     self.view.height)

    def current(self) -> Layout:
        """The layout of the shown game for the window's size and language (cached)."""
        key = (self.game, lang(), self.app.size)
        if key == self._key and self._layout is not None:
            return self._layout
        content_w = self._geometry()
        lay = layout(load_rules(self.game), lang(), content_w, self.k) if self.game else Layout()
        self._place_paper(lay.width or content_w)
        self.scroll.set_extent(lay.height, self.view.height)
        self._layout, self._key = lay, key
        self.bar.overlap = self.line_step()
        return lay

    def line_step(self) -> float:
        lay = self.current()
        return line_height("body", lay.sizes.get("body", 14)) * 2

    def update(self, dt: float) -> None:
        self._prefetch()

    def _prefetch(self, budget: float = 0.003) -> None:
        """Render lines and cards just outside the view ahead of time, a few ms per frame,
        so scrolling into them does not stall a frame."""
        lay, v, off = self.current(), self.view, self.scroll.offset
        lo, hi = off - v.height, off + 2 * v.height
        start = time.perf_counter()
        for card in lay.cards:
            if time.perf_counter() - start > budget:
                return
            if lo < card.rect.bottom and card.rect.top < hi and card.rect.width > 0:
                self.pictures.images(card.ref, card.rect, self.k)
        for ln in lay.lines:
            if time.perf_counter() - start > budget:
                return
            if lo < ln.y + ln.height and ln.y < hi:
                fonts.text(ln.text, lay.sizes[ln.kind], COLOURS[ln.kind], WEIGHT[ln.kind])

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        self.current()
        if event.type == pygame.KEYDOWN:
            return self._key_down(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.bar.handle(event):
                return True
            self.row.handle(event)
            return True
        if event.type == pygame.MOUSEWHEEL:
            dy = getattr(event, "precise_y", None)
            dy = float(event.y if dy is None else dy)
            if getattr(event, "flipped", False):
                dy = -dy
            self.scroll.by(-dy * self.line_step() * 1.5)
            return True
        return True

    def _key_down(self, event: pygame.event.Event) -> bool:
        k = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        line, overlap = self.line_step(), self.line_step()
        if k in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_BACKSPACE):
            self.close()
        elif k == pygame.K_DOWN:
            self.scroll.by(line)
        elif k == pygame.K_UP:
            self.scroll.by(-line)
        elif k == pygame.K_PAGEDOWN or k == pygame.K_SPACE and not shift:
            self.scroll.page(1, overlap)
        elif k == pygame.K_PAGEUP or k == pygame.K_SPACE:
            self.scroll.page(-1, overlap)
        elif k == pygame.K_HOME:
            self.scroll.home()
        elif k == pygame.K_END:
            self.scroll.end()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step_game(1 if k == pygame.K_RIGHT else -1)
        elif event.unicode and event.unicode.isdigit() and 1 <= int(event.unicode) <= len(self.games):
            self.show(self.games[int(event.unicode) - 1])
        elif k in (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.row.handle(event)      # focus moves with Tab; Enter presses the focused button
        return True

    def _build(self) -> list[tuple[str, str]]:
        """(kind, text) of every line laid out now (kept for the tests that read it)."""
        return self.current().texts()

    # ------------------------------------------------------------ drawing
    def _background(self) -> pygame.Surface:
        key = (self.app.size, self.paper.topleft, self.paper.size, self.header.size)
        if self._bg and self._bg[0] == key:
            return self._bg[1]
        k = self.k
        w, h = self.app.size
        surf = table_surface(WOOD, (w, h)).copy()
        band = pygame.Surface(self.header.size or (1, 1), pygame.SRCALPHA)
        band.fill((*theme.PANEL, 225))
        surf.blit(band, self.header.topleft)
        pygame.draw.line(surf, theme.GOLD, (0, self.header.bottom - 1), (w, self.header.bottom - 1),
                         max(1, round(0.15 * k)))
        if self.paper.width > 0 and self.paper.height > 0:
            radius = max(2, round(1.2 * k))
            shadow = pygame.Surface(self.paper.inflate(round(2 * k), round(2 * k)).size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=radius * 2)
            surf.blit(shadow, (self.paper.x - round(k) + round(0.5 * k), self.paper.y - round(k) + round(0.8 * k)))
            paper = pygame.Surface(self.paper.size, pygame.SRCALPHA)
            paper.blit(table_surface(PAPER, self.paper.size), (0, 0))
            mask = pygame.Surface(self.paper.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
            paper.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)   # round corners
            surf.blit(paper, self.paper.topleft)
            pygame.draw.rect(surf, LACQUER, self.paper, max(2, round(0.5 * k)), border_radius=radius)
            inner = self.paper.inflate(-round(1.6 * k), -round(1.6 * k))
            if inner.width > 0 and inner.height > 0:
                pygame.draw.rect(surf, theme.GOLD, inner, max(1, round(0.12 * k)),
                                 border_radius=max(1, radius - round(0.8 * k)))
        self._bg = (key, surf)
        return surf

    def _edge_shades(self, surface: pygame.Surface) -> None:
        """A soft shade at the edge where more text lies beyond the view."""
        k, v = self.k, self.view
        depth = min(v.height // 4, round(1.6 * k))
        if depth < 2 or v.width <= 0:
            return
        for top, show in ((True, self.scroll.offset > 0.5),
                          (False, self.scroll.offset < self.scroll.max_offset - 0.5)):
            if not show:
                continue
            strip = pygame.Surface((v.width, depth), pygame.SRCALPHA)
            for i in range(depth):
                a = round(46 * (1 - i / depth) ** 2)
                strip.fill((60, 40, 20, a), pygame.Rect(0, i if top else depth - 1 - i, v.width, 1))
            surface.blit(strip, (v.x, v.y if top else v.bottom - depth))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.current()
        k = self.k
        surface.blit(self._background(), (0, 0))
        view, off = self.view, round(self.scroll.offset)
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        for card in lay.cards:
            r = card.rect.move(view.x, view.y - off)
            if r.bottom + r.height // 4 > view.top and r.top < view.bottom:
                self.pictures.draw(surface, card.ref, r, k)
        for ln in lay.lines:
            y = view.y + ln.y - off
            if y + ln.height > view.top and y < view.bottom:
                img = fonts.text(ln.text, lay.sizes[ln.kind], COLOURS[ln.kind], WEIGHT[ln.kind])
                surface.blit(img, (view.x + ln.x, y + (ln.height - img.get_height()) // 2))
        self._edge_shades(surface)
        surface.set_clip(clip)
        self.bar.draw(surface, theme.darken(PAPER.base, 0.12), LACQUER)
        self.row.draw(surface, k)
        if self._foot_h:
            foot = fonts.text(*self._foot, theme.MUTED)
            surface.blit(foot, foot.get_rect(midtop=(surface.get_width() // 2,
                                                     self.paper.bottom + round(0.3 * k))))
