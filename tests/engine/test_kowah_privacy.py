"""What each seat may see in Kowah (rules 14 and 18; edge cases 20–21).

Private: the concealed part of every hand and each stock draw made before the first
declaration. Public: discards, cards taken from the pile, exposed pairs, hand sizes,
the stock count, and every stock draw from the first declaration on.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.kowah.rules import KowahState, KowahView, new_game
from game.match import Match, Seat

from .test_kowah_rules import FILL, JUNK1, JUNK2, READY, P

HIDDEN_OK = {"seat", "hand", "drawn"}       # the only fields that may differ between seats


def draw_events(events, seat):
    return [e for e in events if e.kind in ("draw", "draw_card") and e.seat == seat]


def test_stock_draws_are_hidden_before_any_declaration():          # edge case 20
    st = KowahState.from_deal([READY, JUNK1, JUNK2], "OT " + FILL)
    events = st.apply(0, ("draw",))
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert [e.kind for e in public] == ["draw"]
    assert public[0].data["card"] is None and not public[0].data["public"]
    assert [(e.kind, e.to, e.data["card"]) for e in private] == [("draw_card", 0, P("OT"))]
    for seat in (1, 2, None):
        assert all(e.data.get("card") is None for e in events if e.visible_to(seat))
        v = st.view(seat)
        assert v.drawn is None and v.public_draws == ()
        assert P("OT") not in (v.hand or ())
        assert all(P("OT") not in k for k in v.known)
    assert st.view(0).drawn == P("OT") and P("OT") in st.view(0).hand


def test_stock_draws_are_public_after_the_first_declaration():     # edge case 21
    st = KowahState.from_deal([READY, JUNK1, JUNK2], "4M RF WF OT " + FILL)
    st.apply(0, ("draw",))
    st.apply(0, ("discard", P("4M")))
    st.apply(0, ("declare", P("2C")))
    for seat, card in ((1, "RF"), (2, "WF"), (0, "OT")):
        events = st.apply(seat, ("draw",))
        assert [e.kind for e in events] == ["draw"] and events[0].to is None
        assert events[0].data["card"] == P(card) and events[0].data["public"]
        for other in (0, 1, 2, None):
            v = st.view(other)
            assert v.drawn == P(card) and (seat, P(card)) in v.public_draws
        if seat != 0:
            assert P(card) in st.view(0).known[seat]          # publicly known to be held
            st.apply(seat, ("discard", P(card)))
            assert P(card) not in st.view(0).known[seat]
        else:
            assert st.view(1).held == P(card)                 # the declarer's card, face up


def test_declared_pair_and_takes_are_public():
    st = KowahState.from_deal([READY, JUNK1, JUNK2], "4M " + FILL)
    st.apply(0, ("draw",))
    st.apply(0, ("discard", P("4M")))
    st.apply(0, ("declare", P("2C")))
    st.apply(1, ("take",))
    for seat in (0, 2, None):
        v = st.view(seat)
        assert v.declared == (P("2C"), None, None)
        assert v.known[1] == (P("4M"),) and v.taken == P("4M")
        assert v.hand_sizes == (8, 9, 8) and v.stock_left == len(FILL.split())


def test_deal_events_show_each_hand_to_its_owner_only():
    st = new_game(3, 11)
    events = st.deal_events()
    for seat in range(3):
        mine = [e for e in events if e.kind == "hand" and e.visible_to(seat)]
        assert len(mine) == 1 and mine[0].data["cards"] == st.hands[seat]
    assert not [e for e in events if e.kind == "hand" and e.visible_to(None)]
    deal = next(e for e in events if e.kind == "deal")
    assert deal.to is None and "cards" not in deal.data


def test_public_view_has_no_hand_and_views_are_frozen():
    st = new_game(3, 2)
    v = st.view(None)
    assert v.hand is None and v.seat is None
    assert isinstance(v, KowahView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.stock_left = 0            # type: ignore[misc]


def _twin_states():
    """Two positions equal for seat 0 but with different hidden cards elsewhere."""
    a = KowahState.from_deal([READY, JUNK1, JUNK2], "OT RF " + FILL, first=0)
    b = KowahState.from_deal([READY, JUNK2.replace("RF", "5C"), JUNK1.replace("1C", "RF")],
                             "OT 5M " + FILL, first=0)
    return a, b


def test_seat_view_does_not_depend_on_hidden_cards():
    a, b = _twin_states()
    plays = [(0, ("draw",)), (0, ("discard", P("2C"))), (1, ("draw",))]
    for seat, action in plays:
        for s in (a, b):
            s.apply(seat, action)
        va, vb = dataclasses.asdict(a.view(0)), dataclasses.asdict(b.view(0))
        assert va == vb
        pa, pb = dataclasses.asdict(a.view(None)), dataclasses.asdict(b.view(None))
        assert pa == pb


def test_views_of_different_seats_differ_only_in_private_fields():
    st = new_game(3, 9)
    rng = random.Random(3)
    for _ in range(60):
        if st.is_over():
            break
        views = [dataclasses.asdict(st.view(s)) for s in (0, 1, 2, None)]
        for v in views[1:]:
            diff = {k for k in v if v[k] != views[0][k]}
            assert diff <= HIDDEN_OK
        seat = st.turn
        st.apply(seat, rng.choice(st.legal_actions(seat)))


def test_agents_only_observe_events_meant_for_them():
    seen: dict[int, list] = {0: [], 1: [], 2: []}

    class Spy:
        level, think_delay = "spy", 0.0

        def __init__(self, seat: int) -> None:
            self.seat = seat
            self.rng = random.Random(seat)

        def observe(self, events):
            seen[self.seat].extend(events)

        def decide(self, view, legal):
            assert view.seat == self.seat and view.hand is not None
            return self.rng.choice(legal)

    seats = [Seat("spy", Spy(i)) for i in range(3)]
    m = Match("kowah", seats, seed=5, think_scale=0)
    t = 0.0
    while not m.is_over() and t < 10_000:
        m.tick(t)
        t += 1
    assert m.is_over()
    for seat, events in seen.items():
        assert events and all(e.visible_to(seat) for e in events)
        hands = [e for e in events if e.kind == "hand"]
        assert len(hands) == 1 and hands[0].to == seat
        assert not [e for e in events if e.kind == "draw_card" and e.to != seat]
