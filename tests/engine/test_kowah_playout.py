"""Kowah's fast playout loop (``KowahState.playout``, game/kowah/playout.py): the actions it
records, replayed through the validating ``apply`` on a fresh state of the same seed, are
all legal and reach the same position and result; it starts from any position and stops
at its limit; and it chooses uniformly among the legal actions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.kowah.playout import checki_table, heuristic_playout
from game.kowah.rules import KowahState, check_invariants, new_game

CHECKED = ("hands", "stock", "discards", "declared", "locked", "known", "public_draws",
           "any_declared", "turn", "turn_no", "phase", "opening", "drawn", "taken", "held",
           "last_stock_turn", "no_draw_turns", "win_card", "sigs", "odd", "dacts")


def _same(a: KowahState, b: KowahState, note: object) -> None:
    for name in CHECKED:
        assert getattr(a, name) == getattr(b, name), (note, name)
    assert a.result() == b.result(), note


def _replay(seed: int, options: dict, prefix: list, record: list) -> KowahState:
    st = new_game(3, seed, options)
    for action in prefix + record:
        st.apply(st.turn, action)      # raises IllegalAction on a move the rules refuse
    return st


OPTIONS = ({}, {"rediscard_taken_card": False}, {"max_turns_without_stock_draw": 10})


def _hands(n: int, limit: int = 100_000, lead: int = 0, smart=None):
    """(seed, options, prefix, record, state) for n hands: ``lead`` random actions played
    through apply first (a playout from the middle of a turn), then the playout."""
    for seed in range(n):
        options = OPTIONS[seed % len(OPTIONS)]
        st = new_game(3, seed, options)
        rng = random.Random(1000 + seed)
        prefix: list = []
        for _ in range(lead + seed % 3 if lead else 0):
            if st.is_over():
                break
            legal = st.legal_actions(st.turn)
            action = legal[int(rng.random() * len(legal))]
            prefix.append(action)
            st.apply(st.turn, action)
        record: list = []
        if smart is None:
            played = st.playout(rng, limit, record)
        else:
            played = heuristic_playout(st, rng, limit, smart, record)
        assert played == len(record)
        yield seed, options, prefix, record, st


@pytest.mark.parametrize("smart", [None, (True, False, True)])
def test_recorded_playouts_replay_through_apply_to_the_same_end(smart):
    ends = Counter()
    for seed, options, prefix, record, st in _hands(240, smart=smart):
        assert st.is_over()
        _same(st, _replay(seed, options, prefix, record), seed)
        assert check_invariants(st, True) == [], seed
        res = st.result()
        ends[res.reason if res.reason != "drawn" or not res.details.get("anomaly")
             else "guard"] += 1
    # every way a hand ends went through the loop (smart seats nearly always win before
    # the stock runs out, and rarely take, so never trip the engine guard)
    want = {"self_drawn", "opponent_draw", "opponent_discard"}
    assert want | ({"drawn", "guard"} if smart is None else set()) <= set(ends), ends


def test_a_playout_from_the_middle_of_a_hand_and_one_stopped_at_its_limit():
    for lead in (1, 40, 150):
        for seed, options, prefix, record, st in _hands(30, lead=lead):
            _same(st, _replay(seed, options, prefix, record), (lead, seed))
    for limit in (1, 2, 3, 4, 7, 50, 201):
        for seed, options, prefix, record, st in _hands(12, limit=limit, lead=5):
            assert len(record) == limit or st.is_over()
            _same(st, _replay(seed, options, prefix, record), (limit, seed))
            assert check_invariants(st, True) == [], (limit, seed)


def test_a_playout_from_a_position_with_declared_seats():
    ends = Counter()
    for k in range(60):
        st = KowahState.from_deal(
            ["2C 2C 7C 7S 7M 9C 9C 9S", "3S 3S 4C 4S 4M 8C 8S 8M", "1C 1S 5C 6M 6S OT RF WF"],
            random.Random(k).sample(range(30), 30) * 3,
            first=k % 3, declared={0: "2C", 1: "3S"} if k % 2 else {0: "2C"}, opening=False,
            discards="3S", extra_copies=True)
        twin = st.clone()
        record: list = []
        st.playout(random.Random(k), 10_000, record)
        for action in record:
            twin.apply(twin.turn, action)
        _same(st, twin, k)
        ends[st.result().reason] += 1
    assert {"self_drawn", "opponent_draw", "opponent_discard"} <= set(ends), ends


@pytest.mark.parametrize("rediscard", [True, False])
def test_the_loop_is_uniform_over_the_legal_list(rediscard):
    """A later turn played by the loop: take or draw half the time each, then each
    identity held (not the taken card when it may not go back) equally often."""
    base = KowahState.from_deal(
        ["1C 1C 1C 2C 2C 3C 4C 5C", "1S 2S 3S 4S 5S 6S 7S 8S", "1M 2M 3M 4M 5M 6M 7M 8M"],
        "6C 9S 9M 9C", discards="7C", opening=False,
        options={"rediscard_taken_card": rediscard})
    seen: Counter = Counter()
    n = 3000
    for k in range(n):
        st = base.clone()
        record: list = []
        st.playout(random.Random(k), 3, record)     # this turn by the loop (3 may fit)
        seen[record[0][0], record[1][1]] += 1
    for took, new, cards in (("draw", "6C", 6), ("take", "7C", 6 - (not rediscard))):
        ids = [base.deck.parse(c) for c in ("1C", "2C", "3C", "4C", "5C", new)][:cards]
        for c in ids:
            assert abs(seen[took, c] - n / 2 / cards) < 0.25 * n / 2 / cards, (took, c, seen)
        assert sum(v for (t, _), v in seen.items() if t == took) == sum(
            seen[took, c] for c in ids), seen


def test_checki_table_agrees_with_exposable_pairs():
    from game.kowah.checki import exposable_pairs
    st = new_game(3, 0)
    table, of_key = checki_table(st.keys)
    rng = random.Random(3)
    pack = [c for c in range(30) for _ in range(4)]
    for _ in range(3000):
        h = rng.sample(pack, 8)
        if rng.random() < 0.5:      # near-checki: two triples and a pair
            k1, k2 = rng.randrange(12), rng.randrange(12)
            h = [rng.choice(of_key[k1]) for _ in range(3)] + [rng.choice(of_key[k2])
                                                              for _ in range(3)]
            h += [rng.randrange(30)] * 2
        sig = sum(st.pow[c] for c in h)
        kx = table.get(sig)
        mine = () if kx is None else tuple(x for x in of_key[kx] if h.count(x) == 2)
        assert mine == exposable_pairs(h, st.keys), h


def test_heuristic_winner_is_the_heuristic_playouts_winner():
    from game.kowah.playout import heuristic_winner
    for seed in range(60):
        a = new_game(3, seed)
        b = a.clone()
        heuristic_playout(a, random.Random(seed), 100_000, (True, True, True))
        res = a.result()
        want = res.winners[0] if res.winners else -1
        assert heuristic_winner(b, random.Random(seed), (True, True, True)) == want, seed


def test_fork_is_an_independent_copy():
    st = new_game(3, 4)
    st.playout(random.Random(2), 40)
    twin = st.fork()
    for name in KowahState.__slots__:
        assert getattr(twin, name) == getattr(st, name), name
    before = st.clone()
    twin.playout(random.Random(3), 100_000)
    _same(st, before, "the original is untouched")
