"""Hard's search: determinised worlds of one seat's view, played out on the real engine.

:class:`Worlds` turns a :class:`~game.kowah.rules.KowahView` into full
:class:`~game.kowah.rules.KowahState` positions consistent with everything that seat has
seen: its own hand, the discard pile, exposed pairs, every card publicly taken or drawn
(``known``) stay where they are; the *unseen* cards (the pack minus all of those) are
dealt at random to the opponents' other hand places and to the stock, in a random order.
A declared opponent's locked hand is checki on its exposed pair (rule 8), so its
concealed six cards are dealt as two triples without a third copy of the pair. The true
state is never read.

:func:`search` runs :func:`game.ai.search.flat_monte_carlo` over candidate actions: every
world plays every candidate, then the hand to its end with
:func:`~game.kowah.playout.heuristic_winner` (every seat a cheap rummy policy), the
same rollout seed for every candidate of a world (common random numbers), and scores
1 when the searching seat wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.search import Budget, SearchStats, flat_monte_carlo
from game.core import Action
from game.kowah.deck import Deck
from game.kowah.playout import heuristic_winner
from game.kowah.rules import KowahState, KowahView
from game.shuffle import shuffle

SMART = (True, True, True)


class Worlds:
    """Full positions consistent with ``view`` (the view of the seat about to act)."""

    def __init__(self, view: KowahView, deck: Deck) -> None:
        self.view = view
        self.deck = deck
        me = view.seat
        n = len(view.hand_sizes)
        keys = deck.keys
        self.keys = keys
        unseen = [deck.copies] * deck.kinds
        for c in view.hand or ():
            unseen[c] -= 1
        for c in view.discards:
            unseen[c] -= 1
        if view.held is not None:
            unseen[view.held] -= 1
        self.fixed: list[list[int]] = [[] for _ in range(n)]
        self.slots = [0] * n
        for s in range(n):
            if s == me:
                continue
            fixed = list(view.known[s])
            x = view.declared[s]
            if x is not None:
                fixed += [x, x]
            for c in fixed:
                unseen[c] -= 1
            self.fixed[s] = fixed
            self.slots[s] = view.hand_sizes[s] - len(fixed)
        self.unseen = [max(0, u) for u in unseen]
        self.pool = [c for c in range(deck.kinds) for _ in range(self.unseen[c])]
        # In a real hand the unseen cards fill the hidden places exactly; a position made
        # up with part of the pack (tests) leaves some over, and each world drops others.
        self.need = sum(self.slots) + view.stock_left
        if len(self.pool) < self.need:
            raise NoWorld("fewer unseen cards than hidden places")
        options = {"rediscard_taken_card": view.rediscard_taken_card,
                   "max_turns_without_stock_draw": view.max_turns_without_stock_draw}
        t = KowahState(seed=0, options=options, deck=deck, _deal=False)
        t.discards = list(view.discards)
        t.declared = list(view.declared)
        t.known = [list(k) for k in view.known]
        t.public_draws = list(view.public_draws)
        t.any_declared = view.any_declared
        t.first = view.first
        t.turn = view.turn if view.turn is not None else 0
        t.phase = view.phase
        t.opening = view.opening
        t.turn_no = view.turn_no
        t.drawn = view.drawn
        t.taken = view.taken
        t.held = view.held
        t.last_stock_turn = view.last_stock_turn
        t.no_draw_turns = view.turns_without_stock_draw
        t.total_cards = deck.size
        t.initial_counts = tuple([deck.copies] * deck.kinds)
        self.template = t

    def _declared_hidden(self, s: int, pool: list[int], rng: random.Random) -> list[int] | None:
        """The concealed cards of declared seat ``s``, drawn from ``pool`` (removed from
        it) so that its known cards and these make two triples with no copy of its pair
        card; None when that cannot be done (the caller deals at random)."""
        keys = self.keys
        x = self.view.declared[s]
        known = self.view.known[s]
        need = self.slots[s]
        counts: dict[int, int] = {}
        for c in known:
            counts[keys[c]] = counts.get(keys[c], 0) + 1
        wanted: list[tuple[int, int]] = []       # (key, cards of it still needed)
        triples = 0
        for k, m in counts.items():
            t = -(-m // 3)
            triples += t
            if 3 * t - m:
                wanted.append((k, 3 * t - m))
        if triples > 2:
            return None
        for _ in range(2 - triples):
            by_key: dict[int, int] = {}
            for c in pool:
                if c != x:
                    by_key[keys[c]] = by_key.get(keys[c], 0) + 1
            for k, _m in wanted:
                by_key[k] = by_key.get(k, 0) - 3
            options = [k for k, m in sorted(by_key.items()) if m >= 3]
            if not options:
                return None
            wanted.append((options[int(rng.random() * len(options))], 3))
        out: list[int] = []
        for k, m in wanted:
            cand = [i for i, c in enumerate(pool) if keys[c] == k and c != x]
            if len(cand) < m:
                return None
            picks = rng.sample(cand, m)
            out += [pool[i] for i in picks]
            for i in sorted(picks, reverse=True):
                pool[i] = pool[-1]
                pool.pop()
        return out if len(out) == need else None

    def sample(self, rng: random.Random) -> KowahState:
        """One world: a fresh state, the seat to move as in the view. Raises
        :class:`NoWorld` if declared hands cannot be dealt (never seen in play)."""
        view = self.view
        n = len(self.slots)
        declared = [s for s in range(n) if s != view.seat and view.declared[s] is not None
                    and self.slots[s]]
        for _ in range(30):
            pool = list(self.pool)
            hands: list[list[int]] = [[] for _ in range(n)]
            for s in declared:
                hidden = self._declared_hidden(s, pool, rng)
                if hidden is None:
                    break           # an earlier seat took what this one needs: again
                hands[s] = self.fixed[s] + hidden
            else:
                break
        else:
            raise NoWorld("no deal of the declared hands")
        shuffle(rng, pool)
        del pool[self.need - sum(self.slots[s] for s in declared):]
        pos = 0
        for s in range(n):
            if s == view.seat:
                hands[s] = list(view.hand or ())
            elif not hands[s]:
                k = self.slots[s]
                hands[s] = self.fixed[s] + pool[pos:pos + k]
                pos += k
        st = self.template.fork()
        st.hands = [sorted(h) for h in hands]
        st.stock = pool[pos:]
        st.locked = [tuple(st.hands[s]) if view.declared[s] is not None else None
                     for s in range(n)]
        st._compute_signatures()
        return st


class NoWorld(Exception):
    """The view admits no world this sampler can build."""


def search(view: KowahView, deck: Deck, actions: Sequence[Action], rng: random.Random,
           budget: Budget, keep_first_z: float | None = 1.0,
           prune_z: float | None = 2.5) -> tuple[Action, SearchStats]:
    """The best of ``actions`` (the caller's favourite first) by flat Monte Carlo over
    worlds of ``view``, each candidate played out by :func:`heuristic_winner`."""
    try:
        worlds = Worlds(view, deck)
    except NoWorld:
        return actions[0], SearchStats()
    me = view.seat

    def sample(r: random.Random) -> tuple[KowahState, int]:
        return worlds.sample(r), r.getrandbits(32)

    def evaluate(world: tuple[KowahState, int], action: Action, _r: random.Random) -> float:
        st, seed = world
        st = st.fork()
        st.advance(me, action)
        if st.is_over():
            res = st.result()
            return 1.0 if res is not None and me in res.winners else 0.0
        return 1.0 if heuristic_winner(st, random.Random(seed), SMART) == me else 0.0

    try:
        return flat_monte_carlo(list(actions), sample, evaluate, rng, budget,
                                keep_first_z=keep_first_z, prune_z=prune_z,
                                stop_when_one=prune_z is not None)
    except NoWorld:
        return actions[0], SearchStats()
