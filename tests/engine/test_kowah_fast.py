"""Kowah's fast paths: ``advance`` (trusted, no events) reaches exactly the states
``apply`` reaches, the incremental discard lists stay true, and the arena's per-action
invariant check is an option."""

from __future__ import annotations

import random

import pytest

from game import arena
from game.core import IllegalAction
from game.kowah.rules import KowahState, check_invariants, new_game


def _fields(st: KowahState) -> dict:
    return {name: getattr(st, name) for name in KowahState.__slots__ if name != "rng"}


def _compare(seed: int) -> KowahState:
    """Play one hand where a seat declares whenever it may (so declared seats, public
    draws and off-turn wins go through both paths too), by apply and by advance side by
    side, comparing every field after every action."""
    rng = random.Random(seed)
    slow = new_game(3, seed)
    fast = slow.clone()
    steps = 0
    while not slow.is_over():
        seat = slow.active_seats()[0]
        legal = slow.legal_actions(seat)
        assert fast.legal_actions(seat) == legal
        pick = [a for a in legal if a[0] == "declare"] or legal
        action = pick[int(rng.random() * len(pick))]
        slow.apply(seat, action)
        assert fast.advance(seat, action) is None
        assert _fields(fast) == _fields(slow), (seed, steps, action)
        assert check_invariants(fast, True) == [], (seed, steps)
        steps += 1
    assert fast.result() == slow.result()
    return slow


# seeds 13, 79: a discard claimed; 16, 68: an opponent's draw; 26, 71: self-drawn;
# 0, 23: declared, drawn hand; 1, 2, 3: nobody declares
SEEDS = (0, 1, 2, 3, 13, 16, 23, 26, 68, 71, 79)


@pytest.mark.parametrize("seed", SEEDS)
def test_advance_reaches_the_states_apply_reaches(seed):
    _compare(seed)


def test_the_seeds_cover_every_ending():
    ends = {_compare(seed).result().reason for seed in SEEDS}
    assert ends == {"drawn", "opponent_discard", "opponent_draw", "self_drawn"}


def test_the_discard_list_follows_the_hand_and_a_stale_one_is_caught():
    st = new_game(3, 5)
    seat = st.turn
    st.apply(seat, ("draw",))
    assert st.legal_actions(seat) == [("discard", c) for c in sorted(set(st.hands[seat]))]
    st.dacts[seat].pop()
    assert any("discard list" in p for p in check_invariants(st, True))


def test_apply_still_refuses_what_advance_trusts():
    st = new_game(3, 2)
    seat = st.turn
    st.apply(seat, ("draw",))
    absent = next(c for c in range(30) if c not in st.hands[seat])
    before = _fields(st.clone())
    with pytest.raises(IllegalAction, match="not in your hand"):
        st.apply(seat, ("discard", absent))
    with pytest.raises(IllegalAction, match="Take a card first|now discard"):
        st.apply(seat, ("draw",))
    assert _fields(st) == before


def test_the_arena_checks_invariants_only_when_asked(monkeypatch):
    calls = []

    def hook(state):
        calls.append(1)
        return []

    monkeypatch.setattr(arena, "invariant_hook", lambda game: hook)
    arena.run("kowah", ["random"] * 3, 3, 0, invariants=False)
    assert calls == []
    arena.run("kowah", ["random"] * 3, 3, 0)
    assert calls


def test_the_deal_shuffles_exactly_as_random_shuffle():
    """Saves and replays hold a seed and the actions: the deal must not change."""
    from game.kowah.deck import default_deck

    st = new_game(3, 7)
    rng = random.Random(7)
    cards = default_deck().build()
    rng.shuffle(cards)
    assert st.first == rng.randrange(3)
    assert st.stock == cards[24:][::-1]
