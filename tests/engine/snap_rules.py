"""A TEST-ONLY race ruleset ("snap"), injected through ``Match(state_factory=...)``.

Seats play their cards in turn. Each play turns a card and opens a snap window for every
other seat, clockwise from the player's left (the tie-break order): ("snap",) or
("pass",). The first snap closes the window: +1 if the card matches the previous card's
rank (card % 3), else -1. When every seat has passed the window closes early. The game
ends when every hand is empty. The rules are time-free, like every engine: the window's
length, AI delays and false-start lockout are names of YAML-style timing numbers.
"""

from __future__ import annotations

import copy
import random
import threading

from game.core import Event, IllegalAction, Result, Window
from game.match import Match, Seat

SNAP_S = 3.0
TIMING = {"snap_window_s": SNAP_S, "snap_lock_s": 1.0, "ai_snap_delay_s": [0.8, 2.4],
          "ai_window_floor_s": 0.25}


class SnapState:
    def __init__(self, n_seats: int, seed: int, options: dict) -> None:
        if options.get("broken"):
            raise ValueError("snap option 'broken' is set")
        self.n_seats = n_seats
        self.rng = random.Random(seed)
        per = int(options.get("cards", 3))
        deck = list(range(n_seats * per))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[i::n_seats]) for i in range(n_seats)]
        self.pile: list[int] = []
        self.scores = [0] * n_seats
        self.turn = 0
        self.phase = "play"
        self.waiting: list[int] = []

    def active_seats(self) -> tuple[int, ...]:
        if self.phase == "react":
            return tuple(self.waiting)
        return () if self.phase == "over" else (self.turn,)

    def legal_actions(self, seat: int) -> list[tuple]:
        if seat not in self.active_seats():
            return []
        if self.phase == "react":
            return [("pass",), ("snap",)]
        return [("play", c) for c in self.hands[seat]]

    def window(self) -> Window | None:
        if self.phase != "react":
            return None
        n = self.n_seats
        return Window(id=len(self.pile), kind="snap",
                      seats=tuple((self.turn + k) % n for k in range(1, n)),
                      closes_on=("snap",), default=("pass",), duration="snap_window_s",
                      ai_delay="ai_snap_delay_s", lockout="snap_lock_s", actor=self.turn)

    def apply(self, seat: int, action) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"Seat {seat} may not {action!r} now.", "illegal")
        if self.phase == "play":
            self.hands[seat].remove(action[1])
            self.pile.append(action[1])
            self.phase = "react"
            self.waiting = [s for s in self.window().seats]
            return [Event("play", seat, {"card": action[1]})]
        self.waiting.remove(seat)
        events = [Event("react", seat, {"action": action[0]})]
        if action == ("snap",):
            good = len(self.pile) >= 2 and self.pile[-1] % 3 == self.pile[-2] % 3
            self.scores[seat] += 1 if good else -1
            events.append(Event("snap", seat, {"good": good}))
            self.waiting = []
        if self.waiting:
            return events
        self.turn = (self.turn + 1) % self.n_seats
        if not any(self.hands):
            self.phase = "over"
            events.append(Event("over", None, {"scores": list(self.scores)}))
        else:
            self.phase = "play"
        return events

    def view(self, seat: int | None) -> dict:
        return {"seat": seat, "hand": None if seat is None else tuple(self.hands[seat]),
                "sizes": tuple(len(h) for h in self.hands), "pile": tuple(self.pile),
                "scores": tuple(self.scores), "phase": self.phase, "turn": self.turn,
                "waiting": tuple(self.waiting)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        top = max(self.scores)
        return Result(tuple(s for s in range(self.n_seats) if self.scores[s] == top),
                      tuple(self.scores))

    def clone(self) -> SnapState:
        return copy.deepcopy(self)

    def deal_events(self) -> list[Event]:
        return [Event("hand", s, {"cards": list(h)}, to=s) for s, h in enumerate(self.hands)]


def snap_factory(n: int, seed: int, opts: dict) -> SnapState:
    return SnapState(n, seed, opts)


class SnapAgent:
    """Snaps (or passes) in a window; plays its lowest card after ``think_delay``."""

    level = "test"

    def __init__(self, seat: int, think_delay: float = 1.0, react: str | list = "snap",
                 gate: threading.Event | None = None) -> None:
        """``react``: the answer in every window, or a list of answers, one per window
        decision (the last one repeats)."""
        self.seat, self.think_delay, self.gate = seat, think_delay, gate
        self.react = [react] if isinstance(react, str) else list(react)
        self.seen: list[Event] = []
        self.calls = 0
        self.gate_timed_out = False
        self.thread_names: list[str] = []

    def observe(self, events: list[Event]) -> None:
        self.seen.extend(events)

    def decide(self, view, legal):
        self.calls += 1
        self.thread_names.append(threading.current_thread().name)
        if self.gate is not None and not self.gate.wait(5.0):
            self.gate_timed_out = True
        if ("snap",) in legal:
            answer = self.react[0] if len(self.react) == 1 else self.react.pop(0)
            return answer if isinstance(answer, tuple) else (answer,)
        return legal[0]


def humans(n: int = 3) -> list[Seat]:
    return [Seat("human") for _ in range(n)]


def snap_match(seats=None, **kw) -> Match:
    kw.setdefault("timing", TIMING)
    return Match("snap", seats or humans(), seed=kw.pop("seed", 1), state_factory=snap_factory,
                 **kw)


def first_card(m: Match, seat: int = 0) -> tuple:
    return m.legal_actions(seat)[0]
