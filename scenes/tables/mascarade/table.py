"""The Mascarade table for 2–13 seats on the table kit.

Pieces: the public visual model (``model``), geometry (``layout``), card images
(``cards``), event animations (``anim``), input (``input``) and painting (``paint``), on
the shared :class:`~scenes.tables.base.TableScene` driver with
:class:`MascaradeHandoff` (§11.4: only secret decisions hand the screen over).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Event, IllegalAction
from game.mascarade.data import default_rules
from game.mascarade.known import TableKnowledge
from game.match import Match
from scenes.core.i18n import t
from scenes.kit.bluff.ring import CountdownRing
from scenes.kit.card_art import WarmQueue
from scenes.kit.driver import DecisionHandoff, HandoffPolicy, TableDriver
from scenes.kit.parts import Borrowed
from scenes.kit.zoom import ZoomCard
from scenes.tables.base import TableScene
from scenes.tables.mascarade.anim import MascaradeAnim
from scenes.tables.mascarade.cards import MascaradeCards, face_layout
from scenes.tables.mascarade.front import FRONT
from scenes.tables.mascarade.input import MascaradeInput
from scenes.tables.mascarade.known_view import MascaradeKnownView
from scenes.tables.mascarade.layout import MascaradeLayout
from scenes.tables.mascarade.model import MascaradeModel
from scenes.tables.mascarade.paint import MascaradePaint
from scenes.tables.mascarade.zoom import MascaradeZoom
from scenes.widgets.button import Button


class MascaradeHandoff(DecisionHandoff):
    """Hand the screen over only before a secret decision (a swap's exchange-or-not,
    a peek, the Spy's look); public answers go on without one, with nobody looking."""

    def __init__(self, table: MascaradeTable) -> None:
        self.table = table

    def decision_seat(self, driver: TableDriver) -> int | None:
        return self.table.controls.secret_seat()


class MascaradeTable(TableScene):
    """The table holds its parts: ``geometry`` (layout), ``fx`` (event animations),
    ``controls`` (who acts, choices, input), ``painter``, ``known_view`` and ``zoomer``."""

    style = FRONT.style
    direction = "clockwise"
    rules_game = "mascarade"

    # the parts' state, by its old names
    spots = Borrowed("geometry")
    centre = Borrowed("geometry")
    card_h = Borrowed("geometry")
    pos_rects = Borrowed("geometry")
    court_rect = Borrowed("geometry")
    bank_rect = Borrowed("geometry")
    pile_px = Borrowed("geometry")
    banner_y = Borrowed("geometry")
    coin_at = Borrowed("geometry")
    swap_fx = Borrowed("fx")
    flip_fx = Borrowed("fx")
    coin_fx = Borrowed("fx")
    secret = Borrowed("controls")
    pick = Borrowed("controls")
    focus = Borrowed("controls")
    chooser = Borrowed("controls")
    choice_buttons = Borrowed("controls")
    choice_cmds = Borrowed("controls")
    _choice_key = Borrowed("controls")

    def __init__(self, app: Any, match: Match, viewer: int | None = None, fresh: bool = False) -> None:
        self.geometry = MascaradeLayout(self)
        self.fx = MascaradeAnim(self)
        self.controls = MascaradeInput(self)
        self.painter = MascaradePaint(self)
        self.known_view = MascaradeKnownView(self)
        self.zoomer = MascaradeZoom(self)
        humans = match.screen_seats()
        self.bottom = humans[0] if humans else 0
        n_pos = len(match.view(None).owner)
        self.model = MascaradeModel(len(match.seats), n_pos)
        self.cards = MascaradeCards()
        self.secret: tuple | None = None      # (kind, seat, …) of an open covered prompt
        self.pick: list[int] = []
        self.focus: int | None = None
        self.chooser = False
        self.show_log = False
        self.show_known = False
        self.choice_buttons: list[Button] = []
        self.choice_cmds: list[tuple] = []       # the command of each choice button
        self.log_button = Button(lambda: t("mascarade.log_button"), self.toggle_log)
        self.known_button = Button(lambda: t("mascarade_memory.known_button"), self.toggle_known)
        self.ring = CountdownRing()
        self.fx.reset_fx()
        super().__init__(app, match, viewer)
        self.top_buttons += [self.log_button, self.known_button]     # work mid-animation too
        if fresh:                        # replay the match from its first (public) events
            self.cursor = 0
            self.model.coins = [match.view(None).start_coins] * self.n
            self.model.court, self.model.bank = 0, self.bank_start()
            self.model.faceup, self.model.announced, self.model.turn_no = {}, None, 1
            self.model.log, self.model.applied = [], 0
            self.model.known = TableKnowledge()
            for c in self._shown_first():   # the opening show turns these up in the first frames:
                self.cards.face(c, self.card_h)     # painted now, before any frame

    truth: dict[int, int] = {}      # position -> character: a finished game's replay only

    def show_truth(self, state: Any) -> None:
        self.truth = dict(enumerate(state.cards))

    def make_handoff_policy(self) -> HandoffPolicy:
        return MascaradeHandoff(self)

    def bank_start(self) -> int:
        v = self.match.view(None)
        return max(0, v.total_coins - v.start_coins * self.n)

    def reset_visual(self) -> None:
        self.model.catch_up(self.match.events)
        v = self.match.view(None)
        self.model.reset(v, v.bank)
        self.fx.reset_fx()
        self._choice_key = None

    def layout(self) -> None:
        super().layout()
        self.geometry.compute_layout()
        self.warm_faces()
        u = self.app.u
        bw, bh = round(14 * u), round(5 * u)
        self.log_button.rect = pygame.Rect(self.menu_button.rect.x - bw - round(1.5 * u),
                                           self.menu_button.rect.y, bw, bh)
        kw = round(18 * u)
        self.known_button.rect = pygame.Rect(self.log_button.rect.x - kw - round(1.5 * u),
                                             self.menu_button.rect.y, kw, bh)
        self._choice_key = None

    def warm_faces(self) -> None:
        """Paint ahead, in the frames' spare time, the back and every character's face at
        the table's card height: the opening show turns every card up in the first frames
        (the characters it shows are painted first)."""
        h = self.card_h
        face_layout(h)              # the name fitting every face shares: once, now, not in a frame
        chars = list(dict.fromkeys([*self._shown_first(), *range(len(default_rules().characters))]))
        if self.warm_queue is None:
            self.warm_queue = WarmQueue()
        self.warm_queue.reset([lambda c=c: self.cards.face(c, h) for c in reversed(chars)]
                              + [lambda: self.cards.back(h)])

    def _shown_first(self) -> list[int]:
        """The characters the opening show turns face up (public: the setup event)."""
        return next((list(e.data["layout"]) for e in self.match.events if e.kind == "setup" and e.to is None), [])

    def toggle_log(self) -> None:
        self.show_log = not self.show_log
        self.layout()

    def toggle_known(self) -> None:
        self.show_known = not self.show_known

    def result_buttons(self) -> list[Button]:
        """The results dialog's extra button: the timeline of every hidden decision."""
        return [Button(lambda: t("mascarade_memory.timeline_button"), self.open_timeline)]

    def open_timeline(self) -> None:
        from scenes.tables.mascarade.timeline_scene import TimelineScene
        self.app.stack.push(TimelineScene(self.app, self))

    def handoff_preview(self, seat: int) -> str:
        return t("mascarade.handoff_secret")

    def on_privacy_change(self) -> None:
        self._choice_key = None

    def update(self, dt: float) -> None:
        if self.secret is not None and self.secret[0] == "peek_show":
            self.toast.update(dt)          # the peeked card is on screen: the table waits
            return
        super().update(dt)

    # ------------------------------------------------------------ hooks, by part
    def on_event(self, event: Event) -> None:
        self.fx.on_event(event)

    def draw_game(self, surface: pygame.Surface) -> None:
        self.painter.draw_game(surface)

    def handle_game(self, event: pygame.event.Event) -> bool:
        return self.controls.handle_game(event)

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        return self.controls.hint_targets(action)

    def error_params(self, err: IllegalAction) -> dict:
        return self.controls.error_params(err)

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        return self.zoomer.zoom_at(pos)

    def zoom_focused(self) -> ZoomCard | None:
        return self.zoomer.zoom_focused()

    def hand_top(self) -> float:
        """The kit draws "your turn" 6u and toasts 11u above this: "your turn" in the lane
        the layout keeps free between the centre and the bottom seat's card."""
        return self.geometry.turn_lane.centery + 6 * self.app.u
