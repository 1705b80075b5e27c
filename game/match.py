"""Match: seats (human or agent), turn driving, think delays, reaction deadlines,
the action log and autosave.

Time never enters the rules: ``tick(now)`` is given the time by the caller (the app's
clock, or a fake clock in tests). ``(game, seed, options, actions)`` replays a match
exactly, and that log is the save format.
"""

from __future__ import annotations

import concurrent.futures
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import registry
from game.ai.remote import AgentHost, WorkerDied
from game.core import Action, Event, IllegalAction
from game.saves import SAVE_VERSION, no_replay, parse_save, unknown_game
from game.storage import SaveError, read_json, save_writer, write_json_atomic

SEAT_KINDS = ("human", "random", "easy", "normal", "hard")


@dataclass
class Seat:
    kind: str                       # "human" or an agent level
    agent: Any = None
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass
class _Pending:
    """An agent decision being computed (maybe in a worker thread)."""

    started: float
    ready_at: float
    future: concurrent.futures.Future | None = None
    action: Action | None = None


@dataclass
class Match:
    game: str
    seats: list[Seat]
    seed: int
    options: dict = field(default_factory=dict)
    save_path: Path | None = None
    think_scale: float = 1.0        # multiplies agents' think delays (0 = instant)
    threaded: bool = False          # decide off the calling thread: registry agents in a
                                    # worker process, injected agents in a worker thread
    state_factory: Callable[..., Any] | None = None   # tests inject tiny rulesets here
    async_save: bool = False        # write saves on a background thread (the app does)

    def __post_init__(self) -> None:
        for s in self.seats:
            if s.kind not in SEAT_KINDS and s.agent is None:
                raise ValueError(f"unknown seat kind {s.kind!r}; use one of {', '.join(SEAT_KINDS)}")
        factory = self.state_factory or (lambda n, seed, opts: registry.new_game(self.game, n, seed, opts))
        self.state = factory(len(self.seats), self.seed, self.options)
        self._host = None
        for i, s in enumerate(self.seats):
            if s.agent is None and not s.is_human:
                if self.threaded:
                    if self._host is None:
                        self._host = AgentHost()
                    s.agent = self._host.make(self.game, s.kind, i, self._agent_seed(i))
                else:
                    s.agent = registry.make_agent(self.game, s.kind, i, self._agent_seed(i))
        self._writer = save_writer() if self.async_save else None
        self.log: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        self._pending: dict[int, _Pending] = {}
        self._windows: dict[int, float] = {}    # seat -> time its reaction window opened
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self.decision_times: dict[int, list[float]] = {i: [] for i in range(len(self.seats))}
        first = self.state.deal_events() if hasattr(self.state, "deal_events") else []
        self._publish(first)
        self._save()

    def _agent_seed(self, seat: int) -> int:
        return random.Random(f"{self.seed}:{seat}").randrange(2**31)

    # ----------------------------------------------------------- queries
    def active_seats(self) -> tuple[int, ...]:
        return self.state.active_seats()

    def is_over(self) -> bool:
        return self.state.is_over()

    def result(self) -> Any:
        return self.state.result()

    def view(self, seat: int | None) -> Any:
        return self.state.view(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def thinking(self) -> set[int]:
        """Agent seats currently deciding (for the "thinking" dots)."""
        return set(self._pending)

    def deadline(self, seat: int) -> tuple[float, float] | None:
        """(opened_at, duration) of a seat's open reaction window, if any."""
        duration = self.state.reaction_deadline(seat)
        if duration is None or seat not in self._windows:
            return None
        return self._windows[seat], duration

    # ------------------------------------------------------------ acting
    def submit(self, seat: int, action: Action) -> list[Event]:
        """Apply a seat's action. Raises IllegalAction (state unchanged) if refused."""
        if seat not in self.state.active_seats():
            raise IllegalAction("It is not your turn.", "not_your_turn")
        events = self.state.apply(seat, action)
        self.log.append((seat, action))
        self._pending.pop(seat, None)
        self._publish(events)
        self._save()
        return events

    def _publish(self, events: list[Event]) -> None:
        self.events.extend(events)
        for i, s in enumerate(self.seats):
            if s.agent is not None:
                s.agent.observe([e for e in events if e.visible_to(i)])

    def tick(self, now: float) -> list[Event]:
        """Drive agents and reaction deadlines up to time ``now``; returns new events."""
        out: list[Event] = []
        for _ in range(64):   # bounded: several quick agent moves may fall in one tick
            progressed = False
            active = self.state.active_seats()
            self._track_windows(active, now)
            for seat in active:
                timed = self._expired(seat, now)
                if timed is not None:
                    out += self.submit(seat, timed)
                    progressed = True
                    break
                agent = self.seats[seat].agent
                if agent is None:
                    continue
                action = self._agent_step(seat, agent, now)
                if action is not None:
                    out += self.submit(seat, action)
                    progressed = True
                    break
            if not progressed or self.state.is_over():
                break
        return out

    def _track_windows(self, active: tuple[int, ...], now: float) -> None:
        for seat in list(self._windows):
            if seat not in active:
                del self._windows[seat]
        for seat in active:
            if seat not in self._windows and self.state.reaction_deadline(seat) is not None:
                self._windows[seat] = now

    def _expired(self, seat: int, now: float) -> Action | None:
        duration = self.state.reaction_deadline(seat)
        if duration is None or seat not in self._windows:
            return None
        if now - self._windows[seat] >= duration:
            return self.state.timeout_action(seat)
        return None

    def _agent_step(self, seat: int, agent: Any, now: float) -> Action | None:
        pending = self._pending.get(seat)
        if pending is None:
            view, legal = self.state.view(seat), self.state.legal_actions(seat)
            delay = getattr(agent, "think_delay", 0.0) * self.think_scale
            pending = _Pending(started=now, ready_at=now + delay)
            if hasattr(agent, "decide_async"):
                pending.future = agent.decide_async(view, legal)
            elif self.threaded:
                if self._executor is None:
                    self._executor = concurrent.futures.ThreadPoolExecutor(1, "agent")
                pending.future = self._executor.submit(self._timed_decide, seat, agent, view, legal)
            else:
                pending.action = self._timed_decide(seat, agent, view, legal)
            self._pending[seat] = pending
        if pending.future is not None and pending.action is None:
            if not pending.future.done():
                return None
            try:
                outcome = pending.future.result()
            except WorkerDied:
                # the worker process died: carry on with a local agent, nothing is lost
                self.seats[seat].agent = registry.make_agent(
                    self.game, self.seats[seat].kind, seat, self._agent_seed(seat))
                self._pending.pop(seat, None)
                return None
            if hasattr(agent, "decide_async"):
                pending.action, spent = outcome
                self.decision_times[seat].append(spent)
            else:
                pending.action = outcome
        if now < pending.ready_at:
            return None
        return pending.action

    def _timed_decide(self, seat: int, agent: Any, view: Any, legal: list[Action]) -> Action:
        import time
        t0 = time.perf_counter()
        action = agent.decide(view, legal)
        self.decision_times[seat].append(time.perf_counter() - t0)
        return action

    def close(self) -> None:
        self.flush()
        if self._host is not None:
            self._host.close()
            self._host = None
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    # ------------------------------------------------------- save/resume
    def to_json(self) -> dict:
        return {
            "version": SAVE_VERSION, "game": self.game, "seed": self.seed,
            "options": self.options, "seats": [s.kind for s in self.seats],
            "actions": [[seat, list_action(a)] for seat, a in self.log],
            "over": self.state.is_over(),
        }

    def _save(self) -> None:
        if self.save_path is None:
            return
        if self._writer is not None:
            self._writer.save(self.save_path, self.to_json())
        else:
            write_json_atomic(self.save_path, self.to_json())

    def flush(self) -> None:
        """Wait until the latest save is on disk."""
        if self._writer is not None:
            self._writer.flush()

    @classmethod
    def from_json(cls, data: Any, save_path: Path | None = None, **kwargs: Any) -> Match:
        """Rebuild a match by replaying its log. Raises SaveError (with an i18n key for
        the player) whatever ``data`` holds."""
        save = parse_save(data, SEAT_KINDS)
        if kwargs.get("state_factory") is None and save.game not in registry.GAMES:
            raise unknown_game(save.game)
        try:
            match = cls(save.game, [Seat(k) for k in save.seats], save.seed, save.options,
                        save_path=None, **kwargs)
        except Exception as err:   # noqa: BLE001 - bad options or seat count, from a file
            raise SaveError(f"The save's table cannot be set up ({err}).", "save.bad_setup") from err
        try:
            for n, (seat, action) in enumerate(save.actions, 1):
                try:
                    match.submit(seat, action)
                except Exception as err:   # noqa: BLE001 - untrusted log: any failure
                    raise no_replay(n, err) from err
        except SaveError:
            match.close()           # no worker process left behind by a refused save
            raise
        match.save_path = save_path
        return match

    @classmethod
    def load(cls, path: Path, **kwargs: Any) -> Match:
        return cls.from_json(read_json(path), save_path=path, **kwargs)


def list_action(action: Any) -> Any:
    if isinstance(action, tuple):
        return [list_action(x) for x in action]
    return action


def parse_seats(spec: str) -> list[Seat]:
    """``"hard,normal,human"`` → seats in play order."""
    seats = [Seat(k.strip().lower()) for k in spec.split(",") if k.strip()]
    for s in seats:
        if s.kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {s.kind!r}; use one of {', '.join(SEAT_KINDS)}")
    return seats
