"""Đạo Tâm's buzzer is one intent (``("buzz",)``): where it lands on the Match clock and the
rules (R6.3, R7.2; game/daotam/intents.py) decide whether it is a challenge, a shout, a
false start or nothing — the table only says "seat s pressed at t". Fake clock throughout.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import BUZZ
from game.daotam.intents import INTENTS, REALTIME
from game.daotam.rules import POSSESSED
from game.match import Match, Seat
from tests.engine.daotam_deal import PASS, deal, match

CLAIM_C = ("claim", ("cuong",), "cuong")
HANDS = ["CNTTT", "CNTTT", "CNTTT"]
BASE_SAVE = Path(__file__).with_name("daotam_base_save.json")


def claimed(st, at=10.0, seat=0, timers=None):
    m = match(st, timers=timers)
    m.submit(seat, CLAIM_C)
    m.tick(at)
    assert m.open_window().window.kind == "challenge" and m.open_window().opened_at == at
    return m


def race(m, seat, at):
    m.submit(seat, ("public",))
    m.tick(at)
    assert m.open_window().window.kind == "race" and m.open_window().opened_at == at


def winners(m):
    return [e.data["winner"] for e in m.events if e.kind == "race_won"]


def said(m):
    """What the Match logged from the presses (never the intent itself)."""
    return [(s, a) for s, a in m.log if a[0] in ("challenge", "shout", "pass", "buzz")]


def test_the_intents_are_declared_in_one_place():
    assert INTENTS[:2] == REALTIME == ("buzz", "pass")
    assert {"claim", "public", "push", "use", "decline"} <= set(INTENTS)


# ------------------------------------------------------------- inside a window
def test_a_buzz_in_a_challenge_window_is_a_challenge_and_the_log_says_so():
    st = deal(HANDS)
    m = claimed(st)
    m.intent(2, BUZZ, 11.0)
    m.tick(11.0)
    assert said(m) == [(2, ("challenge",))] and st.stats["challenges"] == 1
    assert m.desk.false_starts == {}


@pytest.mark.parametrize("actor,winner", [(0, 1), (1, 2), (2, 0)])
def test_same_tick_buzzes_in_a_challenge_window_go_clockwise_from_the_actor(actor, winner):
    st = deal(HANDS, first=actor)
    m = claimed(st, seat=actor)
    for s in (2, 1, 0):
        m.press(s, BUZZ, 11.0)              # Match.press takes the buzzer intent too
    m.tick(11.0)
    assert [e.seat for e in m.events if e.kind == "challenge"] == [winner]


def test_the_actors_buzz_in_its_own_challenge_window_is_a_false_start_not_a_challenge():
    st = deal(HANDS)
    m = claimed(st)
    m.intent(0, BUZZ, 12.5)                 # nothing to challenge: a shout with no race open
    m.intent(1, PASS, 12.6)
    m.intent(2, PASS, 12.6)
    m.tick(12.6)
    assert st.stats["challenges"] == 0 and st.turn == 1
    assert m.desk.false_starts == {0: 12.5}
    race(m, 1, 13.0)                        # 0.5 s later: seat 0 is barred
    assert m.open_window().locked == {0}


def test_a_possessed_seats_buzz_does_nothing_anywhere():
    st = deal(["CNTTT", "CNTTT", ""], status=["living", "living", POSSESSED],
              dao_tam=[3, 3, 0], ta_niem_left=[0, 0, 2])
    m = claimed(st)
    m.intent(2, BUZZ, 10.5)
    m.tick(10.6)
    m.intent(2, BUZZ, 14.0)
    m.tick(14.0)
    assert st.stats["challenges"] == 0 and m.desk.false_starts == {}
    assert [why for why, p in m.desk.dropped if p.seat == 2] == ["nothing", "nothing"]


def test_a_buzz_in_a_race_is_a_shout_and_the_actor_wins_a_same_tick_tie():
    st = deal(HANDS)
    m = match(st)
    race(m, 0, 10.0)
    for s in (2, 1, 0):
        m.intent(s, BUZZ, 10.4)
    m.tick(10.4)
    assert winners(m) == [0] and said(m) == [(0, ("shout",))]
    st = deal(HANDS)
    m = match(st)
    race(m, 0, 10.0)
    m.intent(2, BUZZ, 10.2)
    m.intent(0, BUZZ, 10.3)
    m.tick(10.5)
    assert winners(m) == [2], "the first buzz steals the race"


def test_with_tn01_the_others_buzzes_in_the_race_are_ignored_not_false_starts():
    st = deal(HANDS, opened=[{"hanh_dao": "tn01"}, {}, {}])
    m = match(st)
    race(m, 0, 10.0)
    m.intent(1, BUZZ, 10.1)
    m.intent(0, BUZZ, 11.5)
    m.tick(11.6)
    assert winners(m) == [0] and m.desk.false_starts == {}


def test_a_buzz_at_exactly_the_deadline_is_no_challenge_just_before_it_is():
    st = deal(HANDS)
    m = claimed(st)
    m.intent(1, BUZZ, 13.0)                 # R6.1: at t = 3.0 s the window is closed
    m.tick(13.0)
    assert st.stats["challenges"] == 0 and st.turn == 1
    st = deal(HANDS)
    m = claimed(st)
    m.intent(1, BUZZ, 12.999)
    m.tick(13.0)
    assert st.stats["challenges"] == 1


# ---------------------------------------------------------------- in no window
@pytest.mark.parametrize("early,barred", [(1.0, True), (0.5, True), (1.1, False)])
def test_a_buzz_before_any_window_is_a_false_start_within_the_lock(early, barred):
    st = deal(HANDS)
    m = match(st)
    m.intent(1, BUZZ, 10.0 - early)         # seat 0 has not played: no window is open
    m.tick(10.0 - early)
    assert m.desk.false_starts == {1: 10.0 - early}
    race(m, 0, 10.0)
    m.intent(1, BUZZ, 10.1)
    m.intent(0, BUZZ, 10.6)
    m.tick(10.7)
    assert winners(m) == ([0] if barred else [1])


def test_a_buzz_made_before_a_race_but_judged_after_it_opened_still_bars():
    st = deal(HANDS)
    m = match(st)
    m.intent(1, BUZZ, 9.8)                  # the table hands it over a frame late
    race(m, 0, 10.0)
    assert m.open_window().locked == {1}


# ------------------------------------------------- after a window has closed (R6.3)
def test_a_buzz_after_the_challenge_window_closed_does_nothing_and_bars_no_race():
    """Seat 2 presses 0.05 s after Phản Đòn closed at its deadline; seat 1 plays in public
    0.45 s later. The late press is no false start: seat 2 may win that race. (The base
    commit judged it a false start and barred seat 2.)"""
    st = deal(HANDS)
    m = claimed(st)
    m.tick(13.0)                            # the deadline: unchallenged, seat 1's turn
    assert m.open_window() is None and st.turn == 1
    m.intent(2, BUZZ, 13.05)
    m.tick(13.05)
    assert m.desk.false_starts == {} and st.stats["challenges"] == 0
    race(m, 1, 13.5)
    assert m.open_window().locked == set()
    m.intent(2, BUZZ, 13.6)
    m.intent(1, BUZZ, 13.9)
    m.tick(14.0)
    assert winners(m) == [2]


def test_a_buzz_after_a_race_closed_does_nothing_and_bars_no_race():
    st = deal(["CNTTT", "CNTTT", "CNTTT"], top="CN")
    m = match(st)
    race(m, 0, 10.0)
    m.tick(12.0)                            # nobody shouted in 2.0 s
    assert m.open_window() is None and st.turn == 1
    m.intent(2, BUZZ, 12.1)
    race(m, 1, 12.6)
    m.intent(2, BUZZ, 12.7)
    m.tick(12.8)
    assert winners(m) == [None, 2] and m.desk.false_starts == {}


def test_a_buzz_just_after_somebody_was_faster_is_late_not_a_false_start():
    st = deal(HANDS)
    m = claimed(st)
    m.intent(1, BUZZ, 10.5)                 # seat 1 challenges first …
    m.intent(2, BUZZ, 10.6)                 # … seat 2 a tenth later, in the same frame
    m.tick(10.7)
    assert [e.seat for e in m.events if e.kind == "challenge"] == [1]
    assert m.desk.false_starts == {}
    assert [why for why, p in m.desk.dropped if p.seat == 2] == ["late"]
    st = deal(HANDS)
    m = claimed(st)
    m.intent(1, BUZZ, 10.5)
    m.tick(10.5)                            # closed early; its 3.0 s would end at 13.0
    m.intent(2, BUZZ, 11.0)                 # seat 2's first press after the close: late
    m.tick(11.0)
    assert m.desk.false_starts == {}
    m.intent(2, BUZZ, 11.2)                 # pressing again: shouting with no race open
    m.tick(11.2)
    assert m.desk.false_starts == {2: 11.2}


def test_only_the_first_buzz_after_a_close_is_late_pressing_again_is_a_false_start():
    st = deal(HANDS)
    m = claimed(st)
    m.tick(13.0)
    m.intent(2, BUZZ, 13.05)                # late: nothing
    m.intent(2, BUZZ, 13.2)                 # no race is open: a false start
    m.tick(13.2)
    assert m.desk.false_starts == {2: 13.2}
    race(m, 1, 13.5)
    assert m.open_window().locked == {2}


def test_a_seat_that_answered_the_window_gets_no_late_buzz():
    st = deal(HANDS)
    m = claimed(st)
    m.intent(2, PASS, 10.5)
    m.tick(13.0)
    m.intent(2, BUZZ, 13.05)
    m.tick(13.05)
    assert m.desk.false_starts == {2: 13.05}


def test_the_next_actors_buzz_after_a_close_is_a_false_start():
    """Seat 1's turn has begun: its press can only anticipate its own public play."""
    st = deal(HANDS)
    m = claimed(st)
    m.tick(13.0)
    m.intent(1, BUZZ, 13.05)
    m.tick(13.05)
    assert m.desk.false_starts == {1: 13.05}
    race(m, 1, 13.5)
    assert m.open_window().locked == {1}


# -------------------------------------------------------------------- the pass
def test_a_pass_intent_passes_in_a_window_and_does_nothing_outside_one():
    st = deal(HANDS)
    m = match(st)
    m.intent(1, PASS, 9.0)                  # no window: nothing, no false start
    m.tick(9.0)
    assert m.desk.false_starts == {} and [w for w, _ in m.desk.dropped] == ["nothing"]
    m.submit(0, CLAIM_C)
    m.tick(10.0)
    m.intent(1, PASS, 10.2)
    m.intent(2, PASS, 10.3)
    m.intent(0, PASS, 10.3)                 # the actor is not asked: nothing
    m.tick(10.4)
    assert said(m) == [(1, PASS), (2, PASS)] and m.open_window() is None


def test_timers_off_buzzes_wait_for_every_seat_and_seat_order_decides():
    st = deal(HANDS)
    m = match(st, timers=False)
    race(m, 0, 10.0)
    m.intent(2, BUZZ, 10.1)
    m.intent(1, PASS, 10.2)
    m.tick(400.0)
    assert m.open_window() is not None
    m.intent(0, BUZZ, 401.0)
    m.tick(401.0)
    assert winners(m) == [0]


def test_an_untimed_intent_is_a_turn_move_submitted_now():
    st = deal(HANDS)
    m = match(st)
    events = m.intent(0, CLAIM_C)
    assert m.log == [(0, CLAIM_C)] and any(e.kind == "claim" for e in events)


# ------------------------------------------------------------ logs and replays
def test_a_match_played_with_intents_replays_from_its_log():
    st = deal(HANDS)
    m = claimed(st)
    m.intent(2, BUZZ, 11.0)
    m.tick(11.0)
    data = json.loads(json.dumps(m.to_json()))
    assert ["buzz"] not in [a for _, a in data["actions"]]
    st2 = deal(HANDS)
    again = Match.from_json(data, state_factory=lambda n, seed, opts: st2)
    assert again.log == m.log and [e.kind for e in again.events] == [e.kind for e in m.events]


def test_a_save_written_by_the_base_commit_still_replays():
    """``daotam_base_save.json``: a 4-seat game played to the end on the commit before
    intents (challenges, shouts and passes in its log); it replays to the same result."""
    data = json.loads(BASE_SAVE.read_text(encoding="utf-8"))
    expected = data.pop("expected")
    m = Match.from_json(data)
    try:
        kinds = {a[0] for _, a in m.log}
        assert {"challenge", "shout", "pass"} <= kinds
        assert m.is_over() and list(m.result().winners) == expected["winners"]
        assert m.result().reason == expected["reason"] and len(m.events) == expected["events"]
    finally:
        m.close()


def test_buzzes_in_a_seeded_game_never_break_the_match():
    """Every seat buzzes at random times through a whole game of AI turns: the Match
    never raises, and only challenges, shouts and passes reach the log."""
    import random
    rng = random.Random(7)
    m = Match("daotam", [Seat("human"), Seat("easy"), Seat("easy"), Seat("human")], seed=3,
              think_scale=0.2)
    now = 0.0
    while not m.is_over() and now < 3000:
        now += 0.05
        if rng.random() < 0.2:
            m.intent(rng.choice((0, 3)), BUZZ, now)
        if m.open_window() is None:
            for seat in set(m.active_seats()) & {0, 3}:
                m.intent(seat, rng.choice(m.legal_actions(seat)))
        m.tick(now)
    assert m.is_over()
    assert not any(a[0] == "buzz" for _, a in m.log)
    assert {why for why, _ in m.desk.dropped} <= {"nothing", "late", "false start", "locked out",
                                                   "not waiting", "second answer", "stale"}
    m.close()


def test_why_illegal_gives_the_rules_reason_without_applying_anything():
    st = deal(["CCTTT", "CNTTT", "CNTTT"])
    m = match(st)
    hands = [list(h) for h in st.hands]
    err = m.why_illegal(0, ("public",))
    assert err is not None and err.key == "daotam.public_needs_pair"
    assert m.why_illegal(1, CLAIM_C).key == "not_your_turn"
    assert m.why_illegal(0, CLAIM_C) is None
    assert [list(h) for h in st.hands] == hands and m.log == [] and st.phase == "turn"
