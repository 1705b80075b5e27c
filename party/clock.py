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
bound is the phone's own measured one-way delay (half the round trip of its best samples)
plus a margin for an honest press held up on its way (``margin_s``, 0.15 s: a phone's
Wi-Fi in power save may hold a packet for a beacon interval, 102.4 ms), capped (``cap_s``,
0.35 s: a 200 ms network plus the margin). A Match judging phones' presses judges its
windows that long behind its clock (``Match.judge_lag``), so a press still on its way
counts in time order. Figures: ``python -m tools.buzzer_fairness``.

Forged timestamps. The phone's stamp is not trusted beyond that bound: a stamp far in
the past, or a pong clock that drags the offset, moves a press at most ``bound()``
earlier than its arrival; one far in the future (or not a finite number) is judged at
its arrival. So a forger on the same network gains at most about ``margin_s`` over an
honest phone, and at most ``cap_s`` whatever it does (delaying its pongs to look slow
only raises its bound up to the cap); a press judged before the window opened is the
rules' false start, so no stamp buys a press before the window.
"""

from __future__ import annotations

import math
from collections import deque
from statistics import median

#: The most a press may be judged before it arrived (seconds); also how far behind the
#: clock a phone table's windows are judged (``Match.judge_lag``), so such a press still
#: counts in time order.
CAP_S = 0.35


class ClockSync:
    """One phone's clock offset (server − phone, seconds) from round-trip samples."""

    def __init__(self, keep: int = 48, best: int = 8, cap_s: float = CAP_S,
                 margin_s: float = 0.15) -> None:
        self.samples: deque[tuple[float, float]] = deque(maxlen=keep)   # (rtt, offset)
        self.best = best
        self.cap_s = cap_s
        self.margin_s = margin_s

    def sample(self, sent: float, client_ms: float | None, received: float) -> None:
        """A ping sent at ``sent`` (server seconds) came back at ``received`` carrying the
        phone's clock ``client_ms``. Impossible samples (time running backwards, a clock
        that is not a finite number) are dropped."""
        rtt = received - sent
        if not isinstance(client_ms, (int, float)) or not all(map(math.isfinite, (sent, client_ms, rtt))):
            return
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
        if off is None or not isinstance(client_ms, (int, float)) or not math.isfinite(client_ms):
            return arrival
        return min(arrival, max(arrival - self.bound(), client_ms / 1000.0 + off))
