"""The Ganjifa table: round lacquered cards on rosewood, counter-clockwise play."""

from __future__ import annotations

import math
import random
from typing import Any

import pygame

from game.core import Event
from game.ganjifa.deck import default_deck
from game.match import Match
from scenes import fonts, theme
from scenes.art.ganjifa_cards import GanjifaArt
from scenes.i18n import lang, t
from scenes.tables.base import TableScene
from scenes.tables.felt import TableStyle
from scenes.tables.ganjifa_hand import HandSlot, hand_layout, medallion
from scenes.tables.sprites import RotCache, Sprite
from scenes.textfit import fit_text
from scenes.tween import Anim, ease_in_out_cubic, ease_out_cubic, lerp2
from scenes.widgets.button import Button
from scenes.widgets.drag import Gesture
from scenes.widgets.layer import CachedLayer


class GanjifaTable(TableScene):
    style = TableStyle((58, 34, 24), (74, 44, 31), "wood", 0.04, 0.22)
    direction = "counter_clockwise"
    rules_game = "ganjifa"

    def __init__(self, app: Any, match: Match, viewer: int | None = None, fresh: bool = False) -> None:
        self.deck = default_deck()
        self.art = GanjifaArt(self.deck)
        self.rot = RotCache()
        self.rng = random.Random(match.seed)
        self.selected: list[int] = []
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
        if fresh:
            self.cursor = 0
            self.sizes = [0] * self.n
            self.hand = []

    # ------------------------------------------------------------ state
    def reset_visual(self) -> None:
        v = self.match.view(self.viewer)
        self.hand = list(v.hand or ())
        self.full_hand = list(self.hand)
        self.sizes = list(v.hand_sizes)
        self.captured = list(v.captured)
        self.trick = [(s, c, self._twist(c)) for s, c in v.trick]
        self.centre: list[tuple[int, int]] = [(v.leader, c) for c in v.dukal]
        for s, cards in v.gives:
            self.centre += [(s, c) for c in cards]
        self.flying = []
        self.selected = []
        self.dealing = False
        self.trump_mark = "sun" if v.time == "day" else "moon"

    def _twist(self, card: int) -> float:
        return random.Random(card * 7919 + self.match.seed).uniform(4, 8) * (1 if card % 2 else -1)

    # ------------------------------------------------------------ layout
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

    def _warm_faces(self) -> None:
        """Paint the viewer's own faces now (≈1 ms each), not in the middle of the deal;
        every other face is painted ahead, one per idle frame, at trick size."""
        for c in self.match.view(self.looking).hand or ():
            self.art.face(c, self.hand_d, self._mark(c))
        self.warm_queue = list(range(self.deck.size))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.turn_banner = 0.0      # the lasting prompt (_draw_prompt) says it instead
        if self.warm_queue and not self.anim.busy:
            c = self.warm_queue.pop()
            self.art.face(c, self.trick_d, self._mark(c))

    LIFT_LEGAL = 1.2        # u: playable cards (and their suit tab) stand forward
    LIFT_HOVER = 0.8        # u, on top of that
    LIFT_SELECTED = 1.4     # u, on top of LIFT_LEGAL: cards chosen to give up

    def hand_top(self) -> float:
        """Top of the hand area: above the suit tabs of a lifted (playable) group."""
        u = self.app.u
        h = self.app.size[1]
        d = getattr(self, "hand_d", round(17 * u))
        return h - 2.5 * u - d - self.LIFT_LEGAL * u - 3.2 * u

    def _sorted_hand(self, cards: list[int] | None = None) -> list[int]:
        d = self.deck
        return sorted(self.hand if cards is None else cards,
                      key=lambda c: (c // d.per_suit, -d.strength[c]))

    def _layout_hand(self) -> None:
        """One row, suits in avatar order; while dealing, cards land at their final places."""
        basis = self._sorted_hand(self.full_hand) if self.dealing else None
        lay = hand_layout(self._sorted_hand(), self.deck.per_suit, self.app.size, self.app.u, basis)
        self.hand_d = lay.d
        self.slots = lay.slots
        self.groups = lay.groups
        self._place_buttons()

    def _place_buttons(self) -> None:
        u = self.app.u
        w = self.app.size[0]
        bw, bh = round(27 * u), round(5 * u)
        self.dukal_button.rect = pygame.Rect(w - round(3 * u) - bw, round(self.hand_top() - 8 * u), bw, bh)
        self.give_button.rect = self.dukal_button.rect.copy()

    # ------------------------------------------------------------ events
    def on_event(self, ev: Event) -> None:
        kind = ev.kind
        if kind == "deal":
            self._anim_deal(ev)
        elif kind == "hand":
            self.full_hand = list(ev.data["cards"])
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

    def _origin(self, seat: int, card: int | None) -> tuple[float, float]:
        if seat == self.viewer and card is not None:
            dropped = self.drag.drop_origin(card)
            if dropped is not None:
                return dropped
            for s in self.slots:
                if s.card == card:
                    return s.centre
            return (self.app.size[0] / 2, self.app.size[1] - 10 * self.app.u)
        return self.seat_anchor(seat)

    def trick_slot(self, seat: int) -> tuple[float, float]:
        ax, ay = self.seat_anchor(seat)
        cx, cy = self.centre_pt
        ang = math.atan2(ay - cy, ax - cx)
        r = 6.5 * self.app.u
        return (cx + math.cos(ang) * r * 1.25, cy + math.sin(ang) * r)

    def pile_pos(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        if seat == self.viewer:
            return (3 * u + 26 * u, self.hand_top() - 5 * u)
        ax, ay = self.seat_anchor(seat)
        side = -1 if ax > self.app.size[0] / 2 else 1
        return (ax + side * 15 * u, ay)

    def plate_pos(self, seat: int) -> tuple[float, float]:
        u = self.app.u
        if seat == self.viewer:
            return (3 * u + 10 * u, self.hand_top() - 5 * u)
        return self.seat_anchor(seat)

    def _anim_deal(self, ev: Event) -> None:
        self.sizes = [0] * self.n
        self.hand = []
        self.dealing = True
        self._layout_hand()
        dealer = ev.data["dealer"]
        src = self.pile_pos(dealer) if dealer != self.viewer else (self.app.size[0] / 2, self.app.size[1] * 0.6)
        self.trump_rise = 0.0
        self.app.audio.play("shuffle")
        for seat, k in ev.data["packets"]:
            dst = self.plate_pos(seat) if seat != self.viewer else (self.app.size[0] / 2, self.app.size[1] * 0.85)

            def land(seat: int = seat, k: int = k) -> None:
                self.sizes[seat] += k
                if seat == self.viewer:
                    self.hand = self.full_hand[: self.sizes[seat]]
                    self.dealing = len(self.hand) < len(self.full_hand)
                    self._layout_hand()
                self.app.audio.play("slide")

            self.fly(Sprite(None, src, self.back_d, face_up=False), src, dst, 0.24, land, overlap=0.09)

        def rise(p: float) -> None:
            self.trump_rise = p

        self.anim.add(Anim(0.5, lambda: self.app.audio.play("trump"), rise, None, ease_out_cubic))

    def _anim_play(self, seat: int, card: int) -> None:
        src = self._origin(seat, card)
        if seat == self.viewer:
            if card in self.hand:
                self.hand.remove(card)
            self._layout_hand()
        self.sizes[seat] = max(0, self.sizes[seat] - 1)
        self.drag.cancel()
        dst = self.trick_slot(seat)
        twist = self._twist(card)
        dur = self.flight_time(src, dst)
        sprite = Sprite(card, src, self.hand_d if seat == self.viewer else self.back_d)
        self.fly(sprite, src, dst, dur, lambda: self._land_trick(seat, card, twist),
                  angle=(0, twist), size=(sprite.size, self.trick_d),
                  start=lambda: self.app.audio.play("slide"))

    def _land_trick(self, seat: int, card: int, twist: float) -> None:
        self.trick.append((seat, card, twist))
        self.app.audio.play("place")

    def _anim_collect(self, winner: int, hold: float, from_centre: bool = False) -> None:
        self.anim.add(Anim(hold))
        cards_src: list[tuple[int, tuple[float, float], int]] = []

        def begin() -> None:
            if from_centre:
                for (_seat, card), pos in zip(self.centre, self._centre_positions(), strict=False):
                    cards_src.append((card, pos, self.centre_d()))
                self.centre = []
            else:
                for seat, card, _ in self.trick:
                    cards_src.append((card, self.trick_slot(seat), self.trick_d))
                self.trick = []
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
            self.captured[winner] += len(cards_src)

        self.anim.add(Anim(0.35, begin, step, end, ease_in_out_cubic))

    def centre_d(self) -> int:
        return round(11 * self.app.u)

    def _centre_rows(self) -> list[tuple[int, list[int]]]:
        """The Dukal's leader row first, then each giver's row, in play order."""
        rows: list[tuple[int, list[int]]] = []
        for seat, card in self.centre:
            if not rows or rows[-1][0] != seat:
                rows.append((seat, []))
            rows[-1][1].append(card)
        return rows

    def _centre_positions(self) -> list[tuple[float, float]]:
        """Dukal cards in a row above the centre; each giver's cards in a row below it."""
        cx, cy = self.centre_pt
        d = self.centre_d()
        out = []
        for r, (_, cards) in enumerate(self._centre_rows()):
            step = 0.5 * d
            x0 = cx - step * (len(cards) - 1) / 2
            y = cy - 0.75 * d + r * 0.9 * d
            out += [(x0 + i * step, y) for i in range(len(cards))]
        return out

    def _anim_dukal(self, seat: int, cards: list[int]) -> None:
        self.app.audio.play("dukal")
        for i, c in enumerate(cards):
            src = self._origin(seat, c)

            def land(c: int = c) -> None:
                self.centre.append((seat, c))

            if seat == self.viewer and c in self.hand:
                self.hand.remove(c)
            self.sizes[seat] -= 1
            self.fly(Sprite(c, src, self.back_d if seat != self.viewer else self.hand_d), src,
                      self.centre_pt, 0.4 if i == len(cards) - 1 else 0.4, land,
                      overlap=0.05, size=(self.back_d, self.centre_d()))
        self._layout_hand()
        self.drag.cancel()

    def _anim_give(self, seat: int, card: int) -> None:
        src = self._origin(seat, card)
        if seat == self.viewer and card in self.hand:
            self.hand.remove(card)
            self._layout_hand()
        self.sizes[seat] -= 1

        def land() -> None:
            self.centre.append((seat, card))
            self.app.audio.play("place")

        target = self.centre_pt
        self.fly(Sprite(card, src, self.back_d), src, target, 0.25, land, overlap=0.06,
                  size=(self.back_d, self.centre_d()))

    # ------------------------------------------------------------ input
    def legal_cards(self) -> set[int]:
        key = (len(self.match.log), self.viewer, self.viewer_can_act)
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            self._legal = set() if not key[2] else {
                a[1] for a in self.match.legal_actions(self.viewer) if a[0] in ("play", "give")}
        return self._legal

    def phase(self) -> str:
        return self.match.view(None).phase

    def give_needed(self) -> int:
        v = self.match.view(self.viewer)
        if v.phase != "give" or v.turn != self.viewer:
            return 0
        given = next((len(c) for s, c in v.gives if s == self.viewer), 0)
        return v.give_count - given

    def _give_label(self) -> str:
        return t("ganjifa.give_confirm", k=len(self.selected), n=self.give_needed())

    def card_at(self, pos: tuple[int, int]) -> int | None:
        r = self.hand_d / 2
        for slot in reversed(self._drawn_slots()):
            cx, cy = slot[1]
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= r * r:
                return slot[0]
        return None

    def grab_point(self, card: int) -> tuple[float, float]:
        """A point on the visible (uncovered) part of a hand card: its index medallion."""
        for c, pos in self._drawn_slots():
            if c == card:
                x, y, _ = medallion(pos, self.hand_d)
                return (x, y)
        raise KeyError(card)

    def last_trick(self) -> Any:
        """The last completed trick or Dukal (public), or None before the first one."""
        history = self.match.view(None).history
        return history[-1] if history else None

    def toggle_last(self) -> None:
        self.show_last = not self.show_last and self.last_trick() is not None

    def last_pile_rect(self) -> pygame.Rect | None:
        """The winner's capture pile, where resting the pointer shows the last trick."""
        last = self.last_trick()
        if last is None:
            return None
        x, y = self.pile_pos(last.winner)
        r = pygame.Rect(0, 0, self.pile_d + round(self.app.u), self.pile_d + round(2 * self.app.u))
        r.center = (round(x), round(y - 0.5 * self.app.u))
        return r

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.show_last:
            self.show_last = False      # Esc closes the last-trick panel before the pause menu
            return True
        return super().handle(event)

    def handle_game(self, event: pygame.event.Event) -> bool:
        if self.last_trick() is not None and self.last_button.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            pile = self.last_pile_rect()
            self.last_hover = bool(pile and pile.collidepoint(event.pos))
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.show_last
                and self.last_rect is not None and self.last_rect.collidepoint(event.pos)):
            self.show_last = False      # a click on the panel closes it
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_last()
            return True
        if self.viewer_can_act:
            if self.phase() == "give" and self.give_button.handle(event):
                return True
            if self.phase() == "lead" and self._dukals() and self.dukal_button.handle(event):
                return True
        if self.pointer(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def item_at(self, pos: tuple[int, int]) -> int | None:
        return self.card_at(pos)

    def on_gesture(self, gesture: Gesture) -> None:
        if gesture.kind == "click":
            self._click(gesture.item)
        elif gesture.kind == "double":
            self.focus = gesture.item
            if self.viewer_can_act and self.phase() == "give":
                self._toggle(gesture.item)
            else:
                self._try_play(gesture.item)
        elif gesture.pos[1] < self.hand_top() - self.app.u and self.phase() != "give":
            if not self._try_play(gesture.item):
                self.drag.cancel()
        else:
            self.drag.cancel()

    def _click(self, card: int) -> None:
        self.focus = card
        if self.viewer_can_act and self.phase() == "give":
            self._toggle(card)

    def _toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < self.give_needed():
            self.selected.append(card)
        else:
            self.toast.show(t("ganjifa.give_enough", n=self.give_needed()))

    def _try_play(self, card: int) -> bool:
        if not self.viewer_can_act:
            if not self.anim.busy:
                self.toast.show(t("table.not_your_turn"))
            return False
        if self.phase() == "give":
            self._toggle(card)
            return False
        return self.submit(("play", card))

    def _key(self, event: pygame.event.Event) -> bool:
        order = [s.card for s in self._drawn_slots_sorted()]
        if not order:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = order.index(self.focus) if self.focus in order else -1
            i = (i + (1 if event.key == pygame.K_RIGHT else -1)) % len(order)
            self.focus = order[i]
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            legal = [c for c in order if c in self.legal_cards()]
            if legal:
                i = legal.index(self.focus) if self.focus in legal else -1
                self.focus = legal[(i + (1 if event.key == pygame.K_DOWN else -1)) % len(legal)]
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.viewer_can_act and self.phase() == "give":
                if event.key == pygame.K_SPACE and self.focus is not None:
                    self._toggle(self.focus)
                elif len(self.selected) == self.give_needed():
                    self.confirm_give()
                return True
            if self.focus is not None:
                self._try_play(self.focus)
            return True
        if event.key == pygame.K_d and self.viewer_can_act and self._dukals():
            self.open_dukal()
            return True
        return False

    def _dukals(self) -> list[tuple]:
        if not self.viewer_can_act:
            return []
        return [a for a in self.match.legal_actions(self.viewer) if a[0] == "dukal"]

    def open_dukal(self) -> None:
        from scenes.tables.ganjifa_dukal import DukalChooser
        options = self._dukals()
        if options:
            self.app.stack.push(DukalChooser(self.app, self, options))

    def lead_dukal(self, action: tuple) -> None:
        self.submit(action)

    def confirm_give(self) -> None:
        if len(self.selected) != self.give_needed():
            return
        for card in list(self.selected):
            self.submit(("give", card))
        self.selected = []

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

    # ------------------------------------------------------------ drawing
    def _drawn_slots(self) -> list[tuple[int, tuple[float, float]]]:
        """Hand cards in paint order with their drawn centre (lifted if legal/hovered)."""
        return [(c, p) for c, p, _ in self._hand_draw_list()]

    def _drawn_slots_sorted(self) -> list[HandSlot]:
        return sorted(self.slots, key=lambda s: (s.row, s.centre[0]))

    def _hand_draw_list(self) -> list[tuple[int, tuple[float, float], str]]:
        u = self.app.u
        legal = self.legal_cards()
        dim = self.viewer_can_act
        out = []
        for slot in sorted(self.slots, key=lambda s: (s.row, s.centre[0])):
            c = slot.card
            if self.drag.dragging and self.drag.item == c:
                continue
            x, y = slot.centre
            state = "normal"
            if dim:
                state = "legal" if c in legal else "illegal"
            if state == "legal" or c in self.selected:
                y -= self.LIFT_LEGAL * u
            if c in self.selected:
                y -= self.LIFT_SELECTED * u
                state = "selected"
            if (c == self.hover and not self.drag.active) or c == self.focus:
                y -= self.LIFT_HOVER * u        # the keyboard focus stands up like the pointer's card
            out.append((c, (x, y), state))
        return out

    def draw_card(self, surface: pygame.Surface, sprite: Sprite) -> None:
        self._blit_card(surface, sprite.card if sprite.face_up else None, sprite.pos, sprite.size,
                        sprite.angle)

    def draw_game(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w, h = surface.get_size()
        self.draw_direction(surface, self.centre_pt, 15 * u)
        self._draw_trump(surface)
        view = self.match.view(None)
        for seat in range(self.n):
            self._draw_seat(surface, seat, view)
        for seat, card, twist in self.trick:
            self._blit_card(surface, card, self.trick_slot(seat), self.trick_d, twist)
        positions = self._centre_positions()
        for (_seat, card), pos in zip(self.centre, positions, strict=False):
            self._blit_card(surface, card, pos, self.centre_d(), 0)
        self._draw_centre_labels(surface, positions)
        self._draw_hand(surface)
        self.draw_flying(surface)
        if self.drag.dragging and self.drag.item in self.hand:
            self._blit_card(surface, self.drag.item, self.drag.pos, self.hand_d, 0, lifted=True)
        self._draw_prompt(surface, view)
        if self.viewer_can_act and view.phase == "give":
            self.give_button.draw(surface, u)
        elif self.viewer_can_act and view.phase == "lead" and self._dukals():
            self.dukal_button.draw(surface, u)
        title = fonts.text(self.deck.name[lang()], max(13, round(2.1 * u)), theme.MUTED, "semibold")
        surface.blit(title, (round(3 * u), round(2.6 * u)))
        last = self.last_trick()
        self.last_rect = None
        if last is not None:
            self.last_button.draw(surface, u)
            if self.show_last or self.last_hover:
                from scenes.tables.ganjifa_last import draw_last_trick
                self.last_rect = draw_last_trick(self, surface, last)

    def _draw_centre_labels(self, surface: pygame.Surface, positions: list) -> None:
        """Who led the Dukal and who gave what, at the left of each centre row."""
        u = self.app.u
        i = 0
        for r, (seat, cards) in enumerate(self._centre_rows()):
            x, y = positions[i]
            i += len(cards)
            key = "ganjifa.row_dukal" if r == 0 else "ganjifa.row_gave"
            img = fonts.text(t(key, seat=self.seat_name(seat)), max(12, round(1.9 * u)), theme.IVORY, "semibold")
            surface.blit(img, img.get_rect(midright=(round(x - self.centre_d() / 2 - u), round(y))))

    def prompt_text(self, view: Any) -> str | None:
        """What the bottom-centre prompt says now: the viewer's task while it is their turn
        (what to follow, lead or give up), who is giving up cards to a Dukal otherwise."""
        lg = lang()
        per = self.deck.per_suit
        suit = lambda s: self.deck.suits[s].name[lg]  # noqa: E731
        mine = (view.turn == self.viewer and self.confirmed_viewer and not self.match.is_over()
                and self.match.seats[self.viewer].is_human)
        if view.phase == "give":
            if mine:
                return t("ganjifa.prompt_give", n=self.give_needed(), seat=self.seat_name(view.leader))
            return t("ganjifa.giving", seat=self.seat_name(view.turn), n=view.give_count)
        if not mine:
            return None
        if view.phase == "lead":
            if view.trick_no == 0:
                return t("ganjifa.prompt_open", trump=suit(view.trump))
            return t("ganjifa.prompt_lead_dukal" if self._dukals() else "ganjifa.prompt_lead")
        if not view.trick:
            return None
        led = view.trick[0][1] // per
        suits = {a[1] // per for a in self.match.legal_actions(self.viewer) if a[0] == "play"}
        if led in suits:
            return t("ganjifa.prompt_follow", led=suit(led))
        others = sorted(suits - {view.trump})
        if view.trump in suits and others:
            return t("ganjifa.prompt_void_choice", led=suit(led), trump=suit(view.trump), next=suit(others[0]))
        if view.trump in suits:
            return t("ganjifa.prompt_void_trump", led=suit(led), trump=suit(view.trump))
        return t("ganjifa.prompt_void_next", led=suit(led), next=suit(others[0]) if others else "")

    def prompt_rect(self) -> pygame.Rect:
        """Where the prompt's pill sits: centred just above the hand, between own plate and buttons."""
        u = self.app.u
        w = self.app.size[0]
        side = round(31 * u)
        return pygame.Rect(side, round(self.hand_top() - 5.4 * u), max(1, w - 2 * side),
                           max(1, round(4.2 * u)))

    def _draw_prompt(self, surface: pygame.Surface, view: Any) -> None:
        """A lasting line while it is the viewer's turn (hidden only while cards fly)."""
        if self.anim.busy:
            return
        msg = self.prompt_text(view)
        if not msg:
            return
        u = self.app.u
        area = self.prompt_rect()
        mine = view.turn == self.viewer
        pad = round(1.5 * u)
        img = fit_text(msg, max(13, round(2.5 * u)), theme.GOLD if mine else theme.IVORY,
                       max(1, area.width - 2 * pad), "semibold", min_px=11)
        pill = pygame.Rect(0, 0, img.get_width() + 2 * pad, max(area.height, img.get_height()))
        pill.center = area.center
        panel = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (20, 14, 10, 205), panel.get_rect(), border_radius=pill.height // 2)
        if mine:
            pygame.draw.rect(panel, (*theme.GOLD, 160), panel.get_rect(), max(1, round(0.15 * u)),
                             border_radius=pill.height // 2)
        surface.blit(panel, pill)
        surface.blit(img, img.get_rect(center=pill.center))
        self.prompt_drawn = pill

    def _draw_trump(self, surface: pygame.Surface) -> None:
        u = self.app.u
        w = surface.get_width()
        size = round(6 * u)
        badge = self.art.badge(self.trump_mark, size)
        y = round(2 * u + (1 - self.trump_rise) * 6 * u)
        suit = self.deck.suits[self.deck.trumps["day" if self.trump_mark == "sun" else "night"]]
        label = t("ganjifa.trump_day" if self.trump_mark == "sun" else "ganjifa.trump_night",
                  suit=suit.name[lang()])
        img = fonts.text(label, max(14, round(2.3 * u)), theme.GOLD, "semibold")
        total = size + round(u) + img.get_width()
        x = (w - total) // 2
        badge = badge.copy()
        badge.set_alpha(round(255 * self.trump_rise))
        surface.blit(badge, (x, y))
        surface.blit(img, (x + size + round(u), y + (size - img.get_height()) // 2))

    def _draw_seat(self, surface: pygame.Surface, seat: int, view: Any) -> None:
        u = self.app.u
        lines = [self.seat_name(seat), t("ganjifa.plate", hand=self.sizes[seat], won=self.captured[seat])]
        self.draw_plate(surface, seat, self.plate_pos(seat), lines)
        if seat != self.viewer:
            ax, ay = self.seat_anchor(seat)
            fan = self._fan(min(self.sizes[seat], 12))
            surface.blit(fan, fan.get_rect(center=(round(ax), round(ay + 9.5 * u))))
        px, py = self.pile_pos(seat)
        k = min(6, (self.captured[seat] + 3) // 4)
        for i in range(k):
            self._blit_card(surface, None, (px, py - i * 0.15 * u * 2), self.pile_d, 0)
        if self.captured[seat]:
            img = fonts.text(str(self.captured[seat]), max(12, round(2 * u)), theme.IVORY, "bold")
            if seat == self.viewer:     # beside the pile: below it are the hand's suit tabs
                at = {"midleft": (round(px + self.pile_d / 2 + u), round(py))}
            else:
                at = {"center": (round(px), round(py + self.pile_d / 2 + 1.6 * u))}
            surface.blit(img, img.get_rect(**at))

    def _fan(self, n: int) -> pygame.Surface:
        """An opponent's hand as a small fan of backs (cached per count and size)."""
        key = (n, self.back_d)
        cache = self.__dict__.setdefault("_fans", {})
        if key not in cache:
            u = self.app.u
            w = round(self.back_d + 1.3 * u * 12 + 4 * u)
            h = round(self.back_d + 4 * u)
            fan = pygame.Surface((w, h), pygame.SRCALPHA)
            for i in range(n):
                x = w / 2 + (i - (n - 1) / 2) * 1.3 * u
                self._blit_card(fan, None, (x, h / 2 - u), self.back_d, (i - n / 2) * 2)
            cache[key] = fan.convert_alpha() if pygame.display.get_surface() else fan
        return cache[key]

    def _draw_hand(self, surface: pygame.Surface) -> None:
        """The hand is drawn into a cached layer, rebuilt only when something in it changes."""
        if not self.confirmed_viewer:
            self._draw_hidden_hand(surface)
            return
        items = self._hand_draw_list()
        top = max(0, round(self.hand_top() - 8 * self.app.u))
        key = (tuple(items), self.focus, tuple(self.selected), self.hover, lang(), top,
               self.viewer_can_act)
        size = (surface.get_width(), max(1, surface.get_height() - top))
        surface.blit(self.hand_layer.get(key, size, lambda layer: self._paint_hand(layer, items, top)),
                     (0, top))

    def _draw_hidden_hand(self, surface: pygame.Surface) -> None:
        """Nobody confirmed at a shared screen: the bottom hand as evenly spaced backs (no
        suit groups or tabs, which would tell its shape)."""
        n = self.sizes[self.viewer]
        if n <= 0:
            return
        u = self.app.u
        w, h = surface.get_size()
        top = max(0, round(self.hand_top() - 8 * u))
        d = self.hand_d
        y = (self.slots[0].centre[1] if self.slots else h - 2.5 * u - d / 2) - top
        key = ("hidden", n, d, w, top, round(y))

        def paint(layer: pygame.Surface) -> None:
            step = min(0.3 * d, max(1.0, (w - 6 * u - d) / max(1, n - 1)))
            x0 = w / 2 - step * (n - 1) / 2
            for i in range(n):
                self._blit_card(layer, None, (x0 + i * step, y), d, 0)

        surface.blit(self.hand_layer.get(key, (w, max(1, h - top)), paint), (0, top))

    def _paint_hand(self, surface: pygame.Surface, items: list, top: int) -> None:
        u = self.app.u
        d = self.hand_d
        items = [(c, (x, y - top), st) for c, (x, y), st in items]
        for card, pos, state in items:
            self._blit_card(surface, card, pos, d, 0, state=state,
                            lifted=state == "selected" or card == self.hover)
            if card == self.focus:      # in paint order: the next cards cover the ring, not the reverse
                r = pygame.Rect(0, 0, d, d)
                r.center = (round(pos[0]), round(pos[1]))
                self.focus_ring(surface, r)
        for tab in self._tabs():        # over the row: a lifted card never hides one
            self._paint_tab(surface, tab, top)
        for _card, pos, state in items:
            if state == "selected":     # a gold tick in the strip the next card leaves, below the index
                cx, cy = round(pos[0] - 0.34 * d), round(pos[1] + 0.03 * d)
                r = max(5, round(1.3 * u))
                pygame.draw.circle(surface, theme.INK, (cx, cy), r + max(1, round(0.2 * u)))
                pygame.draw.circle(surface, theme.GOLD, (cx, cy), r)
                k = r / 1.4
                tick = [(cx - 0.7 * k, cy), (cx - 0.15 * k, cy + 0.55 * k), (cx + 0.75 * k, cy - 0.6 * k)]
                pygame.draw.lines(surface, theme.INK, False, tick, max(2, round(0.3 * u)))

    def _tabs(self) -> list[dict]:
        """Each suit group's label tab: rect (screen coordinates), sign and text.

        Every group gets one, however narrow: the text shortens (name and order, name) and
        at the last resort the tab is the suit's sign alone."""
        u = self.app.u
        legal = self.legal_cards()
        acting = self.viewer_can_act
        per = self.deck.per_suit
        lg = lang()
        out = []
        for suit, left, room in getattr(self, "groups", []):
            cards = [s for s in self.slots if s.card // per == suit]
            if not cards:
                continue
            playable = acting and any(s.card in legal for s in cards)
            base_y = min(s.centre[1] for s in cards)
            if playable:
                base_y -= self.LIFT_LEGAL * u
            y = base_y - self.hand_d / 2 - 3.0 * u
            sd = self.deck.suits[suit]
            trump = suit == self._trump_suit()
            hint = t("ganjifa.ace_high" if sd.order == "ace_high" else "ganjifa.ten_high")
            texts = [f"{sd.name[lg]} · {hint}", sd.name[lg], ""]
            if trump:       # the trump group says so in words, not only by the rim's sun/moon
                texts = [f"{sd.name[lg]} · {t('ganjifa.trump_tag')} · {hint}",
                         f"{sd.name[lg]} · {t('ganjifa.trump_tag')}", sd.name[lg], ""]
            px = max(11, round(1.7 * u))
            sign_px = max(10, round(2.4 * u))
            pad = round(0.4 * u) + round(0.5 * u) + round(0.7 * u)
            ink = theme.GOLD if trump else theme.IVORY
            if acting and not playable:
                ink = theme.MUTED
            f = fonts.font(px, "semibold")
            text = next((x for x in texts if sign_px + f.size(x)[0] + pad <= room), "")
            width = sign_px + (f.size(text)[0] + pad if text else round(0.8 * u))
            rect = pygame.Rect(round(left + 0.3 * u), round(y), width, max(sign_px + 2, round(2.8 * u)))
            out.append({"suit": suit, "rect": rect, "text": text, "px": px, "sign_px": sign_px,
                        "ink": ink, "trump": trump, "playable": playable})
        return out

    def _paint_tab(self, surface: pygame.Surface, tab: dict, top: int) -> None:
        u = self.app.u
        rect = tab["rect"].move(0, -top)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = 225 if tab["playable"] else 190
        pygame.draw.rect(panel, (20, 14, 10, alpha), panel.get_rect(), border_radius=round(0.8 * u))
        if tab["trump"]:
            pygame.draw.rect(panel, theme.GOLD, panel.get_rect(), max(1, round(0.15 * u)),
                             border_radius=round(0.8 * u))
        surface.blit(panel, rect)
        sign = self.art.sign(tab["suit"], tab["sign_px"])
        surface.blit(sign, (rect.x + round(0.4 * u), rect.y + (rect.height - sign.get_height()) // 2))
        if tab["text"]:
            label = fonts.text(tab["text"], tab["px"], tab["ink"], "semibold")
            surface.blit(label, (rect.x + sign.get_width() + round(0.9 * u),
                                 rect.y + (rect.height - label.get_height()) // 2))

    def _card_image(self, card: int | None, d: int) -> pygame.Surface:
        """Faces at the table's standard sizes come from the art cache; sizes in between
        (cards growing or shrinking in flight) are scaled from the next larger one."""
        std = (self.hand_d, self.D, self.trick_d, self.centre_d(), self.back_d, self.pile_d)
        if d in std:
            return self.art.back(d) if card is None else self.art.face(card, d, self._mark(card))
        base = min((x for x in std if x >= d), default=self.D)
        src = self.art.back(base) if card is None else self.art.face(card, base, self._mark(card))
        return pygame.transform.smoothscale(src, (d, d))

    def _blit_card(self, surface: pygame.Surface, card: int | None, pos: tuple[float, float],
                   d: int, angle: float, state: str = "normal", lifted: bool = False) -> None:
        d = max(8, int(d))
        card = self.shown(card)
        img = self._card_image(card, d)
        key = ("back", d) if card is None else ("face", card, d)
        std = (self.hand_d, self.D, self.trick_d, self.centre_d(), self.back_d, self.pile_d)
        shadow, off = self.art.shadow(min((x for x in std if x >= d), default=self.D), lifted)
        x, y = pos[0] - d / 2, pos[1] - d / 2
        surface.blit(shadow, (round(x + off[0]), round(y + off[1])))
        if angle:
            img = self.rot.get(key, img, angle)
        rect = img.get_rect(center=(round(pos[0]), round(pos[1])))
        surface.blit(img, rect)
        if state == "illegal":
            surface.blit(self._dim(d), (round(x), round(y)))
        elif state in ("legal", "selected"):
            u = self.app.u
            pygame.draw.circle(surface, theme.GOLD, (round(pos[0]), round(pos[1])),
                               round(d / 2 + 0.25 * u), max(2, round((0.3 if state == "selected" else 0.2) * u)))

    def _trump_suit(self) -> int:
        return self.deck.trumps["day" if self.trump_mark == "sun" else "night"]

    def _mark(self, card: int) -> str | None:
        return self.trump_mark if card // self.deck.per_suit == self._trump_suit() else None

    def _dim(self, d: int) -> pygame.Surface:
        cache = self.__dict__.setdefault("_dim_cache", {})
        img = cache.get(d)
        if img is None:
            img = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(img, (*self.style.base, 125), (d // 2, d // 2), d // 2)
            cache[d] = img
        return img

