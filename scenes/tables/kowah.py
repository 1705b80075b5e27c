"""The Kowah / Cheki table: long money-card strips on jade cloth, clockwise play.

Layout (u = height / 100): the viewer's hand of 28u strips along the bottom with the
sort buttons at its right; the stock and the live discard at the top centre with the
whole discard history below them (mini strips, rows of 15, newest right); each opponent
at the side the seating layer gives it, as a fan of backs with their known cards and,
once declared, their exposed pair face up in front of them.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import pygame

from game.core import Event
from game.kowah.checki import split_groups
from game.kowah.deck import default_deck
from game.match import Match
from scenes import fonts, theme
from scenes.art.kowah_cards import SEAL_RED, KowahArt, card_width
from scenes.dialog import wrap
from scenes.i18n import lang, t
from scenes.results import ResultsScene, fitted
from scenes.tables.base import TableScene
from scenes.tables.felt import TableStyle
from scenes.tables.kowah_deco import JADE, Frame, grey, multiplier_badge, panel
from scenes.tables.sprites import Sprite
from scenes.tween import Anim, ease_in_out_cubic, ease_out_back, ease_out_cubic, lerp, lerp2
from scenes.widgets.button import Button
from scenes.widgets.layer import CachedLayer

PER_ROW = 15            # discard history: minis per row (§2.3)
HELD = -1               # hand slot index of a declarer's drawn card


@dataclass
class FlipSprite(Sprite):
    """A card in flight that may turn over on the way: ``sx`` is its horizontal scale."""

    sx: float = 1.0


@dataclass
class Slot:
    idx: int                    # index in the visual order, or HELD
    card: int
    centre: tuple[float, float]


class KowahTable(TableScene):
    style = TableStyle(JADE, (0x2B, 0x62, 0x57), "cloth", 0.03, 0.24)
    rules_game = "kowah"

    def __init__(self, app: Any, match: Match, viewer: int | None = None, fresh: bool = False) -> None:
        self.deck = default_deck()
        self.direction = self.deck.direction
        self.art = KowahArt()
        self.frame = Frame()
        self.hand_layer = CachedLayer()
        self.wait_label: pygame.Rect | None = None   # "Waits for…" over your exposed pair
        self.prompt_box: pygame.Rect | None = None   # the prompt under "Your turn"
        self.history_layer = CachedLayer()
        self.fan_cache: dict[tuple, pygame.Surface] = {}
        self.scaled: dict[tuple, pygame.Surface] = {}
        self.warm_todo: list[tuple[str, int, int]] = []
        self.warm_minis: set[int] = set()
        self.sort_mode = "number"
        self.orders: dict[int, list[int]] = {}
        self.order: list[int] = []
        self.slots: list[Slot] = []
        self.focus: int | None = None
        self.new_idx: int | None = None
        self.pending_idx: int | None = None
        self.drop_src: tuple[float, float] | None = None   # a stock/pile card let go here
        self.lifted: Any = None              # ("pile",): the live discard is in the air, not on it
        self.outcome: dict | None = None
        self.show_p = 0.0            # 0..1: the end-of-hand showcase coming in
        self.dim_p = 0.0
        self.slide: dict[int, float] = {}
        self.pulse_at: dict[int, float] = {}
        self.sort_suit = Button(lambda: t("kowah.sort_suit"), lambda: self.set_sort("suit"))
        self.sort_number = Button(lambda: t("kowah.sort_number"), lambda: self.set_sort("number"))
        self.checki_button = Button(lambda: t("kowah.checki"), self.open_declare, "primary")
        self.pass_button = Button(lambda: t("kowah.not_now"), self.decline)
        super().__init__(app, match, viewer)
        if fresh:
            self.cursor = 0
            self.sizes = [0] * self.n
            self.order = []
            self.stock_vis = 0
            self._layout_hand()

    # ------------------------------------------------------------ cards
    def art_id(self, card: int) -> tuple[str, int]:
        d = self.deck
        if d.is_honour(card):
            return "honours", card - d.n_numerals + 1
        return ("coins", "strings", "myriads")[d.suit_of(card)], d.number_of(card)   # type: ignore[index,return-value]

    def card_name(self, card: int) -> str:
        return self.deck.card_name(card, lang())

    def card_w(self, height: int) -> int:
        return card_width(height)

    def face(self, card: int | None, height: int) -> pygame.Surface:
        """A face (or back for None) at any height: standard sizes from the art cache,
        in-between sizes (cards growing in flight) scaled once from the next larger one
        and kept (heights rounded to 4 px, so a flight reuses a handful of images)."""
        std = self._std_heights()
        if height in std:
            return self.art.back(height) if card is None else self.art.face(*self.art_id(card), height)
        height = max(8, height // 4 * 4)
        return self._scaled(card, height, 1.0)

    def _scaled(self, card: int | None, height: int, sx: float) -> pygame.Surface:
        key = (card, height, sx)
        img = self.scaled.get(key)
        if img is None:
            std = self._std_heights()
            base = min((x for x in std if x >= height), default=max(std))
            src = self.art.back(base) if card is None else self.art.face(*self.art_id(card), base)
            img = pygame.transform.smoothscale(src, (max(1, round(card_width(height) * sx)), height))
            if len(self.scaled) > 400:
                self.scaled.clear()
            self.scaled[key] = img
        return img

    def mini(self, card: int, height: int) -> pygame.Surface:
        return self.art.mini(*self.art_id(card), height)

    def _std_heights(self) -> tuple[int, ...]:
        return (self.H, self.pile_h, self.pair_h, self.back_h, self.show_h)

    def blit_card(self, surface: pygame.Surface, card: int | None, centre: tuple[float, float],
                  height: int, lifted: bool = False, sx: float = 1.0, shadow: bool = True) -> pygame.Rect:
        height = max(8, int(height))
        img = self.face(card, height)
        if sx < 0.999:
            img = self._scaled(card, img.get_height(), max(0.05, round(sx * 10) / 10))
        rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
        std = self._std_heights()
        sh_h = height if height in std else min((x for x in std if x >= height), default=max(std))
        if shadow and sx >= 0.999 and sh_h == height:
            img_sh, off = self.art.shadow(sh_h, lifted)
            surface.blit(img_sh, (rect.x + off[0], rect.y + off[1]))
        surface.blit(img, rect)
        return rect

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        sx = getattr(sprite, "sx", 1.0)
        self.blit_card(surface, sprite.card if sprite.face_up else None, sprite.pos, sprite.size, sx=sx)

    # ------------------------------------------------------------ state
    def reset_visual(self) -> None:
        v = self.match.view(self.viewer)
        self.sizes = list(v.hand_sizes)
        self.stock_vis = v.stock_left
        self.pile = list(v.discards)
        self.declared: list[int | None] = list(v.declared)
        self.known = [list(k) for k in v.known]
        self.held: dict[int, int | None] = {s: None for s in range(self.n)}
        if v.held is not None and v.turn is not None:
            self.held[v.turn] = v.held
        self.slide = {s: 1.0 for s in range(self.n) if self.declared[s] is not None}
        self.pulse_at = {}
        self.flying = []
        self.full_hand = list(v.hand or ())
        self.order = self._reconcile(self.orders.get(self.viewer, []), self.full_hand)
        if self.declared[self.viewer] is not None:
            self.order = self._declared_order(self.order, self.declared[self.viewer])
        self.orders[self.viewer] = self.order
        self.new_idx = None
        fresh = v.drawn if v.drawn is not None else v.taken
        if v.turn == self.viewer and v.phase == "discard" and fresh is not None and fresh in self.order:
            self.new_idx = len(self.order) - 1 - self.order[::-1].index(fresh)
        self.outcome = self._outcome_from_result()
        self.show_p = self.dim_p = 1.0 if self.outcome else 0.0
        self.drag.cancel()
        self.drop_src = None
        self.lifted = None
        self.hand_layer.clear()
        self.history_layer.clear()

    def _resync(self) -> None:
        self.reset_visual()
        self._layout_hand()

    def _outcome_from_result(self) -> dict | None:
        if not self.match.is_over():
            return None
        res = self.match.result()
        d = res.details
        if res.winners:
            return {"kind": "win", "winner": res.winners[0], "card": d.get("card"),
                    "method": d.get("method", res.reason), "mult": d.get("multiplier", 1),
                    "from_seat": d.get("from_seat"), "pair": d.get("pair"), "hand": list(d.get("hand", ()))}
        return {"kind": "drawn", "anomaly": d.get("anomaly")}

    def _sort_key(self, mode: str):
        keys = self.deck.keys
        if mode == "suit":
            return lambda c: c
        return lambda c: (keys[c], c)

    def _reconcile(self, previous: list[int], hand: list[int]) -> list[int]:
        """Keep the player's own order for the cards still held; add the others."""
        left = list(hand)
        kept = []
        for c in previous:
            if c in left:
                left.remove(c)
                kept.append(c)
        if self.sort_mode != "manual":
            return sorted(kept + left, key=self._sort_key(self.sort_mode))
        return kept + sorted(left, key=self._sort_key("number"))

    def _declared_order(self, order: list[int], pair: int | None) -> list[int]:
        try:
            t1, t2, p = split_groups(order, pair, self.deck.keys)   # type: ignore[arg-type]
        except (ValueError, TypeError):
            return order
        return list(t1) + list(t2) + list(p)

    def set_sort(self, mode: str) -> None:
        if self.declared[self.viewer] is not None:
            self.toast.show(t("kowah.locked"))
            return
        new_card = self.order[self.new_idx] if self.new_idx is not None and self.new_idx < len(self.order) else None
        self.sort_mode = mode
        self.order.sort(key=self._sort_key(mode))
        self.orders[self.viewer] = self.order
        self.new_idx = self.order.index(new_card) if new_card is not None else None
        self.focus = None
        self._layout_hand()

    def _group_of(self, card: int) -> int:
        if self.sort_mode == "suit":
            s = self.deck.suit_of(card)
            return 3 if s is None else s
        return self.deck.keys[card]

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        super().layout()
        u = self.app.u
        w, h = self.app.size
        self.H = round(28 * u)
        self.pile_h = round(20 * u)
        self.pair_h = round(18 * u)
        self.back_h = round(14 * u)
        self.show_h = round(16 * u)
        self.stock_pt = (w / 2 - 7.5 * u, 20.5 * u)
        self.live_pt = (w / 2 + 7.5 * u, 20.5 * u)
        bw, bh = round(19 * u), round(4.6 * u)
        x = w - round(3 * u) - bw
        self.sort_suit.rect = pygame.Rect(x, round(h - 2.5 * u - 2 * bh - 1.2 * u), bw, bh)
        self.sort_number.rect = pygame.Rect(x, round(h - 2.5 * u - bh), bw, bh)
        self.art.clear()
        self.scaled.clear()
        self.fan_cache.clear()
        self.warm_minis = set()
        kinds = range(self.deck.kinds)
        self.warm_todo = [("face", c, h) for h in (self.pair_h, self.H, self.pile_h) for c in kinds]
        self.warm_todo += [("mini", c, round(3.6 * u)) for c in kinds]
        self.hand_layer.clear()
        self.history_layer.clear()
        self._layout_hand()

    def hand_top(self) -> float:
        return self.app.size[1] - 2 * self.app.u - 28 * self.app.u - 3 * self.app.u

    def _layout_hand(self) -> None:
        u = self.app.u
        w, h = self.app.size
        H = round(28 * u)
        cw = card_width(H)
        gap, group_gap = 0.6 * u, 1.8 * u
        cards = self.order
        held = self.held.get(self.viewer) if hasattr(self, "held") else None
        gaps = [0.0]
        for i in range(1, len(cards)):
            extra = group_gap if (self.sort_mode != "manual"
                                  and self._group_of(cards[i]) != self._group_of(cards[i - 1])) else 0.0
            gaps.append(gap + extra)
        width = len(cards) * cw + sum(gaps) + ((3 * u + cw) if held is not None else 0)
        room = w - 2 * (26 * u)
        squeeze = 1.0
        if width > room and len(cards) > 1:
            squeeze = max(0.3, 1 - (width - room) / ((len(cards) - 1) * cw + sum(gaps)))
        x = (w - min(width, room)) / 2 + cw / 2
        y = h - 2 * u - H / 2
        self.slots = []
        for i, c in enumerate(cards):
            x += gaps[i] * squeeze if i else 0
            self.slots.append(Slot(i, c, (x, y)))
            x += cw * squeeze
        if held is not None:
            x += 3 * u - cw * squeeze + cw
            self.slots.append(Slot(HELD, held, (x, y)))
        self.hand_layer.clear()

    def hand_left(self) -> float:
        if not self.slots:
            return self.app.size[0] / 2
        return self.slots[0].centre[0] - card_width(self.H) / 2

    def plate_pos(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        h = self.app.size[1]
        if seat == self.viewer:
            if self.hand_left() > 25 * u:
                return (3 * u + 10 * u, h - 2 * u - 14 * u)
            return (3 * u + 10 * u, self.hand_top() - 4 * u)
        zx, _ = self.zone(seat)
        return (zx, 13 * u)

    def zone(self, seat: int) -> tuple[float, int]:
        """Centre x of an opponent's column and its side (-1 left, +1 right), from the
        seating layer (which seat sits where follows the game's direction of play)."""
        u = self.app.u
        w = self.app.size[0]
        ax, _ = self.seat_anchor(seat)
        side = -1 if ax < w / 2 else 1
        return (17 * u if side < 0 else w - 17 * u), side

    def fan_pt(self, seat: int) -> tuple[float, float]:
        return (self.zone(seat)[0], 25.5 * self.app.u)

    def known_pt(self, seat: int) -> tuple[float, float]:
        return (self.zone(seat)[0], 35 * self.app.u)

    def pair_pt(self, seat: int) -> tuple[float, float]:
        """Centre of an exposed pair (slid 2u forward when fully declared)."""
        u = self.app.u
        if seat == self.viewer:
            pair = [s for s in self.slots if s.idx >= len(self.order) - 2 and s.idx != HELD]
            if pair:
                return ((pair[0].centre[0] + pair[-1].centre[0]) / 2, pair[0].centre[1] - 2 * u)
            return (self.app.size[0] / 2, self.app.size[1] - 16 * u)
        zx, side = self.zone(seat)
        return (zx - side * 3 * u, (47 - 2 + 2 * self.slide.get(seat, 1.0)) * u)

    def win_card_pt(self, seat: int) -> tuple[float, float]:
        """Where the winning card joins the exposed pair: beside it, toward the centre."""
        u = self.app.u
        px, py = self.pair_pt(seat)
        if seat == self.viewer:
            return (px + 1.5 * card_width(self.H) + 1.4 * u, py)
        _, side = self.zone(seat)
        return (px - side * (1.5 * card_width(self.pair_h) + 1.4 * u), py)

    def held_pt(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        if seat == self.viewer:
            for s in self.slots:
                if s.idx == HELD:
                    return s.centre
            return (self.app.size[0] / 2 + 30 * u, self.app.size[1] - 16 * u)
        zx, side = self.zone(seat)
        return (zx + side * 9.5 * u if self.declared[seat] is None else zx - side * 12.5 * u, 47 * u)

    def history_geom(self, n: int) -> tuple[int, int, int, pygame.Rect]:
        """(mini size, gap, rows, panel rect) for a pile of ``n`` cards."""
        u = self.app.u
        w = self.app.size[0]
        rows = max(1, math.ceil(n / PER_ROW))
        top, bottom = 35 * u, self.hand_top() - 6.5 * u
        label = 3 * u
        avail_w = w - 2 * 34 * u - 2 * u
        m = min(6 * u, (bottom - top - label - 1.5 * u) / rows * 0.92, avail_w / (PER_ROW * 1.08))
        m = max(10, round(m))
        g = max(2, round(m * 0.08))
        pw = PER_ROW * m + (PER_ROW - 1) * g + round(2.4 * u)
        ph = round(label + rows * (m + g) + 1.2 * u)
        rect = pygame.Rect(0, 0, pw, ph)
        rect.midtop = (round(w / 2), round(top))
        return m, g, rows, rect

    def history_pos(self, i: int, n: int) -> tuple[float, float]:
        m, g, _, rect = self.history_geom(n)
        u = self.app.u
        r, c = divmod(i, PER_ROW)
        return (rect.x + 1.2 * u + c * (m + g) + m / 2, rect.y + 3 * u + r * (m + g) + m / 2)

    # ------------------------------------------------------------ events
    def on_event(self, ev: Event) -> None:
        kind = ev.kind
        if kind == "deal":
            self._anim_deal(ev)
        elif kind == "hand":
            self.full_hand = list(ev.data["cards"])
        elif kind == "draw":
            if ev.data.get("public") or ev.seat != self.viewer:
                self._anim_draw(ev.seat, ev.data.get("card"), bool(ev.data.get("public")),
                                ev.data.get("stock_left", self.stock_vis - 1))
            else:
                self._stock_after = ev.data.get("stock_left", self.stock_vis - 1)
        elif kind == "draw_card":
            self._anim_draw(ev.seat, ev.data["card"], False, getattr(self, "_stock_after", self.stock_vis - 1))
        elif kind == "take":
            self._anim_take(ev.seat, ev.data["card"])
        elif kind == "discard":
            self._anim_discard(ev.seat, ev.data["card"])
        elif kind == "declare":
            self._anim_declare(ev.seat, ev.data["pair"])
        elif kind == "win":
            self._anim_win(ev)
        elif kind == "over":
            if not ev.data.get("winners"):
                self._anim_drawn()
        elif kind == "anomaly":
            self.anim.add(Anim(0.0, lambda: self.toast.show(t("kowah.anomaly"))))

    def _hand_target(self) -> tuple[float, float]:
        return (self.app.size[0] / 2, self.app.size[1] - 16 * self.app.u)

    def _anim_deal(self, ev: Event) -> None:
        if not ev.data.get("packets"):          # a position set up without a deal (scenarios)
            self.anim.add(Anim(0.0, self._resync))
            return
        self.sizes = [0] * self.n
        self.order = []
        self.orders[self.viewer] = self.order
        self.stock_vis = ev.data.get("stock", 96) + self.n * ev.data.get("hand_size", 8)
        self._layout_hand()
        self.app.audio.play("shuffle")
        src = self.stock_pt
        for seat, k in ev.data["packets"]:
            for _ in range(k):
                dst = self._hand_target() if seat == self.viewer else self.fan_pt(seat)

                def start() -> None:
                    self.stock_vis -= 1

                def land(seat: int = seat) -> None:
                    self.sizes[seat] += 1
                    if seat == self.viewer:
                        cards = self.full_hand[: self.sizes[seat]]
                        self.order = sorted(cards, key=self._sort_key(
                            self.sort_mode if self.sort_mode != "manual" else "number"))
                        self.orders[self.viewer] = self.order
                        self._layout_hand()
                    self.app.audio.play("slide")

                h = self.H if seat == self.viewer else self.back_h
                self.fly(FlipSprite(None, src, self.pile_h, face_up=False), src, dst, 0.2, land,
                         overlap=0.07, size=(self.pile_h, h), start=start)

    def _anim_draw(self, seat: int, card: int | None, public: bool, stock_left: int) -> None:
        src = self._take_drop_src(seat, self.stock_pt)
        declared = self.declared[seat] is not None
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

        def start() -> None:
            self.stock_vis = stock_left
            self.app.audio.play("slide")

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
            self._land_draw(seat, card, public)

        duration = 0.5 if reveal else 0.26
        def begin() -> None:
            start()
            if sprite not in self.flying:
                self.flying.append(sprite)

        self.anim.add(Anim(duration, begin, step, end, ease_out_cubic))
        if public and seat != self.viewer:
            self.anim.add(Anim(0.35))      # let everyone read the revealed card

    def _take_drop_src(self, seat: int, home: tuple[float, float]) -> tuple[float, float]:
        """Where the viewer's draw or take flies from: the point the dragged card was let
        go (so it never jumps back to the stock first), else the pile it comes from."""
        src, self.drop_src = self.drop_src, None
        return src if seat == self.viewer and src is not None else home

    def _insert_point(self, card: int | None) -> tuple[float, float]:
        if card is None:
            return self._hand_target()
        _, i = self._with_card(list(self.order), card)
        slots_before = self.slots
        cw = card_width(self.H)
        if slots_before:
            if i < len(slots_before):
                x, y = slots_before[i].centre
                return (x - cw / 2, y)
            x, y = slots_before[-1].centre
            return (x + cw, y)
        return self._hand_target()

    def _with_card(self, order: list[int], card: int) -> tuple[list[int], int]:
        """The order with ``card`` added where the current sort puts it, and its index."""
        if self.sort_mode == "manual":
            order.append(card)
            return order, len(order) - 1
        key = self._sort_key(self.sort_mode)
        i = 0
        while i < len(order) and key(order[i]) <= key(card):
            i += 1
        order.insert(i, card)
        return order, i

    def _add_to_hand(self, card: int) -> None:
        self.order, i = self._with_card(self.order, card)
        self.orders[self.viewer] = self.order
        self.new_idx = i
        self._layout_hand()

    def _land_draw(self, seat: int, card: int | None, public: bool) -> None:
        if self.match.is_over() and self.outcome is None and self._wins_at(card):
            self.held[seat] = card              # the winning draw stays where it was revealed
            self._layout_hand()
            return
        if self.declared[seat] is not None:
            self.held[seat] = card
            if seat == self.viewer:
                self._layout_hand()
            return
        self.sizes[seat] += 1
        if seat == self.viewer and card is not None:
            self._add_to_hand(card)
        elif public and card is not None:
            self.known[seat].append(card)
        self.app.audio.play("place")

    def _wins_at(self, card: int | None) -> bool:
        res = self.match.result()
        return bool(res and res.winners and res.details.get("card") == card
                    and res.details.get("method") in ("self_drawn", "opponent_draw")
                    and self._last_draw_wins())

    def _last_draw_wins(self) -> bool:
        """The hand ended on a stock draw (the draw's card never entered a hand)."""
        for ev in reversed(self.match.events):
            if ev.kind == "draw":
                return True
            if ev.kind in ("discard", "take"):
                return False
        return False

    def _anim_take(self, seat: int, card: int) -> None:
        src = self._take_drop_src(seat, self.live_pt)
        dst = self._insert_point(card) if seat == self.viewer else self.fan_pt(seat)
        h_end = self.H if seat == self.viewer else self.back_h
        sprite = FlipSprite(card, src, self.pile_h)
        if src != self.live_pt:
            self.flying.append(sprite)       # the card let go over the hand stays in sight
            self.lifted = ("pile",)

        def start() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)   # fly() puts it back at the start of its path
            self.lifted = None
            if self.pile and self.pile[-1] == card:
                self.pile.pop()
            self.app.audio.play("slide")

        def land() -> None:
            self.sizes[seat] += 1
            if seat == self.viewer:
                self._add_to_hand(card)
            else:
                self.known[seat].append(card)
            self.app.audio.play("place")

        self.fly(sprite, src, dst, 0.28, land, size=(self.pile_h, h_end), start=start)

    def _anim_discard(self, seat: int, card: int) -> None:
        if self.held.get(seat) is not None and self.held[seat] == card:
            src = self.drag.drop_origin(("hand", HELD)) if seat == self.viewer else None
            src = src or self.held_pt(seat)
            h0 = self.H if seat == self.viewer else self.pair_h
            self.held[seat] = None
            if seat == self.viewer:
                self._layout_hand()
        elif seat == self.viewer:
            idx = self.pending_idx
            if idx is None or idx >= len(self.order) or self.order[idx] != card:
                idx = len(self.order) - 1 - self.order[::-1].index(card) if card in self.order else None
            src = self.drag.drop_origin(("hand", idx)) if idx is not None else None
            if src is None and idx is not None:
                src = next((s.centre for s in self.slots if s.idx == idx), self._hand_target())
            src = src or self._hand_target()
            if idx is not None:
                self.order.pop(idx)
            self.new_idx = None
            self.focus = None
            self.sizes[seat] = max(0, self.sizes[seat] - 1)
            self._layout_hand()
            h0 = self.H
        else:
            src = self.fan_pt(seat)
            self.sizes[seat] = max(0, self.sizes[seat] - 1)
            if card in self.known[seat]:
                self.known[seat].remove(card)
            h0 = self.back_h
        self.pending_idx = None
        self.drag.cancel()
        dst = self.live_pt

        def land() -> None:
            self.pile.append(card)
            self.app.audio.play("place")

        self.fly(FlipSprite(card, src, h0), src, dst, 0.28, land, size=(h0, self.pile_h),
                 start=lambda: self.app.audio.play("slide"))

    def _anim_declare(self, seat: int, pair: int) -> None:
        def start() -> None:
            self.declared[seat] = pair
            self.slide[seat] = 0.0
            self.pulse_at[seat] = self.clock
            if seat == self.viewer:
                self.order = self._declared_order(self.order, pair)
                self.orders[self.viewer] = self.order
                self.new_idx = None
                self._layout_hand()
            elif pair in self.known[seat]:
                for _ in range(2):
                    if pair in self.known[seat]:
                        self.known[seat].remove(pair)
            self.app.audio.play("checki")

        def step(p: float) -> None:
            self.slide[seat] = p
            self.hand_layer.clear()

        self.anim.add(Anim(0.25, start, step, None, ease_out_cubic))
        self.anim.add(Anim(0.6))        # the seal-red outline pulses twice

    def _anim_win(self, ev: Event) -> None:
        d = ev.data
        winner = ev.seat
        card = d["card"]
        outcome = {"kind": "win", "winner": winner, "card": card, "method": d["method"],
                   "mult": d["multiplier"], "from_seat": d["from_seat"], "pair": d.get("pair"),
                   "hand": list(d.get("hand", ()))}
        src_h = self.pile_h

        def source() -> tuple[float, float]:
            if d["method"] == "opponent_discard":
                return self.live_pt
            return self.held_pt(d["from_seat"])

        sprite = FlipSprite(card, self.live_pt, src_h)
        path: dict[str, tuple[float, float]] = {}

        def start() -> None:
            path["src"] = source()
            if d["method"] == "opponent_discard":
                if self.pile and self.pile[-1] == card:
                    self.pile.pop()
            else:
                self.held[d["from_seat"]] = None
                self._layout_hand()
            sprite.pos = path["src"]
            self.flying.append(sprite)
            self.outcome = outcome
            self.app.audio.play("checki")

        def step(p: float) -> None:
            self.dim_p = p
            sprite.pos = lerp2(path["src"], self.win_card_pt(winner), p)
            sprite.size = round(lerp(src_h, self.H if winner == self.viewer else self.pair_h, p))

        def end() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)

        self.anim.add(Anim(0.4, start, step, end, ease_in_out_cubic))

        def show(p: float) -> None:
            self.show_p = p

        self.anim.add(Anim(0.45, lambda: self.app.audio.play("win"), show, None, lambda x: x))
        self.anim.add(Anim(1.6))

    def _anim_drawn(self) -> None:
        outcome = {"kind": "drawn", "anomaly": None}
        for ev in self.match.events[-3:]:
            if ev.kind == "anomaly":
                outcome["anomaly"] = ev.data.get("kind")

        def start() -> None:
            self.outcome = outcome

        def step(p: float) -> None:
            self.show_p = p

        self.anim.add(Anim(0.4, start, step, None, lambda x: x))
        self.anim.add(Anim(1.4))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.turn_banner and (self.anim.busy or self.view().phase != "take"):
            self.turn_banner = 0.0           # the prompt and the Checki panel say it now
        self._warm()

    def _warm(self, budget: float = 0.0012) -> None:
        """Render card images before they are needed, a little each frame: faces at the
        table's sizes, and the history's minis at this size and the next (a new row
        shrinks them), so no frame has to paint dozens of new images at once."""
        n = len(self.pile)
        sizes = {self.history_geom(n)[0], self.history_geom(n + PER_ROW)[0]}
        for m in sizes - self.warm_minis:
            self.warm_minis.add(m)
            self.warm_todo += [("mini", c, m) for c in range(self.deck.kinds)]
        if not self.warm_todo:
            return
        t0 = time.perf_counter()
        while self.warm_todo and time.perf_counter() - t0 < budget:
            kind, card, h = self.warm_todo.pop()
            if kind == "mini":
                self.mini(card, h)
            else:
                self.face(card, h)

    # ------------------------------------------------------------ input state
    def view(self) -> Any:
        key = (len(self.match.log), self.viewer)
        if getattr(self, "_view_key", None) != key:
            self._view_key = key
            self._view = self.match.view(self.viewer)
        return self._view

    def legal(self) -> list[tuple]:
        key = (len(self.match.log), self.viewer, self.viewer_can_act)
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            self._legal = list(self.match.legal_actions(self.viewer)) if key[2] else []
        return self._legal

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

    # ------------------------------------------------------------ actions
    def draw_stock(self) -> bool:
        return self._act(("draw",))

    def take_discard(self) -> bool:
        return self._act(("take",))

    def discard_idx(self, idx: int) -> bool:
        card = self._card_at_idx(idx)
        if card is None:
            return False
        self.pending_idx = idx if idx != HELD else None
        ok = self._act(("discard", card))
        if not ok:
            self.pending_idx = None
        return ok

    def open_declare(self) -> None:
        pairs = self.pairs_offered()
        if not pairs:
            return
        if len(pairs) == 1:
            self.declare(pairs[0])
            return
        from scenes.tables.kowah_pair import PairChooser
        self.app.stack.push(PairChooser(self.app, self, pairs))

    def declare(self, x: int) -> None:
        self._act(("declare", x))

    def decline(self) -> None:
        self._act(("pass",))

    def _act(self, action: tuple) -> bool:
        if not self.viewer_can_act:
            if not self.anim.busy:
                self.toast.show(t("table.not_your_turn"))
                self.app.audio.play("illegal")
            return False
        return self.submit(action)

    def _card_at_idx(self, idx: int) -> int | None:
        if idx == HELD:
            return self.held.get(self.viewer)
        return self.order[idx] if 0 <= idx < len(self.order) else None

    # ------------------------------------------------------------ hit tests
    def slot_rect(self, slot: Slot, lifted: float = 0.0) -> pygame.Rect:
        cw = card_width(self.H)
        r = pygame.Rect(0, 0, cw, self.H)
        r.center = (round(slot.centre[0]), round(slot.centre[1] - lifted))
        return r

    def item_at(self, pos: tuple[int, int]) -> Any:
        """What is under the pointer: ("hand", idx), ("stock",), ("pile",) or None."""
        for slot, (x, y), _ in reversed(self._hand_draw_list()):
            r = pygame.Rect(0, 0, card_width(self.H), self.H)
            r.center = (round(x), round(y))
            if r.collidepoint(pos):
                return ("hand", slot.idx)
        if self._stock_rect().collidepoint(pos):
            return ("stock",)
        if self.pile and self._live_rect().collidepoint(pos):
            return ("pile",)
        return None

    def _stock_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, card_width(self.pile_h) + round(2 * self.app.u), self.pile_h + round(self.app.u))
        r.center = (round(self.stock_pt[0]), round(self.stock_pt[1]))
        return r

    def _live_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, card_width(self.pile_h), self.pile_h)
        r.center = (round(self.live_pt[0]), round(self.live_pt[1]))
        return r.inflate(round(self.app.u), round(self.app.u))

    def grab_point(self, idx: int) -> tuple[float, float]:
        """A point on the visible part of hand slot ``idx`` (for tests): its upper part."""
        for slot, (x, y), _ in self._hand_draw_list():
            if slot.idx == idx:
                return (x, y - 0.3 * self.H)
        raise KeyError(idx)

    def index_of(self, card: int) -> int:
        """The first visual hand slot holding ``card`` (HELD for a declarer's drawn card)."""
        if card in self.order:
            return self.order.index(card)
        if self.held.get(self.viewer) == card:
            return HELD
        raise KeyError(card)

    def pile_point(self) -> tuple[float, float]:
        return self.live_pt

    def stock_point(self) -> tuple[float, float]:
        return self.stock_pt

    def hand_point(self) -> tuple[float, float]:
        return self._hand_target()

    # ------------------------------------------------------------ input
    def handle_game(self, event: pygame.event.Event) -> bool:
        if self.outcome is not None:
            self.drag.cancel()
            return False
        if (event.type == pygame.MOUSEMOTION and self.drag.active
                and not getattr(event, "buttons", (1,))[0]):
            self._let_go(event.pos)          # the release went elsewhere (another scene, outside)
            return True
        if self.viewer_can_act and self.phase() == "declare":
            if self.checki_button.handle(event) or self.pass_button.handle(event):
                return True
        if self.declared[self.viewer] is None and self.order:
            if self.sort_suit.handle(event) or self.sort_number.handle(event):
                return True
        if self.pointer(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def on_drag_motion(self) -> None:
        if self.drag.dragging:
            self.hand_layer.clear()

    def on_gesture(self, g: Any) -> None:
        item = g.item
        if g.kind == "click":
            if item[0] == "stock":
                self.draw_stock()
            elif item[0] == "pile":
                self.take_discard()
            else:
                self.focus = item[1]
                self.hand_layer.clear()
            return
        if g.kind == "double":
            if item[0] == "hand":
                self._discard_from_hand(item[1])
            return
        # a drop
        in_hand_zone = g.pos[1] > self.hand_top() - 2 * self.app.u
        if item[0] in ("stock", "pile"):
            self._drop_taken(item, g.pos)
        elif in_hand_zone:
            self._reorder(item[1], g.pos[0])
            self.drag.cancel()
        elif not self._discard_from_hand(item[1]):
            self.drag.cancel()
        self.hand_layer.clear()

    def _let_go(self, pos: tuple[int, int]) -> None:
        item, moved = self.drag.item, self.drag.dragging
        self.drag.cancel()
        if moved and item in (("stock",), ("pile",)):
            self._snap_back(item, pos)
        self.hand_layer.clear()

    def reaches_hand(self, pos: tuple[float, float]) -> bool:
        """A card dragged from the stock or the pile counts as brought to the hand when
        let go over the hand or nearer to it than to the piles (below half-way down)."""
        piles_bottom = self.stock_pt[1] + self.pile_h / 2
        line = (piles_bottom + self.hand_top()) / 2
        return pos[1] >= line or any(self.slot_rect(s).collidepoint(pos) for s in self.slots)

    def _drop_taken(self, item: tuple, pos: tuple[int, int]) -> None:
        """A stock or pile card let go: into the hand if it got there and the rules allow
        it, else back to where it came from, saying where to drop it."""
        self.drag.cancel()                   # nothing stays on the pointer after a release
        if self.reaches_hand(pos):
            self.drop_src = (float(pos[0]), float(pos[1]))
            if self.draw_stock() if item[0] == "stock" else self.take_discard():
                return
            self.drop_src = None             # refused: the toast says why
        else:
            self.toast.show(t("kowah.drop_on_hand"))
        self._snap_back(item, pos)

    def _snap_back(self, item: tuple, pos: tuple[int, int]) -> None:
        if item[0] == "pile" and not self.pile:
            return
        home = self.stock_pt if item[0] == "stock" else self.live_pt
        card = None if item[0] == "stock" else self.pile[-1]
        sprite = FlipSprite(card, (float(pos[0]), float(pos[1])), self.pile_h, face_up=card is not None)

        def start() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)   # fly() puts it back at the start of its path

        def end() -> None:
            self.lifted = None

        self.flying.append(sprite)           # shown where it was let go until the flight starts
        self.lifted = item
        self.fly(sprite, sprite.pos, home, 0.2, end, start=start)

    def _discard_from_hand(self, idx: int) -> bool:
        if self.viewer_can_act and self.phase() == "take":
            self.toast.show(t("kowah.take_first"))
            self.app.audio.play("illegal")
            return False
        return self.discard_idx(idx)

    def _reorder(self, idx: int, x: float) -> None:
        if idx == HELD or self.declared[self.viewer] is not None:
            if self.declared[self.viewer] is not None:
                self.toast.show(t("kowah.locked"))
            return
        others = [s for s in self.slots if s.idx not in (idx, HELD)]
        new = sum(1 for s in others if s.centre[0] < x)
        card = self.order.pop(idx)
        self.order.insert(new, card)
        if self.new_idx is not None:
            marks = list(range(len(self.order) + 1))
            marks.insert(new, marks.pop(idx))
            old = self.new_idx
            self.new_idx = marks.index(old) if old in marks else None
        self.sort_mode = "manual"
        self.orders[self.viewer] = self.order
        self.focus = new
        self._layout_hand()

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_s:
            self.draw_stock()
            return True
        if k == pygame.K_t:
            self.take_discard()
            return True
        if k == pygame.K_c and self.pairs_offered():
            self.open_declare()
            return True
        if k == pygame.K_n and self.viewer_can_act and self.phase() == "declare":
            self.decline()
            return True
        order = [s.idx for s in self.slots]
        if not order:
            return False
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            i = order.index(self.focus) if self.focus in order else -1
            i = (i + (1 if k == pygame.K_RIGHT else -1)) % len(order)
            self.focus = order[i]
            self.hand_layer.clear()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.viewer_can_act and self.phase() == "declare":
                self.open_declare()
            elif self.focus is not None and self.focus in order:
                self._discard_from_hand(self.focus)
            elif self.viewer_can_act and self.phase() == "take":
                self.draw_stock()
            return True
        return False

    # ------------------------------------------------------------ results
    def score_text(self, seat: int) -> str:
        o = self.outcome or self._outcome_from_result()
        if o and o["kind"] == "win" and o["winner"] == seat:
            return f"×{o['mult']}"
        return "—"

    def result_headline(self) -> str:
        o = self.outcome or self._outcome_from_result()
        if not o or o["kind"] == "drawn":
            return t("kowah.drawn_banner")
        return t("kowah.win_title", seat=self.seat_name(o["winner"]))

    def result_extra_height(self) -> float:
        o = self.outcome or self._outcome_from_result()
        return (17 if o and o["kind"] == "win" else 5) * self.app.u

    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.app.u
        o = self.outcome or self._outcome_from_result()
        if not o:
            return
        y = area.y + round(u)
        px = max(13, round(2.3 * u))
        if o["kind"] == "drawn":
            line = t("kowah.drawn_sub_guard" if o.get("anomaly") else "kowah.drawn_sub")
            for text in wrap(line, px, area.width)[:2]:
                img = fitted(text, px, area.width, theme.MUTED)
                surface.blit(img, (area.x, y))
                y += img.get_height()
            return
        img = fitted(self.method_text(o), px, area.width, theme.IVORY, "semibold")
        surface.blit(img, (area.x, y))
        h = round(11 * u)
        while h > 8 and self._groups_width(o, h) > area.width:
            h -= 1                      # a narrow panel: smaller cards, never past its edge
        self._draw_groups(surface, o, (area.x, y + round(4 * u)), h, align="left")

    def method_text(self, o: dict, with_mult: bool = True) -> str:
        src = self.seat_name(o["from_seat"]) if o.get("from_seat") is not None else ""
        key = {"self_drawn": "kowah.how_self", "opponent_draw": "kowah.how_draw",
               "opponent_discard": "kowah.how_discard"}.get(o["method"], "kowah.how_self")
        text = t(key, seat=src, card=self.card_name(o["card"]))
        return f"{text} · ×{o['mult']}" if with_mult else text

    def error_params(self, err: Any) -> dict:
        out = dict(err.params)
        if "card" in out and isinstance(out["card"], int):
            out["card"] = self.card_name(out["card"])
        if "pairs" in out:
            out["pairs"] = ", ".join(self.card_name(c) for c in out["pairs"])
        if "seat" in out:
            out["seat"] = self.seat_name(out["seat"])
        return out

    # ------------------------------------------------------------ drawing
    def _hand_draw_list(self) -> list[tuple[Slot, tuple[float, float], str]]:
        """Hand slots in paint order with their drawn centre and state."""
        u = self.app.u
        v = self.view()
        acting = self.viewer_can_act and v.phase == "discard"
        legal = self.legal_discards() if acting else set()
        declared = self.declared[self.viewer] is not None
        candidates = set(self.pairs_offered()) if self.viewer_can_act and v.phase == "declare" else set()
        out = []
        for slot in self.slots:
            if self.drag.dragging and self.drag.item == ("hand", slot.idx):
                continue
            x, y = slot.centre
            state = "normal"
            if acting:
                ok = slot.card in legal and (not declared or slot.idx == HELD)
                state = "legal" if ok else "illegal"
                if ok:
                    y -= 0.6 * u
            if slot.card in candidates:
                state = "candidate"
                y -= 2 * u
            if declared and slot.idx >= len(self.order) - 2 and slot.idx != HELD:
                state = "exposed"
                y -= 2 * u * self.slide.get(self.viewer, 1.0)
            elif slot.idx == self.new_idx and state != "illegal":
                y -= 0.8 * u
            if self.hover == ("hand", slot.idx) and not self.drag.active and state != "exposed":
                y -= 1.2 * u
            out.append((slot, (x, y), state))
        return out

    def draw_game(self, surface: pygame.Surface) -> None:
        u = self.app.u
        self.frame.draw(surface, u)
        self.draw_direction(surface, ((self.stock_pt[0] + self.live_pt[0]) / 2, self.stock_pt[1]), 16.5 * u)
        title = fonts.text(f"{self.deck.name[lang()]} · {self.deck.variant[lang()]}",
                           max(13, round(2.1 * u)), theme.MUTED, "semibold")
        surface.blit(title, (round(3 * u), round(2.6 * u)))
        for seat in range(self.n):
            if seat != self.viewer:
                self._draw_opponent(surface, seat)
        self._draw_centre(surface)
        self._draw_history(surface)
        self.draw_plate(surface, self.viewer, self.plate_pos(self.viewer), self._plate_lines(self.viewer))
        self._draw_hand(surface)
        self._draw_controls(surface)
        self.draw_flying(surface)
        self._draw_drag(surface)
        if self.outcome:
            self._draw_outcome(surface)

    def _plate_lines(self, seat: int) -> list[str]:
        n = self.sizes[seat] + (1 if self.held.get(seat) is not None else 0)
        sub = t("kowah.plate", n=n)
        if self.declared[seat] is not None:
            sub = t("kowah.plate_declared", n=n)
        return [self.seat_name(seat), sub]

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        self.draw_plate(surface, seat, self.plate_pos(seat), self._plate_lines(seat))
        declared = self.declared[seat] is not None
        concealed = max(0, self.sizes[seat] - (2 if declared else 0))
        fan = self._fan(concealed, declared)
        fx, fy = self.fan_pt(seat)
        surface.blit(fan, fan.get_rect(center=(round(fx), round(fy))))
        if self.known[seat]:
            self._draw_known(surface, seat)
        if declared:
            self._draw_exposed(surface, seat)
        held = self.held.get(seat)
        if held is not None:
            self.blit_card(surface, held, self.held_pt(seat), self.pair_h, lifted=True)

    def _draw_known(self, surface: pygame.Surface, seat: int) -> None:
        """"Known:" and the cards this opponent took in the open, kept inside the
        opponent's column: the minis shrink to fit one row, then wrap onto more rows."""
        u = self.app.u
        known = self.known[seat]
        w = surface.get_width()
        kx, ky = self.known_pt(seat)
        edge = max(1, round(0.8 * u)) + round(0.5 * u)       # inside the tile frame
        left, right = max(edge, kx - 16 * u), min(w - edge, kx + 16 * u)
        avail = max(1.0, right - left)
        lab = fitted(t("kowah.known"), max(12, round(1.7 * u)), round(avail * 0.4), theme.MUTED, "semibold")
        room = avail - lab.get_width() - u
        g = max(1, round(0.3 * u))
        m = max(8, min(round(3.6 * u), int((room + g) / len(known)) - g, round(room)))
        per_row = max(1, int((room + g) // (m + g)))
        rows = [known[i:i + per_row] for i in range(0, len(known), per_row)]
        width = lab.get_width() + u + min(len(known), per_row) * (m + g) - g
        x0 = round(min(max(left, kx - width / 2), right - width))
        surface.blit(lab, (x0, round(ky - lab.get_height() / 2)))
        for r, cards in enumerate(rows):
            x = x0 + lab.get_width() + round(u)
            y = round(ky - m / 2 + r * (m + g))
            for c in cards:
                surface.blit(self.mini(c, m), (x, y))
                x += m + g

    def _draw_exposed(self, surface: pygame.Surface, seat: int) -> None:
        u = self.app.u
        pair = self.declared[seat]
        cx, cy = self.pair_pt(seat)
        cw = card_width(self.pair_h)
        rects = [self.blit_card(surface, pair, (cx + dx * (cw / 2 + 0.3 * u), cy), self.pair_h)
                 for dx in (-1, 1)]
        box = rects[0].union(rects[1]).inflate(round(u), round(u))
        self._seal_outline(surface, box, seat)
        zx, side = self.zone(seat)
        label = t("kowah.waits", card=self.card_name(pair))
        img = fonts.text(label, max(12, round(1.8 * u)), theme.IVORY, "semibold")
        surface.blit(img, img.get_rect(midtop=(round(cx), box.bottom + round(0.5 * u))))

    def _seal_outline(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        u = self.app.u
        width = max(2, round(0.3 * u))
        start = self.pulse_at.get(seat)
        if start is not None and self.clock - start < 0.85 and self.anim.busy:
            k = math.sin(math.pi * ((self.clock - start - 0.25) / 0.3)) ** 2 if self.clock - start > 0.25 else 0
            width += round(0.5 * u * k)
            rect = rect.inflate(round(u * k), round(u * k))
        pygame.draw.rect(surface, SEAL_RED, rect, width, border_radius=round(0.6 * u))

    def _fan(self, n: int, locked: bool) -> pygame.Surface:
        """An opponent's concealed cards: backs fanned with 40 % overlap (cached)."""
        key = (n, locked, self.back_h)
        img = self.fan_cache.get(key)
        if img is None:
            u = self.app.u
            cw = card_width(self.back_h)
            step = cw * 0.6
            w = round(cw + step * 8 + 4 * u)
            h = round(self.back_h + 4 * u)
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            x0 = w / 2 - step * (n - 1) / 2
            back = self.face(None, self.back_h)
            shadow, off = self.art.shadow(self.back_h)
            for i in range(n):
                k = i - (n - 1) / 2
                angle = -k * 2.5
                cx, cy = x0 + i * step, h / 2 - 0.8 * u + 0.12 * u * k * k
                sh = pygame.transform.rotate(shadow, angle)
                card = pygame.transform.rotate(back, angle)
                img.blit(sh, sh.get_rect(center=(round(cx + off[0] + back.get_width() / 2 - shadow.get_width() / 2),
                                                  round(cy + off[1] + back.get_height() / 2 - shadow.get_height() / 2))))
                img.blit(card, card.get_rect(center=(round(cx), round(cy))))
            if locked and n:
                lock = fonts.text(t("kowah.locked_short"), max(11, round(1.6 * u)), theme.IVORY, "bold")
                tag = panel((lock.get_width() + round(1.4 * u), lock.get_height() + round(0.4 * u)), u, 220,
                            SEAL_RED, (90, 20, 22))
                tag.blit(lock, (round(0.7 * u), round(0.2 * u)))
                img.blit(tag, tag.get_rect(center=(w // 2, h // 2)))
            img = img.convert_alpha() if pygame.display.get_surface() else img
            self.fan_cache[key] = img
        return img

    def _draw_centre(self, surface: pygame.Surface) -> None:
        u = self.app.u
        v = self.view()
        can_act = self.viewer_can_act and v.phase == "take"
        over_drawn = self.outcome is not None and self.outcome["kind"] == "drawn"
        # stock
        sx, sy = self.stock_pt
        pile = self._stock_image(self.stock_vis, over_drawn)
        rect = pile.get_rect(center=(round(sx), round(sy)))
        dragging_stock = self.drag.dragging and self.drag.item == ("stock",) or self.lifted == ("stock",)
        surface.blit(pile, rect)
        if self.stock_vis <= 0:
            slot = self._stock_rect().inflate(-round(2 * u), -round(u))
            pygame.draw.rect(surface, (120, 130, 125), slot, max(1, round(0.2 * u)), border_radius=round(0.6 * u))
            img = fonts.text(t("kowah.stock_empty"), max(12, round(1.8 * u)), (150, 160, 155), "semibold")
            surface.blit(img, img.get_rect(center=slot.center))
        if can_act and self.can("draw") and not dragging_stock:
            self._ring(surface, self._stock_rect().inflate(round(0.2 * u), round(0.2 * u)))
        label = t("kowah.stock", n=self.stock_vis)
        img = fonts.text(label, max(12, round(1.9 * u)), theme.IVORY, "semibold")
        surface.blit(img, img.get_rect(midtop=(round(sx), round(sy + self.pile_h / 2 + 0.8 * u))))
        # live discard
        lx, ly = self.live_pt
        live_rect = self._live_rect()
        dragging_pile = self.drag.dragging and self.drag.item == ("pile",) or self.lifted == ("pile",)
        if self.pile and not dragging_pile:
            self.blit_card(surface, self.pile[-1], (lx, ly), self.pile_h,
                           lifted=self.hover == ("pile",) and can_act)
            if can_act:
                if self.can("take"):
                    self._ring(surface, live_rect)
                else:
                    dim = pygame.Surface(live_rect.inflate(-round(u), -round(u)).size, pygame.SRCALPHA)
                    dim.fill((*JADE, 120))
                    surface.blit(dim, live_rect.inflate(-round(u), -round(u)))
        else:
            pygame.draw.rect(surface, (200, 220, 200), live_rect.inflate(-round(u), -round(u)),
                             max(1, round(0.2 * u)), border_radius=round(0.6 * u))
        key = "kowah.pile_empty" if not self.pile else (
            "kowah.pile" if can_act and self.can("take") else "kowah.pile_top")
        img = fonts.text(t(key), max(12, round(1.9 * u)), theme.IVORY, "semibold")
        surface.blit(img, img.get_rect(midtop=(round(lx), round(ly + self.pile_h / 2 + 0.8 * u))))

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        u = self.app.u
        pygame.draw.rect(surface, theme.GOLD, rect, max(2, round(0.25 * u)), border_radius=round(0.8 * u))

    def _stock_image(self, n: int, greyed: bool) -> pygame.Surface:
        layers = min(6, (n + 15) // 16)
        key = ("stock", layers, greyed, self.pile_h)
        img = self.fan_cache.get(key)
        if img is None:
            u = self.app.u
            cw = card_width(self.pile_h)
            img = pygame.Surface((cw + round(3 * u), self.pile_h + round(3 * u)), pygame.SRCALPHA)
            for i in range(layers):
                off = (layers - 1 - i) * 0.25 * u
                self.blit_card(img, None, (cw / 2 + u + off, self.pile_h / 2 + u - off * 0.6), self.pile_h,
                               shadow=i == 0)
            if greyed:
                img = grey(img)
            img = img.convert_alpha() if pygame.display.get_surface() else img
            self.fan_cache[key] = img
        return img

    def _draw_history(self, surface: pygame.Surface) -> None:
        n = len(self.pile)
        m, g, rows, rect = self.history_geom(n)
        highlight = self._highlight_card()
        key = (tuple(self.pile), rect.size, m, highlight, lang())
        layer = self.history_layer.get(key, rect.size, lambda s: self._paint_history(s, m, g, highlight))
        surface.blit(layer, rect)

    def _highlight_card(self) -> int | None:
        if self.hover and self.hover[0] == "hand":
            return self._card_at_idx(self.hover[1])
        if self.focus is not None:
            return self._card_at_idx(self.focus)
        return None

    def _paint_history(self, surf: pygame.Surface, m: int, g: int, highlight: int | None) -> None:
        u = self.app.u
        surf.blit(panel(surf.get_size(), u, 150), (0, 0))
        n = len(self.pile)
        label = t("kowah.history", n=n)
        if highlight is not None:
            seen = self.pile.count(highlight)
            label = t("kowah.history_count", n=n, k=seen, card=self.card_name(highlight))
        img = fonts.text(label, max(12, round(1.8 * u)), theme.MUTED if highlight is None else theme.GOLD,
                         "semibold")
        surf.blit(img, (round(1.2 * u), round(0.5 * u)))
        for i, c in enumerate(self.pile):
            r, col = divmod(i, PER_ROW)
            x = round(1.2 * u + col * (m + g))
            y = round(3 * u + r * (m + g))
            surf.blit(self.mini(c, m), (x, y))
            if highlight is not None and c == highlight:
                pygame.draw.rect(surf, theme.GOLD, (x - 2, y - 2, m + 4, m + 4), max(2, round(0.25 * u)),
                                 border_radius=max(2, round(0.3 * u)))
            elif i == n - 1:
                pygame.draw.rect(surf, theme.IVORY, (x - 2, y - 2, m + 4, m + 4), max(1, round(0.15 * u)),
                                 border_radius=max(2, round(0.3 * u)))

    def _draw_hand(self, surface: pygame.Surface) -> None:
        if not self.confirmed_viewer:
            self._draw_hidden_hand(surface)
            return
        items = self._hand_draw_list()
        top = max(0, round(self.hand_top() - 2 * self.app.u))
        pulse = None
        start = self.pulse_at.get(self.viewer)
        if start is not None and self.clock - start < 0.85 and self.anim.busy:
            pulse = round((self.clock - start) * 30)
        if not items:
            return
        u = self.app.u
        cw = card_width(self.H)
        # the layer spans the hand only (plus room for its labels), not the whole width
        xs = [x for _, (x, _), _ in items]
        left = max(0, round(min(xs) - cw - 14 * u))
        right = min(surface.get_width(), round(max(xs) + cw + 14 * u))
        key = (tuple((s.idx, s.card, round(x), round(y), st) for s, (x, y), st in items), self.focus,
               self.new_idx, lang(), top, left, pulse, self.slide.get(self.viewer), self.outcome is None)
        # a window narrower or lower than the hand's margins: still a (clipped) 1 px layer
        size = (max(1, right - left), max(1, surface.get_height() - top))
        layer = self.hand_layer.get(key, size, lambda layer: self._paint_hand(layer, items, left, top))
        surface.blit(layer, (left, top))

    def _draw_hidden_hand(self, surface: pygame.Surface) -> None:
        """Nobody confirmed at a shared screen: the concealed strips as evenly spaced backs
        (no groups, which would tell the hand's shape); an exposed pair and a declarer's
        drawn card are public and stay face up."""
        if not self.slots:
            return
        exposed = self.declared[self.viewer] is not None
        public = [s for s in self.slots
                  if s.idx == HELD or (exposed and s.idx >= len(self.order) - 2)]
        hidden = [s for s in self.slots if s not in public]
        u = self.app.u
        top = max(0, round(self.hand_top() - 2 * u))
        key = ("hidden", tuple((s.idx, s.card, round(s.centre[0])) for s in public), len(hidden),
               round(self.slots[0].centre[0]), round(self.slots[-1].centre[0]), top, self.H)

        def paint(layer: pygame.Surface) -> None:
            if hidden:
                x0, x1 = hidden[0].centre[0], hidden[-1].centre[0]
                y = hidden[0].centre[1] - top
                for i in range(len(hidden)):
                    x = x0 + (x1 - x0) * i / max(1, len(hidden) - 1)
                    self.blit_card(layer, None, (x, y), self.H)
            for s in public:
                self.blit_card(layer, s.card, (s.centre[0], s.centre[1] - top), self.H)

        size = (surface.get_width(), max(1, surface.get_height() - top))
        surface.blit(self.hand_layer.get(key, size, paint), (0, top))

    def _paint_hand(self, layer: pygame.Surface, items: list, left: int, top: int) -> None:
        u = self.app.u
        cw = card_width(self.H)
        exposed_rects = []
        self.wait_label = None
        for slot, (x, y), state in items:
            lifted = self.hover == ("hand", slot.idx) or state == "exposed"
            rect = self.blit_card(layer, slot.card, (x - left, y - top), self.H, lifted=lifted)
            if state == "illegal":
                dim = self._dim(cw, self.H)
                layer.blit(dim, rect)
            elif state in ("legal", "candidate"):
                width = 0.2 if state == "legal" else 0.35
                pygame.draw.rect(layer, theme.GOLD, rect.inflate(round(0.5 * u), round(0.5 * u)),
                                 max(2, round(width * u)), border_radius=round(0.6 * u))
            elif state == "exposed":
                exposed_rects.append(rect)
            if slot.idx == self.new_idx:
                tag = fonts.text(t("kowah.new"), max(11, round(1.6 * u)), theme.INK, "bold")
                pill = pygame.Rect(0, 0, tag.get_width() + round(1.2 * u), tag.get_height())
                pill.midbottom = (rect.centerx, rect.top - round(0.4 * u))
                pygame.draw.rect(layer, theme.GOLD, pill, border_radius=pill.height // 2)
                layer.blit(tag, tag.get_rect(center=pill.center))
            if slot.idx == HELD:
                tag = fonts.text(t("kowah.drawn_card"), max(11, round(1.6 * u)), theme.IVORY, "semibold")
                layer.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.top - round(0.4 * u))))
            if slot.idx == self.focus:
                self.focus_ring(layer, rect)
        if exposed_rects:
            box = exposed_rects[0].unionall(exposed_rects[1:]).inflate(round(u), round(u))
            self._seal_outline(layer, box, self.viewer)
            pair = self.declared[self.viewer]
            if self.outcome is not None:
                return                  # the win showcase says what happened instead
            img = fonts.text(t("kowah.waits", card=self.card_name(pair)), max(12, round(1.8 * u)),
                             theme.IVORY, "semibold")
            at = img.get_rect(midbottom=(box.centerx, box.top - round(0.3 * u)))
            layer.blit(img, at)
            self.wait_label = at.move(left, top)

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        from scenes.widgets.button import draw_focus_ring
        draw_focus_ring(surface, rect, self.app.u, round(0.06 * rect.width))

    def _dim(self, w: int, h: int) -> pygame.Surface:
        key = ("dim", w, h)
        img = self.fan_cache.get(key)
        if img is None:
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(img, (*JADE, 118), img.get_rect(), border_radius=max(1, round(0.06 * w)))
            self.fan_cache[key] = img
        return img

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if not self.drag.dragging:
            return
        item = self.drag.item
        if item == ("stock",):
            self.blit_card(surface, None, self.drag.pos, self.pile_h, lifted=True)
        elif item == ("pile",) and self.pile:
            self.blit_card(surface, self.pile[-1], self.drag.pos, self.pile_h, lifted=True)
        elif item[0] == "hand":
            card = self._card_at_idx(item[1])
            if card is not None:
                self.blit_card(surface, card, self.drag.pos, self.H, lifted=True)
                if self.drag.pos[1] < self.hand_top() - 2 * self.app.u:
                    self._ring(surface, self._live_rect().inflate(round(self.app.u), round(self.app.u)))

    def _draw_controls(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w = surface.get_width()
        v = self.view()
        if self.declared[self.viewer] is None and self.order and self.outcome is None:
            self.sort_suit.style = "primary" if self.sort_mode == "suit" else "normal"
            self.sort_number.style = "primary" if self.sort_mode == "number" else "normal"
            cap = fonts.text(t("kowah.sort"), max(12, round(1.8 * u)), theme.MUTED, "semibold")
            surface.blit(cap, (self.sort_suit.rect.x, self.sort_suit.rect.y - cap.get_height() - round(0.4 * u)))
            self.sort_suit.draw(surface, u)
            self.sort_number.draw(surface, u)
        if self.anim.busy or self.outcome is not None:
            return
        y = round(self.hand_top() - 2.6 * u)
        if self.viewer_can_act and v.phase == "declare":
            self._draw_declare_panel(surface)
            return
        msg = self._prompt(v)
        if msg:
            img = fonts.text(msg, max(14, round(2.3 * u)), theme.IVORY, "semibold")
            box = img.get_rect(center=(w // 2, y)).inflate(round(3 * u), round(1 * u))
            if self.wait_label is not None and box.colliderect(self.wait_label):
                box.right = self.wait_label.left - round(u)     # keep clear of "Waits for…"
            self.prompt_box = box
            surface.blit(panel(box.size, u, 170), box)
            surface.blit(img, img.get_rect(center=box.center))

    def _prompt(self, v: Any) -> str:
        if not self.viewer_can_act:
            if v.turn is not None and v.turn != self.viewer:
                return t("kowah.waiting", seat=self.seat_name(v.turn))
            return ""
        declared = self.declared[self.viewer] is not None
        if v.phase == "take":
            if declared:
                return t("kowah.prompt_declared_draw")
            if v.opening or not self.can("take"):
                return t("kowah.prompt_first")
            return t("kowah.prompt_take")
        if v.phase == "discard":
            if declared:
                return t("kowah.prompt_declared_discard")
            if v.last_stock_turn:
                return t("kowah.prompt_last")
            return t("kowah.prompt_discard")
        return ""

    def _draw_declare_panel(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w = surface.get_width()
        pairs = self.pairs_offered()
        if len(pairs) == 1:
            msg = t("kowah.checki_one", card=self.card_name(pairs[0]))
        else:
            msg = t("kowah.checki_two", a=self.card_name(pairs[0]), b=self.card_name(pairs[1]))
        img = fonts.text(msg, max(14, round(2.3 * u)), theme.IVORY, "semibold")
        bw1, bw2, bh = round(17 * u), round(19 * u), round(5 * u)
        total = img.get_width() + round(2 * u) + bw1 + round(1.5 * u) + bw2
        box = pygame.Rect(0, 0, total + round(4 * u), bh + round(2 * u))
        box.center = (w // 2, round(self.hand_top() - 4.5 * u))
        surface.blit(panel(box.size, u, 225, theme.GOLD), box)
        x = box.x + round(2 * u)
        surface.blit(img, (x, box.centery - img.get_height() // 2))
        x += img.get_width() + round(2 * u)
        self.checki_button.rect = pygame.Rect(x, box.centery - bh // 2, bw1, bh)
        self.pass_button.rect = pygame.Rect(x + bw1 + round(1.5 * u), box.centery - bh // 2, bw2, bh)
        self.checki_button.draw(surface, u)
        self.pass_button.draw(surface, u)

    # ------------------------------------------------------------ the end
    def _dim_surface(self) -> pygame.Surface:
        size = self.app.size
        img = self.fan_cache.get(("dimall", size))
        if img is None:
            img = pygame.Surface(size)
            img.fill((0, 0, 0))
            self.fan_cache[("dimall", size)] = img
        return img

    def _draw_outcome(self, surface: pygame.Surface) -> None:
        o = self.outcome
        assert o is not None
        u = self.app.u
        w, h = surface.get_size()
        if o["kind"] == "drawn":
            if self.results_up():
                return                  # the results panel says it: one result, not two
            _, _, _, hist = self.history_geom(len(self.pile))
            top = (hist.bottom + self.hand_top() + 3 * u) / 2 - 6.5 * u
            self._banner(surface, t("kowah.drawn_banner"),
                         t("kowah.drawn_sub_guard" if o.get("anomaly") else "kowah.drawn_sub"),
                         None, self.show_p, top)
            return
        dim = self._dim_surface()
        dim.set_alpha(round(102 * self.dim_p))
        surface.blit(dim, (0, 0))
        winner = o["winner"]
        k = 1 + 0.15 * self.show_p
        # above the dim: the winner's plate, exposed pair and winning card (scaled 1 → 1.15)
        self.draw_plate(surface, winner, self.plate_pos(winner), self._plate_lines(winner))
        base_h = self.H if winner == self.viewer else self.pair_h
        px, py = self.pair_pt(winner)
        cw = card_width(base_h)
        rects = [self.blit_card(surface, o["pair"] if o.get("pair") is not None else o["card"],
                                (px + dx * (cw / 2 + 0.3 * u), py), base_h) for dx in (-1, 1)]
        hh = round(base_h * k)
        wx, wy = self.win_card_pt(winner)
        if winner == self.viewer:
            wy -= (hh - base_h) / 2          # grow upward: the hand sits on the bottom edge
        card_rect = self.blit_card(surface, o["card"], (wx, wy), hh, lifted=True)
        box = rects[0].union(rects[1]).union(card_rect).inflate(round(u), round(u))
        pygame.draw.rect(surface, SEAL_RED, box, max(2, round(0.35 * u)), border_radius=round(0.6 * u))
        if self.results_up():
            return                      # the results panel says who won and how
        title = t("kowah.win_title", seat=self.seat_name(winner))
        self._banner(surface, title, self.method_text(o, False), f"×{o['mult']}", self.show_p, 9 * u, o)

    def results_up(self) -> bool:
        """The results panel is open over this table (it then holds the one result)."""
        return any(isinstance(s, ResultsScene) and s.table is self for s in self.app.stack.scenes)

    def _banner(self, surface: pygame.Surface, title: str, sub: str, mult: str | None, p: float,
                top: float, outcome: dict | None = None) -> None:
        u = self.app.u
        w = surface.get_width()
        drop = ease_out_back(min(1.0, p)) if p < 1 else 1.0
        head = fonts.text(title, round(4.4 * u), theme.GOLD, "bold")
        line = fonts.text(sub, max(14, round(2.4 * u)), theme.IVORY, "semibold")
        hand_h = round(12 * u) if outcome else 0
        bw = max(head.get_width(), line.get_width(), self._groups_width(outcome, hand_h)) + round(6 * u)
        if mult:
            bw += round(12 * u)
        bh = round(head.get_height() + line.get_height() + 4 * u + (hand_h + 2 * u if outcome else 0))
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midtop = (w // 2, round(top - (1 - drop) * 12 * u))
        key = ("banner", rect.size)
        bg = self.fan_cache.get(key)
        if bg is None:
            bg = panel(rect.size, u, 238, theme.GOLD, (24, 22, 19))
            self.fan_cache[key] = bg
        bg.set_alpha(round(255 * min(1.0, max(0.0, p * 2))))
        surface.blit(bg, rect)
        x = rect.x + round(3 * u)
        surface.blit(head, (x, rect.y + round(1.5 * u)))
        surface.blit(line, (x, rect.y + round(2 * u) + head.get_height()))
        if mult:
            badge = multiplier_badge(mult, u, 0.9 + 0.1 * drop)
            surface.blit(badge, badge.get_rect(topright=(rect.right - round(2.5 * u), rect.y + round(1.5 * u))))
        if outcome:
            y = rect.y + round(head.get_height() + line.get_height() + 3.5 * u)
            self._draw_groups(surface, outcome, (x, y), hand_h, align="left")

    def _groups(self, o: dict) -> list[tuple[int, ...]]:
        hand = o.get("hand") or []
        try:
            return list(split_groups(hand, o["card"], self.deck.keys))
        except (ValueError, KeyError):
            return [tuple(hand)]

    def _groups_width(self, o: dict | None, h: int) -> int:
        if not o or o.get("kind") != "win":
            return 0
        cw = card_width(h)
        groups = self._groups(o)
        n = sum(len(g) for g in groups)
        return round(n * (cw + 0.3 * self.app.u) + (len(groups) - 1) * 2 * self.app.u)

    def _draw_groups(self, surface: pygame.Surface, o: dict, at: tuple[int, int], h: int,
                     align: str = "left") -> None:
        u = self.app.u
        cw = card_width(h)
        x, y = at
        groups = self._groups(o)
        for gi, cards in enumerate(groups):
            start = x
            for c in cards:
                img = self.art.face(*self.art_id(c), h)
                surface.blit(img, (round(x), y))
                x += cw + 0.3 * u
            if gi == len(groups) - 1 and len(groups) == 3:
                r = pygame.Rect(round(start - 0.4 * u), y - round(0.4 * u), round(x - start + 0.5 * u),
                                h + round(0.8 * u))
                pygame.draw.rect(surface, SEAL_RED, r, max(2, round(0.3 * u)), border_radius=round(0.5 * u))
            x += 2 * u
