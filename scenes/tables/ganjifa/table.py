"""The Ganjifa table: round lacquered cards on rosewood, counter-clockwise play.

The wiring of the pieces beside it: the visual model (``model``: what lies where, no
pygame), geometry (``layout``, the hand strip's slots in ``hand``), card images
(``cards``), event animations (``anim``), input (``input``) and painting (``paint``), on
the shared :class:`~scenes.tables.base.TableScene` driver.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ganjifa.deck import default_deck
from game.match import Match
from scenes import fonts
from scenes.art.ganjifa_cards import GanjifaArt
from scenes.i18n import lang, t
from scenes.kit.card_art import WarmQueue
from scenes.kit.legal import LegalCache
from scenes.kit.model_field import model_field
from scenes.tables.base import TableScene
from scenes.tables.ganjifa.anim import GanjifaAnim
from scenes.tables.ganjifa.cards import GanjifaCardArt, GanjifaCards
from scenes.tables.ganjifa.front import FRONT
from scenes.tables.ganjifa.hand import HandSlot
from scenes.tables.ganjifa.input import GanjifaInput
from scenes.tables.ganjifa.layout import GanjifaLayout
from scenes.tables.ganjifa.model import GanjifaModel, twist
from scenes.tables.ganjifa.paint import GanjifaPaint
from scenes.tables.ganjifa.zoom import GanjifaZoom
from scenes.tables.sprites import RotCache
from scenes.widgets.button import Button
from scenes.widgets.layer import CachedLayer


class GanjifaTable(GanjifaLayout, GanjifaCards, GanjifaAnim, GanjifaInput, GanjifaPaint, GanjifaZoom,
                   TableScene):
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
        self.deck = default_deck()
        self.model = GanjifaModel(len(match.seats), match.seed)
        self.art = GanjifaArt(self.deck)
        self.cards = GanjifaCardArt(self.art, self._mark)
        self.rot = RotCache()
        self.warm_queue = WarmQueue()
        self.legal = LegalCache(lambda acts: {a[1] for a in acts if a[0] in ("play", "give")})
        self.focus: int | None = None
        self.hand_layer = CachedLayer()
        self.slots: list[HandSlot] = []
        self.dukal_button = Button(lambda: t("ganjifa.dukal_button"), self.open_dukal, "primary")
        self.give_button = Button(self._give_label, self.confirm_give, "primary",
                                  enabled=lambda: len(self.selected) == self.give_needed())
        self.last_button = Button(lambda: t("ganjifa.last_trick"), self.toggle_last)
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

    def _twist(self, card: int) -> float:
        return twist(card, self.match.seed)

    def layout(self) -> None:
        super().layout()
        u = self.app.u
        w, h = self.app.size
        self.D = round(17 * u)
        self.trick_d = round(15 * u)
        self.back_d = round(9 * u)
        self.pile_d = round(7 * u)
        self.centre_pt = (w / 2, h * 0.40)
        lw = round(24 * u)
        self.last_button.rect = pygame.Rect(w - round(3 * u) - lw, round(8.5 * u), lw, round(5 * u))
        self.art.clear()
        self.rot.clear()
        self.__dict__.pop("_fans", None)
        self.hand_layer.clear()
        self._layout_hand()
        self._warm_faces()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.turn_banner = 0.0      # the lasting prompt (_draw_prompt) says it instead
        if getattr(self, "_laid_text_scale", None) != fonts.scale():
            self._layout_hand()     # large text switched: room for the suit tabs' names again

    def phase(self) -> str:
        return self.match.view(None).phase

    def score_text(self, seat: int) -> str:
        return t("ganjifa.score", n=self.match.result().scores[seat])

    def error_params(self, err: Any) -> dict:
        lg = lang()
        out = dict(err.params)
        for key in ("led", "trump", "next"):
            if key in out:
                out[key] = self.deck.suits[out[key]].name[lg]
        if "seat" in out:
            out["seat"] = self.seat_name(out["seat"])
        return out
