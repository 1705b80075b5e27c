"""Small card pictures for the replay's faces-up panel, drawn by the game's own table
art (so a card looks as it does on the table), and the panel's rows of them. What each
seat holds and how one card is drawn are the game's :class:`scenes.screens.replay_truth.Reveal`."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core import theme
from scenes.core.textfit import fit_text
from scenes.screens.replay_truth import reveal

Cards = list[Any]


def held_cards(game: str, state: Any) -> list[Cards]:
    """Per seat, the identities its hand holds (in the form the table art takes)."""
    return reveal(game).held_cards(game, state)


def picture(table: Any, game: str, card: Any, height: int) -> pygame.Surface:
    """One card face ``height`` pixels tall, by the table's art (cached on the table)."""
    cache = table.__dict__.setdefault("_replay_pictures", {})
    key = (card, height)
    img = cache.get(key)
    if img is not None:
        return img
    img = reveal(game).picture(table, card, height)
    if len(cache) > 400:
        cache.clear()
    cache[key] = img
    return img


def draw_holdings(surface: pygame.Surface, table: Any, game: str, state: Any, names: list[str],
                  x: int, y: int, width: int, bottom: int, u: float) -> int:
    """Every seat's cards, face up, under its name; returns the y below them."""
    hands = held_cards(game, state)
    most = max((len(h) for h in hands), default=0)
    if most <= 2:
        return _grid(surface, table, game, hands, names, x, y, width, bottom, u)
    card_h = round(7 * u if most <= 10 else 5.2 * u)
    name_px = max(11, round(1.8 * u))
    for seat, cards in enumerate(hands):
        label = fit_text(names[seat], name_px, theme.IVORY, width, "semibold")
        if y + label.get_height() + card_h > bottom:
            break
        surface.blit(label, (x, y))
        y += label.get_height()
        if not cards:
            continue
        pics = [picture(table, game, c, card_h) for c in cards]
        cw = max(p.get_width() for p in pics)
        rows = 1 if most <= 10 else 2
        per_row = -(-len(pics) // rows)
        step = min(cw + round(0.4 * u), (width - cw) / max(1, per_row - 1))
        for i, pic in enumerate(pics):
            r, c = divmod(i, per_row)
            surface.blit(pic, (round(x + c * step), y + r * round(card_h * 0.62)))
        y += card_h + (rows - 1) * round(card_h * 0.62) + round(0.8 * u)
    return y


def _grid(surface: pygame.Surface, table: Any, game: str, hands: list[Cards], names: list[str],
          x: int, y: int, width: int, bottom: int, u: float) -> int:
    """A card or two per seat: cells of cards and name, in two columns."""
    card_h = round(5.4 * u)
    gap = round(1.2 * u)
    col_w = (width - gap) // 2
    name_px = max(11, round(1.8 * u))
    rows = -(-len(hands) // 2)
    for i, cards in enumerate(hands):
        r, c = divmod(i, 2)
        cx, cy = x + c * (col_w + gap), y + r * (card_h + round(0.6 * u))
        if cy + card_h > bottom:
            break
        px = cx
        for card in cards:
            pic = picture(table, game, card, card_h)
            surface.blit(pic, (px, cy))
            px += pic.get_width() + round(0.3 * u)
        label = fit_text(names[i], name_px, theme.IVORY, max(1, cx + col_w - px - round(0.6 * u)),
                         "semibold")
        surface.blit(label, (px + round(0.6 * u), cy + (card_h - label.get_height()) // 2))
    return y + rows * (card_h + round(0.6 * u))
