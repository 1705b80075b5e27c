"""Hard's search (game/mascarade/search.py): real states rebuilt from a seat's view play
exactly like the real game, the search is reproducible on a work budget, and it beats
Random seats."""

from __future__ import annotations

import random

import pytest

from game import arena
from game.mascarade.ai import HardAgent, RandomAgent
from game.mascarade.rules import CLAIM, TURN, new_game
from game.mascarade.search import Determiniser, FastPolicy, make_budget, playout, search
from tests.engine.mascarade_helpers import R, rigged


def visible(events, seat):
    return [e for e in events if e.visible_to(seat)]


def _revealed(agent: HardAgent, n: int) -> tuple[list[int], list[int]]:
    at, pos = [-1] * n, [-1] * n
    for s, (t, p) in agent._revealed.items():
        at[s], pos[s] = t, p
    return at, pos


def _fingerprint(st) -> tuple:
    return (st.phase, st.turn, st.turn_no, tuple(st.coins), st.court, st.bank_issued,
            tuple(st.cards), st.active_seats(), tuple(st.legal_actions(st.active_seats()[0]))
            if st.phase != "over" else (), st.result())


@pytest.mark.parametrize("n,options", [(5, {}), (8, {}), (13, {}), (3, {"small_table_mode": "official"})])
def test_state_from_view_plays_like_the_real_game(n, options):
    """At every turn and claim ask of seat 0, the state rebuilt from seat 0's view, its
    own record of reveals and the *true* cards is the real position: same legal actions
    and, played on with the same moves, the same game to the end. (Breaks if a field the
    rules use — forced swaps, the claim ask's order, coins — is not rebuilt.)"""
    rng = random.Random(n)
    checked = 0
    for game_seed in range(3):
        st = new_game(n, seed=game_seed, options=options)
        watcher = HardAgent(0, seed=1)
        watcher.observe(visible(st.deal_events(), 0))
        det = None
        while not st.is_over():
            seat = st.active_seats()[0]
            if seat == 0 and st.phase in (TURN, CLAIM):
                v = st.view(0)
                det = det or Determiniser(v)
                twin = det.state(v, st.cards, _revealed(watcher, n))
                real = st.clone()
                assert _fingerprint(twin) == _fingerprint(real)
                moves = random.Random(rng.random())
                for _ in range(60):
                    if real.is_over():
                        break
                    s = real.active_seats()[0]
                    a = moves.choice(real.legal_actions(s))
                    assert real.apply(s, a) == twin.apply(s, a)
                    assert _fingerprint(twin) == _fingerprint(real)
                checked += 1
            a = rng.choice(st.legal_actions(seat))
            watcher.observe(visible(st.apply(seat, a), 0))
    assert checked >= 10


def test_the_search_is_reproducible_on_its_work_budget():
    """Without the wall cap, the same seed and observations give the same decision and the
    same scores; the work done is exactly the budget's worlds."""
    results = []
    for _ in range(2):
        st = new_game(5, seed=3)
        agent = HardAgent(0, seed=11)
        agent.wall_cap = None
        agent.search_worlds = 6
        agent.observe(visible(st.deal_events(), 0))
        fillers = [RandomAgent(s, seed=s) for s in range(5)]
        trace = []
        while not st.is_over() and len(trace) < 6:
            seat = st.active_seats()[0]
            if seat == 0:
                a = agent.decide(st.view(0), st.legal_actions(0))
                if agent.last_search is not None:
                    assert agent.last_search.worlds == 6
                    trace.append((a, tuple(sorted(agent.last_search.means.items()))))
                    agent.last_search = None
            else:
                a = fillers[seat].decide(None, st.legal_actions(seat))
            agent.observe(visible(st.apply(seat, a), 0))
        results.append(trace)
    assert len(results[0]) >= 3 and results[0] == results[1]


def test_search_prefers_the_move_that_wins():
    """Seat 0 knows it holds the King at 10 coins: announcing it wins now (nobody else can
    claim the King: the table saw where every card is). The heuristic favourite is put
    last, the search must still find the announcement."""
    st = rigged(5, ["king", "judge", "queen", "bishop", "witch", "cheat"], coins=[10, 6, 6, 6, 6],
                turn=0, turn_no=9)
    king = R.index("king")
    agent = HardAgent(0, seed=1)
    agent.observe(st.deal_events()[:1])
    v = st.view(0)
    det = Determiniser(v)
    swap = next(a for a in st.legal_actions(0) if a[0] == "swap")
    ann = ("announce", king, 0)
    action, stats = search(v, det, agent.tracker.worlds, _revealed(agent, 5), [swap, ann],
                           random.Random(1), make_budget(8, None), horizon=2,
                           keep_first_z=None)
    assert action == ann and stats.means[ann] == 1.0 > stats.means[swap], stats.means


def test_playout_stops_at_the_horizon():
    st = new_game(8, seed=4)
    policy = FastPolicy(0)
    know = [-1] * len(st.cards)
    value = playout(st, know, policy, random.Random(2), until_turn=4)
    assert st.turn_no == 4 and st.phase == TURN and 0.0 < value < 1.0


def test_hard_beats_random_seats():
    """A cheap seeded sanity check (fair share 20 %)."""
    HardAgent.wall_cap, HardAgent.search_worlds, saved = None, 8, (HardAgent.wall_cap,
                                                                     HardAgent.search_worlds)
    try:
        report = arena.run("mascarade", ["hard", "random", "random", "random", "random"],
                           games=25, seed=2, invariants=False)
    finally:
        HardAgent.wall_cap, HardAgent.search_worlds = saved
    assert report["per_seat"][0]["win_rate"] > 0.4, report["per_seat"][0]


def test_make_agent_takes_the_search_settings():
    """The project's convention for a reproducible Hard: ``time_budget=None`` (no clock)."""
    from game.mascarade.ai import make_agent
    hard = make_agent("hard", 2, seed=3, time_budget=None, iterations=5)
    assert hard.wall_cap is None and hard.search_worlds == 5
    assert make_agent("hard", 2, seed=3).wall_cap == HardAgent.wall_cap > 0
