"""Mascarade agents (placeholder: random)."""
from __future__ import annotations

import random
from typing import Any


class RandomAgent:
    level = "random"
    blind = True

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat, self.rng = seat, random.Random(seed)

    def observe(self, events: list) -> None:
        pass

    def decide(self, view: Any, legal: list) -> Any:
        return self.rng.choice(legal)


def make_agent(level: str, seat: int, seed: int = 0, **kwargs: Any) -> Any:
    if level == "random":
        return RandomAgent(seat, seed)
    raise ValueError(f"unknown Mascarade AI level {level!r}")
