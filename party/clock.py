"""Each phone's clock, as seen from the server: when was a buzzer really pressed?

The server pings a phone now and then; the phone answers at once with its own clock
(``performance.now()``, ms). One sample is (the server's send time, the phone's clock,
the server's receive time): if the two legs took as long, the phone's clock read
``client`` at the server's ``(sent + received) / 2``. The legs are not always even, but
the error of a sample is at most half its round trip, so the samples with the shortest
round trips are kept and their median offset is used (NTP's idea, with a window so a
drifting clock is followed).

A press is judged at the phone's press time moved onto the server clock, bounded: never
later than it arrived and never earlier than ``bound()`` before it arrived, where the
bound is the phone's own measured one-way delay plus a margin, capped. A phone that
forges its timestamp gains at most that bound: it can look like a phone on a perfect
network, never like one that pressed before the window opened.
"""

from __future__ import annotations

from collections import deque
from statistics import median


class ClockSync:
    """One phone's clock offset (server − phone, seconds) from round-trip samples."""

    def __init__(self, keep: int = 48, best: int = 8, cap_s: float = 0.3,
                 margin_s: float = 0.02) -> None:
        self.samples: deque[tuple[float, float]] = deque(maxlen=keep)   # (rtt, offset)
        self.best = best
        self.cap_s = cap_s
        self.margin_s = margin_s

    def sample(self, sent: float, client_ms: float, received: float) -> None:
        """A ping sent at ``sent`` (server seconds) came back at ``received`` carrying the
        phone's clock ``client_ms``. Impossible samples (time running backwards) are dropped."""
        rtt = received - sent
        if rtt < 0:
            return
        self.samples.append((rtt, (sent + received) / 2 - client_ms / 1000.0))

    def _best(self) -> list[tuple[float, float]]:
        return sorted(self.samples)[: self.best]

    def offset(self) -> float | None:
        """Server clock minus the phone's (seconds), or None before any sample."""
        best = self._best()
        return median(o for _, o in best) if best else None

    def rtt(self) -> float | None:
        """The shortest round trip seen lately (seconds)."""
        return min(r for r, _ in self.samples) if self.samples else None

    def bound(self) -> float:
        """How much earlier than its arrival a press may be judged (seconds)."""
        best = self._best()
        if not best:
            return 0.0
        return min(self.cap_s, best[-1][0] / 2 + self.margin_s)

    def press_time(self, client_ms: float | None, arrival: float) -> float:
        """When a press the phone stamped ``client_ms`` and the server received at
        ``arrival`` is judged to have happened, on the server clock."""
        off = self.offset()
        if client_ms is None or off is None:
            return arrival
        return min(arrival, max(arrival - self.bound(), client_ms / 1000.0 + off))
