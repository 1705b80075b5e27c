"""The Kowah table's input: pointer gestures (click, double-click, drag and drop), keys
and buttons, turned into actions offered to the engine for the viewer."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.art.kowah_cards import card_width
from scenes.core import keymap
from scenes.core.i18n import t
from scenes.kit.parts import borrowing
from scenes.kit.trick.hand_strip import ACT_KEYS
from scenes.tables.kowah.model import HELD


@borrowing(table=("H anim app checki_button drag feedback hand_layer model pairs_offered pass_button "
                  "phase slots sort_number sort_suit submit toast viewer viewer_can_act"),
           fx="_snap_back",
           geometry="_hand_draw_list _layout_hand _live_rect _stock_rect hand_top reaches_hand",
           painter="hand_input strip_focus_key")
class KowahInput:
    """Part of :class:`~scenes.tables.kowah.table.KowahTable`: what the player does."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def draw_stock(self) -> bool:
        return self._act(("draw",))

    def take_discard(self) -> bool:
        return self._act(("take",))

    def discard_idx(self, idx: int) -> bool:
        card = self.model.card_at_idx(idx)
        if card is None:
            return False
        self.model.pending_idx = idx if idx != HELD else None
        ok = self._act(("discard", card))
        if not ok:
            self.model.pending_idx = None
        return ok

    def open_declare(self) -> None:
        pairs = self.pairs_offered()
        if not pairs:
            return
        if len(pairs) == 1:
            self.declare(pairs[0])
            return
        from scenes.tables.kowah.pair import PairChooser
        self.app.stack.push(PairChooser(self.app, self.table, pairs))

    def declare(self, x: int) -> None:
        self._act(("declare", x))

    def decline(self) -> None:
        self._act(("pass",))

    def _act(self, action: tuple) -> bool:
        if not self.viewer_can_act:
            if not self.anim.busy and self.feedback.say_not_your_turn():
                self.app.audio.play("illegal")
            return False
        return self.submit(action)

    def item_at(self, pos: tuple[int, int]) -> Any:
        """What is under the pointer: ("hand", idx), ("stock",), ("pile",) or None."""
        for slot, (x, y), _ in reversed(self._hand_draw_list()):
            r = pygame.Rect(0, 0, card_width(self.H), self.H)
            r.center = (round(x), round(y))
            if r.collidepoint(pos):
                return ("hand", slot.idx)
        if self._stock_rect().collidepoint(pos):
            return ("stock",)
        if self.model.pile and self._live_rect().collidepoint(pos):
            return ("pile",)
        return None

    def handle_game(self, event: pygame.event.Event) -> bool:
        if self.model.outcome is not None:
            self.drag.cancel()
            return False
        if (event.type == pygame.MOUSEMOTION and self.drag.active
                and not getattr(event, "buttons", (1,))[0]):
            self._let_go(event.pos)          # the release went elsewhere (another scene, outside)
            return True
        if self.viewer_can_act and self.phase() == "declare":
            if self.checki_button.handle(event) or self.pass_button.handle(event):
                return True
        if self.model.declared[self.viewer] is None and self.model.order:
            if self.sort_suit.handle(event) or self.sort_number.handle(event):
                return True
        return self.hand_input(event)

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
                self.model.focus = item[1]
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

    def _drop_taken(self, item: tuple, pos: tuple[int, int]) -> None:
        """A stock or pile card let go: into the hand if it got there and the rules allow
        it, else back to where it came from, saying where to drop it."""
        self.drag.cancel()                   # nothing stays on the pointer after a release
        if self.reaches_hand(pos):
            self.model.drop_src = (float(pos[0]), float(pos[1]))
            if self.draw_stock() if item[0] == "stock" else self.take_discard():
                return
            self.model.drop_src = None             # refused: the toast says why
        else:
            self.toast.show(t("kowah.drop_on_hand"))
        self._snap_back(item, pos)

    def _discard_from_hand(self, idx: int) -> bool:
        if self.viewer_can_act and self.phase() == "take":
            self.toast.show(t("kowah.take_first"), self.feedback.while_undecided())
            self.app.audio.play("illegal")
            return False
        return self.discard_idx(idx)

    def _reorder(self, idx: int, x: float) -> None:
        if idx == HELD or self.model.locked():
            if self.model.locked():
                self.toast.show(t("kowah.locked"))
            return
        others = [s for s in self.slots if s.idx not in (idx, HELD)]
        self.model.move_card(idx, sum(1 for s in others if s.centre[0] < x))
        self._layout_hand()

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        keys = keymap.keys_of(self.app.settings)
        if k == keys["kowah.stock"]:
            self.draw_stock()
            return True
        if k == keys["kowah.discard"]:
            self.take_discard()
            return True
        if k == keys["kowah.checki"] and self.pairs_offered():
            self.open_declare()
            return True
        if k == keys["kowah.later"] and self.viewer_can_act and self.phase() == "declare":
            self.decline()
            return True
        order = [s.idx for s in self.slots]
        if not order:
            return False
        if self.strip_focus_key(k, order):
            self.hand_layer.clear()
            return True
        if k in ACT_KEYS:
            if self.viewer_can_act and self.phase() == "declare":
                self.open_declare()
            elif self.model.focus is not None and self.model.focus in order:
                self._discard_from_hand(self.model.focus)
            elif self.viewer_can_act and self.phase() == "take":
                self.draw_stock()
            return True
        return False

    def set_sort(self, mode: str) -> None:
        if self.model.locked():
            self.toast.show(t("kowah.locked"))
            return
        self.model.set_sort(mode)
        self._layout_hand()

    def hint_targets(self, action: tuple) -> list[pygame.Rect]:
        """The hint's outline (scenes.kit.hint_bubble): the stock, the pile, the card to
        discard or the pair to expose (and its button)."""
        kind = action[0]
        if kind == "draw":
            return [self._stock_rect()]
        if kind == "take":
            return [self._live_rect()]
        if kind == "pass":
            return [self.pass_button.rect]
        out = []
        for slot, (x, y), _ in self._hand_draw_list():
            if slot.card == action[1] and (kind == "declare" or not out):
                r = pygame.Rect(0, 0, card_width(self.H), self.H)
                r.center = (round(x), round(y))
                out.append(r)
        if kind == "declare":
            out.append(self.checki_button.rect)
        return out
