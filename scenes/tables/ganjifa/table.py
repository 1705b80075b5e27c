"""The Ganjifa table: round lacquered cards on rosewood, counter-clockwise play.

The wiring of the pieces beside it: the visual model (``model``: what lies where, no
pygame), geometry (``layout``, the hand strip's slots in ``hand``), card images
(``cards``), event animations (``anim``), input (``input``) and painting (``paint``), on
the shared :class:`~scenes.tables.base.TableScene` driver.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Event
from game.ganjifa.deck import default_deck
from game.match import Match
from scenes.art.ganjifa_cards import GanjifaArt
from scenes.core import fonts
from scenes.core.i18n import lang, t
from scenes.kit.card_art import WarmQueue
from scenes.kit.trick.legal import LegalCache
from scenes.kit.trick.model_field import model_field
from scenes.kit.zoom import ZoomCard
from scenes.tables.base import TableScene
from scenes.tables.ganjifa.anim import GanjifaAnim
from scenes.tables.ganjifa.cards import GanjifaCardArt, GanjifaCards
from scenes.tables.ganjifa.front import FRONT
from scenes.tables.ganjifa.hand import HandSlot, room_sizes
from scenes.tables.ganjifa.input import GanjifaInput
from scenes.tables.ganjifa.layout import GanjifaLayout
from scenes.tables.ganjifa.model import GanjifaModel
from scenes.tables.ganjifa.paint import GanjifaPaint
from scenes.tables.ganjifa.phone import error_params
from scenes.tables.ganjifa.zoom import GanjifaZoom
from scenes.tables.sprites import RotCache, Sprite
from scenes.widgets.button import Button
from scenes.widgets.drag import Gesture
from scenes.widgets.layer import CachedLayer


class GanjifaTable(TableScene):
    """The table holds its parts: ``geometry`` (layout), ``card_paint`` (card images),
    ``fx`` (event animations), ``controls`` (input), ``painter`` and ``zoomer``."""

    style = FRONT.style
    direction = "counter_clockwise"
    rules_game = "ganjifa"
    toasts_follow_turns = True     # a refused move's reason goes once the decision is made

    hand = model_field("hand", "the viewer's cards, as landed")
    full_hand = model_field("full_hand", "the viewer's whole dealt hand")
    sizes = model_field("sizes", "cards each seat holds, as drawn")
    captured = model_field("captured", "cards each seat has won")
    trick = model_field("trick", "(seat, card, twist) on the cloth")
    centre = model_field("centre", "a Dukal and the cards given up to it")
    selected = model_field("selected", "cards chosen to give up")
    dealing = model_field("dealing", "the viewer's hand is still arriving")
    trump_mark = model_field("trump_mark", '"sun" (day) or "moon" (night)')

    def __init__(self, app: Any, match: Match, viewer: int | None = None, fresh: bool = False) -> None:
        self.geometry = GanjifaLayout(self)
        self.card_paint = GanjifaCards(self)
        self.fx = GanjifaAnim(self)
        self.controls = GanjifaInput(self)
        self.painter = GanjifaPaint(self)
        self.zoomer = GanjifaZoom(self)
        self.deck = default_deck()
        self.model = GanjifaModel(len(match.seats), match.seed)
        self.art = GanjifaArt(self.deck)
        self.cards = GanjifaCardArt(self.art, self.card_paint._mark)
        self.rot = RotCache()
        self.warm_queue = WarmQueue()
        self.legal = LegalCache(lambda acts: {a[1] for a in acts if a[0] in ("play", "give")})
        self.focus: int | None = None
        self.hand_layer = CachedLayer()
        self.slots: list[HandSlot] = []
        self.dukal_button = Button(lambda: t("ganjifa.dukal_button"), self.controls.open_dukal, "primary")
        self.give_button = Button(self.controls._give_label, self.controls.confirm_give, "primary",
                                  enabled=lambda: len(self.selected) == self.controls.give_needed())
        self.last_button = Button(lambda: t("ganjifa.last_trick"), self.controls.toggle_last)
        self.show_last = False          # toggled by the button or L
        self.last_hover = False         # the pointer rests on the last winner's pile
        self.last_rect: pygame.Rect | None = None
        self.trump_rise = 1.0
        super().__init__(app, match, viewer)
        self.direction = self.deck.direction
        if fresh:                        # replay the match from its first event
            self.cursor = 0
            self.model.clear_hands()

    def reset_visual(self) -> None:
        self.model.reset(self.match.view(self.viewer), self.viewer)
        self.flying = []

    def layout(self) -> None:
        super().layout()
        u = self.app.u
        w, h = self.app.size
        self.D = round(17 * u)
        self.trick_d, self.pile_d = room_sizes(self.app.size)
        self.back_d = round(9 * u)
        self.centre_pt = (w / 2, h * 0.40)
        lw = round(24 * u)
        self.last_button.rect = pygame.Rect(w - round(3 * u) - lw, round(8.5 * u), lw, round(5 * u))
        self.art.clear()
        self.rot.clear()
        self.card_paint.__dict__.pop("_fans", None)
        self.hand_layer.clear()
        self.geometry._layout_hand()
        self.card_paint._warm_faces()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.turn_banner = 0.0      # the lasting prompt (_draw_prompt) says it instead
        if getattr(self, "_laid_text_scale", None) != fonts.scale():
            self.geometry._layout_hand()     # large text switched: room for the suit tabs' names again

    # ------------------------------------------------------------ hooks, by part
    def on_event(self, ev: Event) -> None:
        self.fx.on_event(ev)

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        self.card_paint.draw_card(surface, sprite)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.controls.handle(event)

    def handle_game(self, event: pygame.event.Event) -> bool:
        return self.controls.handle_game(event)

    def item_at(self, pos: tuple[int, int]) -> int | None:
        return self.controls.item_at(pos)

    def on_gesture(self, gesture: Gesture) -> None:
        self.controls.on_gesture(gesture)

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        return self.controls.hint_targets(action)

    def hand_top(self) -> float:
        return self.geometry.hand_top()

    def draw_game(self, surface: pygame.Surface) -> None:
        self.painter.draw_game(surface)

    def zoom_at(self, pos: tuple[int, int]) -> ZoomCard | None:
        return self.zoomer.zoom_at(pos)

    def zoom_focused(self) -> ZoomCard | None:
        return self.zoomer.zoom_focused()

    def phase(self) -> str:
        return self.match.view(None).phase

    def score_text(self, seat: int) -> str:
        return t("ganjifa.score", n=self.match.result().scores[seat])

    def error_params(self, err: Any) -> dict:
        return error_params(err, lang(), self.seat_name)
