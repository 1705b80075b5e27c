"""A TEST-ONLY table for the snap race ruleset (tests/engine/snap_rules.py), built from
the kit: seats around the ellipse, plates, a token per seat (turned over by each of
its seat's snaps), per-seat buzzers and the countdown ring (centre, and around each eligible
seat's buzzer). The seat whose turn it is plays its lowest card with Enter."""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Event
from scenes.core import fonts, theme
from scenes.core.tween import Anim
from scenes.kit.bluff.buzzers import Buzzers, cap_place, ring_radius
from scenes.kit.bluff.ring import CountdownRing, draw_burst, draw_ring
from scenes.kit.driver import HandoffPolicy, NoHandoff
from scenes.kit.seat_ring import SeatSpot, seat_ring
from scenes.tables.base import TableScene
from scenes.tables.daotam.token import Token


class SnapTable(TableScene):
    direction = "clockwise"

    def __init__(self, app: Any, match: Any) -> None:
        self.tokens = [Token() for _ in match.seats]
        self.ring = CountdownRing()
        self.buzzers = Buzzers(match.human_seats())
        self.top_card: int | None = None
        self.spots: list[SeatSpot] = []
        self.ticks = 0
        super().__init__(app, match)

    def make_handoff_policy(self) -> HandoffPolicy:
        return NoHandoff()          # nothing private: the screen never changes hands

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        super().layout()
        w, h = self.app.size
        self.spots = seat_ring(self.n, self.viewer, self.direction, (w, h))
        self.centre = (w / 2, h * 0.40)
        self.buzzers.layout(self.spots, self.centre)

    # ------------------------------------------------------------ events
    def on_event(self, event: Event) -> None:
        if event.kind == "play":
            card = event.data["card"]
            self.anim.add(Anim(0.2, end=lambda: setattr(self, "top_card", card)))
        elif event.kind == "snap":
            seat = event.seat
            burst = self.ring.stop(self.match, seat)
            if burst is not None:
                self.anim.add(burst)
            self.anim.add(self.tokens[seat].flip())     # every snap turns the snapper's token

    # ------------------------------------------------------------ input
    def buzz_action(self, seat: int) -> tuple | None:
        return ("snap",)

    def handle_urgent(self, event: pygame.event.Event) -> bool:
        return self.buzzers.press(event, self.clock, self.match, self.buzz_action,
                                  enabled=self.app.stack.top is self)

    def handle_game(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            v = self.match.view(None)
            turn = v["turn"]
            if v["phase"] == "play" and self.match.seats[turn].is_human and not self.anim.busy:
                self.match.submit(turn, self.match.legal_actions(turn)[0])
                return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ring.ticker.poll(self.ring.reading(self.match, self.clock)):
            self.ticks += 1
            self.app.audio.play("tick")

    # ----------------------------------------------------------- drawing
    def eligible(self) -> set[int]:
        ow = self.match.open_window()
        if ow is None:
            return set()
        return {s for s in ow.window.seats if s in self.match.active_seats()}

    def draw_game(self, surface: pygame.Surface) -> None:
        u = self.app.u
        reading = self.ring.reading(self.match, self.clock)
        if self.top_card is not None:
            card = pygame.Rect(0, 0, round(9 * u), round(12.6 * u))
            card.center = (round(self.centre[0]), round(self.centre[1]))
            pygame.draw.rect(surface, (245, 240, 228), card, border_radius=round(0.8 * u))
            img = fonts.text(str(self.top_card % 3 + 1), round(5 * u), theme.INK, "bold")
            surface.blit(img, img.get_rect(center=card.center))
        if reading is not None:
            rect = draw_ring(surface, self.centre, 9 * u, 0.6 * u, reading)
            if reading.seconds_label:
                img = fonts.text(reading.seconds_label, round(2.3 * u), theme.IVORY, "bold")
                surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.bottom + round(0.5 * u))))
        live = self.eligible()
        scores = self.match.view(None)["scores"]
        for spot in self.spots:
            x, y, w, h = spot.plate
            d = max(6, round(h * 0.7))
            self.plates.draw(surface, spot.seat, spot.centre,
                            [self.seat_name(spot.seat), str(scores[spot.seat])], size=(w, h),
                            inset_right=d)
            self.tokens[spot.seat].draw(surface, (x + w - d * 0.75, y + h / 2), d, u)
        for seat in live:
            c, r = cap_place(self.spots[seat], self.centre)
            if reading is not None and not reading.stopped:
                ring_r, stroke = ring_radius(r)
                draw_ring(surface, c, ring_r, stroke, reading)
        self.buzzers.draw(surface, self.clock, live)
        if self.ring.burst_seat is not None and self.ring.burst_p < 1:
            c, r = cap_place(self.spots[self.ring.burst_seat], self.centre)
            draw_burst(surface, c, r * 1.6, self.ring.burst_p)


def snap_table_app(n: int = 3, size: tuple[int, int] = (1280, 720), seats: list | None = None,
                   speed: float = 1.0, **match_kw: Any) -> tuple[Any, SnapTable]:
    from tests.engine.snap_rules import humans, snap_match
    from tests.ui.helpers import make_app
    app = make_app(size=size, speed=speed)
    match = snap_match(seats or humans(n), **match_kw)
    table = SnapTable(app, match)
    app.stack.push(table)
    return app, table


def frame(app: Any, dt: float = 1 / 60) -> None:
    """One deterministic frame: the posted events, then ``dt`` of table time, then draw."""
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.update(dt)
    app.stack.draw(app.screen)
