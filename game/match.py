"""Match: seats (human or agent), turn driving, think delays, reaction windows, the
action log and autosave.

Time never enters the rules: ``tick(now)`` and ``press(seat, action, at)`` are given the
time by the caller, on whatever monotonic clock it owns (the table's pausable clock, a
fake clock in tests); the Match reads the wall clock only to measure how long agents
take to decide. Reaction windows are judged by a :class:`~game.windows.WindowDesk`.
``(game, seed, options, actions)`` replays a match exactly — the order of the log is the
order the Match judged the presses in — and that log is the save format.
"""

from __future__ import annotations

import concurrent.futures
import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import registry
from game.ai.remote import AgentHost, WorkerDied
from game.core import BUZZ, Action, Event, IllegalAction, Landing
from game.saves import HUMAN_KINDS, SAVE_VERSION, no_replay, parse_save, unknown_game
from game.storage import SaveError, read_json, save_writer, write_json_atomic
from game.windows import Due, OpenWindow, Timing, WindowDesk, default_intent_action

SEAT_KINDS = (*HUMAN_KINDS, "random", "easy", "normal", "hard")   # "phone": a human on a phone
MAX_STEPS_PER_TICK = 64     # several quick agent moves may fall in one tick
log = logging.getLogger(__name__)
_FAILED = ("<agent failed>",)   # what a crashed decision counts as: an illegal action


@dataclass
class Seat:
    kind: str                       # "human", "phone" or an agent level
    agent: Any = None
    name: str = ""

    @property
    def is_human(self) -> bool:
        """A person plays it: at the screen ("human") or on a phone ("phone")."""
        return self.kind in HUMAN_KINDS

    @property
    def is_phone(self) -> bool:
        return self.kind == "phone"

    @property
    def at_screen(self) -> bool:
        """A person plays it at the big screen (hot-seat): a human, not a phone."""
        return self.is_human and not self.is_phone


@dataclass
class _Pending:
    """An agent decision being computed (maybe in a worker thread), for one context:
    ``("w", window id)`` inside a window, ``("t", log length)`` for a turn."""

    started: float
    ready_at: float
    context: tuple = ()
    future: concurrent.futures.Future | None = None
    action: Action | None = None


@dataclass
class Match:
    game: str
    seats: list[Seat]
    seed: int
    options: dict = field(default_factory=dict)
    save_path: Path | None = None
    think_scale: float = 1.0        # multiplies agents' think delays (0 = instant turns;
                                    # window reactions never drop below their YAML floor)
    threaded: bool = False          # decide off the calling thread: registry agents in a
                                    # worker process, injected agents in a worker thread
    state_factory: Callable[..., Any] | None = None   # tests inject tiny rulesets here
    async_save: bool = False        # write saves on a background thread (the app does)
    timers: bool | None = None      # False: windows wait for every eligible seat (R17);
                                    # None: the timing's ``timers_enabled`` (default on)
    timing: Mapping | Timing | None = None   # window numbers; None: data/timing.yaml + game's
    assisted: bool = False          # a hint or an undo was used (saved; statistics read it)
    judge_lag: float = 0.0          # windows are judged this far behind the clock, so a timed
                                    # intent that reaches the Match up to this late (a phone's
                                    # press on its way over Wi-Fi) still counts in time order

    def __post_init__(self) -> None:
        for s in self.seats:
            if s.kind not in SEAT_KINDS and s.agent is None:
                raise ValueError(f"unknown seat kind {s.kind!r}; use one of {', '.join(SEAT_KINDS)}")
        factory = self.state_factory or (lambda n, seed, opts: registry.new_game(self.game, n, seed, opts))
        self.state = factory(len(self.seats), self.seed, self.options)
        if self.timers is None and isinstance(self.options.get("timers"), bool):
            self.timers = self.options["timers"]        # a game's setup option (a buzzer game's R17)
        if not isinstance(self.timing, Timing):
            self.timing = Timing.for_game(self.game) if self.timing is None else Timing(self.timing)
        # read the numbers now (data/timing.yaml and the game's YAML), not inside the
        # frame that opens the first reaction window
        self._timing_values = self.timing.values
        self._host = None
        for i, s in enumerate(self.seats):
            if s.agent is None and not s.is_human:
                s.agent = self._make_agent(i, s.kind)
        self._writer = save_writer() if self.async_save else None
        self.log: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        # view() per seat, for (this state, (log length, event count))
        self._views: tuple[Any, tuple, dict[int | None, Any]] = (None, (), {})
        self.views_built = 0                          # views view() has built (tests count)
        self._pending: dict[int, _Pending] = {}
        self._desk = WindowDesk(self.timing, self.timers)
        self._desk.meaning = self._intent_action
        self._answered: tuple[int, set[int]] = (-1, set())   # (window id, agents decided in it)
        # reaction delays: one stream per seat, seeded from the agent's seed but apart from
        # the agent's own RNG, so timing never changes its choices (and works in a worker)
        self._delay_rng = [random.Random(f"{self._agent_seed(i)}:delay") for i in range(len(self.seats))]
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self.decision_times: dict[int, list[float]] = {i: [] for i in range(len(self.seats))}
        first = self.state.deal_events() if hasattr(self.state, "deal_events") else []
        self._publish(first)
        self._save()

    def _agent_seed(self, seat: int) -> int:
        return random.Random(f"{self.seed}:{seat}").randrange(2**31)

    def _make_agent(self, seat: int, level: str) -> Any:
        """A registry agent for ``seat`` (in the worker process when threaded)."""
        if self.threaded:
            try:
                if self._host is None:
                    self._host = AgentHost()
                return self._host.make(self.game, level, seat, self._agent_seed(seat))
            except WorkerDied:
                log.warning("seat %d: the agent process is gone; a local agent plays", seat)
        return registry.make_agent(self.game, level, seat, self._agent_seed(seat))

    def hand_over(self, seat: int, kind: str) -> None:
        """Give ``seat`` to another player mid-game: an AI level (the host hands a missing
        phone's seat to an AI) or a person ("phone", "human"). A new agent is made as at
        the start (same seed) and first observes every past event the seat could see; a
        decision the old agent was making, or had queued in a window, is dropped (a
        person's presses stand); the new kind is saved. ValueError for an unknown kind."""
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}; use one of {', '.join(SEAT_KINDS)}")
        old = self.seats[seat]
        if kind == old.kind and (old.is_human or old.agent is not None):
            return
        self._pending.pop(seat, None)
        desk = self._desk
        desk.queue = [p for p in desk.queue if p.seat != seat or p.window_id is None]
        self._answered[1].discard(seat)
        old.kind, old.agent = kind, None          # the same Seat: tables keep theirs
        if not old.is_human:
            old.agent = self._make_agent(seat, kind)
            old.agent.observe([e for e in self.events if e.visible_to(seat)])
        self._save()

    # ----------------------------------------------------------- queries
    def active_seats(self) -> tuple[int, ...]:
        return self.state.active_seats()

    def is_over(self) -> bool:
        return self.state.is_over()

    def result(self) -> Any:
        return self.state.result()

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see (None: the public view). Built once per change: cached per
        seat until the log or the events grow or the state is replaced (a table reads it
        several times a frame; views are frozen, so sharing one is safe). A change made to
        the state behind the Match's back needs :meth:`forget_views`."""
        state, at, views = self._views       # one tuple, swapped whole: no stale store
        if state is not self.state or at != (len(self.log), len(self.events)):
            state, at, views = self._views = (self.state, (len(self.log), len(self.events)), {})
        if seat in views:
            return views[seat]
        v = views[seat] = state.view(seat)
        self.views_built += 1
        return v

    def forget_views(self) -> None:
        """The state was changed other than through :meth:`submit` (a test, a tool): the
        next :meth:`view` is built anew."""
        self._views = (None, (), {})

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def why_illegal(self, seat: int, action: Action) -> IllegalAction | None:
        """The IllegalAction :meth:`submit` would raise for ``action`` now (None: legal),
        without applying anything — so a table can show the rules' reason without
        reading the state."""
        if action in self.state.legal_actions(seat):
            return None
        refusal = getattr(self.state, "refusal", None)     # the engine's own reason, if it has one
        if refusal is not None:
            return refusal(seat, action)
        if seat not in self.state.active_seats():
            return IllegalAction("It is not your turn.", "not_your_turn")
        try:
            self.state.clone().apply(seat, action)
        except IllegalAction as err:
            return err
        return None

    def human_seats(self) -> list[int]:
        """Seats people play, at the screen or on a phone."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def screen_seats(self) -> list[int]:
        """Seats people play at the big screen (not on a phone): the hot-seat humans."""
        return [i for i, s in enumerate(self.seats) if s.at_screen]

    def thinking(self) -> set[int]:
        """Agent seats currently deciding (for the "thinking" dots); in a window, an
        agent whose answer waits for its reaction time is still "thinking"."""
        out = set(self._pending)
        out.update(p.seat for p in self._desk.queue if p.window_id is not None)
        return out

    @property
    def desk(self) -> WindowDesk:
        """The window desk (to read: false starts, dropped presses); drive it through
        :meth:`press` and :meth:`tick`."""
        return self._desk

    def open_window(self) -> OpenWindow | None:
        """The reaction window being judged (opened_at, ends_at, locked seats), or None.
        It opens at the first tick that sees the engine's window."""
        cur = self._desk.current
        if cur is None:
            return None
        w = self.state.window()
        return cur if w is not None and w.id == cur.window.id else None

    def deadline(self, seat: int) -> tuple[float, float] | None:
        """(opened_at, duration) of the window ``seat`` still has to answer, if any."""
        cur = self.open_window()
        if (cur is None or cur.ends_at is None or seat not in cur.window.seats
                or seat not in self.state.active_seats()):
            return None
        return cur.opened_at, cur.ends_at - cur.opened_at

    # ------------------------------------------------------------ acting
    def submit(self, seat: int, action: Action) -> list[Event]:
        """Apply a seat's action now, untimed. Raises IllegalAction (state unchanged) if
        refused. Replays and turn moves use this; a timed answer in a window is a
        :meth:`press`."""
        if seat not in self.state.active_seats():
            raise IllegalAction("It is not your turn.", "not_your_turn")
        events = self.state.apply(seat, action)
        self.log.append((seat, action))
        self._pending.pop(seat, None)
        self._publish(events)
        self._save()
        return events

    def press(self, seat: int, action: Action, at: float) -> None:
        """A timestamped answer (a click in a window) made at ``at`` on the Match's clock.
        Judged at the next :meth:`tick`: a press outside any window is a false start, one
        the rules refuse does nothing. The buzzer (:data:`~game.core.BUZZ`) is an intent:
        see :meth:`intent`. Never raises."""
        if tuple(action) == BUZZ:
            self.intent(seat, BUZZ, at)
            return
        self._desk.press(seat, action, at)

    def intent(self, seat: int, intent: Action, at: float | None = None) -> list[Event]:
        """What a player did — the same from a keyboard, a mouse or a phone. A real-time
        intent (``at`` given: the buzzer, a window's pass) is judged at the next
        :meth:`tick` by where it landed on the Match's clock, and the rules (the state's
        ``intent_action``) decide what it means there — a window's answer, a false start
        or nothing; it never raises and returns no events. An untimed intent (``at`` None:
        a turn move) is submitted now (:meth:`submit`: may raise IllegalAction)."""
        if at is None:
            return self.submit(seat, tuple(intent))
        self._desk.press(seat, tuple(intent), at, intent=True)
        return []

    def _intent_action(self, seat: int, intent: Action, landing: Landing) -> Action | None:
        decide = getattr(self.state, "intent_action", None)
        if decide is None:
            return default_intent_action(seat, intent, landing)
        return decide(seat, intent, landing)

    def _publish(self, events: list[Event]) -> None:
        self.events.extend(events)
        for i, s in enumerate(self.seats):
            if s.agent is not None:
                s.agent.observe([e for e in events if e.visible_to(i)])

    def tick(self, now: float) -> list[Event]:
        """Drive agents and reaction windows up to time ``now``; returns new events.
        Never raises on an agent's or a press's illegal action (logged, replaced).
        Windows are judged up to ``now - judge_lag`` (phones' presses still on their way)."""
        out: list[Event] = []
        desk = self._desk
        desk.timers = self.timers
        judged = now - self.judge_lag
        for _ in range(MAX_STEPS_PER_TICK):
            if self.state.is_over():
                break
            desk.sync(self.state.window(), now)
            if desk.current is not None:
                progressed = self._window_step(desk.current, now, out)
            else:
                if desk.queue:
                    desk.next_due(judged, ())   # judge stray presses: false starts
                progressed = self._turn_step(now, out)
            if not progressed:
                break
        return out

    def _window_step(self, cur: OpenWindow, now: float, out: list[Event]) -> bool:
        w = cur.window
        active = self.state.active_seats()
        waiting = [s for s in w.seats if s in active]
        others = [s for s in active if s not in w.seats]
        self._drop_stale(("w", w.id), keep=(others, ("t", len(self.log))))
        if self._answered[0] != w.id:
            self._answered = (w.id, set())
        answered = self._answered[1]
        for s in waiting:
            agent = self.seats[s].agent
            if agent is not None and s not in answered:
                self._offer(s, agent, cur, now)
        due = self._desk.next_due(now - self.judge_lag, waiting)
        if due is None:
            return self._turn_step(now, out, others) if others else False
        self._submit_due(due, w.default, out)
        self._desk.sync(self.state.window(), now, at=due.at)
        return True

    def _offer(self, seat: int, agent: Any, cur: OpenWindow, now: float) -> None:
        """Start (or collect) an agent's answer to the window; once ready it is queued
        on the desk, stamped with its reaction time, for this window only."""
        w = cur.window
        pending = self._pending.get(seat)
        if pending is None:
            delay = 0.0
            if cur.ends_at is not None:
                delay = self.timing.reaction_delay(w, seat, self.seats[seat].kind,
                                                   self._delay_rng[seat], self.think_scale)
            start = max(cur.opened_at, now)     # a seat handed to an AI mid-window: from now
            pending = self._start(seat, agent, start, start + delay, ("w", w.id))
        action = self._collect(seat, agent, pending)
        if action is None:
            return
        del self._pending[seat]
        self._answered[1].add(seat)
        at = pending.ready_at if pending.future is None else max(pending.ready_at, now)
        self._desk.press(seat, action, at, window_id=w.id)

    def _submit_due(self, due: Due, default: Action, out: list[Event]) -> None:
        try:
            out += self.submit(due.seat, due.action)
            return
        except IllegalAction as err:
            if due.source == "press":      # a human's press the rules refuse does nothing
                log.info("seat %d: press %r refused: %s", due.seat, due.action, err)
                return
            log.warning("seat %d: %s answer %r refused (%s); submitting %r",
                        due.seat, due.source, due.action, err, default)
        self._fallback(due.seat, default, out)

    def _fallback(self, seat: int, first: Action | None, out: list[Event]) -> bool:
        """Submit ``first`` (a window's default) or else the first legal action."""
        tries = ([first] if first is not None else []) + self.state.legal_actions(seat)[:1]
        for action in tries:
            try:
                out += self.submit(seat, action)
                return True
            except IllegalAction as err:
                log.error("seat %d: fallback %r refused too: %s", seat, action, err)
        return False

    def _turn_step(self, now: float, out: list[Event], seats: list[int] | None = None) -> bool:
        """Agents' turn moves (outside windows; ``seats``: only these, beside a window)."""
        context = ("t", len(self.log))
        if seats is None:
            self._drop_stale(context)
        for seat in self.state.active_seats() if seats is None else seats:
            agent = self.seats[seat].agent
            if agent is None:
                continue
            pending = self._pending.get(seat)
            if pending is None:
                delay = getattr(agent, "think_delay", 0.0) * self.think_scale
                pending = self._start(seat, agent, now, now + delay, context)
            action = self._collect(seat, agent, pending)
            if action is None or now < pending.ready_at:
                continue
            try:
                out += self.submit(seat, action)
            except IllegalAction as err:
                log.warning("seat %d (%s): agent chose %r, refused (%s); playing the first "
                            "legal action", seat, self.seats[seat].kind, action, err)
                self._pending.pop(seat, None)
                self._fallback(seat, None, out)
            return True
        return False

    def _drop_stale(self, context: tuple, keep: tuple = ((), None)) -> None:
        """Forget decisions made for another window or an earlier position: a stale
        decision is never fired (a running worker's answer is ignored when it comes).
        ``keep``: (seats, context) of turn decisions beside a window, still valid."""
        seats, other = keep
        for seat in [s for s, p in self._pending.items()
                     if p.context != context and not (s in seats and p.context == other)]:
            del self._pending[seat]

    def _start(self, seat: int, agent: Any, started: float, ready_at: float,
               context: tuple) -> _Pending:
        view, legal = self.state.view(seat), self.state.legal_actions(seat)
        pending = _Pending(started=started, ready_at=ready_at, context=context)
        if hasattr(agent, "decide_async"):
            try:
                pending.future = agent.decide_async(view, legal)
            except Exception:
                log.exception("seat %d: agent failed to start deciding", seat)
                pending.action = _FAILED
        elif self.threaded:
            if self._executor is None:
                self._executor = concurrent.futures.ThreadPoolExecutor(1, "agent")
            pending.future = self._executor.submit(self._timed_decide, seat, agent, view, legal)
        else:
            pending.action = self._safe_decide(seat, agent, view, legal)
        self._pending[seat] = pending
        return pending

    def _collect(self, seat: int, agent: Any, pending: _Pending) -> Action | None:
        """The pending decision's action once computed (``_FAILED`` if the agent
        crashed), None while it is still being computed."""
        if pending.future is not None and pending.action is None:
            if not pending.future.done():
                return None
            try:
                outcome = pending.future.result()
            except WorkerDied:
                # the worker process died: carry on with a local agent that has seen
                # what this seat has seen, so nothing is lost (card counting included)
                local = registry.make_agent(self.game, self.seats[seat].kind, seat, self._agent_seed(seat))
                local.observe([e for e in self.events if e.visible_to(seat)])
                self.seats[seat].agent = local
                self._pending.pop(seat, None)
                return None
            except Exception:
                log.exception("seat %d: agent failed while deciding", seat)
                outcome = _FAILED
            if hasattr(agent, "decide_async") and outcome is not _FAILED:
                pending.action, spent = outcome
                self.decision_times[seat].append(spent)
            else:
                pending.action = outcome
        return pending.action

    def _safe_decide(self, seat: int, agent: Any, view: Any, legal: list[Action]) -> Action:
        try:
            return self._timed_decide(seat, agent, view, legal)
        except Exception:
            log.exception("seat %d: agent failed while deciding", seat)
            return _FAILED

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
            "over": self.state.is_over(), "assisted": self.assisted,
        }

    def save(self) -> None:
        """Write the autosave now (after a change the log does not show, e.g. ``assisted``)."""
        self._save()

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
        match.assisted = save.assisted
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
