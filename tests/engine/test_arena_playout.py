"""The arena hands random-only hands to a state's own ``playout`` loop (the engine's fast
random-playout entry, the one search uses) and plays every other hand action by action."""

from __future__ import annotations

import random

from game import arena
from game.ai.base import RandomAgent
from game.core import Result


class Countdown:
    """Seats take 1 or 2 from a counter in turn; who takes the last one wins."""

    def __init__(self, n: int, seed: int, options: dict) -> None:
        self.n, self.left, self.turn, self.last = n, int(options.get("start", 9)), 0, -1
        self.playouts = 0

    def active_seats(self) -> list[int]:
        return [] if self.left == 0 else [self.turn]

    def is_over(self) -> bool:
        return self.left == 0

    def legal_actions(self, seat: int) -> list[tuple]:
        return [("take", k) for k in (1, 2) if k <= self.left]

    def view(self, seat: int) -> dict:
        return {"left": self.left}

    def apply(self, seat: int, action: tuple) -> list:
        self.left -= action[1]
        self.last, self.turn = seat, (seat + 1) % self.n
        return []

    def result(self) -> Result | None:
        if self.left:
            return None
        return Result((self.last,), tuple(int(s == self.last) for s in range(self.n)))

    def playout(self, rng: random.Random, limit: int) -> int:
        self.playouts += 1
        steps = 0
        while self.left and steps < limit:
            legal = self.legal_actions(self.turn)
            self.apply(self.turn, legal[int(rng.random() * len(legal))])
            steps += 1
        return steps


class Watcher(RandomAgent):
    blind = False       # reads views: the hand must be played action by action


def hand(agents, check=None):
    made: list[Countdown] = []

    def new_state(n, seed, options):
        made.append(Countdown(n, seed, options))
        return made[0]

    times, violations, steps = [[], [], []], [], []
    result = arena.play_hand("countdown", ["random"] * 3, 5, {"start": 9}, [1, 2, 3], check,
                             times, violations, new_state=new_state,
                             make_agent=lambda lv, s, sd: agents[s](s, sd), steps_out=steps)
    return made[0], result, violations, steps, times


def test_random_seats_only_use_the_states_playout():
    state, result, violations, steps, times = hand([RandomAgent] * 3)
    assert violations == [] and result is not None
    assert state.playouts == 1
    assert 5 <= steps[0] <= 9 and state.left == 0
    assert times == [[], [], []], "no agent was asked"


def test_a_seat_that_reads_views_or_an_invariant_check_plays_action_by_action():
    state, result, _, steps, times = hand([RandomAgent, Watcher, RandomAgent])
    assert state.playouts == 0 and result is not None
    assert sum(len(t) for t in times) == steps[0]
    state, _, _, _, times = hand([RandomAgent] * 3, check=lambda s: [])
    assert state.playouts == 0 and sum(len(t) for t in times) > 0


def test_a_playout_that_stops_early_is_reported():
    class Stubborn(Countdown):
        def playout(self, rng, limit):
            return 0

    times, violations = [[], [], []], []
    result = arena.play_hand("countdown", ["random"] * 3, 5, {}, [1, 2, 3], None, times,
                             violations, new_state=Stubborn,
                             make_agent=lambda lv, s, sd: RandomAgent(s, sd))
    assert result is None and "unfinished" in violations[0]


def test_win_rate_interval_is_over_deals():
    assert arena._ci95([0.5]) is None
    lo, hi = arena._ci95([0.0, 1 / 3, 2 / 3, 1.0])
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-3
    assert hi - lo > 2 * 1.96 * 0.43 / 2 - 0.01     # stdev 0.43 over 4 deals, not 12 games
    report = arena.run("kowah", ["normal", "random", "random"], games=12, seed=2)
    lo, hi = report["per_seat"][0]["win_rate_ci95"]
    assert lo <= report["per_seat"][0]["win_rate"] <= hi
