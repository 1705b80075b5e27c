"""Event animations. Every swap-or-not (the turn's, the Fool's, the Spy's) is the same
public motion — both cards lift, cross paths at their midpoint and settle back — so the
frames cannot tell an exchange from a bluff. Reveals flip all the claimants' cards up
together; the hide flips them back down together."""

from __future__ import annotations

import math
from typing import Any

from game.core import Event
from scenes.core.tween import Anim
from scenes.kit.parts import borrowing

SWAP_S, FLIP_S, COIN_S, BEAT_S = 0.9, 0.45, 0.32, 0.05
SWAPS = ("swap", "fool", "spy_swap")


@borrowing(table="anim app model",
           geometry="bank_rect coin_at court_rect pos_rects")
class MascaradeAnim:
    """Part of the table: ``on_event`` queues one animation per public event; the drawing reads
    ``self.swap_fx`` (a, b, p), ``self.flip_fx`` (positions, p, up) and ``self.coin_fx``."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def reset_fx(self) -> None:
        self.swap_fx: tuple | None = None
        self.flip_fx: tuple | None = None
        self.coin_fx: tuple | None = None

    def on_event(self, event: Event) -> None:
        if event.to is not None:
            return                      # private results are read on the covered prompt
        k, d = event.kind, event.data
        model = self.model
        if k in SWAPS:
            a, b = d["a"], d["b"]

            def start(ev=event) -> None:
                model.apply(ev)
                self.app.audio.play("slide")

            def step(p: float, a=a, b=b) -> None:
                self.swap_fx = (a, b, p)

            self.anim.add(Anim(SWAP_S, start, step, lambda: setattr(self, "swap_fx", None),
                               lambda p: p))
        elif k == "setup":          # §2.5: the whole layout is shown to everybody, then hidden
            pos = tuple(range(len(d["layout"])))
            self.anim.add(Anim(FLIP_S, lambda ev=event: model.apply(ev),
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, True)),
                               lambda: setattr(self, "flip_fx", None), lambda p: p))
            self.anim.add(Anim(2.0))
            self.anim.add(Anim(FLIP_S, None,
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, False)),
                               lambda: self._hide_all(), lambda p: p))
        elif k == "reveal":
            pos = tuple(p for p, _ in d["cards"])
            self.anim.add(Anim(FLIP_S, lambda ev=event: model.apply(ev),
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, True)),
                               lambda: setattr(self, "flip_fx", None), lambda p: p))
            self.anim.add(Anim(0.8))       # a beat to read the faces
        elif k == "hide":
            pos = tuple(d["positions"])
            self.anim.add(Anim(FLIP_S, None,
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, False)),
                               lambda ev=event: self._hidden(ev), lambda p: p))
        elif k == "coins" and d["amount"]:
            src, dst = self.coin_place(d["src"]), self.coin_place(d["dst"])
            self.anim.add(Anim(COIN_S, lambda: self.app.audio.play("coin"),
                               lambda p, s=src, t=dst: setattr(self, "coin_fx", (s, t, p)),
                               lambda ev=event: self._coined(ev)))
        else:
            self.anim.add(Anim(BEAT_S, lambda ev=event: model.apply(ev)))

    def _hidden(self, ev: Event) -> None:
        self.flip_fx = None
        self.model.apply(ev)

    def _hide_all(self) -> None:
        self.flip_fx = None
        self.model.faceup.clear()

    def _coined(self, ev: Event) -> None:
        self.coin_fx = None
        self.model.apply(ev)

    def coin_place(self, where) -> tuple[float, float]:
        if isinstance(where, int):
            return self.coin_at[where]
        rect = self.court_rect if where == "court" else self.bank_rect
        return rect.center

    def swap_offset(self, pos: int) -> tuple[float, float]:
        """How far a card being swapped-or-not is drawn from its place (same either way)."""
        if self.swap_fx is None or pos not in self.swap_fx[:2]:
            return (0.0, 0.0)
        a, b, p = self.swap_fx
        other = b if pos == a else a
        ra, rb = self.pos_rects[pos], self.pos_rects[other]
        k = math.sin(math.pi * p) * 0.5        # out to the midpoint and back
        lift = -math.sin(math.pi * p) * self.app.u * 3
        return ((rb.centerx - ra.centerx) * k, (rb.centery - ra.centery) * k + lift)
