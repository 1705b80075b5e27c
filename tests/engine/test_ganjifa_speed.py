"""Ganjifa's fast paths (issue 19) agree with the checked ones: the trusted ``advance``
with ``apply``, the cached legal actions with a fresh clone's, the inlined deal shuffle
with ``random.shuffle``, the cached Dukal candidates and actions with a hand that was
replaced, the invariant check's quick answer with its full one."""

from __future__ import annotations

import random

import pytest

from game.ganjifa.deck import default_deck
from game.ganjifa.rules import GanjifaState, check_invariants, new_game

D = default_deck()


def picture(st: GanjifaState) -> tuple:
    return (tuple(tuple(h) for h in st.hands), tuple(tuple(c) for c in st.captured),
            tuple(st.trick), tuple(st.history), st.trick_no, st.dukal,
            tuple((s, tuple(c)) for s, c in st.gives), st.leader, st.turn, st.phase,
            st.result(), st.rng.getstate())


@pytest.mark.parametrize("options", [{}, {"void_rule": "strict", "time": "night"}])
def test_advance_plays_exactly_as_apply(options):
    """Random hands played twice, through ``apply`` and through ``advance``: the states and
    the legal sets agree after every action (Dukals and give-ups included)."""
    kinds = set()
    for seed in range(40):
        a, b = new_game(3, seed, options), new_game(3, seed, options)
        rng = random.Random(seed)
        while not a.is_over():
            seat = a.turn
            legal = a.legal_actions(seat)
            assert b.legal_actions(seat) == legal
            assert a.clone().legal_actions(seat) == legal     # a clone starts with no caches
            action = legal[int(rng.random() * len(legal))]
            kinds.add(action[0])
            a.apply(seat, action)
            b.advance(seat, action)
            assert picture(b) == picture(a), (seed, action)
        assert b.is_over() and b.result() == a.result()
    assert kinds == {"play", "dukal", "give"}


def test_dukals_follow_a_hand_that_was_replaced():
    """The Dukal candidates are cached per hand: a seat given another hand (a redeal for
    search, a clone) is looked at afresh."""
    cs = [D.parse(t) for t in ("vamana-R", "vamana-M", "vamana-3", "vamana-4", "vamana-5")]
    filler = [D.parse(f"kalki-{v}") for v in range(1, 6)]
    rest = [D.parse(f"buddha-{v}") for v in range(1, 6)]
    st = GanjifaState.from_deal([filler, cs, rest], trick_no=1, leader=0)
    assert st.dukals(0) == [] and st.dukals(1) == [tuple(sorted(cs))]
    st.hands[0], st.hands[1] = st.hands[1], st.hands[0]
    assert st.dukals(0) == [tuple(sorted(cs))] and st.dukals(1) == []
    assert ("dukal", tuple(sorted(cs))) in st.legal_actions(0)
    assert [a for a in st.legal_actions(0) if a[0] == "play"] == [("play", x) for x in cs]
    twin = st.clone()
    twin.hands[0], twin.hands[2] = twin.hands[2], twin.hands[0]
    assert twin.dukals(0) == [] and twin.dukals(2) == [tuple(sorted(cs))]
    assert st.dukals(0) == [tuple(sorted(cs))]      # the original is untouched


def test_invariants_flag_unequal_hands_with_every_card_accounted_for():
    st = new_game(3, 5, {})
    assert check_invariants(st) == []
    st.hands[1].append(st.hands[0].pop())
    assert any("unequal" in m for m in check_invariants(st))
