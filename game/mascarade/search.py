"""Hard's search for Mascarade: determinised flat Monte Carlo on the real engine.

The searching seat never reads the true state. Its belief tracker
(:class:`~game.mascarade.belief.WorldSet`, fed only its own observations) holds weighted
worlds ``(perm, know)``: the card at every position, the middle included, and what each
position's owner believes it holds. A world drawn by weight becomes a real
:class:`~game.mascarade.rules.MascaradeState` (:class:`Determiniser`: the public fields
of the seat's view, the seat's own secrets, the world's cards); every candidate action
is then played in that same world, followed by a short playout of :class:`FastPolicy`
seats (a cheap model of the Normal agent that acts on the world's ``know``, never on the
cards it cannot have seen) and, past the horizon, a value from the coins.

The work is counted in worlds (``game.ai.search.Budget``), with a wall-clock cap only as
a safety net; every world's playouts draw from that world's own seed (common random
numbers: candidates are compared on the same deals *and* the same later moves).
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence

from game.ai.search import Budget, SearchStats, flat_monte_carlo
from game.core import Action
from game.mascarade.rules import (
    BISHOP,
    CHEAT,
    CLAIM,
    FOOL,
    INQUISITOR,
    JUDGE,
    KING,
    PEASANT,
    QUEEN,
    SPY,
    THIEF,
    TURN,
    WIDOW,
    WITCH,
    MascaradeState,
    MascaradeView,
)

WIN = 20.0          # a one-move win, in the coin units of :func:`gain`
FINE = 1.0
EVAL_SLOPE = 0.45   # the horizon value: my share of exp(slope * coins) over the seats


def gain(c: int, seat: int, st: MascaradeState) -> float:
    """Coins ``seat`` gains from ``c``'s power in ``st`` (WIN for a win) — the state twin
    of :func:`game.mascarade.ai.gain`, on the search's hot path."""
    coins = st.coins
    me = coins[seat]
    n = st.n_seats
    if c == CHEAT:
        return WIN if me >= 10 else -0.2
    if c == KING:
        g = 3.0
    elif c == QUEEN:
        g = 2.0
    elif c == JUDGE:
        g = float(st.court)
    elif c == WIDOW:
        g = float(10 - me) if st.options["widow_mode"] == "exact10" else max(0.0, 10.0 - me)
    elif c == FOOL:
        g = 1.2
    elif c == PEASANT:
        g = 1.0
    elif c == BISHOP:
        top = max(coins[t] for t in range(n) if t != seat)
        g = min(2, top) * 1.5
    elif c == THIEF:
        g = min(1, coins[(seat + 1) % n]) + min(1, coins[(seat - 1) % n]) + 0.5
    elif c == WITCH:
        top = max(coins[t] for t in range(n) if t != seat)
        return WIN if top >= 13 else max(0.0, top - me)
    elif c == INQUISITOR:
        g = 2.0
    elif c == SPY:
        return 0.3
    else:
        g = 0.0
    return WIN if me + g >= 13 else g


class Determiniser:
    """Real states from one seat's view and a sampled world.

    Built from the seat's first view: a template state of the same seat count, options and
    layout. :meth:`state` copies it and sets what changes during a game from the view
    (coins, courthouse, turn, phase, the claim ask so far, cards face up, the seat's own
    secrets) and the cards from the world. ``revealed`` is the seat's own record of who was
    revealed when (from the reveal events it saw), which decides forced swaps (§4.4).
    Supports the turn and the claim ask (the decisions Hard searches)."""

    def __init__(self, v: MascaradeView) -> None:
        opts = dict(v.options)
        st = MascaradeState(v.n_seats, seed=0, options=opts)
        st.initial = tuple(v.initial)
        st.cards = list(v.initial)
        st.charset = tuple(v.charset)
        st.owner, st.hands, st.protected = tuple(v.owner), tuple(v.hands), tuple(v.protected)
        st.middle = tuple(p for p, o in enumerate(v.owner) if o is None)
        st._acts_cache = {}
        st._window_cache = None
        self.template = st
        self.seat = v.seat

    def state(self, v: MascaradeView, cards: Sequence[int],
              revealed: tuple[list[int], list[int]]) -> MascaradeState:
        if v.phase not in (TURN, CLAIM):
            raise ValueError(f"the search plays from a turn or a claim ask, not {v.phase!r}")
        st = self.template.clone()
        n = v.n_seats
        st.cards = list(cards)
        st.coins = list(v.coins)
        st.court = v.courthouse
        st.bank_issued = v.bank_issued
        st.turn = v.turn
        st.turn_no = v.turn_no
        st.phase = v.phase
        st.revealed_at = list(revealed[0])
        st.revealed_pos = list(revealed[1])
        st.faceup = dict(v.faceup)
        st.private = [[] for _ in range(n)]
        st.private[self.seat] = list(v.private)
        st.pending = None
        st._result = None
        st.users, st.fined = [], []
        st.power_applied = False
        st.cheat_winner = None
        if v.phase == CLAIM:
            ann = v.announced
            st.ann = tuple(ann)
            st.claims = list(v.claims)
            st.answered = list(v.answered)
            done = len(v.answered)
            st.to_ask = [(ann[0] + k) % n for k in range(1 + done, n)]
            st.window_id = done + 1
        else:
            st.ann, st.claims, st.answered, st.to_ask = None, [], [], []
        return st


# ---------------------------------------------------------------------------- playouts
class FastPolicy:
    """A cheap model of the Normal agent for playouts, acting on a world's ``know``
    (what each owner believes its card is; -1 unsure), kept up to date move by move.

    Turn: a seat that believes it holds a card worth announcing announces it; unsure, it
    peeks or bluffs the best card nobody is known to hold; otherwise it swaps. Claim ask:
    claim when it believes it holds the card and the power is worth the risk (the
    searching seat also blocks a one-move win). Powers as Normal chooses them."""

    def __init__(self, me: int, bluff: float = 0.05, peek: float = 0.45) -> None:
        self.me = me
        self.bluff = bluff
        self.peek = peek

    def choose(self, st: MascaradeState, seat: int, know: list[int], rng: random.Random) -> Action:
        phase = st.phase
        if phase == TURN:
            return self._turn(st, seat, know, rng)
        if phase == CLAIM:
            return self._claim(st, seat, know)
        return self._power(st, seat, know, rng)

    def _turn(self, st: MascaradeState, seat: int, know: list[int], rng: random.Random) -> Action:
        legal = st.legal_actions(seat)
        if st.forced(seat) or rng.random() < self.bluff:
            return _random_swap(legal, rng) if st.forced(seat) else rng.choice(legal)
        own = _own_pos(st, seat)
        k = know[own]
        if k >= 0:
            g = gain(k, seat, st)
            if g >= 1.0:
                return ("announce", k, own)
            return _random_swap(legal, rng)
        if rng.random() < self.peek:
            return ("peek", own)
        # unsure: bluff the best card nobody is known to believe they hold
        best, best_g = -1, 1.5
        known = set(know)
        for c in st.charset:
            if c in known:
                continue
            g = gain(c, seat, st)
            if g > best_g:
                best, best_g = c, g
        if best >= 0 and rng.random() < 0.5:
            return ("announce", best, own)
        return _random_swap(legal, rng)

    def _claim(self, st: MascaradeState, seat: int, know: list[int]) -> Action:
        ann_seat, c, _ = st.ann
        own = _own_pos(st, seat)
        if seat == self.me and len(st.claims) == 1 and gain(c, ann_seat, st) >= WIN:
            return ("claim", own)                     # the must-block rule
        if know[own] != c or st.coins[seat] <= 0:
            return ("pass",)
        g = max(gain(c, seat, st), 0.0)
        cost = 0.3 + (0.6 if (ann_seat + 1) % st.n_seats == seat else 0.0)
        return ("claim", own) if g > cost else ("pass",)

    def _power(self, st: MascaradeState, seat: int, know: list[int], rng: random.Random) -> Action:
        legal = st.legal_actions(seat)
        kind = st.pending[0]
        coins = st.coins
        if kind in ("bishop", "inquire"):
            top = max(coins[a[1]] for a in legal)
            return rng.choice([a for a in legal if coins[a[1]] == top])
        if kind == "witch":
            targets = [a for a in legal if a[0] == "witch"]
            top = max(coins[a[1]] for a in targets)
            if top <= coins[seat] and ("decline",) in legal:
                return ("decline",)
            return rng.choice([a for a in targets if coins[a[1]] == top])
        if kind == "spy_swap":
            own, p = st.pending[2], st.pending[3]
            return ("spy_swap", 1 if gain(st.cards[p], seat, st) > gain(st.cards[own], seat, st) else 0)
        if kind == "guess":
            own = _own_pos(st, seat)
            if know[own] >= 0:
                return ("guess", know[own], own)
        return rng.choice(legal)


class RandomPolicy(FastPolicy):
    """Uniform over the legal actions (the measured alternative to :class:`FastPolicy`)."""

    def choose(self, st: MascaradeState, seat: int, know: list[int], rng: random.Random) -> Action:
        return rng.choice(st.legal_actions(seat))


def _own_pos(st: MascaradeState, seat: int) -> int:
    for p in st.hands[seat]:
        if not st.protected[p]:
            return p
    return st.hands[seat][0]


def _random_swap(legal: list[Action], rng: random.Random) -> Action:
    while True:
        a = rng.choice(legal)
        if a[0] == "swap":
            return a


def track(st: MascaradeState, seat: int, action: Action, events: list, know: list[int]) -> None:
    """Update ``know`` after ``seat`` played ``action`` (which produced ``events``)."""
    kind = action[0]
    owner = st.owner
    if kind == "swap":
        a, b = action[1], action[2]
        if owner[b] is not None:
            know[b] = -1
        if action[3]:
            know[a] = -1
    elif kind == "peek":
        know[action[1]] = st.cards[action[1]]
    elif kind == "fool":
        know[action[1]] = know[action[2]] = -1
    elif kind == "spy_swap":
        for e in events:
            if e.kind == "spy_bit":
                a, b = e.data["a"], e.data["b"]
                know[a] = st.cards[a]
                if owner[b] is not None:
                    know[b] = -1
    for e in events:
        if e.kind == "reveal":
            for p, c in e.data["cards"]:
                if owner[p] is not None:
                    know[p] = c


def value(st: MascaradeState, me: int) -> float:
    """My share of a finished game, or past the horizon my share of exp(slope × coins)."""
    if st.phase == "over":
        winners = st._result.winners
        return 1.0 / len(winners) if me in winners else 0.0
    ws = [math.exp(EVAL_SLOPE * c) for c in st.coins]
    return ws[me] / sum(ws)


def playout(st: MascaradeState, know: list[int], policy: FastPolicy, rng: random.Random,
            until_turn: int, max_actions: int = 4000) -> float:
    """Play ``st`` on with ``policy`` until turn ``until_turn`` starts or the game ends;
    the searching seat's value."""
    steps = 0
    while st.phase != "over" and (st.turn_no < until_turn or st.phase != TURN) \
            and steps < max_actions:
        seat = st.active_seats()[0]
        a = policy.choose(st, seat, know, rng)
        events = st.apply_trusted(seat, a)
        track(st, seat, a, events, know)
        steps += 1
    return value(st, policy.me)


# ---------------------------------------------------------------------------- search
class WorldSampler:
    """Worlds drawn by weight from a belief tracker's worlds (a snapshot)."""

    def __init__(self, worlds: dict[tuple, float]) -> None:
        self.keys = list(worlds)
        acc, total = [], 0.0
        for w in worlds.values():
            total += w
            acc.append(total)
        self.acc, self.total = acc, total

    def draw(self, rng: random.Random) -> tuple:
        i = bisect.bisect_right(self.acc, rng.random() * self.total)
        return self.keys[min(i, len(self.keys) - 1)]


def search(v: MascaradeView, det: Determiniser, worlds: dict[tuple, float],
           revealed: tuple[list[int], list[int]], candidates: Sequence[Action],
           rng: random.Random, budget: Budget, horizon: int,
           policy: FastPolicy | None = None, keep_first_z: float | None = 1.0,
           ) -> tuple[Action, SearchStats]:
    """Flat Monte Carlo over ``candidates`` (the heuristic favourite first): each sampled
    world plays every candidate, then ``horizon`` more turns of playout."""
    me = v.seat
    policy = policy or FastPolicy(me)
    sampler = WorldSampler(worlds)
    until = v.turn_no + 1 + horizon

    def sample_world(r: random.Random) -> tuple:
        perm, know = sampler.draw(r)
        return det.state(v, perm, revealed), know, r.getrandbits(32)

    def evaluate(world: tuple, action: Action, _r: random.Random) -> float:
        root, know0, seed = world
        st = root.clone()
        know = list(know0)
        events = st.apply_trusted(me, action)
        track(st, me, action, events, know)
        return playout(st, know, policy, random.Random(seed), until)

    return flat_monte_carlo(list(candidates), sample_world, evaluate, rng, budget,
                            keep_first_z=keep_first_z)


def make_budget(worlds: int, seconds: float | None) -> Budget:
    """``worlds`` sampled worlds (the work), ``seconds`` the wall cap (None: none)."""
    return Budget(seconds, worlds, min_iterations=min(2, worlds))

