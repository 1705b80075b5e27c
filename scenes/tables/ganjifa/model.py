"""The Ganjifa table's visual state, without pygame: what lies where on the rosewood.

It is rebuilt from the viewer's view (:meth:`GanjifaModel.reset`) and then changed one
step at a time as the engine's events are animated: the animation calls a step (a card
leaves a hand, lands in the trick, a trick goes to its winner's pile…) when the flight
reaches it. Tests feed a view and events (:meth:`GanjifaModel.apply_events`) and read
the state back with no display at all.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any


def twist(card: int, seed: int) -> float:
    """The small fixed angle a card lies at in the trick (the same for a card all hand)."""
    return random.Random(card * 7919 + seed).uniform(4, 8) * (1 if card % 2 else -1)


class GanjifaModel:
    """What the table shows, seat by seat; the viewer's hand as dealt (sorted when laid out)."""

    def __init__(self, n: int, seed: int) -> None:
        self.n = n
        self.seed = seed
        self.viewer = 0
        self.hand: list[int] = []                   # the viewer's cards, as landed
        self.full_hand: list[int] = []              # the viewer's whole dealt hand
        self.sizes = [0] * n                        # cards each seat holds, as drawn
        self.captured = [0] * n                     # cards each seat has won
        self.trick: list[tuple[int, int, float]] = []    # (seat, card, twist) on the cloth
        self.centre: list[tuple[int, int]] = []     # a Dukal and the cards given up to it
        self.selected: list[int] = []               # cards chosen to give up
        self.dealing = False                        # the viewer's hand is still arriving
        self.trump_mark = "sun"                     # "sun" (day) or "moon" (night)

    # ------------------------------------------------------------ from a view
    def reset(self, v: Any, viewer: int) -> None:
        """Everything as the view says now (no animation in flight)."""
        self.viewer = viewer
        self.hand = list(v.hand or ())
        self.full_hand = list(self.hand)
        self.sizes = list(v.hand_sizes)
        self.captured = list(v.captured)
        self.trick = [(s, c, twist(c, self.seed)) for s, c in v.trick]
        self.centre = [(v.leader, c) for c in v.dukal]
        for s, cards in v.gives:
            self.centre += [(s, c) for c in cards]
        self.selected = []
        self.dealing = False
        self.trump_mark = "sun" if v.time == "day" else "moon"

    def clear_hands(self) -> None:
        """Nothing dealt yet (a table replaying its match from the first event)."""
        self.sizes = [0] * self.n
        self.hand = []

    # ------------------------------------------------------------ event steps
    def note(self, ev: Any) -> None:
        """What an event says at once, before any animation of it runs."""
        if ev.kind == "hand":
            self.full_hand = list(ev.data["cards"])

    def begin_deal(self) -> None:
        self.sizes = [0] * self.n
        self.hand = []
        self.dealing = True

    def land_packet(self, seat: int, k: int) -> None:
        """A packet of ``k`` cards reaches ``seat``."""
        self.sizes[seat] += k
        if seat == self.viewer:
            self.hand = self.full_hand[: self.sizes[seat]]
            self.dealing = len(self.hand) < len(self.full_hand)

    def leave_hand(self, seat: int, card: int, floor: bool = False) -> None:
        """``card`` leaves ``seat``'s hand (played, led in a Dukal or given up).
        ``floor``: the count never goes below zero (a play)."""
        if seat == self.viewer and card in self.hand:
            self.hand.remove(card)
        self.sizes[seat] = max(0, self.sizes[seat] - 1) if floor else self.sizes[seat] - 1

    def land_trick(self, seat: int, card: int, angle: float) -> None:
        self.trick.append((seat, card, angle))

    def land_centre(self, seat: int, card: int) -> None:
        self.centre.append((seat, card))

    def lift_trick(self, from_centre: bool) -> list[tuple[int, int]]:
        """The trick (or the centre's Dukal) leaves the cloth: its (seat, card)s."""
        if from_centre:
            out, self.centre = list(self.centre), []
        else:
            out, self.trick = [(s, c) for s, c, _ in self.trick], []
        return out

    def capture(self, winner: int, k: int) -> None:
        self.captured[winner] += k

    # ------------------------------------------------------------ without animation
    def apply_events(self, events: Iterable[Any]) -> None:
        """Every step of these events at once, in order (what the animations end at)."""
        for ev in events:
            if ev.visible_to(self.viewer):
                self.note(ev)
                self._apply(ev)

    def _apply(self, ev: Any) -> None:
        kind, seat, d = ev.kind, ev.seat, ev.data
        if kind == "deal":
            self.begin_deal()
            for s, k in d["packets"]:
                self.land_packet(s, k)
        elif kind == "hand" and seat == self.viewer:
            self.hand = self.full_hand[: self.sizes[seat]]
            self.dealing = len(self.hand) < len(self.full_hand)
        elif kind == "play":
            self.leave_hand(seat, d["card"], floor=True)
            self.land_trick(seat, d["card"], twist(d["card"], self.seed))
        elif kind in ("trick", "dukal_won"):
            self.capture(d["winner"], len(self.lift_trick(kind == "dukal_won")))
        elif kind == "dukal":
            for c in d["cards"]:
                self.leave_hand(seat, c)
                self.land_centre(seat, c)
        elif kind == "give":
            self.leave_hand(seat, d["card"])
            self.land_centre(seat, d["card"])
