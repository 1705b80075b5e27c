"""The agent protocol. An agent sees its seat's view, its legal actions and the events
visible to its seat — never the state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from game.core import Action, Event

LEVELS = ("random", "easy", "normal", "hard")


class Agent(Protocol):
    """``blind`` (optional, default False): the agent decides from the legal actions alone
    and reads neither views nor events, so a driver may pass ``None`` as the view and skip
    ``observe`` (the arena does; it is what lets it measure the bare engine with random
    seats)."""

    level: str
    think_delay: float   # seconds a human-paced table waits before showing the move

    def observe(self, events: list[Event]) -> None: ...
    def decide(self, view: Any, legal: list[Action]) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions."""

    level = "random"
    think_delay = 0.35
    blind = True

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: Any, legal: list[Action]) -> Action:
        # random() * n rather than rng.choice: uniform to within 2**-53 and about twice as
        # fast, which shows when random seats benchmark an engine.
        return legal[int(self._random() * len(legal))]
