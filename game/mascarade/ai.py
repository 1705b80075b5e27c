"""Mascarade agents (§14.2): Random, Easy, Normal, Hard.

Every agent sees only its seat's view and observations (T60): a tracker from
:mod:`game.mascarade.belief` is fed the events of ``observe``; the view adds the public
coins and the phase. Easy and Normal decide by closed-form expected values over the
tracker's beliefs — no rollouts; Hard adds a search. All are deterministic given the
seed (T62: the caps are world counts and sample counts; Hard's wall cap is a safety net
that a working machine never reaches, and ``time_budget=None`` removes it).

* Easy: :class:`~game.mascarade.belief.Marginals` with forgetting, greedy announcing of
  its likeliest card, random swap bits, counter-claims only when ``p > 0.7``.
* Normal: :class:`~game.mascarade.belief.WorldSet` (300 worlds) without soft evidence;
  announce / swap / peek by expected value; counter-claims by EV with the cross-decision.
* Hard: 1500 worlds with soft evidence; every turn option scored over the same 48
  sampled layouts (an announcement with an opponent claim model — who believes they
  hold the card, who holds it unknowingly, how often the table blocks a win — a swap or
  a peek by the card it leaves me and whether I would know it) and the denial swaps
  (taking a card a leader knows is a winner). That ranking is the prior of a search on
  the real engine (:mod:`game.mascarade.search`): worlds drawn from the tracker, the
  best few options played out by Normal-like seats for a round, scored by coins; the
  favourite stays unless the search clearly beats it. Claim answers Hard is unsure of
  are searched the same way; the must-block rules (a Cheat at ≥ 10 and every other
  one-move win) always hold. Its budget is work (worlds), with a wall cap as a safety net.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.ai.search import SAFETY_WALL_S, SearchStats
from game.core import Action, Event
from game.mascarade.belief import Marginals, WorldSet
from game.mascarade.rules import (
    BISHOP,
    CHEAT,
    FOOL,
    INQUISITOR,
    JUDGE,
    KING,
    PEASANT,
    QUEEN,
    SPY,
    THIEF,
    WIDOW,
    WITCH,
    MascaradeView,
)
from game.mascarade.search import Determiniser, FastPolicy, RandomPolicy, make_budget, search

WIN = 20.0          # the value of winning, in coins
FINE = 1.0
NEXT = 0.5          # Hard: a card's worth next turn, against a gain now
UNSURE = 0.3        # … when I would not know which card it is
PEEK_COST = 0.2
CLASS_DEFAULT: Any = object()     # a Hard setting left at its class value


def gain(c: int, seat: int, v: MascaradeView) -> float:
    """Coins ``seat`` would gain from applying character ``c``'s power now (WIN for a
    win), counting coins taken from the richest opponent half again (denial)."""
    coins = v.coins
    me = coins[seat]
    n = v.n_seats
    others = [coins[t] for t in range(n) if t != seat]
    top = max(others) if others else 0
    if c == CHEAT:
        return WIN if me >= 10 else -0.2
    if c == KING:
        g = 3.0
    elif c == QUEEN:
        g = 2.0
    elif c == JUDGE:
        g = float(v.courthouse)
    elif c == WIDOW:
        g = float(10 - me) if v.options.get("widow_mode") == "exact10" else max(0.0, 10.0 - me)
    elif c == FOOL:
        g = 1.2
    elif c == PEASANT:
        g = 1.0
    elif c == BISHOP:
        g = min(2, top) * 1.5
    elif c == THIEF:
        left, right = coins[(seat + 1) % n], coins[(seat - 1) % n]
        g = min(1, left) + (min(1, right) if n > 2 else 1) + 0.5
    elif c == WITCH:
        g = max(0.0, top - me)
    elif c == INQUISITOR:
        g = 2.0
    elif c == SPY:
        g = 0.3
    else:
        g = 0.0
    if me + g >= 13 and c not in (WITCH, SPY, CHEAT):
        return WIN
    if c == WITCH and top >= 13:
        return WIN
    return g


def _entropy(d: dict[int, float]) -> float:
    return -sum(p * math.log(p) for p in d.values() if p > 0)


class RandomAgent:
    """Uniform over the legal actions; reads neither the view nor the events."""

    level = "random"
    blind = True

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat, self.rng = seat, random.Random(seed)

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: Any, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class _Agent:
    level = "base"
    claim_threshold = 0.7
    must_block = False
    bluff_rate = 0.05

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.tracker: Any = self.make_tracker(seed)

    def make_tracker(self, seed: int) -> Any:
        return Marginals(self.seat)

    def observe(self, events: list[Event]) -> None:
        self.tracker.observe(events)

    # -------------------------------------------------------------- helpers
    def my_card(self, v: MascaradeView, pos: int | None = None) -> dict[int, float]:
        return self.tracker.prob_at(v.hands[self.seat][0] if pos is None else pos)

    def card_value(self, v: MascaradeView, d: dict[int, float], seat: int | None = None) -> float:
        seat = self.seat if seat is None else seat
        return sum(p * gain(c, seat, v) for c, p in d.items())

    # -------------------------------------------------------------- decide
    def decide(self, v: MascaradeView, legal: list[Action]) -> Action:
        if v.phase == "claim":
            return self.claim(v, legal)
        if v.phase == "power":
            return self.power(v, legal)
        return self.turn(v, legal)

    def turn(self, v: MascaradeView, legal: list[Action]) -> Action:
        swaps = [a for a in legal if a[0] == "swap"]
        best_swap, swap_value = self.best_swap(v, swaps)
        options: list[tuple[float, Action]] = [(swap_value, best_swap)]
        if not v.forced:
            for a in legal:
                if a[0] == "announce":
                    options.append((self.announce_value(v, a[1], a[2]), a))
                elif a[0] == "peek":
                    d = self.my_card(v, a[1])
                    options.append((0.9 * (1.0 - max(d.values(), default=0.0)) + 0.05, a))
        if self.rng.random() < self.bluff_rate:
            return self.rng.choice(legal)
        options.sort(key=lambda o: o[0], reverse=True)
        return options[0][1]

    def best_swap(self, v: MascaradeView, swaps: list[Action]) -> tuple[Action, float]:
        """The swap (target, bit) with the best expected card for me next turn."""
        best: tuple[float, Action] | None = None
        cache: dict[int, float] = {}
        for a in swaps:
            own, other, bit = a[1], a[2], a[3]
            if own not in cache:
                cache[own] = self.card_value(v, self.tracker.prob_at(own))
            if other not in cache:
                cache[other] = self.card_value(v, self.tracker.prob_at(other))
            value = (cache[other] if bit else cache[own]) - cache[own]
            value += self.swap_bonus(v, own, other, bit) + self.rng.random() * 0.05
            if best is None or value > best[0]:
                best = (value, a)
        assert best is not None
        return best[1], 0.3 * max(best[0], 0.0)

    def swap_bonus(self, v: MascaradeView, own: int, other: int, bit: int) -> float:
        return 0.0

    def claim_probability(self, v: MascaradeView, seat: int, c: int) -> float:
        """The chance ``seat`` counter-claims ``c`` (opponent model)."""
        pos = v.hands[seat]
        knows = max(self.tracker.knows(p, c) for p in pos)
        return min(0.95, 0.85 * knows + 0.05)

    def announce_value(self, v: MascaradeView, c: int, pos: int) -> float:
        p = self.my_card(v, pos).get(c, 0.0)
        g = gain(c, self.seat, v)
        q = 1.0
        for s in range(v.n_seats):
            if s != self.seat:
                q *= 1.0 - self.claim_probability(v, s, c)
        q = 1.0 - q
        if g >= WIN:
            q = max(q, 0.0 if p >= 0.999 else 0.8)      # a visible threat gets blocked
        return (1 - q) * g + q * (p * g - (1 - p) * FINE) - 0.1

    def claim(self, v: MascaradeView, legal: list[Action]) -> Action:
        ann_seat, c, ann_pos = v.announced
        claims = [a for a in legal if a[0] == "claim"]
        best = max(claims, key=lambda a: self.my_card(v, a[1]).get(c, 0.0))
        p = self.my_card(v, best[1]).get(c, 0.0)
        if self.should_claim(v, c, p, ann_seat, ann_pos):
            return best
        return ("pass",)

    def should_claim(self, v: MascaradeView, c: int, p: float, ann: int, ann_pos: int) -> bool:
        return p > self.claim_threshold

    def power(self, v: MascaradeView, legal: list[Action]) -> Action:
        kind = v.pending[0]
        coins = v.coins
        if kind == "bishop":
            return max(legal, key=lambda a: (coins[a[1]], self.rng.random()))
        if kind == "witch":
            best = max((a for a in legal if a[0] == "witch"),
                       key=lambda a: (coins[a[1]], self.rng.random()))   # ties: no seat order
            if coins[best[1]] <= coins[self.seat] and ("decline",) in legal:
                return ("decline",)
            return best
        if kind == "fool":
            return self.rng.choice(legal)
        if kind == "spy_look":
            return max(legal, key=lambda a: (_entropy(self.tracker.prob_at(a[1])), self.rng.random()))
        if kind == "spy_swap":
            look = next(p for p in reversed(v.private) if p[0] == "spy")
            mine, theirs = gain(look[2], self.seat, v), gain(look[4], self.seat, v)
            return ("spy_swap", 1 if theirs > mine else 0)
        if kind == "inquire":
            return max(legal, key=lambda a: (min(coins[a[1]], 4)
                                             * (1.0 - self.self_sure(v, a[1])),
                                             self.rng.random()))
        if kind == "guess":
            return max(legal, key=lambda a: self.my_card(v, a[2]).get(a[1], 0.0))
        return self.rng.choice(legal)

    def self_sure(self, v: MascaradeView, seat: int) -> float:
        return 0.5


class EasyAgent(_Agent):
    level = "easy"

    def turn(self, v: MascaradeView, legal: list[Action]) -> Action:
        if v.forced:
            return self.rng.choice(legal)
        d = self.my_card(v)
        c, p = max(d.items(), key=lambda kv: kv[1])
        if p < 0.4:
            peeks = [a for a in legal if a[0] == "peek"]
            if peeks and self.rng.random() < 0.5:
                return peeks[0]
            return self.rng.choice([a for a in legal if a[0] == "swap"])
        ann = [a for a in legal if a[0] == "announce" and a[1] == c]
        if ann and (gain(c, self.seat, v) > 0 or self.rng.random() < 0.2):
            return ann[0]
        return self.rng.choice([a for a in legal if a[0] == "swap"])


class NormalAgent(_Agent):
    level = "normal"
    claim_threshold = 0.0
    k_max = 300
    soft = False

    def make_tracker(self, seed: int) -> Any:
        return WorldSet(self.seat, k_max=self.k_max, soft=self.soft, seed=seed)

    def should_claim(self, v: MascaradeView, c: int, p: float, ann: int, ann_pos: int) -> bool:
        g = max(gain(c, self.seat, v), 0.0)
        already = any(a == "claim" for _, a in v.answered)
        if v.coins[self.seat] <= FINE and p < 0.999:
            return False
        cost = 0.3 + (0.6 if (ann + 1) % v.n_seats == self.seat else 0.0)
        if already:
            return p * g > (1 - p) * FINE + cost
        return p * g - (1 - p) * FINE - cost > 0

    def self_sure(self, v: MascaradeView, seat: int) -> float:
        pos = v.hands[seat][0]
        return sum(w for (perm, know), w in self.tracker.worlds.items() if know[pos] == perm[pos])


class HardAgent(NormalAgent):
    level = "hard"
    k_max = 1500
    soft = True
    must_block = True
    samples = 48
    bluff_rate = 0.03
    # the search (game.mascarade.search): worlds per decision (the work, fewer above 8
    # seats, where a playout is longer), a wall cap as a safety net only (a busy machine
    # slows Hard down; only a pathological one weakens it), the options searched, the
    # claim answers searched, the playout's length
    search_worlds = 24
    wall_cap: float | None = SAFETY_WALL_S
    rollout = "fast"            # playout seats: "fast" (a Normal-like policy) or "random"
    top_k = 5
    keep_first_z: float | None = 1.0
    claim_lo, claim_hi = 0.03, 0.97
    horizon_turns = 6

    def __init__(self, seat: int, seed: int = 0, time_budget: Any = CLASS_DEFAULT,
                 iterations: int | None = None) -> None:
        """``time_budget``: the search's wall cap in seconds (None: none, so a decision
        depends on the seed alone); ``iterations``: worlds per search (the work)."""
        super().__init__(seat, seed)
        if time_budget is not CLASS_DEFAULT:
            self.wall_cap = time_budget
        if iterations is not None:
            self.search_worlds = iterations
        self.announcements = 0      # announcements by others seen
        self.liar_claims = 0        # counter-claims revealed false (how often the table bluffs)
        self._ann: tuple | None = None
        self.search_rng = random.Random(seed * 7919 + 17)
        self._det: Any = None
        self._turn_no = 1
        self._revealed: dict[int, tuple[int, int]] = {}     # seat -> (turn, position) of its last reveal
        self.last_search: SearchStats | None = None

    def observe(self, events: list[Event]) -> None:
        super().observe(events)
        for e in events:
            if e.kind == "announce":
                self._ann = (e.seat, e.data["character"], e.data["pos"])
                self.announcements += 1
            elif e.kind == "reveal":
                for p, _ in e.data["cards"]:
                    s = self.tracker.owner[p] if p < len(self.tracker.owner) else None
                    if s is not None:
                        self._revealed[s] = (self._turn_no, p)
                if e.data.get("why") == "claim" and self._ann:
                    self.liar_claims += sum(1 for p, c in e.data["cards"]
                                            if p != self._ann[2] and c != self._ann[1])
            elif e.kind == "turn":
                self._turn_no = e.data["turn"]

    def block_rate(self) -> float:
        """How likely the table is to counter-claim a winning announcement without the
        card: learnt from the false counter-claims seen so far (a Beta(1, 3) prior)."""
        return min(0.95, 0.25 + 3.0 * (self.liar_claims + 1) / (self.announcements + 4))

    def should_claim(self, v: MascaradeView, c: int, p: float, ann: int, ann_pos: int) -> bool:
        already = any(a == "claim" for _, a in v.answered)
        if not already and self.one_move_win(v, ann, c):
            p_ann = self.tracker.prob_at(ann_pos).get(c, 0.0)
            if p_ann < 0.999 or p > 0.0:
                return True                              # the must-block rules
        return super().should_claim(v, c, p, ann, ann_pos)

    @staticmethod
    def one_move_win(v: MascaradeView, seat: int, c: int) -> bool:
        """Would ``seat`` win by applying ``c`` now (Cheat at ≥ 10, or reaching 13)?"""
        return gain(c, seat, v) >= WIN

    def announce_value(self, v: MascaradeView, c: int, pos: int) -> float:
        """Over sampled worlds: who counter-claims (they believe they hold ``c``, or
        block a win), and whether I really hold it."""
        g = gain(c, self.seat, v)
        worlds = self.tracker.sample(self.samples)
        if not worlds:
            return super().announce_value(v, c, pos)
        total = 0.0
        block = self.block_rate()
        others = [s for s in range(v.n_seats) if s != self.seat]
        for perm, know in worlds:
            mine = perm[pos] == c
            miss = 1.0
            for s in others:
                hand = v.hands[s]
                if any(know[q] == c for q in hand):
                    miss *= 0.15
                elif any(perm[q] == c for q in hand):
                    miss *= 0.7
                else:
                    miss *= 0.95
            if g >= WIN:
                miss *= 1.0 - block
            contested = 1.0 - miss
            total += (1 - contested) * g + contested * (g if mine else -FINE)
        return total / len(worlds) - 0.1

    def rank_turn(self, v: MascaradeView, legal: list[Action], worlds: list[tuple]
                  ) -> list[tuple[float, float, Action]]:
        """Every turn option scored over the same sampled layouts (perm, know), best first:
        an announcement by its claim model, a swap-or-not and a peek by the card I would
        then hold and whether I would know it (a card I know is worth announcing next
        turn; one I do not, much less), plus the denial bonus. The search's prior."""
        certain: dict[int, int | None] = {}
        future: dict[tuple[int, bool], float] = {}

        def later(c: int, known: bool) -> float:
            key = (c, known)
            if key not in future:
                g = max(gain(c, self.seat, v), 0.0)
                future[key] = NEXT * (g if known else UNSURE * g)
            return future[key]

        scored: list[tuple[float, float, Action]] = []
        for a in legal:
            kind = a[0]
            if kind == "announce":
                if v.forced:
                    continue
                value = self.announce_value(v, a[1], a[2])
            elif kind == "swap":
                own, other, bit = a[1], a[2], a[3]
                if other not in certain:
                    certain[other] = self.tracker._certain(other)
                total = 0.0
                for perm, know in worlds:
                    if bit:
                        total += later(perm[other], certain[other] is not None)
                    else:
                        total += later(perm[own], know[own] == perm[own])
                value = total / len(worlds) + self.swap_bonus(v, own, other, bit)
            elif kind == "peek":
                if v.forced:
                    continue
                pos = a[1]
                value = sum(later(perm[pos], True) for perm, _ in worlds) / len(worlds) - PEEK_COST
            else:
                continue
            scored.append((value, self.rng.random(), a))
        scored.sort(reverse=True)
        return scored

    def turn(self, v: MascaradeView, legal: list[Action]) -> Action:
        """The heuristic ranks the options; a determinised search on the real engine
        (:mod:`game.mascarade.search`) then picks among the best few, keeping the
        heuristic's favourite unless the search clearly beats it."""
        worlds = self.tracker.sample(self.samples)
        if not worlds:
            return super().turn(v, legal)
        ranked = self.rank_turn(v, legal, worlds)
        if not ranked:
            return super().turn(v, legal)
        cands = self.turn_candidates(ranked)
        if len(cands) == 1 or self.search_worlds <= 0:
            return cands[0]
        return self.run_search(v, cands)

    def turn_candidates(self, ranked: list[tuple[float, float, Action]]) -> list[Action]:
        """The favourite first, then the next best, and the best of each kind (announce,
        peek, keep, exchange) so the search sees every sort of move."""
        out: list[Action] = [a for _, _, a in ranked[:self.top_k]]
        seen_kinds: set = set()
        for _, _, a in ranked:
            kind = (a[0], a[3]) if a[0] == "swap" else (a[0],)
            if kind not in seen_kinds:
                seen_kinds.add(kind)
                if a not in out:
                    out.append(a)
        return out

    def claim(self, v: MascaradeView, legal: list[Action]) -> Action:
        """The heuristic's answer (the must-block rules always hold); an answer it is
        unsure of (I may or may not hold the card) is searched."""
        choice = super().claim(v, legal)
        if self.search_worlds <= 0:
            return choice
        ann_seat, c, ann_pos = v.announced
        claims = [a for a in legal if a[0] == "claim"]
        if not claims:
            return choice
        best = max(claims, key=lambda a: self.my_card(v, a[1]).get(c, 0.0))
        p = self.my_card(v, best[1]).get(c, 0.0)
        already = any(a == "claim" for _, a in v.answered)
        if not already and self.one_move_win(v, ann_seat, c):
            return choice                                   # must-block: no search
        if not self.claim_lo < p < self.claim_hi or v.coins[self.seat] <= FINE:
            return choice
        other = ("pass",) if choice != ("pass",) else best
        return self.run_search(v, [choice, other])

    def run_search(self, v: MascaradeView, cands: list[Action]) -> Action:
        if self._det is None:
            self._det = Determiniser(v)
        n = v.n_seats
        at, pos = [-1] * n, [-1] * n
        for s, (t, p) in self._revealed.items():
            at[s], pos[s] = t, p
        budget = make_budget(self.worlds(n), self.wall_cap)
        action, stats = search(v, self._det, self.tracker.worlds, (at, pos), cands,
                               self.search_rng, budget, self.horizon(n),
                               policy=(RandomPolicy if self.rollout == "random" else FastPolicy)(self.seat),
                               keep_first_z=self.keep_first_z)
        self.last_search = stats
        return action

    def worlds(self, n: int) -> int:
        """Worlds per search at ``n`` seats: ``search_worlds`` up to 8 seats, then fewer
        (13 seats: 15 of 24), so a decision costs about the same CPU at any table."""
        return max(1, round(self.search_worlds * min(1.0, 8 / n)))

    def horizon(self, n: int) -> int:
        """Turns played out after my move before the coins are scored: at least a round
        (at 13 seats a shorter one scored clearly worse in pilots)."""
        return max(self.horizon_turns, n)

    def swap_bonus(self, v: MascaradeView, own: int, other: int, bit: int) -> float:
        """Denial: take a card its owner knows is a one-move win."""
        t = v.owner[other]
        if t is None or t == self.seat or not bit:
            return 0.0
        bonus = 0.0
        for c, p in self.tracker.prob_at(other).items():
            if p > 0.3 and gain(c, t, v) >= WIN:
                bonus += 2.0 * p * self.tracker.knows(other, c)
        return bonus


def make_agent(level: str, seat: int, seed: int = 0, **kwargs: Any) -> Any:
    if level == "random":
        return RandomAgent(seat, seed)
    if level == "easy":
        return EasyAgent(seat, seed)
    if level == "normal":
        return NormalAgent(seat, seed)
    if level == "hard":
        return HardAgent(seat, seed, **kwargs)
    raise ValueError(f"unknown Mascarade AI level {level!r}")
