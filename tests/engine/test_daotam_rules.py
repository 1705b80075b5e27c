"""Đạo Tâm rules on explicit deals (rules §6 cases 2–7 and 25–55), applied straight to
the state; the timed windows are in test_daotam_windows.py."""

from __future__ import annotations

import pytest

from game.core import IllegalAction
from game.daotam.rules import OUT, POSSESSED, DaoTamState, check_invariants, new_game
from game.match import Match, Seat
from tests.engine.daotam_deal import CHALLENGE, PASS, SHOUT, deal, kinds, play

C1 = ("claim", ("cuong",), "cuong")
LIE = ("claim", ("ta_khi",), "cuong")


def everyone_passes(st):
    while st.phase == "challenge":
        play(st, st.waiting[0], PASS)


def claim(st, action, challenger=None):
    """The actor claims; ``challenger`` challenges, or everybody passes."""
    ev = play(st, st.turn, action)
    if challenger is None:
        while st.phase == "challenge":
            ev += play(st, st.waiting[0], PASS)
    else:
        ev += play(st, challenger, CHALLENGE)
    return ev


def race(st, winner=None):
    ev = play(st, st.turn, ("public",))
    if winner is not None:
        ev += play(st, winner, SHOUT)
    while st.phase == "race":
        ev += play(st, st.waiting[0], PASS)
    return ev


def snapshot(st):
    return repr({k: v for k, v in st.__dict__.items() if k not in ("deck", "out", "rng")}), \
        st.rng.getstate()


# ----------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [3, 4, 5])
def test_2_setup_for_3_to_5(n):
    st = new_game(n, seed=n)
    assert all(sum(h) == 5 for h in st.hands) and st.dao_tam == [3] * n
    assert st.turn == st.first and st.phase == "turn"
    assert st.round_limit == {3: 27, 4: 20, 5: 16}[n]
    assert check_invariants(st) == []


@pytest.mark.parametrize("n", [2, 6])
def test_2_two_or_six_players_are_refused(n):
    with pytest.raises(ValueError, match="3–5"):
        new_game(n)


# ----------------------------------------------------------- truth rule
@pytest.mark.parametrize("cards,call,truthful", [
    (("cuong",), "cuong", True), (("cuong", "cuong"), "cuong", True), (("nhu",), "nhu", True),
    (("cuong", "nhu"), "cuong", False), (("nhu",), "cuong", False), (("ta_khi",), "nhu", False),
    (("cuong", "ta_khi"), "cuong", False), (("nhu", "nhu"), "cuong", False),
])
def test_4_5_a_claim_is_true_only_if_every_card_is_of_the_called_kind(cards, call, truthful):
    st = deal(["CCNNT", "CNTTT", "CNTTT"])
    ev = claim(st, ("claim", cards, call), challenger=1)
    assert [e.data["truthful"] for e in ev if e.kind == "reveal"] == [truthful]


@pytest.mark.parametrize("action,reason", [
    (("claim", (), "cuong"), "1 or 2 cards"),
    (("claim", ("cuong", "nhu", "nhu"), "cuong"), "1 or 2 cards"),
    (("claim", ("cuong",), "ta_khi"), "Call"),
    (("claim", ("cuong",), "both"), "Call"),
    (("claim", ("cuong", "cuong", ), "cuong"), "do not hold"),
    (("claim", ("fire",), "cuong"), "Unknown card"),
    (("claim", ("cuong",)), "names its cards"),
    (("dance",), "hidden claim or a public play"),
])
def test_6_bad_claims_raise_with_a_reason_and_change_nothing(action, reason):
    st = deal(["CNNTT", "CNTTT", "CNTTT"])
    before = snapshot(st)
    with pytest.raises(IllegalAction, match=reason):
        st.apply(0, action)
    assert snapshot(st) == before
    with pytest.raises(IllegalAction, match="not your turn"):
        st.apply(1, C1)
    assert snapshot(st) == before


def test_7_an_all_ta_khi_hand_may_only_lie():
    st = deal(["TTTTT", "CNTTT", "CNTTT"])
    legal = st.legal_actions(0)
    assert legal and all(a[0] == "claim" and set(a[1]) == {"ta_khi"} for a in legal)
    with pytest.raises(IllegalAction):
        st.apply(0, ("public",))


# ------------------------------------------------------ hand, refill, decks
def test_25_a_hand_at_6_draws_nothing_on_refill_and_is_never_cut():
    st = deal(["CCCNNTT", "CNTTT", "CNTTT"])
    claim(st, C1)
    assert st.hands[0] == [2, 2, 2]


def test_26_hand_cap_push_redirected_all_full_discarded():
    st = deal(["", "CCCCNNNNTT", "CNTTT", "CCNNNNTTTT"], top="TT", first=0,
              status=[POSSESSED, "living", "living", "living"], dao_tam=[0, 3, 3, 3],
              ta_niem_left=[3, 0, 0, 0])
    assert st.phase == "push" and [a[1] for a in st.legal_actions(0)] == [2]
    with pytest.raises(IllegalAction, match="not full"):
        st.apply(0, ("push", 1))
    play(st, 0, ("push", 2))
    play(st, 0, ("push", 2))
    assert st.hands[2] == [1, 1, 5]
    st = deal(["", "CCCCNNNNTT", "CCCCNNNNTT"], top="TN", status=[POSSESSED, "living", "living"],
              dao_tam=[0, 3, 3], ta_niem_left=[3, 0, 0])
    assert st.turn == 1 and st.disc_up == [0, 1, 1]           # no living hand below the cap


def test_26_cap_tham_ai_extras_and_reward_at_10_are_discarded():
    st = deal(["CCNTT", "CCCCNNNNTT", "CNTTT"], top="TTT" + "C", cd_top=["an_tham"])
    claim(st, C1, challenger=2)                  # true: seat 0 draws Tham Ái
    assert st.hands[0] == [1, 1, 5]              # all three Tà Khí kept, nothing refilled
    st = deal(["CCCCNNTTTT", "CNTTT", "CNTTT"], top="TTT", cd_top=["an_tham"])
    claim(st, C1, challenger=2)
    assert st.hands[0] == [3, 2, 5] and st.disc_up == [1, 0, 2]   # 9 + 1, two over the cap
    st = deal(["CCNTT", "CCCCNNNNTT", "CNTTT"], top="N")
    claim(st, LIE, challenger=1)                  # the reward to a full hand
    assert sum(st.hands[1]) == 10 and st.disc_up == [0, 1, 0]


def test_26_tn02_draw_at_10_is_discarded():
    st = deal(["CCCCCCTTTT", "CNTTT", "CNTTT"], top="N", opened=[{"hieu_dao": "tn02"}, {}, {}])
    assert sum(st.hands[0]) == 10 and st.disc_up == [0, 1, 0]


def test_27_empty_hand_refills_then_acts_and_both_piles_empty_skips():
    st = deal(["", "CNTTT", "CNTTT"], top="CCNNT")
    assert st.hands[0] == [2, 2, 1] and st.phase == "turn" and st.turn == 0
    st = deal(["", "CNTTT", "CNTTT"], conserve=False)
    assert st.turn == 1 and any(e.kind == "skipped" for e in st._initial)


def test_28_deck_runs_out_mid_refill_discard_reshuffled_and_draws_stop_short_when_all_gone():
    st = deal(["CNTTT", "CNTTT", "CNTTT"], top="", bottom="", disc_up="C", disc_down="N",
              conserve=False)
    claim(st, ("claim", ("ta_khi",), "nhu"))
    assert sum(st.hands[0]) == 5 and st.stats["reshuffles"] == 1   # T back + C,N,T from reshuffle
    st = deal(["CNTTT", "CNTTT", "CNTTT"], bottom="", conserve=False)
    claim(st, C1)
    assert sum(st.hands[0]) == 5 and st.stats["reshuffles"] == 1   # its own face-down C back
    st = deal(["CNTTT", "CNTTT", "CNTTT"], bottom="", conserve=False)
    claim(st, LIE, challenger=1)
    assert sum(st.hands[1]) == 5 and st.turn == 1   # the reward found no card: stops short


def test_29_chinh_dao_deck_reshuffles_its_discard_and_a_draw_from_nothing_is_a_no_op():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_bottom=[], disc_cd=["tinh_tam"], conserve=False)
    claim(st, C1, challenger=1)
    assert st.shield[0] == "tinh_tam"
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_bottom=[], conserve=False)
    ev = claim(st, C1, challenger=1)
    assert "cd_skipped" in kinds(ev) and st.turn == 1


# -------------------------------------------------------- Chính Đạo resolution
def test_30_a_new_power_is_live_for_later_events_only():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tn05", "tinh_tam"])
    claim(st, C1, challenger=1)                  # tn05 drawn by this challenge: no extra card
    assert st.opened[0] == {"hanh_dao": "tn05"} and st.stats["chinh_dao"] == 1
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tn06"])
    claim(st, C1, challenger=1)
    assert sum(st.hands[0]) == 6                 # the refill right after already goes to 6


def test_31_a_second_card_of_an_opened_stage_is_discarded():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tn06"], opened=[{"hoc_dao": "tn04"}, {}, {}])
    claim(st, C1, challenger=1)
    assert st.opened[0] == {"hoc_dao": "tn04"} and "tn06" in st.disc_cd and sum(st.hands[0]) == 5


def test_32_khai_sang_during_own_turn_before_the_refill():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tn06"],
              opened=[{"hieu_dao": "tn02", "hanh_dao": "tn07"}, {}, {}])
    ev = claim(st, C1, challenger=1)
    assert st.result().reason == "khai_sang" and st.result().winners == (0,)
    assert sum(st.hands[0]) == 4 and "draw" not in kinds(ev)[kinds(ev).index("win"):]


def test_32_43_khai_sang_through_tn03_in_the_middle_of_a_push_sequence():
    st = deal(["", "CNTTT", "CNTTT"], top="TT", cd_top=["tn04", "tinh_tam"],
              status=[POSSESSED, "living", "living"], dao_tam=[0, 3, 3], ta_niem_left=[3, 0, 0],
              opened=[{}, {"hieu_dao": "tn03", "hanh_dao": "tn07"}, {}])
    play(st, 0, ("push", 1))
    assert st.is_over() and st.result().winners == (1,) and st.result().reason == "khai_sang"
    assert st.table == [0, 0, 1]                 # the second Tà Khí was never placed


def test_43_two_pushes_to_a_tn03_holder_draw_two_chinh_dao_in_order():
    st = deal(["", "CNTTT", "CNTTT"], top="TT", cd_top=["tinh_tam", "tn06"],
              status=[POSSESSED, "living", "living"], dao_tam=[0, 3, 3], ta_niem_left=[3, 0, 0],
              opened=[{}, {"hieu_dao": "tn03"}, {}])
    play(st, 0, ("push", 1))
    assert st.shield[1] == "tinh_tam"
    play(st, 0, ("push", 1))
    assert st.opened[1] == {"hieu_dao": "tn03", "hoc_dao": "tn06"} and st.turn == 1


def test_33_tinh_tam_heals_keeps_one_shield_and_discards_a_second():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tinh_tam"], dao_tam=[2, 3, 3])
    claim(st, C1, challenger=1)
    assert st.dao_tam[0] == 3 and st.shield[0] is None
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tinh_tam", "tn05"], shield=["tinh_tam", None, None])
    claim(st, C1, challenger=1)
    assert st.shield[0] == "tinh_tam" and st.disc_cd.count("tinh_tam") == 1


@pytest.mark.parametrize("how", ["caught", "wrong_challenge", "an_san"])
def test_34_a_shield_stops_the_next_loss_from_any_source_and_tn10_stays_quiet(how):
    opened = [{"hoc_dao": "tn10"}, {"hoc_dao": "tn10"} if how == "wrong_challenge" else {}, {}]
    if how == "wrong_challenge":
        opened[0] = {}
    shield = ["tinh_tam", "tinh_tam", None]
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["an_san"] if how == "an_san" else [],
              opened=opened, shield=shield)
    if how == "caught":
        ev = claim(st, LIE, challenger=1)
        loser = 0
    elif how == "wrong_challenge":
        ev = claim(st, C1, challenger=1)
        loser = 1
    else:
        ev = claim(st, C1, challenger=2)          # seat 2 loses; seat 0 draws Sân Hận
        loser = 0
    assert st.dao_tam[loser] == 3 and st.shield[loser] is None
    assert "shield_used" in kinds(ev) and "ask" not in kinds(ev) and st.phase == "turn"


def test_35_tham_ai_reveal_reshuffles_when_the_deck_runs_out():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], top="T", bottom="T", cd_top=["an_tham"],
              disc_up="CT", conserve=False)
    claim(st, C1, challenger=1)
    assert st.stats["reshuffles"] == 1


def test_36_san_han_on_the_last_dao_tam_ends_the_own_turn_without_refill():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["an_san"], dao_tam=[1, 3, 3])
    ev = claim(st, C1, challenger=1)
    assert st.status[0] == POSSESSED and st.turn == 1
    assert "draw" not in kinds(ev)[kinds(ev).index("nhap_ma"):]


def test_37_si_me_shows_the_hand_until_the_end_of_the_next_own_turn():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["an_si"])
    claim(st, C1, challenger=1)
    assert st.view(2).revealed_hands[0] == tuple(st.hands[0])
    claim(st, LIE)                               # seat 1
    claim(st, LIE)                               # seat 2
    assert st.view(1).revealed_hands[0] is not None
    claim(st, ("claim", ("ta_khi",), "nhu"))      # seat 0's next own turn ends
    assert st.view(1).revealed_hands[0] is None
    # a skipped turn (Ngã Mạn) still counts as that next turn (R10.3, FILL-17)
    st = deal(["CNTTT", "CNTTT", "CNTTT"], si_me=[1, 0, 0], skip=[True, False, False])
    assert st.turn == 1 and st.view(2).revealed_hands[0] is None


def test_37_si_me_is_cleared_on_nhap_ma():
    st2 = deal(["CCNTT", "CNTTT", "CNTTT"], dao_tam=[1, 3, 3])
    st2.si_me[0] = 1
    claim(st2, LIE, challenger=1)
    assert st2.status[0] == POSSESSED and st2.view(1).revealed_hands[0] is None


def test_38_nga_man_skips_the_next_turn_and_is_cancelled_by_nhap_ma():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["an_man"])
    claim(st, C1, challenger=1)
    assert st.skip[0]
    claim(st, LIE)
    claim(st, LIE)
    assert st.turn == 1 and not st.skip[0] and sum(st.hands[0]) == 5
    st = deal(["CCNTT", "CNTTT", "CNTTT"], dao_tam=[1, 3, 3], skip=[True, False, False], first=1)
    play(st, 1, C1)
    play(st, 0, CHALLENGE)                         # wrong: seat 0 falls before its turn
    assert st.status[0] == POSSESSED and not st.skip[0]


def test_39_tn08_negates_and_redraws_until_a_card_that_is_not_an_ao_niem():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["an_san", "an_man", "tinh_tam"],
              opened=[{"hieu_dao": "tn08"}, {}, {}])
    claim(st, C1, challenger=1)
    assert st.dao_tam[0] == 3 and not st.skip[0] and st.shield[0] == "tinh_tam"
    assert st.disc_cd[:2] == ["an_san", "an_man"]
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["an_san"], cd_bottom=["an_man"],
              opened=[{"hieu_dao": "tn08"}, {}, {}], conserve=False)
    ev = claim(st, C1, challenger=1)
    assert kinds(ev).count("chinh_dao") == 1 and "cd_skipped" in kinds(ev) and st.turn == 1


# ------------------------------------------------------------------ Nhập Ma
def test_40_the_third_loss_discards_everything_and_clears_flags():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], dao_tam=[3, 3, 1], first=0,
              opened=[{}, {}, {"hoc_dao": "tn06"}], skip=[False, False, True])
    claim(st, C1, challenger=2)
    assert st.status[2] == POSSESSED and st.hands[2] == [0, 0, 0] and st.opened[2] == {}
    assert "tn06" in st.disc_cd and not st.skip[2]
    assert st.legal_actions(2) == []


def test_41_nhap_ma_turns_spend_push_discard_and_the_third_puts_the_seat_out():
    st = deal(["", "CNTTT", "CNTTT"], top="TC" + "C" + "NN" + "CC" + "TT", status=[POSSESSED, "living", "living"],
              dao_tam=[0, 3, 3], ta_niem_left=[3, 0, 0])
    assert st.ta_niem_left[0] == 2 and st.phase == "push"
    play(st, 0, ("push", 2))
    assert st.hands[2][2] == 4 and st.disc_up == [1, 0, 0]
    claim(st, LIE)
    claim(st, LIE)                                 # seat 0 again: N N, nothing to push
    assert st.ta_niem_left[0] == 1 and st.turn == 1
    claim(st, LIE)
    claim(st, LIE)
    play(st, 0, ("push", 1))
    play(st, 0, ("push", 2))
    assert st.status[0] == OUT and st.turn == 1
    claim(st, LIE)
    claim(st, LIE)
    assert st.turn == 1                            # seat 0 is skipped


def test_42_nhap_ma_turn_with_nearly_no_cards_still_spends():
    st = deal(["", "CNTTT", "CNTTT"], top="C", bottom="", status=[POSSESSED, "living", "living"],
              dao_tam=[0, 3, 3], ta_niem_left=[3, 0, 0], conserve=False)
    assert st.ta_niem_left[0] == 2 and st.turn == 1


def test_44_a_possessed_player_cannot_be_healed():
    st = deal(["CCNTT", "CNTTT", ""], status=["living", "living", POSSESSED], dao_tam=[3, 3, 0],
              ta_niem_left=[0, 0, 2])
    st.heal(2, 1, "tinh_tam")
    assert st.dao_tam[2] == 0


# ---------------------------------------------------------------- winning
def test_45_tru_vung_the_moment_the_second_to_last_living_player_falls():
    st = deal(["CCNTT", "CNTTT", "", ""], status=["living", "living", POSSESSED, POSSESSED],
              dao_tam=[3, 1, 0, 0], ta_niem_left=[0, 0, 3, 3])
    claim(st, LIE, challenger=1)
    assert not st.is_over()
    st = deal(["CCNTT", "CNTTT", "", ""], status=["living", "living", POSSESSED, POSSESSED],
              dao_tam=[1, 3, 0, 0], ta_niem_left=[0, 0, 3, 3])
    claim(st, LIE, challenger=1)
    assert st.result().winners == (1,) and st.result().reason == "tru_vung"
    assert sum(st.hands[1]) == 5                    # the game ended before the reward


def test_46_the_first_satisfied_condition_ends_the_game_and_is_recorded():
    st = deal(["CCNTT", "CNTTT", ""], status=["living", "living", POSSESSED], dao_tam=[3, 1, 0],
              ta_niem_left=[0, 0, 3], cd_top=["tn06"], opened=[{"hieu_dao": "tn02", "hanh_dao": "tn07"}, {}, {}])
    claim(st, C1, challenger=1)                    # Trụ Vững comes before the Khai Sáng draw
    assert st.result().reason == "tru_vung" and "tn06" in st.deck_cd


def limit_state(**kw):
    return deal(["CNTTT", "CNTTT", "CNTTT"], round=27, **kw)


def test_47_round_limit_tie_break_stages_then_dao_tam_then_fewest_ta_khi():
    st = deal(["CNTTT", "CCNNT", "CNNTT"], round=27, first=0, opened=[{"hoc_dao": "tn04"}, {}, {}])
    for _ in range(3):
        claim(st, LIE if st.hands[st.turn][2] else C1)
    assert st.result().reason == "round_limit" and st.result().winners == (0,)
    st = deal(["CNTTT", "CCNNT", "CNNTT"], round=27, dao_tam=[2, 3, 3])
    for _ in range(3):
        claim(st, LIE)
    assert st.result().winners == (1,)             # 3 Đạo Tâm and the fewest Tà Khí
    st = deal(["CNTTT", "CNTTT", ""], round=27, status=["living", "living", POSSESSED],
              dao_tam=[3, 3, 0], ta_niem_left=[0, 0, 3], top="TT" * 3, bottom="C" * 20,
              conserve=False)
    claim(st, C1)
    claim(st, C1)
    play(st, 2, ("push", 0)) if st.phase == "push" else None
    while not st.is_over():
        play(st, st.turn, st.legal_actions(st.turn)[0]) if st.phase == "push" else claim(st, C1)
    assert 2 not in st.result().winners


def test_47_a_full_tie_is_a_shared_win():
    st = deal(["CNTTT", "CNTTT", "CNTTT"], round=27, top="T" * 6)
    for _ in range(3):
        claim(st, LIE)
    assert st.result().winners == (0, 1, 2) and st.result().scores == (1, 1, 1)


def test_48_rounds_advance_when_the_first_seat_is_out():
    st = deal(["", "CNTTT", "CNTTT"], status=[OUT, "living", "living"], dao_tam=[0, 3, 3], first=1)
    st.first = 0                                   # Môn Sinh #1's seat is out
    assert st.round == 1
    claim(st, LIE)
    claim(st, LIE)
    assert st.round == 2 and st.turn == 1


# --------------------------------------------------------------- powers
def test_49_tn10_optional_cycle_only_when_still_living():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], top="C", opened=[{}, {"hoc_dao": "tn10"}, {}])
    claim(st, C1, challenger=1)
    assert st.phase == "option" and st.active_seats() == (1,)
    play(st, 1, ("use",))
    assert st.hands[1] == [2, 1, 2]
    st = deal(["CCNTT", "CNTTT", "CNTTT"], opened=[{}, {"hoc_dao": "tn10"}, {}])
    claim(st, C1, challenger=1)
    play(st, 1, ("decline",))
    assert st.hands[1] == [1, 1, 3] and st.turn == 1
    st = deal(["CCNTT", "CNTTT", "CNTTT"], dao_tam=[3, 1, 3], opened=[{}, {"hoc_dao": "tn10"}, {}])
    claim(st, C1, challenger=1)
    assert st.status[1] == POSSESSED and st.phase != "option"


def test_50_tn04_and_tn09_together_discard_and_tn09_alone_rewards_chinh_dao():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tinh_tam"],
              opened=[{"hoc_dao": "tn04"}, {"hanh_dao": "tn09"}, {}])
    claim(st, LIE, challenger=1)
    assert sum(st.hands[0]) == 5 and st.dao_tam[0] == 2
    assert st.disc_up[2] == 1 and st.shield[1] == "tinh_tam" and sum(st.hands[1]) == 5
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tinh_tam"], opened=[{}, {"hanh_dao": "tn09"}, {}])
    claim(st, LIE, challenger=1)
    assert st.disc_up[2] == 1 and st.shield[1] == "tinh_tam" and sum(st.hands[1]) == 5


def test_51_tn06_refill_to_6_after_a_caught_lie():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], top="C", opened=[{"hoc_dao": "tn06"}, {}, {}])
    claim(st, LIE, challenger=1)
    assert sum(st.hands[0]) == 6


def test_52_tn02_draws_before_the_action_only_without_a_public_play():
    st = deal(["CCTTT", "CNTTT", "CNTTT"], top="N", opened=[{"hieu_dao": "tn02"}, {}, {}])
    assert st.hands[0] == [2, 1, 3] and ("public",) in st.legal_actions(0)
    st = deal(["CNTTT", "CNTTT", "CNTTT"], top="N", opened=[{"hieu_dao": "tn02"}, {}, {}])
    assert st.hands[0] == [1, 1, 3]


def test_53_tn07_only_after_a_true_unchallenged_claim_and_the_ta_khi_shows():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], opened=[{"hanh_dao": "tn07"}, {}, {}])
    claim(st, LIE)
    assert st.phase == "turn" and st.turn == 1 and st.disc_up == [0, 0, 0]
    st = deal(["CCNTT", "CNTTT", "CNTTT"], opened=[{"hanh_dao": "tn07"}, {}, {}])
    claim(st, C1)
    assert st.phase == "option"
    play(st, 0, ("use",))
    assert st.disc_up == [0, 0, 1] and ("ct", "ta_khi") in st.reveal_log


def test_54_tn05_gives_exactly_two_chinh_dao_standard_first():
    st = deal(["CCNTT", "CNTTT", "CNTTT"], cd_top=["tn06", "tinh_tam", "tn04"],
              opened=[{"hanh_dao": "tn05"}, {}, {}])
    ev = claim(st, C1, challenger=1)
    assert [e.data["why"] for e in ev if e.kind == "chinh_dao"] == ["true_claim", "tn05"]
    assert st.opened[0]["hoc_dao"] == "tn06" and st.shield[0] == "tinh_tam"


# ------------------------------------------------------------ determinism
def test_55_same_seed_and_actions_give_the_same_event_stream():
    def run(seed):
        m = Match("daotam", [Seat("random") for _ in range(4)], seed=seed, think_scale=0.0)
        t = 0.0
        while not m.is_over() and t < 5000:
            m.tick(t)
            t += 0.05
        return m
    a = run(3)
    b = Match("daotam", [Seat("human") for _ in range(4)], seed=3)
    for seat, action in a.log:
        b.submit(seat, action)
    assert [tuple(e) for e in a.events] == [tuple(e) for e in b.events] and b.is_over()
    assert a.log == run(3).log


def test_illegal_answers_in_other_phases_change_nothing():
    st = deal(["CCNTT", "CNTTT", "CNTTT"])
    play(st, 0, C1)
    before = snapshot(st)
    for seat, action in [(1, SHOUT), (1, ("push", 2)), (0, CHALLENGE), (1, ("claim",))]:
        with pytest.raises(IllegalAction):
            st.apply(seat, action)
        assert snapshot(st) == before


def test_clone_is_independent():
    st = new_game(4, seed=9)
    c = st.clone()
    seat = st.turn
    st.apply(seat, st.legal_actions(seat)[0])
    assert c.phase == "turn" and snapshot(c) != snapshot(st)
    assert isinstance(c, DaoTamState) and check_invariants(c) == []


def test_r15_each_view_shows_only_its_own_hand_and_the_public_facts():
    st = deal(["CCNTT", "CNTTT", "NNTTT"])
    play(st, 0, C1)
    v1, v0, pub = st.view(1), st.view(0), st.view(None)
    assert v1.hand == (1, 1, 3) and v0.hand == (1, 1, 2) and pub.hand is None
    assert v1.claim == (0, 1, "cuong") and v1.claim_cards is None
    assert v0.claim_cards == ("cuong",)
    assert v1.revealed_hands == (None, None, None) and v1.hand_sizes == (4, 5, 5)
    assert "(1, 1, 2)" not in repr(v1) and "(0, 2, 3)" not in repr(v1)   # nobody else's hand
    private = [e for e in st.apply(1, PASS) + st.apply(2, PASS) if e.to is not None]
    assert all(e.to == 0 for e in private)          # only the actor's own refill


def test_r2_3_rematch_first_player_sits_after_the_winner():
    from game.core import Result
    from game.daotam.rules import rematch_first
    assert rematch_first(Result((2,), (0, 0, 1, 0)), 0, 4) == 3
    assert rematch_first(Result((3,), (0, 0, 0, 1)), 1, 4) == 0
    assert rematch_first(Result((0, 2), (1, 0, 1, 0)), 1, 4) == 3   # 2 comes first after 1
    st = new_game(3, seed=1, options={"first": 2})
    assert st.first == 2 and st.turn == 2
