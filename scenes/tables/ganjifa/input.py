"""The Ganjifa table's input: pointer gestures, keys and buttons (Dukal, give up, last
trick), turned into actions offered to the engine for the viewer."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core import keymap
from scenes.core.i18n import t
from scenes.kit.parts import borrowing
from scenes.kit.trick.hand_strip import ACT_KEYS
from scenes.tables.base import TableScene
from scenes.widgets.drag import Gesture


@borrowing(table=("anim app drag dukal_button feedback focus give_button hand_d last_button last_hover "
                  "last_rect legal match phase selected show_last submit toast viewer viewer_can_act"),
           geometry="_drawn_slots _drawn_slots_sorted card_at hand_top last_pile_rect",
           painter="hand_input strip_focus_key")
class GanjifaInput:
    """Part of :class:`~scenes.tables.ganjifa.table.GanjifaTable`: what the player does."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def legal_cards(self) -> set[int]:
        """The cards the viewer may play or give up now (none unless they may act)."""
        return self.legal.get(self.match, self.viewer, self.viewer_can_act)

    def give_needed(self) -> int:
        v = self.match.view(self.viewer)
        if v.phase != "give" or v.turn != self.viewer:
            return 0
        given = next((len(c) for s, c in v.gives if s == self.viewer), 0)
        return v.give_count - given

    def _give_label(self) -> str:
        return t("ganjifa.give_confirm", k=len(self.selected), n=self.give_needed())

    def last_trick(self) -> Any:
        """The last completed trick or Dukal (public), or None before the first one."""
        history = self.match.view(None).history
        return history[-1] if history else None

    def toggle_last(self) -> None:
        self.show_last = not self.show_last and self.last_trick() is not None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.show_last:
            self.show_last = False      # Esc closes the last-trick panel before the pause menu
            return True
        return TableScene.handle(self.table, event)

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
        if event.type == pygame.KEYDOWN and event.key == keymap.key(self.app.settings, "ganjifa.last"):
            self.toggle_last()
            return True
        if self.viewer_can_act:
            if self.phase() == "give" and self.give_button.handle(event):
                return True
            if self.phase() == "lead" and self._dukals() and self.dukal_button.handle(event):
                return True
        return self.hand_input(event)

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
            self.toast.show(t("ganjifa.give_enough", n=self.give_needed()), self.feedback.while_undecided())

    def _try_play(self, card: int) -> bool:
        if not self.viewer_can_act:
            if not self.anim.busy:
                self.feedback.say_not_your_turn()
            return False
        if self.phase() == "give":
            self._toggle(card)
            return False
        return self.submit(("play", card))

    def _key(self, event: pygame.event.Event) -> bool:
        order = [s.card for s in self._drawn_slots_sorted()]
        if not order:
            return False
        legal = self.legal_cards()
        if self.strip_focus_key(event.key, order, [c for c in order if c in legal]):
            return True
        if event.key in ACT_KEYS:
            if self.viewer_can_act and self.phase() == "give":
                if event.key == pygame.K_SPACE and self.focus is not None:
                    self._toggle(self.focus)
                elif len(self.selected) == self.give_needed():
                    self.confirm_give()
                return True
            if self.focus is not None:
                self._try_play(self.focus)
            return True
        if event.key == keymap.key(self.app.settings, "ganjifa.dukal") and self.viewer_can_act and self._dukals():
            self.open_dukal()
            return True
        return False

    def _dukals(self) -> list[tuple]:
        if not self.viewer_can_act:
            return []
        return [a for a in self.match.legal_actions(self.viewer) if a[0] == "dukal"]

    def open_dukal(self) -> None:
        from scenes.tables.ganjifa.dukal import DukalChooser
        options = self._dukals()
        if options:
            self.app.stack.push(DukalChooser(self.app, self.table, options))

    def lead_dukal(self, action: tuple) -> None:
        self.submit(action)

    def confirm_give(self) -> None:
        if len(self.selected) != self.give_needed():
            return
        for card in list(self.selected):
            self.submit(("give", card))
        self.selected = []

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        """The hint's outline (scenes.kit.hint_bubble): the suggested card(s) in the hand,
        and the Dukal button for a Dukal."""
        cards = action[1] if action[0] == "dukal" else (action[1],)
        drawn = dict(self._drawn_slots())
        d = round(self.hand_d)
        out = []
        for c in cards:
            if c in drawn:
                r = pygame.Rect(0, 0, d, d)
                r.center = (round(drawn[c][0]), round(drawn[c][1]))
                out.append(r)
        if action[0] == "dukal":
            out.append(self.dukal_button.rect)
        return out
