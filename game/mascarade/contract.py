"""Mascarade's side of the engine contract: its wire types and schema version, and the
hook the conformance suite uses to build a state that differs only in hidden cards."""

from __future__ import annotations

import random

from game.mascarade.rules import MascaradeState, MascaradeView

SCHEMA = 1      # bump when a field of MascaradeView changes
WIRE_TYPES: tuple[type, ...] = (MascaradeView,)
#: Events that show cards face up to their audience for a moment, by the rules (a claim's
#: reveal, §4): no view remembers them, so their values may differ between worlds that
#: differ in hidden cards; the conformance suite compares only their shape.
REVEAL_EVENTS: tuple[str, ...] = ("reveal",)


def redeal_hidden(state: MascaradeState, seat: int | None, rng: random.Random) -> MascaradeState:
    """A copy of ``state`` with its face-down cards permuted among their positions.

    Every card lies face down (its owner does not see it either); what a seat learnt by
    looking is its own record (``private``), kept as it is, so no view changes."""
    alt = state.clone()
    down = [p for p in range(len(alt.cards)) if p not in alt.faceup]
    cards = [alt.cards[p] for p in down]
    rng.shuffle(cards)
    for p, c in zip(down, cards, strict=True):
        alt.cards[p] = c
    return alt
