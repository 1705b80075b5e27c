"""The table driver: owns the table's own clock (the one the Match is ticked with), the
event cursor, the animation queue the events become, skipping, and asks the game's
handoff policy which viewer changes need a handoff. No pygame: a table wires it to its
scene through :class:`DriverHooks`, and tests can drive it bare.

One frame (:meth:`TableDriver.update`): the clock advances; running animations advance;
while none run, the engine's new events visible to the viewer are handed to the table
(which queues their animations); at the end of the match the table is told once;
when the policy asks for a handoff, the table is asked to show one and the driver
waits; otherwise the Match is ticked with the clock and the new events are consumed.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.core import Event
from scenes.core.tween import AnimQueue


class DriverHooks(Protocol):
    """What the driver calls on its table."""

    def on_event(self, event: Event) -> None: ...
    def on_over(self) -> None: ...
    def show_handoff(self, seat: int) -> None: ...
    def on_privacy_change(self) -> None: ...


class HandoffPolicy:
    """Which human must hold the screen before the table may show their private things
    (hot-seat play). A game supplies its own; this base never hands off."""

    def needed(self, driver: TableDriver) -> int | None:
        """The human seat to hand the screen to now, or None (the viewer may go on)."""
        return None

    def must_cover(self, driver: TableDriver) -> bool:
        """Whether the confirmed viewer's private things must be covered now."""
        return False


class NoHandoff(HandoffPolicy):
    """Nothing to hand off: every seat's screen-time is public (a party race)."""


class DecisionHandoff(HandoffPolicy):
    """With several humans on one screen, the screen is handed to the human whose private
    decision comes next; as soon as the viewer's own is over the table goes public again.
    A game says whose decision needs privacy through :meth:`decision_seat`. Only screen
    seats count: a phone seat decides on its phone, never behind a handoff."""

    def decision_seat(self, driver: TableDriver) -> int | None:
        """The screen seat about to make a decision only they may see, or None."""
        return None

    def needed(self, driver: TableDriver) -> int | None:
        if len(driver.match.screen_seats()) <= 1:
            return None
        seat = self.decision_seat(driver)
        if seat is None or (seat == driver.viewer and driver.confirmed_viewer):
            return None
        return seat

    def must_cover(self, driver: TableDriver) -> bool:
        if len(driver.match.screen_seats()) <= 1:
            return False
        return self.decision_seat(driver) != driver.viewer


class OwnTurnHandoff(DecisionHandoff):
    """Trick and draw games: a human's own turn is private (one seat acts at a time, so the
    next human to act is the viewer exactly while it is the viewer's turn)."""

    def decision_seat(self, driver: TableDriver) -> int | None:
        return driver.next_human()


def public_table(match: Any) -> bool:
    """A table with phone seats and nobody at the screen: it shows only public things."""
    return not match.screen_seats() and any(s.is_phone for s in match.seats)


class TableDriver:
    """Drives one Match for one table (see the module docstring)."""

    def __init__(self, match: Any, hooks: DriverHooks, viewer: int | None = None,
                 policy: HandoffPolicy | None = None, speed: float = 1.0) -> None:
        self.match = match
        self.hooks = hooks
        humans = match.screen_seats()
        self.viewer = viewer if viewer is not None else (humans[0] if humans else 0)
        # With several humans on one screen nobody is looking until a handoff is confirmed;
        # with phone seats and no screen human, nobody ever is (the phones hold the hands).
        self.confirmed_viewer = len(humans) <= 1 and not public_table(match)
        self.policy = policy or OwnTurnHandoff()
        self.anim = AnimQueue(speed=speed)
        self.clock = 0.0
        self.cursor = len(match.events)
        self.over_shown = False
        self.awaiting: int | None = None      # the seat a shown handoff waits for

    # ------------------------------------------------------------ queries
    @property
    def looking(self) -> int | None:
        return self.viewer if self.confirmed_viewer else None

    def next_human(self) -> int | None:
        """The screen seat the rules wait for now (the first active one), if any: a phone
        seat acts on its phone."""
        if self.match.is_over():
            return None
        for s in self.match.active_seats():
            if self.match.seats[s].at_screen:
                return s
        return None

    def handoff_needed(self) -> int | None:
        return self.policy.needed(self)

    # ------------------------------------------------------------ driving
    def update(self, dt: float, think_scale: float = 1.0) -> bool:
        """One frame of the table's time; True if the Match was ticked."""
        self.clock += dt
        self.guard_privacy()
        self.anim.update(dt)
        if self.anim.busy:
            return False
        self.consume()
        if self.anim.busy:
            return False
        if self.match.is_over():
            if not self.over_shown:
                self.over_shown = True
                self.hooks.on_over()
            return False
        if self.wait_for_handoff():
            return False
        self.match.think_scale = think_scale
        self.match.tick(self.clock)
        self.guard_privacy()
        self.consume()
        return True

    def consume(self) -> None:
        """Hand every new engine event the viewer may see to the table."""
        events = self.match.events
        while self.cursor < len(events):
            ev = events[self.cursor]
            self.cursor += 1
            if ev.visible_to(self.viewer):
                self.hooks.on_event(ev)

    def skip(self) -> None:
        """Jump every queued animation to its end state."""
        self.anim.skip()

    def catch_up(self) -> None:
        """The table was rebuilt from the current state: past events are not replayed."""
        self.cursor = len(self.match.events)

    # ------------------------------------------------------------ handoff
    def guard_privacy(self) -> None:
        """Cover the confirmed viewer's things as soon as the policy says so."""
        if self.confirmed_viewer and self.policy.must_cover(self):
            self.confirmed_viewer = False
            self.hooks.on_privacy_change()

    def wait_for_handoff(self) -> bool:
        """True while a handoff is shown or one has just been asked for."""
        if self.awaiting is not None:
            return True
        seat = self.handoff_needed()
        if seat is None:
            return False
        self.guard_privacy()
        self.awaiting = seat
        self.hooks.show_handoff(seat)
        return True

    def accept(self, seat: int) -> None:
        """The handoff was confirmed: the only way the viewer changes."""
        self.awaiting = None
        self.viewer = seat
        self.confirmed_viewer = True
        self.anim.skip()
