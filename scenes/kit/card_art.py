"""One card-art interface every game's art implements for its table.

A table draws cards by number: ``face(card, size)``, ``back(size)`` and
``shadow(size, lifted)``; each game's art adapter turns that into its own calls (one
game's face wants its trump mark, another's its suit and number). The warm-up queue
paints images ahead of need, a little each frame, so no frame paints dozens at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class CardArt(Protocol):
    """Card images at a size in pixels (a round card's diameter, a strip card's height)."""

    def face(self, card: int, size: int) -> Any: ...

    def back(self, size: int) -> Any: ...

    def shadow(self, size: int, lifted: bool = False) -> tuple[Any, tuple[int, int]]: ...

    def clear(self) -> None: ...


WARM_UNTIL = 0.006      # s: a 1280x720 frame's work the warm-up may fill up to


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
    """Jobs that paint card images before they are needed, last added first.

    ``first`` jobs (images a table is showing a stand-in for) run before the others.
    :meth:`run_in_frame` spends only what is left of a frame's budget, judged by what the
    jobs have cost so far, so the painting never makes a frame late on its own.
    """

    def __init__(self) -> None:
        self.todo: list[Callable[[], Any]] = []
        self.urgent: list[Callable[[], Any]] = []
        self.cost = 0.002           # seconds a job is expected to take (a running estimate)
        self.starved = 0            # frames in a row with jobs and no room for them

    def __len__(self) -> int:
        return len(self.todo) + len(self.urgent)

    def __bool__(self) -> bool:
        return bool(self.todo or self.urgent)

    def reset(self, jobs: Iterable[Callable[[], Any]] = ()) -> None:
        self.todo = list(jobs)
        self.urgent = []

    def add(self, jobs: Iterable[Callable[[], Any]]) -> None:
        self.todo += jobs

    def add_first(self, jobs: Iterable[Callable[[], Any]]) -> None:
        """Jobs to run before every other (the last of them first)."""
        self.urgent += jobs

    def run_one(self) -> None:
        lane = self.urgent or self.todo
        if lane:
            t0 = time.thread_time()     # the job's own work: a busy machine's pauses are
            lane.pop()()                # not the job's, and would keep the estimate high
            spent = time.thread_time() - t0
            # the dearest recent job, forgotten slowly: a card art's faces differ ~5× in cost
            # (a plain numeral against a painted court card) and the estimate must not be caught short
            self.cost = max(spent, 0.97 * self.cost)

    def run_for(self, budget: float) -> None:
        """Jobs until ``budget`` seconds of this frame are spent (at least one)."""
        t0 = time.perf_counter()
        while self and time.perf_counter() - t0 < budget:
            self.run_one()

    def run_in_spare(self, started: float, size: tuple[int, int]) -> int:
        """:meth:`run_in_frame` with the budget for a window of ``size``: ``WARM_UNTIL`` at
        1280x720, more for bigger windows (whose frames and faces cost more anyway)."""
        w, h = size
        return self.run_in_frame(started, WARM_UNTIL * max(1.0, (w * h / (1280 * 720)) ** 0.5))

    def run_in_frame(self, started: float, until: float, patience: int = 6,
                     clock: Callable[[], float] = time.thread_time, limit: float = 0.014) -> int:
        """Jobs while the frame's work since ``started`` (by ``clock``: the thread's CPU
        time, which a busy machine's pauses do not inflate) would still stay under
        ``until`` seconds with the next job's expected cost added. After ``patience``
        frames in a row with no room, one job anyway in the first frame where it still
        keeps the frame under ``limit`` (a court face at 1080p costs ~10 ms: forced into a
        busy frame it made a 21 ms one); after ``4 × patience`` such frames, one job
        whatever the frame costs: the warm-up must not stop. Returns the jobs run."""
        n = 0
        while self and clock() - started + self.cost < until:
            self.run_one()
            n += 1
        if self and not n:
            self.starved += 1
            fits = clock() - started + self.cost < limit
            if (self.starved >= patience and fits) or self.starved >= 4 * patience:
                self.run_one()
                n = 1
        if n:
            self.starved = 0
        return n
