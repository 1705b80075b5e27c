"""The Kowah / Cheki table: long money-card strips on jade cloth, clockwise play.

The wiring of the pieces beside it: the visual model (``model``: what lies where, no
pygame), geometry (``layout``), card images (``cards``), event animations (``anim``),
input (``input``), painting (``paint``) and the end-of-hand showcase (``showcase``), on
the shared :class:`~scenes.tables.base.TableScene` driver.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Event
from game.kowah.deck import default_deck
from game.match import Match
from scenes.art.kowah_cards import KowahArt
from scenes.core.i18n import t
from scenes.kit.card_art import WarmQueue
from scenes.kit.outcome import TableResults
from scenes.kit.trick.legal import LegalCache
from scenes.kit.trick.model_field import model_field
from scenes.kit.zoom import ZoomCard
from scenes.tables.base import TableScene
from scenes.tables.kowah.anim import KowahAnim
from scenes.tables.kowah.cards import KowahCardArt, KowahCards
from scenes.tables.kowah.deco import Frame
from scenes.tables.kowah.front import FRONT
from scenes.tables.kowah.input import KowahInput
from scenes.tables.kowah.layout import KowahLayout, Slot
from scenes.tables.kowah.model import KowahModel, outcome_from_result
from scenes.tables.kowah.paint import KowahPaint
from scenes.tables.kowah.showcase import KowahShowcase
from scenes.tables.kowah.zoom import KowahZoom
from scenes.tables.sprites import Sprite
from scenes.widgets.button import Button
from scenes.widgets.drag import Gesture
from scenes.widgets.layer import CachedLayer


class KowahTable(TableScene):
    """The table holds its parts: ``geometry`` (layout), ``card_paint`` (card images),
    ``fx`` (event animations), ``controls`` (input), ``painter``, ``showcase`` (the hand's
    outcome and the results panel) and ``zoomer``."""

    style = FRONT.style
    rules_game = "kowah"
    toasts_follow_turns = True     # a refused move's reason goes once the decision is made

    order = model_field("order", "the viewer's hand in its visual order")
    sizes = model_field("sizes", "cards each seat holds, as drawn")
    stock_vis = model_field("stock_vis", "the stock count shown")
    pile = model_field("pile", "the discard history, newest last")
    declared = model_field("declared", "each seat's exposed pair, or None")
    known = model_field("known", "the cards each seat took in the open")
    held = model_field("held", "a declarer's drawn card, per seat")
    outcome = model_field("outcome", "how the hand ended, once shown")
    sort_mode = model_field("sort_mode", '"number", "suit" or "manual"')
    focus = model_field("focus", "the keyboard's hand slot")
    new_idx = model_field("new_idx", "the hand slot of the card just drawn or taken")

    def __init__(self, app: Any, match: Match, viewer: int | None = None, fresh: bool = False) -> None:
        self.geometry = KowahLayout(self)
        self.card_paint = KowahCards(self)
        self.fx = KowahAnim(self)
        self.controls = KowahInput(self)
        self.painter = KowahPaint(self)
        self.showcase = KowahShowcase(self)
        self.zoomer = KowahZoom(self)
        self.deck = default_deck()
        self.direction = self.deck.direction
        self.model = KowahModel(self.deck, len(match.seats))
        self.art = KowahArt()
        self.cards = KowahCardArt(self.art, self.card_paint.art_id)
        self.frame = Frame()
        self.hand_layer = CachedLayer()
        self.wait_label: pygame.Rect | None = None   # "Waits for…" over your exposed pair
        self.marks_top: int | None = None            # the top of the tags over the hand ("new")
        self.prompt_box: pygame.Rect | None = None   # the prompt under "Your turn"
        self.history_layer = CachedLayer()
        self.fan_cache: dict[tuple, pygame.Surface] = {}
        self.scaled: dict[tuple, pygame.Surface] = {}
        self.warm_queue = WarmQueue()
        self.legal_cache = LegalCache(list)
        self.warm_minis: set[int] = set()
        self.slots: list[Slot] = []
        self.sort_suit = Button(lambda: t("kowah.sort_suit"), lambda: self.controls.set_sort("suit"))
        self.sort_number = Button(lambda: t("kowah.sort_number"), lambda: self.controls.set_sort("number"))
        self.checki_button = Button(lambda: t("kowah.checki"), self.controls.open_declare, "primary")
        self.pass_button = Button(lambda: t("kowah.not_now"), self.controls.decline)
        super().__init__(app, match, viewer)
        show = self.showcase            # the results panel and refusals say it the Kowah way
        self.results = TableResults(app, match, self.seat_name, self, lambda: self.clock,
                                    headline=show.result_headline, score_text=show.score_text,
                                    extra_height=show.result_extra_height,
                                    draw_extra=show.draw_result_extra)
        self.feedback.params = show.error_params
        if fresh:                        # replay the match from its first event
            self.cursor = 0
            self.model.clear_hands()
            self.geometry._layout_hand()

    # ------------------------------------------------------------ hooks, by part
    def layout(self) -> None:
        super().layout()
        self.geometry.layout()

    def hand_top(self) -> float:
        return self.geometry.hand_top()

    def on_event(self, ev: Event) -> None:
        self.fx.on_event(ev)

    def draw_game(self, surface: pygame.Surface) -> None:
        self.painter.draw_game(surface)

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        self.card_paint.draw_card(surface, sprite)

    def handle_game(self, event: pygame.event.Event) -> bool:
        return self.controls.handle_game(event)

    def item_at(self, pos: tuple[int, int]) -> Any:
        return self.controls.item_at(pos)

    def on_gesture(self, gesture: Gesture) -> None:
        self.controls.on_gesture(gesture)

    def on_drag_motion(self) -> None:
        self.controls.on_drag_motion()

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        return self.controls.hint_targets(action)

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        return self.zoomer.zoom_at(pos)

    def zoom_focused(self) -> ZoomCard | None:
        return self.zoomer.zoom_focused()

    def reset_visual(self) -> None:
        result = self.match.result() if self.match.is_over() else None
        self.model.reset(self.match.view(self.viewer), self.viewer, outcome_from_result(result))
        self.flying = []
        self.drag.cancel()
        self.hand_layer.clear()
        self.history_layer.clear()

    def _resync(self) -> None:
        self.reset_visual()
        self.geometry._layout_hand()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.turn_banner and (self.anim.busy or self.view().phase != "take"):
            self.turn_banner = 0.0           # the prompt and the Checki panel say it now
        self.card_paint._plan_warm()

    # ------------------------------------------------------------ what the engine says now
    def view(self) -> Any:
        key = (len(self.match.log), self.viewer)
        if getattr(self, "_view_key", None) != key:
            self._view_key = key
            self._view = self.match.view(self.viewer)
        return self._view

    def legal(self) -> list[tuple]:
        return self.legal_cache.get(self.match, self.viewer, self.viewer_can_act)

    def legal_discards(self) -> set[int]:
        return {a[1] for a in self.legal() if a[0] == "discard"}

    def can(self, kind: str) -> bool:
        return any(a[0] == kind for a in self.legal())

    def pairs_offered(self) -> list[int]:
        return [a[1] for a in self.legal() if a[0] == "declare"]

    def phase(self) -> str:
        return self.view().phase

    def my_turn(self) -> bool:
        v = self.view()
        return v.turn == self.viewer and self.match.seats[self.viewer].is_human and self.confirmed_viewer
