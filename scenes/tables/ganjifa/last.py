"""The last completed trick (or Dukal), shown on request: who played what, who took it.

Only public information: ``Trick`` records from the public view's history.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core import theme
from scenes.core.i18n import t
from scenes.core.textfit import fit_text


def panel_layout(table: Any, trick: Any) -> tuple[pygame.Rect, list[tuple[int, list[int]]], int]:
    """The panel's rect, its rows of (seat, cards) in play order, and the card size.

    A single-card trick is one row of columns (card over name); a Dukal is one line per
    seat (the leader's Dukal, then each giver's cards)."""
    u = table.app.u
    w, h = table.app.size
    rows: list[tuple[int, list[int]]] = []
    for seat, card in trick.plays:
        if not rows or rows[-1][0] != seat:
            rows.append((seat, []))
        rows[-1][1].append(card)
    single = all(len(cards) == 1 for _, cards in rows)
    if single:
        d = max(8, round(10 * u))
        col = round(max(d + 2 * u, 17 * u))
        pw = col * len(rows) + round(4 * u)
        ph = round(4.5 * u) + d + round(5.5 * u)
    else:
        d = max(8, round(7 * u))
        longest = max(len(cards) for _, cards in rows)
        pw = round(22 * u) + d + round(0.55 * d * (longest - 1)) + round(4 * u)
        ph = round(4.5 * u) + len(rows) * round(d + 1.2 * u) + round(2 * u)
    pw, ph = min(pw, max(1, w - round(2 * u))), min(ph, max(1, h - round(2 * u)))
    rect = pygame.Rect(0, 0, pw, ph)
    rect.midtop = (w // 2, round(9 * u))
    rect.clamp_ip(pygame.Rect(0, 0, w, h))
    return rect, rows, d


def draw_last_trick(table: Any, surface: pygame.Surface, trick: Any) -> pygame.Rect:
    """Draw the panel for ``trick`` (a ``Trick``) and return its rect."""
    u = table.app.u
    rect, rows, d = panel_layout(table, trick)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = round(1.2 * u)
    pygame.draw.rect(panel, (*theme.PANEL, 240), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, theme.GOLD, panel.get_rect(), max(1, round(0.15 * u)), border_radius=radius)
    surface.blit(panel, rect)
    key = "ganjifa.last_title_dukal" if trick.kind == "dukal" else "ganjifa.last_title"
    inner = max(1, rect.width - round(4 * u))
    title = fit_text(t(key, seat=table.seat_name(trick.winner)), max(13, round(2.3 * u)), theme.GOLD,
                     inner, "semibold")
    surface.blit(title, (rect.x + round(2 * u), rect.y + round(1.2 * u)))
    top = rect.y + round(4.5 * u)
    small = max(11, round(1.8 * u))
    if all(len(cards) == 1 for _, cards in rows):
        col = (rect.width - round(4 * u)) // max(1, len(rows))
        win_card = next((c for s, c in trick.plays if s == trick.winner), None)
        for i, (seat, cards) in enumerate(rows):
            cx = rect.x + round(2 * u) + col * i + col // 2
            cy = top + d // 2
            table.card_paint._blit_card(surface, cards[0], (cx, cy), d, 0, state="legal" if cards[0] == win_card else "normal")
            ink = theme.GOLD if seat == trick.winner else theme.IVORY
            name = fit_text(table.seat_name(seat), small, ink, col - round(u), "semibold")
            surface.blit(name, name.get_rect(midtop=(cx, top + d + round(0.8 * u))))
            if i == 0:
                led = fit_text(t("ganjifa.last_led"), max(min(12, small), small - 2), theme.MUTED, col - round(u))
                surface.blit(led, led.get_rect(midtop=(cx, top + d + round(0.8 * u) + name.get_height())))
    else:
        label_w = round(20 * u)
        for r, (seat, cards) in enumerate(rows):
            y = top + r * round(d + 1.2 * u) + d // 2
            key = "ganjifa.row_dukal" if r == 0 else "ganjifa.row_gave"
            ink = theme.GOLD if seat == trick.winner else theme.IVORY
            name = fit_text(t(key, seat=table.seat_name(seat)), small, ink, label_w, "semibold")
            surface.blit(name, name.get_rect(midright=(rect.x + round(2 * u) + label_w, y)))
            x0 = rect.x + round(3 * u) + label_w + d // 2
            for j, c in enumerate(cards):
                table.card_paint._blit_card(surface, c, (x0 + round(0.55 * d * j), y), d, 0)
    return rect
