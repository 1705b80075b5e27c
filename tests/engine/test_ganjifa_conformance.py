"""Ganjifa conformance: thousands of seeded random hands with invariants after every action.

After each action: all 120 cards are accounted for (hands + capture piles + current trick
+ Dukal in progress + cards given to it), hands are equal after every finished trick or
Dukal, the active seat has a non-empty sorted list of legal actions, and a random illegal
action raises IllegalAction and changes nothing. Then the seed + action log replays to the
same events and result, directly and through Match.to_json()/Match.from_json().

GANJIFA_CONFORMANCE_HANDS (default 2000) sets the number of hands.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from game.core import IllegalAction, action_from_json
from game.ganjifa.rules import GanjifaState, new_game
from game.match import Match, Seat


def steps(limit: int = 400):
    """Loop guard: a hand ends after at most 120 actions, so a longer loop is an engine bug."""
    yield from range(limit)
    raise AssertionError(f"the game did not end within {limit} steps")


HANDS = int(os.environ.get("GANJIFA_CONFORMANCE_HANDS", "2000"))
BLOCKS = 20
ALL = list(range(120))


def options_for(seed: int) -> dict:
    return {"time": "night" if seed % 2 else "day",
            "void_rule": "strict" if seed % 5 == 0 else "choice"}


def all_cards(st: GanjifaState) -> list[int]:
    return sorted(
        [x for h in st.hands for x in h]
        + [x for p in st.captured for x in p]
        + [x for _, x in st.trick]
        + list(st.dukal)
        + [x for _, g in st.gives for x in g]
    )


def snapshot(st: GanjifaState):
    return (
        st.view(None),
        tuple(tuple(h) for h in st.hands),
        tuple(tuple(p) for p in st.captured),
        tuple(st.trick), st.dukal, tuple((s, tuple(g)) for s, g in st.gives),
        id(st.rng), st.result(),
    )   # the RNG's state is compared once per hand, see play_hand


def check_invariants(st: GanjifaState, seed: int) -> None:
    assert all_cards(st) == ALL, seed
    pub = st.view(None)
    assert pub.hand is None
    in_play = (sum(pub.hand_sizes) + sum(pub.captured) + len(pub.trick) + len(pub.dukal)
               + sum(len(g) for _, g in pub.gives))
    assert in_play == 120, seed
    if st.phase in ("lead", "over"):
        assert len(set(pub.hand_sizes)) == 1, (seed, pub.hand_sizes)
        assert not pub.trick and not pub.dukal and not pub.gives
    if st.phase == "follow":
        played = {s for s, _ in st.trick}
        base = pub.hand_sizes[st.trick[0][0]]
        for s in range(3):
            assert pub.hand_sizes[s] == base + (0 if s in played else 1), seed
    if st.is_over():
        assert st.active_seats() == () and pub.hand_sizes == (0, 0, 0)
        assert all(st.legal_actions(s) == [] for s in range(3))
        return
    active = st.active_seats()
    assert len(active) == 1
    (seat,) = active
    legal = st.legal_actions(seat)
    assert legal, seed
    assert legal == sorted(legal), seed
    assert len(set(legal)) == len(legal)
    for other in range(3):
        if other != seat:
            assert st.legal_actions(other) == []
    hand = set(st.hands[seat])
    for kind, arg in legal:
        if kind == "dukal":
            assert st.phase == "lead" and set(arg) <= hand
        else:
            assert arg in hand
            assert kind == ("give" if st.phase == "give" else "play")


def random_illegal(st: GanjifaState, rng: random.Random) -> tuple[int, tuple]:
    (seat,) = st.active_seats()
    legal = set(st.legal_actions(seat))
    hand = st.hands[seat]
    others = [s for s in range(3) if s != seat]
    while True:
        pick = rng.randrange(8)
        if pick == 0:
            card = rng.randrange(120)
            if card in hand:
                continue
            candidate = (seat, ("play", card))
        elif pick == 1:
            candidate = (seat, ("play", rng.choice(hand)))
        elif pick == 2:
            candidate = (seat, ("give", rng.choice(ALL)))
        elif pick == 3 and len(hand) >= 5:
            candidate = (seat, ("dukal", tuple(sorted(rng.sample(hand, 5)))))
        elif pick == 4:
            other = rng.choice(others)
            if not st.hands[other]:
                continue
            candidate = (other, (rng.choice(["play", "give"]), rng.choice(st.hands[other])))
        elif pick == 5:
            candidate = (seat, rng.choice([("pass",), ("play",), ("play", -1), ("play", 120),
                                           ("play", str(hand[0])), ("dukal", ()), ("x", 1)]))
        elif pick == 6 and st.history:
            # a card that was already played
            candidate = (seat, ("play", rng.choice(rng.choice(st.history).plays)[1]))
        elif pick == 7:
            candidate = (rng.choice(others), rng.choice(sorted(legal)))
        else:
            continue
        if candidate[0] != seat or candidate[1] not in legal:
            return candidate


def play_hand(seed: int):
    """One whole hand with checks after every action. Returns (log, events, result)."""
    st = new_game(3, seed, options_for(seed))
    rng = random.Random(seed ^ 0x5EED)
    bias = rng.choice([0.0, 0.5, 0.9])
    log, events = [], list(st.deal_events())
    rng_after_deal = st.rng.getstate()
    check_invariants(st, seed)
    for _ in steps():
        if st.is_over():
            break
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        bad_seat, bad = random_illegal(st, rng)
        before = snapshot(st)
        try:
            st.apply(bad_seat, bad)
        except IllegalAction as err:
            assert str(err), (seed, bad)
        else:
            raise AssertionError(f"seed {seed}: {bad_seat} {bad!r} was accepted")
        assert snapshot(st) == before, (seed, bad_seat, bad)
        duk = [a for a in legal if a[0] == "dukal"]
        action = rng.choice(duk) if duk and rng.random() < bias else rng.choice(legal)
        events += st.apply(seat, action)
        log.append((seat, action))
        check_invariants(st, seed)
    # No action, legal or refused, may draw from the RNG after the deal (and the RNG is
    # compared once here instead of after every refusal, which would double the runtime).
    assert st.rng.getstate() == rng_after_deal, seed
    res = st.result()
    assert sum(res.scores) == 120
    assert res.scores == tuple(len(p) for p in st.captured)
    assert res.winners == tuple(s for s in range(3) if res.scores[s] == max(res.scores))
    return log, events, res


def replay(seed: int, log):
    st = new_game(3, seed, options_for(seed))
    events = list(st.deal_events())
    for seat, action in log:
        events += st.apply(seat, action)
    return events, st.result()


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_hands_keep_every_invariant_and_replay(block):
    per = -(-HANDS // BLOCKS)
    dukals = 0
    for seed in range(block * per, min(HANDS, (block + 1) * per)):
        log, events, res = play_hand(seed)
        dukals += sum(a[0] == "dukal" for _, a in log)
        # replay determinism: seed + action log → identical events and result
        events2, res2 = replay(seed, log)
        assert events2 == events and res2 == res, seed
        # and the log survives a JSON round trip (tuples become lists and back)
        back = [(s, action_from_json(a)) for s, a in json.loads(json.dumps(log))]
        assert back == log
    assert dukals > 0, "the policy must exercise Dukal give-ups"


def drive(m: Match, now: float = 0.0, stop_after: int | None = None) -> float:
    """Let the agents play (think_scale 0) until the end or ``stop_after`` logged actions."""
    for _ in steps():
        if m.is_over() or (stop_after is not None and len(m.log) >= stop_after):
            break
        now += 0.1
        before = len(m.log)
        m.tick(now)
        assert len(m.log) > before, "agents must make progress"
    return now


@pytest.mark.parametrize("seed", range(30))
def test_match_json_round_trip_replays_identically(seed):
    kinds = [["random", "easy", "random"], ["easy", "easy", "random"], ["random"] * 3][seed % 3]
    m = Match("ganjifa", [Seat(k) for k in kinds], seed=seed, options=options_for(seed),
              think_scale=0.0)
    drive(m)
    assert m.is_over()
    data = json.loads(json.dumps(m.to_json()))
    assert data["over"] is True and len(data["actions"]) == len(m.log)
    m2 = Match.from_json(data, think_scale=0.0)
    assert m2.events == m.events
    assert m2.log == m.log
    assert m2.result() == m.result()
    assert m2.view(None) == m.view(None)


@pytest.mark.parametrize("seed", range(20))
def test_match_resumes_mid_hand_exactly(seed):
    kinds = ["random", "random", "easy"]
    m = Match("ganjifa", [Seat(k) for k in kinds], seed=100 + seed, options=options_for(seed),
              think_scale=0.0)
    rng = random.Random(seed)
    drive(m, stop_after=rng.randrange(1, 100))
    m2 = Match.from_json(json.loads(json.dumps(m.to_json())), think_scale=0.0)
    assert m2.events == m.events and m2.log == m.log
    for s in (None, 0, 1, 2):
        assert m2.view(s) == m.view(s)
    assert m2.active_seats() == m.active_seats()
    for s in range(3):
        assert m2.legal_actions(s) == m.legal_actions(s)
    # continue both with the same actions: they stay identical to the end
    for _ in steps():
        if m.is_over():
            break
        (seat,) = m.active_seats()
        action = rng.choice(m.legal_actions(seat))
        assert m.submit(seat, action) == m2.submit(seat, action)
    assert m2.is_over() and m2.result() == m.result()
    assert m2.to_json() == m.to_json()
