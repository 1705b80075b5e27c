"""The Kowah table's visual model, with no display: fed a view and the engine's events,
it ends where a model rebuilt from the later view starts; it imports no pygame; and the
table decides no rules (no hand splitting, no log scanning: the win event says it)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.kowah.deck import default_deck
from game.match import Match, Seat
from scenes.tables.kowah.model import (
    HELD,
    KowahModel,
    display_groups,
    outcome_from_result,
    outcome_groups,
)

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scenes" / "tables" / "kowah"
D = default_deck()
P = D.parse


def test_the_model_imports_no_pygame():
    code = ("import sys; import scenes.tables.kowah.model; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, "importing the Kowah model pulled in pygame: " + done.stderr


def test_the_table_decides_no_rules():
    """The winning groups come from the engine's win event: nothing in the table package
    imports the engine's hand recognition or reads back through the match's events."""
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"game\.kowah(\.checki| import checki)", text), f"{path.name} imports checki"
        assert "split_groups" not in text, f"{path.name} splits hands itself"
        assert "match.events" not in text, f"{path.name} scans the match's events"
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        assert "split_groups" not in path.read_text(encoding="utf-8"), f"{path} splits hands itself"


def test_no_table_file_is_long():
    for path in PACKAGE.glob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n <= 400, f"{path.name}: {n} lines"


# ------------------------------------------------------------------ from events
def play(match: Match, steps: int, seed: int) -> None:
    agents = {s: registry.make_agent("kowah", "normal", s, seed + s) for s in range(len(match.seats))}
    for _ in range(steps):
        if match.is_over():
            return
        seat = match.active_seats()[0]
        match.submit(seat, agents[seat].decide(match.view(seat), match.legal_actions(seat)))


def rebuilt(match: Match, viewer: int, like: KowahModel) -> KowahModel:
    model = KowahModel(D, len(match.seats))
    model.sort_mode, model.orders = like.sort_mode, {viewer: list(like.order)}
    result = match.result() if match.is_over() else None
    model.reset(match.view(viewer), viewer, outcome_from_result(result))
    return model


def assert_agree(applied: KowahModel, fresh: KowahModel, viewer: int) -> None:
    assert applied.sizes == fresh.sizes
    assert applied.stock_vis == fresh.stock_vis
    assert applied.pile == fresh.pile
    assert applied.declared == fresh.declared
    assert applied.held == fresh.held
    assert sorted(applied.order) == sorted(fresh.order), "the viewer's hand"
    for s in range(applied.n):
        if s != viewer:             # (the viewer's own taken cards are in the hand, not listed)
            # a declaration takes its pair out of "Known" (it lies face up); the view keeps it
            pair = fresh.declared[s]
            assert (sorted(c for c in applied.known[s] if c != pair)
                    == sorted(c for c in fresh.known[s] if c != pair)), f"seat {s} known"
    assert (applied.outcome is None) == (fresh.outcome is None)
    if applied.outcome:
        for k in ("kind", "winner", "card", "method", "mult", "from_seat", "groups", "anomaly"):
            assert applied.outcome.get(k) == fresh.outcome.get(k), k


@pytest.mark.parametrize("seed", range(1, 13))
def test_events_lead_where_the_view_says(seed):
    """From the deal, and from a mid-hand view, to the end of the hand: the model the
    events built agrees with the one rebuilt from the view at each point."""
    viewer = 0
    match = Match("kowah", [Seat("human"), Seat("normal"), Seat("hard")], seed)
    model = KowahModel(D, 3)
    model.viewer = viewer
    model.clear_hands()
    model.apply_events(match.events)                    # the deal
    assert_agree(model, rebuilt(match, viewer, model), viewer)
    assert len(model.order) == 8
    dealt = len(match.events)
    play(match, 25, seed)
    mark = len(match.events)
    model.apply_events(match.events[dealt:mark])
    assert_agree(model, rebuilt(match, viewer, model), viewer)
    mid = rebuilt(match, viewer, model)
    play(match, 3000, seed)
    assert match.is_over()
    for m in (model, mid):
        m.apply_events(match.events[mark:])
        assert_agree(m, rebuilt(match, viewer, m), viewer)
    if match.result().winners:
        assert outcome_groups(mid.outcome) == [tuple(g) for g in match.result().details["groups"]]


def test_a_winning_stock_draw_never_joins_a_hand():
    """Seat 1 waits for a third 5 of Coins and seat 0 draws it: the win names that draw,
    the card is shown won (not added to seat 0's hand) and the groups are the event's."""
    from game.kowah.rules import KowahState
    hands = ["1C 2C 3C 4C 6C 8C 1S 2S", "5C 5C 7S 7S 7M 9C 9S 9M", "1M 2M 3M 4M 6M 8M 3S 4S"]
    match = Match("kowah", [Seat("human"), Seat("normal"), Seat("normal")], 1,
                  state_factory=lambda n, seed, opts: KowahState.from_deal(
                      hands, "5C 6S 6M", declared={1: "5C"}, opening=False))
    model = KowahModel(D, 3)
    model.reset(match.view(0), 0, None)
    before = len(match.events)
    match.submit(0, ("draw",))
    assert match.is_over()
    new = match.events[before:]
    model.apply_events(new)
    assert model.winning_draw is next(e for e in new if e.kind == "draw")
    assert model.sizes == [8, 8, 8] and P("5C") not in model.order, "the card never joined a hand"
    assert model.held == {0: None, 1: None, 2: None}
    o = model.outcome
    assert (o["kind"], o["winner"], o["method"], o["from_seat"], o["mult"]) == ("win", 1, "opponent_draw", 0, 1)
    win = next(e for e in new if e.kind == "win")
    assert o["groups"] == [tuple(g) for g in win.data["groups"]]
    assert o["groups"][-1] == (P("5C"),) * 3


# ------------------------------------------------------------------ the hand's order
def test_sorting_keeps_the_new_card_marked_and_a_drag_makes_the_order_manual():
    m = KowahModel(D, 3)
    m.order = [P(c) for c in "1C 2S 3M 9C".split()]
    m.add_to_hand(P("2C"))
    assert m.order[m.new_idx] == P("2C")
    m.set_sort("suit")
    assert m.order[m.new_idx] == P("2C") and m.focus is None
    m.move_card(0, 3)
    assert m.sort_mode == "manual" and m.focus == 3
    assert m.order[m.new_idx] == P("2C")
    m.add_to_hand(P("5M"))
    assert m.order[-1] == P("5M"), "a manual order takes new cards at its end"


def test_a_declared_hand_shows_its_triples_then_the_pair():
    m = KowahModel(D, 3)
    hand = [P(c) for c in "5C 8C 5C 4C 4S 8S 4M 8M".split()]
    order = m.declared_order(hand, P("5C"))
    assert order[-2:] == [P("5C"), P("5C")]
    assert [D.keys[c] for c in order[:6]] == [D.keys[P("4C")]] * 3 + [D.keys[P("8C")]] * 3
    assert display_groups(hand, P("9C"), D.keys) is None
    assert m.declared_order(hand, P("9C")) == hand, "a pair it does not hold: left as it is"


def test_indices_of_the_hand_and_the_held_card():
    m = KowahModel(D, 3)
    m.order = [P("1C"), P("2C")]
    m.held[0] = P("OT")
    assert m.index_of(P("2C")) == 1 and m.index_of(P("OT")) == HELD
    assert m.card_at_idx(HELD) == P("OT") and m.card_at_idx(5) is None
