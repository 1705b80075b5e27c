"""The Đạo Tâm table's lines of text around the centre and on the plates, each fitted to
the room it has and placed clear of the stage slots, plates, buzzer caps, piles, buttons
and the lines drawn before it (what the overlap check, tests/ui/test_overlap.py, holds)."""

from __future__ import annotations

import pygame

from scenes.core import fonts, layout_check, theme
from scenes.core.textfit import fit_text

GHOST = (0x8E, 0x6F, 0xA8)          # the Tà Niệm violet (badges, Nhập Ma plates)


class DaoTamCaptions:
    """Mixin under DaoTamPaint (the table supplies app, spots, the layout's rects and
    ``centre_texts``, the lines drawn so far this frame)."""

    def label(self, surface: pygame.Surface, text: str, midtop: tuple[int, int], px: int,
              colour: tuple = theme.MUTED, weight: str = "regular") -> pygame.Rect:
        """A caption centred under ``midtop``, fitted to the free stretch of its row
        (between the stage slots, plates, buzzers and piles either side)."""
        px = max(10, px)
        y = midtop[1] + 2
        left, right = self.free_span(pygame.Rect(0, y, surface.get_width(), fonts.size(text, px, weight)[1]),
                                     midtop[0])
        img = fit_text(text, px, colour, max(1, right - left), weight, min_px=min(10, px))
        at = img.get_rect(midtop=(midtop[0], y))
        at.clamp_ip(pygame.Rect(left, 0, max(1, right - left), surface.get_height()))
        surface.blit(img, at)
        self.centre_texts = getattr(self, "centre_texts", [])
        self.centre_texts.append(at)
        return at


    def pile_label(self, surface: pygame.Surface, text: str, rect: pygame.Rect, px: int) -> None:
        """A pile's "name · count" under it, within the pile's share of the centre: on one
        line if it fits, else the count under the name (each line fitted to the width)."""
        u = self.app.u
        room = rect.width + round(4 * u) - round(0.6 * u)        # half the gap on each side
        px = max(10, px)
        y = rect.bottom + 2
        lines = [text] if fonts.size(text, px)[0] <= room else text.split(" · ")
        for line in lines:
            img = fit_text(line, px, theme.MUTED, room, min_px=8)
            at = surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            self.centre_texts.append(at)
            y = at.bottom

    # ------------------------------------------------------------ seats
    def place_label(self, surface: pygame.Surface, text: str, anchors: list[tuple[str, tuple[float, float]]],
                    px: int, colour: tuple, weight: str = "regular", alpha: float = 1.0,
                    free_only: bool = False) -> pygame.Rect | None:
        """A line at the first of ``anchors`` (rect attribute, point) where it is inside
        the window and clear of the slots, plates, caps, piles, buttons and the lines
        drawn so far; else slid along the first anchor's row; else at the first
        (``free_only``: else not at all — a line another mark already says)."""
        px = max(10, px)
        busy = self.obstacles() + self.centre_texts + [b.rect for b in self.pass_buttons.values()]
        busy.append(pygame.Rect(self.header.deal_line_rect()))     # drawn after the table: never under it
        tries = []
        for attr, at in anchors:             # each fitted to the free stretch of its row
            r = pygame.Rect((0, 0), fonts.size(text, px, weight))
            setattr(r, attr, (round(at[0]), round(at[1])))
            left, right = self.free_span(r, r.centerx, busy)
            if free_only and right - left < r.width:
                continue                     # only whole, at its size
            img = fit_text(text, px, colour, max(1, right - left), weight, min_px=min(10, px))
            fitted = img.get_rect(center=r.center)
            tries.append((fitted.clamp(pygame.Rect(left, fitted.y, max(1, right - left), fitted.h)), img))
        free = [(r, img) for r, img in tries if r.collidelist(busy) < 0 and surface.get_rect().contains(r)]
        whole = fonts.size(text, px, weight)[0]
        free.sort(key=lambda f: f[1].get_width() < whole - 1)      # at its size first, then fitted
        if not free and free_only:
            return None
        if not free:
            slid = self.slide_clear(tries[0][0], busy)
            free = [(slid, tries[0][1])] if slid is not None else []
        at, img = (free or tries)[0]
        if alpha < 1:           # a faded copy (the cached line stays opaque for the others)
            img = layout_check.same_text(img.copy(), img)
            img.set_alpha(round(255 * alpha))
        surface.blit(img, at)
        self.centre_texts.append(at)
        return at

    # ------------------------------------------------------------ hand
    def badge_px(self) -> int:
        return max(11, round(1.6 * self.app.u))

    def badges_width(self, badges: list[str]) -> int:
        """The room the badges take at the right of the plate's name row (kept free of the name)."""
        if not badges:
            return 0
        u = self.app.u
        widths = [fonts.size(b, self.badge_px(), "semibold")[0] + round(1.4 * u) for b in badges]
        return sum(widths) + round(0.6 * u) * len(badges)

    def draw_badges(self, surface: pygame.Surface, rect: pygame.Rect, badges: list[str]) -> None:
        """Small pills in the plate's name row, right-aligned (Nhập Ma n/3, Tĩnh Tâm…): inside
        the plate, clear of the name (drawn narrower for them) and of the seats around."""
        u = self.app.u
        x = rect.right - round(0.8 * u)
        px = self.badge_px()
        for text in reversed(badges):
            img = fonts.text(text, px, theme.IVORY, "semibold")
            pill = img.get_rect().inflate(round(1.4 * u), round(0.8 * u))
            pill.topright = (x, rect.top + round(0.6 * u))
            pygame.draw.rect(surface, (0x3A, 0x24, 0x44), pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, GHOST, pill, max(1, round(0.15 * u)), border_radius=pill.h // 2)
            with layout_check.control(surface, rect, "plate"):
                surface.blit(img, img.get_rect(center=pill.center))
            x = pill.left - round(0.6 * u)

    # ------------------------------------------------------------ windows
