"""Reading opponents' hidden cards through the normal policy (game.ganjifa.evidence)."""

from __future__ import annotations

import random

from game.ganjifa import ai
from game.ganjifa.evidence import FOLLOW, GIVE, LEAD, PolicyEvidence
from game.ganjifa.policy import N_SUITS, PER, card_mask
from game.ganjifa.rules import new_game


def _normal_hands(seed: int, options: dict | None = None, stop_at: int | None = None):
    """Play a hand with three normal agents; yield (state, view of the seat to move)."""
    st = new_game(3, seed, options)
    agents = [ai.make_agent("normal", s, seed) for s in range(3)]
    while not st.is_over():
        seat = st.active_seats()[0]
        view = st.view(seat)
        yield st, view
        if stop_at is not None and st.trick_no >= stop_at:
            return
        st.apply(seat, agents[seat].decide(view, st.legal_actions(seat)))


def test_the_true_hands_explain_every_decision_of_normal_players():
    kinds = set()
    checked = 0
    for seed in range(8):
        options = {"void_rule": "strict"} if seed % 2 else {}
        for st, view in _normal_hands(seed, options):
            ev = PolicyEvidence(view)
            assert all(r[0] != view.seat for r in ev.records)      # only the others
            kinds |= {r[1] for r in ev.records}
            assert ev.mismatches([card_mask(h) for h in st.hands]) == 0
            checked += 1
    assert checked > 900 and kinds == {LEAD, FOLLOW, GIVE}     # Dukals were answered too


def test_a_wrong_guess_is_caught_and_the_count_stops_at_the_limit():
    caught = 0
    for st, view in _normal_hands(3, stop_at=20):
        if st.trick_no < 20 or st.phase != "lead":
            continue
        ev = PolicyEvidence(view)
        others = [s for s in range(3) if s != view.seat]
        rng = random.Random(1)
        for _ in range(30):
            pool = st.hands[others[0]] + st.hands[others[1]]
            rng.shuffle(pool)
            n = len(st.hands[others[0]])
            guess = [None] * 3
            guess[others[0]], guess[others[1]] = card_mask(pool[:n]), card_mask(pool[n:])
            bad = ev.mismatches(guess)
            caught += bad > 0
            assert ev.mismatches(guess, limit=1) == min(bad, 1)
        break
    assert caught >= 25         # a random reshuffle of the two hands rarely explains the play


def test_the_hard_sampler_walks_toward_deals_that_explain_the_play():
    for st, _ in _normal_hands(5, stop_at=18):
        if st.trick_no == 18 and st.phase == "lead":
            break
    view = st.view(st.active_seats()[0])
    hard = ai.make_agent("hard", view.seat, 1, time_budget=None)
    known = ai._Known(view)
    sample = hard._sampler(view, known)
    plain = ai.make_agent("hard", view.seat, 1, time_budget=None, infer_policy=False)
    plain_sample = plain._sampler(view, known)
    ev = PolicyEvidence(view)
    others = [s for s in range(3) if s != view.seat]
    rng_a, rng_b = random.Random(2), random.Random(2)

    def masks(world):
        return [card_mask(h) for h in world.hands]

    steered = [ev.mismatches(masks(sample(rng_a))) for _ in range(20)]
    blind = [ev.mismatches(masks(plain_sample(rng_b))) for _ in range(20)]
    assert sum(steered) < sum(blind) / 2
    w = sample(rng_a)
    assert w.hands[view.seat] == sorted(view.hand)
    for s in others:      # the walk keeps hand sizes, the rules' voids and the unseen cards
        assert len(w.hands[s]) == len(st.hands[s])
        assert not any(c // PER == suit for c in w.hands[s] for suit in range(N_SUITS)
                       if known.voids[s] >> suit & 1)
    dealt = set(w.hands[others[0]] + w.hands[others[1]])
    assert dealt == set(st.hands[others[0]] + st.hands[others[1]])
