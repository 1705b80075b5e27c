"""Đạo Tâm's fast paths: ``advance`` (trusted, no events) leaves the state ``apply`` leaves;
``playout`` plays what an action-by-action loop with the same draws plays (windows in
tie-break order, or in a judge's order); the arena's timed window judge for playouts
orders answers by time, then tie-break order, with defaults at the deadline; the deal's
inlined shuffle is ``random.shuffle`` exactly (saves and replays deal the same cards)."""

from __future__ import annotations

import random

from game import arena
from game.ai.search import next_actor
from game.daotam import rules
from game.daotam.rules import DaoTamState, check_invariants, new_game
from game.windows import Timing

SKIP = {"out", "_initial", "_window_cache", "rng", "deck"}


def snapshot(st: DaoTamState) -> tuple:
    """Everything a state holds that the rules read (events and caches left out)."""
    fields = {k: repr(v) for k, v in vars(st).items() if k not in SKIP}
    return fields, st.rng.getstate()


def test_advance_leaves_the_state_apply_leaves_with_no_events():
    seen = set()
    for seed in range(60):
        n = 3 + seed % 3
        a, b = new_game(n, seed), new_game(n, seed)
        rng = random.Random(seed)
        while not a.is_over():
            active = a.active_seats()
            seat = active[int(rng.random() * len(active))]
            legal = a.legal_actions(seat)
            action = legal[int(rng.random() * len(legal))]
            seen.add(a.phase)
            a.apply(seat, action)
            assert b.advance(seat, action) is None
            assert b.out == []
            assert snapshot(a) == snapshot(b), (seed, action)
        assert a.result() == b.result()
    assert seen >= {"turn", "challenge", "race", "push", "option"}, seen


def by_hand(st: DaoTamState, rng: random.Random, judge=None) -> int:
    """The action-by-action loop ``playout`` stands for: uniform choices from ``rng``,
    windows in tie-break order (search's ``next_actor``) or in ``judge``'s order."""
    steps = 0
    while not st.is_over():
        w = st.window()
        if w is not None and judge is not None:
            for seat, action in judge(st, w, rng):
                if st.window() is None or st.window().id != w.id:
                    break
                st.apply(seat, action)
                steps += 1
            continue
        seat = next_actor(st)
        legal = st.legal_actions(seat)
        st.apply(seat, legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


def test_playout_plays_as_the_action_by_action_loop_in_tie_break_order():
    for seed in range(40):
        n = 3 + seed % 3
        a, b = new_game(n, seed), new_game(n, seed)
        want = by_hand(a, random.Random(seed))
        assert b.playout(random.Random(seed), 100_000) == want
        assert snapshot(a) == snapshot(b) and a.result() == b.result(), seed
        assert not check_invariants(b)


def shuffled_judge(st, w, rng):
    """Answers in a random order of the waiting seats, each pass or close at random."""
    seats = [s for s in w.seats if s in st.active_seats()]
    rng.shuffle(seats)
    return [(s, st.legal_actions(s)[int(rng.random() * 2)]) for s in seats]


def test_playout_plays_a_judges_order_until_the_window_closes():
    for seed in range(40):
        n = 3 + seed % 3
        a, b = new_game(n, seed), new_game(n, seed)
        want = by_hand(a, random.Random(seed), shuffled_judge)
        assert b.playout(random.Random(seed), 100_000, shuffled_judge) == want
        assert snapshot(a) == snapshot(b), seed


def test_playout_stops_at_the_limit_and_a_clone_is_independent():
    st = new_game(4, 3)
    before = snapshot(st)
    c = st.clone()
    assert c.playout(random.Random(1), 7) == 7 and not c.is_over()
    assert snapshot(st) == before, "the original is untouched"
    c.playout(random.Random(2), 100_000)
    assert c.is_over() and c.result() is not None and snapshot(st) == before
    assert st.apply(st.turn, st.legal_actions(st.turn)[0]), "the original still emits events"


TIMING = {"timers_enabled": True, "challenge_window_s": 3.0, "race_window_s": 2.0,
          "ai_challenge_delay_s": {"actor": 0.5, "others": [1.0, 4.0]},
          "ai_shout_delay_s": 1.0, "ai_window_floor_s": 0.25}


class Fixed(random.Random):
    """random() from a fixed list (the judge's choices and delays, in drawing order)."""

    def __init__(self, values):
        super().__init__(0)
        self.values = list(values)

    def random(self):
        return self.values.pop(0)


def at_challenge(n=5):
    st = new_game(n, 11)
    while st.phase != rules.CHALLENGE:
        seat = next_actor(st)
        st.apply(seat, next(a for a in st.legal_actions(seat) if a[0] == "claim" or a == rules.PASS))
    return st


def test_the_arenas_playout_judge_orders_by_time_then_seats_with_defaults_at_the_deadline():
    st = at_challenge()
    w = st.window()
    s1, s2, s3, s4 = w.seats
    judge = arena.PlayoutWindows(Timing(TIMING), ["random"] * 5)
    # per seat in seats order: choice (< .5 pass, else challenge), then delay 1.0 + 3.0 * r
    order = judge(st, w, Fixed([0.9, 0.5,    # s1 challenges at 2.5
                                0.1, 0.0,    # s2 passes at 1.0
                                0.9, 0.9,    # s3 challenges at 3.7: past the deadline
                                0.9, 0.5]))  # s4 challenges at 2.5: same time as s1, later seat
    assert order == [(s2, rules.PASS), (s1, rules.CHALLENGE_A), (s4, rules.CHALLENGE_A),
                     (s3, rules.PASS)]
    assert judge.windows == 1 and judge.closed_by == [s1]


def test_the_arena_plays_random_daotam_hands_by_playout_and_counts_their_windows(monkeypatch):
    calls = []
    real = DaoTamState.playout

    def counted(self, rng, limit, windows=None):
        calls.append(windows)
        return real(self, rng, limit, windows)

    monkeypatch.setattr(DaoTamState, "playout", counted)
    rep = arena.run("daotam", ["random"] * 4, games=8, seed=5, invariants=False)
    assert rep["games"] == 8 and rep["invariant_violations"] == 0
    assert len(calls) == 8 and all(isinstance(j, arena.PlayoutWindows) for j in calls)
    assert rep["windows"] > 0 and sum(p["windows_won"] for p in rep["per_seat"]) > 0
    on = arena.run("daotam", ["random"] * 4, games=4, seed=5)     # invariants on: by hand
    assert len(calls) == 8 and on["windows"] > 0


def test_the_arena_makes_no_agents_for_playout_hands_once_their_levels_are_known_blind(monkeypatch):
    from game import registry
    made = []
    real = registry.make_agent

    def counted(game, level, seat, seed=0):
        made.append(level)
        return real(game, level, seat, seed)

    monkeypatch.setattr(registry, "make_agent", counted)
    rep = arena.run("daotam", ["random"] * 3, games=6, seed=2, invariants=False)
    assert rep["games"] == 6 and made == ["random"] * 3, "only the first hand's"
    made.clear()
    arena.run("daotam", ["random", "random", "easy"], games=6, seed=2, invariants=False)
    assert len(made) == 18, "a seat that is not blind: every hand's agents"


def test_playout_checks_wins_after_a_change_made_outside_the_rules():
    for seed in range(6):
        a, b = new_game(3, seed), new_game(3, seed)
        for st in (a, b):
            while st.window() is None:              # a claim or a public play ...
                st.apply(st.turn, st.legal_actions(st.turn)[-1])
            for s in list(st.waiting):              # ... let go: a run of steps
                st.apply(s, rules.PASS)
            for s in range(3):
                if s != st.turn:
                    st.status[s] = rules.OUT       # as a test or a bug report might set it
        by_hand(a, random.Random(seed))
        b.playout(random.Random(seed), 100_000)
        assert a.result() == b.result() and b.result().winners == (b.turn,), seed
