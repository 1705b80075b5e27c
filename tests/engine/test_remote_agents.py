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


def test_an_agent_error_in_the_worker_is_not_a_dead_worker():
    """A decision that raises inside the worker fails with AgentFailed; the worker keeps
    serving (it was reported as WorkerDied, and the seat lost its remote agent)."""
    from game.ai.remote import AgentFailed, AgentHost
    m = Match("kowah", parse_seats("normal,normal,normal"), seed=3, think_scale=0.0)
    host = AgentHost()
    try:
        agent = host.make("kowah", "normal", 0, 7)
        bad = agent.decide_async("not a view", [("nonsense", 1), ("nonsense", 2)])
        err = bad.exception(timeout=30)
        assert isinstance(err, AgentFailed) and "Error" in str(err)
        assert not host._dead
        legal = m.legal_actions(m.active_seats()[0])
        good = host.make("kowah", "normal", m.active_seats()[0], 7)
        action, _spent = good.decide_async(m.view(m.active_seats()[0]), legal).result(timeout=30)
        assert action in legal
    finally:
        host.close()
        m.close()


def test_a_replacement_agent_has_seen_what_its_seat_saw(monkeypatch):
    """When the worker dies, the local agent that takes over is first shown every event
    its seat could see, so a card-counting or belief-tracking agent loses nothing."""
    from game import registry
    made: list[tuple[int, list]] = []
    real = registry.make_agent

    def recording(game, kind, seat, seed):
        agent = real(game, kind, seat, seed)
        seen: list = []
        made.append((seat, seen))
        inner = agent.observe
        agent.observe = lambda events: (seen.extend(events), inner(events))
        return agent

    m = Match("mascarade", parse_seats("normal,normal,normal,normal"), seed=5, think_scale=0.0,
              threaded=True)
    try:
        while len(m.log) < 6:
            m.tick(time.perf_counter())
        m._host.proc.kill()
        monkeypatch.setattr(registry, "make_agent", recording)
        while not made:
            m.tick(time.perf_counter())
            time.sleep(0.001)
        seat, seen = made[0]
        assert seen, "the replacement agent was shown nothing"
        assert seen == [e for e in m.events if e.visible_to(seat)]
    finally:
        m.close()


def test_the_worker_builds_agents_for_a_game_registered_at_run_time(tmp_path, monkeypatch):
    """The worker process learns a game from the caller's registry (its descriptor and the
    import path of its package): a game added at run time plays in the worker too."""
    from game import registry
    from game.registry import GameInfo
    pkg = tmp_path / "pilegame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "rules.py").write_text(
        "from game.core import Event, IllegalAction, OneSeatAtATime, Result\n\n\n"
        "class Pile(OneSeatAtATime):\n"
        "    def __init__(self, n):\n"
        "        self.n_seats, self.turn, self.phase, self._result, self.left = n, 0, 'play', None, 5\n"
        "    def legal_actions(self, seat):\n"
        "        return [('take', k) for k in (1, 2) if k <= self.left] if seat in self.active_seats() else []\n"
        "    def apply(self, seat, action):\n"
        "        if action not in self.legal_actions(seat):\n"
        "            raise IllegalAction(f'seat {seat} may not {action!r}', 'illegal')\n"
        "        self.left -= action[1]\n"
        "        if not self.left:\n"
        "            self.phase = 'over'\n"
        "            self._result = Result((seat,), tuple(int(s == seat) for s in range(self.n_seats)))\n"
        "        self.turn = (self.turn + 1) % self.n_seats\n"
        "        return [Event('take', seat, {'left': self.left})]\n"
        "    def view(self, seat):\n"
        "        return self.left\n"
        "    def clone(self):\n"
        "        import copy\n"
        "        return copy.deepcopy(self)\n\n\n"
        "def new_game(n_seats, seed, options):\n"
        "    return Pile(n_seats)\n", encoding="utf-8")
    (pkg / "ai.py").write_text(
        "class Greedy:\n"
        "    level, think_delay = 'normal', 0.0\n"
        "    def observe(self, events):\n"
        "        pass\n"
        "    def decide(self, view, legal):\n"
        "        return legal[-1]\n\n\n"
        "def make_agent(level, seat, seed):\n"
        "    return Greedy()\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    registry.register(GameInfo("pile", "pilegame", 2, 2))
    m = Match("pile", parse_seats("normal,normal"), seed=1, think_scale=0.0, threaded=True)
    try:
        assert m._host is not None
        run(m)
    finally:
        m.close()
    assert [a for _, a in m.log] == [("take", 2), ("take", 2), ("take", 1)]
    assert sum(len(t) for t in m.decision_times.values()) == 3      # all decided in the worker
