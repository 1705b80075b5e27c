"""One card-art interface every game's art implements for its table.

A table draws cards by number: ``face(card, size)``, ``back(size)`` and
``shadow(size, lifted)``; each game's art adapter turns that into its own calls (a
Ganjifa face wants its trump mark, a Kowah face its suit and number). The warm-up queue
paints images ahead of need, a little each frame, so no frame paints dozens at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class CardArt(Protocol):
    """Card images at a size in pixels (a Ganjifa card's diameter, a Kowah card's height)."""

    def face(self, card: int, size: int) -> Any: ...

    def back(self, size: int) -> Any: ...

    def shadow(self, size: int, lifted: bool = False) -> tuple[Any, tuple[int, int]]: ...

    def clear(self) -> None: ...


class ArtAdapter:
    """A game's art behind :class:`CardArt`: backs, shadows and clearing go to it as they
    are; each game says how a card number becomes a face (``face``)."""

    def __init__(self, art: Any) -> None:
        self.art = art

    def face(self, card: int, size: int) -> Any:
        raise NotImplementedError

    def back(self, size: int) -> Any:
        return self.art.back(size)

    def shadow(self, size: int, lifted: bool = False) -> tuple[Any, tuple[int, int]]:
        return self.art.shadow(size, lifted)

    def clear(self) -> None:
        self.art.clear()


def standard_size(sizes: Iterable[int], size: int, default: int) -> int:
    """The smallest of the table's standard ``sizes`` at least ``size`` (``default`` if
    none is): what an in-between size is scaled down from, whose shadow it borrows."""
    return min((x for x in sizes if x >= size), default=default)


class WarmQueue:
    """Jobs that paint card images before they are needed, last added first."""

    def __init__(self) -> None:
        self.todo: list[Callable[[], Any]] = []

    def __len__(self) -> int:
        return len(self.todo)

    def __bool__(self) -> bool:
        return bool(self.todo)

    def reset(self, jobs: Iterable[Callable[[], Any]] = ()) -> None:
        self.todo = list(jobs)

    def add(self, jobs: Iterable[Callable[[], Any]]) -> None:
        self.todo += jobs

    def run_one(self) -> None:
        if self.todo:
            self.todo.pop()()

    def run_for(self, budget: float) -> None:
        """Jobs until ``budget`` seconds of this frame are spent (at least one)."""
        t0 = time.perf_counter()
        while self.todo and time.perf_counter() - t0 < budget:
            self.todo.pop()()
