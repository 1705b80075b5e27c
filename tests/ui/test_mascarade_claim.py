"""The counter-claim ask: timers off by default (the asked human is waited for), and with
the optional timer a ring runs round the asked seat and a silent seat passes."""

from __future__ import annotations

from game.match import Match, Seat
from scenes.tables.mascarade import MascaradeTable
from scenes.tables.mascarade import paint as paint_mod
from tests.ui.helpers import make_app
from tests.ui.mascarade_drive import frame

SEATS = ["normal", "normal", "normal", "human"]


def _asked_human(timers: bool | None):
    app = make_app(speed=0.0)
    app.settings.anim_speed = 1.0
    match = Match("mascarade", [Seat(k) for k in SEATS], 6, {}, timers=timers)
    table = MascaradeTable(app, match, fresh=True)
    app.stack.push(table)
    for _ in range(5000):
        frame(app)
        v = match.view(None)
        if v.asked == 3 and not table.anim.busy:
            return app, match, table
        if table.controls.actor() == 3 and v.phase == "turn":     # the human's own turn: swap or not
            table.controls.pick_card(v.hands[0][0])
            table.controls.choose(("bit", 0))
    raise AssertionError("the human was never asked")


def test_with_timers_off_the_asked_human_is_waited_for():
    app, match, table = _asked_human(None)
    n = len(match.log)
    for _ in range(600):                 # 30 s of table time
        frame(app)
    assert len(match.log) == n and match.view(None).asked == 3


def test_with_the_timer_a_ring_runs_and_silence_passes(monkeypatch):
    rings = []
    real = paint_mod.draw_ring
    monkeypatch.setattr(paint_mod, "draw_ring", lambda *a, **k: rings.append(a) or real(*a, **k))
    app, match, table = _asked_human(True)
    start = len(match.events)

    def answered() -> bool:
        return any(e.kind in ("pass", "claim") and e.seat == 3 for e in match.events[start:])
    for _ in range(400):                 # 20 s: past the 12 s ask
        frame(app)
        if answered():
            break
    assert rings, "no ring round the asked seat"
    assert [e.kind for e in match.events[start:] if e.seat == 3] == ["pass"]
