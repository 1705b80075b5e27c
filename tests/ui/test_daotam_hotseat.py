"""Đạo Tâm on one screen with two humans and an AI: a handoff before a human's own
decision, nothing private drawn during the reaction windows, the hand faces drawn only
for the confirmed viewer; and a buzzer race of the two humans inside one frame."""

from __future__ import annotations

import pygame

from game import registry
from game.match import Match, Seat
from scenes.screens.handoff import HandoffScene
from scenes.screens.results import ResultsScene
from scenes.tables.daotam import DaoTamTable
from tests.ui.helpers import key, make_app

DT = 0.05
SEED_HOT = 3                 # a deal where a human falls into Nhập Ma and pushes


def open_table(seed: int, timers: bool | None = None):
    app = make_app()
    match = Match("daotam", [Seat("human"), Seat("human"), Seat("normal")], seed, timers=timers)
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    agents = {s: registry.make_agent("daotam", "normal", s, seed + s) for s in (0, 1)}
    return app, table, agents


def step(app) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.update(DT)
    app.stack.draw(app.screen)


def own_decision(table) -> bool:
    return table.match.state.phase in ("turn", "push", "option")


def test_hand_faces_only_for_the_confirmed_viewer_and_never_in_windows():
    app, table, agents = open_table(seed=4)
    match = table.match
    hand_faces = [0]
    in_hand = [False]
    real_face, real_draw_hand = table.card_faces.ct_face, table.painter.draw_hand

    def ct_face(kind, size, *variant):
        if in_hand[0]:
            hand_faces[0] += 1
        return real_face(kind, size, *variant)

    def draw_hand(surface, v):
        in_hand[0] = True
        try:
            real_draw_hand(surface, v)
        finally:
            in_hand[0] = False
    table.card_faces.ct_face, table.painter.draw_hand = ct_face, draw_hand
    handoffs = window_frames = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ResultsScene) or match.is_over() and top is table:
            break
        if isinstance(top, HandoffScene):
            handoffs += 1
            assert top.seat in match.active_seats() and own_decision(table)
            key(pygame.K_RETURN)
        elif top is table and table.viewer_can_act and own_decision(table):
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        hand_faces[0] = 0
        step(app)
        if app.stack.top is not table:
            continue
        looking = table.looking
        if match.state.phase in ("challenge", "race") and not match.is_over():
            window_frames += 1
            assert looking is None, "a hand was open during a reaction window"
        if looking is None:
            assert hand_faces[0] == 0, "hand faces drawn with nobody confirmed"
        else:
            assert hand_faces[0] <= sum(match.view(looking).hand)
            if own_decision(table) and not match.is_over():
                assert looking in match.active_seats() or not match.seats[match.active_seats()[0]].is_human
    assert match.is_over()
    assert handoffs >= 4 and window_frames > 20


def test_two_buzzers_in_one_frame_the_tie_goes_clockwise_after_the_actor():
    app, table, agents = open_table(seed=4)
    match = table.match
    for _ in range(20000):
        top = app.stack.top
        assert not match.is_over()
        if isinstance(top, HandoffScene):
            key(pygame.K_RETURN)
        elif top is table and table.viewer_can_act and own_decision(table):
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        ow = match.open_window()
        if (ow is not None and match.state.phase == "challenge" and match.state.turn == 2
                and set(match.state.waiting) == {0, 1}):
            break
        step(app)
    else:
        raise AssertionError("no AI claim with both humans in its window")
    wid = ow.window.id
    n_events = len(match.events)
    key(pygame.K_2)                  # seat 2's key first in the queue …
    key(pygame.K_1)                  # … seat 1's in the same frame
    step(app)
    for _ in range(50):
        if any(e.kind == "challenge" for e in match.events[n_events:]):
            break
        step(app)
    challenges = [e for e in match.events[n_events:] if e.kind == "challenge"]
    assert len(challenges) == 1
    assert challenges[0].seat == 0, "same frame: the seat nearest clockwise after the actor wins"
    assert match.state.window_seq >= wid


def test_peek_key_covers_first_then_shows_only_that_seats_hand_while_held():
    """A peek puts up a cover naming the seat; the hand shows only once confirmed (Enter,
    or the key held past PEEK_HOLD_S) and only while the key is down; another seat's key
    meanwhile shows nothing more; the table's clock runs on under it."""
    from scenes.tables.daotam.peek import PEEK_HOLD_S
    from tests.ui.helpers import strings_drawn
    app, table, agents = open_table(seed=4, timers=False)       # the window waits for seat 2
    match = table.match
    faces: list[str] = []
    real_face, real_draw_hand = table.card_faces.ct_face, table.painter.draw_hand
    in_hand = [False]

    def ct_face(kind, size, *variant):
        if in_hand[0]:
            faces.append(kind)
        return real_face(kind, size, *variant)

    def draw_hand(surface, v):
        in_hand[0] = True
        try:
            real_draw_hand(surface, v)
        finally:
            in_hand[0] = False
    table.card_faces.ct_face, table.painter.draw_hand = ct_face, draw_hand
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            key(pygame.K_RETURN)
        elif top is table and table.viewer_can_act and own_decision(table):
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        if match.open_window() is not None and top is table and {0, 1} <= set(match.state.waiting):
            break
        step(app)
    assert table.looking is None
    hand = match.view(1).hand
    own = sorted(k for k, n in zip(("cuong", "nhu", "ta_khi"), hand, strict=True) for _ in range(n))
    faces.clear()
    clock = table.clock
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
    step(app)
    assert faces == [], "a peek shows nothing before its cover is confirmed"
    drawn = strings_drawn(lambda: app.stack.draw(app.screen))
    assert any("Player 2 is looking" in s for s in drawn), drawn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q"))
    key(pygame.K_RETURN)
    step(app)
    assert sorted(faces) == own, "confirmed: seat 2's own hand, and nobody else's"
    assert table.clock > clock, "a peek does not stop the table's clock"
    faces.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_q, mod=0, unicode="q"))
    step(app)
    assert sorted(faces) == own
    faces.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_w, mod=0, unicode="w"))
    step(app)
    assert faces == [], "the hand is covered again on release"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
    step(app)
    assert faces == [], "a new press needs a new confirmation"
    since = table.clock - DT                 # the key went down before that frame's update
    while not faces and table.clock - since < 2 * PEEK_HOLD_S:
        step(app)
    assert sorted(faces) == own, "the key held past the confirm time shows the hand"
    assert PEEK_HOLD_S - 1e-9 <= table.clock - since <= PEEK_HOLD_S + DT + 1e-9
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_w, mod=0, unicode="w"))
    step(app)


def test_a_peek_outside_a_window_waiting_for_the_seat_is_refused_with_a_reason():
    from scenes.core.i18n import t
    app, table, agents = open_table(seed=4)
    match = table.match
    refused = {"no window": False, "not waited": False}
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            key(pygame.K_RETURN)
        elif top is table and table.viewer_can_act and own_decision(table):
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        elif top is table and table.looking is None and not table.anim.busy:
            ow = match.open_window()
            case = ("no window" if ow is None and match.state.phase == "turn"
                    else "not waited" if ow is not None and 0 not in match.state.waiting else None)
            if case is not None and not refused[case]:
                table.toast.show("")
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q"))
                step(app)
                assert table.toast.message == t("daotam_table.peek_refused", name="Player 1")
                assert table.peeker.peek is None and table.peeker.peek_cover() is None and table.peeker.peeking() is None
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_q, mod=0, unicode="q"))
                refused[case] = True
                if all(refused.values()):
                    break
        step(app)
    assert all(refused.values()), refused


# ------------------------------------------------------------ a whole hot-seat game
def act_by_events(table, seat, act) -> None:
    """Queue the mouse / key events that make ``act`` for the confirmed viewer ``seat``."""
    from scenes.tables.daotam.model import picks_for
    from tests.ui.helpers import click, drag
    phase = table.match.state.phase
    if phase == "turn" and act[0] == "claim":
        for i in picks_for(table.hand_list(), act[1]):
            click(table.hand_rects[i].center)
        key(pygame.K_c if act[2] == "cuong" else pygame.K_n)
    elif phase == "turn":
        click(table.action_buttons[2].rect.center)
    elif phase == "push":
        drag(table.push_chip.center, pygame.Rect(table.spots[act[1]].plate).center)
    elif phase == "option":
        key(pygame.K_RETURN if act == ("use",) else pygame.K_n)


def play_hot_seat(seed: int):
    """Two humans and an AI, everything through events; returns the stats of what happened."""
    app, table, agents = open_table(seed)
    match = table.match
    stats = {"race": None, "false_start": False, "push": 0, "handoffs": 0, "moves": 0}
    for _ in range(40000):
        top = app.stack.top
        if match.is_over():
            break
        if isinstance(top, HandoffScene):
            stats["handoffs"] += 1
            key(pygame.K_RETURN)
        elif top is table and table.viewer_can_act and own_decision(table):
            seat = table.viewer
            act = agents[seat].decide(match.view(seat), match.legal_actions(seat))
            before = len(match.log)
            if (not stats["false_start"] and match.state.phase == "turn"
                    and match.open_window() is None):
                key(pygame.K_1 + seat)            # a buzzer with no window open
                step(app)
                assert seat in match.desk.false_starts
                stats["false_start"] = True
            act_by_events(table, seat, act)
            step(app)
            assert match.log[before:before + 1] == [(seat, act)], (act, table.toast.message)
            stats["moves"] += 1
            stats["push"] += act[0] == "push"
            continue
        ow = match.open_window()
        if (stats["race"] is None and ow is not None and ow.window.kind == "challenge"
                and match.state.turn == 2 and set(match.state.waiting) == {0, 1}):
            n = len(match.events)
            key(pygame.K_2)                        # seat 1 and seat 0 in one frame
            key(pygame.K_1)
            step(app)
            for _ in range(20):
                if any(e.kind == "challenge" for e in match.events[n:]):
                    break
                step(app)
            stats["race"] = [e.seat for e in match.events[n:] if e.kind == "challenge"]
            continue
        step(app)
    return match, stats


def test_a_whole_hot_seat_game_by_events_with_a_same_frame_race_a_false_start_and_a_push():
    match, stats = play_hot_seat(SEED_HOT)
    assert match.is_over() and match.result().reason in ("khai_sang", "tru_vung", "round_limit")
    assert stats["race"] == [0], "same frame: the seat nearest clockwise after the actor wins"
    assert stats["false_start"] and stats["handoffs"] >= 4 and stats["moves"] >= 10
    assert stats["push"], "the chosen seed has a human push Tà Khí in Nhập Ma"
    assert any(e.kind == "nhap_ma" and match.seats[e.seat].is_human for e in match.events)
