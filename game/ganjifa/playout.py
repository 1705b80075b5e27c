"""Ganjifa's random-playout loop (the arena's random hands; the hard level's rollouts when
it is set to ``rollout="random"``).

:func:`random_playout` plays a :class:`~game.ganjifa.rules.GanjifaState` to the end, every
seat choosing uniformly among its legal actions, exactly as if each action had gone
through ``legal_actions`` + ``apply`` (the same hands, capture piles, history, trick count,
leader and result), but with the trick loop inlined over the sorted integer hands: a suit
is the slice two bisections find, the card just past a void suit's slice belongs to the
next held suit (rule 14b), the trick's winner is read from a per-led-suit weight table,
and no action tuple, event, view or check is made. A Dukal is only looked for while the
leader still holds the Raja and Mantri of a suit with a run (hands only shrink).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable
from math import floor  # floor(rnd() * k) is int(rnd() * k) (k > 0), and cheaper
from types import ModuleType
from typing import TYPE_CHECKING

from game.core import OVER

if TYPE_CHECKING:
    from game.ganjifa.rules import GanjifaState

Record = list   # of (seat, action), in the order played

_TABLES: dict[tuple[int, int], tuple] = {}


def _tables(st: GanjifaState) -> tuple:
    """Per card (cached per deck and trump): the trick weights of its suit led (rules'
    ``_trick_keys``), where its suit starts and ends; the Raja and Mantri cards of the
    non-trump suits, with their suit."""
    deck = st.deck
    hit = _TABLES.get((id(deck), st.trump))
    if hit is None or hit[0] is not deck:
        per = st._per
        cards = range(deck.size)
        keys = st._keys
        courts = [(s * per + deck.raja_rank, s * per + deck.mantri_rank, s)
                  for s in range(len(deck.suits)) if s != st.trump]
        hit = _TABLES[(id(deck), st.trump)] = (deck, (
            tuple(keys[c // per] for c in cards), tuple(c - c % per for c in cards),
            tuple(c - c % per + per for c in cards),
            frozenset(r for r, _, _ in courts), {r: (m, s) for r, m, s in courts}))
    return hit[1]


def random_playout(st: GanjifaState, rng: random.Random, limit: int,
                   record: Record | None = None) -> int:
    """Play ``st`` on with uniform random choices (``rng``) until the hand is over or
    ``limit`` actions were played; the number of actions played. ``record`` (a list) gets
    every ``(seat, action)`` played, in order."""
    from game.ganjifa import rules

    rnd = rng.random
    steps = 0
    # A trick or Dukal under way, a short limit or an unusual table: action by action.
    while st.phase != OVER and steps < limit and (
            st.phase != rules.LEAD or st.n_seats != 3 or limit - steps < sum(map(len, st.hands))):
        seat = st.turn
        legal = st.legal_actions(seat)
        action = legal[floor(rnd() * len(legal))]
        if record is not None:
            record.append((seat, action))
        st.advance(seat, action)
        steps += 1
    if st.phase == OVER or steps >= limit:
        return steps
    return steps + _fast(st, rnd, record, rules)


def _fast(st: GanjifaState, rnd: Callable[[], float], record: Record | None,
          rules: ModuleType) -> int:
    """From a lead with three equal hands to the end of the hand; the actions played."""
    per = st._per
    hands = st.hands
    lead_keys, suit_lo, suit_hi, rajas, mantri_of = _tables(st)
    t_lo = st.trump * per
    t_hi = t_lo + per
    strict = st._strict
    plays = st._plays
    rec = record.append if record is not None else None
    bl = bisect_left
    nxt = (1, 2, 0)
    if st._pending:
        st._flush()
    log = st._pending.extend    # (leader, card led, 1st follow, 2nd follow, winner)
    # Suits in which each seat may lead a Dukal: those whose Raja and Mantri it holds
    # (a suit leaves for good once it has no Dukal: hands only shrink). The trump Raja is
    # led alone on trick 1.
    chances: list[list[int]] = []
    for h in hands:
        held = rajas.intersection(h)
        if held:
            held = [mantri_of[r] for r in held]
            held = [s for m, s in held if m in h]
        chances.append(held)
    leader = st.leader
    trick_no = st.trick_no
    n = len(hands[leader])      # every hand's size at a lead
    steps = dukals_led = 0
    lead_due = trick_no > 0
    if not lead_due:            # rule 9: the trump Raja, alone
        mine = hands[leader]
        c0 = st._opening_card()
        del mine[bl(mine, c0)]
        if rec:
            rec((leader, plays[c0]))
    while True:
        if lead_due:            # ---- a lead (rule 11)
            if chances[leader]:     # perhaps a Dukal (rules 17-22)
                c0, n, took, dukals = _lead_or_dukals(st, leader, n, chances[leader], rnd, rec,
                                                      rules)
                steps += took
                trick_no += dukals
                dukals_led += dukals
                if c0 < 0:
                    break           # a Dukal took the last cards
                log = st._pending.extend
            else:
                mine = hands[leader]
                i = floor(rnd() * n)
                c0 = mine[i]
                del mine[i]
                if rec:
                    rec((leader, plays[c0]))
        lead_due = True
        # ---- the two follows to c0 (rules 13-14), then the winner (rule 15); the two
        # followers' code is written out twice (this is the hot loop)
        keys = lead_keys[c0]
        lo_c = suit_lo[c0]
        hi_c = suit_hi[c0]
        best = keys[c0]
        win = leader
        o1 = nxt[leader]
        h = hands[o1]
        lo = bl(h, lo_c)
        hi = bl(h, hi_c, lo)
        if hi > lo:                                 # follow suit
            i = lo + floor(rnd() * (hi - lo))
        else:                                       # void
            if lo == n:
                lo = 0                              # wrap to the lowest suit held
            x = h[lo]                               # the next held suit's first card
            hi = bl(h, suit_hi[x], lo)
            tl = bl(h, t_lo)
            t = bl(h, t_hi, tl) - tl
            if t and (tl == lo or strict):          # trumps only
                i = tl + floor(rnd() * t)
            elif t:                                 # a trump or the next held suit
                i = floor(rnd() * (t + hi - lo))
                i = tl + i if i < t else lo + i - t
            else:
                i = lo + floor(rnd() * (hi - lo))
        c1 = h[i]
        del h[i]
        k = keys[c1]
        if k > best:
            best = k
            win = o1
        o2 = nxt[o1]
        h = hands[o2]
        lo = bl(h, lo_c)
        hi = bl(h, hi_c, lo)
        if hi > lo:
            i = lo + floor(rnd() * (hi - lo))
        else:
            if lo == n:
                lo = 0
            x = h[lo]
            hi = bl(h, suit_hi[x], lo)
            tl = bl(h, t_lo)
            t = bl(h, t_hi, tl) - tl
            if t and (tl == lo or strict):
                i = tl + floor(rnd() * t)
            elif t:
                i = floor(rnd() * (t + hi - lo))
                i = tl + i if i < t else lo + i - t
            else:
                i = lo + floor(rnd() * (hi - lo))
        c2 = h[i]
        del h[i]
        if keys[c2] > best:
            win = o2
        if rec:
            rec((o1, plays[c1]))
            rec((o2, plays[c2]))
        log((leader, c0, c1, c2, win))
        trick_no += 1
        leader = win
        n -= 1
        if not n:
            break
    steps += 3 * (trick_no - st.trick_no - dukals_led)
    st.trick = []
    st.trick_no = trick_no
    st.leader = st.turn = leader
    st.phase = rules.LEAD
    st._end_hand()
    st._dukal_cache = [None] * 3
    st._acts_cache = [None] * 3
    return steps


def _lead_or_dukals(st: GanjifaState, leader: int, n: int, chance: list[int],
                    rnd: Callable[[], float], rec: Callable[[tuple], None] | None,
                    rules: ModuleType) -> tuple[int, int, int, int]:
    """A lead by a seat that may hold a Dukal: uniform among its cards and its Dukals
    (rules 17-20). A Dukal is answered at once, each opponent in turn giving up N cards
    one uniform pick at a time from its whole hand (rule 21), and its leader leads again
    (rule 22). Returns the card led (-1: a Dukal took the last cards), the hand size,
    the actions played and the Dukals led."""
    deck = st.deck
    per = st._per
    hands = st.hands
    mine = hands[leader]
    courts, _, runs = rules._suit_cards(deck)
    took = led = 0
    while True:
        dukals: list[tuple[int, ...]] = []
        for s in chance[:]:
            raja, mantri = courts[s][:2]
            i = bisect_left(mine, s * per)
            held = tuple(mine[i:bisect_left(mine, s * per + per, i)])
            found = [d for d in rules._suit_dukals(deck, courts[s], held, runs) if len(d) <= n] \
                if raja in held and mantri in held else None
            if found:
                dukals += found
            else:
                chance.remove(s)            # no Dukal in this suit, now or later
        d = len(dukals)
        i = floor(rnd() * (n + d)) - d
        if i >= 0:
            c0 = mine[i]
            del mine[i]
            if rec:
                rec((leader, st._plays[c0]))
            return c0, n, took, led         # the lead itself counts with its trick
        dukal = sorted(dukals)[i + d]       # in the legal list's order
        if rec:
            rec((leader, ("dukal", dukal)))
        drop = set(dukal)
        mine[:] = [c for c in mine if c not in drop]
        size = len(dukal)
        taken = list(dukal)
        plays = [(leader, c) for c in dukal]
        o = leader
        for _ in range(2):
            o = (o + 1) % 3
            h = hands[o]
            for k in range(n, n - size, -1):
                i = floor(rnd() * k)
                c = h[i]
                del h[i]
                taken.append(c)
                plays.append((o, c))
                if rec:
                    rec((o, st._gives_a[c]))
        if st._pending:
            st._flush()
        st._captured[leader] += taken
        st._history.append(rules._trick("dukal", leader, tuple(plays), leader))
        took += 1 + 2 * size
        led += 1
        n -= size
        if not n:
            return -1, 0, took, led
