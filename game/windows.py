"""The window desk: judges time for reaction windows, so the engine never has to.

The engine describes an open window (:class:`game.core.Window`); the desk is told when
it sees one (``sync``), takes timestamped presses from humans and ready decisions from
agents (``press``), and hands back, one at a time, the answer to submit next
(``next_due``). Rules (a buzzer game's R6.3, R7.2, R17):

* a press counts if ``opened_at <= at < ends_at``; at the deadline the window is shut;
* the first answer by ``(time, tie-break order)`` is submitted first; the engine closes
  the window on a closing answer, and the presses still queued for it are dropped;
* a press while no window it answers is open (a shout during a challenge window) is a
  *false start*: it does nothing, and if the next
  window opens at most ``lockout`` seconds later, that seat's closing answers in it are
  ignored (a seat may still pass). A press that lands in a window already closed early
  (somebody was faster) is only late, not a false start;
* an *intent* (``press(..., intent=True)``: the buzzer :data:`~game.core.BUZZ`, a
  window's pass) is what a front end sends; the desk says where it landed
  (:class:`~game.core.Landing`: in a window's time, after one closed, or before any) and
  the game's rules say what it means there (``meaning``, i.e. the state's
  ``intent_action``): the window's answer, a press for no open window (a false start as
  above), or nothing — a late answer, a seat that may not answer;
* an agent's decision is made for one window (``window_id``): offered to any other it
  is stale and dropped;
* at the deadline every seat that has not answered gets the window's default, in
  tie-break order;
* timers off: no deadline and no lockout; once every seat still to answer has an
  answer, they are submitted in tie-break order.

Times are whatever monotonic clock the caller ticks the Match with; nothing here reads
the wall clock, so a paused clock freezes the window.
"""

from __future__ import annotations

import fnmatch
import logging
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.cards import DATA_DIR, DataError, read_yaml
from game.core import BUZZ, Action, Landing, Window

log = logging.getLogger(__name__)

ROLE_KEYS = ("actor", "others")


# ------------------------------------------------------------------ timing numbers
#: What a timing key may hold, by the end of its name (first match wins): ``flag`` true or
#: false; ``seconds`` a number in [lo, hi] (``lo`` excluded when ``open``); ``delay`` a
#: number or ``[lo, hi]`` in that range, or a mapping split by seat role and AI level.
#: Every key of data/timing.yaml and of a game's ``timing:`` section must match one.
TIMING_SCHEMA: tuple[tuple[str, str, float, float, bool], ...] = (
    ("timers_enabled", "flag", 0, 0, False),
    ("*_delay_s", "delay", 0.0, 60.0, False),
    ("*_window_s", "seconds", 0.0, 600.0, True),      # a window of 0 s could never be answered
    ("*_ask_s", "seconds", 0.0, 600.0, True),
    ("*_s", "seconds", 0.0, 600.0, False),
)
DELAY_SPLITS = (*ROLE_KEYS, "random", "easy", "normal", "hard", "default")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def check_timing(file: Any, entry: str, values: Any) -> dict:
    """The timing numbers of one file (``entry``: ``(top)`` for data/timing.yaml, ``timing``
    for a game's section), checked against :data:`TIMING_SCHEMA`. Raises DataError naming
    the file, the entry and the key — at launch, not at the first window."""
    if not isinstance(values, dict):
        raise DataError(file, entry, "-", "must be a mapping of timing keys")
    for key, value in values.items():
        rule = next((r for r in TIMING_SCHEMA if fnmatch.fnmatchcase(str(key), r[0])), None)
        if rule is None:
            raise DataError(file, entry, str(key), "unknown timing key (a flag 'timers_enabled', "
                                                   "or seconds: a name ending in _s)")
        _check_timing_value(file, entry, str(key), value, rule)
    return dict(values)


def _check_timing_value(file: Any, entry: str, field: str, value: Any,
                        rule: tuple[str, str, float, float, bool]) -> None:
    _, kind, lo, hi, open_lo = rule
    if kind == "flag":
        if not isinstance(value, bool):
            raise DataError(file, entry, field, f"must be true or false, got {value!r}")
        return
    if kind == "delay" and isinstance(value, dict):
        for k, v in value.items():
            if k not in DELAY_SPLITS:
                raise DataError(file, entry, f"{field}.{k}",
                                f"unknown split (use {', '.join(DELAY_SPLITS)})")
            _check_timing_value(file, entry, f"{field}.{k}", v, rule)
        return
    if kind == "delay" and isinstance(value, list):
        if len(value) != 2:
            raise DataError(file, entry, field, f"a delay range is [lo, hi], got {value!r}")
        for i, v in enumerate(value):
            _check_timing_value(file, entry, f"{field}[{i}]", v, (rule[0], "seconds", lo, hi, False))
        if value[0] > value[1]:
            raise DataError(file, entry, field, f"lo must not exceed hi, got {value!r}")
        return
    if not _is_number(value):
        raise DataError(file, entry, field, f"must be a number of seconds, got {value!r}")
    if value < lo or value > hi or (open_lo and value == lo):
        low = f"above {lo:g}" if open_lo else f"between {lo:g}"
        raise DataError(file, entry, field, f"must be {low} and {hi:g} at most, got {value!r}")


def read_timing(path: Any, section: str | None = None) -> dict:
    """The checked timing numbers of a file: all of it, or its ``section`` (absent: {})."""
    data = read_yaml(path)
    if section is None:
        return check_timing(path, "(top)", data)
    if section not in data:
        return {}
    return check_timing(path, section, data[section])


@cache
def _shared_timing() -> dict:
    return read_timing(DATA_DIR / "timing.yaml")


def load_timing(game: str) -> dict:
    """``data/timing.yaml`` overlaid with the ``timing:`` section of the game's YAML
    (``data/<game>.yaml``, or the file its descriptor names, if it has one); every number
    checked (DataError names file, entry and key)."""
    from game import registry
    out = dict(_shared_timing())
    path = registry.info(game).data_path if game in registry.GAMES else DATA_DIR / f"{game}.yaml"
    if path.exists():
        out.update(_game_timing(path))
    return out


@cache
def _game_timing(path: Any) -> dict:
    return read_timing(path, "timing")


class Timing:
    """Window lengths, lockouts and AI reaction delays, looked up by the keys a
    :class:`Window` names."""

    def __init__(self, values: Mapping[str, Any] | Callable[[], Mapping[str, Any]]) -> None:
        self._values = None if callable(values) else dict(values)
        self._load = values if callable(values) else None
        # Read once: a window's numbers are looked up for every window (the arena opens
        # thousands a second), so each lookup's answer is kept.
        self._seconds: dict[str | None, float] = {}
        self._ranges: dict[tuple[str, str, bool], tuple[float, float]] = {}
        self._floor: float | None = None

    @property
    def values(self) -> dict:
        """The numbers; a loader is called at the first use (a game without windows
        never reads its YAML for them)."""
        if self._values is None:
            self._values = dict(self._load())
        return self._values

    @classmethod
    def for_game(cls, game: str) -> Timing:
        return cls(lambda: load_timing(game))

    def seconds(self, key: str | None) -> float:
        got = self._seconds.get(key)
        if got is not None:
            return got
        if key is None:
            return 0.0
        try:
            got = self._seconds[key] = float(self.values[key])
        except KeyError:
            raise KeyError(f"no timing number {key!r} (data/timing.yaml or the game's "
                           f"'timing:' section)") from None
        return got

    def delay_range(self, key: str, level: str = "", is_actor: bool = False) -> tuple[float, float]:
        """The ``[lo, hi]`` range of ``key``. A range may be split by seat role
        (``actor``/``others``) and/or by level (``easy``/``normal``/…, ``default``), at
        any depth; a single number is a fixed delay."""
        memo = (key, level, is_actor)
        got = self._ranges.get(memo)
        if got is None:
            got = self._ranges[memo] = self._delay_range(key, level, is_actor)
        return got

    def _delay_range(self, key: str, level: str, is_actor: bool) -> tuple[float, float]:
        spec = self.values.get(key, self.values.get("ai_window_delay_s"))
        while isinstance(spec, Mapping):
            if "actor" in spec or "others" in spec:
                spec = spec.get("actor" if is_actor else "others", spec.get("default"))
            elif level in spec:
                spec = spec[level]
            else:
                spec = spec.get("default", next(iter(spec.values()), None))
        if isinstance(spec, (int, float)):
            return float(spec), float(spec)
        if not (isinstance(spec, Sequence) and len(spec) == 2):
            raise ValueError(f"timing {key!r}: a delay is [lo, hi] or a number, not {spec!r}")
        lo, hi = float(spec[0]), float(spec[1])
        return (lo, hi) if lo <= hi else (hi, lo)

    def reaction_delay(self, window: Window, seat: int, level: str, rng: random.Random,
                       think_scale: float = 1.0) -> float:
        """One agent's reaction delay in ``window``: drawn from its YAML range with the
        seat's own RNG, scaled by the AI-speed setting, never below the range's minimum
        nor ``ai_window_floor_s`` (so no speed setting lets an AI beat human reflexes)."""
        lo, hi = self.delay_range(window.ai_delay, level, seat == window.actor)
        drawn = lo + (hi - lo) * rng.random()
        return max(lo, self.floor, drawn * think_scale)

    @property
    def floor(self) -> float:
        """``ai_window_floor_s``: no AI reaction delay is shorter (0 if not set)."""
        floor = self._floor
        if floor is None:
            floor = self._floor = float(self.values.get("ai_window_floor_s", 0.0))
        return floor


# --------------------------------------------------------------------- the desk
def answers(window: Window, action: Action) -> bool:
    """Whether ``action`` is an answer to ``window`` (a closing press or its default):
    a shout while only a challenge window is open is a press for no open window, so a
    false start (R7.2 of a buzzer game), not an answer the rules refuse."""
    kind = action[0] if action else None
    return kind in window.closes_on or (bool(window.default) and kind == window.default[0])


def default_intent_action(seat: int, intent: Action, landing: Landing) -> Action | None:
    """What a real-time intent means for a game that does not say (no ``intent_action``):
    in a window, the buzzer is its closing answer and any other intent is itself, for an
    eligible seat (nothing for another); in no window, a seat's first buzz after a window
    it could answer has closed is a late answer (nothing), any other buzz is a press for no
    open window (a false start), and any other intent does nothing."""
    w = landing.window
    if w is not None:
        if seat not in w.seats:
            return None
        return (w.closes_on[0],) if intent == BUZZ else intent
    if intent != BUZZ:
        return None
    c = landing.closed
    if c is not None and landing.first and seat in c.seats:
        return None
    return BUZZ


@dataclass
class OpenWindow:
    """A window as the Match judges it: what the table's countdown ring reads."""

    window: Window
    opened_at: float
    ends_at: float | None                 # None: timers off, it waits for every seat
    locked: set[int] = field(default_factory=set)   # false-started seats (closing answers ignored)
    closed_at: float | None = None

    def remaining(self, now: float) -> float | None:
        """Seconds left (never negative), None when timers are off."""
        return None if self.ends_at is None else max(0.0, self.ends_at - now)

    def counts(self, at: float) -> bool:
        """Whether a press at ``at`` falls in the window's time: ``[opened_at, ends_at)``
        with timers (even after an early close: a press then is late, not a false
        start), ``[opened_at, closed_at)`` without."""
        end = self.ends_at if self.ends_at is not None else self.closed_at
        return self.opened_at <= at and (end is None or at < end)


@dataclass(order=True)
class Press:
    at: float
    seq: int
    seat: int = field(compare=False)
    action: Action = field(compare=False)
    window_id: int | None = field(default=None, compare=False)   # set for agent decisions
    intent: bool = field(default=False, compare=False)   # an intent: the rules say what it means


def _press_order(p: Press) -> tuple[float, int]:
    """A press's place in the queue (the dataclass order, without its per-compare cost)."""
    return p.at, p.seq


@dataclass(frozen=True)
class Due:
    """The next answer to submit, and when it counts as made."""

    at: float
    seat: int
    action: Action
    source: str          # "press", "agent" or "default"
    window_id: int


class WindowDesk:
    """Judges one open window at a time (see the module docstring)."""

    def __init__(self, timing: Timing, timers: bool | None = True) -> None:
        self.timing = timing
        self.timers = timers          # None: the timing's ``timers_enabled`` (default on)
        self.current: OpenWindow | None = None
        self.previous: OpenWindow | None = None
        self.queue: list[Press] = []
        self.false_starts: dict[int, float] = {}   # seat -> time of its latest false start
        self.dropped: list[tuple[str, Press]] = []  # (why, press), the latest few, for tests/UI
        self.meaning: Callable[[int, Action, Landing], Action | None] = default_intent_action
        self._last_intent: dict[int, float] = {}    # seat -> time of its latest judged intent
        self._seq = 0

    # -------------------------------------------------------------- window tracking
    def sync(self, window: Window | None, now: float, at: float | None = None) -> bool:
        """Follow the engine's window; ``at`` is when a just-submitted answer closed the
        old one (default ``now``). Returns True if a new window opened."""
        cur = self.current
        if cur is not None and window is not None and cur.window.id == window.id:
            cur.window = window
            return False
        if cur is not None:
            cur.closed_at = now if at is None else at
            self.previous, self.current = cur, None
        if window is None:
            return False
        ends = now + self.timing.seconds(window.duration) if self._timed() else None
        self.current = OpenWindow(window, now, ends)
        for seat, t in self.false_starts.items():
            if self._locks(self.current, t):
                self.current.locked.add(seat)
        return True

    def _timed(self) -> bool:
        if self.timers is None:
            return bool(self.timing.values.get("timers_enabled", True))
        return self.timers

    def _locks(self, win: OpenWindow, false_start: float) -> bool:
        if win.ends_at is None or win.window.lockout is None:      # timers off: no lockout
            return False
        return 0.0 <= win.opened_at - false_start <= self.timing.seconds(win.window.lockout)

    # --------------------------------------------------------------------- presses
    def press(self, seat: int, action: Action, at: float, window_id: int | None = None,
              intent: bool = False) -> None:
        """Queue an answer (or, ``intent``, an intent whose meaning the rules decide where
        it lands) made at ``at``; judged at the next :meth:`next_due`."""
        self._seq += 1
        self.queue.append(Press(at, self._seq, seat, tuple(action), window_id, intent))

    def _drop(self, why: str, p: Press) -> None:
        log.debug("window desk: dropped %s press %r by seat %d at %.3f", why, p.action, p.seat, p.at)
        self.dropped.append((why, p))
        del self.dropped[:-32]

    def _judge(self, now: float) -> list[Press]:
        """Sort out the queue: presses for the open window come back; presses from the
        future stay queued; everything else is dropped (false starts recorded)."""
        cur, keep, valid = self.current, [], []
        queue = self.queue
        if len(queue) > 1:
            queue = sorted(queue, key=_press_order)   # time order: a seat's first intent is first
        for p in queue:
            if p.at > now:
                keep.append(p)
            elif p.intent:
                self._judge_intent(p, valid)
            elif p.window_id is not None:                       # an agent's decision
                if cur is not None and p.window_id == cur.window.id and cur.counts(p.at):
                    valid.append(p)
                else:
                    self._drop("stale", p)
            elif cur is not None and cur.counts(p.at) and answers(cur.window, p.action):
                valid.append(p)
            elif (self.previous is not None and self.previous.counts(p.at)
                  and answers(self.previous.window, p.action)):
                self._drop("late", p)
            else:
                self._false_start(p)
        self.queue = keep + valid
        return valid

    def _false_start(self, p: Press) -> None:
        cur = self.current
        self._drop("false start", p)
        if p.at >= self.false_starts.get(p.seat, float("-inf")):
            self.false_starts[p.seat] = p.at
        if cur is not None and self._locks(cur, p.at):
            cur.locked.add(p.seat)

    def landing(self, seat: int, at: float) -> Landing:
        """Where a press by ``seat`` at ``at`` lands: in the open window's time, or in no
        window — after which closed window (one closed early counts as closed from then:
        a press in the rest of its time is after it), and whether it is the seat's first
        intent since that window opened."""
        cur, prev = self.current, self.previous
        if cur is not None and cur.counts(at):
            return Landing(cur.window)
        closed = next((w for w in (cur, prev) if w is not None and w.opened_at <= at), None)
        if closed is None:
            return Landing(None)
        first = self._last_intent.get(seat, float("-inf")) < closed.opened_at
        return Landing(None, closed.window, first)

    def _judge_intent(self, p: Press, valid: list[Press]) -> None:
        """An intent: the rules say what it means where it landed (see the module doc)."""
        where = self.landing(p.seat, p.at)
        self._last_intent[p.seat] = max(p.at, self._last_intent.get(p.seat, float("-inf")))
        said = self.meaning(p.seat, p.action, where)
        if said is None:
            c = where.closed
            late = where.window is None and where.first and c is not None and p.seat in c.seats
            self._drop("late" if late else "nothing", p)
        elif where.window is not None and answers(where.window, said):
            valid.append(Press(p.at, p.seq, p.seat, said))
        else:       # a press for no open window (R7.2), e.g. a shout in a Phản Đòn window
            self._false_start(p)

    def next_due(self, now: float, waiting: Sequence[int]) -> Due | None:
        """The answer to submit next for the open window, if one is due by ``now``.
        ``waiting``: the eligible seats that have not answered yet (from the engine)."""
        cur = self.current
        if cur is None or cur.ends_at is None or now < cur.ends_at:
            for p in self.queue:
                if p.at <= now:
                    break
            else:
                return None              # nothing to judge yet (what _judge would find)
        valid = self._judge(now)         # already in (time, seq) order
        cur = self.current
        if cur is None:
            return None
        w = cur.window
        seats, locked, closes = w.seats, cur.locked, w.closes_on
        best: dict[int, Press] = {}      # each waiting seat's first valid answer
        for p in valid:
            s = p.seat
            if s not in waiting or s not in seats:
                self._drop("not waiting", p)
            elif locked and s in locked and p.action[:1] and p.action[0] in closes:
                self._drop("locked out", p)
            elif s not in best:
                best[s] = p
            else:
                self._drop("second answer", p)
        if valid:
            self.queue = [p for p in self.queue if p.at > now or best.get(p.seat) is p]
        if cur.ends_at is None:                                  # timers off
            if not waiting or any(s not in best for s in waiting):
                return None
            p = min(best.values(), key=lambda p: seats.index(p.seat))
            return self._take(p, w.id, p.at)
        if best:                         # all inside [opened_at, ends_at): see counts()
            if len(best) == 1:
                p = next(iter(best.values()))
            else:
                p = min(best.values(), key=lambda p: (p.at, seats.index(p.seat), p.seq))
            return self._take(p, w.id, p.at)
        if now >= cur.ends_at:
            for s in seats:
                if s in waiting:
                    return Due(cur.ends_at, s, w.default, "default", w.id)
        return None

    def _take(self, p: Press, window_id: int, at: float) -> Due:
        queue = self.queue
        for i, q in enumerate(queue):
            if q is p:
                del queue[i]
                break
        return Due(at, p.seat, p.action, "press" if p.window_id is None else "agent", window_id)

    def next_time(self, now: float) -> float | None:
        """When something may next become due after ``now`` (a queued press or the
        deadline), for drivers that jump a fake clock (the arena)."""
        times = [p.at for p in self.queue if p.at > now]
        cur = self.current
        if cur is not None and cur.ends_at is not None and cur.ends_at > now:
            times.append(cur.ends_at)
        return min(times) if times else None
