"""Đạo Tâm's side of the engine contract: its wire types and schema version, and the
hook the conformance suite uses to build a state that differs only in hidden cards."""

from __future__ import annotations

import random

from game.daotam.rules import LIVING, DaoTamState, DaoTamView

SCHEMA = 1      # bump when a field of DaoTamView changes
WIRE_TYPES: tuple[type, ...] = (DaoTamView,)


def redeal_hidden(state: DaoTamState, seat: int | None, rng: random.Random) -> DaoTamState:
    """A copy of ``state`` whose Chiêu Thức deck and other living seats' concealed hands
    (not revealed by Si Mê) are dealt again among themselves, hand sizes kept, and whose
    Chính Đạo deck is shuffled. Cards in flight (a claim's face-down cards) stay."""
    alt = state.clone()
    others = [s for s in range(alt.n_seats)
              if s != seat and alt.status[s] == LIVING and not alt.si_me[s]]
    pool = list(alt.deck_ct)
    for s in others:
        pool += [k for k in range(3) for _ in range(alt.hands[s][k])]
    rng.shuffle(pool)
    for s in others:
        size = sum(alt.hands[s])
        hand = [0, 0, 0]
        for k in pool[:size]:
            hand[k] += 1
        alt.hands[s], pool = hand, pool[size:]
    alt.deck_ct = pool
    rng.shuffle(alt.deck_cd)
    return alt
