"""A table's seat plates part: where a seat sits on the default ellipse, its plate (name
and counts, gold when active, thinking dots), the faint arrows of the direction of play,
and the keyboard focus ring."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from scenes.core import fonts, layout_check, theme
from scenes.core.tween import pulse
from scenes.kit.seat_ring import seat_points
from scenes.widgets.button import draw_focus_ring


class SeatPlates:
    """Seat plates and table furniture of one table. ``viewer`` reads the seat drawn at
    the bottom; ``clock`` reads table time (the thinking dots pulse on it);
    ``direction`` reads the direction of play."""

    cache = True    # False: every plate painted straight onto the surface (tests reading the text)

    def __init__(self, app: Any, match: Any, viewer: Callable[[], int], clock: Callable[[], float],
                 direction: Callable[[], str]) -> None:
        self.app = app
        self.match = match
        self.viewer = viewer
        self.clock = clock
        self.direction = direction
        self._dir_key: tuple | None = None
        self.rects: dict[int, pygame.Rect] = {}     # each seat's plate as last drawn
        self.phone_away: Callable[[int], bool] | None = None   # set by a table's phones part
        self._images: dict[int, tuple[tuple, pygame.Surface]] = {}   # seat -> (what it shows, plate)
        self.repaints = 0           # plate images painted (tests count them)

    def anchor(self, seat: int) -> tuple[float, float]:
        w, h = self.app.size
        return seat_points(len(self.match.seats), self.viewer(), self.direction(), (w / 2, h * 0.40),
                           (w * 0.40, h * 0.33))[seat]

    def draw(self, surface: pygame.Surface, seat: int, centre: tuple[float, float],
             lines: list[str], size: tuple[int, int] | None = None,
             inset_right: int = 0, inset_left: int = 0) -> pygame.Rect:
        """Seat plate: name + counts; gold border, pointer and brighter fill when active.

        The text is measured to fit the plate at any window size: each line shrinks (down
        to a small floor) and is then ellipsized. The thinking dots sit on the bottom border.
        ``size``: the plate's size (default 20u × 6.6u; the kit's seat ring shrinks it);
        ``inset_right``: room kept free of text at the right (tokens drawn there);
        ``inset_left``: the same at the left (a seat's own card drawn there)."""
        u = self.app.u
        w, h = size or (max(2, round(20 * u)), max(2, round(6.6 * u)))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(centre[0]), round(centre[1]))
        rect.clamp_ip(surface.get_rect().inflate(-round(2 * u), -round(2 * u)))
        active = seat in self.match.active_seats() and not self.match.is_over()
        border = theme.GOLD if active else (90, 80, 66)
        if layout_check.active or not self.cache:   # the overlap check measures text as drawn
            surface.blit(plate_panel(rect.size, _fill(active), round(u)), rect)
            self._paint(surface, rect, active, lines, inset_right, inset_left)
        else:
            # the plate (fill, border, name, counts) is an image painted once per change
            # of what it shows; the pointer and thinking dots are drawn over it live
            key = (rect.size, active, tuple(lines), inset_right, inset_left, u, fonts.scale())
            cached = self._images.get(seat)
            if cached is None or cached[0] != key:
                img = plate_panel(rect.size, _fill(active), round(u)).copy()   # its alpha, as is
                self._paint(img, img.get_rect(), active, lines, inset_right, inset_left)
                cached = self._images[seat] = (key, img)
                self.repaints += 1
            surface.blit(cached[1], rect)
        if active:
            self._draw_pointer(surface, rect, u)
        if self.match.seats[seat].kind == "phone":     # plays on a phone: a glyph on the top border
            from scenes.kit.phones import draw_phone_glyph
            away = self.phone_away is not None and self.phone_away(seat)
            draw_phone_glyph(surface, (rect.right - round(2.2 * u), rect.top - round(0.5 * u)), u, away)
        self.rects[seat] = rect
        if seat in self.match.thinking() or (active and self.match.seats[seat].agent is not None):
            # on the bottom border, on a small dark pill: clear of the text at any width
            r = max(2, round(0.55 * u))
            pill = pygame.Rect(0, 0, round(5.6 * u), max(4, round(2.2 * u)))
            pill.center = (rect.right - round(3.6 * u), rect.bottom)
            pygame.draw.rect(surface, theme.PANEL, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, border, pill, max(1, round(0.15 * u)), border_radius=pill.height // 2)
            for i in range(3):
                a = pulse(self.clock() - i * 0.4, 1.2)
                x = rect.right - round((5.2 - 1.6 * i) * u)
                col = theme.lighten(theme.GOLD, 0.3 * a)
                pygame.draw.circle(surface, col, (x, rect.bottom), round(r * (0.6 + 0.5 * a)))
        return rect

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, active: bool, lines: list[str],
               inset_right: int, inset_left: int) -> None:
        """The plate's still part at ``rect`` over its fill: border, name and counts line."""
        from scenes.core.textfit import fit_text
        u = self.app.u
        h = rect.height
        border = theme.GOLD if active else (90, 80, 66)
        pygame.draw.rect(surface, border, rect, max(1, round(0.3 * u if active else 0.15 * u)),
                         border_radius=round(u))
        pad = max(1, round(1.2 * u))
        inner = max(1, rect.width - 2 * pad - inset_right - inset_left)
        # Two lines share the plate's height: the name in the upper ~55 %, the counts below.
        # (caps in final pixels: large text grows the font, not the plate)
        k = fonts.scale()
        name_px = min(max(13, round(2.3 * u)), max(1, round(0.42 * h / k)))
        sub_px = min(max(12, round(1.9 * u)), max(1, round(0.34 * h / k)))
        with layout_check.control(surface, rect, "plate", lines[0]):
            name = fit_text(lines[0], name_px, theme.IVORY, inner, "semibold", min_px=min(9, name_px))
            surface.blit(name, (rect.x + inset_left + pad, rect.y + round(0.5 * u)))
            if len(lines) > 1:
                sub = fit_text(lines[1], sub_px, theme.MUTED, inner, min_px=min(8, sub_px))
                y = max(rect.y + round(0.5 * u) + name.get_height(), rect.y + round(3.5 * u))
                surface.blit(sub, (rect.x + inset_left + pad, min(y, rect.bottom - sub.get_height())))

    def _draw_pointer(self, surface: pygame.Surface, rect: pygame.Rect, u: float) -> None:
        w, h = self.app.size
        cx, cy = w / 2, h * 0.40
        ang = math.atan2(cy - rect.centery, cx - rect.centerx)
        px = rect.centerx + math.cos(ang) * (rect.width / 2 + 1.2 * u)
        py = rect.centery + math.sin(ang) * (rect.height / 2 + 1.2 * u)
        s = 1.2 * u
        pts = [(px + math.cos(ang) * s, py + math.sin(ang) * s),
               (px + math.cos(ang + 2.4) * s, py + math.sin(ang + 2.4) * s),
               (px + math.cos(ang - 2.4) * s, py + math.sin(ang - 2.4) * s)]
        pygame.draw.polygon(surface, theme.GOLD, pts)

    def draw_direction(self, surface: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
        """Faint curved arrows showing the direction of play around the centre."""
        key = (surface.get_size(), round(centre[0]), round(centre[1]), round(radius), self.direction())
        if self._dir_key != key:
            self._dir_key = key
            layer = direction_layer(surface.get_size(), centre, radius, self.direction(), self.app.u)
            box = layer.get_bounding_rect()     # blit only the arrows: the whole window's
            self._dir_layer, self._dir_at = layer.subsurface(box).copy(), box.topleft   # alpha costs ms a frame
        surface.blit(self._dir_layer, self._dir_at)

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_focus_ring(surface, rect, self.app.u, rect.width // 2)


_PANELS: dict[tuple, pygame.Surface] = {}


def _fill(active: bool) -> tuple:
    """A plate's fill colour: brighter for the seat to act."""
    return theme.lighten(theme.PANEL, 0.1) if active else theme.PANEL


def plate_panel(size: tuple[int, int], fill: tuple, radius: int) -> pygame.Surface:
    """A seat plate's translucent fill (cached: made once per size, not every frame)."""
    key = (size, fill, radius)
    panel = _PANELS.get(key)
    if panel is None:
        panel = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*fill, 225), panel.get_rect(), border_radius=radius)
        if pygame.display.get_surface() is not None:
            panel = panel.convert_alpha()
        if len(_PANELS) > 64:
            _PANELS.clear()
        _PANELS[key] = panel
    return panel


def direction_layer(size: tuple[int, int], centre: tuple[float, float], radius: float,
                    direction: str, u: float) -> pygame.Surface:
    sign = -1 if direction == "counter_clockwise" else 1
    col = (255, 240, 210, 40)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(3):
        a0 = math.radians(120 * k + 20)
        pts = [(centre[0] + radius * math.cos(a0 + sign * math.radians(d)),
                centre[1] + radius * 0.62 * math.sin(a0 + sign * math.radians(d)))
               for d in range(0, 80, 4)]
        pygame.draw.lines(layer, col, False, pts, max(2, round(0.35 * u)))
        end, prev = pts[-1], pts[-2]
        ang = math.atan2(end[1] - prev[1], end[0] - prev[0])
        s = 1.3 * u
        tri = [(end[0] + math.cos(ang) * s, end[1] + math.sin(ang) * s),
               (end[0] + math.cos(ang + 2.5) * s, end[1] + math.sin(ang + 2.5) * s),
               (end[0] + math.cos(ang - 2.5) * s, end[1] + math.sin(ang - 2.5) * s)]
        pygame.draw.polygon(layer, col, tri)
    return layer.convert_alpha() if pygame.display.get_surface() else layer
