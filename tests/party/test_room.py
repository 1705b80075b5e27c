"""party.room in-process: fake connections, a tiny generic presenter, a real Match."""

from __future__ import annotations

import copy
import json

import pytest

from game.match import Match, Seat
from game.wire import to_json as wire_json
from party.present import refusal_text, tr
from party.protocol import ProtocolError, parse
from party.room import JOIN_FAILS, JOIN_WINDOW_S, Room, json_action
from tests.party.fakes import FakeConn, Stub


def table(kinds=("phone", "phone", "human"), game: str = "kowah") -> tuple[Room, Match]:
    room = Room(game, kinds)
    room._present = Stub()
    match = Match(game, [Seat("human") for _ in kinds], seed=3)
    return room, match


def say(room: Room, conn: FakeConn, at: float = 0.0, **fields) -> None:
    """A message as the server hands it over: through protocol.parse."""
    room.receive(conn, parse(json.dumps({"v": 1, **fields})), at)


def join(room: Room, conn: FakeConn, secret: str | None = None, seat=None, name="Ann",
         code: str | None = None, at: float = 0.0) -> None:
    say(room, conn, at, type="join", code=room.code if code is None else code,
        secret=room.room_secret if secret is None else secret, seat=seat, name=name)


def intent(room: Room, conn: FakeConn, seq: int, action, t=None) -> None:
    say(room, conn, type="intent", seq=seq, action=json_action(action), t=t)


def snapshot(room: Room, match: Match) -> tuple:
    views = [json.dumps(wire_json(match.view(s), match.game), sort_keys=True)
             for s in range(len(match.seats))]
    return (list(match.log), views, json.dumps(room.to_json(), sort_keys=True),
            json.dumps(match.to_json(), sort_keys=True, default=repr))


def started(kinds=("phone", "phone", "human")):
    """A started kowah table (seat 1 to move) with phones on seats 0 and 1."""
    room, match = table(kinds)
    a, b = FakeConn("10.0.0.1"), FakeConn("10.0.0.2")
    join(room, a, seat=0, name="Ann")
    join(room, b, seat=1, name="Bao")
    room.start()
    room.pump(match, 0.0)
    assert match.active_seats() == (1,)
    return room, match, a, b


# ------------------------------------------------------------------ joining
def test_join_by_room_secret_takes_the_first_free_phone_seat():
    room, _ = table(("human", "phone", "phone"))
    a, b = FakeConn(), FakeConn()
    join(room, a, name="  Ann  ")
    join(room, b, name="Bao")
    assert a.last("welcome")["seat"] == 1 and a.last("welcome")["name"] == "Ann"
    assert b.last("welcome")["seat"] == 2
    assert a.last("welcome")["token"] != b.last("welcome")["token"]
    seats = a.last("lobby")["seats"]
    assert [(s["kind"], s["joined"], s["name"]) for s in seats] == [
        ("screen", False, ""), ("phone", True, "Ann"), ("phone", True, "Bao")]
    assert room.ready()


def test_join_by_seat_secret_takes_that_seat_only():
    room, _ = table()
    a = FakeConn()
    join(room, a, secret=room.seat_secret(1))
    assert a.last("welcome")["seat"] == 1
    b = FakeConn()
    join(room, b, secret=room.seat_secret(0), seat=1)      # seat 0's link cannot take seat 1
    assert b.last("error")["code"] == "bad_secret" and not b.of("welcome")


def test_a_seat_link_takes_its_seat_back_from_another_phone():
    room, _ = table()
    a, b = FakeConn(), FakeConn()
    join(room, a, seat=0)
    join(room, b, secret=room.seat_secret(0), name="Bao")
    assert b.last("welcome")["seat"] == 0
    assert a.last("bye")["reason"] == "reissued" and a.closed
    assert room.seat_of(a) is None and room.seat_of(b) == 0


def test_join_by_the_typed_code():
    room, _ = table()
    a = FakeConn()
    join(room, a, secret=room.code.lower(), code=room.code.lower())
    assert a.last("welcome")["seat"] == 0


@pytest.mark.parametrize("how", ["secret", "code", "seat_secret_of_a_screen_seat"])
def test_a_wrong_secret_joins_nothing(how):
    room, _ = table()
    a = FakeConn(lang="vi")
    if how == "secret":
        join(room, a, secret="not-the-secret")
    elif how == "code":
        join(room, a, code="ZZZZ" if room.code != "ZZZZ" else "YYYY")
    else:
        join(room, a, secret=room.seat_secret(2))
    err = a.last("error")
    assert err["code"] == "bad_secret" and err["reason"] == "Mã phòng hoặc đường dẫn không đúng."
    assert not a.of("welcome") and not any(s.joined for s in room.lobby())


def test_wrong_secrets_are_rate_limited_per_address_for_a_minute():
    room, _ = table()
    guesser = FakeConn("10.0.0.66")
    for i in range(JOIN_FAILS):
        join(room, FakeConn("10.0.0.66"), secret=f"guess{i}", at=10.0 + i)
    join(room, guesser, at=20.0)                    # even the right secret, now
    assert guesser.last("error")["code"] == "rate_limited" and not guesser.of("welcome")
    other = FakeConn("10.0.0.7")
    join(room, other, at=20.0)                      # another address is not held back
    assert other.last("welcome")["seat"] == 0
    later = FakeConn("10.0.0.66")
    join(room, later, at=10.0 + JOIN_WINDOW_S + JOIN_FAILS)   # the minute has passed
    assert later.last("welcome")["seat"] == 1


def test_seat_taken_and_no_seat():
    room, _ = table()
    a, b, c, d = FakeConn(), FakeConn(), FakeConn(), FakeConn()
    join(room, a, seat=0)
    join(room, b, seat=0)
    assert b.last("error")["code"] == "seat_taken"
    join(room, c, seat=2)                           # a screen seat
    assert c.last("error")["code"] == "no_seat"
    join(room, c, seat=7)
    assert c.last("error")["code"] == "no_seat"
    join(room, b)
    join(room, d)                                   # both phone seats are taken
    assert b.last("welcome")["seat"] == 1 and d.last("error")["code"] == "no_seat"


@pytest.mark.parametrize("name", ["", "   ", "\u3000"])
def test_a_blank_name_is_refused(name):
    room, _ = table()
    a = FakeConn()
    join(room, a, name=name)
    assert a.last("error")["code"] == "bad_name" and "20" in a.last("error")["reason"]
    assert not a.of("welcome")


def test_name_bounds():
    room, _ = table()
    a = FakeConn()
    join(room, a, name="N" * 20)
    assert a.last("welcome")["name"] == "N" * 20
    with pytest.raises(ProtocolError):                          # the wire refuses 21 …
        join(room, FakeConn(), name="N" * 21)
    b = FakeConn()                                              # … and so does the room
    room.receive(b, {"v": 1, "type": "join", "code": room.code, "secret": room.room_secret,
                     "seat": None, "name": "N" * 21, "lang": None}, 0.0)
    assert b.last("error")["code"] == "bad_name" and not b.of("welcome")


# ------------------------------------------------------------------ rejoining
def test_hello_with_the_token_after_a_reconnect_sees_the_current_screen():
    room, match, a, b = started()
    token = a.last("welcome")["token"]
    first = a.last("screen")
    room.disconnect(a)
    assert room.away() == (True, False, False)
    intent(room, b, 1, ("draw",))                   # the game goes on without seat 0's phone
    room.pump(match, 0.1)
    assert match.log[-1] == (1, ("draw",))
    again = FakeConn()
    say(room, again, type="hello", token=token)
    assert again.last("welcome")["seat"] == 0 and again.last("welcome")["name"] == "Ann"
    room.pump(match, 0.2)
    screen = again.last("screen")
    assert screen["view"] == wire_json(match.view(0), "kowah") != first["view"]
    assert room.away() == (False, False, False)


def test_hello_on_a_second_socket_replaces_the_first():
    room, match, a, _ = started()
    again = FakeConn()
    say(room, again, type="hello", token=a.last("welcome")["token"])
    assert a.last("bye")["reason"] == "replaced" and a.closed
    assert room.seat_of(again) == 0 and room.seat_of(a) is None


def test_a_stale_token_after_reissue_gets_bye_then_bad_token():
    room, match, a, _ = started()
    token = a.last("welcome")["token"]
    old_secret = room.seat_secret(0)
    new_secret = room.reissue(0)
    assert new_secret != old_secret
    assert a.last("bye")["reason"] == "reissued" and a.closed
    back = FakeConn()
    say(room, back, type="hello", token=token)
    assert back.last("error")["code"] == "bad_token" and not back.of("welcome")
    join(room, back, secret=old_secret)             # the old seat link is dead too
    assert back.last("error")["code"] == "bad_secret"
    join(room, back, secret=new_secret, name="Chi")
    assert back.last("welcome")["seat"] == 0


# ------------------------------------------------------------------ intents
def test_an_intent_round_trip():
    room, match, _, b = started()
    offered = [m["action"] for m in b.last("screen")["screen"]["moves"]]
    assert offered == [["draw"]]
    intent(room, b, 1, ("draw",))
    assert match.log == []                          # queued: only the game thread applies it
    assert room.pump(match, 0.1) == 1
    assert match.log == [(1, ("draw",))]
    assert b.last("ack")["seq"] == 1
    assert b.sent[-1]["type"] == "screen"           # and the new screen follows


def test_a_replayed_seq_changes_nothing():
    room, match, _, b = started()
    intent(room, b, 5, ("draw",))
    room.pump(match, 0.1)
    before = snapshot(room, match)
    nxt = match.legal_actions(1)[0]
    for seq in (5, 4, 1):
        intent(room, b, seq, nxt)
        room.pump(match, 0.2)
        err = b.last("error")
        assert (err["code"], err["seq"]) == ("replayed", seq)
        assert snapshot(room, match) == before
    intent(room, b, 6, nxt)
    room.pump(match, 0.3)
    assert match.log[-1] == (1, nxt) and b.last("ack")["seq"] == 6


def test_out_of_turn_is_refused_with_the_rules_reason_in_the_phones_language():
    room, match, a, _ = started()
    say(room, a, type="lang", lang="vi")
    room._present.extra = [("draw",)]               # offered (greyed) though not seat 0's turn
    room.publish(match, 0.1, force=True)
    assert ["draw"] in [m["action"] for m in a.last("screen")["screen"]["moves"]]
    before = snapshot(room, match)
    intent(room, a, 1, ("draw",))
    room.pump(match, 0.2)
    err = a.last("error")
    assert err["code"] == "not_your_turn" and err["reason"] == "Chưa đến lượt bạn."
    assert snapshot(room, match)[::3] == before[::3]


def test_an_illegal_move_gets_the_rules_reason():
    room, match, _, b = started()
    intent(room, b, 1, ("draw",))
    room.pump(match, 0.1)
    legal = match.legal_actions(1)
    room._present.extra = [("draw",)]               # drawing twice: offered, refused by the rules
    room.publish(match, 0.1, force=True)
    assert ("draw",) not in legal
    before = snapshot(room, match)
    intent(room, b, 2, ("draw",))
    room.pump(match, 0.2)
    err = b.last("error")
    assert err["code"] == "illegal" and err["seq"] == 2 and err["reason"]
    assert err["reason"] == refusal_text("en", match.why_illegal(1, ("draw",)))
    assert snapshot(room, match)[::3] == before[::3]


def test_an_action_the_screen_did_not_offer_is_refused():
    room, match, _, b = started()
    before = snapshot(room, match)
    for seq, action in enumerate([("discard", 99), ("draw", "x"), (), ("draw", ("draw",))], 1):
        intent(room, b, seq, action)
        room.pump(match, 0.1)
        assert b.last("error")["code"] == "not_offered"
        assert snapshot(room, match)[::3] == before[::3]


def test_a_phone_acts_only_for_its_own_seat():
    room, match, a, b = started()
    with pytest.raises(ProtocolError):              # there is no field to name another seat
        say(room, a, type="intent", seq=1, action=["draw"], seat=1)
    room._present.extra = [("draw",)]
    room.publish(match, 0.1, force=True)
    before = snapshot(room, match)
    intent(room, a, 1, ("draw",))                   # seat 1's move, sent by seat 0's phone
    room.pump(match, 0.2)
    assert a.last("error")["code"] == "not_your_turn"
    assert snapshot(room, match)[::3] == before[::3]
    intent(room, b, 1, ("draw",))                   # judged as seat 1: its own move
    room.pump(match, 0.3)
    assert match.log == [(1, ("draw",))]


@pytest.mark.parametrize("msg", [
    {"type": "intent"},
    {"type": "intent", "seq": True, "action": ["draw"]},
    {"type": "intent", "seq": "1", "action": ["draw"]},
    {"type": "intent", "seq": 1, "action": [{"x": 1}]},
    {"type": "intent", "seq": 1, "action": [1.5]},
    {"type": "intent", "seq": 1, "action": [[[[[[[[["draw"]]]]]]]]]},
    {"type": "intent", "seq": 1, "action": "draw"},
    {"type": "bogus"},
    {"type": "lang", "lang": "fr"},
    {"type": "join"},
    {"type": "hello"},
    {},
])
def test_malformed_messages_change_nothing(msg):
    room, match, _, b = started()
    before = snapshot(room, match)
    sent = len(b.sent)
    room.receive(b, dict(msg, v=1), 0.1)            # past the protocol (a bug there): the room holds
    room.pump(match, 0.2)
    assert snapshot(room, match) == before
    assert [m["type"] for m in b.sent[sent:]] == ["error"]
    intent(room, b, 1, ("draw",))                   # and seq 1 was not used up
    room.pump(match, 0.3)
    assert match.log == [(1, ("draw",))]


def test_a_timed_move_is_judged_where_it_was_pressed(monkeypatch):
    room, match, _, b = started()
    room._present.timed = {("draw",)}
    room.publish(match, 0.0, force=True)
    b.clock.sample(100.0, 5000.0, 100.010)          # the phone's clock reads 5 s at 100.005
    pressed_ms = 5000.0 + (100.500 - 100.005) * 1000  # the finger went down at 100.500
    got = []
    monkeypatch.setattr(match, "intent", lambda seat, action, at=None: got.append((seat, action, at)))
    say(room, b, 100.520, type="intent", seq=1, action=["draw"], t=pressed_ms)
    say(room, b, 100.520, type="intent", seq=2, action=["draw"], t=None)
    room.pump(match, table_clock=40.0, now=100.530)
    (seat1, action1, at1), (seat2, _, at2) = got
    assert (seat1, action1) == (1, ("draw",))
    assert at1 == pytest.approx(40.0 - (100.530 - 100.500), abs=1e-6)   # pressed, not arrived
    assert at2 == pytest.approx(40.0 - (100.530 - 100.520), abs=1e-6)   # no t: when it arrived
    assert seat2 == 1 and b.last("ack")["seq"] == 2


def test_an_intent_before_joining_is_not_joined():
    room, match, _, _ = started()
    c = FakeConn()
    before = snapshot(room, match)
    intent(room, c, 1, ("draw",))
    room.pump(match, 0.1)
    assert c.last("error")["code"] == "not_joined" and snapshot(room, match) == before


# ------------------------------------------------------------------ host
def test_hand_to_ai():
    room, match, a, b = started()
    token = a.last("welcome")["token"]
    room.hand_to_ai(0, "easy")
    assert a.last("bye")["reason"] == "to_ai" and a.closed
    assert room.lobby()[0].kind == "easy" and room.lobby()[0].role == "ai"
    assert not room.lobby()[0].joined and room.phone_seats() == [1]
    say(room, a, type="hello", token=token)
    assert a.last("error")["code"] == "bad_token"
    join(room, FakeConn(), secret=room.seat_secret(0))
    assert room.seat_of(a) is None and not room.lobby()[0].joined


def test_waiting_for_names_the_active_phone_seat_whose_phone_is_away():
    room, match, a, b = started()
    assert room.waiting_for(match) == []
    room.disconnect(b)
    assert room.waiting_for(match) == [1]
    room.disconnect(a)                              # seat 0 is away but not awaited
    assert room.waiting_for(match) == [1]


# ------------------------------------------------------------------ keeping
def test_to_json_round_trip_lets_the_same_phones_back():
    room, match, a, b = started()
    intent(room, b, 3, ("draw",))
    room.pump(match, 0.1)
    data = json.loads(json.dumps(room.to_json()))
    again = Room.from_json(data)
    assert again.to_json() == room.to_json()
    assert again.slots[1].last_seq == 3 and again.started
    phone = FakeConn()
    say(again, phone, type="hello", token=b.last("welcome")["token"])
    assert phone.last("welcome")["seat"] == 1 and phone.last("welcome")["name"] == "Bao"


def _damaged():
    room, *_ = started()
    good = room.to_json()
    out = [None, [], "room", 3, {}]
    for key in ("game", "code", "room_secret", "seats", "version"):
        d = copy.deepcopy(good)
        del d[key]
        out.append(d)
    for key, value in [("version", 2), ("seats", {}), ("seats", []), ("seats", [1, 2]),
                       ("code", 1234), ("code", "AB"), ("code", "abcd"), ("game", ""),
                       ("room_secret", None), ("room_secret", "")]:
        d = copy.deepcopy(good)
        d[key] = value
        out.append(d)
    for key, value in [("kind", "robot"), ("kind", None), ("secret", ""), ("secret", 5),
                       ("token", 5), ("last_seq", -1), ("last_seq", "3"), ("last_seq", 1.5),
                       ("last_seq", True), ("name", ["x"])]:
        d = copy.deepcopy(good)
        d["seats"][1][key] = value
        out.append(d)
    d = copy.deepcopy(good)
    del d["seats"][0]["secret"]
    out.append(d)
    return out


@pytest.mark.parametrize("data", _damaged())
def test_a_damaged_room_file_is_a_value_error(data):
    with pytest.raises(ValueError, match="phone room file is damaged"):
        Room.from_json(data)


def test_a_timed_press_shows_as_taken_at_once_then_the_judged_screen_follows():
    """Windows are judged CAP_S behind the clock on a phone table; meanwhile the pressing
    phone's next screen (the very next pump) has its timed moves spent."""
    from party.clock import CAP_S
    room = Room("daotam", ["phone"] * 3)
    match = Match("daotam", [Seat("phone") for _ in range(3)], seed=5, timers=True)
    conns = [FakeConn(f"10.0.0.{i + 1}") for i in range(3)]
    for i, c in enumerate(conns):
        join(room, c, seat=i, name=f"P{i}")
    room.start()
    clock, seq = 0.0, 0
    room.pump(match, clock)
    assert match.judge_lag == CAP_S
    actor = match.active_seats()[0]
    claim = next(m for m in conns[actor].last("screen")["screen"]["moves"]
                 if m["action"][0] == "claim" and m["legal"])
    seq += 1
    intent(room, conns[actor], seq, claim["action"])
    room.pump(match, clock)
    for _ in range(5):
        clock += 0.05
        match.tick(clock)
        room.pump(match, clock)
    cur = match.open_window()
    assert cur is not None
    other = next(s for s in cur.window.seats if s != actor)
    screen = conns[other].last("screen")["screen"]
    pass_move = next(m for m in screen["moves"] if m["timed"])
    assert pass_move["legal"] and screen["buzzer"]["armed"]
    before = len(conns[other].of("screen"))
    intent(room, conns[other], 1, pass_move["action"])
    room.pump(match, clock)
    assert len(conns[other].of("screen")) == before + 1
    taken = conns[other].last("screen")["screen"]
    spent = next(m for m in taken["moves"] if m["id"] == pass_move["id"])
    assert not spent["legal"] and spent["reason"] == tr("en", "party.pressed")
    assert not taken["buzzer"]["armed"]
    for _ in range(200):            # the window closes (its timer, then the judging lag)
        if match.open_window() is None:
            break
        clock += 0.05
        match.tick(clock)
        room.pump(match, clock)
    room.pump(match, clock)
    assert match.open_window() is None
    after = conns[other].last("screen")["screen"]
    assert all(m["reason"] != tr("en", "party.pressed") for m in after["moves"])


def test_a_window_opening_reaches_every_phone_in_the_same_frame():
    """Screens are built a few a frame, but a window opening goes to every phone at once
    (a buzzer race starts for all alike)."""
    from party.room import PUBLISH_PER_FRAME
    n = PUBLISH_PER_FRAME + 2
    room = Room("daotam", ["phone"] * n)
    match = Match("daotam", [Seat("phone") for _ in range(n)], seed=5, timers=True)
    conns = [FakeConn(f"10.0.0.{i + 1}") for i in range(n)]
    for i, c in enumerate(conns):
        join(room, c, seat=i, name=f"P{i}")
    room.start()
    clock = 0.0
    for _ in range(3):
        room.pump(match, clock)
    actor = match.active_seats()[0]
    claim = next(m for m in conns[actor].last("screen")["screen"]["moves"]
                 if m["action"][0] == "claim" and m["legal"])
    intent(room, conns[actor], 1, claim["action"])
    before = [len(c.of("screen")) for c in conns]
    room.pump(match, clock)                      # the claim: the actor's screen first
    built = [len(c.of("screen")) - b for c, b in zip(conns, before, strict=True)]
    assert built[actor] == 1 and sum(built) <= PUBLISH_PER_FRAME
    while match.open_window() is None:
        clock += 0.02
        match.tick(clock)
        if match.open_window() is None:
            room.pump(match, clock)
    before = [len(c.of("screen")) for c in conns]
    room.pump(match, clock)                      # the frame that sees the window open
    assert all(len(c.of("screen")) > b for c, b in zip(conns, before, strict=True))
    assert all(c.last("screen")["screen"]["window"] is not None for c in conns)
