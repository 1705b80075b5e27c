"""Đạo Tâm's two reaction windows through the Match on a fake clock (rules §6 cases
8–24): the Phản Đòn window (R6, 3.0 s) and the shout race (R7.2, 2.0 s)."""

from __future__ import annotations

import pytest

from game.daotam.rules import POSSESSED
from tests.engine.daotam_deal import CHALLENGE, PASS, SHOUT, deal, kinds, match, ok

CLAIM_C = ("claim", ("cuong",), "cuong")


def claimed(st, action=CLAIM_C, at=10.0, seat=0, timers=None):
    m = match(st, timers=timers)
    m.submit(seat, action)
    m.tick(at)
    assert m.open_window() is not None and m.open_window().opened_at == at
    return m


# ------------------------------------------------------------ Phản Đòn window
def test_8_no_challenge_discards_face_down_unrevealed_and_refills_to_5():
    st = deal(["CNTTT", "CCNNT", "CCNNT"], top="NNNN")
    m = claimed(st, ("claim", ("ta_khi", "ta_khi"), "nhu"))
    m.press(1, PASS, 10.5)
    m.press(2, PASS, 10.7)
    m.tick(10.8)                                    # all passed: closed early
    assert m.open_window() is None and st.turn == 1
    assert st.disc_down == [0, 0, 2] and st.disc_up == [0, 0, 0]
    assert not any(e[0] == "ct" and e[1] == "ta_khi" for e in st.reveal_log)
    assert st.hands[0] == [1, 3, 1] and st.stats["chinh_dao"] == 0
    assert not any(e.kind == "reveal" for e in m.events)
    ok(st)


def test_9_lie_caught_cards_back_to_hand_liar_loses_challenger_draws():
    st = deal(["CCTTT", "CNNTT", "CNNTT"], top="N")
    m = claimed(st, ("claim", ("ta_khi",), "cuong"))
    m.press(2, CHALLENGE, 11.0)
    m.tick(11.0)
    assert st.hands[0] == [2, 0, 3]                 # the Tà Khí came back: 5, nothing drawn
    assert st.dao_tam[0] == 2 and st.dao_tam[2] == 3
    assert st.hands[2] == [1, 3, 2]                 # 5 + the reward (a Nhu): 6
    assert [e.data["truthful"] for e in m.events if e.kind == "reveal"] == [False]
    assert st.turn == 1
    ok(st)


def test_10_true_claim_challenged_chinh_dao_before_refill_with_tham_ai():
    st = deal(["CCNTT", "CNNTT", "CNNTT"], top="TNC" + "CCCC", cd_top=["an_tham"])
    m = claimed(st, ("claim", ("cuong", "cuong"), "cuong"))
    m.press(1, CHALLENGE, 10.2)
    m.tick(10.2)
    ev = kinds(m.events)
    assert ev.index("lose") < ev.index("chinh_dao") < ev.index("reveal_top") < ev.index("draw")
    assert st.dao_tam[1] == 2
    # Tham Ái reveals T, N, C: the Tà Khí joins the hand (3 cards + 1), then refill to 5
    assert st.hands[0] == [1, 1, 3]                 # N T T + Tham Ái's T, then refill: C
    assert st.disc_up == [3, 1, 0]                  # 2 revealed Cương + Tham Ái's N and C
    ok(st)


@pytest.mark.parametrize("actor,winner", [(0, 1), (1, 2), (2, 0)])
def test_11_same_tick_challenges_go_to_the_nearest_clockwise_and_later_ones_are_ignored(actor, winner):
    st = deal(["CNTTT", "CNTTT", "CNTTT"], first=actor)
    m = claimed(st, ("claim", ("ta_khi",), "cuong"), seat=actor)
    others = [s for s in (2, 1, 0) if s != actor]
    for s in others:
        m.press(s, CHALLENGE, 11.0)
    m.tick(11.0)
    assert [e.seat for e in m.events if e.kind == "challenge"] == [winner]
    assert st.stats["challenges"] == 1


def test_12_window_edges_before_open_and_after_3s_are_ignored_just_after_open_counts():
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = match(st)
    m.submit(0, ("claim", ("ta_khi",), "cuong"))
    m.press(1, CHALLENGE, 9.9)                      # held from before the window opened
    m.tick(10.0)
    m.tick(10.0)
    assert st.stats["challenges"] == 0 and m.open_window() is not None
    m.press(2, CHALLENGE, 13.0 + 1e-6)              # after 3.0 s
    m.tick(13.1)
    assert st.stats["challenges"] == 0 and st.turn == 1
    st2 = deal(["CNTTT", "CNTTT", "CNTTT"])
    m2 = claimed(st2, ("claim", ("ta_khi",), "cuong"))
    m2.press(2, CHALLENGE, 10.0 + 1e-6)
    m2.tick(10.01)
    assert st2.stats["challenges"] == 1


def test_13_possessed_players_and_the_actor_cannot_challenge():
    st = deal(["CNTTT", "CNTTT", "", "CNTTT"], status=["living", "living", POSSESSED, "living"],
              dao_tam=[3, 3, 0, 3], ta_niem_left=[0, 0, 2, 0])
    m = claimed(st, ("claim", ("ta_khi",), "cuong"))
    assert m.open_window().window.seats == (1, 3)
    assert st.legal_actions(0) == [] and st.legal_actions(2) == []
    m.press(2, CHALLENGE, 10.1)
    m.press(0, CHALLENGE, 10.1)
    m.tick(10.2)
    assert st.stats["challenges"] == 0


def test_14_early_close_only_when_all_passed_and_timers_off_waits_for_everyone():
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = claimed(st, ("claim", ("ta_khi",), "cuong"))
    m.press(1, PASS, 10.1)
    m.tick(12.9)
    assert m.open_window() is not None             # seat 2 has not passed
    m.tick(13.0)
    assert m.open_window() is None and st.turn == 1
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = claimed(st, ("claim", ("ta_khi",), "cuong"), timers=False)
    m.press(1, PASS, 10.1)
    m.tick(500.0)
    assert m.open_window() is not None and st.turn == 0
    m.press(2, CHALLENGE, 600.0)
    m.tick(600.0)
    assert st.stats["challenges"] == 1


def test_15_caught_liar_on_the_last_dao_tam_falls_hand_discarded_reward_still_paid():
    st = deal(["CCNTT", "CNNTT", "CNNTT"], top="C", dao_tam=[1, 3, 3])
    m = claimed(st, ("claim", ("ta_khi",), "cuong"))
    m.press(1, CHALLENGE, 10.5)
    m.tick(10.5)
    assert st.status[0] == POSSESSED and st.hands[0] == [0, 0, 0]
    assert st.disc_down == [2, 1, 2]               # the taken-back Tà Khí went with the hand
    assert st.hands[1] == [2, 2, 2]                # the reward
    assert st.turn == 1 and not st.is_over()
    ok(st)


def test_16_wrong_challenger_falls_actor_wins_tru_vung_without_the_chinh_dao_draw():
    st = deal(["CCNTT", "CNNTT", "", ""], status=["living", "living", POSSESSED, POSSESSED],
              dao_tam=[3, 1, 0, 0], ta_niem_left=[0, 0, 2, 2])
    m = claimed(st, CLAIM_C)
    m.press(1, CHALLENGE, 10.5)
    m.tick(10.5)
    assert st.is_over() and st.result().winners == (0,) and st.result().reason == "tru_vung"
    assert st.stats["chinh_dao"] == 0


# ------------------------------------------------------------------ shout race
def raced(st, at=10.0, timers=None):
    m = match(st, timers=timers)
    m.submit(0, ("public",))
    m.tick(at)
    assert m.open_window().window.kind == "race"
    return m


@pytest.mark.parametrize("hand", ["CCTTT", "TTTTN", "NNTTT"])
def test_17_public_play_needs_one_cuong_and_one_nhu(hand):
    st = deal([hand, "CNTTT", "CNTTT"])
    assert ("public",) not in st.legal_actions(0)
    with pytest.raises(Exception, match="Cương and one Nhu"):
        st.apply(0, ("public",))
    with pytest.raises(Exception, match="exactly one Cương and one Nhu"):
        st.apply(0, ("public", "cuong", "cuong"))


def test_18_actor_shouts_first_draws_chinh_dao_then_refills():
    st = deal(["CNTTT", "CNTTT", "CNTTT"], cd_top=["tinh_tam"])
    m = raced(st)
    m.press(0, SHOUT, 10.3)
    m.press(1, SHOUT, 10.4)
    m.tick(10.5)
    ev = kinds(m.events)
    assert ev.index("chinh_dao") < ev.index("draw")
    assert st.shield[0] == "tinh_tam" and sum(st.hands[0]) == 5


def test_19_stealer_draws_the_chinh_dao_and_can_win_khai_sang_off_turn():
    st = deal(["CNTTT", "CNTTT", "CNTTT"], cd_top=["tn07"],
              opened=[{}, {}, {"hoc_dao": "tn04", "hieu_dao": "tn02"}])
    m = raced(st)
    m.press(2, SHOUT, 10.2)
    m.press(0, SHOUT, 10.3)
    m.tick(10.5)
    assert st.is_over() and st.result().winners == (2,) and st.result().reason == "khai_sang"
    st = deal(["CNTTT", "CNTTT", "CNTTT"], cd_top=["tn07"])
    m = raced(st)
    m.press(1, SHOUT, 10.2)
    m.tick(10.5)
    assert st.opened[1] == {"hanh_dao": "tn07"} and st.opened[0] == {} and sum(st.hands[0]) == 5


def test_20_nobody_shouts_in_2s_nobody_draws():
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = raced(st)
    m.tick(11.99)
    assert m.open_window() is not None
    m.tick(12.0)
    assert st.stats["chinh_dao"] == 0 and st.turn == 1 and sum(st.hands[0]) == 5


@pytest.mark.parametrize("early,locked", [(1.0, True), (0.5, True), (1.1, False)])
def test_21_false_start_within_1s_bars_the_race(early, locked):
    st = deal(["CNTTT", "CNTTT", "CNTTT"], cd_top=["tinh_tam"])
    m = match(st)
    m.press(1, SHOUT, 10.0 - early)                 # nothing open: a false start
    m.tick(10.0 - early)
    m.submit(0, ("public",))
    m.tick(10.0)
    m.press(1, SHOUT, 10.1)
    m.press(0, SHOUT, 10.6)
    m.tick(10.7)
    winner = [e.data["winner"] for e in m.events if e.kind == "race_won"]
    assert winner == ([0] if locked else [1])


def test_22_same_tick_tie_between_actor_and_another_goes_to_the_actor():
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = raced(st)
    m.press(2, SHOUT, 10.4)
    m.press(1, SHOUT, 10.4)
    m.press(0, SHOUT, 10.4)
    m.tick(10.4)
    assert [e.data["winner"] for e in m.events if e.kind == "race_won"] == [0]


def test_23_possessed_players_shouts_are_ignored():
    st = deal(["CNTTT", "CNTTT", ""], status=["living", "living", POSSESSED],
              dao_tam=[3, 3, 0], ta_niem_left=[0, 0, 3])
    m = raced(st)
    assert m.open_window().window.seats == (0, 1)
    m.press(2, SHOUT, 10.1)
    m.press(1, SHOUT, 10.5)
    m.tick(10.6)
    assert [e.data["winner"] for e in m.events if e.kind == "race_won"] == [1]


def test_24_tn01_only_the_actors_shout_counts_and_it_must_come_in_time():
    st = deal(["CNTTT", "CNTTT", "CNTTT"], opened=[{"hanh_dao": "tn01"}, {}, {}])
    m = raced(st)
    assert m.open_window().window.seats == (0,)
    m.press(1, SHOUT, 10.1)
    m.tick(11.99)
    assert st.stats["stolen"] == 0 and m.open_window() is not None
    m.tick(12.0)
    assert [e.data["winner"] for e in m.events if e.kind == "race_won"] == [None]
    st = deal(["CNTTT", "CNTTT", "CNTTT"], opened=[{"hanh_dao": "tn01"}, {}, {}])
    m = raced(st)
    m.press(1, SHOUT, 10.1)
    m.press(0, SHOUT, 11.5)
    m.tick(11.6)
    assert [e.data["winner"] for e in m.events if e.kind == "race_won"] == [0]


def test_timers_off_race_waits_for_every_seat_and_seat_order_decides():
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = raced(st, timers=False)
    m.press(2, SHOUT, 10.1)
    m.press(1, PASS, 10.2)
    m.tick(400.0)
    assert m.open_window() is not None             # the actor has not answered
    m.press(0, SHOUT, 401.0)
    m.tick(401.0)
    assert [e.data["winner"] for e in m.events if e.kind == "race_won"] == [0]


def test_a_possessed_ai_seat_pushes_through_the_match():
    st = deal(["", "CNTTT", "CNTTT"], top="TT", status=[POSSESSED, "living", "living"],
              dao_tam=[0, 3, 3], ta_niem_left=[3, 0, 0])
    from game.match import Seat
    m = match(st, seats=[Seat("normal"), Seat("human"), Seat("human")])
    m.think_scale = 0.0
    m.tick(1.0)
    assert [a[0] for _, a in m.log] == ["push", "push"]
    assert st.turn == 1 and sum(st.hands[1]) + sum(st.hands[2]) == 12
    ok(st)


@pytest.mark.parametrize("presser,winner", [(2, 1), (1, 2)])
def test_21b_a_shout_during_the_challenge_window_is_a_false_start(presser, winner):
    """R7.2: shouting while no race is open is a false start, also while a Phản Đòn
    window is open (it is not a race); the race that opens within 1.0 s bars the shouter."""
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = claimed(st, ("claim", ("cuong",), "cuong"))
    m.press(presser, SHOUT, 12.5)                   # a shout, but only Phản Đòn is open
    m.press(1, PASS, 12.6)
    m.press(2, PASS, 12.6)
    m.tick(12.6)
    assert m.open_window() is None and st.turn == 1
    assert m.desk.false_starts.get(presser) == 12.5
    m.submit(1, ("public",))
    m.tick(13.0)                                    # the race opens 0.5 s after the shout
    m.press(presser, SHOUT, 13.1)                   # barred
    m.press(winner, SHOUT, 13.5)
    m.tick(13.6)
    assert [e.data["winner"] for e in m.events if e.kind == "race_won"] == [winner]


def test_21c_a_shout_just_after_an_early_closed_challenge_window_is_a_false_start():
    st = deal(["CNTTT", "CNTTT", "CNTTT"])
    m = claimed(st, ("claim", ("cuong",), "cuong"))
    m.press(1, PASS, 10.5)
    m.press(2, PASS, 10.5)
    m.tick(10.5)                                    # closed early; 3.0 s would end at 13.0
    m.press(2, SHOUT, 11.0)
    m.tick(11.0)
    assert m.desk.false_starts.get(2) == 11.0
