"""Fair buzzers over Wi-Fi, simulated: does the earlier real press win?

    python -m tools.buzzer_fairness [--races 4000] [--seed 1]

Phones with their own network (one-way delays drawn in a range, up and down legs a little
uneven, jitter on every message, now and then a Wi-Fi stall) and their own clock (an
arbitrary ``performance.now()`` origin and a small drift) answer the server's pings (five
at 100 ms on connecting, then about one a second), each answer feeding the phone's
:class:`party.clock.ClockSync`. Then buzzer races: two to five phones press at real times
at least ``--gap`` apart; each press carries the phone's stamp and reaches the server with
that phone's delay. A race is judged by :meth:`ClockSync.press_time` and, for
comparison, by arrival (no correction). No real time passes: the clocks are numbers.

Uneven legs are the one error no round-trip clock sync can see (an offset and a slower
up leg look the same), so the figures are printed for a few settings of it too.

Prints one line per setting: the share of races the earlier real press wins, corrected
and by arrival.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from party.clock import ClockSync

MS = 0.001


@dataclass(frozen=True)
class Network:
    """The spread of phones' networks and clocks a simulation draws from (seconds)."""

    lo: float = 0.020               # a phone's typical one-way delay is drawn in [lo, hi]
    hi: float = 0.200
    uneven: float = 0.010           # each leg's typical delay differs from it by up to this
    jitter: float = 0.020           # every message: ± this, uniformly
    stall_p: float = 0.03           # share of messages held by a Wi-Fi stall (power save
    stall: tuple[float, float] = (0.050, 0.150)     # waits for a beacon, ~100 ms) this long
    drift_ppm: float = 100.0        # a phone's clock runs fast or slow by up to this


@dataclass
class Phone:
    """One phone: its network legs and its clock."""

    up: float                       # typical phone → server delay (s)
    down: float                     # typical server → phone delay (s)
    origin: float                   # the phone's clock (s) at server time 0
    drift: float                    # its clock's rate error (0.0001 = 100 ppm fast)
    net: Network
    rng: random.Random
    clock: ClockSync = field(default_factory=ClockSync)

    @classmethod
    def draw(cls, net: Network, rng: random.Random, make_clock: Callable[[], ClockSync] = ClockSync) -> Phone:
        typical = rng.uniform(net.lo, net.hi)
        up = max(MS, typical + rng.uniform(-net.uneven, net.uneven))
        down = max(MS, typical + rng.uniform(-net.uneven, net.uneven))
        return cls(up, down, rng.uniform(-1e5, 1e5), rng.uniform(-1, 1) * net.drift_ppm * 1e-6,
                   net, random.Random(rng.random()), make_clock())

    def now_ms(self, t: float) -> float:
        """The phone's ``performance.now()`` at server time ``t``."""
        return (self.origin + t * (1 + self.drift)) * 1000.0

    def leg(self, typical: float) -> float:
        """One message's delay on a leg."""
        d = typical + self.rng.uniform(-self.net.jitter, self.net.jitter)
        if self.rng.random() < self.net.stall_p:
            d += self.rng.uniform(*self.net.stall)
        return max(0.5 * MS, d)

    def pings(self, start: float, end: float) -> list[tuple[float, float, float]]:
        """The (sent, phone clock, received) of every ping answered between ``start`` and
        ``end``, in the order they come back: five 100 ms apart, then one about a second."""
        sends, t = [], start
        for _ in range(5):
            sends.append(t)
            t += 0.1
        while t < end:
            sends.append(t)
            t += self.rng.uniform(0.9, 1.1)
        out = []
        for s in sends:
            there = s + self.leg(self.down)
            out.append((s, self.now_ms(there), there + self.leg(self.up)))
        return sorted(out, key=lambda x: x[2])

    def press(self, t: float) -> tuple[float, float]:
        """A press at real time ``t``: (its stamp on the phone's clock, its arrival)."""
        return self.now_ms(t), t + self.leg(self.up)


@dataclass
class Figures:
    races: int = 0
    corrected: int = 0              # the earlier real press judged first by ClockSync
    by_arrival: int = 0             # … by arrival alone
    worst_error: float = 0.0        # the largest |judged − real| press time (s)

    def rate(self) -> float:
        return self.corrected / self.races if self.races else 0.0

    def arrival_rate(self) -> float:
        return self.by_arrival / self.races if self.races else 0.0


def simulate(races: int, seed: int, net: Network | None = None, gap: float = 0.030,
             max_gap: float = 0.150, phones: tuple[int, int] = (2, 5), per_session: int = 20,
             make_clock: Callable[[], ClockSync] = ClockSync) -> Figures:
    """``races`` buzzer races, ``per_session`` of them among the same phones (a fresh set
    of 2–6 phones each session, connected at time 0); in each race ``phones`` (a range)
    of them press in a random order, each press ``gap``–``max_gap`` after the previous."""
    net = net or Network()
    rng = random.Random(seed)
    figs = Figures()
    while figs.races < races:
        crowd = [Phone.draw(net, rng, make_clock) for _ in range(rng.randint(phones[0], phones[1] + 1))]
        t = rng.uniform(1.0, 5.0)
        times = []
        for _ in range(per_session):
            times.append(t)
            t += rng.uniform(1.0, 6.0)
        pending = [p.pings(0.0, t + 1.0) for p in crowd]
        fed = [0] * len(crowd)
        for t0 in times:
            if figs.races >= races:
                break
            who = rng.sample(range(len(crowd)), rng.randint(phones[0], min(phones[1], len(crowd))))
            real, judged, arrived = {}, {}, {}
            at = t0
            for i in who:
                stamp, arrival = crowd[i].press(at)
                while fed[i] < len(pending[i]) and pending[i][fed[i]][2] <= arrival:
                    crowd[i].clock.sample(*pending[i][fed[i]])
                    fed[i] += 1
                real[i], arrived[i] = at, arrival
                judged[i] = crowd[i].clock.press_time(stamp, arrival)
                figs.worst_error = max(figs.worst_error, abs(judged[i] - at))
                at += rng.uniform(gap, max_gap)
            first = min(real, key=real.get)
            figs.races += 1
            figs.corrected += min(judged, key=judged.get) == first
            figs.by_arrival += min(arrived, key=arrived.get) == first
    return figs


SETTINGS = (
    ("Wi-Fi, 20–200 ms", Network()),
    ("Wi-Fi, 20–200 ms, no stalls", Network(stall_p=0.0)),
    ("Wi-Fi, 20–200 ms, jitter ±40 ms", Network(jitter=0.040)),
    ("Wi-Fi, 20–200 ms, 10 % stalls", Network(stall_p=0.10)),
    ("Wi-Fi, 20–200 ms, stalls up to 300 ms", Network(stall=(0.05, 0.3))),
    ("Wi-Fi, 20–200 ms, drift ±1000 ppm", Network(drift_ppm=1000.0)),
    ("Wi-Fi, 20–200 ms, legs uneven ±25 ms", Network(uneven=0.025)),
    ("Wi-Fi, 20–200 ms, legs uneven ±50 ms", Network(uneven=0.050)),
    ("LAN, 2–20 ms", Network(lo=0.002, hi=0.020, uneven=0.002, jitter=0.005)),
)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--races", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gap", type=float, default=30.0, help="least time between two presses (ms)")
    a = ap.parse_args(argv)
    print(f"{a.races} races per line, presses ≥ {a.gap:g} ms apart, 2–5 phones pressing; "
          f"earlier real press wins:")
    for name, net in SETTINGS:
        f = simulate(a.races, a.seed, net, gap=a.gap * MS)
        print(f"  {name:<40} corrected {f.rate():7.2%}   by arrival {f.arrival_rate():7.2%}   "
              f"worst error {f.worst_error / MS:5.0f} ms")
    only = simulate(a.races, a.seed, Network(), gap=a.gap * MS, max_gap=a.gap * MS)
    print(f"  {'Wi-Fi, 20–200 ms, exactly ' + format(a.gap, 'g') + ' ms apart':<40} "
          f"corrected {only.rate():7.2%}   by arrival {only.arrival_rate():7.2%}   "
          f"worst error {only.worst_error / MS:5.0f} ms")


if __name__ == "__main__":
    main()
