"""Which games exist and how to build their states and agents.

Each game module exposes ``new_game(n_seats, seed, options)`` and
``make_agent(level, seat, seed)``; this table is the only place that lists them.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameInfo:
    name: str
    module: str            # package with rules.new_game and ai.make_agent
    min_seats: int
    max_seats: int


GAMES: dict[str, GameInfo] = {
    "ganjifa": GameInfo("ganjifa", "game.ganjifa", 3, 3),
    "kowah": GameInfo("kowah", "game.kowah", 3, 3),
    "mascarade": GameInfo("mascarade", "game.mascarade", 2, 13),
}


def info(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}") from None


def new_game(game: str, n_seats: int, seed: int, options: dict | None = None) -> Any:
    rules = importlib.import_module(info(game).module + ".rules")
    return rules.new_game(n_seats=n_seats, seed=seed, options=options or {})


def make_agent(game: str, level: str, seat: int, seed: int) -> Any:
    ai = importlib.import_module(info(game).module + ".ai")
    return ai.make_agent(level, seat, seed)
