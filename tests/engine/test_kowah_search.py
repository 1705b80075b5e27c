"""Hard's search (game/kowah/search.py): worlds consistent with the seat's view and never
with the hidden truth, a budget of work with a wall-clock cap, the same seed the same
decision."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.search import Budget
from game.kowah.ai import HardAgent, NormalAgent
from game.kowah.checki import exposable_pairs
from game.kowah.rules import KowahState, new_game
from game.kowah.search import Worlds, search


def _position(seed: int, turns: int, declare_first: bool = True) -> KowahState:
    """A hand played by Normal seats (a seat declares as soon as it may when
    ``declare_first``) until ``turns`` turns have passed, stopped at a free seat with a
    choice."""
    st = new_game(3, seed)
    agents = [NormalAgent(s, seed + s) for s in range(3)]
    while True:
        seat = st.turn
        legal = st.legal_actions(seat)
        if st.turn_no >= turns and len(legal) > 1 and st.phase != "declare":
            return st
        declares = [a for a in legal if a[0] == "declare"]
        action = declares[0] if declare_first and declares else agents[seat].decide(
            st.view(seat), legal)
        st.apply(seat, action)
        assert not st.is_over(), "pick another seed"


def _with_declared(seed: int = 0) -> KowahState:
    for s in range(seed, seed + 200):
        try:
            st = _position(s, 25)
        except AssertionError:
            continue
        if any(x is not None for i, x in enumerate(st.declared) if i != st.turn):
            return st
    raise AssertionError("no position with a declared opponent")


def test_worlds_agree_with_everything_the_seat_has_seen():
    st = _with_declared()
    me = st.turn
    view = st.view(me)
    worlds = Worlds(view, st.deck)
    rng = random.Random(1)
    stocks = set()
    for _ in range(40):
        w = worlds.sample(rng)
        assert w.hands[me] == st.hands[me]
        assert w.discards == st.discards and w.declared == st.declared
        assert w.known == st.known and w.public_draws == st.public_draws
        assert (w.turn, w.phase, w.turn_no, w.drawn, w.taken) == (
            st.turn, st.phase, st.turn_no, st.drawn, st.taken)
        assert len(w.stock) == len(st.stock)
        assert [len(h) for h in w.hands] == [len(h) for h in st.hands]
        all_cards = [c for h in w.hands for c in h] + w.stock + w.discards
        assert Counter(all_cards) == Counter(c for c in range(30) for _ in range(4))
        for s in range(3):
            if s != me:
                assert not Counter(st.known[s]) - Counter(w.hands[s])   # known cards kept
                if st.declared[s] is not None:      # a locked hand is checki on its pair
                    assert st.declared[s] in exposable_pairs(w.hands[s])
                    assert w.locked[s] == tuple(w.hands[s])
        stocks.add(tuple(w.stock))
    assert len(stocks) == 40            # worlds differ: the hidden cards are guessed


def test_the_search_never_reads_the_hidden_cards():
    """Two states that differ only in what the seat cannot see (the opponents' concealed
    cards and the stock, exchanged) give the same views, worlds and decision."""
    st = _position(3, 12)
    me = st.turn
    other = st.clone()
    a, b = [s for s in range(3) if s != me]
    hidden_a = [c for c in other.hands[a] if c not in other.known[a]]
    k = 2
    give, take_back = hidden_a[:k], other.stock[-k:]
    for c in give:
        other.hands[a].remove(c)
    other.hands[a] = sorted(other.hands[a] + take_back)
    other.stock = other.stock[:-k] + give
    other._compute_signatures()
    assert other.hands != st.hands and other.view(me) == st.view(me)
    picks = []
    for state in (st, other):
        agent = HardAgent(me, 11, time_budget=None, worlds=12)
        picks.append(agent.decide(state.view(me), state.legal_actions(me)))
        w = Worlds(state.view(me), state.deck).sample(random.Random(5))
        picks.append((tuple(map(tuple, w.hands)), tuple(w.stock)))
    assert picks[0] == picks[2] and picks[1] == picks[3]


@pytest.mark.parametrize("turns", [4, 18])
def test_the_same_seed_gives_the_same_decision(turns):
    st = _position(7, turns)
    me = st.turn
    view, legal = st.view(me), st.legal_actions(me)
    first = HardAgent(me, 5, time_budget=None, worlds=10)
    again = HardAgent(me, 5, time_budget=None, worlds=10)
    a, b = first.decide(view, legal), again.decide(view, legal)
    assert a == b and a in legal
    assert first.last_stats.means == again.last_stats.means


def test_the_budget_is_work_and_the_wall_cap_a_safety_net(monkeypatch):
    """Without a cap the search plays exactly its worlds; on a clock that moves 1 ms per
    reading (not the machine's: a busy machine must not fail this), a 5 ms cap stops it
    after a few."""
    import game.ai.search as gsearch
    st = _position(2, 10)
    me = st.turn
    view = st.view(me)
    legal = st.legal_actions(me)
    _, stats = search(view, st.deck, legal[:3], random.Random(1), Budget(None, 20),
                      keep_first_z=None, prune_z=None)
    assert stats.worlds == 20
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(gsearch.time, "perf_counter", clock)
    _, stats = search(view, st.deck, legal[:3], random.Random(1), Budget(0.005, 20),
                      keep_first_z=None, prune_z=None)
    assert 1 <= stats.worlds < 10


def test_the_search_prefers_the_discard_that_keeps_a_ready_hand():
    """Checki after discarding the loner: the search, with no favourite to lean on
    (keep_first_z off), finds it among worse discards put first."""
    st = KowahState.from_deal(["7C 7S 7M 9C 9C 9S 2C 2C", "1S 2S 3S 4S 5S 6S 8S 8M",
                               "1M 2M 3M 4M 5M 6M 1C 3C"],
                              "4C 5C 6C 8C 6S 4M 1S 2S 3S 4S 5S 6S 8S 9S WF RF OT OT RF WF",
                              opening=False, discards="8C")
    st.apply(0, ("draw",))             # 4C: a loner
    view = st.view(0)
    legal = st.legal_actions(0)
    shed = ("discard", st.deck.parse("4C"))
    order = [a for a in legal if a != shed] + [shed]
    best, stats = search(view, st.deck, order, random.Random(3), Budget(None, 30),
                         keep_first_z=None, prune_z=None)
    assert best == shed, stats.means


def test_flat_monte_carlo_stops_when_pruning_leaves_one():
    """``stop_when_one`` (game/ai/search.py): a candidate that always loses is pruned and
    the search ends there; without it the whole budget is spent."""
    from game.ai.search import flat_monte_carlo

    def evaluate(world, action, rng):
        return float(action == ("good",)) if world % 2 else 0.5 * float(action == ("good",))

    for stop, want in ((True, 8), (False, 40)):
        best, stats = flat_monte_carlo([("bad",), ("good",)], lambda r: r.randrange(100),
                                       evaluate, random.Random(1), Budget(None, 40),
                                       prune_z=2.0, stop_when_one=stop)
        assert best == ("good",) and stats.worlds == want
