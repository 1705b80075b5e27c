"""Event animations (art direction §4.5), all on the table's skippable queue (durations ×
the speed setting, click/Space skips to the end state, reduced motion jumps each motion to
its end under the table's cross-fade).

* Every swap-or-not (the turn's, the Fool's, the Spy's) is the same public motion — both
  cards slide down behind the table's edge and fade, two card shadows cross twice, the
  cards come back — so the frames cannot tell an exchange from a bluff.
* Reveals flip all the claimants' cards up together; the true one lights; the hide flips
  them back down together.
* Coins fly on arcs for every coin movement the log shows (fines to the courthouse, the
  bank paying, steals, the Judge taking the courthouse): at most :data:`MAX_AIR` coins per
  move, staggered; a stack's count changes as each coin leaves and lands. The Witch's
  swap of fortunes moves the two whole stacks past each other.
* An announcement pops up as a speech banner over the seat, counter-claims after it in
  claim order.
* The winner's stack rises under a burst of gold confetti (none under reduced motion).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

import scenes.tables.mascarade.coins as coins
from game.core import Event
from scenes.core.tween import Anim, ease_out_back, ease_out_cubic
from scenes.kit.parts import borrowing

FLIP_S, BEAT_S, READ_S = 0.28, 0.05, 0.8
SWAP_OUT_S, SWAP_SHUFFLE_S, SWAP_BACK_S = 0.2, 0.5, 0.25
SWAP_S = SWAP_OUT_S + SWAP_SHUFFLE_S + SWAP_BACK_S
FINE_S, FINE_GAP_S = 0.35, 0.06          # one coin per liar to the courthouse
PAY_S, PAY_GAP_S = 0.30, 0.05            # the bank pays, a steal, the Judge
ANNOUNCE_S, CLAIM_S, CLAIM_GAP_S = 0.25, 0.15, 0.12
WIN_S, CONFETTI = 1.2, 24
MAX_AIR = 6                               # coins drawn in the air for one move
SWAPS = ("swap", "fool", "spy_swap")


@dataclass
class Flight:
    """One move of coins: ``chunks[i]`` coins leave ``src`` at ``starts[i]`` seconds into
    the group and land on ``dst`` ``dur`` seconds later."""
    src: Any
    dst: Any
    chunks: list[int]
    starts: list[float]
    dur: float
    stack: bool = False                   # a whole stack (the Witch), drawn as one pile


@dataclass
class CoinGroup:
    """Consecutive coin events of one moment, flown together (e.g. the bishop's tax then
    the liars' fines); the model takes them, in order, when the last coin lands."""
    events: list[Event] = field(default_factory=list)
    flights: list[Flight] = field(default_factory=list)
    anim: Anim | None = None
    t: float = 0.0                        # seconds into the group (scaled time)
    started: bool = False
    clinked: int = 0                      # coins whose clink has sounded

    @property
    def length(self) -> float:
        return max((f.starts[-1] + f.dur for f in self.flights), default=0.0)


def _split(amount: int, k: int) -> list[int]:
    """``amount`` coins in ``k`` nearly equal chunks (the first ones larger)."""
    base, extra = divmod(amount, k)
    return [base + (1 if i < extra else 0) for i in range(k)]


@borrowing(table="anim app model",
           geometry="bank_rect coin_at coin_spot court_rect pos_rects")
class MascaradeAnim:
    """Part of the table: ``on_event`` queues one animation per public event; the drawing
    reads ``swap_fx`` (a, b, p), ``flip_fx`` (positions, p, up), ``coins`` (the group in
    flight), ``pops`` (seat → a banner's entrance, 0..1), ``glow`` (positions, 0..1) and
    ``win_fx`` (winners, p)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def reset_fx(self) -> None:
        self.swap_fx: tuple | None = None
        self.flip_fx: tuple | None = None
        self.coins: CoinGroup | None = None     # the group in the air
        self._next: CoinGroup | None = None     # the group still taking events
        self.pops: dict[int, float] = {}
        self.glow: tuple[frozenset, float] | None = None
        self.win_fx: tuple[tuple, float] | None = None

    @property
    def coin_fx(self) -> CoinGroup | None:
        """The coins in the air (the table's old name for them)."""
        return self.coins

    # ------------------------------------------------------------ events → animations
    def on_event(self, event: Event) -> None:
        if event.to is not None:
            return                      # private results are read on the covered prompt
        k, d = event.kind, event.data
        model = self.model
        if k == "coins" and d["amount"]:
            self._fly(event)
            return
        if k == "witch" and d.get("target") is not None:
            self._fly(event)
            return
        self._next = None               # any other event closes the coins' group
        if k in SWAPS:
            a, b = d["a"], d["b"]

            def start(ev=event) -> None:
                model.apply(ev)
                self.app.audio.play("slide")

            def step(p: float, a=a, b=b) -> None:
                self.swap_fx = (a, b, p)

            self.anim.add(Anim(SWAP_S, start, step, lambda: setattr(self, "swap_fx", None), lambda p: p))
        elif k == "setup":          # §2.5: the whole layout is shown to everybody, then hidden
            pos = tuple(range(len(d["layout"])))
            self.anim.add(Anim(FLIP_S, lambda ev=event: model.apply(ev),
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, True)),
                               lambda: setattr(self, "flip_fx", None), lambda p: p))
            self.anim.add(Anim(2.0))
            self.anim.add(Anim(FLIP_S, None,
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, False)),
                               lambda: self._hide_all(), lambda p: p))
        elif k == "reveal":
            pos = tuple(p for p, _ in d["cards"])
            self.anim.add(Anim(FLIP_S, lambda ev=event: self._revealed(ev),
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, True)),
                               lambda: setattr(self, "flip_fx", None), lambda p: p))
            # a beat to read the faces, the true one lighting up (a light, not a motion)
            self.anim.add(Anim(READ_S, None, self._light, None, lambda p: p, motion=False))
        elif k == "hide":
            pos = tuple(d["positions"])
            self.anim.add(Anim(FLIP_S, None,
                               lambda p, pos=pos: setattr(self, "flip_fx", (pos, p, False)),
                               lambda ev=event: self._hidden(ev), lambda p: p))
        elif k == "announce":
            self.anim.add(Anim(ANNOUNCE_S, lambda ev=event: self._said(ev),
                               lambda p, s=event.seat: self.pops.__setitem__(s, p), None, ease_out_back))
        elif k == "claim":
            self.anim.add(Anim(CLAIM_S, lambda ev=event: self._said(ev),
                               lambda p, s=event.seat: self.pops.__setitem__(s, p), None, ease_out_back,
                               overlap=CLAIM_GAP_S))
        elif k == "turn":
            self.anim.add(Anim(BEAT_S, lambda ev=event: self._turned(ev)))
        elif k == "end":
            winners = tuple(d["winners"])
            self.anim.add(Anim(WIN_S, lambda ev=event: self._ended(ev),
                               lambda p, w=winners: setattr(self, "win_fx", (w, p)),
                               lambda: setattr(self, "win_fx", None), lambda p: p))
        else:
            self.anim.add(Anim(BEAT_S, lambda ev=event: model.apply(ev)))

    # ------------------------------------------------------------ coins
    def _fly(self, event: Event) -> None:
        """Add a coin move to the group still being queued (the moment's other coins), or
        start a new group."""
        group = self._next
        if group is None or group.anim is None or group.anim.started:
            group = CoinGroup()
            group.anim = Anim(0.0, lambda g=group: self._launch(g), lambda p, g=group: self._tick(g, p),
                              lambda g=group: self._landed(g), lambda p: p)
            self._next = group
            self.anim.add(group.anim)
        group.events.append(event)

    def _launch(self, group: CoinGroup) -> None:
        """The group starts: its flights are planned from the model as it is now."""
        t = 0.0
        for ev in group.events:
            d = ev.data
            if ev.kind == "witch":          # two whole fortunes pass each other
                a, b = ev.seat, d["target"]
                for src, dst in ((a, b), (b, a)):
                    n = self.model.coins[src]
                    group.flights.append(Flight(src, dst, [n], [t], PAY_S * 1.5, stack=True))
                t += PAY_S * 1.5
                continue
            fine = d["dst"] == "court" and isinstance(d["src"], int)
            dur, gap = (FINE_S, FINE_GAP_S) if fine else (PAY_S, PAY_GAP_S)
            n = min(d["amount"], MAX_AIR)
            starts = [t + i * gap for i in range(n)]
            group.flights.append(Flight(d["src"], d["dst"], _split(d["amount"], n), starts, dur))
            t = starts[-1] + gap
        group.anim.duration = group.length
        group.started = True
        self.coins = group

    def _tick(self, group: CoinGroup, p: float) -> None:
        group.t = p * group.length
        launched = sum(1 for f in group.flights for s in f.starts if s <= group.t)
        while group.clinked < min(launched, MAX_AIR):
            group.clinked += 1
            self.app.audio.play("coin")

    def _landed(self, group: CoinGroup) -> None:
        for ev in group.events:
            self.model.apply(ev)
        if self.coins is group:
            self.coins = None
        if self._next is group:
            self._next = None

    def shown_coins(self, where: Any) -> int:
        """A stack's count as the table shows it: the model's, less the coins already
        flown off it, plus those already landed on it."""
        model = self.model
        if isinstance(where, int):
            n = model.coins[where]
        else:
            n = model.court if where == "court" else model.bank
        group = self.coins
        if group is None:
            return n
        for f in group.flights:
            for chunk, s in zip(f.chunks, f.starts, strict=True):
                if f.src == where and group.t >= s:
                    n -= chunk
                if f.dst == where and group.t >= s + f.dur:
                    n += chunk
        return n

    def in_air(self) -> list[tuple[tuple[float, float], float, int]]:
        """Every coin (or whole stack) in the air now: (centre, spin 0..1, coins)."""
        group = self.coins
        if group is None:
            return []
        out = []
        for f in group.flights:
            for chunk, s in zip(f.chunks, f.starts, strict=True):
                q = (group.t - s) / f.dur if f.dur > 0 else 1.0
                if not 0.0 <= q < 1.0:
                    continue
                e = ease_out_cubic(q) if f.stack else q
                src, dst = self.coin_spot(f.src), self.coin_spot(f.dst)
                lift = self.app.u * (6.0 if f.stack else 4.0)
                out.append((coins.arc_point(src, dst, e, lift), abs(math.cos(math.pi * 2 * q)) if not f.stack else 1.0,
                            chunk if f.stack else 1))
        return out

    # ------------------------------------------------------------ the rest
    def _said(self, ev: Event) -> None:
        self.pops[ev.seat] = 0.0
        self.model.apply(ev)

    def _turned(self, ev: Event) -> None:
        self.pops.clear()
        self.glow = None
        self.model.apply(ev)

    def _revealed(self, ev: Event) -> None:
        """The cards of the claimants turn up; the ones that are the announced character
        (the truth) will light."""
        self.model.apply(ev)
        self.app.audio.play("flip")
        ann = self.model.announced
        if ev.data.get("why") == "claim" and ann is not None:
            self.glow = (frozenset(p for p, c in ev.data["cards"] if c == ann[1]), 0.0)
        else:
            self.glow = None

    def _light(self, p: float) -> None:
        if self.glow is not None:
            self.glow = (self.glow[0], min(1.0, p * 2.5))

    def _hidden(self, ev: Event) -> None:
        self.flip_fx = None
        self.glow = None
        self.model.apply(ev)

    def _hide_all(self) -> None:
        self.flip_fx = None
        self.model.faceup.clear()

    def _ended(self, ev: Event) -> None:
        self.model.apply(ev)

    def confetti(self) -> list[tuple[tuple[float, float], tuple[float, float], float, tuple[int, int, int], int]]:
        """The win's confetti now: (centre, size, angle°, colour, alpha) of each of the 24
        rectangles, from above each winner's plate; none under reduced motion."""
        if self.win_fx is None or self.anim.reduced:
            return []
        winners, p = self.win_fx
        if p >= 1.0:
            return []
        u = self.app.u
        out = []
        golds = ((0xC9, 0xA2, 0x27), (0xE8, 0xC9, 0x5C), (0xF4, 0xEC, 0xD8), (0xB0, 0x86, 0x1A))
        for w in winners:
            rng = random.Random(1000 + w)
            cx, cy = self.coin_at[w]
            t = p * WIN_S                                   # seconds (the burst's own time)
            for i in range(max(1, CONFETTI // max(1, len(winners)))):
                ang = rng.uniform(-math.pi * 0.92, -math.pi * 0.08)
                v = rng.uniform(45, 80) * u                 # px per second, upward
                x = cx + math.cos(ang) * v * t + rng.uniform(-8, 8) * u * t
                y = cy + math.sin(ang) * v * t + 0.5 * 110 * u * t * t
                size = (rng.uniform(0.9, 1.4) * u, rng.uniform(0.45, 0.7) * u)
                out.append(((x, y), size, rng.uniform(0, 360) + 720 * p * rng.choice((-1, 1)),
                            golds[i % len(golds)], round(255 * min(1.0, 3 * (1 - p)))))
        return out

    def stack_lift(self, seat: int) -> float:
        """How far a winner's coin stack stands above its place (it rises and settles)."""
        if self.win_fx is None or seat not in self.win_fx[0]:
            return 0.0
        return math.sin(math.pi * self.win_fx[1]) * 1.2 * self.app.u

    # ------------------------------------------------------------ the swap's motion
    def swap_phase(self) -> tuple[str, float] | None:
        """Which part of the swap runs and its own progress: "out" (the two cards slide
        down and fade), "shuffle" (their shadows cross twice) or "back"."""
        if self.swap_fx is None:
            return None
        t = self.swap_fx[2] * SWAP_S
        if t < SWAP_OUT_S:
            return "out", t / SWAP_OUT_S
        if t < SWAP_OUT_S + SWAP_SHUFFLE_S:
            return "shuffle", (t - SWAP_OUT_S) / SWAP_SHUFFLE_S
        return "back", min(1.0, (t - SWAP_OUT_S - SWAP_SHUFFLE_S) / SWAP_BACK_S)

    def swap_offset(self, pos: int) -> tuple[float, float]:
        """How far a card being swapped-or-not is drawn from its place (same either way)."""
        if self.swap_fx is None or pos not in self.swap_fx[:2]:
            return (0.0, 0.0)
        phase, q = self.swap_phase()
        drop = 3 * self.app.u
        if phase == "out":
            return (0.0, drop * ease_out_cubic(q))
        if phase == "shuffle":
            return (0.0, drop)
        return (0.0, drop * (1 - ease_out_cubic(q)))

    def swap_alpha(self, pos: int) -> float:
        """How opaque a card being swapped-or-not is (it fades out behind the edge)."""
        if self.swap_fx is None or pos not in self.swap_fx[:2]:
            return 1.0
        phase, q = self.swap_phase()
        return {"out": 1 - q, "shuffle": 0.0, "back": q}[phase]

    def swap_shadows(self) -> list[tuple[float, float]]:
        """The two card shadows' centres while they cross (twice) between the two places."""
        if self.swap_fx is None:
            return []
        phase, q = self.swap_phase()
        if phase != "shuffle":
            return []
        a, b = self.swap_fx[:2]
        ra, rb = self.pos_rects[a].center, self.pos_rects[b].center
        s = (1 - math.cos(2 * math.pi * q)) / 2          # there and back: they pass twice
        drop = 3 * self.app.u
        return [(ra[0] + (rb[0] - ra[0]) * s, ra[1] + (rb[1] - ra[1]) * s + drop),
                (rb[0] + (ra[0] - rb[0]) * s, rb[1] + (ra[1] - rb[1]) * s + drop)]
