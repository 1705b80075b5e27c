"""Ganjifa agents. Levels: random, easy (more to come in this module)."""

from __future__ import annotations

import random

from game.ai.base import RandomAgent
from game.core import Action, Event
from game.ganjifa.deck import default_deck
from game.ganjifa.rules import GanjifaView


class EasyAgent:
    """Sensible but loose: wins a trick cheaply when it can, otherwise sheds low cards."""

    level = "easy"
    think_delay = 0.5

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.deck = default_deck()

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: GanjifaView, legal: list[Action]) -> Action:
        d = self.deck
        if view.phase == "give":
            return min(legal, key=lambda a: (d.strength[a[1]] + (12 if a[1] // 12 == view.trump else 0),
                                             self.rng.random()))
        dukals = [a for a in legal if a[0] == "dukal"]
        if dukals and self.rng.random() < 0.8:
            return max(dukals, key=lambda a: len(a[1]))
        plays = [a for a in legal if a[0] == "play"]
        if view.phase == "lead":
            return max(plays, key=lambda a: (d.strength[a[1]], self.rng.random()))
        led = view.trick[0][1] // d.per_suit

        def power(c: int) -> tuple[int, int]:
            s = c // d.per_suit
            return (2 if s == view.trump else 1 if s == led else 0, d.strength[c])

        best = max(power(c) for _, c in view.trick)
        winners = [a for a in plays if power(a[1]) > best]
        if winners and self.rng.random() < 0.85:
            return min(winners, key=lambda a: power(a[1]))
        return min(plays, key=lambda a: (power(a[1]), self.rng.random()))


def make_agent(level: str, seat: int, seed: int = 0):
    if level == "random":
        return RandomAgent(seat, seed)
    if level in ("easy", "normal", "hard"):
        return EasyAgent(seat, seed)
    raise ValueError(f"unknown Ganjifa AI level {level!r}")
