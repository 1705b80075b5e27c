"""The Kowah table's animations: each engine event becomes card flights whose starts and
landings call the visual model's steps (so what is drawn changes when the card arrives)."""

from __future__ import annotations

import math
from typing import Any

from game.core import Event
from scenes.core.i18n import t
from scenes.core.tween import Anim, ease_in_out_cubic, ease_out_cubic, lerp, lerp2
from scenes.kit.parts import borrowing
from scenes.tables.kowah.cards import FlipSprite
from scenes.tables.kowah.model import HELD, outcome_from_win


@borrowing(table=("H _resync anim app back_h clock drag flights flying hand_layer live_pt model n "
                  "pair_h pile_h slots stock_pt toast viewer"),
           geometry="_hand_target _insert_point _layout_hand fan_pt held_pt win_card_pt")
class KowahAnim:
    """Part of :class:`~scenes.tables.kowah.table.KowahTable`: events to animations."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def on_event(self, ev: Event) -> None:
        self.model.note(ev)
        kind, d = ev.kind, ev.data
        if kind == "deal":
            self._anim_deal(ev)
        elif kind == "draw":
            if d.get("public") or ev.seat != self.viewer:
                self._anim_draw(ev, d.get("card"), bool(d.get("public")),
                                d.get("stock_left", self.model.stock_vis - 1))
        elif kind == "draw_card":
            after = self.model.stock_after
            self._anim_draw(ev, d["card"], False, self.model.stock_vis - 1 if after is None else after)
        elif kind == "take":
            self._anim_take(ev.seat, d["card"])
        elif kind == "discard":
            self._anim_discard(ev.seat, d["card"])
        elif kind == "declare":
            self._anim_declare(ev.seat, d["pair"])
        elif kind == "win":
            self._anim_win(ev)
        elif kind == "over":
            if not d.get("winners"):
                self._anim_drawn()
        elif kind == "anomaly":
            self.anim.add(Anim(0.0, lambda: self.toast.show(t("kowah.anomaly"))))

    def _anim_deal(self, ev: Event) -> None:
        if not ev.data.get("packets"):          # a position set up without a deal (scenarios)
            self.anim.add(Anim(0.0, self._resync))
            return
        self.model.begin_deal(ev.data.get("stock", 96) + self.n * ev.data.get("hand_size", 8))
        self._layout_hand()
        self.app.audio.play("shuffle")
        src = self.stock_pt
        for seat, k in ev.data["packets"]:
            for _ in range(k):
                dst = self._hand_target() if seat == self.viewer else self.fan_pt(seat)

                def land(seat: int = seat) -> None:
                    self.model.land_dealt(seat)
                    if seat == self.viewer:
                        self._layout_hand()
                    self.app.audio.play("slide")

                h = self.H if seat == self.viewer else self.back_h
                self.flights.fly(FlipSprite(None, src, self.pile_h, face_up=False), src, dst, 0.2, land,
                         overlap=0.07, size=(self.pile_h, h), start=self.model.deal_one)

    def _anim_draw(self, ev: Event, card: int | None, public: bool, stock_left: int) -> None:
        """A stock draw: the card flies to the seat (turning face up when its face may be
        seen); a private draw flies as the drawer's own card (face down to anyone else)."""
        seat = ev.seat
        draw_ev = self.model.last_draw           # the draw event (draw_card follows its draw)
        src = self._take_drop_src(seat, self.stock_pt)
        declared = self.model.declared[seat] is not None
        if seat == self.viewer:
            dst = self.held_pt(seat) if declared else self._insert_point(card)
            h_end = self.H
        else:
            dst = self.held_pt(seat) if public else self.fan_pt(seat)
            h_end = self.pair_h if public else self.back_h
        reveal = card is not None
        sprite = FlipSprite(None if not reveal else card, src, self.pile_h, face_up=False,
                            owner=None if public else seat)
        if src != self.stock_pt:
            self.flying.append(sprite)       # the card let go over the hand stays in sight

        def begin() -> None:
            self.model.stock_vis = stock_left
            self.app.audio.play("slide")
            if sprite not in self.flying:
                self.flying.append(sprite)

        def step(p: float) -> None:
            sprite.pos = lerp2(src, dst, p)
            sprite.size = round(lerp(self.pile_h, h_end, p))
            if reveal:
                q = min(1.0, max(0.0, (p - 0.35) / 0.5))
                sprite.sx = abs(math.cos(math.pi * q))
                if q >= 0.5 and not sprite.face_up:
                    sprite.face_up = True
                    self.app.audio.play("flip")

        def end() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            wins = draw_ev is not None and self.model.winning_draw is draw_ev
            landed = self.model.land_draw(seat, card, public, wins)
            if landed == "win" or (landed == "held" and seat == self.viewer):
                self._layout_hand()          # the winning draw stays where it was revealed
            elif landed == "hand":
                if seat == self.viewer and card is not None:
                    self._layout_hand()
                self.app.audio.play("place")

        self.anim.add(Anim(0.5 if reveal else 0.26, begin, step, end, ease_out_cubic))
        if public and seat != self.viewer:
            self.anim.add(Anim(0.35))      # let everyone read the revealed card

    def _take_drop_src(self, seat: int, home: tuple[float, float]) -> tuple[float, float]:
        """Where the viewer's draw or take flies from: the point the dragged card was let
        go (so it never jumps back to the stock first), else the pile it comes from."""
        src, self.model.drop_src = self.model.drop_src, None
        return src if seat == self.viewer and src is not None else home

    def _anim_take(self, seat: int, card: int) -> None:
        src = self._take_drop_src(seat, self.live_pt)
        dst = self._insert_point(card) if seat == self.viewer else self.fan_pt(seat)
        h_end = self.H if seat == self.viewer else self.back_h
        sprite = FlipSprite(card, src, self.pile_h)
        if src != self.live_pt:
            self.flying.append(sprite)       # the card let go over the hand stays in sight
            self.model.lifted = ("pile",)

        def start() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)   # fly() puts it back at the start of its path
            self.model.lift_from_pile(card)
            self.app.audio.play("slide")

        def land() -> None:
            self.model.land_take(seat, card)
            if seat == self.viewer:
                self._layout_hand()
            self.app.audio.play("place")

        self.flights.fly(sprite, src, dst, 0.28, land, size=(self.pile_h, h_end), start=start)

    def _anim_discard(self, seat: int, card: int) -> None:
        idx = self.model.discard_index(seat, card)
        if idx == HELD:
            src = self.drag.drop_origin(("hand", HELD)) if seat == self.viewer else None
            src = src or self.held_pt(seat)
            h0 = self.H if seat == self.viewer else self.pair_h
        elif seat == self.viewer:
            src = self.drag.drop_origin(("hand", idx)) if idx is not None else None
            if src is None and idx is not None:
                src = next((s.centre for s in self.slots if s.idx == idx), self._hand_target())
            src = src or self._hand_target()
            h0 = self.H
        else:
            src = self.fan_pt(seat)
            h0 = self.back_h
        self.model.lift_discard(seat, card, idx)
        if seat == self.viewer:
            self._layout_hand()
        self.drag.cancel()

        def land() -> None:
            self.model.land_discard(card)
            self.app.audio.play("place")

        self.flights.fly(FlipSprite(card, src, h0), src, self.live_pt, 0.28, land, size=(h0, self.pile_h),
                 start=lambda: self.app.audio.play("slide"))

    def _anim_declare(self, seat: int, pair: int) -> None:
        def start() -> None:
            self.model.declare(seat, pair, self.clock)
            if seat == self.viewer:
                self._layout_hand()
            self.app.audio.play("checki")

        def step(p: float) -> None:
            self.model.slide[seat] = p
            self.hand_layer.clear()

        self.anim.add(Anim(0.25, start, step, None, ease_out_cubic))
        self.anim.add(Anim(0.6))        # the seal-red outline pulses twice

    def _anim_win(self, ev: Event) -> None:
        """The winning card joins the winner's exposed pair as the table dims; the
        showcase (banner, groups) comes in after it."""
        outcome = outcome_from_win(ev.seat, ev.data)
        winner, card, method = ev.seat, outcome["card"], outcome["method"]
        src_h = self.pile_h
        sprite = FlipSprite(card, self.live_pt, src_h)
        path: dict[str, tuple[float, float]] = {}

        def start() -> None:
            path["src"] = self.live_pt if method == "opponent_discard" else self.held_pt(outcome["from_seat"])
            self.model.win(outcome)
            if method != "opponent_discard":
                self._layout_hand()
            sprite.pos = path["src"]
            self.flying.append(sprite)
            self.app.audio.play("checki")

        def step(p: float) -> None:
            self.model.dim_p = p
            sprite.pos = lerp2(path["src"], self.win_card_pt(winner), p)
            sprite.size = round(lerp(src_h, self.H if winner == self.viewer else self.pair_h, p))

        def end() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)

        self.anim.add(Anim(0.4, start, step, end, ease_in_out_cubic))

        def show(p: float) -> None:
            self.model.show_p = p

        self.anim.add(Anim(0.45, lambda: self.app.audio.play("win"), show, None, lambda x: x))
        self.anim.add(Anim(1.6))

    def _anim_drawn(self) -> None:
        def step(p: float) -> None:
            self.model.show_p = p

        self.anim.add(Anim(0.4, self.model.drawn, step, None, lambda x: x))
        self.anim.add(Anim(1.4))

    def _snap_back(self, item: tuple, pos: tuple[int, int]) -> None:
        """A stock or pile card let go short of the hand flies home."""
        if item[0] == "pile" and not self.model.pile:
            return
        home = self.stock_pt if item[0] == "stock" else self.live_pt
        card = None if item[0] == "stock" else self.model.pile[-1]
        sprite = FlipSprite(card, (float(pos[0]), float(pos[1])), self.pile_h, face_up=card is not None)

        def start() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)   # fly() puts it back at the start of its path

        def end() -> None:
            self.model.lifted = None

        self.flying.append(sprite)           # shown where it was let go until the flight starts
        self.model.lifted = item
        self.flights.fly(sprite, sprite.pos, home, 0.2, end, start=start)
