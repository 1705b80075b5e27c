"""A table's pointer part: hover, press, drag and release over what the table names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.widgets.drag import DragController, Gesture


class Gestures:
    """Shared mouse handling for every table: hover, press, drag and release.

    ``item_at(pos)`` names what lies under the pointer; a finished press becomes a
    :class:`Gesture` (click, double-click or drop) handed to ``on_gesture``;
    ``on_drag_motion`` is told when the dragged item moved; ``clock`` reads table time.
    """

    def __init__(self, item_at: Callable[[tuple[int, int]], Any],
                 on_gesture: Callable[[Gesture], None], on_drag_motion: Callable[[], None],
                 clock: Callable[[], float]) -> None:
        self.item_at = item_at
        self.on_gesture = on_gesture
        self.on_drag_motion = on_drag_motion
        self.clock = clock
        self.drag = DragController()
        self.hover: Any = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            if self.drag.active:
                self.drag.motion(event.pos)
                self.on_drag_motion()
                return True
            self.hover = self.item_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            item = self.item_at(event.pos)
            if item is None:
                return False
            self.drag.press(item, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.active:
            gesture = self.drag.release(event.pos, self.clock())
            if gesture is not None:
                self.on_gesture(gesture)
            return True
        return False
