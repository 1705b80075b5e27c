"""Ganjifa agents (easy, normal, hard), the shared search helpers and the arena.

No timing assertions: hard runs with ``time_budget=None`` (a fixed number of sampled
worlds), which also makes it reproducible.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from game import arena
from game.ai.search import Budget, constrained_deal, flat_monte_carlo, ismcts
from game.ganjifa import ai, policy
from game.ganjifa.deck import default_deck
from game.ganjifa.rules import GanjifaState, check_invariants, new_game

D = default_deck()


def card(text: str) -> int:
    return D.parse(text)


def fast_hard(seat: int, seed: int, iterations: int = 3, work: int | None = 2000,
              **settings) -> ai.HardAgent:
    return ai.HardAgent(seat, seed, time_budget=None, iterations=iterations, work=work,
                        **settings)


def play(agents: list, seed: int, options: dict | None = None) -> GanjifaState:
    """Play a whole hand, checking every decision is legal and the invariants hold."""
    st = new_game(3, seed, options or {})
    for a in agents:
        a.observe(st.deal_events())
    for _ in range(400):
        if st.is_over():
            return st
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        action = agents[seat].decide(st.view(seat), legal)
        assert action in legal, (seat, action)
        events = st.apply(seat, action)
        for i, a in enumerate(agents):
            a.observe([e for e in events if e.visible_to(i)])
        assert check_invariants(st) == []
    raise AssertionError("the hand did not end")


def position(hands: list[list[str]], plays: list[tuple[int, object]] = (), leader: int = 0,
             **options: str) -> GanjifaState:
    """A mid-hand position (not trick 1): ``leader`` to lead, then ``plays`` applied."""
    st = GanjifaState.from_deal(hands, options=options or None, trick_no=5, leader=leader)
    for seat, action in plays:
        st.apply(seat, action)
    return st


def decide(agent_cls, st: GanjifaState):
    (seat,) = st.active_seats()
    return agent_cls(seat, 0).decide(st.view(seat), st.legal_actions(seat))


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
@pytest.mark.parametrize("options", [{}, {"void_rule": "strict", "time": "night"}])
def test_agents_only_play_legal_actions(level, options):
    for seed in range(3):
        agents = [ai.make_agent(level, s, seed * 10 + s) for s in range(3)]
        st = play(agents, seed, options)
        assert sum(st.result().scores) == 120


def test_hard_only_plays_legal_actions_with_a_tiny_budget():
    agents = [fast_hard(0, 1), ai.make_agent("normal", 1, 1), ai.make_agent("random", 2, 1)]
    play(agents, 4)
    agents = [ai.make_agent("easy", 0, 2), ai.make_agent("random", 1, 2), fast_hard(2, 2)]
    play(agents, 5, {"void_rule": "strict"})


def test_make_agent_levels_and_settings():
    assert {ai.make_agent(lv, 0, 0).level for lv in ("random", "easy", "normal", "hard")} == {
        "random", "easy", "normal", "hard"}
    hard = ai.make_agent("hard", 1, 2, time_budget=None, iterations=5)
    assert hard.time_budget is None and hard.iterations == 5
    with pytest.raises(ValueError):
        ai.make_agent("grandmaster", 0, 0)


# ------------------------------------------------------------ normal play
def test_normal_last_to_play_wins_with_the_lowest_winning_card():
    st = position(
        [["kalki-5", "matsya-3", "kurma-4", "varaha-4"],
         ["kalki-7", "matsya-4", "kurma-5", "varaha-5"],
         ["kalki-8", "kalki-10", "kalki-R", "matsya-5"]],
        [(0, ("play", card("kalki-5"))), (1, ("play", card("kalki-7")))])
    assert decide(ai.NormalAgent, st) == ("play", card("kalki-8"))


def test_normal_last_to_play_in_an_ace_high_suit():
    # Matsya ranks R > M > 1 > 2 > ... > 10: over the 4, the cheapest winner is the 3.
    st = position(
        [["matsya-6", "kurma-3", "kurma-4", "varaha-4"],
         ["matsya-4", "kurma-5", "kurma-6", "varaha-5"],
         ["matsya-1", "matsya-3", "matsya-9", "matsya-M"]],
        [(0, ("play", card("matsya-6"))), (1, ("play", card("matsya-4")))])
    assert decide(ai.NormalAgent, st) == ("play", card("matsya-3"))


def test_normal_overtrumps_with_the_lowest_trump_that_wins():
    # Day: Rama is trump. Seat 1 trumped a Kalki lead with Rama 3; seat 2, void in
    # Kalki, holds Rama 2, 4, 9 and M: the Rama 4 is enough.
    st = position(
        [["kalki-5", "matsya-3", "kurma-4", "varaha-4", "vamana-4"],
         ["rama-3", "matsya-4", "kurma-5", "varaha-5", "vamana-5"],
         ["rama-2", "rama-4", "rama-9", "rama-M", "matsya-5"]],
        [(0, ("play", card("kalki-5"))), (1, ("play", card("rama-3")))])
    assert decide(ai.NormalAgent, st) == ("play", card("rama-4"))


def test_normal_does_not_waste_a_trump_on_a_trick_it_cannot_win():
    # Seat 1 trumped with the Rama Mantri (the Raja went on trick 1): seat 2 cannot win,
    # so it sheds its lowest card of the next held suit (Matsya) instead of a trump.
    st = position(
        [["kalki-5", "matsya-3", "kurma-4", "varaha-4"],
         ["rama-M", "matsya-4", "kurma-5", "varaha-5"],
         ["rama-2", "rama-9", "matsya-5", "matsya-1"]],
        [(0, ("play", card("kalki-5"))), (1, ("play", card("rama-M")))])
    assert decide(ai.NormalAgent, st) == ("play", card("matsya-5"))


def test_normal_ducks_cheaply_when_it_cannot_win():
    st = position(
        [["kalki-R", "matsya-3", "kurma-4", "varaha-4"],
         ["kalki-7", "matsya-4", "kurma-5", "varaha-5"],
         ["kalki-8", "kalki-2", "kalki-10", "matsya-5"]],
        [(0, ("play", card("kalki-R"))), (1, ("play", card("kalki-7")))])
    assert decide(ai.NormalAgent, st) == ("play", card("kalki-2"))


def test_normal_leads_a_dukal_when_it_has_one():
    st = position(
        [["buddha-R", "buddha-M", "buddha-3", "buddha-4", "buddha-5", "buddha-6", "matsya-9"],
         ["kalki-7", "matsya-4", "kurma-5", "varaha-5", "kurma-6", "kurma-7", "kurma-8"],
         ["kalki-8", "kalki-2", "kalki-10", "matsya-5", "varaha-6", "varaha-7", "varaha-8"]])
    kind, cards = decide(ai.NormalAgent, st)
    assert kind == "dukal" and len(cards) == 6      # the longest: R, M and 3-4-5-6


def test_normal_gives_up_low_cards_to_a_dukal():
    dukal = ("buddha-R", "buddha-M", "buddha-3", "buddha-4", "buddha-5")
    losers = {"matsya-10", "kurma-10", "varaha-10", "vamana-9", "narasimha-10"}
    st = position(
        [[*dukal, "matsya-9", "kalki-1", "kalki-2", "kalki-3"],
         ["kalki-R", "rama-M", "rama-10", "matsya-R", *sorted(losers)],
         ["kalki-M", "kalki-10", "matsya-M", "matsya-1", "kurma-9", "varaha-9", "vamana-10",
          "kurma-1", "narasimha-1"]],
        [(0, ("dukal", tuple(sorted(card(c) for c in dukal))))])
    given = []
    while st.phase == "give" and st.active_seats() == (1,):
        action = decide(ai.NormalAgent, st)
        given.append(D.card_id(action[1]))
        st.apply(1, action)
    # the five sure losers go; the masters (Kalki and Matsya Rajas) and trumps stay
    assert sorted(given) == sorted(losers)


def test_normal_beats_random_over_rotated_deals():
    shares = []
    for seed in range(4):
        for r in range(3):
            agents = [ai.make_agent("random", s, seed * 3 + s) for s in range(3)]
            agents[r] = ai.NormalAgent(r, 0)
            shares.append(play(agents, seed).result().scores[r] / 120)
    assert sum(shares) / len(shares) > 0.4


# ------------------------------------------------------------- inference
def test_public_voids_follow_the_void_rule():
    # Led Varaha (2); seat 1 played Narasimha (3): void in Varaha only. Seat 2 played
    # Kalki (9): void in 2..8, which includes the trump (Rama, 6) by day.
    st = position(
        [["varaha-5", "matsya-3"], ["narasimha-4", "matsya-4"], ["kalki-4", "matsya-5"]],
        [(0, ("play", card("varaha-5"))), (1, ("play", card("narasimha-4"))),
         (2, ("play", card("kalki-4")))])
    voids = policy.public_voids(st.view(0))
    assert voids[0] == 0
    assert voids[1] == 1 << 2
    assert voids[2] == sum(1 << s for s in range(2, 9))


def test_strict_rule_reveals_no_trump():
    st = position(
        [["kalki-5", "matsya-3"], ["matsya-4", "kurma-4"], ["kalki-4", "matsya-5"]],
        [(0, ("play", card("kalki-5"))), (1, ("play", card("matsya-4")))],
        void_rule="strict")
    voids = policy.public_voids(st.view(2))
    assert voids[1] == (1 << 9) | (1 << D.trumps["day"])


def test_behaviour_exclusions_read_a_last_player_who_did_not_win():
    # Seat 2, last, followed Kalki with the 2 under the Kalki 7: it holds no Kalki above
    # the 7. Next trick, seat 0 is last, void in Matsya, and sheds a Kurma card under a
    # Matsya winner instead of trumping: it holds no trump.
    st = position(
        [["kalki-5", "kurma-4", "kurma-5"], ["kalki-7", "matsya-4", "varaha-4"],
         ["kalki-2", "matsya-3", "varaha-5"]],
        [(0, ("play", card("kalki-5"))), (1, ("play", card("kalki-7"))),
         (2, ("play", card("kalki-2")))])
    excl = policy.behaviour_exclusions(st.view(1))
    kalki, seven = card("kalki-7") // 12, D.strength[card("kalki-7")]
    above_7 = policy.FULL >> (seven + 1) << (seven + 1)
    assert excl[2][kalki] == above_7 and excl[0] == [0] * 10
    st.apply(1, ("play", card("matsya-4")))
    st.apply(2, ("play", card("matsya-3")))
    st.apply(0, ("play", card("kurma-4")))
    excl = policy.behaviour_exclusions(st.view(1))
    assert excl[0][D.trumps["day"]] == policy.FULL


def test_behaviour_exclusions_are_dropped_for_a_seat_that_contradicts_them():
    st = position(
        [["kalki-5", "kurma-4", "kurma-5"], ["kalki-7", "matsya-4", "varaha-4"],
         ["kalki-2", "kalki-9", "varaha-1"]],
        [(0, ("play", card("kalki-5"))), (1, ("play", card("kalki-7"))),
         (2, ("play", card("kalki-2"))), (1, ("play", card("varaha-4"))),
         (2, ("play", card("varaha-1"))), (0, ("play", card("kurma-4")))])
    before = policy.behaviour_exclusions(st.view(0))
    assert any(before[2]) and before[1][D.trumps["day"]] == 0
    st.apply(2, ("play", card("kalki-9")))      # seat 2 held a Kalki above the 7 after all
    after = policy.behaviour_exclusions(st.view(0))
    assert after[2] == [0] * 10
    assert after[0][D.trumps["day"]] == policy.FULL     # seat 0's inference stands


# ------------------------------------------------------- hard's rollouts
@pytest.mark.parametrize("seed", range(4))
def test_policy_masks_follow_the_engine(seed):
    """The policy's follow sets (``legal_masks``, which the hard level's rollouts use) are
    the engine's, at every follow of a game."""
    options = {"void_rule": "strict"} if seed % 2 else {}
    st = new_game(3, seed, options)
    agents = [ai.make_agent(lv, s, seed) for s, lv in enumerate(("normal", "random", "easy"))]
    follows = 0
    while not st.is_over():
        (seat,) = st.active_seats()
        legal, view = st.legal_actions(seat), st.view(seat)
        if st.phase == "follow":
            follows += 1
            masks = policy.legal_masks(policy.card_mask(st.hands[seat]), st.trick[0][1] // 12,
                                       st.trump, st.options["void_rule"] == "strict")
            cards = sorted(c for s, m in masks for c in policy.mask_cards(s, m))
            assert cards == sorted(a[1] for a in legal)
        st.apply(seat, agents[seat].decide(view, legal))
    assert follows > 60


@pytest.mark.parametrize("seed", range(6))
def test_policy_rollout_plays_as_three_normal_agents(seed):
    """From a position of a real game, a policy rollout on the engine ends exactly where
    three normal agents playing move by move from their views end."""
    options = {"time": "night" if seed % 2 else "day",
               "void_rule": "strict" if seed % 3 == 0 else "choice"}
    st = new_game(3, seed, options)
    agents = [ai.NormalAgent(s) for s in range(3)]
    rng = random.Random(seed)
    for _ in range(3 + 11 * seed):      # a few moves of random play first
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))])
    rolled, played = st.fork(), st.fork()
    steps = ai.policy_rollout(rolled, policy.public_voids(st.view(None)))
    moves = 0
    while not played.is_over():
        (seat,) = played.active_seats()
        played.apply(seat, agents[seat].decide(played.view(seat), played.legal_actions(seat)))
        moves += 1
    assert steps == moves
    assert rolled.result() == played.result()
    assert rolled.history == played.history and rolled.captured == played.captured


# ------------------------------------------------------------------- hard
def mid_game(seed: int, steps: int) -> GanjifaState:
    st = new_game(3, seed, {})
    agents = [ai.NormalAgent(s) for s in range(3)]
    for _ in range(steps):
        (seat,) = st.active_seats()
        st.apply(seat, agents[seat].decide(st.view(seat), st.legal_actions(seat)))
    return st


def test_hard_is_deterministic_without_a_clock():
    for seed, steps in ((1, 10), (2, 31), (3, 50)):
        st = mid_game(seed, steps)
        (seat,) = st.active_seats()
        view, legal = st.view(seat), st.legal_actions(seat)
        picks = {fast_hard(seat, 77, 12).decide(view, legal) for _ in range(2)}
        assert len(picks) == 1 and picks <= set(legal)


def test_hard_searches_every_candidate_on_the_same_worlds():
    st = mid_game(4, 31)
    (seat,) = st.active_seats()
    agent = fast_hard(seat, 5, 7, work=None)
    agent.decide(st.view(seat), st.legal_actions(seat))
    if agent.last_stats is not None:            # None only when one candidate was left
        assert agent.last_stats.worlds == 7
        assert set(agent.last_stats.means) <= set(st.legal_actions(seat))


def test_candidates_keep_cards_split_by_a_card_on_the_table():
    # Seat 1 holds Kalki 4 and 6; the Kalki 5 led between them is on the table.
    st = position(
        [["kalki-5", "matsya-3", "kurma-4"], ["kalki-4", "kalki-6", "kurma-5"],
         ["kalki-8", "kalki-9", "kalki-10"]],
        [(0, ("play", card("kalki-5")))])
    view = st.view(1)
    cands = ai.candidate_actions(view, st.legal_actions(1), ai._Known(view))
    assert sorted(cands) == sorted([("play", card("kalki-4")), ("play", card("kalki-6"))])


def test_candidates_merge_equivalent_cards():
    # Seat 2 holds Kalki 8, 9, 10 with nothing between them outstanding: one candidate.
    st = position(
        [["kalki-5", "matsya-3", "kurma-4"], ["kalki-7", "matsya-4", "kurma-5"],
         ["kalki-8", "kalki-9", "kalki-10"]],
        [(0, ("play", card("kalki-5"))), (1, ("play", card("kalki-7")))])
    view = st.view(2)
    cands = ai.candidate_actions(view, st.legal_actions(2), ai._Known(view))
    assert cands == [("play", card("kalki-8"))]


# ---------------------------------------------------------- search helpers
def test_constrained_deal_respects_capacity_and_constraints():
    rng = random.Random(3)
    cards = list(range(20))
    for _ in range(50):
        hands = constrained_deal(cards, [12, 8], lambda i, c: not (i == 1 and c < 6), rng)
        assert hands is not None
        assert [len(h) for h in hands] == [12, 8]
        assert sorted(hands[0] + hands[1]) == cards
        assert all(c >= 6 for c in hands[1])
    assert constrained_deal(cards, [10, 10], lambda i, c: i == 0, rng) is None


def test_flat_monte_carlo_prefers_the_best_mean_and_keeps_the_favourite_on_ties():
    rng = random.Random(0)

    def evaluate(world, action, _rng):
        return world + {"a": 0.0, "b": 1.0, "c": 0.5}[action]

    best, stats = flat_monte_carlo(["a", "b", "c"], lambda r: r.random(), evaluate, rng,
                                   Budget(None, 10))
    assert best == "b" and stats.worlds == 10
    best, _ = flat_monte_carlo(["c", "b"], lambda r: 0.0, lambda w, a, r: 1.0, rng,
                               Budget(None, 3))
    assert best == "c"


def test_budget_needs_a_limit():
    with pytest.raises(ValueError):
        Budget(None, None)
    b = Budget(0.0, None)
    assert not b.spent()        # the minimum iteration always runs
    b.tick()
    assert b.spent()


def test_ismcts_runs_on_the_engine_contract():
    st = mid_game(6, 60)
    (seat,) = st.active_seats()
    view = st.view(seat)
    determinize = fast_hard(seat, 0)._sampler(view, ai._Known(view))
    action, stats = ismcts(determinize, lambda s, p: s.result().scores[p] / 120,
                           random.Random(1), Budget(None, 6))
    assert action in st.legal_actions(seat) and stats.worlds == 6


# ------------------------------------------------------------------ arena
def test_check_invariants_flags_a_lost_card():
    st = new_game(3, 1, {})
    assert check_invariants(st) == []
    st.hands[0].pop()
    assert check_invariants(st)


def test_arena_main_prints_one_json_line(capsys):
    code = arena.main(["ganjifa", "--seats", "normal,random,easy", "--games", "3",
                       "--seed", "2", "--options", "void_rule=strict,time=night"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and len(lines) == 1
    report = json.loads(lines[0])
    assert report["games"] == 3 and report["invariant_violations"] == 0
    assert report["options"] == {"void_rule": "strict", "time": "night"}
    assert [p["level"] for p in report["per_seat"]] == ["normal", "random", "easy"]
    assert abs(sum(p["mean_share"] for p in report["per_seat"]) - 1) < 1e-3
    for p in report["per_seat"]:
        assert {"win_rate", "outright_win_rate", "decision_ms_p50", "decision_ms_p95"} <= set(p)
    assert report["hands_per_s"] > 0


def test_arena_rotates_seats_over_the_same_deals():
    report = arena.run("ganjifa", ["random", "random", "random"], 6, 0)
    assert report["deals"] == 2 and report["games"] == 6
    lo, hi = report["first_seat_share_ci95"]
    assert lo <= report["per_seat"][0]["mean_share"] <= hi


def test_arena_as_a_module():
    out = subprocess.run(
        [sys.executable, "-m", "game.arena", "ganjifa", "--seats", "random,easy,random",
         "--games", "3", "--seed", "1"], capture_output=True, text=True, check=True)
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["game"] == "ganjifa"


def test_arena_reports_an_agent_that_breaks_the_rules(monkeypatch, capsys):
    class Cheat:
        level, think_delay = "cheat", 0.0

        def observe(self, events):
            pass

        def decide(self, view, legal):
            return ("play", -1)

    real = arena.registry.make_agent
    monkeypatch.setattr(arena.registry, "make_agent",
                        lambda g, lv, s, sd: Cheat() if lv == "easy" else real(g, lv, s, sd))
    code = arena.main(["ganjifa", "--seats", "easy,random,random", "--games", "3"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["invariant_violations"] == 3 and report["games"] == 0
    assert "unlisted" in report["violation_samples"][0]


def test_arena_gives_views_and_events_only_to_sighted_agents(monkeypatch):
    class Spy:
        think_delay = 0.0

        def __init__(self, level, blind):
            self.level, self.blind = level, blind
            self.views, self.events = [], 0

        def observe(self, events):
            self.events += len(events)

        def decide(self, view, legal):
            self.views.append(view)
            return legal[0]

    spies = []

    def make(g, lv, s, sd):
        spies.append(Spy(lv, blind=lv == "random"))
        return spies[-1]

    monkeypatch.setattr(arena.registry, "make_agent", make)
    report = arena.run("ganjifa", ["easy", "random", "random"], 3, 0)
    assert report["games"] == 3 and report["invariant_violations"] == 0
    sighted = [s for s in spies if not s.blind]
    blind = [s for s in spies if s.blind]
    assert all(s.views and all(v is not None for v in s.views) and s.events for s in sighted)
    assert all(s.views and all(v is None for v in s.views) and s.events == 0 for s in blind)


def test_arena_rejects_a_wrong_seat_count():
    with pytest.raises(ValueError):
        arena.run("ganjifa", ["random", "random"], 2, 0)
    assert arena.parse_options("a=1, b = x") == {"a": 1, "b": "x"}


def _give_choice_card_by_card(hand, rem, trump):
    """give_choice as first written: every card's key, the smallest wins."""
    my_t = hand[trump]
    pick = None
    for s in range(policy.N_SUITS):
        h = hand[s]
        if not h:
            continue
        keep = 0
        if h & policy.COURTS == policy.COURTS:
            ln, bits = policy.RUN[h & policy.NUMERALS]
            if ln >= policy.MIN_RUN:
                keep = bits | policy.COURTS
        o = rem[s] & ~h
        length = h.bit_count() if my_t and s != trump else 0
        for k in range(policy.PER):
            if h >> k & 1:
                above = min((o >> (k + 1)).bit_count(), 3)
                key = (keep >> k & 1, s == trump, -above, length, k)
                if pick is None or key < pick[0]:
                    pick = (key, s, k)
    return pick[1], pick[2]


def test_give_choice_takes_each_suits_best_card_as_the_card_by_card_search_does():
    rng = random.Random(5)
    for _ in range(20_000):
        dense = rng.random()
        hand = [sum(1 << k for k in range(policy.PER) if rng.random() < dense * rng.random())
                for _ in range(policy.N_SUITS)]
        if not any(hand):
            continue
        rem = [h | sum(1 << k for k in range(policy.PER) if rng.random() < 0.5) for h in hand]
        trump = rng.randrange(policy.N_SUITS)
        assert policy.give_choice(hand, rem, trump) == _give_choice_card_by_card(hand, rem, trump)
