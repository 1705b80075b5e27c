"""Easing curves, tweens and a skippable animation queue driven by update(dt)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float, s: float = 1.3) -> float:
    t -= 1
    return 1 + (s + 1) * t * t * t + s * t * t


def ease_in(t: float) -> float:
    return t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def pulse(time_s: float, period: float) -> float:
    """0..1..0 smoothly over ``period`` seconds."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (time_s % period) / period)


@dataclass
class Anim:
    """One step of the queue: runs ``duration`` seconds (scaled by speed).

    ``start`` runs when the step begins, ``step(t)`` with eased 0..1 progress each
    frame, ``end`` once at the end (also when skipped). ``delay`` lets the next step
    start before this one ends (stagger), in unscaled seconds.
    """

    duration: float
    start: Callable[[], None] | None = None
    step: Callable[[float], None] | None = None
    end: Callable[[], None] | None = None
    ease: Callable[[float], float] = ease_out_cubic
    overlap: float | None = None   # start the next step after this many seconds
    motion: bool = True            # False: its step only fades or lights something (kept
    elapsed: float = 0.0           # whole under reduced motion)
    started: bool = False
    done: bool = False

    def begin(self) -> None:
        if not self.started:
            self.started = True
            if self.start:
                self.start()

    def advance(self, dt: float) -> None:
        self.begin()
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        if self.step:
            self.step(self.ease(t))
        if t >= 1.0:
            self.finish()

    def finish(self) -> None:
        self.begin()
        if not self.done:
            self.done = True
            if self.step:
                self.step(1.0)
            if self.end:
                self.end()


FADE_S = 0.15       # reduced motion: how long a table cross-fades to a jumped-to state


@dataclass
class AnimQueue:
    """Steps run in order; a step with ``overlap`` lets the next one start early.

    ``reduced`` (the reduced-motion setting): a step that moves something (one with a
    ``step``: a slide, flip, deal or coin flight) jumps to its end as it starts and
    counts in ``jumps``, which the table turns into one short cross-fade (:data:`FADE_S`);
    steps without motion — the beats that leave time to read a trick or a reveal, and
    steps marked ``motion=False`` (a word fading out) — keep their length. Rule timers never come through here (they are the Match's clock)."""

    speed: float = 1.0                      # 0 = instant
    running: list[Anim] = field(default_factory=list)
    waiting: list[Anim] = field(default_factory=list)
    reduced: bool = False
    jumps: int = 0                          # motion steps jumped to their end (reduced)

    def add(self, anim: Anim) -> None:
        self.waiting.append(anim)

    @property
    def busy(self) -> bool:
        return bool(self.running or self.waiting)

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.skip()
            return
        scaled = dt / self.speed
        if not self.running and self.waiting:
            self._start(self.waiting.pop(0))
        for anim in list(self.running):
            if not anim.done:
                anim.advance(scaled)
        while self.waiting and self._can_start_next():
            self._start(self.waiting.pop(0))
            if not self.running[-1].done:
                self.running[-1].advance(0.0)
        self.running = [a for a in self.running if not a.done]

    def _start(self, anim: Anim) -> None:
        self.running.append(anim)
        if self.reduced and anim.step is not None and anim.motion:
            anim.finish()
            self.jumps += 1

    def _can_start_next(self) -> bool:
        if not self.running:
            return True
        last = self.running[-1]
        if self.reduced and last.done:
            return True
        return last.overlap is not None and last.elapsed >= last.overlap

    def skip(self) -> None:
        """Jump every queued step to its end state, in order."""
        while self.running or self.waiting:
            if not self.running:
                self.running.append(self.waiting.pop(0))
            anim = self.running.pop(0)
            anim.finish()
