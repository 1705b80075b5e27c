"""Which games exist and how to build their states and agents.

Each game module exposes ``new_game(n_seats, seed, options)`` and
``make_agent(level, seat, seed)``; this table is the only place that lists them
(one line per game). Its rule options come from ``data/<name>.yaml`` (game.options).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.cards import DATA_DIR
from game.options import OptionSpec, setup_specs


@dataclass(frozen=True)
class GameInfo:
    name: str
    module: str            # package with rules.new_game and ai.make_agent
    min_seats: int
    max_seats: int
    data: str = ""         # its YAML (options section); default data/<name>.yaml
    contract: str = ""     # its wire types and conformance hooks; default <module>.contract

    @property
    def data_path(self) -> Path:
        return Path(self.data) if self.data else DATA_DIR / f"{self.name}.yaml"


GAMES: dict[str, GameInfo] = {
    "ganjifa": GameInfo("ganjifa", "game.ganjifa", 3, 3),
    "kowah": GameInfo("kowah", "game.kowah", 3, 3),
    "daotam": GameInfo("daotam", "game.daotam", 3, 5),
    "mascarade": GameInfo("mascarade", "game.mascarade", 2, 13),
}


def register(game: GameInfo) -> GameInfo:
    """Add a game (the line in GAMES does this for the games that ship)."""
    if not 1 <= game.min_seats <= game.max_seats:
        raise ValueError(f"{game.name}: seats {game.min_seats}..{game.max_seats} make no range")
    GAMES[game.name] = game
    return game


def info(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}") from None


def option_specs(game: str) -> tuple[OptionSpec, ...]:
    """The rule options the setup screen offers for ``game`` (none if it has no YAML)."""
    path = info(game).data_path
    return setup_specs(path) if path.exists() else ()


def new_game(game: str, n_seats: int, seed: int, options: dict | None = None) -> Any:
    rules = importlib.import_module(info(game).module + ".rules")
    return rules.new_game(n_seats=n_seats, seed=seed, options=options or {})


def first_seat_count(game: str) -> int:
    """The seat count a fresh setup starts at: the game's ``first_seat_count()`` (its
    rules module's, from its data) if it has one, else its fewest seats."""
    g = info(game)
    rules = importlib.import_module(g.module + ".rules")
    suggest = getattr(rules, "first_seat_count", None)
    n = suggest() if suggest is not None else g.min_seats
    return min(max(n, g.min_seats), g.max_seats)


def make_agent(game: str, level: str, seat: int, seed: int) -> Any:
    ai = importlib.import_module(info(game).module + ".ai")
    return ai.make_agent(level, seat, seed)
