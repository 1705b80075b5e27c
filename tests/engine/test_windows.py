"""Reaction windows judged by the Match (game/windows.py) on a fake clock, with the
test-only race ruleset "snap" (tests/engine/snap_rules.py): after seat A plays, the
other seats, clockwise from A's left, may snap within 3.0 s; the first snap closes it.

Times are plain floats the test owns; nothing here sleeps except the threaded tests,
which only wait for a worker and never assert on wall time.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time

import pytest

from game import arena
from game.ai.base import RandomAgent
from game.ai.search import Budget, ismcts, next_actor
from game.core import Window
from game.match import Match, Seat
from game.windows import Timing, WindowDesk, _game_timing, load_timing
from tests.engine.snap_rules import (
    SNAP_S,
    TIMING,
    SnapAgent,
    first_card,
    humans,
    snap_factory,
    snap_match,
)

SNAP, PASS = ("snap",), ("pass",)


def opened(m: Match, at: float, seat: int = 0) -> None:
    """``seat`` plays a card; the window opens at the tick at ``at``."""
    m.submit(seat, first_card(m, seat))
    m.tick(at)
    assert m.open_window() is not None and m.open_window().opened_at == at


def answers(m: Match) -> list:
    """What was said in windows (the log without the plays)."""
    return [(s, a) for s, a in m.log if a[0] != "play"]


def fixed(delay, **more) -> dict:
    return TIMING | {"ai_snap_delay_s": delay} | more


def bot(seat: int, react="snap", kind: str = "random", **kw) -> Seat:
    return Seat(kind, agent=SnapAgent(seat, 0.0, react, **kw))


# ====================================================== first press, ties, deadline
def test_first_press_wins_by_time_not_by_seat_order():
    m = snap_match()
    opened(m, 10.0)
    m.press(1, SNAP, 10.6)        # seat 1 is first in tie-break order, but later
    m.press(2, SNAP, 10.4)
    m.tick(10.7)
    assert answers(m) == [(2, SNAP)]
    assert m.events[-1].kind == "snap" and m.events[-1].seat == 2
    assert m.active_seats() == (1,) and m.open_window() is None
    assert [why for why, p in m.desk.dropped] == ["late"], "seat 1 lost the race, no false start"


@pytest.mark.parametrize("actor,winner", [(0, 1), (1, 2), (2, 0)])
def test_same_time_tie_goes_to_the_seat_nearest_clockwise_after_the_actor(actor, winner):
    m = snap_match()
    for s in range(actor):                 # everybody passes until it is ``actor``'s turn
        m.submit(s, first_card(m, s))
        for o in m.active_seats():
            m.submit(o, PASS)
    opened(m, 10.0, actor)
    others = [s for s in (2, 1, 0) if s != actor]    # pressed in the "wrong" order
    for s in others:
        m.press(s, SNAP, 10.5)
    m.tick(10.5)
    assert answers(m)[-1] == (winner, SNAP)


def test_a_press_at_exactly_the_deadline_is_dropped_one_just_before_counts():
    m = snap_match()
    opened(m, 10.0)
    m.press(1, SNAP, 10.0 + SNAP_S)
    m.tick(10.0 + SNAP_S)
    assert answers(m) == [(1, PASS), (2, PASS)], "the defaults, in tie-break order"
    assert m.desk.false_starts == {1: 13.0}, "at t = 3.0 s no window is open (R6.1)"
    m2 = snap_match()
    opened(m2, 10.0)
    m2.press(1, SNAP, 12.999)
    m2.tick(13.0)
    assert answers(m2) == [(1, SNAP)]


def test_an_agent_answer_due_exactly_at_the_deadline_is_too_late():
    m = snap_match([Seat("human"), bot(1), Seat("human")], timing=fixed(SNAP_S))
    opened(m, 10.0)
    m.tick(13.0)
    assert answers(m) == [(1, PASS), (2, PASS)]


def test_nothing_times_out_before_the_deadline_and_defaults_come_at_it():
    m = snap_match()
    opened(m, 10.0)
    assert m.open_window().remaining(11.0) == 2.0 and m.deadline(1) == (10.0, SNAP_S)
    assert m.tick(12.999) == [] and len(m.log) == 1
    m.tick(13.0)
    assert answers(m) == [(1, PASS), (2, PASS)]


# ========================================================== false starts, lockout
def test_a_false_start_locks_the_seat_out_of_a_window_opening_within_the_lock():
    m = snap_match()
    m.press(1, SNAP, 9.5)              # seat 0 has not played yet: no window is open
    m.tick(9.6)
    assert m.desk.false_starts == {1: 9.5} and len(m.log) == 0
    opened(m, 10.0)                    # 0.5 s later <= snap_lock_s (1.0)
    assert m.open_window().locked == {1}
    m.press(1, SNAP, 10.3)             # ignored: seat 1 is barred from winning
    m.press(2, SNAP, 10.8)
    m.tick(11.0)
    assert answers(m) == [(2, SNAP)]
    assert ("locked out", 1) in [(why, p.seat) for why, p in m.desk.dropped]
    opened(m, 20.0, seat=1)            # the next window: the lock is spent
    assert m.open_window().locked == set()


def test_a_false_start_longer_before_than_the_lock_bars_nothing():
    m = snap_match()
    m.press(1, SNAP, 8.9)
    m.tick(8.9)
    opened(m, 10.0)                    # 1.1 s later > 1.0 s
    assert m.open_window().locked == set()
    m.press(1, SNAP, 10.3)
    m.tick(10.3)
    assert answers(m) == [(1, SNAP)]


def test_a_false_start_judged_after_the_window_opened_still_locks():
    """The press was made before the window, but the table hands it over a frame late."""
    m = snap_match()
    opened(m, 10.0)
    m.press(1, SNAP, 9.8)
    m.press(1, SNAP, 10.1)
    m.tick(10.2)
    assert m.open_window().locked == {1} and len(m.log) == 1


def test_a_locked_out_seat_may_still_pass_so_the_window_closes_early():
    m = snap_match()
    m.press(2, SNAP, 9.9)
    opened(m, 10.0)
    m.press(1, PASS, 10.2)
    m.press(2, PASS, 10.4)
    m.tick(10.5)
    assert answers(m) == [(1, PASS), (2, PASS)] and m.active_seats() == (1,)


def test_a_late_press_after_an_early_close_is_not_a_false_start():
    m = snap_match()
    opened(m, 10.0)
    m.press(1, SNAP, 10.2)
    m.press(2, SNAP, 10.3)             # lost the race by 0.1 s
    m.tick(10.4)
    m.submit(1, first_card(m, 1))
    m.tick(10.5)                       # a new window 0.2 s after seat 2's press
    assert m.desk.false_starts == {} and m.open_window().locked == set()
    m.press(2, SNAP, 10.9)
    m.tick(11.0)
    assert answers(m)[-1] == (2, SNAP)


def test_a_press_by_a_seat_that_may_not_answer_does_nothing():
    m = snap_match()
    opened(m, 10.0)
    m.press(0, SNAP, 10.1)             # the player who opened it
    m.press(1, ("play", 999), 10.2)    # not an answer the rules allow: refused, no raise
    m.tick(10.3)
    assert len(m.log) == 1 and m.active_seats() == (1, 2)
    m.press(1, PASS, 10.4)
    m.tick(10.4)
    assert answers(m) == [(1, PASS)]


# ============================================================== early close
def test_the_window_closes_early_when_every_seat_has_passed():
    m = snap_match([Seat("human"), Seat("human"), bot(2, "pass")], timing=fixed(1.0))
    opened(m, 10.0)
    m.press(1, PASS, 10.2)
    m.tick(10.5)
    assert answers(m) == [(1, PASS)]
    m.tick(11.0)                       # the agent passes after its 1.0 s reaction
    assert answers(m) == [(1, PASS), (2, PASS)]
    assert m.open_window() is None and m.active_seats() == (1,), "closed at 11.0, not 13.0"


# ============================================================== timers off
def test_timers_off_waits_for_every_seat_then_resolves_in_tie_break_order():
    m = snap_match(timers=False)
    opened(m, 10.0)
    assert m.open_window().ends_at is None and m.deadline(1) is None
    m.press(2, SNAP, 10.2)             # first in time
    m.tick(10.3)
    assert m.tick(1000.0) == [] and len(m.log) == 1, "no deadline: it waits"
    m.press(1, SNAP, 1000.5)           # last in time, first in seat order
    m.tick(1001.0)
    assert answers(m) == [(1, SNAP)]


def test_timers_off_submits_passes_in_seat_order_and_agents_answer_without_delay():
    m = snap_match([Seat("human"), Seat("human"), bot(2, "snap")], timers=False,
                   timing=fixed(2.0))
    opened(m, 10.0)
    assert m.thinking() == {2} and len(m.log) == 1, "the agent's answer waits for seat 1"
    m.press(1, PASS, 10.1)
    m.tick(10.1)
    assert answers(m) == [(1, PASS), (2, SNAP)]


def test_timers_follow_the_yaml_unless_the_match_says():
    m = snap_match(timing=TIMING | {"timers_enabled": False})
    opened(m, 10.0)
    assert m.open_window().ends_at is None
    m = snap_match(timing=TIMING | {"timers_enabled": False}, timers=True)
    opened(m, 10.0)
    assert m.open_window().ends_at == 13.0


def test_timers_off_has_no_false_start_lockout():
    m = snap_match(timers=False)
    m.press(1, SNAP, 9.9)
    opened(m, 10.0)
    assert m.open_window().locked == set()


# ===================================================================== pause
def test_pause_mid_window_freezes_it_then_resumes_where_it_was():
    m = snap_match([Seat("human"), Seat("human"), bot(2)], timing=fixed(2.0))
    opened(m, 10.0)
    m.tick(11.0)
    for _ in range(50):                # the table's clock is stopped: every frame says 11.0
        assert m.tick(11.0) == []
    assert m.open_window().remaining(11.0) == 2.0 and len(m.log) == 1
    assert m.thinking() == {2}
    assert m.tick(11.99) == []         # resumed: the clock goes on from 11.0
    m.tick(12.0)
    assert answers(m) == [(2, SNAP)]


def test_pause_holds_the_deadline_too():
    m = snap_match()
    opened(m, 10.0)
    for _ in range(20):
        m.tick(12.5)
    assert len(m.log) == 1
    m.tick(13.0)
    assert answers(m) == [(1, PASS), (2, PASS)]


# ============================================================ humans and agents
def test_humans_and_agents_are_judged_by_time_within_one_tick():
    for press_at, winner in ((10.9, 1), (11.2, 2)):
        m = snap_match([Seat("human"), Seat("human"), bot(2)], timing=fixed(1.0))
        opened(m, 10.0)
        m.press(1, SNAP, press_at)
        m.tick(11.5)                   # one frame holds both the press and the agent's 11.0
        assert answers(m) == [(winner, SNAP)]


def test_agents_are_served_by_when_they_decided_not_by_seat_order():
    seats = [Seat("human"), bot(1, kind="easy"), bot(2, kind="hard")]
    m = snap_match(seats, timing=fixed({"easy": 2.0, "hard": 1.0}))
    opened(m, 10.0)
    m.tick(12.5)
    assert answers(m)[0] == (2, SNAP), "seat 2 decided at 11.0, seat 1 at 12.0"


def test_each_window_has_its_own_opening_time():
    """Seat 2 answers both windows; it never carries the first one's opening into the
    second (they both open and close between two ticks)."""
    m = snap_match()
    opened(m, 1.0)
    m.submit(1, SNAP)                  # closes window 1 ...
    m.submit(1, first_card(m, 1))      # ... and opens window 2, for seats (2, 0)
    m.tick(2.0)
    assert m.deadline(2) == (2.0, SNAP_S)
    assert m.tick(4.0) == [], "window 1's deadline (4.0) does not apply to window 2"
    m.tick(5.0)
    assert answers(m) == [(1, SNAP), (2, PASS), (0, PASS)]


def test_a_stale_agent_decision_is_never_fired_into_the_next_window():
    seats = [Seat("human"), Seat("human"), bot(2, ["snap", "pass"])]
    m = snap_match(seats, timing=fixed(2.0))
    opened(m, 10.0)                    # seat 2 decides "snap" for window 1, ready at 12.0
    m.press(1, SNAP, 10.5)
    m.tick(10.6)                       # seat 1 was faster: window 1 closed
    m.submit(1, first_card(m, 1))
    m.tick(11.0)                       # window 2: seat 2 decides again, "pass", at 13.0
    m.tick(12.5)
    assert answers(m) == [(1, SNAP)], "window 1's snap must not land in window 2"
    m.tick(13.0)
    assert answers(m) == [(1, SNAP), (2, PASS)]
    assert seats[2].agent.calls == 2


def test_a_stale_threaded_decision_is_dropped_when_it_comes_back():
    gate = threading.Event()
    seats = [Seat("human"), Seat("human"), bot(2, ["snap", "pass"], gate=gate)]
    m = snap_match(seats, timing=fixed(0.25), threaded=True)
    try:
        opened(m, 10.0)                # seat 2's decision for window 1 is blocked
        m.press(1, SNAP, 10.1)
        m.tick(10.1)
        m.submit(1, first_card(m, 1))
        m.tick(10.2)                   # window 2 opens while the old decision still runs
        gate.set()
        limit = time.perf_counter() + 10.0
        while len(answers(m)) < 2 and time.perf_counter() < limit:
            m.tick(11.0)               # inside window 2 (ends at 13.2)
            time.sleep(0.005)
        assert answers(m) == [(1, SNAP), (2, PASS)]
    finally:
        m.close()


# ===================================================== illegal agents, never raising
class BadAgent:
    """Returns an action no rule allows; or raises."""

    level, think_delay = "test", 0.0

    def __init__(self, crash: bool = False) -> None:
        self.crash = crash

    def observe(self, events) -> None:
        pass

    def decide(self, view, legal):
        if self.crash:
            raise RuntimeError("agent bug")
        return ("play", 999)


@pytest.mark.parametrize("crash", [False, True])
def test_an_agents_illegal_answer_is_logged_and_replaced_by_the_default(caplog, crash):
    m = snap_match([Seat("human"), Seat("human"), Seat("random", agent=BadAgent(crash))],
                   timing=fixed(1.0))
    with caplog.at_level(logging.WARNING):
        opened(m, 10.0)
        m.tick(11.0)                   # must not raise
    assert answers(m) == [(2, PASS)]
    assert any(r.levelno >= logging.WARNING and "seat 2" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("crash", [False, True])
def test_an_agents_illegal_turn_move_is_replaced_by_the_first_legal_action(caplog, crash):
    m = snap_match([Seat("random", agent=BadAgent(crash)), Seat("human"), Seat("human")])
    legal = m.legal_actions(0)
    with caplog.at_level(logging.WARNING):
        m.tick(1.0)
    assert m.log == [(0, legal[0])]
    assert any("seat 0" in r.getMessage() for r in caplog.records)


# ============================================================= delays from YAML
WINDOW = Window(1, "snap", (1, 2), ("snap",), PASS, "snap_window_s", "ai_snap_delay_s",
                "snap_lock_s", actor=0)


def test_reaction_delays_are_drawn_per_decision_from_the_yaml_range_with_a_seeded_rng():
    t = Timing(TIMING)
    draws = [t.reaction_delay(WINDOW, 1, "normal", random.Random(5)) for _ in range(3)]
    assert draws[0] == draws[1] == draws[2], "the same seed gives the same delay"
    rng = random.Random(5)
    many = [t.reaction_delay(WINDOW, 1, "normal", rng) for _ in range(300)]
    assert all(0.8 <= d <= 2.4 for d in many) and min(many) < 1.0 and max(many) > 2.2
    assert len(set(many)) > 250, "drawn per decision"
    rng = random.Random(5)
    fast = [t.reaction_delay(WINDOW, 1, "normal", rng, think_scale=0.0) for _ in range(50)]
    assert set(fast) == {0.8}, "AI speed 0 never reacts below the YAML minimum"
    floor = Timing(fixed([0.0, 0.1]))
    assert floor.reaction_delay(WINDOW, 1, "", random.Random(1)) == 0.25


def test_delay_ranges_split_by_role_and_level():
    t = Timing({"d": {"actor": [0.25, 0.6], "others": {"hard": [0.35, 0.5], "default": [0.5, 0.9]}},
                "n": 1.5})
    assert t.delay_range("d", "hard", is_actor=True) == (0.25, 0.6)
    assert t.delay_range("d", "hard") == (0.35, 0.5)
    assert t.delay_range("d", "easy") == (0.5, 0.9)
    assert t.delay_range("n") == (1.5, 1.5)
    with pytest.raises(KeyError, match="no_such"):
        t.seconds("no_such")


def test_match_reaction_times_come_from_the_seats_own_seeded_stream():
    def run(seed):
        seats = [Seat("human"), bot(1), bot(2)]
        m = snap_match(seats, seed=seed)
        opened(m, 0.0)
        m.tick(5.0)
        return m.log, m.desk.dropped
    log_a, _ = run(3)
    log_b, _ = run(3)
    assert log_a == log_b
    winners = {run(s)[0][1][0] for s in range(12)}
    assert winners == {1, 2}, "drawn delays, not a fixed seat order, decide the race"


def test_timing_numbers_load_from_yaml(tmp_path):
    shared = load_timing("ganjifa")
    assert shared["false_start_lock_s"] == 1.0 and shared["ai_window_floor_s"] > 0
    path = tmp_path / "g.yaml"
    path.write_text("name: x\ntiming:\n  race_window_s: 2.0\n")
    assert _game_timing(path) == {"race_window_s": 2.0}


def test_a_desk_is_usable_alone_on_a_fake_clock():
    desk = WindowDesk(Timing(TIMING))
    assert desk.sync(WINDOW, 5.0)
    desk.press(2, SNAP, 6.0, window_id=1)
    assert desk.next_due(5.5, (1, 2)) is None and desk.next_time(5.5) == 6.0
    due = desk.next_due(6.0, (1, 2))
    assert (due.at, due.seat, due.action, due.source) == (6.0, 2, SNAP, "agent")
    assert desk.next_time(6.0) == 8.0


# =================================================================== replay
def play_mixed(seed: int, timers: bool = True) -> Match:
    """Humans pressing at scripted times (false starts, silences) and an agent, to the end."""
    seats = [Seat("human"), bot(1, ["snap", "pass", "pass"]), Seat("human")]
    m = snap_match(seats, seed=seed, timers=timers, options={"cards": 4})
    rng = random.Random(seed)
    now = 0.0
    while not m.is_over() and now < 500:
        now = round(now + 0.05, 2)
        if m.open_window() is None:
            if rng.random() < 0.1:
                m.press(rng.choice((0, 2)), SNAP, now)      # a false start
            seat = m.active_seats()[0]
            if m.seats[seat].is_human and rng.random() < 0.2:
                m.submit(seat, rng.choice(m.legal_actions(seat)))
        else:
            for s in (0, 2):
                if s in m.active_seats() and rng.random() < (0.01 if timers else 0.05):
                    m.press(s, rng.choice((SNAP, PASS)), now)
        m.tick(now)
    assert m.is_over()
    return m


@pytest.mark.parametrize("timers", [True, False])
def test_the_log_replays_the_whole_game_exactly(timers):
    m = play_mixed(4, timers)
    assert any(a == SNAP for _, a in m.log) and any(a == PASS for _, a in m.log)
    assert "false start" in {why for why, _ in m.desk.dropped}
    data = json.loads(json.dumps(m.to_json()))
    data["seats"] = ["human"] * 3       # a replay needs no agents (snap has none registered)
    r = Match.from_json(data, state_factory=snap_factory, timing=TIMING)
    assert r.log == m.log and r.events == m.events and r.result() == m.result()
    for s in (None, 0, 1, 2):
        assert r.view(s) == m.view(s)
    assert play_mixed(4, timers).log == m.log, "the same presses on the same clock: same game"


def test_the_first_press_is_first_in_the_log():
    m = snap_match(humans())
    opened(m, 10.0)
    m.press(2, PASS, 10.1)
    m.press(1, SNAP, 10.2)
    m.tick(10.3)
    assert m.log[1:] == [(2, PASS), (1, SNAP)]
    assert Match.from_json(m.to_json(), state_factory=snap_factory, timing=TIMING).log == m.log


# ===================================================================== arena
def arena_hand(levels, make_agent, timing, seed=3):
    times, violations, clocks = [[] for _ in levels], [], []
    result = arena.play_hand("snap", levels, seed, {"cards": 4}, [11, 12, 13], None, times,
                             violations, new_state=snap_factory, make_agent=make_agent,
                             timing=Timing(timing), clocks=clocks)
    return result, violations, clocks


def test_the_arena_plays_windows_on_a_fake_clock_by_time_then_tie_break():
    timing = fixed({"fast": 0.3, "slow": 1.0})
    result, violations, clocks = arena_hand(
        ["fast", "slow", "slow"], lambda lv, s, sd: SnapAgent(s, 0.0, "snap"), timing)
    assert violations == [] and result is not None
    (hand,) = clocks
    assert hand.windows == 12, "one window per card played"
    # seat 0 (fast) wins every window it may answer; in its own, seat 1 wins the tie
    assert hand.closed_by == [1, 0, 0] * 4       # seats 0, 1, 2 play in turn
    assert hand.now == pytest.approx(4 * (0.3 + 1.0 + 0.3)), "the clock jumped, nobody waited"


def test_the_arena_gives_silent_seats_the_default_at_the_deadline():
    result, violations, clocks = arena_hand(
        ["a", "b", "c"], lambda lv, s, sd: SnapAgent(s, 0.0, "snap"), fixed(5.0))
    assert violations == [] and result.scores == (0, 0, 0)
    assert clocks[0].closed_by == [] and clocks[0].now == pytest.approx(12 * SNAP_S)


def test_the_arena_with_random_seats_is_deterministic():
    def once():
        return arena_hand(["random"] * 3, lambda lv, s, sd: RandomAgent(s, sd), TIMING)
    (r1, v1, c1), (r2, v2, c2) = once(), once()
    assert v1 == v2 == [] and r1 == r2 and c1[0].closed_by == c2[0].closed_by


@pytest.mark.parametrize("game,seats,levels", [
    ("daotam", 3, "random"), ("daotam", 5, "random"), ("daotam", 4, "normal"),
    ("mascarade", 5, "random"), ("mascarade", 13, "random"), ("mascarade", 5, "normal")])
def test_the_arenas_short_window_path_judges_as_the_desk_does(monkeypatch, game, seats, levels):
    def report(fast):
        monkeypatch.setattr(arena, "FAST_WINDOWS", fast)
        rep = arena.run(game, [levels] * seats, games=seats * 3, seed=7)
        return {k: rep[k] for k in ("games", "windows", "end_reasons", "per_game",
                                    "invariant_violations")}, [
            (p["mean_share"], p["decisions"], p["windows_won"]) for p in rep["per_seat"]]
    fast, slow = report(True), report(False)
    assert fast == slow and fast[0]["windows"] > 0


# ===================================================================== search
def test_search_plays_windows_in_tie_break_order():
    state = snap_factory(3, 1, {})
    state.apply(0, state.legal_actions(0)[0])      # seat 0 plays: window (1, 2)
    assert next_actor(state) == 1
    state.apply(1, PASS)
    assert next_actor(state) == 2


def test_ismcts_searches_for_a_seat_answering_a_window():
    state = snap_factory(3, 1, {})
    state.apply(0, state.legal_actions(0)[0])
    action, stats = ismcts(lambda rng: state.clone(), lambda s, p: (s.scores[p] + 4) / 8,
                           random.Random(1), Budget(None, 200), seat=2)
    assert action in (PASS, SNAP) and stats.worlds == 200


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_one_seat_games_have_no_windows(game):
    from game import registry
    state = registry.new_game(game, 3, 1)
    assert state.window() is None
    m = Match(game, [Seat("random"), Seat("random"), Seat("random")],
              seed=1, think_scale=0.0)
    m.tick(1.0)
    assert m.open_window() is None and len(m.log) > 0
