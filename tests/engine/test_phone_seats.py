"""Phone seats ("phone": a person whose moves come from a phone) and handing a seat over
mid-game (``Match.hand_over``): saves, replays, the history and the agents that take
over. Seeded; fake clocks except the worker-process test, which waits for real answers."""

from __future__ import annotations

import time

import pytest

from game import registry
from game.history import build
from game.history.schema import seat_rows
from game.match import SEAT_KINDS, Match, Seat, parse_seats
from game.replay import Replay
from game.saves import parse_save, summarize
from game.storage import read_json
from tests.engine.daotam_deal import deal, match

GAMES = ("ganjifa", "kowah", "daotam", "mascarade")
SEATS = {"ganjifa": "phone,normal,human", "kowah": "phone,human,easy",
         "daotam": "phone,normal,phone,human", "mascarade": "phone,hard,phone,human,normal"}


def people_play(m: Match, moves: int, now: float = 0.0) -> float:
    """Until ``moves`` are logged: the people's seats play their first legal move as soon
    as they may, the agents play on a fake clock (a tick every 50 ms). The clock after."""
    while len(m.log) < moves and not m.is_over():
        person = next((s for s in m.active_seats() if m.seats[s].is_human), None)
        if person is not None:
            m.submit(person, m.legal_actions(person)[0])
        else:
            m.tick(now)
            now += 0.05
    return now


def finish(m: Match, now: float) -> None:
    for _ in range(200_000):
        if m.is_over():
            return
        m.tick(now)
        now += 0.05
    raise AssertionError("the game did not end")


def finish_in_real_time(m: Match, limit: float = 120.0) -> None:
    """Agents in the worker process answer in real time: tick the wall clock."""
    t0 = time.perf_counter()
    while not m.is_over():
        m.tick(time.perf_counter())
        assert time.perf_counter() - t0 < limit, "the game did not end"
        time.sleep(0.0005)


# ------------------------------------------------------------------- the seat kind
def test_phone_is_a_seat_kind_of_a_person():
    seats = parse_seats("phone,normal,phone")
    assert [s.kind for s in seats] == ["phone", "normal", "phone"] and "phone" in SEAT_KINDS
    assert [(s.is_human, s.is_phone) for s in seats] == [(True, True), (False, False), (True, True)]
    assert (Seat("human").is_human, Seat("human").is_phone) == (True, False)
    m = Match("ganjifa", parse_seats("phone,normal,human"), seed=2)
    assert m.human_seats() == [0, 2] and m.screen_seats() == [2]
    assert m.seats[0].agent is None and m.seats[1].agent is not None
    with pytest.raises(ValueError, match="unknown seat kind 'fone'"):
        parse_seats("fone,normal")


def test_phone_seats_round_trip_through_save_and_load(tmp_path):
    path = tmp_path / "save.json"
    m = Match("kowah", parse_seats("phone,normal,phone"), seed=5, save_path=path, think_scale=0.0)
    people_play(m, 6)
    saved = read_json(path)
    assert saved["seats"] == ["phone", "normal", "phone"]
    assert parse_save(saved, SEAT_KINDS).seats == ("phone", "normal", "phone")
    assert summarize(path).moves == len(m.log)
    back = Match.load(path)
    assert [s.kind for s in back.seats] == ["phone", "normal", "phone"]
    assert back.log == m.log and back.human_seats() == [0, 2]
    assert Replay(saved).seats == ("phone", "normal", "phone")


def test_a_phone_seat_is_a_person_in_the_history():
    rec = build({"game": "ganjifa", "seed": 1, "options": {}, "seats": ["phone", "normal", "human"],
                 "actions": [], "version": 1}, winners=[0], scores=[60, 30, 30])
    assert rec["human_seats"] == [0, 2] and rec["level"] == "normal"
    assert rec["mode"] == "party" and rec["won"] is True
    assert [row[3] for row in seat_rows(1, rec)] == [True, False, True]
    solo = build({"game": "ganjifa", "seed": 1, "options": {}, "seats": ["phone", "hard", "hard"],
                  "actions": [], "version": 1}, winners=[1], scores=[20, 80, 20])
    assert (solo["human_seats"], solo["mode"], solo["level"], solo["won"]) == ([0], "ai", "hard", False)


# ------------------------------------------------------------------- hand_over
@pytest.mark.parametrize("game", GAMES)
def test_seats_handed_to_ais_mid_game_finish_it_and_the_save_replays_exactly(game, tmp_path):
    path = tmp_path / "save.json"
    m = Match(game, parse_seats(SEATS[game]), seed=11, save_path=path, think_scale=0.0)
    now = people_play(m, 8)
    assert not m.is_over()
    people = m.human_seats()
    levels = ["normal", "easy", "random"]
    for seat, level in zip(people, levels, strict=False):
        m.hand_over(seat, level)
    assert m.human_seats() == [] and all(m.seats[s].agent is not None for s in people)
    assert read_json(path)["seats"] == [m.seats[i].kind for i in range(len(m.seats))]
    assert "phone" not in read_json(path)["seats"]
    finish(m, now)
    rec = read_json(path)
    assert rec["over"] is True and len(rec["actions"]) == len(m.log)
    again = Match.load(path)
    assert again.log == m.log and again.result() == m.result()
    assert again.events == m.events
    replay = Replay(rec)
    assert replay.length == len(m.log) and replay.over and replay.result() == m.result()
    assert replay.events(replay.length, everything=True) == m.events
    assert replay.view(None, replay.length) == m.view(None)


@pytest.mark.parametrize("game", GAMES)
def test_the_new_agent_has_the_seats_seed_and_saw_what_the_seat_saw(game, monkeypatch):
    m = Match(game, parse_seats(SEATS[game]), seed=4, think_scale=0.0)
    people_play(m, 5)
    made = []

    def spy(g, level, seat, seed, **kw):
        agent = real(g, level, seat, seed, **kw)
        seen: list = []
        agent.observe = lambda events, inner=agent.observe: (seen.extend(events), inner(events))
        made.append((level, seat, seed, seen))
        return agent

    real = registry.make_agent
    monkeypatch.setattr(registry, "make_agent", spy)
    m.hand_over(0, "normal")
    [(level, seat, seed, seen)] = made
    assert (level, seat, seed) == ("normal", 0, m._agent_seed(0))
    assert seen and seen == [e for e in m.events if e.visible_to(0)]
    assert any(e.visible_to(0) and not e.visible_to(1) for e in seen) or game == "daotam"


def test_a_seat_handed_to_a_phone_drops_the_agents_pending_decision():
    m = Match("ganjifa", parse_seats("normal,phone,phone"), seed=3)    # think delays on
    m.tick(0.0)
    assert 0 in m._pending and m._pending[0].ready_at > 0.0
    m.hand_over(0, "phone")
    assert m._pending == {} and m.seats[0].agent is None and m.seats[0].is_phone
    m.tick(100.0)
    assert m.log == [], "the dropped decision was played"
    m.submit(0, m.legal_actions(0)[0])                 # the phone plays it
    assert m.log[0][0] == 0


def test_an_agents_answer_queued_in_a_window_is_dropped_when_a_phone_takes_the_seat():
    def run(hand_over: bool) -> Match:
        st = deal(["CNTTT"] * 3)
        m = match(st, seats=[Seat("phone"), Seat("normal"), Seat("normal")])
        m.submit(0, ("claim", ("cuong",), "cuong"))
        m.tick(10.0)
        assert any(p.seat == 1 and p.window_id is not None for p in m.desk.queue)
        if hand_over:
            m.hand_over(1, "phone")
            assert not any(p.seat == 1 for p in m.desk.queue)
        m.tick(12.9)                                  # the deadline is 13.0
        return m

    kept = run(False)
    assert kept.state.phase != "challenge", "the agents answered before the deadline"
    m = run(True)
    assert m.state.phase == "challenge" and 1 in m.active_seats()   # the phone has not answered
    m.intent(1, ("buzz",), 12.95)
    m.tick(13.0)
    assert m.state.stats["challenges"] == 1


def test_handing_a_seat_to_its_own_kind_changes_nothing_and_unknown_kinds_are_refused():
    m = Match("kowah", parse_seats("normal,phone,phone"), seed=2)
    agent = m.seats[0].agent
    m.hand_over(0, "normal")
    assert m.seats[0].agent is agent
    with pytest.raises(ValueError, match="unknown seat kind"):
        m.hand_over(1, "robot")
    assert m.seats[1].kind == "phone"


def test_hand_over_in_threaded_mode_plays_as_it_does_in_process():
    def run(threaded: bool) -> Match:
        m = Match("ganjifa", parse_seats("phone,normal,phone"), seed=21, think_scale=0.0,
                  threaded=threaded)
        people_play(m, 7)
        m.hand_over(0, "normal")    # (hard thinks against the clock: not reproducible)
        m.hand_over(2, "easy")
        return m

    local = run(False)
    finish(local, 100.0)
    remote = run(True)
    try:
        assert remote._host is not None and type(remote.seats[0].agent).__name__ == "RemoteAgent"
        finish_in_real_time(remote)
    finally:
        remote.close()
    assert remote.log == local.log and remote.result() == local.result()


def test_an_ai_given_a_seat_mid_window_reacts_from_then_not_from_the_windows_opening():
    st = deal(["CNTTT"] * 3)
    m = match(st, seats=[Seat("phone"), Seat("phone"), Seat("phone")])
    m.submit(0, ("claim", ("cuong",), "cuong"))
    m.tick(10.0)
    m.tick(12.5)                                    # the window closes at 13.0
    m.hand_over(1, "normal")
    m.tick(12.5)
    answer = [p for p in m.desk.queue if p.seat == 1]
    assert answer and answer[0].at >= 12.5 + 0.8, "answered before it was seated"
    assert 1 in m.active_seats()
