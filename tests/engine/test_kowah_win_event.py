"""The win event and the result say everything a table shows of a win: the winning card,
how it was won and from whom, the multiplier and the hand split into its groups, so no
table has to split the hand itself or scan the log."""

from __future__ import annotations

import json

from game.kowah.checki import is_triple
from tests.engine.test_kowah_rules import (
    FILL,
    JUNK2,
    READY,
    P,
    act,
    deal,
    declared_table,
    win_event,
)


def _check_groups(groups: list[list[int]], hand: list[int], card: int) -> None:
    assert len(groups) == 3
    t1, t2, three = groups
    assert is_triple(t1) and is_triple(t2), "two triples first"
    assert three == [card, card, card], "then the three identical cards the winning card made"
    assert sorted(t1 + t2 + three) == sorted(hand)


def test_self_drawn_win_carries_the_groups():
    st = declared_table(stock="2C " + FILL)
    win = win_event(act(st, 0, "draw"))
    d = win.data
    assert (d["card"], d["method"], d["from_seat"], d["multiplier"]) == (P("2C"), "self_drawn", 0, 3)
    _check_groups(d["groups"], d["hand"], d["card"])
    res = st.result()
    assert res.details["groups"] == d["groups"]
    json.dumps(d)           # plain lists and ints: saved and replayed like every event


def test_win_from_an_opponent_discard_carries_the_groups():
    st = deal(hands=(READY, "2C 3C 3S 3M 4C 4S 4M 6C", JUNK2), stock="6C " + FILL,
              declared={0: "2C"}, turn=1, opening=False)
    act(st, 1, "draw")
    win = win_event(act(st, 1, "discard", P("2C")))
    assert win.seat == 0 and win.data["method"] == "opponent_discard" and win.data["from_seat"] == 1
    _check_groups(win.data["groups"], win.data["hand"], P("2C"))
    assert st.result().details["groups"] == win.data["groups"]
