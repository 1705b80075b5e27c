"""What the setup screen (and --game) fill in before a deal: the rule options a game's
YAML offers (game.options), with defaults and the named fresh suggestions."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game import registry
from game.options import SUGGESTIONS, clock_time_of_day

__all__ = ["again_options", "clock_time_of_day", "fresh_options"]


def fresh_options(game: str, options: dict | None = None, defaults: bool = False,
                  suggest: Mapping[str, Callable[[], object]] = SUGGESTIONS) -> dict:
    """``options`` with every suggested option filled in (a fresh suggestion each deal),
    and, with ``defaults``, every offered option at its YAML default when not chosen."""
    out = dict(options or {})
    for spec in registry.option_specs(game):
        if spec.suggest:
            out.setdefault(spec.key, suggest[spec.suggest]())
        elif defaults:
            out.setdefault(spec.key, spec.default)
    return out


def again_options(game: str, options: dict,
                  suggest: Mapping[str, Callable[[], object]] = SUGGESTIONS) -> dict:
    """Deal again: the same choices, but suggested options suggested afresh."""
    specs = registry.option_specs(game)
    kept = {k: v for k, v in options.items() if not any(s.key == k and s.suggest for s in specs)}
    return fresh_options(game, kept, defaults=True, suggest=suggest)
