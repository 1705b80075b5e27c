"""What the setup screen (and --game) fill in before a deal: the rule options a game's
YAML offers (game.options), with defaults and the named fresh suggestions."""

from __future__ import annotations

import time
from collections.abc import Callable

from game import registry


def clock_time_of_day() -> str:
    """Ganjifa rule 5's suggestion: 06:00–17:59 is day."""
    return "day" if 6 <= time.localtime().tm_hour < 18 else "night"


#: ``suggest:`` names a YAML option entry may use, and what each computes.
SUGGESTIONS: dict[str, Callable[[], object]] = {"time_of_day": clock_time_of_day}


def fresh_options(game: str, options: dict | None = None, defaults: bool = False) -> dict:
    """``options`` with every suggested option filled in (a fresh suggestion each deal),
    and, with ``defaults``, every offered option at its YAML default when not chosen."""
    out = dict(options or {})
    for spec in registry.option_specs(game):
        if spec.suggest:
            out.setdefault(spec.key, SUGGESTIONS[spec.suggest]())
        elif defaults:
            out.setdefault(spec.key, spec.default)
    return out


def again_options(game: str, options: dict) -> dict:
    """Deal again: the same choices, but suggested options suggested afresh."""
    specs = registry.option_specs(game)
    kept = {k: v for k, v in options.items() if not any(s.key == k and s.suggest for s in specs)}
    return fresh_options(game, kept, defaults=True)
