"""The agent protocol. An agent sees its seat's view, its legal actions and the events
visible to its seat — never the state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from game.core import Action, Event

LEVELS = ("random", "easy", "normal", "hard")


class Agent(Protocol):
    level: str
    think_delay: float   # seconds a human-paced table waits before showing the move

    def observe(self, events: list[Event]) -> None: ...
    def decide(self, view: Any, legal: list[Action]) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions."""

    level = "random"
    think_delay = 0.35

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: Any, legal: list[Action]) -> Action:
        return self.rng.choice(legal)
