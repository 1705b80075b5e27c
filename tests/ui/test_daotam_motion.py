"""The Đạo Tâm table's §3.5 moments (scenes/tables/daotam/effects.py), each started by its
engine event and seen on the table: a challenge's strike line and the challenger's flash,
a caught lie and a true claim told apart (who pays, which token turns), the âm-dương of a
public play, a stolen shout, a Chính Đạo draw's three legs, Nhập Ma's smoke and the
Khai Sáng white-belt sweep — each skipped by speed 0 and by the table's skip, and under
reduced motion without particles or movement.

The events are handed to the table as the driver would (``table.on_event``) and only the
animation queue is stepped, so each moment is met at a known point of its course."""

from __future__ import annotations

import pygame
import pytest

from game.core import Event
from game.match import Match, Seat
from scenes.tables.daotam import DaoTamTable
from scenes.tables.daotam import effects as fxm
from scenes.tables.daotam import paint as paint_mod
from tests.ui.helpers import make_app

DT = 1 / 60
SIZE = (640, 400)


def table_for(speed: float = 1.0, reduced: bool = False, n: int = 3):
    app = make_app(size=SIZE, speed=speed)
    app.settings.anim_speed = speed
    app.settings.reduced_motion = reduced
    match = Match("daotam", [Seat("normal")] * n, 5, {"first": 0})
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    table.anim.speed, table.anim.reduced = speed, reduced
    return app, table


def run_until(table, cond, limit: float = 3.0) -> bool:
    """Step the animation queue (and the table's clock) until ``cond()``; False if never."""
    t = 0.0
    while t < limit:
        if cond():
            return True
        table.anim.update(DT)
        table.driver.clock += DT
        t += DT
    return cond()


def frame(app, table) -> pygame.Surface:
    surf = pygame.Surface(SIZE)
    table.draw(surf)
    return surf


def claim_then(table, *events: Event) -> None:
    """Seat 0 claims one card as Cương; then ``events``."""
    for ev in (Event("claim", 0, {"count": 1, "call": "cuong"}),) + events:
        table.on_event(ev)


CHALLENGE = Event("challenge", 1, {"actor": 0})


def lie(dao_tam: int = 2) -> tuple[Event, ...]:
    return (Event("reveal", 0, {"cards": ["ta_khi"], "call": "cuong", "truthful": False}),
            Event("lose", 0, {"why": "caught", "dao_tam": dao_tam}))


def truth() -> tuple[Event, ...]:
    return (Event("reveal", 0, {"cards": ["cuong"], "call": "cuong", "truthful": True}),
            Event("lose", 1, {"why": "wrong_challenge", "dao_tam": 2}))


def differs(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    """How many sampled pixels of ``rect`` differ between two frames."""
    rect = rect.clip(a.get_rect())
    return sum(a.get_at((x, y)) != b.get_at((x, y))
               for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2))


# ------------------------------------------------------------------ challenge
def test_a_challenge_strikes_the_claim_and_flashes_the_challengers_plate():
    app, table = table_for()
    claim_then(table, CHALLENGE)
    assert run_until(table, lambda: (table.effects.get("strike") or (0,))[0] > 0.3)
    p, data = table.effects.get("strike")
    assert data["seat"] == 1 and p < 1
    box = table.painter.claim_box()
    plate = pygame.Rect(table.spots[1].plate)
    with_fx = frame(app, table)
    live = dict(table.effects.live)
    table.effects.live.pop("strike")
    without = frame(app, table)
    table.effects.live.update(live)
    assert differs(with_fx, without, box.inflate(round(4 * app.u), 0)) > 20, "no strike line across the claim"
    assert differs(with_fx, without, plate) > 20, "the challenger's plate does not flash"
    # ivory on the line: a pixel of the slash, half-way along it, is light
    cx, cy = box.center
    assert max(with_fx.get_at((cx, cy))[:3]) > 200


def test_a_challenge_moment_is_skipped_by_speed_0_and_by_the_skip():
    app, table = table_for(speed=0.0)
    claim_then(table, CHALLENGE)
    table.anim.update(DT)
    assert "strike" in table.effects.started and not table.effects.live, "speed 0: straight to the end"
    app, table = table_for()
    claim_then(table, CHALLENGE)
    assert run_until(table, lambda: table.effects.get("strike") is not None)
    table.driver.skip()                      # a click or Space
    assert not table.effects.live and not table.anim.busy


# ------------------------------------------------------------------ verdicts
@pytest.mark.parametrize("kind", ["lie", "truth"])
def test_a_caught_lie_and_a_true_claim_show_who_pays_and_which_token_turns(kind):
    app, table = table_for()
    claim_then(table, CHALLENGE, *(lie() if kind == "lie" else truth()))
    payer = 0 if kind == "lie" else 1
    assert run_until(table, lambda: table.effects.get("verdict") is not None)
    p, data = table.effects.get("verdict")
    assert data == {"caught": kind, "payer": payer}
    assert table.model.caught == kind
    colour = fxm.LIE if kind == "lie" else fxm.TRUTH
    img = frame(app, table)
    plate = pygame.Rect(table.spots[payer].plate).inflate(round(1.2 * app.u), round(1.2 * app.u))
    edge = [img.get_at((x, plate.top))[:3] for x in range(plate.left + 8, plate.right - 8, 4)]
    assert sum(c == colour for c in edge) > len(edge) // 2, "the payer's plate is outlined in the verdict's colour"
    card = table.geometry.claim_rects(1)[0]
    mark = [img.get_at((x, y))[:3] for x in range(card.centerx, card.right) for y in range(card.centery, card.bottom)]
    assert colour in mark, "the card carries the verdict's mark"
    other = fxm.TRUTH if kind == "lie" else fxm.LIE
    assert other not in mark
    # then the payer's token turns, ringed, the third one of three
    assert run_until(table, lambda: table.effects.get("token") is not None)
    assert table.effects.get("token")[1] == {"seat": payer, "index": 2, "to": "ta_niem"}


# ------------------------------------------------------------------ public play
def test_a_public_play_joins_the_am_duong_beside_the_race_and_a_skip_ends_it():
    calls = []
    real = fxm.draw_am_duong_motion
    fxm.draw_am_duong_motion = lambda *a, **kw: (calls.append(a[3]), real(*a, **kw))
    try:
        app, table = table_for()
        table.on_event(Event("public", 0, {"cards": ["cuong", "nhu"]}))
        assert run_until(table, lambda: table.effects.get("am_duong", table.driver.clock) is not None)
        assert not table.anim.busy, "the queue is free: the race's window is not held back"
        p, _ = table.effects.get("am_duong", table.driver.clock)
        frame(app, table)
        assert calls and 0 <= calls[-1] < 1
        assert fxm.SPEC_S["am_duong"] == pytest.approx(0.75)       # 300 + 450 ms (§3.5)
        table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
        assert table.effects.get("am_duong", table.driver.clock) is None, "Space ends it"
    finally:
        fxm.draw_am_duong_motion = real
    for speed, reduced in ((0.0, False), (1.0, True)):
        app, table = table_for(speed=speed, reduced=reduced)
        table.on_event(Event("public", 0, {"cards": ["cuong", "nhu"]}))
        run_until(table, lambda tb=table: not tb.anim.busy)
        assert "am_duong" in table.effects.started
        assert table.effects.get("am_duong", table.driver.clock) is None, (speed, reduced)


def test_the_halves_slide_together_then_turn():
    surf = pygame.Surface((200, 200), pygame.SRCALPHA)
    fxm.draw_am_duong_motion(surf, (100, 100), 30, 0.0, 120)     # apart: the middle is empty
    assert surf.get_at((100, 100)).a == 0
    surf.fill((0, 0, 0, 0))
    fxm.draw_am_duong_motion(surf, (100, 100), 30, 0.99, 120)    # joined and turned 90°
    from scenes.tables.daotam.cards import KIND_COLOUR
    left, right = surf.get_at((80, 100))[:3], surf.get_at((120, 100))[:3]
    assert {left, right} == {KIND_COLOUR["cuong"], KIND_COLOUR["nhu"]}


# ------------------------------------------------------------------ shout race
def test_a_stolen_shout_is_drawn_from_the_pair_to_the_thief_and_the_winner_pops():
    app, table = table_for()
    table.on_event(Event("public", 0, {"cards": ["cuong", "nhu"]}))
    run_until(table, lambda: not table.anim.busy)
    table.on_event(Event("race_won", 2, {"winner": 2}))
    assert run_until(table, lambda: table.effects.get("steal") is not None)
    assert table.effects.get("steal")[1] == {"from": 0, "to": 2}
    assert run_until(table, lambda: table.model.pop is not None and table.model.pop[1] > 0.3)
    assert table.model.pop[0] == 2
    pops = [a for a in table.anim.running + table.anim.waiting if getattr(a, "fx", "") == "pop"]
    assert pops and pops[0].duration == pytest.approx(fxm.POP_S) and fxm.POP_S == pytest.approx(0.2)
    # the actor's own shout is not stolen
    app, table = table_for()
    table.on_event(Event("public", 0, {"cards": ["cuong", "nhu"]}))
    run_until(table, lambda: not table.anim.busy)
    table.on_event(Event("race_won", 0, {"winner": 0}))
    run_until(table, lambda: not table.anim.busy)
    assert "steal" not in table.effects.started and "pop" not in table.effects.started


def test_the_steal_stroke_is_drawn():
    app, table = table_for()
    table.on_event(Event("public", 0, {"cards": ["cuong", "nhu"]}))
    run_until(table, lambda: not table.anim.busy)
    table.on_event(Event("race_won", 2, {"winner": 2}))
    assert run_until(table, lambda: (table.effects.get("steal") or (0,))[0] > 0.6)
    with_fx = frame(app, table)
    live = dict(table.effects.live)
    table.effects.live.pop("steal")
    without = frame(app, table)
    table.effects.live.update(live)
    a, b = pygame.Rect(table.spots[0].plate), pygame.Rect(table.spots[2].plate)
    assert differs(with_fx, without, a.union(b)) > 20


# ------------------------------------------------------------------ Chính Đạo draw
def test_a_chinh_dao_draw_flies_up_turns_over_and_goes_to_its_slot_in_280_280_300_ms():
    app, table = table_for()
    steps = []
    real = table.anim.add
    table.anim.add = lambda a: (steps.append(a), real(a))[1]
    table.on_event(Event("chinh_dao", 1, {"card": "tn01", "why": "race"}))
    table.on_event(Event("open", 1, {"card": "tn01", "stage": "hanh_dao"}))
    timed = [round(a.duration, 2) for a in steps if a.duration > 0]
    assert timed[:2] == [0.28, 0.28] and 0.30 in timed[2:], timed
    assert run_until(table, lambda: any(s.card == ("cd", None) for s in table.flying)), "flies up face down"
    assert run_until(table, lambda: table.model.cd_shown == (1, "tn01") and 0.2 < table.model.cd_x < 0.8)
    assert run_until(table, lambda: any(s.card == ("cd", "tn01") for s in table.flying)), "then to the seat"
    assert run_until(table, lambda: not table.anim.busy)
    assert (1, "hanh_dao") not in table.model.hidden_slots


# ------------------------------------------------------------------ Nhập Ma
def test_nhap_ma_smokes_and_the_seat_stays_grey_with_a_violet_rim_and_no_particles_when_reduced():
    drawn = []
    real = paint_mod.fxm.draw_smoke
    paint_mod.fxm.draw_smoke = lambda *a, **kw: (drawn.append(a[2]), real(*a, **kw))
    try:
        app, table = table_for()
        table.on_event(Event("nhap_ma", 1, {"lost": 3}))
        assert run_until(table, lambda: (table.effects.get("ma") or (0,))[0] > 0.2)
        frame(app, table)
        assert drawn, "smoke rises from the seat"
        drawn.clear()
        app, table = table_for(reduced=True)
        table.on_event(Event("nhap_ma", 1, {"lost": 3}))
        for _ in range(40):
            table.anim.update(DT)
            frame(app, table)
        assert "ma" in table.effects.started and not drawn, "reduced motion: no particles"
        table.effects.live["ma"] = (0.5, {"seat": 1})         # even were it still playing
        frame(app, table)
        assert not drawn, "reduced motion: no particles"
    finally:
        paint_mod.fxm.draw_smoke = real


def test_a_seat_in_nhap_ma_is_greyed_with_a_violet_rim():
    greyed = []
    real = paint_mod.fxm.desaturate
    paint_mod.fxm.desaturate = lambda surface, rect, amount=0.7: (greyed.append((tuple(rect), amount)),
                                                                real(surface, rect, amount))
    try:
        app, table = table_for()
        table.match.state.status[1] = "possessed"          # (the view is read each frame)
        table.match.forget_views()                          # changed behind the Match's back
        img = frame(app, table)
    finally:
        paint_mod.fxm.desaturate = real
    plate = pygame.Rect(table.spots[1].plate)
    assert greyed and all(amount == pytest.approx(0.7) for _, amount in greyed)
    assert tuple(plate) in [r for r, _ in greyed] and len(greyed) == 1, "only that seat's plate"
    from scenes.tables.daotam.captions import GHOST
    assert img.get_at((plate.centerx, plate.top))[:3] == GHOST, "a violet rim"


def test_desaturate_greys_by_seventy_percent():
    surf = pygame.Surface((10, 10))
    surf.fill((200, 40, 40))
    fxm.desaturate(surf, surf.get_rect(), 0.7)
    r, g, b = surf.get_at((5, 5))[:3]
    grey = 0.299 * 200 + 0.587 * 40 + 0.114 * 40
    assert abs(r - (200 + 0.7 * (grey - 200))) < 8 and abs(g - (40 + 0.7 * (grey - 40))) < 8


# ------------------------------------------------------------------ Khai Sáng
def test_khai_sang_sweeps_a_white_belt_across_in_900_ms():
    app, table = table_for()
    table.on_event(Event("win", None, {"winners": [0], "reason": "khai_sang"}))
    sweeps = [a for a in table.anim.waiting if getattr(a, "fx", "") == "sweep"]
    assert sweeps and sweeps[0].duration == pytest.approx(0.9)
    assert run_until(table, lambda: 0.8 < table.fx.sweep_p < 0.95)
    img = frame(app, table)
    row = fxm.khai_row(SIZE, table.centre, (10, 10), app.u)[0]
    y = row.centery
    belt = [img.get_at((x, y))[:3] for x in range(4, SIZE[0] // 4, 3)]
    assert sum(c == fxm.WHITE_BELT for c in belt) > len(belt) // 2, "the white belt runs across"
    table.driver.skip()
    assert not table.anim.busy and "sweep" not in table.effects.live


MOMENTS = {
    "strike": (Event("claim", 0, {"count": 1, "call": "cuong"}), CHALLENGE),
    "verdict": (Event("claim", 0, {"count": 1, "call": "cuong"}), CHALLENGE, *lie()),
    "token": lie(),
    "steal": (Event("public", 0, {"cards": ["cuong", "nhu"]}), Event("race_won", 2, {"winner": 2})),
    "ma": (Event("nhap_ma", 1, {"lost": 3}),),
    "sweep": (Event("win", None, {"winners": [0], "reason": "khai_sang"}),),
}


@pytest.mark.parametrize("kind", list(MOMENTS))
def test_every_moment_ends_at_once_at_speed_0_and_on_the_skip(kind):
    app, table = table_for(speed=0.0)
    for ev in MOMENTS[kind]:
        table.on_event(ev)
    table.anim.update(DT)
    assert kind in table.effects.started and not table.effects.live and not table.anim.busy
    app, table = table_for()
    for ev in MOMENTS[kind]:
        table.on_event(ev)
    assert run_until(table, lambda: table.effects.get(kind) is not None), kind
    table.driver.skip()
    assert not table.effects.live and not table.anim.busy and table.model.sweep in (None, ((0,), 1.0))
