"""Kowah against the engine contract, over thousands of seeded random hands.

Edge case 36: 10⁴ random-policy hands conserve the 120 cards and every win is
T1 + T2 + three identical cards. Plus: replays are exact, legal actions are sorted,
never empty for the active seat and all accepted, illegal ones change nothing, clones
are independent.
"""

from __future__ import annotations

import random

from game import registry
from game.core import IllegalAction
from game.kowah.checki import is_complete
from game.kowah.rules import KowahState, check_invariants, new_game
from game.match import Match, Seat
from tests.engine.snapshots import state_fields


def random_hand(seed: int, options: dict | None = None, check_every_step: bool = False,
                rng: random.Random | None = None) -> tuple[KowahState, list]:
    st = new_game(3, seed, options)
    rng = rng or random.Random(seed)
    log = []
    while not st.is_over():
        (seat,) = st.active_seats()
        legal = st.legal_actions(seat)
        action = rng.choice(legal)
        st.apply(seat, action)
        log.append((seat, action))
        if check_every_step:
            assert check_invariants(st, True) == [], (seed, len(log))
    return st, log


def test_ten_thousand_random_hands_conserve_cards_and_win_correctly():   # edge case 36
    reasons: dict[str, int] = {}
    for seed in range(10_000):
        st, _ = random_hand(seed)
        assert check_invariants(st, True) == [], seed
        res = st.result()
        reasons[res.reason] = reasons.get(res.reason, 0) + 1
        if res.winners:
            (w,) = res.winners
            nine = st.hands[w] + [st.win_card]
            assert is_complete(nine) and res.details["multiplier"] in (1, 3)
            assert sorted(nine) == res.details["hand"]
    assert set(reasons) <= {"drawn", "self_drawn", "opponent_draw", "opponent_discard"}
    assert reasons["drawn"] > 8000                 # random hands mostly end drawn
    assert all(reasons.get(k, 0) > 0 for k in ("self_drawn", "opponent_draw",
                                              "opponent_discard"))


def test_invariants_after_every_action():
    for seed in range(150):
        random_hand(seed, check_every_step=True)
    for seed in range(50):
        random_hand(seed, {"rediscard_taken_card": False}, check_every_step=True)


def test_legal_actions_are_sorted_non_empty_and_all_accepted():
    rng = random.Random(1)
    for seed in range(40):
        st = new_game(3, seed)
        while not st.is_over():
            (seat,) = st.active_seats()
            legal = st.legal_actions(seat)
            assert legal and legal == sorted(legal) and len(set(legal)) == len(legal)
            for other in range(3):
                if other != seat:
                    assert st.legal_actions(other) == []
            for action in legal:
                st.clone().apply(seat, action)          # never refused
            st.apply(seat, rng.choice(legal))
        assert st.active_seats() == () and all(st.legal_actions(s) == [] for s in range(3))


def _state_dict(st: KowahState) -> str:
    return repr(sorted(state_fields(st).items()))


def test_illegal_actions_change_nothing():
    rng = random.Random(2)
    probes = [("draw",), ("take",), ("pass",), ("discard", 0), ("discard", 29),
              ("declare", 0), ("declare", 13), ("discard",), ("nope", 1), ("discard", -1),
              ("discard", True), "draw", None]
    refused = 0
    for seed in range(12):
        st = new_game(3, seed)
        step = 0
        while not st.is_over():
            (seat,) = st.active_seats()
            legal = st.legal_actions(seat)
            if step % 3 == 0:
                for probe in probes:
                    for who in range(3):
                        if who == seat and probe in legal:
                            continue
                        before = _state_dict(st)
                        try:
                            st.apply(who, probe)          # type: ignore[arg-type]
                        except IllegalAction as err:
                            assert err.key and str(err)
                            refused += 1
                        else:
                            raise AssertionError(f"accepted {probe!r} from seat {who}")
                        assert _state_dict(st) == before
            st.apply(seat, rng.choice(legal))
            step += 1
    assert refused > 1000


def test_replay_is_exact():
    """seed + options + action log rebuild the same hand, event for event, over 2000 hands."""
    for seed in range(2000):
        options = {"rediscard_taken_card": seed % 5 != 0}
        st = new_game(3, seed, options)
        rng = random.Random(seed * 7 + 1)
        log, events = [], st.deal_events()
        while not st.is_over():
            (seat,) = st.active_seats()
            action = rng.choice(st.legal_actions(seat))
            events += st.apply(seat, action)
            log.append((seat, action))
        again = new_game(3, seed, options)
        replayed = again.deal_events()
        for seat, action in log:
            replayed += again.apply(seat, action)
        assert replayed == events, seed
        assert _state_dict(again) == _state_dict(st)
        assert again.result() == st.result()


def test_clone_continues_identically():
    rng = random.Random(4)
    for seed in range(60):
        st = new_game(3, seed)
        for _ in range(rng.randrange(0, 80)):
            if st.is_over():
                break
            (seat,) = st.active_seats()
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        twin = st.clone()
        play = random.Random(seed)
        while not st.is_over():
            (seat,) = st.active_seats()
            action = play.choice(st.legal_actions(seat))
            assert st.apply(seat, action) == twin.apply(seat, action)
        assert twin.is_over() and twin.result() == st.result()


def test_match_save_replays_the_same_hand(tmp_path):
    seats = [Seat("random"), Seat("normal"), Seat("easy")]
    m = Match("kowah", seats, seed=42, think_scale=0, save_path=tmp_path / "k.json")
    t = 0.0
    while not m.is_over() and t < 5000:
        m.tick(t)
        t += 1
    assert m.is_over()
    again = Match.load(tmp_path / "k.json", think_scale=0)
    assert again.is_over() and again.result() == m.result()
    assert again.state.view(None) == m.state.view(None)
    assert registry.info("kowah").min_seats == 3 == registry.info("kowah").max_seats


def test_check_invariants_catches_corruption():
    st = new_game(3, 1)
    assert check_invariants(st) == [] and check_invariants(st, True) == []
    bad = st.clone()
    bad.stock.pop()                                        # a card vanished
    assert any("cards in play" in p for p in check_invariants(bad))
    bad = st.clone()
    bad.stock[0] = (bad.stock[0] + 1) % 30                  # a card changed identity
    assert check_invariants(bad) == []                     # the cheap tier cannot see it
    assert any("not conserved" in p for p in check_invariants(bad, True))
    bad = st.clone()
    bad.hands[0].append(bad.stock.pop())                    # nine cards outside a discard
    assert any("expected 8" in p for p in check_invariants(bad))
    bad = KowahState.from_deal(["7C 7S 7M 9C 9C 9S 2C 2C", "1C 1S 3M 4C 4S 6M 8C 8S",
                                "1M 3C 3S 4M 6C 6S 8M RF"], "OT WF", declared={0: "2C"})
    bad.hands[0][0], bad.hands[1][0] = bad.hands[1][0], bad.hands[0][0]
    assert any("declared hand changed" in p for p in check_invariants(bad))


def _corrupt(st: KowahState, rng: random.Random) -> None:
    """One random bookkeeping error of the kinds the cheap checks exist for."""
    seat = rng.randrange(3)
    kind = rng.randrange(9)
    if kind == 0 and st.stock:
        st.stock.pop()
    elif kind == 1:
        st.discards.append(0)
    elif kind == 2 and st.hands[seat]:
        st.hands[seat].pop()
    elif kind == 3 and st.stock:
        st.hands[seat].append(st.stock.pop())
    elif kind == 4:
        st.held = 0
    elif kind == 5:
        st.win_card = 0
    elif kind == 6:
        st.no_draw_turns = st.guard_limit + 1
    elif kind == 7:
        st.stock.clear()
    else:
        st.turn = (st.turn + 1) % 3


def test_quick_check_agrees_with_the_diagnosis():
    """The fast path of check_invariants never passes a position the full cheap tier
    would flag (over sound and corrupted positions alike), and it does pass sound ones."""
    from game.kowah.rules import _quick_ok
    rng = random.Random(7)
    quick_passed = flagged = 0
    for seed in range(60):
        st = new_game(3, seed)
        while not st.is_over():
            seat = st.active_seats()[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
            probe = st.clone()
            if rng.random() < 0.5:
                _corrupt(probe, rng)
            diagnosis = check_invariants(probe, False)
            if _quick_ok(probe):
                quick_passed += 1
                assert diagnosis == [], (seed, diagnosis)
            flagged += bool(diagnosis)
    assert quick_passed > 1000 and flagged > 1000
