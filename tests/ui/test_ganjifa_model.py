"""The Ganjifa table's visual model, with no display: fed a view and the engine's events,
it ends where a model rebuilt from the later view starts; it imports no pygame; and the
animated table, its flights skipped, ends at the same model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.match import Match, Seat
from scenes.tables.ganjifa.model import GanjifaModel, twist

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scenes" / "tables" / "ganjifa"


def test_the_model_and_the_hand_geometry_import_no_pygame():
    code = ("import sys; import scenes.tables.ganjifa.model, scenes.tables.ganjifa.hand; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, "importing the Ganjifa model pulled in pygame: " + done.stderr


def test_no_table_file_is_long():
    for path in PACKAGE.glob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n <= 400, f"{path.name}: {n} lines"


def play(match: Match, steps: int, seed: int) -> None:
    agents = {s: registry.make_agent("ganjifa", "normal", s, seed + s) for s in range(len(match.seats))}
    for _ in range(steps):
        if match.is_over():
            return
        seat = match.active_seats()[0]
        match.submit(seat, agents[seat].decide(match.view(seat), match.legal_actions(seat)))


def rebuilt(match: Match, viewer: int) -> GanjifaModel:
    model = GanjifaModel(len(match.seats), match.seed)
    model.reset(match.view(viewer), viewer)
    return model


def state(m: GanjifaModel) -> tuple:
    """What is drawn (``full_hand`` is only the deal's basis: it stays the dealt hand)."""
    return (sorted(m.hand), m.sizes, m.captured, m.trick,
            sorted(m.centre), m.dealing, m.trump_mark)


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("viewer", [0, 2])
def test_events_lead_where_the_view_says(seed, viewer):
    """From the first event, step by step through a whole hand (tricks, Dukals, give-ups):
    the model the events built agrees with the one rebuilt from the view at every point."""
    time = "day" if seed % 2 else "night"
    match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("hard")], seed, {"time": time})
    model = GanjifaModel(3, seed)
    model.reset(match.view(viewer), viewer)
    model.clear_hands()
    model.apply_events(match.events)                    # the deal
    assert state(model) == state(rebuilt(match, viewer))
    assert len(model.hand) == len(match.view(viewer).hand)
    seen = len(match.events)
    kinds: set[str] = set()
    while not match.is_over():
        play(match, 1 + seed % 3, seed)
        new = match.events[seen:]
        seen = len(match.events)
        kinds |= {e.kind for e in new}
        model.apply_events(new)
        assert state(model) == state(rebuilt(match, viewer)), f"after {[e.kind for e in new]}"
    assert {"play", "trick"} <= kinds


def test_dukals_and_give_ups_are_covered():
    """At least one of the seeds above plays a Dukal with cards given up to it."""
    for seed in range(1, 9):
        time = "day" if seed % 2 else "night"
        match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("hard")], seed, {"time": time})
        play(match, 3000, seed)
        if {"dukal", "give", "dukal_won"} <= {e.kind for e in match.events}:
            return
    pytest.fail("no seed plays a Dukal: the agreement test does not cover one")


def test_a_trick_card_keeps_its_twist():
    assert twist(7, 3) == twist(7, 3)
    assert 4 <= abs(twist(7, 3)) <= 8
    assert twist(7, 3) > 0 > twist(8, 3)


@pytest.mark.parametrize("seed", [2, 5])
def test_the_animated_table_ends_at_the_model(seed):
    """The table's own animations (every flight skipped to its end) leave the table's
    model where the model fed the same events is."""
    from scenes.tables.ganjifa import GanjifaTable
    from tests.ui.helpers import make_app
    app = make_app()
    match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("normal")], seed, {"time": "day"})
    table = GanjifaTable(app, match, fresh=True)
    app.stack.reset(table)
    model = GanjifaModel(3, seed)
    model.reset(match.view(0), 0)
    model.clear_hands()
    seen = 0
    for _ in range(40):
        new = match.events[seen:]
        seen = len(match.events)
        model.apply_events(new)
        table.driver.consume()          # the events become flights
        table.driver.skip()             # every flight at its end
        assert state(table.model) == state(model)
        if match.is_over():
            break
        play(match, 1, seed)
