"""State snapshots for "an illegal action changes nothing" and replay tests."""

from __future__ import annotations

import copy
from typing import Any


def state_fields(st: Any) -> dict:
    """Every field of a state (``__dict__`` or ``__slots__``) except its RNG and deck,
    deep-copied so that later moves cannot change the snapshot."""
    names = (getattr(st, "__dict__", None) or {}).keys() or [
        n for cls in type(st).__mro__ for n in getattr(cls, "__slots__", ())]
    return copy.deepcopy({k: getattr(st, k) for k in names if k not in ("rng", "deck")})
