"""``random.shuffle``'s exact permutation, without a method call per card.

Deals must come out of a seed exactly as they always have (saves and replays deal again
from it), so this draws the very same bits in the same order as ``Random.shuffle`` /
``Random._randbelow``; it only inlines them, which was most of a new hand's cost in every
engine. Anything other than a plain ``random.Random`` (a subclass, a test double) gets
its own ``shuffle``.
"""

from __future__ import annotations

import random

#: len(x) -> ((position, bits of a draw below position + 1), ...), last position first
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def shuffle(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    steps = _STEPS.get(len(x))
    if steps is None:
        steps = _STEPS[len(x)] = tuple((i, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, k in steps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def shuffled_range(rng: random.Random, size: int) -> list[int]:
    """``list(range(size))`` after :func:`shuffle`."""
    cards = list(range(size))
    shuffle(rng, cards)
    return cards
