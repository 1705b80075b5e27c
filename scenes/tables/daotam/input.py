"""Input on the Đạo Tâm table.

Mouse: click a hand card (or drag it onto the claim zone) to stage it in the claim zone
(click it there, or drag it off the zone, to take it back); the Cương / Nhu
buttons make the hidden claim with the picks; "Public play" plays one Cương + one Nhu
(the picks, if any, must be exactly those). A possessed seat pushes Tà Khí by clicking
a living player's plate or dragging the Tà Khí chip onto it. Keyboard: ←/→ move the
focus in the hand (or between push targets), Enter/↑ picks (or pushes), C and N call,
P plays in public, Backspace clears the picks; the number row 1–5 are the seats'
buzzers, the row below (Q W E R T) their peek keys (all these by default: the player may
rebind them, scenes.core.keymap) — at a shared screen, while a window waits for that seat: a
cover first, then its own hand while held (``peek``) — and the row below that
(A S D F G) their pass keys in a window (also a button per waiting human under the
ring); all handled first, in ``handle_urgent``. A buzzer sends the intent ``("buzz",)``
and a pass key ``("pass",)``, stamped with the table's clock: the Match and the rules
decide what they mean (challenge, shout, false start or nothing: game.daotam.intents)."""

from __future__ import annotations

from typing import Any

import pygame

from game.core import BUZZ, IllegalAction
from game.daotam.intents import PASS
from scenes.core import keymap
from scenes.core.i18n import t
from scenes.kit.parts import borrowing
from scenes.widgets.drag import Gesture


@borrowing(table=("action_buttons app buzzers claim_zone clock confirmed_viewer drag effects feedback gestures "
                  "hand_list hand_rects match model pass_buttons pass_seat_of phone_key_of push_chip "
                  "seat_name spots submit toast viewer viewer_can_act"),
           fx="claim_from",
           geometry="claim_rects plate_rect",
           peeker="handle_peek")
class DaoTamInput:
    """Part of the table: handle_urgent (buzzers), handle_game, item_at and on_gesture."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def passing_seats(self) -> list[int]:
        """The human seats an open window still waits for (each may pass: with timers off
        the window waits for every answer, R17; with timers on all passing closes it early)."""
        if self.match.open_window() is None or self.app.stack.top is not self.table:
            return []
        return [s for s in self.match.view(None).waiting if s in self.pass_buttons]

    def pass_window(self, seat: int) -> bool:
        if seat not in self.passing_seats():
            return False
        self.match.intent(seat, PASS, self.clock)
        return True

    def handle_urgent(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN
                or event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
            self.effects.skip_clock()        # the table's skip ends the âm-dương too (not consumed)
        seat = self.phone_key_of.get(getattr(event, "key", None)) if event.type == pygame.KEYDOWN else None
        if seat is not None and self.match.seats[seat].kind == "phone":   # its buzzer, peek, pass: on the phone
            self.toast.show(t("table_phone.on_phone", name=self.seat_name(seat)))
            return True
        if event.type == pygame.KEYDOWN and event.key in self.pass_seat_of:
            return self.pass_window(self.pass_seat_of[event.key])
        for seat in self.passing_seats():
            if self.pass_buttons[seat].handle(event):
                return True
        if self.handle_peek(event):           # scenes.tables.daotam.peek
            return True
        # the buzzer is one intent: the rules decide where it lands (game.daotam.intents)
        return self.buzzers.press(event, self.clock, self.match, lambda seat: BUZZ,
                                  enabled=self.app.stack.top is self.table)

    def acting_phase(self) -> str | None:
        """The viewer's decision now ("turn" or "push"), or None."""
        if not self.viewer_can_act:
            return None
        phase = self.match.view(None).phase
        return phase if phase in ("turn", "push", "option") else None

    def handle_game(self, event: pygame.event.Event) -> bool:
        phase = self.acting_phase()
        if phase is None:
            return False
        for b in self.action_buttons:
            if b.enabled and b.handle(event):
                return True
        if self.gestures.handle(event):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        m = self.model
        cards = self.hand_list()
        key = event.key
        if phase == "push":
            targets = self.push_targets()
            if not targets:
                return False
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                m.push_focus = (m.push_focus + (1 if key == pygame.K_RIGHT else -1)) % len(targets)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.push_to(targets[m.push_focus % len(targets)])
                return True
            return False
        if phase == "option":
            if key in (pygame.K_RETURN, pygame.K_y):
                self.submit(("use",))
                return True
            if key in (pygame.K_n, pygame.K_BACKSPACE):
                self.submit(("decline",))
                return True
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            m.focus = (m.focus + (1 if key == pygame.K_RIGHT else -1)) % len(cards)
            return True
        if key in (pygame.K_RETURN, pygame.K_UP) and cards:
            m.toggle(m.focus % len(cards))
            return True
        if key == pygame.K_BACKSPACE:
            m.clear()
            return True
        keys = keymap.keys_of(self.app.settings)
        if key == keys["daotam.cuong"]:
            self.call("cuong")
            return True
        if key == keys["daotam.nhu"]:
            self.call("nhu")
            return True
        if key == keys["daotam.public"]:
            self.play_public()
            return True
        return False

    # ---------------------------------------------------------- actions
    def call(self, call: str) -> bool:
        m = self.model
        if not m.picked:
            self.feedback.refuse(IllegalAction("Pick 1 or 2 cards first.", "daotam.pick_first"))
            return False
        if len(m.picked) > 2:
            self.feedback.refuse(IllegalAction("A hidden claim puts 1 or 2 cards face down.",
                                      "daotam.claim_count"))
            return False
        staged = [r.center for r in self.staged_rects().values()]
        if not self.submit(m.claim_action(self.hand_list(), call)):
            return False
        self.claim_from = staged             # the claim's cards leave from where they were staged
        m.clear()                            # the hand has changed: the picks are gone
        return True

    def play_public(self) -> bool:
        m = self.model
        cards = self.hand_list()
        if m.picked and sorted(cards[i] for i in m.picked) != ["cuong", "nhu"]:
            self.feedback.refuse(IllegalAction("A public play is exactly one Cương and one Nhu.",
                                      "daotam.public_form"))
            return False
        if not self.submit(("public",)):
            return False
        m.clear()
        return True

    def push_targets(self) -> list[int]:
        return [a[1] for a in self.match.legal_actions(self.viewer) if a[0] == "push"]

    def push_to(self, seat: int) -> bool:
        if seat not in self.push_targets():
            self.feedback.refuse(IllegalAction("Push the Tà Khí to a living player whose hand is not full.",
                                      "daotam.push_target"))
            return False
        return self.submit(("push", seat))

    # ----------------------------------------------------------- pointer
    def item_at(self, pos: tuple[int, int]) -> Any:
        phase = self.acting_phase()
        if phase == "turn":
            for i, rect in self.staged_rects().items():
                if rect.collidepoint(pos):
                    return ("hand", i)
            for i in range(len(self.hand_rects) - 1, -1, -1):
                if self.hand_rects[i].collidepoint(pos):
                    return ("hand", i)
        elif phase == "push":
            if self.push_chip.collidepoint(pos):
                return ("chip",)
            for spot in self.spots:
                if pygame.Rect(spot.plate).collidepoint(pos):
                    return ("seat", spot.seat)
        return None

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        for spot in self.spots:
            if pygame.Rect(spot.plate).inflate(self.app.u * 2, self.app.u * 2).collidepoint(pos):
                return spot.seat
        return None

    def staged_rects(self) -> dict[int, pygame.Rect]:
        """The picked hand cards, staged in the claim zone (hand index → rect), in pick order."""
        m = self.model
        if not m.picked or not self.confirmed_viewer:
            return {}
        return dict(zip(m.picked, self.claim_rects(len(m.picked)), strict=True))

    def in_claim_zone(self, pos: tuple[int, int]) -> bool:
        return self.claim_zone.inflate(self.app.u * 6, self.app.u * 6).collidepoint(pos)

    def on_gesture(self, gesture: Gesture) -> None:
        self.drag.cancel()                   # nothing stays on the pointer after a release
        item = gesture.item
        if item[0] == "hand":
            i, picked = item[1], self.model.picked
            if gesture.kind != "drop":
                self.model.toggle(i)         # a click stages a card, or takes it back
            elif self.in_claim_zone(gesture.pos):
                if i not in picked:
                    self.model.toggle(i)     # dropped on the claim zone: staged there
            elif i in picked:
                self.model.toggle(i)         # dropped anywhere else: back to the hand
        elif item[0] == "seat" and gesture.kind != "drop":
            self.push_to(item[1])
        elif item[0] == "chip" and gesture.kind == "drop":
            seat = self.seat_at(gesture.pos)
            if seat is not None:
                self.push_to(seat)

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        """The hint's outline (scenes.kit.hint_bubble): the cards and the call button of a
        claim, a push's plate, the viewer's buzzer for a challenge or a shout."""
        kind = action[0]
        if kind == "push":
            return [self.plate_rect(action[1])]
        if kind in ("challenge", "shout"):
            cap = self.buzzers.caps.get(self.viewer)
            if cap is None:
                return []
            (x, y), r = cap
            return [pygame.Rect(x - r, y - r, 2 * r, 2 * r)]
        if kind not in ("claim", "public"):
            return []
        wanted = list(action[1]) if kind == "claim" else ["cuong", "nhu"]
        cards, picked = self.hand_list(), []
        for k in wanted:
            i = next((i for i, c in enumerate(cards) if c == k and i not in picked), None)
            if i is not None:
                picked.append(i)
        out = [self.hand_rects[i] for i in picked if i < len(self.hand_rects)]
        button = 2 if kind == "public" else (0 if action[2] == "cuong" else 1)
        return out + [self.action_buttons[button].rect]
