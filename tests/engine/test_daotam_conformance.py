"""Đạo Tâm conformance: seeded random games at 3, 4 and 5 seats. After every event the
55 + 20 cards are all accounted for and every invariant holds; replaying a game's
(seed, action log) gives the identical event stream; illegal actions leave the state
unchanged. The suite plays a few hundred games; the full figure is a command:

    .venv/bin/python -m tests.engine.test_daotam_conformance 10000
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from game import arena, registry
from game.core import IllegalAction
from game.daotam.rules import check_invariants, new_game

BAD_ACTIONS = [("claim", ("cuong", "cuong", "nhu"), "cuong"), ("claim", ("ta_khi",), "ta_khi"),
               ("public", 1), ("push", 99), ("shout",), ("challenge",), ("use",), ("fly",)]


def play_game(seed: int, n: int) -> tuple[list, list, dict]:
    """One game: a random seat among the active ones answers first (so every window
    ordering happens), with a per-game taste for passing in windows. Returns the log,
    the events and the result details."""
    rng = random.Random(seed * 7919 + n)
    st = new_game(n, seed)
    calm = rng.random()                       # how often windows are let go
    log, events = [], list(st.deal_events())
    bad = check_invariants(st)
    assert not bad, (seed, bad)
    steps = 0
    while not st.is_over():
        active = st.active_seats()
        seat = rng.choice(active)
        legal = st.legal_actions(seat)
        assert legal, (seed, steps, "an active seat without a legal action")
        if ("pass",) in legal and rng.random() < calm:
            action = ("pass",)
        else:
            action = rng.choice(legal)
        if steps % 17 == 0:                    # now and then, an illegal action: no change
            wrong = rng.choice(BAD_ACTIONS)
            if wrong not in legal:
                before = (repr(st.hands), repr(st.steps), st.phase, st.rng.getstate())
                with pytest.raises(IllegalAction):
                    st.apply(seat, wrong)
                assert before == (repr(st.hands), repr(st.steps), st.phase, st.rng.getstate())
        events += st.apply(seat, action)
        log.append((seat, action))
        bad = check_invariants(st)
        assert not bad, (seed, steps, action, bad)
        steps += 1
        assert steps < 20000, (seed, "no end")
    res = st.result()
    assert res is not None and res.reason in ("khai_sang", "tru_vung", "round_limit")
    return log, events, {"reason": res.reason, "turns": st.turns, "n": n}


def replay(seed: int, n: int, log: list) -> list:
    st = new_game(n, seed)
    events = list(st.deal_events())
    for seat, action in log:
        events += st.apply(seat, action)
    assert st.is_over()
    return events


def run(games: int, start: int = 0) -> dict:
    reasons: Counter = Counter()
    turns: dict[int, list[int]] = {3: [], 4: [], 5: []}
    for i in range(start, start + games):
        n = 3 + i % 3
        log, events, info = play_game(i, n)
        assert replay(i, n, log) == events, f"seed {i}: replay differs"
        reasons[(n, info["reason"])] += 1
        turns[n].append(info["turns"])
    return {"games": games, "violations": 0, "replay_mismatches": 0,
            "reasons": {f"{n}p {r}": c for (n, r), c in sorted(reasons.items())},
            "mean_turns": {n: round(sum(t) / len(t), 1) for n, t in turns.items() if t}}


def test_random_games_conserve_cards_keep_invariants_and_replay_identically():
    report = run(300)
    assert report["games"] == 300
    assert {k.split()[1] for k in report["reasons"]} >= {"khai_sang", "tru_vung"}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_arena_plays_daotam_with_windows_and_finds_no_violation(n):
    rep = arena.run("daotam", ["random"] * n, games=n * 4, seed=n)
    assert rep["invariant_violations"] == 0, rep["violation_samples"]
    assert rep["games"] == n * 4 and rep["windows"] > 0


def test_the_arenas_invariant_checks_are_an_option(monkeypatch):
    calls = []
    monkeypatch.setattr(arena, "invariant_hook", lambda game: lambda st: calls.append(1) or ["bad"])
    off = arena.run("daotam", ["random"] * 3, games=3, seed=2, invariants=False)
    assert off["invariant_violations"] == 0 and not calls
    on = arena.run("daotam", ["random"] * 3, games=3, seed=2)     # on by default from Python
    assert on["invariant_violations"] > 0 and calls
    code = arena.main(["daotam", "--seats", "random,random,random", "--games", "3", "--invariants"])
    assert code == 1                                              # the CLI checks on request


def test_registered_for_3_to_5_seats():
    info = registry.info("daotam")
    assert (info.min_seats, info.max_seats) == (3, 5)
    with pytest.raises(ValueError):
        arena.run("daotam", ["random"] * 6, games=1, seed=0)


if __name__ == "__main__":
    import json
    import time
    t0 = time.perf_counter()
    out = run(int(sys.argv[1]) if len(sys.argv) > 1 else 10000)
    out["wall_s"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(out))


def test_a_saved_game_resumes_and_summarises(tmp_path):
    from game.match import Match, Seat
    from game.saves import summarize
    path = tmp_path / "daotam.json"
    m = Match("daotam", [Seat("human"), Seat("normal"), Seat("normal")], seed=4,
              save_path=path, think_scale=0.0)
    seat = m.active_seats()[0]
    if seat == 0:
        m.submit(0, m.legal_actions(0)[0])
    t = 0.0
    while len(m.log) < 12 and not m.is_over() and t < 60:
        t += 0.1
        m.tick(t)
        if 0 in m.active_seats() and m.open_window() is None:
            m.submit(0, m.legal_actions(0)[0])
    s = summarize(path)
    assert s.game == "daotam" and s.progress_key == "progress.daotam"
    again = Match.load(path)
    assert again.log == m.log and again.view(None) == m.view(None)
