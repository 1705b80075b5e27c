"""A table's time passes only while it is on top: the party handoff is pushed once, and a
pause, the rules or settings freeze AI moves, deadlines and animations (issue 7 §1)."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match, Seat
from scenes.screens.handoff import HandoffScene
from scenes.tables.base import TableScene
from tests.ui.helpers import key, make_app


def table_app(game: str, seats: list[str], seed: int = 3, speed: float = 0.0):
    app = make_app(speed=speed)
    from scenes.core import session
    match = Match(game, [Seat(k) for k in seats], seed, {"time": "day"} if game == "ganjifa" else {})
    app.stack.push(session.make_table(app, match, fresh=True))
    return app


def tables(app) -> list[TableScene]:
    return [s for s in app.stack.scenes if isinstance(s, TableScene)]


def handoffs(app) -> list[HandoffScene]:
    return [s for s in app.stack.scenes if isinstance(s, HandoffScene)]


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_party_pushes_one_handoff_per_change_of_human(game):
    app = table_app(game, ["human", "human", "normal"])
    for _ in range(300):
        app.step()
    assert len(handoffs(app)) == 1, [type(s).__name__ for s in app.stack.scenes]
    first = handoffs(app)[0].seat
    key(pygame.K_RETURN)
    app.step()
    table = tables(app)[0]
    assert app.stack.top is table and table.viewer == first and table.confirmed_viewer
    for _ in range(50):
        app.step()
    assert handoffs(app) == []             # the confirmed human's turn: no second handoff


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
@pytest.mark.parametrize("cover", ["pause", "rules", "settings"])
def test_a_covered_table_is_frozen(game, cover):
    app = table_app(game, ["normal", "normal", "normal"])
    table = tables(app)[0]
    if cover == "pause":
        key(pygame.K_ESCAPE)
    elif cover == "rules":
        key(pygame.K_F1)
    else:
        from scenes.screens.settings import SettingsScene
        app.stack.push(SettingsScene(app))
    app.step()
    assert app.stack.top is not table
    actions, events, clock = len(table.match.log), table.cursor, table.clock
    for _ in range(300):
        app.step()
    assert len(table.match.log) == actions, "AIs played under the cover"
    assert table.cursor == events and table.clock == clock
    assert tables(app)[0] is table and not table.over_shown
    app.stack.remove(app.stack.top)
    for _ in range(60):
        app.step()
    assert len(table.match.log) > actions, "the table did not resume"


def test_the_match_is_ticked_with_the_tables_clock():
    app = table_app("ganjifa", ["normal", "normal", "normal"])
    table = tables(app)[0]
    seen: list[float] = []
    real_tick = table.match.tick
    table.match.tick = lambda now: (seen.append(now), real_tick(now))[1]
    for _ in range(40):
        app.step()
    assert seen and 0 <= min(seen) and max(seen) <= table.clock   # not the wall clock
