"""The end-of-game timeline: every hidden decision of a finished game, in order.

Built from *all* of a match's events (the private ones included), so it is shown only
after the game: who exchanged or only pretended (the turn's swaps, the Fool's, the
Spy's), who held what after each swap, what each peek and the Spy's look saw, and
whether each announcement was true. Lines are ``(turn, key, params)`` for i18n keys
under ``mascarade_memory.tl.``; ``params`` hold seats, positions and characters as ints.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core import Event

BITS = {"swap_bit": "swap", "fool_bit": "fool", "spy_bit": "spy_swap"}


@dataclass(frozen=True)
class TimelineLine:
    turn: int
    key: str
    params: dict


def build(events: Iterable[Event]) -> list[TimelineLine]:
    """The timeline of a game from its full event list (see the module docstring)."""
    out: list[TimelineLine] = []
    cards: list[int] = []
    turn = 1
    for e in events:
        k, d = e.kind, e.data
        if k == "setup":
            cards = list(d["layout"])
            out.append(TimelineLine(turn, "start", {"cards": list(enumerate(cards))}))
        elif k == "turn":
            turn = d["turn"]
        elif k in BITS:
            a, b, bit = d["a"], d["b"], d["bit"]
            if bit:
                cards[a], cards[b] = cards[b], cards[a]
            what = BITS[k] + ("_yes" if bit else "_no")
            out.append(TimelineLine(turn, what, {"seat": e.seat, "a": a, "b": b,
                                                 "cards": [(a, cards[a]), (b, cards[b])]}))
        elif k == "peek_result":
            out.append(TimelineLine(turn, "peek", {"seat": e.seat, "char": d["card"]}))
        elif k == "spy_look":
            out.append(TimelineLine(turn, "spy_look", {
                "seat": e.seat, "cards": [(d["own"], d["own_card"]), (d["pos"], d["card"])]}))
        elif k == "announce":
            held = cards[d["pos"]] if cards else d["character"]
            key = "announce_true" if held == d["character"] else "announce_bluff"
            out.append(TimelineLine(turn, key, {"seat": e.seat, "char": d["character"],
                                                "held": held}))
        elif k == "reveal":
            out.append(TimelineLine(turn, "reveal", {"cards": [tuple(c) for c in d["cards"]]}))
        elif k == "end":
            out.append(TimelineLine(turn, "final", {"cards": list(enumerate(cards))}))
            out.append(TimelineLine(turn, "end", {"winners": list(d["winners"])}))
    return out
