"""Hidden information stays hidden.

A seat's view, and an agent's decision with a fixed seed, must not change when the
OTHER seats' hidden cards are permuted (cards swapped between the two other hands,
sizes kept). The public view has no hand, and "hand" events reach only their own seat.
"""

from __future__ import annotations

import inspect
import random

import pytest

from game.core import Event
from game.ganjifa import ai as gai
from game.ganjifa.rules import GanjifaState, new_game
from game.match import Match, Seat


def steps(limit: int = 400):
    """Loop guard: a hand ends after at most 120 actions, so a longer loop is an engine bug."""
    yield from range(limit)
    raise AssertionError(f"the game did not end within {limit} steps")


LEVELS = ("random", "easy", "normal", "hard")


def agent_factory(level: str):
    """A deterministic builder for ``level``, or None if the level cannot be deterministic.

    "hard" searches against the clock; it is used only if make_agent (or, failing that,
    the hard agent's class) accepts ``time_budget=None`` (fixed work, no clock).
    """
    params = inspect.signature(gai.make_agent).parameters
    takes_kwargs = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    if level == "hard":
        if "time_budget" in params or takes_kwargs:
            try:
                gai.make_agent("hard", 0, 0, time_budget=None)
                return lambda seat, seed: gai.make_agent("hard", seat, seed, time_budget=None)
            except (TypeError, ValueError):
                pass
        # make_agent may not forward it: try the agent class itself
        try:
            cls = type(gai.make_agent("hard", 0, 0))
        except ValueError:
            return None
        try:
            takes = "time_budget" in inspect.signature(cls).parameters
        except (TypeError, ValueError):
            takes = False
        if not takes:
            return None
        if "iterations" in inspect.signature(cls).parameters:   # fewer worlds: a faster test
            return lambda seat, seed: cls(seat, seed, time_budget=None, iterations=40)
        return lambda seat, seed: cls(seat, seed, time_budget=None)
    try:
        gai.make_agent(level, 0, 0)
    except ValueError:
        return None
    return lambda seat, seed: gai.make_agent(level, seat, seed)


def play_to(seed: int, steps: int):
    """A random game stopped after ``steps`` actions (or at the last decision).

    Returns the state and every event so far (deal events included)."""
    st = new_game(3, seed, {"time": "night" if seed % 2 else "day"})
    rng = random.Random(seed)
    events = list(st.deal_events())
    for _ in range(steps):
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        duk = [a for a in legal if a[0] == "dukal"]
        action = rng.choice(duk) if duk and rng.random() < 0.8 else rng.choice(legal)
        nxt = st.clone()
        nxt_events = nxt.apply(seat, action)
        if nxt.is_over():
            break
        st, events = nxt, events + nxt_events
    return st, events


def permute_hidden(st: GanjifaState, events: list[Event], rng: random.Random):
    """Swap some cards between the two hands the active seat cannot see.

    Returns the permuted state and the event stream of that world (its private deal
    events differ; every public event is the same)."""
    (seat,) = st.active_seats()
    a, b = [s for s in range(3) if s != seat]
    ha, hb = list(st.hands[a]), list(st.hands[b])
    k = rng.randint(1, min(len(ha), len(hb)))
    xa, xb = rng.sample(ha, k), rng.sample(hb, k)
    alt = st.clone()
    alt.hands[a] = sorted([x for x in ha if x not in xa] + xb)
    alt.hands[b] = sorted([x for x in hb if x not in xb] + xa)
    swap = dict(zip(xa, xb, strict=True)) | dict(zip(xb, xa, strict=True))
    alt_events = []
    for e in events:
        if e.kind == "hand" and e.to in (a, b):
            e = Event(e.kind, e.seat, {"cards": sorted(swap.get(x, x) for x in e.data["cards"])},
                      e.to)
        alt_events.append(e)
    return alt, alt_events


POSITIONS = [(seed, steps) for seed in range(6) for steps in (0, 1, 2, 7, 20, 41, 64, 90)]


def test_positions_include_every_phase():
    phases = {play_to(seed, steps)[0].phase for seed, steps in POSITIONS}
    assert phases >= {"lead", "follow"}
    gives = [play_to(seed, steps)[0] for seed in range(40) for steps in (10, 30, 50)]
    assert any(s.phase == "give" for s in gives)


@pytest.mark.parametrize("seed,steps", POSITIONS)
def test_view_ignores_other_seats_hidden_cards(seed, steps):
    st, events = play_to(seed, steps)
    (seat,) = st.active_seats()
    rng = random.Random(seed * 31 + steps)
    for _ in range(3):
        alt, _ = permute_hidden(st, events, rng)
        others = [s for s in range(3) if s != seat]
        assert any(alt.view(o) != st.view(o) for o in others), "the permutation must be real"
        assert alt.view(seat) == st.view(seat)
        assert alt.view(None) == st.view(None)
        assert alt.legal_actions(seat) == st.legal_actions(seat)


def give_positions():
    out = []
    for seed in range(60):
        for steps in (10, 25, 40, 55):
            st, events = play_to(seed, steps)
            if st.phase == "give":
                out.append((st, events))
                break
        if len(out) >= 4:
            break
    return out


def test_view_ignores_hidden_cards_while_giving_to_a_dukal():
    positions = give_positions()
    assert positions, "the random policy should reach a Dukal give-up"
    rng = random.Random(5)
    for st, events in positions:
        (seat,) = st.active_seats()
        alt, _ = permute_hidden(st, events, rng)
        assert alt.view(seat) == st.view(seat)


@pytest.mark.parametrize("level", LEVELS)
def test_agent_decision_ignores_other_seats_hidden_cards(level):
    build = agent_factory(level)
    if build is None:
        pytest.skip(f"{level!r} has no deterministic mode (make_agent(..., time_budget=None))")
    every = 6 if level == "hard" else 2          # search is slow: fewer positions
    positions = [play_to(seed, steps) for seed, steps in POSITIONS[::every]]
    positions += give_positions()[:2]
    for n, (st, events) in enumerate(positions):
        (seat,) = st.active_seats()
        rng = random.Random(n)
        alt, alt_events = permute_hidden(st, events, rng)
        mine = [e for e in events if e.visible_to(seat)]
        mine_alt = [e for e in alt_events if e.visible_to(seat)]
        assert mine == mine_alt, "only the other seats' private events may differ"
        decisions = []
        for state, stream in ((st, events), (alt, alt_events)):
            agent = build(seat, 1234 + n)
            agent.observe([e for e in stream if e.visible_to(seat)])
            decisions.append(agent.decide(state.view(seat), state.legal_actions(seat)))
        assert decisions[0] == decisions[1], (level, n)
        assert decisions[0] in st.legal_actions(seat)


def test_public_view_has_no_hand_and_own_view_has_own_hand():
    st, _ = play_to(3, 30)
    pub = st.view(None)
    assert pub.hand is None and pub.seat is None
    for s in range(3):
        v = st.view(s)
        assert v.seat == s and v.hand == tuple(st.hands[s])
        assert v.hand_sizes == tuple(len(h) for h in st.hands)


def test_hand_events_go_only_to_their_seat():
    st = new_game(3, 11, {})
    events = st.deal_events()
    hands = [e for e in events if e.kind == "hand"]
    assert len(hands) == 3
    for e in hands:
        assert e.to == e.seat
        assert e.visible_to(e.seat)
        assert not any(e.visible_to(o) for o in range(3) if o != e.seat)
        assert not e.visible_to(None)
    public = [e for e in events if e.kind != "hand"]
    assert public and all(e.to is None and e.visible_to(None) for e in public)
    # the public deal event names no card
    deal = next(e for e in events if e.kind == "deal")
    assert "cards" not in deal.data


class Spy:
    """An agent that records what the Match lets it observe."""

    level = "spy"
    think_delay = 0.0

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen: list[Event] = []
        self.rng = random.Random(seat)

    def observe(self, events: list[Event]) -> None:
        self.seen.extend(events)

    def decide(self, view, legal):
        assert view.seat == self.seat and view.hand is not None
        return self.rng.choice(legal)


def test_match_passes_agents_only_their_own_private_events():
    spies = [Spy(s) for s in range(3)]
    m = Match("ganjifa", [Seat("random", agent=sp) for sp in spies], seed=8, think_scale=0.0)
    now = 0.0
    for _ in steps():
        if m.is_over():
            break
        now += 1.0
        m.tick(now)
    for sp in spies:
        assert sp.seen, "agents must observe the game"
        assert all(e.to in (None, sp.seat) for e in sp.seen)
        own = [e for e in sp.seen if e.kind == "hand"]
        assert len(own) == 1 and own[0].to == sp.seat
        assert sorted(own[0].data["cards"]) == sorted(
            x for t in m.state.history for s, x in t.plays if s == sp.seat)
    assert sum(1 for e in m.events if e.kind == "hand") == 3
