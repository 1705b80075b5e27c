"""Made-up histories for benchmarks, screenshots and tests, built from real games.

A few matches per game are played to the end by Easy agents (games of a realistic
length); each made-up record reuses one of those logs, so it still replays to its
recorded result. What varies is who sat where: a human seat is put on a winning seat
more often against easier opponents and later in the history (a player who improves),
so the charts have something to show.
"""

from __future__ import annotations

import random
from functools import lru_cache

from game import registry
from game.history.record import build
from game.match import Match, Seat

LEVELS = ("easy", "normal", "hard")
WIN_BIAS = {"random": 0.8, "easy": 0.65, "normal": 0.45, "hard": 0.3}


def play_out(game: str, n_seats: int, seed: int, options: dict | None = None,
             level: str = "easy") -> Match:
    """A whole match between agents of one level (instant turns, a fake clock)."""
    match = Match(game, [Seat(level) for _ in range(n_seats)], seed, options or {},
                  think_scale=0.0)
    now = 0.0
    for _ in range(200_000):
        if match.is_over():
            break
        match.tick(now)
        now += 0.5
    match.close()
    if not match.is_over():
        raise RuntimeError(f"{game} seed {seed} did not finish")
    return match


@lru_cache(maxsize=8)
def sample_games(per_game: int = 3, seed: int = 1) -> tuple[tuple[dict, tuple, tuple, str, dict], ...]:
    """(log, winners, scores, reason, details) of ``per_game`` real matches of each game."""
    out = []
    for g in registry.GAMES:
        n = registry.sample_seats(g)
        for k in range(per_game):
            m = play_out(g, n, seed * 1000 + k)
            r = m.result()
            out.append((m.to_json(), tuple(r.winners), tuple(r.scores), r.reason, dict(r.details)))
    return tuple(out)


def records(n: int, seed: int = 0, end: float = 1_780_000_000.0, days: float = 60.0,
            per_game: int = 3, games: tuple[str, ...] | None = None) -> list[dict]:
    """``n`` records, oldest first, finished over the ``days`` before ``end``."""
    rng = random.Random(seed)
    pool = [s for s in sample_games(per_game) if games is None or s[0]["game"] in games]
    out = []
    for i in range(n):
        log, winners, scores, reason, details = pool[rng.randrange(len(pool))]
        n_seats = len(log["seats"])
        party = rng.random() < 0.15
        assisted = not party and rng.random() < 0.12
        level = rng.choice(LEVELS) if rng.random() < 0.9 else "random"
        progress = i / max(1, n - 1)
        p_win = min(0.95, WIN_BIAS[level] + 0.25 * progress - (0.1 if assisted else 0))
        losers = [s for s in range(n_seats) if s not in winners]
        if winners and (rng.random() < p_win or not losers):
            first = rng.choice(winners)
        else:
            first = rng.choice(losers or list(range(n_seats)))
        humans = {first}
        if party:
            humans.add(rng.choice([s for s in range(n_seats) if s != first]))
        kinds = ["human" if s in humans else level for s in range(n_seats)]
        if not party and rng.random() < 0.1:
            kinds[rng.choice([s for s in range(n_seats) if s not in humans])] = "hard"
        finished = end - days * 86400 * (1 - progress) + rng.uniform(0, 600)
        out.append(build({**log, "seats": kinds}, list(winners), list(scores), reason, details,
                         assisted=assisted, finished_at=finished, duration_s=rng.uniform(120, 1500)))
    return out
