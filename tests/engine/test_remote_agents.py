"""Agents in the worker process: same decisions as local ones, and a dead worker
never stops the game."""

from __future__ import annotations

import time

from game.match import Match, parse_seats


def run(match: Match, limit: float = 60.0) -> None:
    t0 = time.perf_counter()
    while not match.is_over():
        match.tick(time.perf_counter())
        assert time.perf_counter() - t0 < limit, "match did not finish"
        time.sleep(0.0005)


def test_remote_agents_play_like_local_agents():
    local = Match("ganjifa", parse_seats("easy,normal,random"), seed=12, think_scale=0.0)
    run(local)
    remote = Match("ganjifa", parse_seats("easy,normal,random"), seed=12, think_scale=0.0, threaded=True)
    try:
        assert remote._host is not None
        run(remote)
    finally:
        remote.close()
    assert remote.log == local.log
    assert remote.result() == local.result()
    assert sum(len(t) for t in remote.decision_times.values()) == len(remote.log)


def test_game_goes_on_when_the_worker_dies():
    m = Match("ganjifa", parse_seats("normal,normal,normal"), seed=4, think_scale=0.0, threaded=True)
    try:
        while len(m.log) < 10:
            m.tick(time.perf_counter())
        m._host.proc.kill()
        run(m)
        assert m.is_over() and sum(m.result().scores) == 120
    finally:
        m.close()
