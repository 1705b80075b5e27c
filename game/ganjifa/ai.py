"""Ganjifa agents. Levels: random, easy, normal, hard.

* **easy** — sensible but loose: wins cheaply when it can, sheds low cards, sometimes slips.
* **normal** — counts cards and tracks voids from the public record (view.history and the
  current trick), leads Dukals at once, cashes masters (safest first), draws trumps with a
  master trump, wins with the cheapest card that does the job (never overtrumping more
  than needed), ducks cheaply when it cannot win, and gives a Dukal its surest losers.
* **hard** — determinised search on the rules engine: samples the two hidden hands
  consistently with the view (hand sizes, inferred voids, every played card out, and how
  seats played last to a trick), then walks those deals toward ones that explain the
  opponents' past decisions as normal-policy plays (:mod:`game.ganjifa.evidence`). Four
  such walks take turns giving the worlds, and each goes on at the next decision from the
  deal it ended on (the cards played since taken out), instead of starting again from a
  random deal: one walk's worlds are a swap apart, so a single fresh walk per decision
  gave worlds that were nearly one deal, far too sure of every card. Each
  world is a :class:`~game.ganjifa.rules.GanjifaState` made from the view and that guess,
  every candidate action is played in it and the hand finished by a rollout (the normal
  policy at every seat, or the engine's random playout), and the normal move is kept
  unless another is significantly better. The budget is work (actions played in rollouts
  and walk steps) with a wall-clock cap as a safety net; the same seed gives the same
  decision when the cap is not reached (``time_budget=None``: no clock at all).

Measured (arena, hard vs two normal, ``time=day``, 300 hands per run, same deals per
seed, no clock): one fresh walk per decision 46.7 % (seed 101) / 44.3 % (seed 2028); one
warm walk 50.0 / 46.3 %; four warm walks 50.0 / 51.0 %; eight warm walks with 3 swaps
between worlds 49.0 / 48.3 %. Tried on the warm walk at seed 101 and not kept:
``keep_first_z`` 0.5 (47.3 %) and 1.5 (46.3 %), 1.5x the work (49.7 %), ``burn_in`` 600
(49.0 %), halving from 8 worlds instead of 2 (43.3 %), telling the rollout's opponents
what a candidate's off-suit follow reveals (49.3 %); 3 swaps between worlds gave 51.0 %
(not tried on the second seed). An exact search of this seat's own last cards in the TRUE
deal (the others by the policy) beat the normal line in 0 of 72 positions with 4 cards
left, 2 of 108 with 6 and 4 of 144 with 8, so the endgame is left to the rollouts.
Kept (four warm walks), with the arena's clock: 49.0 % [45.9, 52.1] over 600 hands at
seed 101 and 49.7 % [46.5, 52.9] over 600 at seed 2028 (decision p50/p95 15/40 and
16/42 ms); against two random seats 72.7 % [65.8, 79.6] over 150 hands (the old
defaults: 72.0 %).

The normal policy and the public inference live in :mod:`game.ganjifa.policy` (on suit
masks), so the same code plays a real view (normal level), the hard level's rollouts (on
masks kept beside the engine's hands) and the replay of opponents' decisions
(:mod:`game.ganjifa.evidence`).
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.ai.base import RandomAgent
from game.ai.search import SAFETY_WALL_S, Budget, constrained_deal, flat_monte_carlo
from game.core import Action, Event
from game.ganjifa.deck import default_deck
from game.ganjifa.evidence import PolicyEvidence
from game.ganjifa.policy import (
    CARD_AT,
    COURTS,
    DUKAL,
    FULL,
    N_SEATS,
    N_SUITS,
    PER,
    PLAY,
    REVEALS,
    STRENGTH,
    behaviour_exclusions,
    card_mask,
    follow_choice,
    give_choice,
    lead_choice,
    legal_masks,
    mask_cards,
    played_cards,
    public_voids,
)
from game.ganjifa.rules import GanjifaState, GanjifaView


# --------------------------------------------------------------------------- agents
class EasyAgent:
    """Sensible but loose: wins a trick cheaply when it can, otherwise sheds low cards."""

    level = "easy"
    think_delay = 0.5

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.deck = default_deck()

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: GanjifaView, legal: list[Action]) -> Action:
        d = self.deck
        if view.phase == "give":
            return min(legal, key=lambda a: (d.strength[a[1]] + (12 if a[1] // 12 == view.trump else 0),
                                             self.rng.random()))
        dukals = [a for a in legal if a[0] == "dukal"]
        if dukals and self.rng.random() < 0.8:
            return max(dukals, key=lambda a: len(a[1]))
        plays = [a for a in legal if a[0] == "play"]
        if view.phase == "lead":
            return max(plays, key=lambda a: (d.strength[a[1]], self.rng.random()))
        led = view.trick[0][1] // d.per_suit

        def power(c: int) -> tuple[int, int]:
            s = c // d.per_suit
            return (2 if s == view.trump else 1 if s == led else 0, d.strength[c])

        best = max(power(c) for _, c in view.trick)
        winners = [a for a in plays if power(a[1]) > best]
        if winners and self.rng.random() < 0.85:
            return min(winners, key=lambda a: power(a[1]))
        return min(plays, key=lambda a: (power(a[1]), self.rng.random()))


class _Known:
    """What one seat knows, on masks: its hand, the cards still in play, public voids."""

    __slots__ = ("seat", "hand", "rem", "voids", "trump", "strict")

    def __init__(self, view: GanjifaView) -> None:
        assert view.seat is not None and view.hand is not None
        self.seat = view.seat
        self.hand = card_mask(view.hand)
        gone = card_mask(played_cards(view))
        self.rem = [FULL & ~g for g in gone]
        self.voids = public_voids(view)
        self.trump = view.trump
        self.strict = view.void_rule == "strict"


def _to_action(kind: str, s: int, bits: int) -> Action:
    cards = mask_cards(s, bits)
    if kind == DUKAL:
        return (DUKAL, tuple(sorted(cards)))
    return (kind, cards[0])


def normal_action(view: GanjifaView, legal: list[Action], known: _Known | None = None) -> Action:
    """The normal policy on a real view, always one of ``legal``."""
    if len(legal) == 1:
        return legal[0]
    k = known or _Known(view)
    if view.phase == "give":
        s, b = give_choice(k.hand, k.rem, k.trump)
        act: Action = ("give", CARD_AT[s][b])
    elif view.phase == "lead":
        act = _to_action(*lead_choice(k.hand, k.rem, k.voids, k.seat, k.trump))
    else:
        masks = [0] * N_SUITS
        for _, c in legal:
            masks[c // PER] |= 1 << STRENGTH[c]
        pairs = [(s, m) for s, m in enumerate(masks) if m]
        trick = [(seat, c // PER, STRENGTH[c]) for seat, c in view.trick]
        s, b = follow_choice(k.hand, k.rem, k.voids, k.seat, k.trump, trick, pairs)
        act = (PLAY, CARD_AT[s][b])
    if act in legal:
        return act
    return legal[0]     # defensive: the policy only picks from the legal masks


class NormalAgent:
    """Card-counting heuristic player (see the module docstring)."""

    level = "normal"
    think_delay = 0.5

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: GanjifaView, legal: list[Action]) -> Action:
        return normal_action(view, legal)


def candidate_actions(view: GanjifaView, legal: list[Action], known: _Known) -> list[Action]:
    """Legal actions up to equivalence: two cards of one suit with no card between them
    that is still held by someone else or lies on the table play the same, so only the
    lowest is kept (unless the suit could still make a Dukal); only the longest Dukal of a
    suit is kept."""
    out: list[Action] = []
    longest: dict[int, Action] = {}
    by_suit: dict[int, list[int]] = {}
    for a in legal:
        if a[0] == DUKAL:
            s = a[1][0] // PER
            if s not in longest or len(a[1]) > len(longest[s][1]):
                longest[s] = a
        else:
            by_suit.setdefault(a[1] // PER, []).append(a[1])
    kind = "give" if view.phase == "give" else PLAY
    table = card_mask(c for _, c in view.trick)
    for s, cards in by_suit.items():
        h = known.hand[s]
        if h & COURTS == COURTS:
            out += [(kind, c) for c in cards]
            continue
        others = (known.rem[s] & ~h) | table[s]
        prev = -1
        for c in sorted(cards, key=lambda c: STRENGTH[c]):
            k = STRENGTH[c]
            if prev < 0 or others >> (prev + 1) & ((1 << (k - prev - 1)) - 1):
                out.append((kind, c))
            prev = k
    return out + list(longest.values())


def policy_rollout(st: GanjifaState, voids: list[int]) -> int:
    """Play ``st`` to the end with the normal policy at every seat; the actions played.

    The engine plays every move (``advance``) and judges tricks, Dukals and the end; the
    policy reads suit masks kept beside the engine's hands (its hand, the cards still in
    any hand, the public ``voids``, grown as follows reveal more), as the normal level
    reads them from its view. So against normal opponents a rollout in a well-guessed
    world plays as they would."""
    trump, strict = st.trump, st._strict
    hands = [card_mask(h) for h in st.hands]
    rem = [a | b | c for a, b, c in zip(*hands, strict=True)]
    voids = voids[:]
    reveals = REVEALS[strict][trump]
    plays, advance, apply = st._plays, st.advance, st.apply
    trick = [(p, c // PER, STRENGTH[c]) for p, c in st.trick]     # (seat, suit, strength)
    steps = 0
    while True:
        phase = st.phase
        seat = st.turn
        hand = hands[seat]
        if phase == "follow":
            led = trick[0][1]
            s, k = follow_choice(hand, rem, voids, seat, trump, trick,
                                 legal_masks(hand, led, trump, strict))
            bits = 1 << k
            advance(seat, plays[CARD_AT[s][k]])
            if s != led:
                voids[seat] |= reveals[led][s]
            if len(trick) == 2:
                trick = []
            else:
                trick.append((seat, s, k))
        elif phase == "lead":
            kind, s, bits = lead_choice(hand, rem, voids, seat, trump)
            if kind == DUKAL:
                apply(seat, (DUKAL, tuple(sorted(mask_cards(s, bits)))))
            else:
                k = bits.bit_length() - 1
                advance(seat, plays[CARD_AT[s][k]])
                trick = [(seat, s, k)]
        elif phase == "give":
            s, k = give_choice(hand, rem, trump)
            bits = 1 << k
            apply(seat, ("give", CARD_AT[s][k]))
        else:
            return steps
        hand[s] &= ~bits
        rem[s] &= ~bits
        steps += 1


class HardAgent:
    """Determinised flat Monte Carlo on the rules engine (see the module docstring).

    Each sampled world is a :class:`GanjifaState` made from the view and one guess of the
    two hidden hands (:meth:`GanjifaState.from_view`); every candidate is played in it and
    the hand finished by ``rollout``: ``"policy"`` (every seat by the normal policy,
    :func:`policy_rollout`) or ``"random"`` (the engine's :meth:`GanjifaState.playout`).
    A candidate scores ``utility`` for this seat: ``"margin"`` (its cards minus the best
    opponent's), ``"score"`` (its cards), ``"win"`` (1 for a win, shared or not) or
    ``"blend"`` (the win plus ``margin_weight`` times the margin: the arena counts wins,
    and the margin breaks the ties between candidates that win, or lose, alike).

    The budget is work: ``work`` units (an action played in a rollout; an evidence-walk
    step counts as many as the decisions it replays), at most ``iterations`` worlds;
    ``time_budget`` seconds is a safety net (None: no clock, so the same seed gives the
    same decision). A deal sampled again reuses its rollouts' scores. The normal move is
    the first candidate; ``halving`` keeps the better half of the candidates after 2, 4,
    8… worlds (at least that many), and the normal move is only overruled when the best
    beats it by ``keep_first_z`` standard errors (paired, same worlds). ``infer_play``
    also deals the hidden cards consistently with :func:`behaviour_exclusions`;
    ``infer_policy`` then walks each deal (``burn_in`` swaps at most before its first
    world, ``walk_steps`` between its worlds) toward deals that explain the opponents'
    decisions (:class:`_EvidenceWalk`). ``chains`` walks take turns giving the worlds, so
    that one decision's worlds are not all a swap or two from one another; with ``warm``
    each walk starts from where it ended at this seat's previous decision of the hand
    (:meth:`_warm_deal`), so it goes on mixing from decision to decision instead of
    starting again from a random deal. (So a Hard agent keeps that much from one decision
    to the next: the same seed and the same sequence of views give the same decisions.)
    """

    level = "hard"
    think_delay = 0.3

    def __init__(self, seat: int, seed: int = 0, time_budget: float | None = SAFETY_WALL_S,
                 iterations: int = 400, work: int | None = 12_000, rollout: str = "policy",
                 utility: str = "blend", tie_margin: float = 0.0,
                 prune_z: float | None = None, keep_first_z: float | None = 1.0,
                 halving: int | None = 3, infer_play: bool = True,
                 infer_policy: bool = True, burn_in: int = 200,
                 burn_in_share: float = 0.35, walk_steps: int = 1,
                 margin_weight: float = 0.02, warm: bool = True,
                 chains: int = 4) -> None:
        if rollout not in ("policy", "random") or utility not in ("margin", "score", "win",
                                                                  "blend"):
            raise ValueError(f"unknown rollout {rollout!r} or utility {utility!r}")
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.iterations = iterations
        self.work = work
        self.rollout = rollout
        self.utility = utility
        self.tie_margin = tie_margin
        self.prune_z = prune_z
        self.keep_first_z = keep_first_z
        self.halving = halving
        self.infer_play = infer_play
        self.infer_policy = infer_policy
        self.burn_in = burn_in
        self.burn_in_share = burn_in_share
        self.walk_steps = walk_steps
        self.margin_weight = margin_weight
        self.warm = warm
        self.chains = chains
        # Each evidence walk's last deal (see _warm_deal): chain -> (trump, tricks and
        # Dukals done, unseen cards, deal).
        self._chains: dict[int, tuple] = {}
        self.last_stats: Any = None

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: GanjifaView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        budget = Budget(self.time_budget, self.iterations, work=self.work)
        known = _Known(view)
        favourite = normal_action(view, legal, known)
        cands = candidate_actions(view, legal, known)
        if favourite in cands:
            cands.remove(favourite)
        cands.insert(0, favourite)
        if len(cands) == 1:
            return favourite
        sample = self._sampler(view, known, budget)
        me = self.seat
        voids = known.voids
        random_rollout = self.rollout == "random"
        utility = self.utility
        weight = self.margin_weight

        # Policy rollouts are deterministic, and the evidence walk often offers the same
        # deal again: its values are looked up, not played again (nor charged).
        seen: dict[tuple, float] = {}
        other = (me + 1) % N_SEATS

        def value(scores: Any) -> float:
            mine = scores[me]
            best = max(scores[(me + 1) % N_SEATS], scores[(me + 2) % N_SEATS])
            if utility == "margin":
                return mine - best
            if utility == "score":
                return mine
            win = 1.0 if mine >= best else 0.0
            if utility == "blend":
                return win + weight * (mine - best)
            return win

        def evaluate(world: GanjifaState, action: Action, rng: random.Random) -> float:
            key = None if random_rollout else (tuple(world.hands[other]), action)
            hit = seen.get(key) if key is not None else None
            if hit is not None:
                return hit
            st = world.fork()
            st.advance(me, action)
            if random_rollout:
                budget.charge(1 + st.playout(rng))
            else:
                budget.charge(1 + policy_rollout(st, voids))
            v = value(st.result().scores)
            if key is not None:
                seen[key] = v
            return v

        best, self.last_stats = flat_monte_carlo(cands, sample, evaluate, self.rng, budget,
                                                 self.tie_margin, self.prune_z,
                                                 keep_first_z=self.keep_first_z,
                                                 halving=self.halving)
        return best

    def _sampler(self, view: GanjifaView, known: _Known, budget: Budget | None = None) -> Any:
        """A function rng -> GanjifaState dealing the unseen cards to the other seats."""
        me = self.seat
        others = [s for s in range(N_SEATS) if s != me]
        unseen = [CARD_AT[s][k] for s in range(N_SUITS) for k in range(PER)
                  if (known.rem[s] & ~known.hand[s]) >> k & 1]
        caps = [view.hand_sizes[s] for s in others]
        voids = known.voids
        mine = list(view.hand or ())
        excl = behaviour_exclusions(view) if self.infer_play else None
        soft = [excl is not None]

        def allowed(i: int, c: int) -> bool:        # the rules' voids: certain
            return not voids[others[i]] >> (c // PER) & 1

        def likely(i: int, c: int) -> bool:         # ... and how the seat played: likely
            seat = others[i]
            return (not voids[seat] >> (c // PER) & 1
                    and not excl[seat][c // PER] >> STRENGTH[c] & 1)

        def deal(rng: random.Random) -> list[list[int]]:
            dealt = None
            if soft[0]:
                dealt = constrained_deal(unseen, caps, likely, rng, tries=5)
                soft[0] = dealt is not None     # unsatisfiable: rule voids only from now
            if dealt is None:
                dealt = constrained_deal(unseen, caps, allowed, rng)
            if dealt is None:       # inconsistent inference (should not happen): ignore voids
                pool = unseen[:]
                rng.shuffle(pool)
                dealt = [pool[:caps[0]], pool[caps[0]:]]
            return dealt

        def world(dealt: list[list[int]]) -> GanjifaState:
            hands: list[list[int]] = [[] for _ in range(N_SEATS)]
            hands[me] = mine
            for i, s in enumerate(others):
                hands[s] = dealt[i]
            return GanjifaState.from_view(view, hands)

        evidence = PolicyEvidence(view) if self.infer_policy else None
        if evidence is None or not evidence.records or not all(caps):
            return lambda rng: world(deal(rng))
        walks = [_EvidenceWalk(evidence, others, voids) for _ in range(max(1, self.chains))]
        turn = [0]
        burn_until = (None if budget is None or budget.seconds is None
                      else budget.started + self.burn_in_share * budget.seconds)

        # A walk step replays every record, about as much work as a rollout of that many
        # actions: the steps are charged to the budget, the burn-in kept to its share.
        cost = len(evidence.records)
        burn_in = self.burn_in
        if budget is not None and budget.work is not None:
            burn_in = min(burn_in, int(self.burn_in_share * budget.work / cost))

        unseen_set = frozenset(unseen)

        def sample(rng: random.Random) -> GanjifaState:
            i = turn[0] % len(walks)       # the chains take turns
            turn[0] += 1
            walk = walks[i]
            steps = walk.steps
            if walk.cards is None:
                start = self._warm_deal(view, i, unseen_set, caps, allowed, rng) \
                    if self.warm else None
                walk.start(start or deal(rng))
                walk.run(rng, burn_in, until=burn_until, stop_at_zero=True)
            moved = walk.moves
            walk.run(rng, self.walk_steps)
            for _ in range(3):      # a refused swap repeats the last world: try again
                if walk.moves != moved:
                    break
                walk.run(rng, 1)
            if budget is not None:
                budget.charge((walk.steps - steps) * cost)
            if self.warm:
                self._chains[i] = (view.trump, len(view.history), unseen_set, walk.cards)
            return world(walk.cards)

        return sample

    def _warm_deal(self, view: GanjifaView, i: int, unseen: frozenset, caps: list[int],
                   allowed: Any, rng: random.Random) -> list[list[int]] | None:
        """The last decision's walk deal carried on to this one (a warm start: it
        explained the decisions seen then), or None. The cards played since leave it;
        a card now known to lie outside a seat (a void shown since) goes to the other
        seat, and cards move at random from the fuller hand to the other until both hold
        their count. None when this is another hand (a card has come back: a new deal, an
        undo) or the repair is impossible."""
        chain = self._chains.get(i)
        if (chain is None or chain[0] != view.trump or chain[1] > len(view.history)
                or not unseen <= chain[2]):
            return None
        hands = [[c for c in h if c in unseen] for h in chain[3]]
        if sum(map(len, hands)) != len(unseen):
            return None
        for h in (0, 1):           # h: the hidden hand (not the chain i)
            stray = [c for c in hands[h] if not allowed(h, c)]
            if stray:
                if not all(allowed(1 - h, c) for c in stray):
                    return None
                hands[h] = [c for c in hands[h] if allowed(h, c)]
                hands[1 - h] += stray
        for h in (0, 1):
            while len(hands[h]) > caps[h]:
                movable = [j for j, c in enumerate(hands[h]) if allowed(1 - h, c)]
                if not movable:
                    return None
                hands[1 - h].append(hands[h].pop(movable[rng.randrange(len(movable))]))
        return hands


class _EvidenceWalk:
    """A random walk over deals of the unseen cards to the two other seats that never
    moves to a deal explaining fewer of their past decisions (see
    :mod:`game.ganjifa.evidence`): each step swaps one card between the two hands (within
    the rules' voids) and keeps the swap if the mismatch count does not grow. Once at
    zero it wanders among the deals that explain everything, which it then samples
    about evenly (the swap proposal is symmetric)."""

    def __init__(self, evidence: PolicyEvidence, others: list[int], voids: list[int]) -> None:
        self.evidence = evidence
        self.others = others
        self.voids = voids
        self.cards: list[list[int]] | None = None
        self.masks: list[Any] = [None] * N_SEATS
        self.bad = 0
        self.steps = self.moves = 0

    def start(self, dealt: list[list[int]]) -> None:
        self.cards = [list(dealt[0]), list(dealt[1])]
        for i, seat in enumerate(self.others):
            self.masks[seat] = card_mask(self.cards[i])
        self.bad = self.evidence.mismatches(self.masks)

    def run(self, rng: random.Random, steps: int, until: float | None = None,
            stop_at_zero: bool = False) -> None:
        assert self.cards is not None
        a, b = self.cards
        va, vb = (self.voids[s] for s in self.others)
        ma, mb = (self.masks[s] for s in self.others)
        mismatches = self.evidence.mismatches
        for _ in range(steps):
            if stop_at_zero and self.bad == 0:
                return
            if until is not None and time.perf_counter() >= until:
                return
            i, j = rng.randrange(len(a)), rng.randrange(len(b))
            x, y = a[i], b[j]
            sx, sy = x // PER, y // PER
            self.steps += 1
            if vb >> sx & 1 or va >> sy & 1:
                continue                        # a void forbids this swap
            bx, by = 1 << STRENGTH[x], 1 << STRENGTH[y]
            ma[sx] ^= bx
            mb[sx] ^= bx
            mb[sy] ^= by
            ma[sy] ^= by
            bad = mismatches(self.masks, self.bad + 1)
            if bad <= self.bad:
                a[i], b[j] = y, x
                self.bad = bad
                self.moves += 1
            else:
                ma[sx] ^= bx
                mb[sx] ^= bx
                mb[sy] ^= by
                ma[sy] ^= by


AGENTS = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def make_agent(level: str, seat: int, seed: int = 0, **settings: Any) -> Any:
    """The agent for ``level``; ``settings`` go to its constructor (e.g. ``time_budget=None``
    and ``iterations`` for hard)."""
    try:
        cls = AGENTS[level]
    except KeyError:
        raise ValueError(f"unknown Ganjifa AI level {level!r}") from None
    return cls(seat, seed, **settings)
