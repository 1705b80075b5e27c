"""Hints: the suggested move for a human seat, with its reason in one sentence.

One interface for every game: :func:`suggest` asks the game's explainer
(the module its descriptor names, function ``explain``) which runs a Normal or Hard agent on the
seat's *view* (never the state) and describes the facts that drove its choice as an i18n
key under ``hints.<g>.`` plus the params of that sentence. Params are plain values; a
name that depends on the language is a ``{"vi": …, "en": …}`` dict and a param named
``seat…`` is a seat number — the scene turns both into words (:func:`scenes.kit.hint_bubble`).

Deterministic and harmless: the hint agent is a fresh one, seeded from (deal, seat, move
number) by :func:`hint_seed`; it is fed the events the seat has seen, so it never touches
the game's RNG or the seated agents' RNGs, and asking for a hint changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.core import Action, Event

LEVELS = ("normal", "hard")


@dataclass(frozen=True)
class Hint:
    """A suggested ``action`` and why: ``key`` (i18n) filled with ``params``. ``also``:
    the rest of a decision made of several actions in a row (the cards of a Dukal
    give-up, which the table submits together)."""

    action: Action
    key: str
    params: dict = field(default_factory=dict)
    also: tuple[Action, ...] = ()


def hint_seed(seed: int, seat: int, moves: int) -> int:
    """The hint agent's seed: a function of the position only, apart from every other RNG."""
    return random.Random(f"{seed}:hint:{seat}:{moves}").randrange(2**31)


def explainer(game: str) -> Any:
    """The game's ``hints`` module, or None for a game without one (a game added
    without hints, a test's tiny ruleset): its tables then offer no hint and no undo."""
    return registry.explainer(game)


def suggest(game: str, view: Any, legal: list[Action], level: str = "normal",
            events: Iterable[Event] = (), seed: int = 0) -> Hint:
    """The ``level`` agent's move for the seat of ``view`` and its reason.

    ``events``: what that seat has seen so far (agents that remember need them)."""
    if level not in LEVELS:
        raise ValueError(f"hint level {level!r}; use one of {', '.join(LEVELS)}")
    if len(legal) == 1:
        return Hint(legal[0], "hints.only_move", {})
    module = explainer(game)
    if module is None:
        raise ValueError(f"{game!r} has no hints")
    return module.explain(view, list(legal), level, list(events), seed)


def prepare(match: Any, seat: int, level: str = "normal") -> Callable[[], Hint]:
    """The hint for ``seat`` of a running Match, to compute later: its view, legal
    actions and seen events are copied now, so the returned function may run on another
    thread while the Match goes on."""
    legal = list(match.legal_actions(seat))
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    events = [e for e in match.events if e.visible_to(seat)]
    view, game = match.view(seat), match.game
    seed = hint_seed(match.seed, seat, len(match.log))
    return lambda: suggest(game, view, legal, level, events, seed)


def for_match(match: Any, seat: int, level: str = "normal") -> Hint:
    """The hint for ``seat`` of a running Match (its view, legal actions, seen events)."""
    return prepare(match, seat, level)()


def pct(p: float) -> int:
    """A chance as a whole percentage for a sentence (never 100 unless certain)."""
    n = round(100 * p)
    return 99 if n == 100 and p < 1.0 else 1 if n == 0 and p > 0.0 else n
