"""Đạo Tâm agents: they see only their view, always answer legally and fast, count cards
with a hypergeometric, and their reaction delays come from data/daotam.yaml (R17)."""

from __future__ import annotations

import random
import time

import pytest

from game import arena
from game.daotam.ai import HardAgent, NormalAgent, hyper_at_least, make_agent, unseen
from game.daotam.rules import new_game
from game.match import Match, Seat
from game.windows import Timing
from tests.engine.daotam_deal import deal


def test_hypergeometric_tail():
    assert hyper_at_least(10, 10, 3, 3) == 1.0
    assert hyper_at_least(10, 0, 3, 1) == 0.0
    assert hyper_at_least(4, 2, 2, 2) == pytest.approx(1 / 6)
    assert hyper_at_least(4, 2, 2, 1) == pytest.approx(5 / 6)


def test_unseen_counts_what_this_seat_cannot_see():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], disc_up="CCN", si_me=[0, 0, 0])
    assert unseen(st.view(0)) == [15 - 2 - 2, 15 - 1 - 1, 25 - 2]
    st.si_me[1] = 2
    assert unseen(st.view(0)) == [15 - 2 - 2 - 1, 15 - 1 - 1 - 1, 25 - 2 - 3]


def test_normal_challenges_a_claim_the_actor_cannot_hold_and_lets_a_likely_one_go():
    st = deal(["TTTTT", "NNNNTTTTTT", "CCNTT"], disc_up="C" * 12)   # one Cương unseen
    st.apply(0, ("claim", ("ta_khi", "ta_khi"), "cuong"))
    normal = NormalAgent(2, seed=1)
    assert normal.decide(st.view(2), st.legal_actions(2)) == ("challenge",)
    st = deal(["NNNTT", "CTTTT", "CTTTT"], disc_up="CC")
    st.apply(0, ("claim", ("nhu",), "nhu"))
    assert NormalAgent(1, seed=1).decide(st.view(1), st.legal_actions(1)) == ("pass",)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_finishes_games_through_the_match_with_legal_answers(level):
    m = Match("daotam", [Seat(level) for _ in range(4)], seed=5, think_scale=0.0)
    t = 0.0
    while not m.is_over() and t < 20000:
        m.tick(t)
        t += 0.05
    assert m.is_over(), "the game did not finish"
    assert m.result().reason in ("khai_sang", "tru_vung", "round_limit")


def test_reaction_delays_are_drawn_per_decision_from_the_yaml():
    timing = Timing.for_game("daotam")
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    st.apply(0, ("public",))
    race = st.window()
    assert timing.delay_range(race.ai_delay, "normal", is_actor=True) == (0.25, 0.6)
    assert timing.delay_range(race.ai_delay, "normal", is_actor=False) == (0.35, 0.9)
    assert timing.delay_range(race.ai_delay, "easy", is_actor=False) == (0.55, 1.3)
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    seats = [Seat("human"), Seat("normal"), Seat("normal")]
    m = Match("daotam", seats, seed=2, state_factory=lambda n, s, o: st)
    m.submit(0, ("claim", ("ta_khi",), "cuong"))
    m.tick(100.0)
    assert m.open_window().window.ai_delay == "ai_challenge_delay_s"
    m.tick(100.79)                       # nobody answers before 0.8 s
    assert len(m.log) == 1 and m.open_window() is not None
    m.tick(102.4)                        # both have answered by 2.4 s
    assert m.open_window() is None and len(m.log) >= 2
    draws = {round(timing.reaction_delay(m.state.window() or race, 1, "normal", rng), 6)
             for rng in [random.Random(i) for i in range(5)]}
    assert len(draws) == 5               # one draw per decision, not one per seat


def test_agents_decide_only_from_the_view():
    st = new_game(4, seed=3)
    view = st.view(st.turn)
    a = make_agent("hard", st.turn, 1)
    assert a.decide(view, st.legal_actions(st.turn)) in st.legal_actions(st.turn)
    with pytest.raises(ValueError):
        make_agent("grandmaster", 0, 1)


def test_decision_time_p95_is_well_under_150_ms():
    rep = arena.run("daotam", ["hard", "normal", "normal"], games=6, seed=11)
    assert rep["invariant_violations"] == 0
    hard = rep["per_seat"][0]
    assert hard["decisions"] > 0 and hard["decision_ms_p95"] < 150


def test_hard_beats_random_seats():
    t0 = time.perf_counter()
    rep = arena.run("daotam", ["hard", "random", "random"], games=45, seed=4)
    assert rep["per_seat"][0]["win_rate"] > 0.5, rep["per_seat"]
    assert time.perf_counter() - t0 < 120


def test_hard_sampling_can_be_made_deterministic():
    st = deal(["TTTTT", "CNNTT", "CNTTT"])
    st.apply(0, ("claim", ("ta_khi",), "cuong"))
    picks = {HardAgent(1, seed=9, time_budget=None).decide(st.view(1), st.legal_actions(1))
             for _ in range(3)}
    assert len(picks) == 1
