"""State snapshots for "an illegal action changes nothing" and replay tests."""

from __future__ import annotations

import copy
from typing import Any

from game.core import slot_names


def state_fields(st: Any) -> dict:
    """Every field of a state (``__dict__`` or ``__slots__``) except its RNG and deck,
    deep-copied so that later moves cannot change the snapshot."""
    names = (getattr(st, "__dict__", None) or {}).keys() or slot_names(type(st))
    return copy.deepcopy({k: getattr(st, k) for k in names if k not in ("rng", "deck")})
