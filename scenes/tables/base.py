"""The shared table: wiring over the kit's :class:`~scenes.kit.driver.TableDriver` (which
drives the Match on the table's clock, hands engine events to ``on_event`` and asks the
game's handoff policy), plus hot-seat handoff screens, seat plates, toasts, F1 rules,
Esc menu and animation skipping.

A game's table subclasses :class:`TableScene` and supplies the visual state
(``reset_visual``), the event animations (``on_event``), its drawing and its input.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.core import Event, IllegalAction
from game.dealcode import code_for
from game.match import Match
from scenes import fonts, i18n, layout_check, theme
from scenes.i18n import t
from scenes.kit.card_art import WarmQueue
from scenes.kit.driver import HandoffPolicy, OwnTurnHandoff, TableDriver
from scenes.kit.hint_bubble import Assists
from scenes.kit.zoom import CardZoom, ZoomCard
from scenes.stack import Scene
from scenes.tables.felt import TableStyle, table_surface
from scenes.tables.seating import seat_points
from scenes.tables.sprites import Sprite
from scenes.tween import FADE_S, Anim, ease_out_cubic, lerp2, pulse
from scenes.widgets.button import Button, draw_focus_ring
from scenes.widgets.drag import DragController, Gesture
from scenes.widgets.toast import Toast


class _Delegate:
    """A table attribute that lives on its driver (``table.clock`` is ``table.driver.clock``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, table: Any, owner: type | None = None) -> Any:
        if table is None:
            return self
        return getattr(table.driver, self.name)

    def __set__(self, table: Any, value: Any) -> None:
        setattr(table.driver, self.name, value)


class TableScene(Scene):
    """Wiring over a :class:`~scenes.kit.driver.TableDriver`: the driver owns the clock,
    the event cursor, the animation queue and the handoff policy; the scene paints,
    takes input and pushes the scenes the driver asks for."""

    style = TableStyle((58, 34, 24), (74, 44, 31))
    direction = "counter_clockwise"
    rules_game = ""
    reveal_all = False      # a finished game's replay, faces up: every face the table knows
    toasts_follow_turns = False     # turn by turn: a refused move's reason goes with its decision
    warm_queue: WarmQueue | None = None     # card images painted ahead (a table's own art)
    frame_cpu0 = 0.0        # this frame's start in CPU time: the warm-up's budget counts from it

    def __init__(self, app: Any, match: Match, viewer: int | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.n = len(match.seats)
        self.driver = TableDriver(match, self, viewer, self.make_handoff_policy(),
                                  app.settings.anim_speed)
        self.handoff: Any = None          # the handoff screen this table pushed, until confirmed
        self._private: tuple[tuple, frozenset] = ((), frozenset())
        self.toast = Toast()
        self.turn_banner = 0.0
        self.last_turn: int | None = None
        self.flying: list[Sprite] = []
        self.drag = DragController()
        self.hover: Any = None
        self.menu_button = Button(lambda: t("table.menu"), self.open_pause)
        self.rules_button = Button(lambda: t("table.rules"), self.open_rules)
        self.top_buttons = [self.menu_button, self.rules_button]
        self.assists = Assists(self)      # hint (H) and undo (U), scenes.kit.hint_bubble
        self.zoom = CardZoom(self)        # any card enlarged with its text, scenes.kit.zoom
        self.reset_visual()
        self.driver.catch_up()
        self.layout()

    # ------------------------------------------- the driver's state, by its old names
    viewer = _Delegate("viewer")
    confirmed_viewer = _Delegate("confirmed_viewer")
    cursor = _Delegate("cursor")
    clock = _Delegate("clock")
    anim = _Delegate("anim")
    over_shown = _Delegate("over_shown")

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
        u = self.app.u
        w, _ = self.app.size
        bw, bh = round(14 * u), round(5 * u)
        self.rules_button.rect = pygame.Rect(w - round(3 * u) - bw, round(2 * u), bw, bh)
        self.menu_button.rect = self.rules_button.rect.move(-(bw + round(1.5 * u)), 0)

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
        if kind == "human":
            humans = self.match.human_seats()
            if len(humans) == 1:
                return i18n.person(t("seat.you"), you=True)
            return i18n.person(t("seat.player", n=seat + 1))
        return i18n.person(t("seat.ai", n=seat + 1, level=t(f"level.{kind}")))

    # --------------------------------------------------------- privacy
    @property
    def looking(self) -> int | None:
        """The seat whose private things may be drawn: the viewer once confirmed, else nobody.

        ``viewer`` is also the seat drawn at the bottom; with several humans and no confirmed
        handoff the table shows only public things (the bottom hand as backs).
        """
        return self.driver.looking

    def private_cards(self) -> frozenset:
        """The viewer's cards nobody else may see (from the current state, so a card that
        has just left the hand is public while it flies). Tables may widen this."""
        key = (len(self.match.events), self.viewer)
        if self._private[0] != key:
            self._private = (key, frozenset(self.match.view(self.viewer).hand or ()))
        return self._private[1]

    def may_show(self, card: int | None) -> bool:
        """The one question every face drawn on a table asks (hot-seat privacy)."""
        return card is not None and (self.confirmed_viewer or card not in self.private_cards())

    def spare_time(self, started: float) -> None:
        """After the frame is drawn (:meth:`App.step`): warm-up jobs in what is left of its
        budget of work, counted in CPU time from the start of this frame's update. Not
        while drawing: the hot-seat privacy test counts every face asked for then."""
        if self.warm_queue:
            self.warm_queue.run_in_spare(self.frame_cpu0, self.app.size)
        self.zoom.spare(self.frame_cpu0)

    def show_truth(self, state: Any) -> None:
        """A finished game's replay, faces up: the engine state at the replay's move. A
        table whose view hides cards it can draw (face-down positions) shows
        them from it; the others already show every hand the replay panel lists."""

    def shown(self, card: int | None) -> int | None:
        """``card`` if its face may be drawn now, else None (draw its back)."""
        return card if self.reveal_all or self.may_show(card) else None

    def next_human(self) -> int | None:
        """The human seat the rules wait for now (the first active one), if any."""
        return self.driver.next_human()

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
            self.refuse(err)
            return False
        return True

    def refuse(self, err: IllegalAction) -> None:
        self.toast.show(self.explain(err), self.while_undecided())
        self.app.audio.play("illegal")

    def while_undecided(self) -> Callable[[], bool] | None:
        """For a toast about the decision open now (a refused move's reason): true until
        someone acts, at a turn-based table (``toasts_follow_turns``), so the reason never
        outlives the decision into the next turn. None elsewhere (the toast just lasts)."""
        if not self.toasts_follow_turns:
            return None
        at = len(self.match.log)
        return lambda: len(self.match.log) == at

    def viewers_turn(self) -> bool:
        """Whether the rules wait for the viewer now (what the turn line says once the
        cards in flight have landed)."""
        return (not self.match.is_over() and self.viewer in self.match.active_seats()
                and self.match.seats[self.viewer].is_human)

    def say_not_your_turn(self) -> bool:
        """Toast "not your turn yet" for a move tried out of turn: never while it is the
        viewer's turn, and gone as soon as the turn comes to them (the turn line then says
        "Your turn"). True if it was shown."""
        return self.toast.show(t("table.not_your_turn"), lambda: not self.viewers_turn())

    def explain(self, err: IllegalAction) -> str:
        key = f"err.{err.key}"
        text = t(key, **self.error_params(err))
        return str(err) if text == key else text

    def error_params(self, err: IllegalAction) -> dict:
        return dict(err.params)

    def update(self, dt: float) -> None:
        """One frame of the table's own time. The scene stack calls this only while the
        table is on top, so ``self.clock`` — the clock the Match is ticked with — stops
        under a pause menu, the rules, settings or a handoff screen, and so do the AI
        moves, reaction deadlines and animations; it resumes where it was."""
        self.frame_cpu0 = time.thread_time()
        self.toast.update(dt)
        self.assists.update(dt)
        self.zoom.update()
        self.turn_banner = max(0.0, self.turn_banner - dt)
        self.anim.speed = self.app.settings.anim_speed
        self.anim.reduced = self.app.settings.reduced_motion
        if not self.driver.update(dt, self.app.settings.ai_speed):
            return
        active = self.match.active_seats()
        if self.viewer in active and self.match.seats[self.viewer].is_human:
            if self.last_turn != self.viewer:
                self.turn_banner = 1.2
                self.app.audio.play("turn")
            self.last_turn = self.viewer
        else:
            self.last_turn = active[0] if active else None

    def show_handoff(self, seat: int) -> None:
        """The driver asks for the screen to change hands: push one handoff screen for
        ``seat`` and wait (the table's time stops beneath it) until that human confirms."""
        from scenes.handoff import HandoffScene
        self.handoff = HandoffScene(self.app, seat, self.seat_name(seat), self.handoff_preview(seat),
                                    lambda: self.accept_viewer(seat), self.open_pause, self.open_rules)
        self.app.stack.push(self.handoff)

    def accept_viewer(self, seat: int) -> None:
        """The handoff screen's confirm: the only way the viewer changes."""
        self.handoff = None
        self.driver.accept(seat)
        self.reset_visual()
        self.driver.catch_up()
        self.layout()
        self.on_privacy_change()
        self.zoom.reset()

    def on_over(self) -> None:
        result = self.match.result()
        self.app.audio.play("win")
        self.app.finish_match({
            "game": self.match.game, "seed": self.match.seed,
            "seats": [s.kind for s in self.match.seats],
            "winners": list(result.winners), "scores": list(result.scores),
            "reason": result.reason, "actions": len(self.match.log),
        }, self.match, self.clock)
        if self.app.running:
            from scenes.results import ResultsScene
            self.app.stack.push(ResultsScene(self.app, self))

    def score_text(self, seat: int) -> str:
        return str(self.match.result().scores[seat])

    def result_headline(self) -> str:
        """The results panel's first line: who won (a game may say how, or that nobody did)."""
        winners = self.match.result().winners
        names = i18n.names(self.seat_name(s) for s in winners)
        return t("results.shared" if len(winners) > 1 else "results.winner", names=names)

    def result_extra_height(self) -> float:
        """Extra room a game wants on the results panel (e.g. how a hand was won)."""
        return 0.0

    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pass

    # ----------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if self.zoom.handle(event):
            return True
        if self.assists.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
                return True
        if self.handle_urgent(event):
            return True
        for b in self.top_buttons:
            if b.handle(event):
                return True
        if self.anim.busy:
            skip = (event.type == pygame.MOUSEBUTTONDOWN
                    or event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)
            if skip:
                self.driver.skip()
                return True
        return self.handle_game(event)

    def handle_urgent(self, event: pygame.event.Event) -> bool:
        """Input that a click-to-skip must never eat (a buzzer in a reaction window)."""
        return False

    def pointer(self, event: pygame.event.Event) -> bool:
        """Shared mouse handling for every table: hover, press, drag and release.

        ``item_at(pos)`` names what lies under the pointer; a finished press becomes a
        :class:`Gesture` (click, double-click or drop) handed to ``on_gesture``.
        """
        if event.type == pygame.MOUSEMOTION:
            if self.drag.active:
                self.drag.motion(event.pos)
                self.on_drag_motion()
                return True
            self.hover = self.item_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            item = self.item_at(event.pos)
            if item is None:
                return False
            self.drag.press(item, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.active:
            gesture = self.drag.release(event.pos, self.clock)
            if gesture is not None:
                self.on_gesture(gesture)
            return True
        return False

    def item_at(self, pos: tuple[int, int]) -> Any:
        """What the pointer is over (a card, a pile…), or None."""
        return None

    def on_gesture(self, gesture: Gesture) -> None:
        """A click, double-click or drop on something ``item_at`` named."""

    def on_drag_motion(self) -> None:
        """The dragged item moved (tables repaint what shows it)."""

    def open_rules(self) -> None:
        from scenes.rules_viewer import RulesScene
        self.app.stack.push(RulesScene(self.app, self.rules_game))

    def open_pause(self) -> None:
        from scenes.pause import PauseScene
        self.app.stack.push(PauseScene(self.app, self))

    def resize(self, size: tuple[int, int]) -> None:
        self.zoom.reset()
        self.driver.skip()
        self.layout()

    def exit(self) -> None:
        self.match.close()

    # -------------------------------------------------------- animation
    def fly(self, sprite: Sprite, src: tuple[float, float], dst: tuple[float, float],
            duration: float, end: Callable[[], None] | None = None, overlap: float | None = None,
            angle: tuple[float, float] = (0.0, 0.0), size: tuple[int, int] | None = None,
            ease: Callable[[float], float] = ease_out_cubic,
            start: Callable[[], None] | None = None) -> Anim:
        """Queue a card flight from ``src`` to ``dst``; the sprite is drawn while it flies."""
        def _start() -> None:
            if start:
                start()
            sprite.pos = src
            self.flying.append(sprite)

        def _step(p: float) -> None:
            sprite.pos = lerp2(src, dst, p)
            sprite.angle = angle[0] + (angle[1] - angle[0]) * p
            if size:
                sprite.size = round(size[0] + (size[1] - size[0]) * p)

        def _end() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            if end:
                end()

        anim = Anim(duration, _start, _step, _end, ease, overlap)
        self.anim.add(anim)
        return anim

    def flight_time(self, src: tuple[float, float], dst: tuple[float, float]) -> float:
        """§6.7: clamp(220 + 120 × dist/H, 240, 380) ms."""
        dist = math.dist(src, dst)
        return max(0.24, min(0.38, 0.22 + 0.12 * dist / self.app.size[1]))

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        """Draw one card sprite (face or back) — every table supplies its cards."""

    def draw_flying(self, surface: pygame.Surface) -> None:
        for sprite in self.flying:
            if (sprite.owner is not None and sprite.owner != self.looking and sprite.card is not None
                    and not self.reveal_all):
                card, sprite.card = sprite.card, None      # a private card flies face down
                self.draw_card(surface, sprite)
                sprite.card = card
            else:
                self.draw_card(surface, sprite)

    # ----------------------------------------------------------- drawing
    def seat_anchor(self, seat: int) -> tuple[float, float]:
        w, h = self.app.size
        return seat_points(self.n, self.viewer, self.direction, (w / 2, h * 0.40),
                           (w * 0.40, h * 0.33))[seat]

    def draw_background(self, surface: pygame.Surface) -> None:
        """The table's mat (a table that bakes more into it overrides this)."""
        surface.blit(table_surface(self.style, surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        fade = self.fade_layer(surface)
        self.draw_background(surface)
        self.draw_game(surface)
        u = self.app.u
        px = max(12, round(1.8 * u))
        deal = fonts.text(t("table.deal", n=self.match.seed), px, theme.MUTED)
        at = surface.blit(deal, self.deal_line_rect().topleft)
        if self.deal_code():
            code = fonts.text("· " + t("replay.code", code=self.deal_code()), px, theme.MUTED)
            surface.blit(code, (at.right + round(0.5 * u), at.y))
        for b in self.top_buttons:
            b.draw(surface, u)
        w, h = surface.get_size()
        banner = self.banner_text() if self.turn_banner > 0 and self.viewer_can_act else None
        if banner:
            img = fonts.text(banner, round(3.4 * u), theme.GOLD, "bold")
            img.set_alpha(round(255 * min(1.0, self.turn_banner / 0.3)))
            surface.blit(img, img.get_rect(center=(w // 2, round(self.hand_top() - 6 * u))))
        self.toast.draw(surface, self.toast_centre(), u, self.toast_width())
        self.assists.draw_buttons(surface)
        self.assists.draw(surface)
        if fade is not None:
            surface.blit(fade, (0, 0))
        self.zoom.draw(surface)

    def fade_layer(self, surface: pygame.Surface) -> pygame.Surface | None:
        """Reduced motion: the frame before a jump, fading out over FADE_S of table time
        (taken from ``surface`` before this frame is drawn on it), or None."""
        if self.anim.jumps != getattr(self, "_fade_jumps", 0):
            self._fade_jumps = self.anim.jumps
            self._fade = (surface.copy(), self.clock)
        fade = getattr(self, "_fade", None)
        if fade is None:
            return None
        left = 1.0 - (self.clock - fade[1]) / FADE_S
        if left <= 0 or fade[0].get_size() != surface.get_size():
            self._fade = None
            return None
        fade[0].set_alpha(round(255 * left))
        return fade[0]

    #: the bottom of the line a table draws top left (title, round), set as it draws it
    head_bottom = 0

    def deal_line_rect(self) -> pygame.Rect:
        """Where "Deal #n · code …" goes: top left, under whatever the table wrote there
        (its title, the round), never into it; a table keeps its seats clear of it."""
        u = self.app.u
        px = max(12, round(1.8 * u))
        text = t("table.deal", n=self.match.seed)
        w = fonts.size(text, px)[0]
        if self.deal_code():
            w += round(0.5 * u) + fonts.size("· " + t("replay.code", code=self.deal_code()), px)[0]
        return pygame.Rect(round(3 * u), max(round(5.3 * u), self.head_bottom), w, fonts.size(text, px)[1])

    def deal_code(self) -> str:
        """The deal's code ("KW-G1AH-15VV"), what a friend types to get these cards."""
        if getattr(self, "_code", None) is None:
            m = self.match
            self._code = code_for(m.game, self.n, m.options, m.seed)
        return self._code

    def hand_top(self) -> float:
        return self.app.size[1] * 0.70

    def toast_centre(self) -> tuple[int, int]:
        """Where a toast is centred (a table with its own line above the hand puts it there)."""
        return self.app.size[0] // 2, round(self.hand_top() - 11 * self.app.u)

    def toast_width(self) -> int | None:
        """The room a toast has across (None: as wide as its words)."""
        return None

    def banner_text(self) -> str | None:
        """The banner shown when the viewer may act ("Your turn"); a table whose reaction
        windows are everyone's says what the window asks instead (or None: no banner)."""
        return t("table.your_turn")

    def draw_plate(self, surface: pygame.Surface, seat: int, centre: tuple[float, float],
                   lines: list[str], size: tuple[int, int] | None = None,
                   inset_right: int = 0) -> pygame.Rect:
        """Seat plate: name + counts; gold border, pointer and brighter fill when active.

        The text is measured to fit the plate at any window size: each line shrinks (down
        to a small floor) and is then ellipsized. The thinking dots sit on the bottom border.
        ``size``: the plate's size (default 20u × 6.6u; the kit's seat ring shrinks it);
        ``inset_right``: room kept free of text at the right (tokens drawn there)."""
        from scenes.textfit import fit_text
        u = self.app.u
        w, h = size or (max(2, round(20 * u)), max(2, round(6.6 * u)))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(centre[0]), round(centre[1]))
        rect.clamp_ip(surface.get_rect().inflate(-round(2 * u), -round(2 * u)))
        active = seat in self.match.active_seats() and not self.match.is_over()
        fill = theme.lighten(theme.PANEL, 0.1) if active else theme.PANEL
        surface.blit(plate_panel(rect.size, fill, round(u)), rect)
        border = theme.GOLD if active else (90, 80, 66)
        pygame.draw.rect(surface, border, rect, max(1, round(0.3 * u if active else 0.15 * u)),
                         border_radius=round(u))
        pad = max(1, round(1.2 * u))
        inner = max(1, rect.width - 2 * pad - inset_right)
        # Two lines share the plate's height: the name in the upper ~55 %, the counts below.
        # (caps in final pixels: large text grows the font, not the plate)
        k = fonts.scale()
        name_px = min(max(13, round(2.3 * u)), max(1, round(0.42 * h / k)))
        sub_px = min(max(12, round(1.9 * u)), max(1, round(0.34 * h / k)))
        with layout_check.control(surface, rect, "plate", lines[0]):
            name = fit_text(lines[0], name_px, theme.IVORY, inner, "semibold", min_px=min(9, name_px))
            surface.blit(name, (rect.x + pad, rect.y + round(0.5 * u)))
            if len(lines) > 1:
                sub = fit_text(lines[1], sub_px, theme.MUTED, inner, min_px=min(8, sub_px))
                y = max(rect.y + round(0.5 * u) + name.get_height(), rect.y + round(3.5 * u))
                surface.blit(sub, (rect.x + pad, min(y, rect.bottom - sub.get_height())))
        if active:
            self._draw_pointer(surface, rect, u)
        if seat in self.match.thinking() or (active and self.match.seats[seat].agent is not None):
            # on the bottom border, on a small dark pill: clear of the text at any width
            r = max(2, round(0.55 * u))
            pill = pygame.Rect(0, 0, round(5.6 * u), max(4, round(2.2 * u)))
            pill.center = (rect.right - round(3.6 * u), rect.bottom)
            pygame.draw.rect(surface, theme.PANEL, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, border, pill, max(1, round(0.15 * u)), border_radius=pill.height // 2)
            for i in range(3):
                a = pulse(self.clock - i * 0.4, 1.2)
                x = rect.right - round((5.2 - 1.6 * i) * u)
                col = theme.lighten(theme.GOLD, 0.3 * a)
                pygame.draw.circle(surface, col, (x, rect.bottom), round(r * (0.6 + 0.5 * a)))
        return rect

    def _draw_pointer(self, surface: pygame.Surface, rect: pygame.Rect, u: float) -> None:
        w, h = self.app.size
        cx, cy = w / 2, h * 0.40
        ang = math.atan2(cy - rect.centery, cx - rect.centerx)
        px = rect.centerx + math.cos(ang) * (rect.width / 2 + 1.2 * u)
        py = rect.centery + math.sin(ang) * (rect.height / 2 + 1.2 * u)
        s = 1.2 * u
        pts = [(px + math.cos(ang) * s, py + math.sin(ang) * s),
               (px + math.cos(ang + 2.4) * s, py + math.sin(ang + 2.4) * s),
               (px + math.cos(ang - 2.4) * s, py + math.sin(ang - 2.4) * s)]
        pygame.draw.polygon(surface, theme.GOLD, pts)

    def draw_direction(self, surface: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
        """Faint curved arrows showing the direction of play around the centre."""
        key = (surface.get_size(), round(centre[0]), round(centre[1]), round(radius), self.direction)
        if getattr(self, "_dir_key", None) != key:
            self._dir_key = key
            layer = direction_layer(surface.get_size(), centre, radius, self.direction, self.app.u)
            box = layer.get_bounding_rect()     # blit only the arrows: the whole window's
            self._dir_layer, self._dir_at = layer.subsurface(box).copy(), box.topleft   # alpha costs ms a frame
        surface.blit(self._dir_layer, self._dir_at)

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_focus_ring(surface, rect, self.app.u, rect.width // 2)


def lang() -> str:
    return i18n.lang()


_PANELS: dict[tuple, pygame.Surface] = {}


def plate_panel(size: tuple[int, int], fill: tuple, radius: int) -> pygame.Surface:
    """A seat plate's translucent fill (cached: made once per size, not every frame)."""
    key = (size, fill, radius)
    panel = _PANELS.get(key)
    if panel is None:
        panel = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*fill, 225), panel.get_rect(), border_radius=radius)
        if pygame.display.get_surface() is not None:
            panel = panel.convert_alpha()
        if len(_PANELS) > 64:
            _PANELS.clear()
        _PANELS[key] = panel
    return panel


def direction_layer(size: tuple[int, int], centre: tuple[float, float], radius: float,
                    direction: str, u: float) -> pygame.Surface:
    sign = -1 if direction == "counter_clockwise" else 1
    col = (255, 240, 210, 40)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(3):
        a0 = math.radians(120 * k + 20)
        pts = [(centre[0] + radius * math.cos(a0 + sign * math.radians(d)),
                centre[1] + radius * 0.62 * math.sin(a0 + sign * math.radians(d)))
               for d in range(0, 80, 4)]
        pygame.draw.lines(layer, col, False, pts, max(2, round(0.35 * u)))
        end, prev = pts[-1], pts[-2]
        ang = math.atan2(end[1] - prev[1], end[0] - prev[0])
        s = 1.3 * u
        tri = [(end[0] + math.cos(ang) * s, end[1] + math.sin(ang) * s),
               (end[0] + math.cos(ang + 2.5) * s, end[1] + math.sin(ang + 2.5) * s),
               (end[0] + math.cos(ang - 2.5) * s, end[1] + math.sin(ang - 2.5) * s)]
        pygame.draw.polygon(layer, col, tri)
    return layer.convert_alpha() if pygame.display.get_surface() else layer
