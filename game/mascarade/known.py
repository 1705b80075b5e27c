"""What the table can know: the probabilities a careful observer holds for every position
from the public events alone (the issue's memory aid).

It is the AI's :class:`~game.mascarade.belief.WorldSet`, seated nowhere (seat ``-1``)
and fed only events with ``to is None``: the initial layout, every swap-or-not as a
50/50 split, peeks, reveals. It never reads a private event, so two games that differ
only in hidden decisions but share their public events give identical numbers (tested).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core import Event
from game.mascarade.belief import WorldSet

OBSERVER = -1           # a seat nobody has: every swap is somebody else's


class TableKnowledge:
    """Feed public events with :meth:`observe`; read :meth:`top` per position."""

    def __init__(self, k_max: int = 1500) -> None:
        self.tracker = WorldSet(OBSERVER, k_max=k_max, soft=False, seed=0)
        self.fed = 0                      # public events seen
        self._pending: list[Event] = []
        self._probs: list[dict[int, float]] | None = None

    def observe(self, events: Iterable[Event]) -> None:
        """Queue the public events; the tracker takes them when the numbers are next
        asked for (a table with the view hidden pays nothing per frame)."""
        public = [e for e in events if e.to is None]
        if public:
            self._pending += public
            self.fed += len(public)
            self._probs = None

    def probs(self) -> list[dict[int, float]]:
        """P(card) per position (cached until the next event)."""
        if self._pending:
            self.tracker.observe(self._pending)
            self._pending = []
        if self._probs is None:
            self._probs = self.tracker.card_probs() if self.tracker.worlds else []
        return self._probs

    def top(self, pos: int, k: int = 3, floor: float = 0.05) -> list[tuple[int, float]]:
        """The ``k`` likeliest characters at ``pos`` with at least ``floor`` probability,
        likeliest first (ties by character index, so the order is stable)."""
        probs = self.probs()
        if pos >= len(probs):
            return []
        ranked = sorted(probs[pos].items(), key=lambda cp: (-cp[1], cp[0]))
        return [(c, p) for c, p in ranked[:k] if p >= floor]
