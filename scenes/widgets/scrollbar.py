"""A scroll offset over content taller than its view, and the scrollbar that moves it.

:class:`Scroll` is the model (offset clamped to ``0 … content - view``); :class:`ScrollBar`
draws it as a track with a thumb and takes the mouse: drag the thumb, click the track to
move a page toward the click. Keys and the wheel are the owning scene's business (it
calls ``Scroll.by`` / ``page`` / ``home`` / ``end``).
"""

from __future__ import annotations

import pygame

from scenes.core import theme


class Scroll:
    def __init__(self) -> None:
        self.offset = 0.0
        self.content = 0.0
        self.view = 0.0

    @property
    def max_offset(self) -> float:
        return max(0.0, self.content - self.view)

    @property
    def scrollable(self) -> bool:
        return self.max_offset > 0

    def set_extent(self, content: float, view: float) -> None:
        self.content, self.view = max(0.0, content), max(0.0, view)
        self.to(self.offset)

    def to(self, offset: float) -> None:
        self.offset = min(max(0.0, float(offset)), self.max_offset)

    def by(self, delta: float) -> None:
        self.to(self.offset + delta)

    def page(self, pages: float, overlap: float = 0.0) -> None:
        """Move by whole views, keeping ``overlap`` pixels of the old view in sight."""
        self.by(pages * max(1.0, self.view - overlap))

    def home(self) -> None:
        self.to(0)

    def end(self) -> None:
        self.to(self.max_offset)

    @property
    def fraction(self) -> float:
        """0 at the top, 1 at the bottom."""
        return self.offset / self.max_offset if self.max_offset else 0.0


class ScrollBar:
    def __init__(self, scroll: Scroll) -> None:
        self.scroll = scroll
        self.track = pygame.Rect(0, 0, 0, 0)
        self.grab: float | None = None      # pointer offset inside the thumb while dragging
        self.hover = False
        self.overlap = 0.0                  # pixels of the old view kept when paging

    def thumb(self) -> pygame.Rect:
        s, tr = self.scroll, self.track
        if not s.scrollable or tr.height <= 0:
            return pygame.Rect(tr.x, tr.y, tr.width, tr.height)
        length = max(min(tr.height, max(tr.width * 2, 12)),
                     round(tr.height * s.view / max(1.0, s.content)))
        y = tr.y + round((tr.height - length) * s.fraction)
        return pygame.Rect(tr.x, y, tr.width, length)

    def _drag_to(self, pointer_y: float) -> None:
        s, tr, th = self.scroll, self.track, self.thumb()
        free = tr.height - th.height
        if free > 0:
            s.to((pointer_y - (self.grab or 0.0) - tr.y) / free * s.max_offset)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.scroll.scrollable:
            self.grab = None
            return False
        hit = self.track.inflate(max(6, self.track.width), 0)   # easier to hit than it looks
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(event.pos):
            th = self.thumb()
            if th.top <= event.pos[1] < th.bottom:
                self.grab = event.pos[1] - th.y
            else:
                self.scroll.page(1 if event.pos[1] >= th.bottom else -1, self.overlap)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = hit.collidepoint(event.pos)
            if self.grab is not None:
                self._drag_to(event.pos[1])
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.grab is not None:
            self._drag_to(event.pos[1])
            self.grab = None
            return True
        return False

    def draw(self, surface: pygame.Surface, track_colour: tuple[int, int, int],
             thumb_colour: tuple[int, int, int]) -> None:
        if not self.scroll.scrollable or self.track.width <= 0 or self.track.height <= 0:
            return
        radius = self.track.width // 2
        pygame.draw.rect(surface, track_colour, self.track, border_radius=radius)
        th = self.thumb()
        colour = theme.lighten(thumb_colour, 0.15) if self.hover or self.grab is not None \
            else thumb_colour
        pygame.draw.rect(surface, colour, th, border_radius=radius)
