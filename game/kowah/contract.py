"""Kowah's side of the engine contract: its wire types and schema version, and the
hook the conformance suite uses to build a state that differs only in hidden cards."""

from __future__ import annotations

import random
from collections import Counter

from game.kowah.rules import KowahState, KowahView

SCHEMA = 1      # bump when a field of KowahView changes
WIRE_TYPES: tuple[type, ...] = (KowahView,)


def redeal_hidden(state: KowahState, seat: int | None, rng: random.Random) -> KowahState:
    """A copy of ``state`` whose stock and other seats' concealed, unknown cards are dealt
    again among themselves (sizes kept). Exposed pairs, cards publicly known to be held,
    this turn's draw and the pile stay where they are."""
    alt = state.clone()
    keep: dict[int, Counter] = {}
    pool: list[int] = list(alt.stock)
    for s in range(alt.n_seats):
        if s == seat:
            continue
        fixed = Counter(alt.known[s]) + Counter(alt.locked[s] or ())
        if s == alt.turn:
            fixed.update(c for c in (alt.drawn, alt.taken, alt.held) if c is not None)
        rest = Counter(alt.hands[s]) - fixed
        keep[s] = Counter(alt.hands[s]) - rest
        pool += list(rest.elements())
    rng.shuffle(pool)
    for s, fixed in keep.items():
        k = len(alt.hands[s]) - sum(fixed.values())
        alt.hands[s] = sorted(list(fixed.elements()) + pool[:k])
        pool = pool[k:]
    alt.stock = pool
    alt._compute_signatures()       # signatures, odd counts, discard lists of the new hands
    return alt
