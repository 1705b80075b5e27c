"""Ganjifa's random-playout loop (``GanjifaState.playout``, issue 19): the fast loop plays
by the rules. Every action it chose is recorded and replayed through the validating
``apply`` on a fresh state from the same seed: each must be legal there, and the replay
must end in the same position (result, scores, capture piles, history)."""

from __future__ import annotations

import random

import pytest

from game.ganjifa.rules import GanjifaState, new_game


def picture(st: GanjifaState) -> tuple:
    return (tuple(map(tuple, st.hands)), tuple(map(tuple, st.captured)), tuple(st.trick),
            tuple(st.history), st.trick_no, st.dukal, st.leader, st.turn, st.phase,
            st.result())


def replay(seed: int, options: dict, record: list) -> GanjifaState:
    """A fresh state from ``seed`` with ``record`` applied through the checked path."""
    st = new_game(3, seed, options)
    for seat, action in record:
        assert action in st.legal_actions(seat), (seed, seat, action)
        st.apply(seat, action)
    return st


@pytest.mark.parametrize("options", [
    {"time": "day", "void_rule": "choice"}, {"time": "night", "void_rule": "choice"},
    {"time": "day", "void_rule": "strict"}, {"time": "night", "void_rule": "strict"}])
def test_playout_replays_through_apply(options):
    kinds = set()
    voids = 0
    for seed in range(60):
        st = new_game(3, seed, options)
        record: list = []
        steps = st.playout(random.Random(seed), 10_000, record)
        assert st.is_over() and steps == len(record)
        kinds |= {a[0] for _, a in record}
        again = replay(seed, options, record)
        assert again.is_over()
        assert picture(again) == picture(st), seed
        assert sum(again.result().scores) == 120
        voids += sum(t.kind == "trick" and len({c // 12 for _, c in t.plays}) > 1
                     for t in st.history)
    assert kinds == {"play", "dukal", "give"}, "Dukals and give-ups were played"
    assert voids > 100, "void follows were played"


@pytest.mark.parametrize("void_rule", ["choice", "strict"])
def test_playout_follows_the_void_rule(void_rule):
    """Void in the led suit holding a trump and the next suit (rule 14): under "choice"
    the playout plays either, about evenly; under "strict" only the trump."""
    deal = [["matsya-1", "buddha-2"], ["rama-3", "kurma-4"], ["matsya-2", "kalki-3"]]
    st = GanjifaState.from_deal(deal, {"time": "day", "void_rule": void_rule},
                                trick_no=1, leader=0)
    led, trump, other = (st.deck.parse(c) for c in ("matsya-1", "rama-3", "kurma-4"))
    seen = {trump: 0, other: 0}
    for k in range(400):
        s = st.clone()
        record: list = []
        s.playout(random.Random(k), 100, record)
        if record[0] == (0, ("play", led)):
            seen[record[1][1][1]] += 1
    if void_rule == "strict":
        assert seen[other] == 0 and seen[trump] > 100
    else:
        assert min(seen.values()) > 60


def test_playout_from_the_middle_of_a_trick_and_of_a_dukal():
    """From a trick half played and from a Dukal being answered."""
    opts = {"time": "night", "void_rule": "choice"}
    starts = {"follow": 0, "give": 0}
    for seed in range(100):
        st = new_game(3, seed, opts)
        rng = random.Random(seed)
        record: list = []
        want = "follow" if seed % 4 == 0 else "give"
        while not st.is_over() and not (st.phase == want and st.trick_no > 2
                                        and len(record) % 2):
            seat = st.turn
            legal = st.legal_actions(seat)
            action = legal[int(rng.random() * len(legal))]
            if want == "give" and legal[0][0] == "dukal":
                action = legal[0]       # lead the Dukal, to answer it from the middle
            record.append((seat, action))
            st.apply(seat, action)
        if st.is_over():
            continue
        starts[st.phase] += 1
        st.playout(rng, 10_000, record)
        assert st.is_over()
        assert picture(replay(seed, opts, record)) == picture(st)
    assert starts["follow"] > 20 and starts["give"] > 5, starts


def test_playout_limit_stops_in_a_consistent_position():
    st = new_game(3, 5, {"time": "day"})
    record: list = []
    assert st.playout(random.Random(2), 7, record) == 7 == len(record)
    assert not st.is_over()
    assert picture(replay(5, {"time": "day"}, record)) == picture(st)
    st.playout(random.Random(3), 10_000, record)
    assert picture(replay(5, {"time": "day"}, record)) == picture(st)


def test_a_clone_keeps_its_own_trick_log():
    """Single tricks are logged compactly until read: a clone and its original, played on
    separately, each end with only their own tricks (a shared log would count twice)."""
    st = new_game(3, 12, {"time": "day"})
    rng = random.Random(1)
    for _ in range(10):
        seat = st.turn
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))])
    twin = st.clone()
    record: list = []
    st.playout(random.Random(2), 10_000, record)
    twin.playout(random.Random(3))
    assert sum(st.result().scores) == sum(twin.result().scores) == 120
    assert sum(map(len, st.captured)) == sum(map(len, twin.captured)) == 120
