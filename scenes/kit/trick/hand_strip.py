"""What every table's own hand shares: the hidden-hand switch and the focus keys.

The viewer's hand is drawn face up only once the viewer is confirmed at a shared screen;
until then a table draws it as backs that tell nothing of its shape. The keyboard moves
a focus along the strip with ←/→ (and, where a table says which, along the playable
cards with ↑/↓); Enter/Space act on it — what that means is each game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

ACT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def cycle(order: Sequence[Any], current: Any, forward: bool) -> Any:
    """The item after (or before) ``current`` in ``order``, wrapping. From nothing, →
    gives the first and ← the one before the last (as both tables always did)."""
    i = order.index(current) if current in order else -1
    return order[(i + (1 if forward else -1)) % len(order)]


class HandStrip:
    """Base of a trick table's painter part: ``_draw_hand`` asks ``confirmed_viewer`` before any face is drawn."""

    def _draw_hand(self, surface: pygame.Surface) -> None:
        if not self.confirmed_viewer:
            self._draw_hidden_hand(surface)
            return
        self._draw_open_hand(surface)

    def _draw_hidden_hand(self, surface: pygame.Surface) -> None:
        """The bottom hand as backs (nobody confirmed at a shared screen)."""

    def _draw_open_hand(self, surface: pygame.Surface) -> None:
        """The viewer's own hand, face up."""

    def hand_input(self, event: pygame.event.Event) -> bool:
        """The hand's pointer gestures (the table's ``gestures`` part), then its keys (``_key``)."""
        if self.gestures.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def strip_focus_key(self, key: int, order: Sequence[Any], playable: Sequence[Any] | None = None) -> bool:
        """←/→ move ``self.focus`` along ``order``; ↑/↓ along ``playable`` (in the strip's
        order) when given. True if the key was one of them."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = cycle(order, self.focus, key == pygame.K_RIGHT)
            return True
        if playable is not None and key in (pygame.K_UP, pygame.K_DOWN):
            if playable:
                self.focus = cycle(playable, self.focus, key == pygame.K_DOWN)
            return True
        return False
