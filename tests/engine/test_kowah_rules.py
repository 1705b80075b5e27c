"""Kowah scenario tests: every edge case of shared/rules/kowah.md §5 (except the pure
recognition cases, in test_kowah_checki.py, and the fuzz test, in test_kowah_conformance.py).

Seats are numbered in the direction of play (clockwise): 0 bottom, 1 left, 2 right.
"""

from __future__ import annotations

import pytest

from game.core import IllegalAction
from game.kowah.checki import is_complete
from game.kowah.deck import build_deck, default_deck
from game.kowah.rules import KowahState, check_invariants, new_game
from tests.engine.snapshots import state_fields

D = default_deck()
P = D.parse

# Three hands that use each card at most twice, so scenarios can add copies freely.
READY = "7C 7S 7M 9C 9C 9S 2C 2C"          # checki, waits on 2C
JUNK1 = "1C 1S 3M 4C 4S 6M 8C 8S"
JUNK2 = "1M 3C 3S 4M 6C 6S 8M RF"
FILL = "5C 5S 5M OT WF 5C 5S 5M OT WF 1C 1S 1M 3C 3S 3M"     # harmless stock filler


def deal(hands=(READY, JUNK1, JUNK2), stock=FILL, **kw) -> KowahState:
    st = KowahState.from_deal(list(hands), stock, **kw)
    assert check_invariants(st, True) == []
    return st


def act(st: KowahState, seat: int, *action) -> list:
    events = st.apply(seat, tuple(action))
    assert check_invariants(st, True) == []
    return events


snapshot = state_fields


def refused(st: KowahState, seat: int, action: tuple, key: str) -> IllegalAction:
    before = snapshot(st)
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, action)
    assert err.value.key == key, str(err.value)
    assert str(err.value)                       # a sentence a player can read
    assert snapshot(st) == before               # nothing changed
    return err.value


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def win_event(events):
    return next(e for e in events if e.kind == "win")


# ----------------------------------------------------------------- deck and deal (1–2)
def test_deck_has_120_cards_thirty_identities_four_each():          # edge case 1
    deck = build_deck()
    assert len(deck) == 120
    assert len(set(deck)) == 30
    assert all(deck.count(c) == 4 for c in set(deck))
    names = {D.card_name(c, "en") for c in deck}
    for removed in ("White Snake", "Green Snake", "Monk"):
        assert removed not in names
    assert {e.id for e in D.excluded} == {"white_snake", "green_snake", "monk"}
    assert sum(e.copies for e in D.excluded) == 12


def test_deal_sizes_and_random_first_player():                      # edge case 2
    firsts = set()
    for seed in range(30):
        st = new_game(3, seed)
        assert [len(h) for h in st.hands] == [8, 8, 8]
        assert len(st.stock) == 96 and st.discards == []
        assert st.turn == st.first
        firsts.add(st.first)
        assert new_game(3, seed).first == st.first          # seeded
        assert check_invariants(st, True) == []
    assert firsts == {0, 1, 2}


def test_deal_is_two_at_a_time_clockwise_from_the_first_player():
    st = new_game(3, 4)
    seats = [s for s, n in st.packets]
    assert all(n == 2 for _, n in st.packets) and len(seats) == 12
    assert seats[:3] == [st.first, (st.first + 1) % 3, (st.first + 2) % 3]
    assert seats == seats[:3] * 4


def test_turns_go_clockwise():                                       # edge case 2
    st = new_game(3, 7)
    order = [st.turn]
    while len(order) < 10:
        seat = st.turn
        act(st, seat, "draw")
        act(st, seat, *st.legal_actions(seat)[0])
        if st.phase == "declare":
            act(st, seat, "pass")
        order.append(st.turn)
    assert all(b == (a + 1) % 3 for a, b in zip(order, order[1:], strict=False))
    assert D.direction == "clockwise"


def test_wrong_seat_count_and_bad_options():
    with pytest.raises(ValueError):
        new_game(4, 0)
    with pytest.raises(ValueError):
        new_game(3, 0, {"no_such_option": 1})
    with pytest.raises(ValueError):
        new_game(3, 0, {"rediscard_taken_card": "yes"})
    assert new_game(3, 0, {"rediscard_taken_card": "false"}).rediscard is False
    with pytest.raises(ValueError):
        new_game(3, 0, {"max_turns_without_stock_draw": 0})


# ----------------------------------------------------------------- turn mechanics (3–6)
def test_opening_turn_must_draw_from_the_stock():                   # edge case 3
    st = deal(discards="WF", opening=True)      # even with a card on the pile
    assert st.opening
    assert st.legal_actions(0) == [("draw",)]
    err = refused(st, 0, ("take",), "first_turn_draw")
    assert "stock" in str(err)


def test_second_player_may_take_on_their_first_turn():              # edge case 4
    st = deal()
    act(st, 0, "draw")
    act(st, 0, "discard", P("1C") if P("1C") in st.hands[0] else st.hands[0][0])
    assert st.turn == 1 and not st.opening
    assert ("take",) in st.legal_actions(1)
    top = st.discards[-1]
    events = act(st, 1, "take")
    assert events[0].kind == "take" and events[0].data["card"] == top
    assert top in st.hands[1] and len(st.hands[1]) == 9


def test_only_the_top_discard_can_be_taken():                       # edge case 5
    st = deal(stock="5C 5S " + FILL)
    act(st, 0, "draw")
    act(st, 0, "discard", P("5C"))              # older discard
    act(st, 0, "pass")                          # READY is checki again: decline
    act(st, 1, "draw")
    act(st, 1, "discard", P("1C"))              # newer discard on top
    assert st.discards == [P("5C"), P("1C")]
    act(st, 2, "take")
    assert P("1C") in st.hands[2] and P("5C") not in st.hands[2]
    assert st.discards == [P("5C")]             # the older card stays, dead
    assert st.legal_actions(2) != []


def test_hand_back_to_eight_and_rediscard_allowed_by_default():     # edge case 6
    st = deal()
    act(st, 0, "draw")
    act(st, 0, "discard", P("2C"))
    act(st, 1, "take")
    assert len(st.hands[1]) == 9
    assert ("discard", P("2C")) in st.legal_actions(1)
    act(st, 1, "discard", P("2C"))              # the card just taken goes straight back
    assert len(st.hands[1]) == 8 and st.discards[-1] == P("2C")


def test_rediscard_refused_when_the_flag_is_off():                  # edge case 6
    st = deal(options={"rediscard_taken_card": False})
    act(st, 0, "draw")
    act(st, 0, "discard", P("2C"))
    act(st, 1, "take")
    assert ("discard", P("2C")) not in st.legal_actions(1)
    refused(st, 1, ("discard", P("2C")), "no_rediscard")
    act(st, 1, "discard", P("1C"))
    assert len(st.hands[1]) == 8


def test_phase_errors_are_explained():
    st = deal()
    refused(st, 0, ("discard", P("2C")), "must_take")
    refused(st, 1, ("draw",), "not_your_turn")
    refused(st, 0, ("dance",), "unknown_action")
    refused(st, 0, "draw", "unknown_action")
    refused(st, 0, ("pass",), "nothing_to_pass")
    act(st, 0, "draw")
    refused(st, 0, ("draw",), "must_discard")
    refused(st, 0, ("discard", P("RF")), "not_in_hand")
    refused(st, 0, ("discard", True), "not_in_hand")


# ----------------------------------------------------------------------- declaring (18–19)
def test_declaration_refused_before_discard_and_off_turn():         # edge case 18
    st = deal(stock="4M " + FILL)
    refused(st, 0, ("declare", P("2C")), "declare_after_discard")
    act(st, 0, "draw")
    refused(st, 0, ("declare", P("2C")), "declare_after_discard")
    refused(st, 1, ("declare", P("2C")), "not_your_turn")
    act(st, 0, "discard", P("4M"))
    assert st.phase == "declare"
    assert st.legal_actions(0) == [("declare", P("2C")), ("pass",)]
    refused(st, 0, ("declare", P("9C")), "bad_pair")
    refused(st, 0, ("draw",), "must_declare_or_pass")
    events = act(st, 0, "declare", P("2C"))
    assert kinds(events) == ["declare"] and events[0].data["pair"] == P("2C")
    assert st.declared[0] == P("2C") and st.turn == 1


def test_declaring_is_optional_and_the_turn_ends_either_way():
    st = deal(stock="4M " + FILL)
    act(st, 0, "draw")
    events = act(st, 0, "discard", P("4M"))
    assert kinds(events) == ["discard"] and st.active_seats() == (0,)
    events = act(st, 0, "pass")
    assert st.declared[0] is None and st.turn == 1
    assert all(e.to == 0 for e in events)          # declining tells nobody else anything


def test_a_checki_hand_not_declared_cannot_win():                   # edge case 19
    st = deal(hands=(READY, "2C 1S 3M 4C 4S 6M 8C 8S", JUNK2), stock="4M 5C " + FILL)
    act(st, 0, "draw")
    act(st, 0, "discard", P("4M"))
    act(st, 0, "pass")
    act(st, 1, "draw")
    events = act(st, 1, "discard", P("2C"))         # the third 2C
    assert "win" not in kinds(events)
    assert not st.is_over() and st.turn == 2


# ---------------------------------------------------------------- declared turns (22–24)
def declared_table(stock=FILL, turn=0, **kw) -> KowahState:
    return deal(stock=stock, declared={0: "2C"}, turn=turn, opening=False, **kw)


def test_declarer_cannot_take_the_discard():                        # edge case 22
    st = declared_table(discards="5C")
    assert st.legal_actions(0) == [("draw",)]
    refused(st, 0, ("take",), "declared_draw")


def test_declarer_must_discard_the_drawn_card():                    # edge case 23
    st = declared_table(stock="OT " + FILL)
    events = act(st, 0, "draw")
    assert events[0].data["public"] and events[0].data["card"] == P("OT")
    assert st.held == P("OT") and len(st.hands[0]) == 8
    assert st.legal_actions(0) == [("discard", P("OT"))]
    err = refused(st, 0, ("discard", P("7C")), "declared_discard")
    assert err.params["card"] == P("OT")
    act(st, 0, "discard", P("OT"))
    assert st.discards[-1] == P("OT") and st.turn == 1


def test_declarer_hand_never_changes():                             # edge case 24
    st = declared_table()
    locked = list(st.hands[0])
    for _ in range(12):
        seat = st.turn
        act(st, seat, "draw")
        act(st, seat, *st.legal_actions(seat)[-1])
        if st.phase == "declare":
            act(st, seat, "pass")
        assert st.hands[0] == locked
    assert st.declared[0] == P("2C")


# ------------------------------------------------------------------------- winning (25–31)
def test_self_drawn_win_is_times_three():                           # edge case 25
    st = declared_table(stock="2C " + FILL)
    events = act(st, 0, "draw")
    win = win_event(events)
    assert win.seat == 0 and win.data["self_drawn"] and win.data["multiplier"] == 3
    assert win.data["from_card"] == P("2C") and win.data["method"] == "self_drawn"
    assert st.is_over() and st.active_seats() == () and st.legal_actions(0) == []
    res = st.result()
    assert res.winners == (0,) and res.scores == (3, 0, 0) and res.reason == "self_drawn"
    assert is_complete(res.details["hand"])
    assert kinds(events)[-1] == "over"


def test_win_from_an_opponent_draw():                               # edge case 26
    st = declared_table(stock="2C " + FILL, turn=1)
    before = list(st.hands[1])
    events = act(st, 1, "draw")
    win = win_event(events)
    assert win.seat == 0 and win.data["method"] == "opponent_draw"
    assert win.data["multiplier"] == 1 and not win.data["self_drawn"]
    assert win.data["from_seat"] == 1
    assert st.hands[1] == before                    # B never got the card, never discarded
    assert st.result().scores == (1, 0, 0)


def test_win_from_an_opponent_discard_and_no_declaration_for_them():  # edge case 27
    b_hand = "2C 3C 3S 3M 4C 4S 4M 6C"               # + 6C, minus 2C → checki
    st = deal(hands=(READY, b_hand, JUNK2), stock="6C " + FILL, declared={0: "2C"},
              turn=1, opening=False)
    act(st, 1, "draw")
    events = act(st, 1, "discard", P("2C"))
    win = win_event(events)
    assert win.seat == 0 and win.data["method"] == "opponent_discard"
    assert win.data["multiplier"] == 1 and win.data["from_seat"] == 1
    assert st.is_over() and st.declared[1] is None
    assert "declare" not in kinds(events)
    assert P("2C") not in st.discards               # the winner took it


@pytest.mark.parametrize("pair,card", [("2C", "2S"), ("2C", "2M"), ("WF", "RF"), ("WF", "OT")])
def test_same_number_other_suit_or_other_honour_does_not_win(pair, card):  # edge case 28
    hand = READY if pair == "2C" else "7C 7S 7M 9C 9C 9S WF WF"
    st = deal(hands=(hand, JUNK1, JUNK2.replace("RF", "5M")), stock=f"{card} " + FILL,
              declared={0: pair}, turn=1, opening=False)
    events = act(st, 1, "draw")
    assert "win" not in kinds(events)
    events = act(st, 1, "discard", P(card))
    assert "win" not in kinds(events) and not st.is_over()


def test_never_win_from_own_discard_then_win_when_it_comes_back():  # edge case 29
    st = deal(stock="2C OT WF 5C " + FILL)
    act(st, 0, "draw")                               # the third 2C
    events = act(st, 0, "discard", P("2C"))          # released by the future declarer
    assert "win" not in kinds(events)
    act(st, 0, "declare", P("2C"))
    events = act(st, 1, "take")                      # taking from the pile is no stock draw
    assert "win" not in kinds(events) and P("2C") in st.hands[1]
    act(st, 1, "discard", P("1C"))
    act(st, 2, "draw")
    act(st, 2, "discard", P("OT"))
    act(st, 0, "draw")                               # WF, not the winner
    events = act(st, 0, "discard", P("WF"))
    assert "win" not in kinds(events)
    act(st, 1, "draw")
    events = act(st, 1, "discard", P("2C"))
    win = win_event(events)
    assert win.seat == 0 and win.data["method"] == "opponent_discard"


def test_declarer_draws_another_declarers_card():                   # edge case 30
    second = "4C 4S 4M 6C 6S 6M 3C 3C"
    st = deal(hands=(READY, second, JUNK2.replace("3C", "5M")), stock="2C " + FILL,
              declared={0: "2C", 1: "3C"}, turn=1, opening=False)
    before = list(st.hands[1])
    events = act(st, 1, "draw")
    win = win_event(events)
    assert win.seat == 0 and win.data["method"] == "opponent_draw"
    assert win.data["multiplier"] == 1 and st.hands[1] == before and st.held is None


def synthetic(turn: int, declared: dict, hands=None, stock=FILL) -> KowahState:
    hands = hands or ("2C 1C 1S 1M 3C 3S 3M WF",
                      "4C 4S 4M 6C 6S 6M 2C 2C",
                      "5C 5S 5M 8C 8S 8M 2C 2C")
    return deal(hands=hands, stock=stock, declared=declared, turn=turn, opening=False,
                extra_copies=True)


def test_priority_goes_to_the_first_claimant_after_the_releaser():  # edge case 31
    st = synthetic(0, {1: "2C", 2: "2C"}, stock="OT " + FILL)
    act(st, 0, "draw")
    events = act(st, 0, "discard", P("2C"))
    assert win_event(events).seat == 1
    # Released by seat 1: seat 2 comes before seat 0.
    hands = ("4C 4S 4M 6C 6S 6M 2C 2C", "2C 1C 1S 1M 3C 3S 3M WF",
             "5C 5S 5M 8C 8S 8M 2C 2C")
    st = synthetic(1, {0: "2C", 2: "2C"}, hands=hands, stock="OT " + FILL)
    act(st, 1, "draw")
    assert win_event(act(st, 1, "discard", P("2C"))).seat == 2
    # An undeclared drawer releases to the next seat first.
    st = synthetic(0, {1: "2C", 2: "2C"}, stock="2C " + FILL)
    win = win_event(act(st, 0, "draw"))
    assert win.seat == 1 and win.data["method"] == "opponent_draw"


def test_a_declarer_drawing_their_own_card_beats_other_claimants():  # edge case 31
    st = synthetic(1, {1: "2C", 2: "2C"}, stock="2C " + FILL)
    win = win_event(act(st, 1, "draw"))
    assert win.seat == 1 and win.data["self_drawn"] and win.data["multiplier"] == 3


def test_synthetic_positions_need_the_flag():
    with pytest.raises(ValueError):
        KowahState.from_deal(["2C 2C 2C 1C 1S 1M 3C 3S", "2C 2C 4S 4M 6C 6S 6M 8C",
                              JUNK2], FILL)


def play_out(st: KowahState, policy) -> list:
    events = []
    for _ in range(10_000):
        if st.is_over():
            return events
        seat = st.turn
        events += act(st, seat, *policy(st, seat))
    raise AssertionError("the hand did not end")


def draw_and_dump(st: KowahState, seat: int) -> tuple:
    legal = st.legal_actions(seat)
    if st.phase == "take":
        return ("draw",)
    if st.phase == "declare":
        return ("pass",)
    return ("discard", st.drawn) if ("discard", st.drawn) in legal else legal[0]


def test_dead_wait_plays_on_to_a_drawn_hand():                      # edge case 32
    st = declared_table(discards="2C 2C")            # both other copies are dead
    events = play_out(st, draw_and_dump)
    assert st.result().winners == () and st.result().reason == "drawn"
    assert st.stock == [] and kinds(events)[-1] == "over"


# -------------------------------------------------------------------- end of hand (33–35)
def test_stock_runs_out_drawn_hand_without_declaration():           # edge case 33
    st = deal(hands=("7C 7S 7M 9C 9C 9S 2C 4S", JUNK1, JUNK2), stock="2C")
    events = act(st, 0, "draw")
    assert st.last_stock_turn and events[0].data["stock_left"] == 0
    events = act(st, 0, "discard", P("4S"))          # now checki, but no declaration
    assert st.is_over() and "declare" not in kinds(events)
    res = st.result()
    assert res.winners == () and res.scores == (0, 0, 0) and res.reason == "drawn"
    assert st.legal_actions(0) == [] and st.legal_actions(1) == []
    refused(st, 1, ("take",), "over")
    refused(st, 0, ("declare", P("2C")), "over")


def test_last_discard_can_still_win():                              # edge case 33
    st = deal(hands=("2C 1C 1S 1M 3C 3S 3M WF", READY, JUNK2), stock="OT",
              declared={1: "2C"}, opening=False)
    act(st, 0, "draw")
    win = win_event(act(st, 0, "discard", P("2C")))
    assert win.seat == 1 and win.data["method"] == "opponent_discard"


def test_last_stock_draw_can_still_win():
    st = declared_table(stock="2C", turn=1)
    assert win_event(act(st, 1, "draw")).seat == 0


def test_declarer_last_draw_ends_drawn():
    st = declared_table(stock="OT")
    act(st, 0, "draw")
    act(st, 0, "discard", P("OT"))
    assert st.is_over() and st.result().reason == "drawn"


def always_take(st: KowahState, seat: int) -> tuple:
    legal = st.legal_actions(seat)
    if st.phase == "take":
        return ("take",) if ("take",) in legal else ("draw",)
    if st.phase == "declare":
        return ("pass",)
    return ("discard", st.taken) if st.taken is not None else legal[0]


@pytest.mark.parametrize("limit", [10, 300])
def test_engine_guard_stops_endless_discard_taking(limit, caplog):  # edge case 34
    st = KowahState.from_deal([READY, JUNK1, JUNK2], FILL,
                              options={"max_turns_without_stock_draw": limit})
    events = play_out(st, always_take)
    res = st.result()
    assert res.winners == () and res.reason == "drawn"
    assert res.details["anomaly"] == "max_turns_without_stock_draw"
    assert "anomaly" in kinds(events)
    assert st.no_draw_turns == limit and len(st.stock) == len(D.parse_many(FILL)) - 1
    assert any("guard" in r.getMessage() for r in caplog.records)


def test_result_shows_winner_method_and_multiplier_only():          # edge case 35
    st = declared_table(stock="2C " + FILL, turn=2)
    act(st, 2, "draw")
    res = st.result()
    assert res.winners == (0,) and res.reason == "opponent_draw"
    assert res.details["multiplier"] == 1 and res.details["method"] == "opponent_draw"
    text = " ".join(map(str, res.details)).lower()
    for word in ("money", "cash", "pay", "total", "points"):
        assert word not in text
    drawn = deal(stock="OT")
    play_out(drawn, draw_and_dump)
    assert drawn.result().details["multiplier"] == 0 and drawn.result().winners == ()


# -------------------------------------------------------------------- explicit positions
def test_from_deal_rejects_bad_positions():
    with pytest.raises(ValueError):
        KowahState.from_deal([READY, JUNK1], FILL)
    with pytest.raises(ValueError):
        KowahState.from_deal([READY, JUNK1, "1M 3C"], FILL)
    with pytest.raises(ValueError):
        KowahState.from_deal([READY, JUNK1, JUNK2], "")
    with pytest.raises(ValueError):
        KowahState.from_deal([READY, JUNK1, JUNK2], FILL, declared={1: "2C"})
    with pytest.raises(ValueError):
        KowahState.from_deal([READY, JUNK1, JUNK2], FILL + " 9C 9C 9C")   # five 9C


def test_clone_is_independent():
    st = new_game(3, 5)
    twin = st.clone()
    seat = st.turn
    act(st, seat, "draw")
    assert twin.phase == "take" and len(twin.stock) == 96
    assert twin.legal_actions(seat) == [("draw",)]
    act(twin, seat, "draw")
    assert twin.hands == st.hands


def test_an_exposed_pair_leaves_the_known_cards():
    """A card taken in the open is "known" in the concealed hand; once it is exposed as
    the declared pair it is on the table instead (the view after a reload said both)."""
    st = deal(hands=("7C 7S 7M 9C 9C 9S 2C 3M", JUNK1, JUNK2), discards="2C", opening=False)
    act(st, 0, "take")
    assert st.view(1).known[0] == (P("2C"),)
    act(st, 0, "discard", P("3M"))
    assert st.phase == "declare"
    act(st, 0, "declare", P("2C"))
    assert st.declared[0] == P("2C")
    assert st.view(1).known[0] == () and st.view(0).known[0] == ()
