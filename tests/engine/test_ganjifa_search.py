"""The hard level searches on the rules engine (issue 19): worlds are GanjifaStates made from
the seat's view and a guess of the hidden hands, budgets are work, and a seed decides."""

from __future__ import annotations

import random

import pytest

from game.ai.search import Budget, flat_monte_carlo
from game.ganjifa import ai
from game.ganjifa.rules import GanjifaState, new_game


def mid_game(seed: int, steps: int, options: dict | None = None) -> GanjifaState:
    st = new_game(3, seed, options or {})
    agents = [ai.NormalAgent(s) for s in range(3)]
    for _ in range(steps):
        (seat,) = st.active_seats()
        st.apply(seat, agents[seat].decide(st.view(seat), st.legal_actions(seat)))
    return st


def test_a_state_from_a_view_and_the_true_hands_plays_as_the_real_one():
    for seed, steps in ((1, 4), (2, 20), (3, 41), (4, 70)):
        st = mid_game(seed, steps, {"void_rule": "strict" if seed % 2 else "choice"})
        (seat,) = st.active_seats()
        world = GanjifaState.from_view(st.view(seat), [list(h) for h in st.hands])
        assert world.legal_actions(seat) == st.legal_actions(seat)
        a, b = st.fork(), world.fork()
        a.playout(random.Random(seed))
        b.playout(random.Random(seed))
        assert a.result().scores == b.result().scores


def test_fork_is_independent():
    st = mid_game(5, 13)
    before = (tuple(map(tuple, st.hands)), tuple(map(len, st.captured)), st.trick_no,
              tuple(st.trick), st.turn)
    f = st.fork()
    f.playout(random.Random(1))
    assert f.is_over() and not st.is_over()
    assert before == (tuple(map(tuple, st.hands)), tuple(map(len, st.captured)), st.trick_no,
                      tuple(st.trick), st.turn)


def test_worlds_keep_the_view_and_guess_the_rest():
    """Every sampled world holds the seat's own hand, the view's position and hand sizes,
    and deals exactly the unseen cards, with different guesses from world to world."""
    st = mid_game(6, 33)
    (seat,) = st.active_seats()
    view = st.view(seat)
    sample = ai.HardAgent(seat, 3, time_budget=None)._sampler(view, ai._Known(view))
    others = [s for s in range(3) if s != seat]
    unseen = sorted(st.hands[others[0]] + st.hands[others[1]])
    guesses = set()
    rng = random.Random(4)
    for _ in range(6):
        w = sample(rng)
        assert w.hands[seat] == list(view.hand)
        assert [len(h) for h in w.hands] == list(view.hand_sizes)
        assert sorted(w.hands[others[0]] + w.hands[others[1]]) == unseen
        assert (w.trick, w.turn, w.phase, w.trick_no) == (st.trick, st.turn, st.phase, st.trick_no)
        guesses.add(tuple(w.hands[others[0]]))
    assert len(guesses) > 1


@pytest.mark.parametrize("rollout", ["policy", "random"])
def test_same_seed_same_decision(rollout):
    """Without the clock (``time_budget=None``) a decision depends on the seed only: the
    work budget and the worlds are the same every time."""
    for seed, steps in ((7, 1), (8, 25), (9, 52)):
        st = mid_game(seed, steps)
        (seat,) = st.active_seats()
        view, legal = st.view(seat), st.legal_actions(seat)
        runs = []
        for _ in range(2):
            agent = ai.HardAgent(seat, 11, time_budget=None, work=1500, rollout=rollout)
            runs.append((agent.decide(view, legal),
                         agent.last_stats and (agent.last_stats.worlds, agent.last_stats.means)))
        assert runs[0] == runs[1] and runs[0][0] in legal


def test_the_work_budget_bounds_the_search():
    b = Budget(None, None, work=10)
    assert not b.spent()            # the first iteration always runs
    b.tick()
    b.charge(9)
    assert not b.spent()
    b.charge(1)
    assert b.spent()
    st = mid_game(10, 22)
    (seat,) = st.active_seats()
    view, legal = st.view(seat), st.legal_actions(seat)
    small = ai.HardAgent(seat, 1, time_budget=None, work=800)
    large = ai.HardAgent(seat, 1, time_budget=None, work=4000)
    small.decide(view, legal)
    large.decide(view, legal)
    assert small.last_stats.worlds < large.last_stats.worlds


def test_blend_scores_the_win_plus_a_little_margin():
    """``utility="blend"``: each candidate's mean is its win rate plus ``margin_weight``
    times its mean margin, on the same worlds (same seed, no clock, no pruning)."""
    st = mid_game(12, 28)
    (seat,) = st.active_seats()
    view, legal = st.view(seat), st.legal_actions(seat)
    means = {}
    for utility in ("win", "margin", "blend"):
        agent = ai.HardAgent(seat, 5, time_budget=None, work=2000, utility=utility,
                             margin_weight=0.05, halving=None, keep_first_z=None)
        agent.decide(view, legal)
        means[utility] = agent.last_stats.means
    assert len(means["blend"]) > 1
    for action, value in means["blend"].items():
        assert value == pytest.approx(means["win"][action] + 0.05 * means["margin"][action])


def test_hard_rejects_unknown_settings():
    with pytest.raises(ValueError):
        ai.HardAgent(0, 0, rollout="psychic")


def test_a_world_cut_by_the_clock_is_left_out():
    """The wall clock running out inside a world stops the search there; that world's
    partial scores are dropped, so the actions stay compared on the same worlds."""
    class Clock(Budget):
        def __init__(self) -> None:
            super().__init__(None, 10)
            self.calls = 0

        def out_of_time(self) -> bool:
            self.calls += 1
            return self.calls > 4

    seen = []

    def evaluate(world, action, _rng):
        seen.append((world, action))
        return world + {"a": 0.0, "b": 1.0, "c": 0.5}[action]

    best, stats = flat_monte_carlo(["a", "b", "c"], lambda r: r.random(), evaluate,
                                   random.Random(0), Clock())
    assert stats.worlds == 2 and len(seen) == 7 and best == "b"


def _hard_hand(seed: int, **settings):
    """Play a hand, seat 0 hard (small budget, no clock), the others normal; the actions."""
    st = new_game(3, seed, {})
    agents = [ai.HardAgent(0, seed, time_budget=None, work=1500, **settings),
              ai.NormalAgent(1), ai.NormalAgent(2)]
    acts = []
    while not st.is_over():
        (seat,) = st.active_seats()
        a = agents[seat].decide(st.view(seat), st.legal_actions(seat))
        acts.append((seat, a))
        st.apply(seat, a)
    return acts, agents[0]


def test_a_warm_walk_is_reproducible_over_a_hand():
    """The walk's last deal carries over to the next decision (``warm``): the same seed
    and the same views still give the same decisions, hand after hand."""
    first, agent = _hard_hand(21, warm=True)
    assert agent._chains
    second, _ = _hard_hand(21, warm=True)
    assert first == second


def test_the_warm_deal_drops_played_cards_and_keeps_voids_and_counts():
    for steps in range(40, 60):     # a decision that searched (more than one candidate)
        st = mid_game(22, steps)
        (seat,) = st.active_seats()
        agent = ai.HardAgent(seat, 3, time_budget=None, work=1500, warm=True)
        agent.decide(st.view(seat), st.legal_actions(seat))
        if agent._chains:
            break
    others = [s for s in range(3) if s != seat]
    old = [list(h) for h in agent._chains[0][3]]
    agents = [ai.NormalAgent(s) for s in range(3)]
    for _ in range(7):          # play on: cards leave, voids may show
        (s,) = st.active_seats()
        st.apply(s, agents[s].decide(st.view(s), st.legal_actions(s)))
    view = st.view(seat)
    known = ai._Known(view)
    unseen = frozenset(c for s in others for c in st.hands[s])
    caps = [view.hand_sizes[s] for s in others]

    def allowed(i, c):
        return not known.voids[others[i]] >> (c // 12) & 1

    dealt = agent._warm_deal(view, 0, unseen, caps, allowed, random.Random(1))
    assert dealt is not None
    assert [len(h) for h in dealt] == caps
    assert set(dealt[0]) | set(dealt[1]) == unseen
    assert all(allowed(i, c) for i in (0, 1) for c in dealt[i])
    # most cards stay where the last walk put them
    kept = sum(c in old[i] for i in (0, 1) for c in dealt[i])
    assert kept >= len(unseen) - 2 * 7


def test_the_warm_deal_is_dropped_for_another_hand():
    st = mid_game(23, 60)
    (seat,) = st.active_seats()
    agent = ai.HardAgent(seat, 3, time_budget=None, work=1500, warm=True)
    agent.decide(st.view(seat), st.legal_actions(seat))
    assert agent._chains
    fresh = new_game(3, 24, {})
    view = fresh.view(seat)
    others = [s for s in range(3) if s != seat]
    unseen = frozenset(c for s in others for c in fresh.hands[s])
    assert agent._warm_deal(view, 0, unseen, [40, 40], lambda i, c: True,
                            random.Random(1)) is None


def test_the_walks_take_turns_and_each_keeps_its_deal():
    st = mid_game(25, 36)
    (seat,) = st.active_seats()
    view = st.view(seat)
    others = [s for s in range(3) if s != seat]
    agent = ai.HardAgent(seat, 3, time_budget=None, chains=4, warm=True)
    sample = agent._sampler(view, ai._Known(view))
    rng = random.Random(2)
    worlds = [sample(rng) for _ in range(8)]
    assert sorted(agent._chains) == [0, 1, 2, 3]
    unseen = sorted(st.hands[others[0]] + st.hands[others[1]])
    for i, (_, _, cards, deal) in agent._chains.items():
        assert sorted(deal[0] + deal[1]) == unseen == sorted(cards)
        assert [len(h) for h in deal] == [len(st.hands[s]) for s in others]
        # world k came from walk k % 4: the last one of each walk is its kept deal
        assert worlds[4 + i].hands[others[0]] == sorted(deal[0])
