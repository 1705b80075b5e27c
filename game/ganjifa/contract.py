"""Ganjifa's side of the engine contract: its wire types and schema version, and the
hook the conformance suite uses to build a state that differs only in hidden cards."""

from __future__ import annotations

import random

from game.ganjifa.rules import GanjifaState, GanjifaView, Trick

SCHEMA = 1      # bump when a field of GanjifaView or Trick changes
WIRE_TYPES: tuple[type, ...] = (GanjifaView, Trick)


def redeal_hidden(state: GanjifaState, seat: int | None, rng: random.Random) -> GanjifaState:
    """A copy of ``state`` whose other seats' hands are dealt again among themselves from
    the cards they hold (sizes kept). Everything ``seat`` may know is unchanged."""
    alt = state.clone()
    others = [s for s in range(alt.n_seats) if s != seat]
    pool = [c for s in others for c in alt.hands[s]]
    rng.shuffle(pool)
    for s in others:
        k = len(alt.hands[s])
        alt.hands[s], pool = sorted(pool[:k]), pool[k:]
    return alt
