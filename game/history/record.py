"""One finished game as the history keeps it: a plain dict built from the Match.

The dict is the save format (:meth:`game.match.Match.to_json`: game, seed, options,
seats, actions) plus the result and the bookkeeping the statistics need, so the same
dict is what the database stores, what a query returns and what a replay is built from.
"""

from __future__ import annotations

import time
from typing import Any

from game.saves import HUMAN_KINDS

#: Modes the statistics are split by (a game is in exactly one).
MODES = ("ai", "party", "assisted")
AI_LEVELS = ("random", "easy", "normal", "hard")
MIXED = "mixed"        # the AI seats were not all at one level
HUMANS_ONLY = "none"   # no AI seat at all


def mode_of(humans: int, assisted: bool) -> str:
    """vs AIs (one human), party (two or more humans, at the screen or on phones), or with assists
    (a hint or an undo was used; that outranks the other two)."""
    if assisted:
        return "assisted"
    return "party" if humans >= 2 else "ai"


def level_of(seats: list[str]) -> str:
    """The opponents' level: the AI seats' level when they share one."""
    levels = {k for k in seats if k not in HUMAN_KINDS}
    if not levels:
        return HUMANS_ONLY
    return levels.pop() if len(levels) == 1 else MIXED


def shares(scores: list[float]) -> list[float | None]:
    """Each seat's part of the points handed out (None when nobody scored)."""
    total = sum(max(0.0, float(s)) for s in scores)
    if total <= 0:
        return [None] * len(scores)
    return [max(0.0, float(s)) / total for s in scores]


def _plain(value: Any) -> Any:
    """JSON-ready copy of engine details (tuples → lists, odd objects → their text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def build(log: dict, winners: list[int], scores: list[float], reason: str = "",
          details: dict | None = None, *, assisted: bool = False,
          finished_at: float | None = None, duration_s: float = 0.0) -> dict:
    """A record from a save-format ``log`` and the result."""
    seats = [str(k) for k in log["seats"]]
    humans = [i for i, k in enumerate(seats) if k in HUMAN_KINDS]
    finished = time.time() if finished_at is None else float(finished_at)
    duration = max(0.0, float(duration_s))
    winners = [int(w) for w in winners]
    return {
        **log,
        "winners": winners, "scores": [_plain(s) for s in scores], "reason": str(reason or ""),
        "details": _plain(details or {}),
        "human_seats": humans, "assisted": bool(assisted),
        "mode": mode_of(len(humans), bool(assisted)), "level": level_of(seats),
        "won": any(h in winners for h in humans),
        "moves": len(log.get("actions", ())),
        "finished_at": finished, "duration_s": duration, "started_at": finished - duration,
    }


def from_match(match: Any, played_s: float = 0.0) -> dict:
    """The record of a finished Match. ``played_s``: how long it was played (the table's
    own clock, which stops under the pause menu, the rules and handoff screens)."""
    result = match.result()
    return build(match.to_json(), list(result.winners), list(result.scores), result.reason,
                 getattr(result, "details", None), assisted=bool(getattr(match, "assisted", False)),
                 duration_s=float(played_s or 0.0))


def worth_recording(record: dict) -> bool:
    """Only games a person played: an all-AI table (``--autoplay``, a bench) is not."""
    return bool(record.get("human_seats"))
