"""The table driver without a screen: its clock ticks the Match, its cursor hands each
visible event once, its animations hold the Match, and the handoff policy is the game's."""

from __future__ import annotations

from game.match import Seat
from scenes.core.tween import Anim
from scenes.kit.driver import HandoffPolicy, NoHandoff, OwnTurnHandoff, TableDriver
from tests.engine.snap_rules import SnapAgent, first_card, humans, snap_match


class Hooks:
    def __init__(self) -> None:
        self.events, self.overs, self.handoffs, self.privacy = [], 0, [], 0
        self.driver: TableDriver | None = None
        self.anim_s = 0.0

    def on_event(self, event) -> None:
        self.events.append(event)
        if self.anim_s and self.driver is not None:
            self.driver.anim.add(Anim(self.anim_s))

    def on_over(self) -> None:
        self.overs += 1

    def show_handoff(self, seat: int) -> None:
        self.handoffs.append(seat)

    def on_privacy_change(self) -> None:
        self.privacy += 1


def test_the_driver_ticks_the_match_with_its_own_clock_and_hands_events_once():
    seats = [Seat("human"), Seat("t", SnapAgent(1, 0.5, "pass")), Seat("t", SnapAgent(2, 0.5, "pass"))]
    m = snap_match(seats)
    hooks = Hooks()
    d = TableDriver(m, hooks)
    seen: list[float] = []
    real = m.tick
    m.tick = lambda now: (seen.append(now), real(now))[1]
    assert d.cursor == len(m.events) and d.viewer == 0 and d.confirmed_viewer
    m.submit(0, first_card(m))
    for _ in range(4):
        d.update(0.25)
    assert seen == [0.25, 0.5, 0.75, 1.0]
    kinds = [e.kind for e in hooks.events]
    assert kinds[0] == "play" and kinds.count("play") == 1
    assert d.cursor == len(m.events)


def test_animations_hold_the_match_and_skip_jumps_them():
    seats = [Seat("human"), Seat("t", SnapAgent(1, 0.0, "pass")), Seat("t", SnapAgent(2, 0.0, "pass"))]
    m = snap_match(seats)
    hooks = Hooks()
    d = TableDriver(m, hooks)
    hooks.driver, hooks.anim_s = d, 10.0
    m.submit(0, first_card(m))
    assert not d.update(0.1)                # the play event queued a 10 s animation
    n = len(m.log)
    for _ in range(5):
        assert not d.update(0.1)
    assert len(m.log) == n and d.anim.busy and m.open_window() is None
    assert abs(d.clock - 0.6) < 1e-9        # the clock runs on; the Match waits
    d.skip()
    assert not d.anim.busy
    assert d.update(0.1)


def test_the_handoff_policy_is_the_games():
    m = snap_match(humans(3))
    hooks = Hooks()
    d = TableDriver(m, hooks)                # default: own turn (Ganjifa, Kowah)
    assert isinstance(d.policy, OwnTurnHandoff) and not d.confirmed_viewer
    d.update(0.1)
    assert hooks.handoffs == [0] and d.awaiting == 0
    d.update(0.1)
    assert hooks.handoffs == [0]             # one handoff, then wait
    d.accept(0)
    assert d.viewer == 0 and d.confirmed_viewer and d.looking == 0
    d.update(0.1)
    assert hooks.handoffs == [0]

    d2 = TableDriver(snap_match(humans(3)), Hooks(), policy=NoHandoff())
    d2.update(0.1)
    assert d2.hooks.handoffs == [] and d2.awaiting is None

    class EverySecondSeat(HandoffPolicy):
        def needed(self, driver):
            seat = driver.next_human()
            return seat if seat is not None and seat % 2 == 0 and seat != driver.viewer else None
    d3 = TableDriver(snap_match(humans(3)), Hooks(), viewer=1, policy=EverySecondSeat())
    d3.update(0.1)
    assert d3.hooks.handoffs == [0]
