"""The viewer's legal actions, asked of the engine once per state.

Tables ask "which cards may I play?" several times a frame (painting, hit tests, keys);
the answer changes only when the log grows, the viewer changes or the viewer may no
longer act, so it is kept under that key."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class LegalCache(Generic[T]):
    """``derive(legal actions)`` cached on ``(len(match.log), viewer, can_act)``; a viewer
    who may not act gets ``derive(())`` without asking the engine."""

    def __init__(self, derive: Callable[[Iterable[tuple]], T]) -> None:
        self.derive = derive
        self.key: tuple | None = None
        self.value: T = derive(())

    def get(self, match: Any, viewer: int, can_act: bool) -> T:
        key = (len(match.log), viewer, can_act)
        if self.key != key:
            self.key = key
            self.value = self.derive(match.legal_actions(viewer) if can_act else ())
        return self.value
