"""Which games exist, and every question shared code asks about one.

Each game's package declares its descriptor (``GAME``, a :class:`GameInfo`) in its
``__init__.py``; the lines at the bottom of this file register the games that ship, one
line per game, and are the only place on the engine side that names a game. Shared code
asks the functions here (or a descriptor's fields), never a game's name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from game.descriptor import HANDOFFS, GameInfo, Truth
from game.options import OptionSpec, setup_specs

__all__ = ["GAMES", "GameInfo", "Truth", "card_name", "data_checks", "explainer",
           "first_seat_count", "hook", "info", "make_agent", "new_game", "option_specs",
           "progress", "register", "sample_seats", "truth"]

GAMES: dict[str, GameInfo] = {}
VERSION = [0]       # bumped by every register(): caches of what the games bring know to renew


def register(game: GameInfo) -> GameInfo:
    """Add a game (the lines at the bottom do this for the games that ship)."""
    if not 1 <= game.min_seats <= game.max_seats:
        raise ValueError(f"{game.name}: seats {game.min_seats}..{game.max_seats} make no range")
    if game.handoff not in HANDOFFS:
        raise ValueError(f"{game.name}: handoff {game.handoff!r}; use one of {', '.join(HANDOFFS)}")
    GAMES[game.name] = game
    VERSION[0] += 1
    return game


def info(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}") from None


def _module(game: str, sub: str, optional: bool = False) -> Any:
    """A module of the game's package (``sub`` empty: the package). ``optional``: None
    when that module does not exist; an import failing *inside* it still raises."""
    name = f"{info(game).module}.{sub}" if sub else info(game).module
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if optional and err.name and name.startswith(err.name):
            return None
        raise


def hook(game: str, field: str, optional: bool = False) -> Callable[..., Any] | None:
    """The function a descriptor names in ``field`` (``"submodule:function"`` in the game's
    package). ``optional``: None when that submodule or function does not exist."""
    ref = getattr(info(game), field)
    if not ref:
        return None
    sub, _, func = ref.partition(":")
    module = _module(game, sub, optional)
    found = getattr(module, func, None) if module is not None else None
    if found is None and not optional:
        raise AttributeError(f"{game}: {module.__name__} has no {func}()")
    return found


def option_specs(game: str) -> tuple[OptionSpec, ...]:
    """The rule options the setup screen offers for ``game`` (none if it has no YAML)."""
    path = info(game).data_path
    return setup_specs(path) if path.exists() else ()


def new_game(game: str, n_seats: int, seed: int, options: dict | None = None) -> Any:
    return hook(game, "engine")(n_seats=n_seats, seed=seed, options=options or {})


def first_seat_count(game: str) -> int:
    """The seat count a fresh setup starts at: the game's ``first_seats`` function (its
    rules module's, from its data) if it has one, else its fewest seats."""
    g = info(game)
    suggest = hook(game, "first_seats", optional=True)
    n = suggest() if suggest is not None else g.min_seats
    return min(max(n, g.min_seats), g.max_seats)


def sample_seats(game: str) -> int:
    """The seat count of the game's made-up histories (benchmarks, screenshots)."""
    return info(game).sample_seats or first_seat_count(game)


def make_agent(game: str, level: str, seat: int, seed: int, **tuning: Any) -> Any:
    """An agent of ``level`` for ``seat`` (``tuning``: keyword settings the game's agent
    factory takes, for developer tools)."""
    return hook(game, "agents")(level, seat, seed, **tuning)


def explainer(game: str) -> Any:
    """The game's hints module (``explain``, and ``UNDO`` when undo against AIs is
    offered), or None for a game without one or not registered."""
    return _module(game, info(game).hints, optional=True) if game in GAMES else None


def progress(game: str, view: Any) -> tuple[str, dict]:
    """How far a game has come, from a view: an i18n key and its params."""
    return hook(game, "progress")(view)


def truth(game: str, state: Any) -> Truth | None:
    """What a finished replay reveals of ``state`` (None: the game reveals nothing)."""
    reveal = hook(game, "truth", optional=True)
    return reveal(state) if reveal is not None else None


def card_name(game: str, card: Any, lang: str) -> str:
    """One card of ``game`` in words, in ``lang`` (as the card itself if the game names none)."""
    name = hook(game, "card_name", optional=True)
    return name(card, lang) if name is not None else str(card)


def data_checks(game: str) -> None:
    """Load and validate the game's data files (its own loader and its setup options);
    raises DataError naming the file, entry and field of a broken one."""
    load = hook(game, "loader")
    if load is not None:
        load()
    option_specs(game)


# The games that ship: one line each (each package's __init__.py declares its GAME).
register(importlib.import_module("game.ganjifa").GAME)
register(importlib.import_module("game.kowah").GAME)
register(importlib.import_module("game.daotam").GAME)
register(importlib.import_module("game.mascarade").GAME)
