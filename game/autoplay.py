"""Playing a Match to a point without a table: for tests and screenshot tools that need a
position (a turn, a reveal, the end) to look at."""

from __future__ import annotations

from collections.abc import Callable

from game import registry
from game.match import Match


def play_with_agents(match: Match, until: Callable[[Match], bool] = lambda m: False,
                     level: str = "normal", seed: int = 0, limit: int = 20000) -> bool:
    """Play every seat (the humans' too) with ``level`` agents that observe what their seat
    sees (a counting or belief-tracking agent needs it) until ``until(match)`` or the end;
    returns whether ``until`` was reached."""
    agents = {s: registry.make_agent(match.game, level, s, seed + s) for s in range(len(match.seats))}
    seen = 0
    for _ in range(limit):
        new, seen = match.events[seen:], len(match.events)
        for s, agent in agents.items():
            agent.observe([e for e in new if e.visible_to(s)])
        if until(match) or match.is_over():
            return until(match)
        seat = match.active_seats()[0]
        match.submit(seat, agents[seat].decide(match.view(seat), match.legal_actions(seat)))
    return False


def play_first_legal(match: Match) -> None:
    """Play the game out, every seat making its first legal move (a turn-based game)."""
    while not match.is_over():
        seat = match.active_seats()[0]
        match.submit(seat, match.legal_actions(seat)[0])
