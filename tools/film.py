"""Driving a table on its own clock, headless, to stop at a moment: a seeded match whose
screen seats are played by agents, the table updated in fixed steps like the app's loop
(drawn only to shoot it), and every animation tagged with the engine event that queued
it, so that a moment can be caught part way through its motion ("the trick 50 % of the
way to the winner's pile"). Shared by tools/gallery.py and tools/screens_daotam.py.

A moment is either a :data:`Check` on the film (a state: "the race ring half run") or an
:class:`Aim` (an event's motion: "a swap, half way"); :meth:`Film.run` plays the match
and calls ``shoot(name)`` at the first frame each holds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.core import Event
from game.match import Match, Seat
from scenes.core.tween import Anim

DT = 1 / 30                         # one frame of the table's clock
AFTER_OVER = 30                     # frames the results are watched for (a check on them)
# a game whose reaction windows run out on their own: the agent answers only these phases
ACT_PHASES: dict[str, tuple[str, ...]] = {"daotam": ("turn", "push", "option")}


@dataclass
class Motion:
    """The animations one engine event queued on the table (in queue order)."""

    index: int                      # the event's place in match.events
    event: Event
    anims: list[Anim] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return any(a.started for a in self.anims)

    @property
    def done(self) -> bool:
        return all(a.done for a in self.anims)

    def timed(self) -> list[Anim]:
        """The steps that move something (else any step that takes time: a beat)."""
        moving = [a for a in self.anims if a.step is not None and a.duration > 0]
        return moving or [a for a in self.anims if a.duration > 0]

    def length(self) -> float:
        return sum(a.duration for a in self.timed())

    def progress(self) -> float:
        """0..1: how much of the motion's time has run (steps run one after the other, so
        a flight that overlaps the next counts its own time)."""
        timed = self.timed()
        if not timed:
            return 1.0 if self.started else 0.0
        ran = sum(a.duration if a.done else min(a.elapsed, a.duration) for a in timed)
        return ran / sum(a.duration for a in timed)


@dataclass
class Aim:
    """An event's motion caught at ``at`` (0..1) of its time; ``where(event, film)``
    narrows which events of ``kind`` count (``at=0``: the frame its first step starts)."""

    kind: str
    at: float = 0.5
    where: Callable[[Event, Film], bool] = lambda ev, film: True


Check = Callable[["Film"], bool]
Moment = Check | Aim


class Film:
    """One seeded match at a table on ``app``'s stack: seats ``humans`` first (each played
    by a ``human_level`` agent; a handoff is confirmed at once), the others ``level`` AIs."""

    def __init__(self, app: Any, game: str, n: int, seed: int, level: str = "normal",
                 human_level: str = "easy", humans: int = 1, options: dict | None = None) -> None:
        from scenes.tables.registry import make_table
        self.app = app
        self.match = Match(game, [Seat("human")] * humans + [Seat(level)] * (n - humans), seed,
                           dict(options or {}))
        self.table = make_table(app, self.match, fresh=True)
        app.stack.reset(self.table)
        self.agents = {s: registry.make_agent(game, human_level, s, seed + s) for s in range(humans)}
        self.observed = 0
        self.frame = 0
        self.elapsed = 0.0
        self.motions: list[Motion] = []
        hooks = self.table.driver.hooks
        plain = hooks.on_event

        def tagged(event: Event) -> None:
            queue = self.table.driver.anim
            before = len(queue.waiting)
            plain(event)
            index = self.table.driver.cursor - 1
            self.motions.append(Motion(index, event, list(queue.waiting[before:])))
        hooks.on_event = tagged

    # ------------------------------------------------------------ driving
    @property
    def at_table(self) -> bool:
        """Whether the table is showing (not the results, not a handoff)."""
        return self.app.stack.top is self.table

    def act(self) -> None:
        """A screen seat's decision when the table lets it act (its agent decides)."""
        from scenes.screens.handoff import HandoffScene
        if isinstance(self.app.stack.top, HandoffScene):
            self.app.stack.top.confirm()
            return
        table, match = self.table, self.match
        if not self.at_table or not table.viewer_can_act:
            return
        phases = ACT_PHASES.get(match.game)
        if phases is not None and match.state.phase not in phases:
            return
        seat = table.viewer
        new, self.observed = match.events[self.observed:], len(match.events)
        for s, agent in self.agents.items():
            agent.observe([e for e in new if e.visible_to(s)])
        table.submit(self.agents[seat].decide(match.view(seat), match.legal_actions(seat)))

    def update(self, dt: float = DT) -> None:
        self.app.stack.update(dt)
        self.frame += 1
        self.elapsed += dt
        self.motions = [m for m in self.motions if not m.done]

    def find(self, aim: Aim) -> Motion | None:
        """The first queued or running motion of the aim's kind not yet past its point."""
        for m in self.motions:
            if (m.event.kind == aim.kind and not m.done and aim.where(m.event, self)
                    and (not m.started or m.progress() < aim.at or aim.at <= 0)):
                return m
        return None

    def reach(self, motion: Motion, at: float) -> bool:
        """Run the clock until ``motion`` is ``at`` of the way (True), or it ended first
        (False): whole frames until it starts, then small steps to land on the point."""
        for _ in range(600):
            if motion.started and motion.progress() >= at:
                return not motion.done or at >= 1.0
            if motion.done or not self.at_table:
                return False
            if not motion.started:
                self.update()
                continue
            left = (at - motion.progress()) * motion.length() * max(self.table.anim.speed, 1e-3)
            self.update(min(DT, max(0.002, left)))
        return False

    def realign(self) -> None:
        """Back onto the frame grid after :meth:`reach`'s small steps (the rest of the
        frame), so that what follows runs as it would have without the stop."""
        rest = DT - self.elapsed % DT
        if 1e-6 < rest < DT - 1e-6:
            self.update(rest)

    def run(self, want: dict[str, Moment], shoot: Callable[[str], None], limit: int = 60000) -> set[str]:
        """Play on until every wanted moment was shot, the match is over and its results
        were up for :data:`AFTER_OVER` frames, or ``limit`` frames; each moment is shot at
        the first frame it holds (a :data:`Check` is asked whatever scene is on top)."""
        got: set[str] = set()
        gone = 0                    # frames since the finished table gave way
        for _ in range(limit):
            for name, moment in want.items():
                if name in got:
                    continue
                if isinstance(moment, Aim):
                    motion = self.find(moment) if self.at_table else None
                    if motion is None:
                        continue
                    if not self.reach(motion, moment.at):
                        self.realign()
                        continue
                elif not moment(self):
                    continue
                shoot(name)
                got.add(name)
                self.realign()
            gone += self.match.is_over() and not self.at_table
            if len(got) == len(want) or gone > AFTER_OVER:
                break
            self.act()
            self.update()
        return got

    def close(self) -> None:
        self.match.close()


def hunt(app: Any, game: str, n: int, want: dict[str, Moment], shoot: Callable[[str, int], None],
         seeds: range | list[int], limit: int = 15000, budget_s: float = 120.0,
         **film: Any) -> dict[str, int]:
    """Film seeded matches in turn until every wanted moment was shot; returns the seed
    each was found in (missing: not found in ``seeds``). A match is given up after
    ``limit`` frames (a table that stalls), the hunt after ``budget_s`` seconds."""
    found: dict[str, int] = {}
    t0 = time.perf_counter()
    for seed in seeds:
        left = {k: v for k, v in want.items() if k not in found}
        if not left or time.perf_counter() - t0 > budget_s:
            break
        f = Film(app, game, n, seed, **film)
        try:
            for name in f.run(left, lambda name, seed=seed: shoot(name, seed), limit):
                found[name] = seed
        finally:
            f.close()
    return found
