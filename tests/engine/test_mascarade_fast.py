"""Mascarade's search/benchmark fast paths: ``advance`` (no events) and ``playout`` leave
the state exactly where ``apply`` would, and the legal-move tuples shared between games
follow each game's own layout and set."""

from __future__ import annotations

import random

import pytest

from game.core import IllegalAction
from game.mascarade.rules import MascaradeState, new_game

OPTIONS = ({}, {"small_table_mode": "official"},
           {"forced_swap_after_reveal": False, "widow_mode": "exact10", "witch_may_decline": True})


def sig(st: MascaradeState) -> tuple:
    """Everything a move can change."""
    return (list(st.cards), list(st.coins), st.court, st.bank_issued, st.turn, st.turn_no,
            st.phase, list(st.revealed_at), list(st.revealed_pos), sorted(st.faceup.items()),
            [list(p) for p in st.private], st.ann, list(st.claims), list(st.answered),
            list(st.to_ask), list(st.users), list(st.fined), st.power_applied, st.cheat_winner,
            st.pending, st.window_id, st.result())


def games():
    for n in (2, 3, 5, 8, 13):
        for opts in OPTIONS:
            yield n, opts


@pytest.mark.parametrize(("n", "opts"), list(games()))
def test_advance_leaves_the_state_where_apply_does(n, opts):
    rng = random.Random(n)
    for g in range(3):
        a, b = new_game(n, seed=g, options=opts), new_game(n, seed=g, options=opts)
        while not a.is_over():
            seat = a.active_seats()[0]
            action = rng.choice(a.legal_actions(seat))
            a.apply(seat, action)
            assert b.advance(seat, action) is None
            assert sig(a) == sig(b)
        assert b.is_over() and b.result() == a.result()


def reference_playout(st: MascaradeState, rng: random.Random, limit: int) -> int:
    """What ``playout`` promises, through the public contract: the seat to act draws
    ``int(rng.random() * len(legal))`` among its legal actions, played with ``apply``."""
    steps = 0
    while steps < limit and not st.is_over():
        seat = st.active_seats()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


@pytest.mark.parametrize(("n", "opts"), list(games()))
def test_playout_plays_legal_moves_to_the_end(n, opts):
    for g in range(4):
        st = new_game(n, seed=g, options=opts)
        ref = st.clone()
        before = sig(st)
        fast = st.clone()
        steps = fast.playout(random.Random(g), 100_000)
        assert sig(st) == before                     # the original is untouched
        assert steps == reference_playout(ref, random.Random(g), 100_000)
        assert fast.is_over() and sig(fast) == sig(ref)


def test_playout_stops_at_the_limit_and_resumes_from_any_phase():
    st = new_game(5, seed=3)
    rng, ref_rng = random.Random(9), random.Random(9)
    ref = st.clone()
    total = 0
    while not st.is_over():
        steps = st.playout(rng, 3)              # stops in turns, claim asks and powers alike
        assert steps == reference_playout(ref, ref_rng, 3)
        assert sig(st) == sig(ref) and (steps == 3 or st.is_over())
        total += steps
    assert total > 10 and st.playout(rng, 5) == 0


def test_same_seed_same_playout():
    outs = []
    for _ in range(2):
        st = new_game(8, seed=4)
        outs.append((st.playout(random.Random(7), 100_000), sig(st)))
    assert outs[0] == outs[1]


def test_games_with_the_same_layout_and_another_set_get_their_own_moves():
    """The legal-move tuples are shared by games of the same layout and set only."""
    base = new_game(6, seed=1)
    other_set = ["judge", "king", "queen", "bishop", "thief", "witch"]
    other = new_game(6, seed=1, options={"characters": other_set})
    assert other.owner == base.owner and other.charset != base.charset
    for st in (base, other):
        st.turn_no = 5
        seat = st.turn
        announced = {a[1] for a in st.legal_actions(seat) if a[0] == "announce"}
        assert announced == set(st.charset)


def test_apply_still_refuses_what_is_not_legal_and_changes_nothing():
    st = new_game(5, seed=2)
    seat = st.turn
    before = sig(st)
    for bad in (("peek", st.hands[seat][0]), ("swap", 0, 0, 1), ["swap", 0, 1, 1], ("pass",)):
        with pytest.raises(IllegalAction):
            st.apply(seat, bad)
    with pytest.raises(IllegalAction):
        st.apply((seat + 1) % 5, ("swap", st.hands[(seat + 1) % 5][0], st.hands[seat][0], 1))
    assert sig(st) == before


def test_each_claim_window_names_the_seat_asked_even_in_clones_that_part_ways():
    """Windows are remembered by (id, seat asked, announcer): two clones that reach the
    same window id by different moves each see their own window."""
    st = new_game(5, seed=6)
    st.turn_no = 5
    turn = st.turn
    a, b = st.clone(), st.clone()
    own = st.hands[turn][0]
    a.apply(turn, ("swap", own, st.hands[(turn + 1) % 5][0], 0))
    a.apply((turn + 1) % 5, ("announce", a.charset[0], a.hands[(turn + 1) % 5][0]))
    b.apply(turn, ("announce", b.charset[0], own))
    assert a.window().id == b.window().id
    for x, announcer in ((a, (turn + 1) % 5), (b, turn)):
        ids = []
        while x.phase == "claim":
            w = x.window()
            assert w.seats == x.active_seats() and w.actor == announcer
            ids.append(w.id)
            x.apply(w.seats[0], ("pass",))
        assert ids == sorted(set(ids)) and len(ids) == 4


class Judge:
    """A window judge as the arena's playout hands take: asked once per window when it
    opens, it answers for the seat asked (uniformly, from the rng it is given)."""

    def __init__(self, late: bool = False) -> None:
        self.windows: list[tuple[int, tuple[int, ...], int | None]] = []
        self.late = late

    def __call__(self, state, w, rng):
        self.windows.append((w.id, w.seats, w.actor))
        seat = w.seats[0]
        legal = state.legal_actions(seat)
        action = legal[int(rng.random() * len(legal))]
        return [(seat, w.default if self.late else action)]


@pytest.mark.parametrize("n", [3, 5, 13])
def test_playout_asks_a_judge_once_per_claim_window(n):
    for g in range(3):
        st = new_game(n, seed=g)
        judged, free = st.clone(), st.clone()
        judge = Judge()
        steps = judged.playout(random.Random(g), 100_000, judge)
        assert steps == free.playout(random.Random(g), 100_000)   # the same draws, the same game
        assert sig(judged) == sig(free) and judged.is_over()
        ref = st.clone()
        seen = []
        rng = random.Random(g)
        while not ref.is_over():
            if ref.phase == "claim":
                w = ref.window()
                seen.append((w.id, w.seats, w.actor))
            seat = ref.active_seats()[0]
            legal = ref.legal_actions(seat)
            ref.apply(seat, legal[int(rng.random() * len(legal))])
        assert judge.windows == seen and seen


def test_a_judges_defaults_are_played():
    st = new_game(5, seed=1)
    ref = st.clone()
    judge = Judge(late=True)
    steps = st.playout(random.Random(1), 100_000, judge)
    rng = random.Random(1)
    played = 0
    while not ref.is_over():
        seat = ref.active_seats()[0]
        legal = ref.legal_actions(seat)
        action = legal[int(rng.random() * len(legal))]
        ref.apply(seat, ("pass",) if ref.phase == "claim" else action)
        played += 1
    assert judge.windows and steps == played and sig(st) == sig(ref)
