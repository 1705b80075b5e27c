"""The Ganjifa table's animations: each engine event becomes card flights whose starts
and landings call the visual model's steps (so what is drawn changes when a card arrives)."""

from __future__ import annotations

from typing import Any

from game.core import Event
from scenes.core.tween import Anim, ease_in_out_cubic, ease_out_cubic, lerp2
from scenes.kit.parts import borrowing
from scenes.tables.ganjifa.model import twist
from scenes.tables.sprites import Sprite


@borrowing(table=("anim app back_d centre centre_pt drag flights flying hand hand_d match model pile_d "
                  "trick trick_d trump_rise viewer"),
           geometry="_centre_positions _layout_hand _origin centre_d pile_pos plate_pos trick_slot")
class GanjifaAnim:
    """Part of :class:`~scenes.tables.ganjifa.table.GanjifaTable`: events to animations."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def on_event(self, ev: Event) -> None:
        self.model.note(ev)
        kind = ev.kind
        if kind == "deal":
            self._anim_deal(ev)
        elif kind == "play":
            self._anim_play(ev.seat, ev.data["card"])
        elif kind == "trick":
            self._anim_collect(ev.data["winner"], hold=0.7)
        elif kind == "dukal":
            self._anim_dukal(ev.seat, ev.data["cards"])
        elif kind == "give":
            self._anim_give(ev.seat, ev.data["card"])
        elif kind == "dukal_won":
            self._anim_collect(ev.data["winner"], hold=0.6, from_centre=True)

    def _anim_deal(self, ev: Event) -> None:
        self.model.begin_deal()
        self._layout_hand()
        dealer = ev.data["dealer"]
        src = self.pile_pos(dealer) if dealer != self.viewer else (self.app.size[0] / 2, self.app.size[1] * 0.6)
        self.trump_rise = 0.0
        self.app.audio.play("shuffle")
        for seat, k in ev.data["packets"]:
            dst = self.plate_pos(seat) if seat != self.viewer else (self.app.size[0] / 2, self.app.size[1] * 0.85)

            def land(seat: int = seat, k: int = k) -> None:
                self.model.land_packet(seat, k)
                if seat == self.viewer:
                    self._layout_hand()
                self.app.audio.play("slide")

            self.flights.fly(Sprite(None, src, self.back_d, face_up=False), src, dst, 0.24, land, overlap=0.09)

        def rise(p: float) -> None:
            self.trump_rise = p

        self.anim.add(Anim(0.5, lambda: self.app.audio.play("trump"), rise, None, ease_out_cubic))

    def _anim_play(self, seat: int, card: int) -> None:
        src = self._origin(seat, card)
        self.model.leave_hand(seat, card, floor=True)
        if seat == self.viewer:
            self._layout_hand()
        self.drag.cancel()
        dst = self.trick_slot(seat)
        angle = twist(card, self.match.seed)
        dur = self.flights.flight_time(src, dst)
        sprite = Sprite(card, src, self.hand_d if seat == self.viewer else self.back_d)
        self.flights.fly(sprite, src, dst, dur, lambda: self._land_trick(seat, card, angle),
                  angle=(0, angle), size=(sprite.size, self.trick_d),
                  start=lambda: self.app.audio.play("slide"))

    def _land_trick(self, seat: int, card: int, angle: float) -> None:
        self.model.land_trick(seat, card, angle)
        self.app.audio.play("place")

    def _anim_collect(self, winner: int, hold: float, from_centre: bool = False) -> None:
        self.anim.add(Anim(hold))
        cards_src: list[tuple[int, tuple[float, float], int]] = []

        def begin() -> None:
            if from_centre:
                for (_seat, card), pos in zip(self.centre, self._centre_positions(), strict=False):
                    cards_src.append((card, pos, self.centre_d()))
            else:
                for seat, card, _ in self.trick:
                    cards_src.append((card, self.trick_slot(seat), self.trick_d))
            self.model.lift_trick(from_centre)
            self.app.audio.play("capture")
            for card, pos, d in cards_src:
                self.flying.append(Sprite(card, pos, d))

        dst = self.pile_pos(winner)

        def step(p: float) -> None:
            live = [s for s in self.flying if s.card in {c for c, _, _ in cards_src}]
            for (_card, pos, d), s in zip(cards_src, live, strict=False):
                s.pos = lerp2(pos, dst, p)
                s.size = round(d + (self.pile_d - d) * p)

        def end() -> None:
            ids = {c for c, _, _ in cards_src}
            self.flying = [s for s in self.flying if s.card not in ids]
            self.model.capture(winner, len(cards_src))

        self.anim.add(Anim(0.35, begin, step, end, ease_in_out_cubic))

    def _anim_dukal(self, seat: int, cards: list[int]) -> None:
        self.app.audio.play("dukal")
        for i, c in enumerate(cards):
            src = self._origin(seat, c)

            def land(c: int = c) -> None:
                self.model.land_centre(seat, c)

            self.model.leave_hand(seat, c)
            self.flights.fly(Sprite(c, src, self.back_d if seat != self.viewer else self.hand_d), src,
                      self.centre_pt, 0.4 if i == len(cards) - 1 else 0.4, land,
                      overlap=0.05, size=(self.back_d, self.centre_d()))
        self._layout_hand()
        self.drag.cancel()

    def _anim_give(self, seat: int, card: int) -> None:
        src = self._origin(seat, card)
        left = seat == self.viewer and card in self.hand
        self.model.leave_hand(seat, card)
        if left:
            self._layout_hand()

        def land() -> None:
            self.model.land_centre(seat, card)
            self.app.audio.play("place")

        target = self.centre_pt
        self.flights.fly(Sprite(card, src, self.back_d), src, target, 0.25, land, overlap=0.06,
                  size=(self.back_d, self.centre_d()))
