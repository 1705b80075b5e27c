"""The shared table: wiring over the kit's :class:`~scenes.kit.driver.TableDriver` (which
drives the Match on the table's clock, hands engine events to ``on_event`` and asks the
game's handoff policy), plus hot-seat handoff screens, seat plates, toasts, F1 rules,
Esc menu and animation skipping.

A game's table subclasses :class:`TableScene` and supplies the visual state
(``reset_visual``), the event animations (``on_event``), its drawing and its input.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from game.core import Event, IllegalAction
from game.match import Match
from game.saves import HUMAN_KINDS
from scenes.core import fonts, i18n, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.kit.card_art import WarmQueue
from scenes.kit.driver import HandoffPolicy, OwnTurnHandoff, TableDriver
from scenes.kit.feedback import Feedback
from scenes.kit.flights import Flights
from scenes.kit.gestures import Gestures
from scenes.kit.header import FadeLayer, TableHeader
from scenes.kit.hint_bubble import Assists
from scenes.kit.outcome import TableResults
from scenes.kit.parts import Borrowed
from scenes.kit.phones import TablePhones
from scenes.kit.plates import SeatPlates, direction_layer, plate_panel  # noqa: F401 - old import path
from scenes.kit.privacy import Privacy
from scenes.kit.zoom import CardZoom, ZoomCard
from scenes.tables.felt import TableStyle, table_surface
from scenes.tables.registry import make_table
from scenes.tables.sprites import Sprite


def _optional(table: Any, name: str, default: Callable[..., Any] | None = None) -> Callable[..., Any]:
    """A hook only some tables implement (``item_at``, ``error_params``…), looked up when
    called: the table's own if it has one, else ``default``."""
    def call(*args: Any) -> Any:
        fn = getattr(table, name, None) or default
        return fn(*args) if fn else None
    return call


def toast_place(table: Any) -> tuple[tuple[int, int], int | None]:
    """Where a table's toast is centred and how wide it may be (None: as wide as its
    words): the table's own ``toast_place`` hook if it has one (a line of its own above the
    hand), else centred above the hand."""
    own = getattr(table, "toast_place", None)
    if own is not None:
        return own()
    return (table.app.size[0] // 2, round(table.hand_top() - 11 * table.app.u)), None


class _DriverHooks:
    """What the driver calls, routed to the table's parts."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def on_event(self, event: Event) -> None:
        self.table.on_event(event)

    def on_over(self) -> None:
        self.table.results.finish()

    def show_handoff(self, seat: int) -> None:
        self.table.privacy.show_handoff(seat)

    def on_privacy_change(self) -> None:
        self.table.on_privacy_change()


def _accepted(table: TableScene) -> None:
    """A confirmed handoff: rebuild the table for its new viewer."""
    table.reset_visual()
    table.driver.catch_up()
    table.layout()
    table.on_privacy_change()
    table.zoom.reset()


class TableScene(Scene):
    """Wiring over a :class:`~scenes.kit.driver.TableDriver` and the parts a table holds:
    the driver owns the clock, the event cursor, the animation queue and the handoff
    policy; ``header`` (top buttons, deal line, rules and pause), ``privacy`` (which faces
    show, handoff screens), ``flights`` (cards in the air), ``feedback`` (toast, refusals),
    ``plates`` (seat plates, direction arrows), ``gestures`` (hover, drag), ``results``,
    ``assists`` (hint, undo), ``zoom`` and ``fade``. The scene paints, takes input and
    pushes the scenes the driver asks for.

    Hooks a table implements: ``reset_visual``, ``on_event``, ``layout``, ``draw_game``,
    ``handle_game``, ``draw_card``, ``hand_top`` and the optional ones below. Hooks only
    some tables have (no default here; the parts look them up): ``item_at``,
    ``on_gesture``, ``on_drag_motion`` (pointer tables), ``handle_urgent`` (input a
    click-to-skip must never eat), ``error_params``, ``result_headline``, ``score_text``,
    ``result_extra_height``, ``draw_result_extra`` (the results panel)."""

    style = TableStyle((58, 34, 24), (74, 44, 31))
    direction = "counter_clockwise"
    rules_game = ""
    reveal_all = False      # a finished game's replay, faces up: every face the table knows
    toasts_follow_turns = False     # turn by turn: a refused move's reason goes with its decision
    warm_queue: WarmQueue | None = None     # card images painted ahead (a table's own art)
    head_bottom = 0         # the bottom of the line a table draws top left (title, round), set as it draws it
    frame_cpu0 = 0.0        # this frame's start in CPU time: the warm-up's budget counts from it
    phones: TablePhones | None = None       # a table with phone seats: the room's side (issue 17)

    def __init__(self, app: Any, match: Match, viewer: int | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.n = len(match.seats)
        self.driver = TableDriver(match, _DriverHooks(self), viewer, self.make_handoff_policy(),
                                  app.settings.anim_speed)
        self.header = TableHeader(app, match, self.rules_game, self)
        self.privacy = Privacy(app, match, self.driver, lambda: self.reveal_all, self.seat_name,
                               lambda seat: self.handoff_preview(seat), lambda seat: _accepted(self),
                               self.header.open_pause, self.header.open_rules)
        self.feedback = Feedback(app, match, lambda: self.viewer, self.toasts_follow_turns,
                                 _optional(self, "error_params", lambda err: dict(err.params)))
        self.toast = self.feedback.toast
        self.flights = Flights(self.driver, lambda: self.app.size[1],
                               lambda surface, sprite: self.draw_card(surface, sprite),
                               lambda: self.reveal_all)
        self.plates = SeatPlates(app, match, lambda: self.viewer, lambda: self.clock,
                                 lambda: self.direction)
        self.gestures = Gestures(_optional(self, "item_at"), _optional(self, "on_gesture"),
                                 _optional(self, "on_drag_motion"), lambda: self.clock)
        self.results = TableResults(
            app, match, self.seat_name, self, lambda: self.clock,
            headline=_optional(self, "result_headline") if hasattr(self, "result_headline") else None,
            score_text=_optional(self, "score_text") if hasattr(self, "score_text") else None,
            extra_height=(_optional(self, "result_extra_height")
                          if hasattr(self, "result_extra_height") else None),
            draw_extra=(_optional(self, "draw_result_extra")
                        if hasattr(self, "draw_result_extra") else None))
        self.fade = FadeLayer(self.driver)
        self.turn_banner = 0.0
        self.last_turn: int | None = None
        self.assists = Assists(self, make_table)  # hint (H) and undo (U), scenes.kit.hint_bubble
        self.zoom = CardZoom(self)        # any card enlarged with its text, scenes.kit.zoom
        party = getattr(app, "party", None)
        if (party is not None and getattr(party, "room", None) is not None
                and party.room.game == match.game and any(s.kind == "phone" for s in match.seats)):
            self.phones = TablePhones(self, party)    # the phones' intents, screens and card art
        self.reset_visual()
        self.driver.catch_up()
        self.layout()

    # ------------------------------------------- the parts' state, by its old names
    viewer = Borrowed("driver", "viewer")
    confirmed_viewer = Borrowed("driver", "confirmed_viewer")
    cursor = Borrowed("driver", "cursor")
    clock = Borrowed("driver", "clock")
    anim = Borrowed("driver", "anim")
    over_shown = Borrowed("driver", "over_shown")
    flying = Borrowed("flights", "flying")
    handoff = Borrowed("privacy", "handoff")
    drag = Borrowed("gestures", "drag")
    hover = Borrowed("gestures", "hover")
    top_buttons = Borrowed("header", "top_buttons")
    menu_button = Borrowed("header", "menu_button")
    rules_button = Borrowed("header", "rules_button")

    def make_handoff_policy(self) -> HandoffPolicy:
        """The game's handoff policy (by default a human's own turn)."""
        return OwnTurnHandoff()

    # ----------------------------------------------------------- hooks
    def reset_visual(self) -> None:
        """Rebuild the drawn state from ``self.match.view(self.viewer)``."""

    def on_event(self, event: Event) -> None:
        """Queue the animation for one engine event visible to the viewer."""

    def layout(self) -> None:
        """Compute rects for the current window size."""
        self.header.layout()

    def draw_game(self, surface: pygame.Surface) -> None:
        """Draw the table's own content (cards, hands, piles)."""

    def handle_game(self, event: pygame.event.Event) -> bool:
        """Input for the game (only called when the viewer may act or look)."""
        return False

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        """Where a suggested ``action`` is on screen (cards, buttons) for the hint's outline."""
        return []

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        """The card under ``pos`` to read enlarged (scenes.kit.zoom): only a face this
        screen shows now, never a back or a hidden hand."""
        return None

    def zoom_focused(self) -> ZoomCard | None:
        """The card the keyboard focus is on, to read enlarged (as ``zoom_at``)."""
        return None

    def seat_name(self, seat: int) -> str:
        """The seat's name as the table writes it: "You" (an i18n ``you`` person, so
        sentences agree: "You claim") for the one human, else "Player 2", "AI 3 · Hard"."""
        kind = self.match.seats[seat].kind
        if kind == "phone" and self.phones is not None and self.phones.name(seat):
            return i18n.person(self.phones.name(seat))      # the name the phone joined with
        if kind in HUMAN_KINDS:
            if kind == "human" and len(self.match.screen_seats()) == 1:
                return i18n.person(t("seat.you"), you=True)
            return i18n.person(t("seat.player", n=seat + 1))
        return i18n.person(t("seat.ai", n=seat + 1, level=t(f"level.{kind}")))

    # --------------------------------------------------------- privacy
    @property
    def looking(self) -> int | None:
        """The seat whose private things may be drawn (``privacy.looking``)."""
        return self.driver.looking

    def spare_time(self, started: float) -> None:
        """After the frame is drawn (:meth:`App.step`): warm-up jobs in what is left of its
        budget of work, counted in CPU time from the start of this frame's update. Not
        while drawing: the hot-seat privacy test counts every face asked for then."""
        self.results.prepare_step(time.thread_time() - self.frame_cpu0)    # the results panel, once over
        if self.warm_queue:
            self.warm_queue.run_in_spare(self.frame_cpu0, self.app.size)
        self.zoom.spare(self.frame_cpu0)

    def show_truth(self, state: Any) -> None:
        """A finished game's replay, faces up: the engine state at the replay's move. A
        table whose view hides cards it can draw (face-down positions) shows
        them from it; the others already show every hand the replay panel lists."""

    def handoff_preview(self, seat: int) -> str:
        """What the handed-to player is about to see (the handoff screen says it)."""
        return t("handoff.sees_hand")

    def on_privacy_change(self) -> None:
        """Who may look changed: drop anything painted with private faces."""

    # --------------------------------------------------------- driving
    @property
    def viewer_can_act(self) -> bool:
        return (not self.anim.busy and self.confirmed_viewer
                and self.viewer in self.match.active_seats()
                and self.match.seats[self.viewer].is_human)

    def submit(self, action: tuple) -> bool:
        """Offer an action to the engine for the viewer; say why if it is refused."""
        try:
            self.match.submit(self.viewer, action)
        except IllegalAction as err:
            self.feedback.refuse(err)
            return False
        return True

    def update(self, dt: float) -> None:
        """One frame of the table's own time. The scene stack calls this only while the
        table is on top, so ``self.clock`` — the clock the Match is ticked with — stops
        under a pause menu, the rules, settings or a handoff screen, and so do the AI
        moves, reaction deadlines and animations; it resumes where it was."""
        self.frame_cpu0 = time.thread_time()
        if self.phones is not None:
            self.phones.update()
        self.toast.update(dt)
        self.assists.update(dt)
        self.zoom.update()
        self.turn_banner = max(0.0, self.turn_banner - dt)
        self.anim.speed = self.app.settings.anim_speed
        self.anim.reduced = self.app.settings.reduced_motion
        if not self.driver.update(dt, self.app.settings.ai_speed):
            return
        active = self.match.active_seats()
        if self.viewer in active and self.match.seats[self.viewer].at_screen:
            if self.last_turn != self.viewer:
                self.turn_banner = 1.2
                self.app.audio.play("turn")
            self.last_turn = self.viewer
        else:
            self.last_turn = active[0] if active else None

    # ----------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if self.phones is not None and self.phones.handle(event):
            return True
        if self.zoom.handle(event):
            return True
        if self.assists.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.header.open_rules()
                return True
            if event.key == pygame.K_ESCAPE:
                self.header.open_pause()
                return True
        if _optional(self, "handle_urgent")(event):     # a buzzer in a reaction window
            return True
        if self.header.handle(event):
            return True
        if self.anim.busy:
            skip = (event.type == pygame.MOUSEBUTTONDOWN
                    or event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)
            if skip:
                self.driver.skip()
                return True
        return self.handle_game(event)

    def resize(self, size: tuple[int, int]) -> None:
        self.zoom.reset()
        self.driver.skip()
        self.layout()

    def exit(self) -> None:
        if self.phones is not None:
            self.phones.close()
        self.match.close()

    # ----------------------------------------------------------- drawing
    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        """Draw one card sprite (face or back) — every table supplies its cards."""

    def draw_background(self, surface: pygame.Surface) -> None:
        """The table's mat (a table that bakes more into it overrides this)."""
        surface.blit(table_surface(self.style, surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        fade = self.fade.layer(surface)
        self.draw_background(surface)
        self.draw_game(surface)
        u = self.app.u
        self.header.draw(surface)
        w, h = surface.get_size()
        banner = self.banner_text() if self.turn_banner > 0 and self.viewer_can_act else None
        if banner:
            img = fonts.text(banner, round(3.4 * u), theme.GOLD, "bold")
            img.set_alpha(round(255 * min(1.0, self.turn_banner / 0.3)))
            surface.blit(img, img.get_rect(center=(w // 2, round(self.hand_top() - 6 * u))))
        centre, width = toast_place(self)
        self.toast.draw(surface, centre, u, width)
        self.assists.draw_buttons(surface)
        self.assists.draw(surface)
        if self.phones is not None:
            self.phones.draw(surface)
        if fade is not None:
            surface.blit(fade, (0, 0))
        self.zoom.draw(surface)

    def hand_top(self) -> float:
        return self.app.size[1] * 0.70

    def banner_text(self) -> str | None:
        """The banner shown when the viewer may act ("Your turn"); a table whose reaction
        windows are everyone's says what the window asks instead (or None: no banner)."""
        return t("table.your_turn")


def lang() -> str:
    return i18n.lang()
