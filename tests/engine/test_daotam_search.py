"""Đạo Tâm Hard's search (game.daotam.search): worlds sampled from a seat's view agree with
that view and with the rules, the claim posterior follows the cards, the search is
reproducible, and the per-seat model reads the events."""

from __future__ import annotations

import dataclasses
import random

from game.ai.search import next_actor
from game.core import Event
from game.daotam import search as S
from game.daotam.ai import HardAgent, NormalAgent
from game.daotam.rules import check_invariants, new_game
from tests.engine.daotam_deal import deal


def _positions(n: int, seed: int, every: int = 3):
    """(state, seat, tracker) at the challenge and turn decisions of a Normal game."""
    st = new_game(n, seed)
    agents = [NormalAgent(s, seed) for s in range(n)]
    trackers = [S.Tracker(n) for _ in range(n)]
    for s in range(n):
        trackers[s].observe([e for e in st.deal_events() if e.visible_to(s)])
    i = 0
    while not st.is_over():
        if st.phase in ("turn", "challenge"):
            i += 1
            if i % every == 0:
                for me in st.active_seats():
                    yield st, me, trackers[me]
        a = next_actor(st)
        events = st.apply(a, agents[a].decide(st.view(a), st.legal_actions(a)))
        for s in range(n):
            trackers[s].observe([e for e in events if e.visible_to(s)])


def test_sampled_worlds_show_the_seat_exactly_its_view_and_keep_every_rule():
    rng = random.Random(1)
    checked = 0
    for n, seed in ((3, 3), (4, 8), (5, 2)):
        for st, me, tracker in _positions(n, seed):
            view = st.view(me)
            worlds = S.Worlds(view, tracker)
            for _ in range(2):
                w = worlds.sample(rng)
                wv = w.view(me)
                diff = [f.name for f in dataclasses.fields(view)
                        if getattr(view, f.name) != getattr(wv, f.name)]
                assert not diff, (n, seed, diff)
                assert check_invariants(w) == []
                checked += 1
    assert checked > 60


def test_a_claim_of_a_kind_the_seat_has_all_seen_is_a_sure_lie_in_every_world():
    st = deal(["TTTTT", "CCCCC", "NNTTT"], disc_up="C" * 10)   # every Cương is seen by seat 1
    st.apply(0, ("claim", ("ta_khi",), "cuong"))
    view = st.view(1)
    worlds = S.Worlds(view, S.Tracker(3))
    assert worlds.p_lie() == 1.0
    rng = random.Random(2)
    for _ in range(20):
        w = worlds.sample(rng)
        assert w.claim[0] == 0 and w.ctx["truthful"] is False
        assert w.table[0] == 0 and sum(w.table) == 1


def test_the_posterior_believes_a_plain_claim_more_than_a_double_one():
    st = deal(["CTTTT", "CNNTT", "CNTTT"])
    st.apply(0, ("claim", ("cuong",), "cuong"))
    one = S.Worlds(st.view(1), S.Tracker(3)).p_lie()
    st = deal(["CCTTT", "CNNTT", "CNTTT"])
    st.apply(0, ("claim", ("cuong", "cuong"), "cuong"))
    two = S.Worlds(st.view(1), S.Tracker(3)).p_lie()
    assert 0.0 < one < two < 1.0


def test_the_tracker_keeps_pushed_and_caught_cards_in_the_hands_it_samples():
    st = deal(["CCTTT", "CNNTT", "CNTTT"])
    tracker = S.Tracker(3)
    tracker.observe([Event("push", 2, {"to": 0}), Event("push", 2, {"to": 0}),
                     Event("caught_cards", 0, {"to": "hand", "cards": ["cuong"]})])
    assert tracker.known[0] == [1, 0, 2]
    view = st.view(1)
    rng = random.Random(3)
    for _ in range(30):
        w = S.Worlds(view, tracker).sample(rng)
        assert w.hands[0][0] >= 1 and w.hands[0][2] >= 2
    tracker.observe([Event("nhap_ma", 0, {"lost": []})])
    assert tracker.known[0] == [0, 0, 0]


def test_the_model_reads_an_opponent_that_challenges_everything_and_claims_oddly():
    tracker = S.Tracker(3)
    quiet = tracker.extra_challenge(1)
    for _ in range(12):
        tracker.observe([Event("window", 0, {"kind": "challenge", "seats": [1, 2]}),
                         Event("challenge", 1, {"actor": 0}),
                         Event("reveal", 2, {"cards": ["nhu"], "call": "cuong"})])
    assert quiet < 1e-9 and tracker.extra_challenge(1) > 0.5 and tracker.extra_challenge(2) < 1e-9
    assert tracker.randomness(2) > 0.9 > 0.2 > tracker.randomness(1)


def test_same_seed_same_decision_and_same_search():
    st = deal(["TTTTT", "CNNTT", "CNTTT"])
    st.apply(0, ("claim", ("ta_khi",), "cuong"))
    runs = []
    for _ in range(2):
        a = HardAgent(1, seed=9, time_budget=None, challenge_worlds=12)
        runs.append((a.decide(st.view(1), st.legal_actions(1)), a.last_stats.means,
                     a.last_stats.worlds))
    assert runs[0] == runs[1] and runs[0][2] == 12
    st = deal(["CCNTT", "CNNTT", "CNTTT"], first=1)
    st.apply(1, ("public",))
    st.apply(1, ("shout",))
    runs = []
    for _ in range(2):
        a = HardAgent(2, seed=4, time_budget=None, worlds=6)
        view = st.view(2)
        runs.append((a.decide(view, st.legal_actions(2)), a.last_stats.means))
    assert runs[0] == runs[1]


def test_the_search_overrides_a_favourite_that_loses_in_every_world():
    # Every Cương is in sight of seat 1: a sure lie, by a liar at its last Đạo Tâm with
    # seat 2 possessed. A favourite of "pass" loses to the challenge in every world (the
    # liar falls and seat 1 wins by Trụ Vững), so the search takes the challenge.
    st = deal(["TTTTT", "CCCCC", ""], disc_up="C" * 10, dao_tam=[1, 3, 0],
              status=["living", "living", "possessed"], ta_niem_left=[0, 0, 2])
    st.apply(0, ("claim", ("ta_khi",), "cuong"))
    a = HardAgent(1, seed=1, time_budget=None, challenge_worlds=8)
    a.should_challenge = lambda view: False                     # type: ignore[method-assign]
    assert a.decide(st.view(1), st.legal_actions(1)) == ("challenge",)
    a.search = False
    assert a.decide(st.view(1), st.legal_actions(1)) == ("pass",)


def test_fork_plays_like_clone_and_leaves_the_original_alone():
    st = new_game(4, 6)
    rng = random.Random(0)
    for _ in range(12):
        a = next_actor(st)
        legal = st.legal_actions(a)
        st.apply(a, legal[rng.randrange(len(legal))])
    before = [st.view(s) for s in range(4)]
    f, c = S.fork(st), st.clone()
    f.rng.setstate(c.rng.getstate())
    for _ in range(25):
        if c.is_over():
            break
        a = next_actor(c)
        legal = c.legal_actions(a)
        pick = legal[rng.randrange(len(legal))]
        c.apply(a, pick)
        f.apply(a, pick)
        assert [f.view(s) for s in range(4)] == [c.view(s) for s in range(4)]
    assert [st.view(s) for s in range(4)] == before


def test_value_is_the_softmax_share_and_a_finished_game_its_result():
    st = new_game(3, 2)
    shares = S.scores(st)
    assert abs(sum(shares) - 1) < 1e-9
    assert all(abs(S.value(st, s) - shares[s]) < 1e-12 for s in range(3))
    st.dao_tam[1] = 1
    assert S.value(st, 1) < shares[1]
    rng = random.Random(1)
    while not st.is_over():
        a = next_actor(st)
        legal = st.legal_actions(a)
        st.apply(a, legal[rng.randrange(len(legal))])
    assert [S.value(st, s) for s in range(3)] == [1.0 if s in st.result().winners else 0.0
                                                   for s in range(3)]


def test_the_wall_cap_stops_the_search_and_the_work_budget_bounds_it():
    st = deal(["TTTTT", "CNNTT", "CNTTT"])
    st.apply(0, ("claim", ("ta_khi",), "cuong"))
    capped = HardAgent(1, seed=2, time_budget=0.0, challenge_worlds=1000)
    capped.decide(st.view(1), st.legal_actions(1))
    assert capped.last_stats.worlds == 1            # the cap allows the one world always run
    budgeted = HardAgent(1, seed=2, time_budget=None, challenge_worlds=7)
    budgeted.decide(st.view(1), st.legal_actions(1))
    assert budgeted.last_stats.worlds == 7
