"""The engine's public helpers for the table: ``why_illegal`` (the table's refusal
text), "what the table can know" (public events only: identical for two games that
differ only in hidden swap decisions) and the end-of-game timeline."""

from __future__ import annotations

import random

from game.mascarade.known import TableKnowledge
from game.mascarade.rules import new_game
from game.mascarade.timeline import build
from tests.engine.mascarade_helpers import rigged


def _play_swaps(n: int, seed: int, bits: list[int], peek_at: int | None = None) -> list:
    """Swap turns with the given secret bits (the targets from a seeded rng, the same
    whatever the bits), one seat peeking at turn ``peek_at``; returns all events."""
    st = new_game(n, seed)
    events = list(st.deal_events())
    rng = random.Random(seed)
    for i, bit in enumerate(bits):
        seat = st.active_seats()[0]
        if i == peek_at:
            events += st.apply(seat, ("peek", st.hands[seat][0]))
            continue
        swaps = sorted({a[:3] for a in st.legal_actions(seat) if a[0] == "swap"})
        a = rng.choice(swaps)
        events += st.apply(seat, (*a, bit))
    return events


def test_why_illegal_is_the_refusal_text_and_changes_nothing():
    st = rigged(4, ["judge", "bishop", "king", "queen", "thief", "cheat"], turn_no=2)
    before = (list(st.cards), st.phase, st.turn)
    text = st.why_illegal(0, ("peek", 0))
    assert "swaps only" in text and "§" not in text
    assert "not seat 2" in st.why_illegal(2, ("swap", 2, 0, 1))
    assert (list(st.cards), st.phase, st.turn) == before
    try:
        st.apply(0, ("peek", 0))
    except Exception as err:                 # the text apply raises is the same
        assert str(err) == text


def test_the_tables_knowledge_ignores_hidden_decisions():
    for n in (4, 8, 13):
        a = _play_swaps(n, 5, [1, 0, 1, 1, 0, 1, 0, 0, 1, 1], peek_at=6)
        b = _play_swaps(n, 5, [0, 1, 1, 0, 0, 0, 1, 1, 1, 0], peek_at=6)
        pub_a = [(e.kind, e.seat, e.data) for e in a if e.to is None]
        pub_b = [(e.kind, e.seat, e.data) for e in b if e.to is None]
        assert pub_a == pub_b                      # the same public events …
        assert [e.data for e in a if e.to] != [e.data for e in b if e.to]  # … not the same secrets
        ka, kb = TableKnowledge(), TableKnowledge()
        ka.observe(a)
        kb.observe(b)
        assert ka.probs() == kb.probs()
        assert [ka.top(p) for p in range(len(ka.probs()))] == [kb.top(p) for p in range(len(kb.probs()))]


def test_the_tables_knowledge_reads_no_private_event():
    events = _play_swaps(6, 3, [1, 1, 0, 1, 0, 1], peek_at=5)
    full, public = TableKnowledge(), TableKnowledge()
    full.observe(events)
    public.observe([e for e in events if e.to is None])
    assert full.probs() == public.probs() and full.fed == public.fed


def test_the_tables_knowledge_splits_each_swap_and_sums_to_one():
    st = new_game(4, 1)
    k = TableKnowledge()
    k.observe(st.deal_events())
    assert all(max(d.values()) == 1.0 for d in k.probs())          # the public deal
    seat = st.active_seats()[0]
    _, a, b, _ = next(x for x in st.legal_actions(seat) if x[0] == "swap" and x[3] == 1)
    k.observe(st.apply(seat, ("swap", a, b, 1)))
    for pos in (a, b):
        assert sorted(k.probs()[pos].values()) == [0.5, 0.5]
    assert all(abs(sum(d.values()) - 1.0) < 1e-9 for d in k.probs())


def test_the_timeline_tells_every_hidden_decision():
    events = _play_swaps(5, 2, [1, 0, 1, 0, 1, 1], peek_at=4)
    lines = build(events)
    keys = [ln.key for ln in lines]
    assert keys[0] == "start"
    assert keys[1:] == ["swap_yes", "swap_no", "swap_yes", "swap_no", "peek", "swap_yes"]
    st = new_game(5, 2)
    layout = list(st.initial)
    for ln in lines[1:]:
        if ln.key == "swap_yes":
            a, b = ln.params["a"], ln.params["b"]
            layout[a], layout[b] = layout[b], layout[a]
        if ln.key.startswith("swap"):
            a, b = ln.params["a"], ln.params["b"]
            assert ln.params["cards"] == [(a, layout[a]), (b, layout[b])]   # who holds what after
        if ln.key == "peek":
            own = next(p for p, o in enumerate(st.owner) if o == ln.params["seat"])
            assert ln.params["char"] == layout[own]


def test_hard_weighs_its_turn_over_sampled_layouts():
    """Hard (seat 0, holding the Judge with an empty courthouse): its heuristic, the
    search's prior, ranks first taking the King the table saw at seat 1 with a real
    exchange — over every sampled layout that leaves it a card it knows and can announce
    next turn; announcing the King now would be contested by seat 1, who knows it holds it.
    The search (every opponent at one coin: a card that takes a coin ends the game with
    Hard the richest) then keeps a real exchange for a card it can use."""
    from game.mascarade.ai import HardAgent
    from tests.engine.mascarade_helpers import R
    st = rigged(4, ["judge", "king", "queen", "bishop", "witch", "cheat"], coins=[6, 1, 1, 1], turn_no=5)
    firsts, picks = set(), set()
    for seed in range(6):
        hard = HardAgent(0, seed=seed)
        hard.observe(st.deal_events())
        hard.wall_cap = None
        worlds = hard.tracker.sample(hard.samples)
        firsts.add(hard.rank_turn(st.view(0), st.legal_actions(0), worlds)[0][2])
        picks.add(hard.decide(st.view(0), st.legal_actions(0)))
    assert firsts == {("swap", 0, 1, 1)}, firsts
    assert picks <= {("swap", 0, 1, 1), ("swap", 0, 3, 1)}, picks
    assert R.index("king") == st.cards[1]
