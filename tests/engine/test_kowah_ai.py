"""Kowah agents: always legal, seeded, count live copies, never feed a wait, judge dead
waits, pick a pair deterministically, respect Hard's time budget, and beat weaker levels."""

from __future__ import annotations

import itertools
import random

import pytest

from game.ai.base import RandomAgent
from game.kowah.ai import INF, Counter, EasyAgent, HardAgent, NormalAgent, make_agent
from game.kowah.checki import exposable_pairs
from game.kowah.deck import default_deck
from game.kowah.rules import KowahState, new_game

from .test_kowah_rules import FILL, JUNK1, JUNK2, READY, P

D = default_deck()
LEVELS = ("random", "easy", "normal", "hard")


def play(levels, seed: int, **hard_kw) -> tuple[KowahState, list]:
    st = new_game(3, seed)
    agents = [make_agent(lv, s, seed * 10 + s, **(hard_kw if lv == "hard" else {}))
              for s, lv in enumerate(levels)]
    for a in agents:
        a.observe([e for e in st.deal_events() if e.visible_to(a.seat)])
    log = []
    while not st.is_over():
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        action = agents[seat].decide(st.view(seat), legal)
        assert action in legal, (levels[seat], action, legal)
        events = st.apply(seat, action)
        log.append((seat, action))
        for i, a in enumerate(agents):
            a.observe([e for e in events if e.visible_to(i)])
    return st, log


def test_make_agent_levels():
    for level in LEVELS:
        agent = make_agent(level, 1, 5)
        assert agent.level == level and agent.think_delay > 0
    assert isinstance(make_agent("random", 0), RandomAgent)
    assert make_agent("hard", 0).time_budget is not None
    assert make_agent("hard", 0, time_budget=None).time_budget is None
    with pytest.raises(ValueError):
        make_agent("grandmaster", 0)


@pytest.mark.parametrize("levels", [("easy", "normal", "hard"), ("hard", "random", "easy"),
                                    ("normal", "normal", "random")])
def test_agents_always_choose_legal_actions(levels):
    for seed in range(4):
        st, _ = play(levels, seed, time_budget=None, worlds=4)
        assert st.is_over()


def test_agents_are_deterministic_for_a_seed():
    levels = ("hard", "normal", "easy")
    _, a = play(levels, 3, time_budget=None, worlds=4)
    _, b = play(levels, 3, time_budget=None, worlds=4)
    assert a == b


# ------------------------------------------------------------------- counting copies
def test_unseen_counts_everything_the_seat_can_see():
    st = KowahState.from_deal([READY, "2C 1S 3M 4C 4S 6M 8C 8S", JUNK2], "4M OT " + FILL,
                              discards="9M 9M")
    st.apply(0, ("draw",))
    st.apply(0, ("discard", P("4M")))
    st.apply(0, ("declare", P("2C")))
    st.apply(1, ("take",))                                # 4M becomes known in seat 1's hand
    view = st.view(2)
    unseen = Counter(D).unseen(view)
    assert unseen[P("2C")] == 2                           # exposed pair seen, 2 unknown
    assert unseen[P("9M")] == 2                           # two in the pile
    assert unseen[P("4M")] == 2                           # one own, one known at seat 1
    assert unseen[P("RF")] == 3                           # one in seat 2's own hand
    assert unseen[P("5C")] == 4


def _brute_distance(hand, unseen, limit=1):
    """0 if a live checki, 1 if one swap (drawing an unseen card) makes one, else None."""
    def live(h, u):
        return any(u[x] > 0 for x in exposable_pairs(sorted(h)))
    if live(hand, unseen):
        return 0
    for z, y in itertools.product(set(hand), range(D.kinds)):
        if unseen[y]:
            h = list(hand)
            h.remove(z)
            u = list(unseen)
            u[y] -= 1
            if live(h + [y], u):
                return 1
    return None


def test_distance_and_outs_against_brute_force():
    rng = random.Random(8)
    counter = Counter(D)
    checked = 0
    while checked < 60:
        hand = sorted(D.parse_many(READY))
        for _ in range(rng.randrange(2)):
            hand[rng.randrange(8)] = rng.randrange(D.kinds)
        if max(hand.count(c) for c in hand) > 4:
            continue
        unseen = [4 - hand.count(c) for c in range(D.kinds)]
        for c in rng.sample(range(D.kinds), 6):
            unseen[c] = max(0, unseen[c] - rng.randrange(3))
        d, outs, wait = counter.analyse(hand, unseen, counter.key_unseen(unseen))
        brute = _brute_distance(hand, unseen)
        assert (d if d <= 1 else None) == brute, hand
        if d == 0:
            assert wait == max(unseen[x] for x in exposable_pairs(hand))
        if d == 1:
            want = 0
            for y in range(D.kinds):
                if not unseen[y]:
                    continue
                u = list(unseen)
                u[y] -= 1
                nine = hand + [y]
                if any(_brute_distance([c for i, c in enumerate(nine) if i != j], u, 0) == 0
                       for j in range(9)):
                    want += unseen[y]
            assert outs == want, hand
        checked += 1


def test_dead_hand_has_infinite_distance():
    counter = Counter(D)
    hand = D.parse_many("OT OT RF RF WF WF 1C 2C")
    unseen = [0] * D.kinds                                 # nothing left anywhere
    assert counter.analyse(hand, unseen, counter.key_unseen(unseen))[0] == INF


# ------------------------------------------------------------------ waits and feeding
def declare_position(discards: str = "", hand: str = READY) -> tuple[KowahState, list]:
    st = KowahState.from_deal([hand, JUNK1, JUNK2], "4M OT WF 1C 1S 1M 3M 6M 6M",
                              discards=discards, opening=False)
    st.apply(0, ("draw",))
    st.apply(0, ("discard", P("4M")))
    assert st.phase == "declare"
    return st, st.legal_actions(0)


@pytest.mark.parametrize("cls", [NormalAgent, HardAgent])
def test_a_dead_wait_is_not_declared_a_live_one_is(cls):
    st, legal = declare_position(discards="2C 2C")         # both other 2C are dead
    assert cls(0, 1).decide(st.view(0), legal) == ("pass",)
    st, legal = declare_position(discards="2C")            # one live copy left
    assert cls(0, 1).decide(st.view(0), legal) == ("declare", P("2C"))


def test_easy_declares_whatever_the_wait():
    st, legal = declare_position(discards="2C 2C")
    assert EasyAgent(0, 1).decide(st.view(0), legal)[0] == "declare"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_pair_choice_prefers_live_copies_and_is_deterministic(level):   # edge case 17
    hand = "5C 5C 5S 5S 5M 8C 8S 8M"
    st, legal = declare_position(discards="5C", hand=hand)
    assert legal == [("declare", P("5C")), ("declare", P("5S")), ("pass",)]
    picks = {make_agent(level, 0, seed).decide(st.view(0), legal) for seed in range(8)}
    assert picks == {("declare", P("5S"))}                 # 5S has two live copies
    st, legal = declare_position(hand=hand)                # equal: the lower card, always
    picks = {make_agent(level, 0, seed).decide(st.view(0), legal) for seed in range(8)}
    assert len(picks) == 1


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_feed_a_declared_player(level):
    # Seat 1 waits on 2C; seat 2 holds a useless 2C and must discard after drawing.
    for seed in range(6):
        st = KowahState.from_deal([JUNK1, READY, "2C 1M 3C 3S 4M 6C 6S 8M"],
                                  "OT WF " + FILL, declared={1: "2C"}, turn=2,
                                  opening=False)
        st.apply(2, ("draw",))
        agent = make_agent(level, 2, seed, **({"time_budget": None} if level == "hard"
                                                 else {}))
        action = agent.decide(st.view(2), st.legal_actions(2))
        assert action != ("discard", P("2C"))


def test_feeding_only_when_forced():
    st = KowahState.from_deal([JUNK1, READY, JUNK2], FILL, declared={1: "2C"}, turn=2,
                              opening=False)
    view = st.view(2)
    assert NormalAgent._safe(view, [("discard", P("2C"))]) == [("discard", P("2C"))]
    assert NormalAgent._safe(view, [("discard", P("2C")), ("discard", P("RF"))]) == [
        ("discard", P("RF"))]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_the_discard_that_completes_the_hand(level):
    hand = "7C 7S 7M 9C 9C 9S 2C 5S"                       # one 2C short of checki
    st = KowahState.from_deal([JUNK1, hand, JUNK2], "OT " + FILL, discards="2C",
                              turn=1, opening=False)
    agent = make_agent(level, 1, 0, **({"time_budget": None} if level == "hard" else {}))
    assert agent.decide(st.view(1), st.legal_actions(1)) == ("take",)
    st.apply(1, ("take",))
    assert agent.decide(st.view(1), st.legal_actions(1)) == ("discard", P("5S"))


def test_declared_agents_just_draw_and_discard():
    st = KowahState.from_deal([READY, JUNK1, JUNK2], "OT " + FILL, declared={0: "2C"},
                              opening=False, discards="5C")
    for level in LEVELS:
        agent = make_agent(level, 0, 1)
        assert agent.decide(st.view(0), st.legal_actions(0)) == ("draw",)


# ------------------------------------------------------------------------- Hard's clock
def test_hard_respects_its_time_budget(monkeypatch):
    """Hard's budget is work (worlds searched); its ``time_budget`` is a wall-clock cap.
    On a clock that moves 1 ms per reading (not the machine's: a busy machine must not
    fail this), a 5 ms cap stops the search after a few worlds, where no cap plays them
    all. (Rewritten for the searching Hard: it counted the old look-ahead's evaluations.)"""
    import game.ai.search as gsearch
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(gsearch.time, "perf_counter", clock)
    searched = {}
    for budget in (0.005, None):
        agent = HardAgent(0, 3, time_budget=budget, worlds=40)
        most = 0
        st = new_game(3, 1)
        others = [None, NormalAgent(1, 1), NormalAgent(2, 1)]
        while not st.is_over() and st.turn_no < 12:
            (seat,) = st.active_seats()
            legal = st.legal_actions(seat)
            if seat == 0:
                agent.last_stats = None
                action = agent.decide(st.view(0), legal)
                if agent.last_stats is not None:
                    most = max(most, agent.last_stats.worlds)
            else:
                action = others[seat].decide(st.view(seat), legal)
            st.apply(seat, action)
        searched[budget] = most
    assert 1 <= searched[0.005] < 10 and searched[None] == 40, searched


# ------------------------------------------------------------------------------ strength
def wins(levels, seeds) -> list[int]:
    out = [0, 0, 0]
    for seed in seeds:
        st, _ = play(levels, seed, time_budget=None, worlds=4)
        for w in st.result().winners:
            out[w] += 1
    return out


def test_normal_and_hard_beat_random():
    assert wins(("normal", "random", "random"), range(12))[0] >= 10
    assert wins(("random", "hard", "random"), range(12))[1] >= 11
