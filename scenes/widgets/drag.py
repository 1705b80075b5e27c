"""Press / drag / drop / double-click recognition for cards and piles.

Tables feed it mouse events (positions always from ``event.pos``) and get back what
the player meant; the rules are then asked through the Match.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DRAG_THRESHOLD = 6        # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4        # seconds


@dataclass
class Gesture:
    kind: str                       # "click", "double" or "drop"
    item: Any
    pos: tuple[int, int]


class DragController:
    def __init__(self) -> None:
        self.item: Any = None
        self.start = (0, 0)
        self.pos = (0, 0)
        self.moved = False
        self.dropped = False
        self._last_click: tuple[Any, float] = (None, -1.0)

    @property
    def active(self) -> bool:
        return self.item is not None

    @property
    def dragging(self) -> bool:
        """A press that has moved far enough to show the item under the pointer."""
        return self.item is not None and self.moved

    def press(self, item: Any, pos: tuple[int, int]) -> None:
        self.item, self.start, self.pos, self.moved, self.dropped = item, pos, pos, False, False

    def motion(self, pos: tuple[int, int]) -> None:
        if self.item is None:
            return
        self.pos = pos
        if math.dist(pos, self.start) > DRAG_THRESHOLD:
            self.moved = True

    def release(self, pos: tuple[int, int], now: float) -> Gesture | None:
        """End the press: a click, a double-click, or a drop at ``pos``."""
        if self.item is None:
            return None
        item = self.item
        self.pos = pos
        if self.moved:
            self.dropped = True
            return Gesture("drop", item, pos)
        self.item = None
        last_item, last_time = self._last_click
        if last_item == item and now - last_time < DOUBLE_CLICK:
            self._last_click = (None, -1.0)
            return Gesture("double", item, pos)
        self._last_click = (item, now)
        return Gesture("click", item, pos)

    def cancel(self) -> None:
        self.item = None
        self.moved = self.dropped = False

    def drop_origin(self, item: Any) -> tuple[int, int] | None:
        """Where a just-dropped item is, so its flight starts under the pointer."""
        if self.dropped and self.item == item:
            return self.pos
        return None
