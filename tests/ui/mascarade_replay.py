"""A Mascarade table replaying a finished stretch of a match's public events from a given
event on, frame by frame at a fixed step (shared by the motion tests)."""

from __future__ import annotations

from collections.abc import Callable

from game.match import Match, Seat
from scenes.tables.mascarade import MascaradeTable
from tests.ui.helpers import make_app
from tools.screens import drive


def played(n: int, until: Callable[[Match], bool], seeds=range(1, 80)) -> Match:
    """A match of ``n`` AIs driven until ``until`` holds (the first seed that gets there)."""
    for seed in seeds:
        match = Match("mascarade", [Seat("normal")] * n, seed)
        if drive(match, until, "normal", seed):
            return match
    raise AssertionError("no seed reaches the moment")


def replay_from(match: Match, first: int, size=(640, 400), speed: float = 1.0, reduced: bool = False):
    """A table whose model holds the public events before ``first`` and whose queue will
    play the events from ``first`` on (the opening's show long over)."""
    app = make_app(size=size)
    app.settings.anim_speed = speed
    app.settings.reduced_motion = reduced
    table = MascaradeTable(app, match, fresh=True)
    app.stack.push(table)
    table.over_shown = True
    table.model.catch_up(match.events[:first])
    table.model.faceup = {}
    table.cursor = first
    return app, table


def index_of(match: Match, kind: str, test: Callable[[dict], bool] = lambda d: True, last: bool = False) -> int:
    found = [i for i, e in enumerate(match.events) if e.kind == kind and e.to is None and test(e.data)]
    assert found, kind
    return found[-1] if last else found[0]
