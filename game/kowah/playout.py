"""Kowah's fast playout loop: a hand played to its end without actions, events or checks.

:func:`playout` is what :meth:`KowahState.playout` runs (the arena's random-only hands and
search rollouts). It plays exactly the engine's rules (shared/rules/kowah.md, rules 13–26)
on local lists: unsorted hands with their key signatures, a table of checki signatures
instead of the hand test, a claim test only once somebody has declared. At the end (or at
``limit``) it writes the position back into the state, sorted and with every derived field
(signatures, discard lists) rebuilt, and settles the result through the state's own
``_win`` / ``_end_drawn``, so the state is the one the same actions played one by one
through ``apply`` would leave (a test replays recorded playouts to hold it to that).

Choices come from a *policy* per seat (None = uniform over the engine's legal list):
:func:`playout` is the uniform one; :func:`heuristic_playout` gives the free seats a
cheap rummy sense (keep what matches, take a discard that matches, always declare) for
search rollouts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:       # pragma: no cover
    from game.kowah.rules import KowahState

_CHECKI_TABLES: dict[tuple[int, ...], tuple[dict[int, int], tuple[tuple[int, ...], ...]]] = {}


def checki_table(keys: tuple[int, ...]) -> tuple[dict[int, int], tuple[tuple[int, ...], ...]]:
    """``(table, of_key)`` for a deck's keys: ``table`` maps the key signature (one hex
    digit per key: how many cards of it) of every 8-card key multiset that is two triples
    plus a pair key (held 2, 5 or 8 times, the only key not a multiple of three) to that
    key; ``of_key[k]`` lists the identities of key ``k``. A hand with such a signature is
    checki iff it holds exactly two copies of an identity of that key (rule 8)."""
    got = _CHECKI_TABLES.get(keys)
    if got is not None:
        return got
    n_keys = max(keys) + 1
    table: dict[int, int] = {}

    def triples(left: int, start: int, sig: int, avoid: int):
        if left == 0:
            yield sig
            return
        for k in range(start, n_keys):
            if k == avoid:
                continue
            for m in range(3, left + 1, 3):
                yield from triples(left - m, k + 1, sig + m * 16 ** k, avoid)

    for kx in range(n_keys):
        for pair in (2, 5, 8):
            for sig in triples(8 - pair, 0, pair * 16 ** kx, kx):
                table[sig] = kx
    of_key = tuple(tuple(c for c in range(len(keys)) if keys[c] == k) for k in range(n_keys))
    _CHECKI_TABLES[keys] = got = (table, of_key)
    return got


def playout(st: KowahState, rng: random.Random, limit: int,
            record: list | None = None) -> int:
    """Play ``st`` on with every seat choosing uniformly among its legal actions (``rng``);
    stop at the end of the hand or after ``limit`` actions. Returns the actions played;
    ``record`` (if given) gets each action, as the engine's action tuples."""
    return _run(st, rng, limit, record, None)


def heuristic_playout(st: KowahState, rng: random.Random, limit: int,
                      smart: tuple[bool, ...], record: list | None = None) -> int:
    """:func:`playout` where the seats with ``smart[s]`` play a cheap rummy policy: take
    the discard when its key is already held twice or more, discard (at random among the
    worst) a card whose key is held least, prefer not to release a declared seat's wait,
    always declare (the first exposable pair). The others play uniformly."""
    return _run(st, rng, limit, record, smart)


def heuristic_winner(st: KowahState, rng: random.Random, smart: tuple[bool, ...],
                     limit: int = 100_000) -> int:
    """The winner of :func:`heuristic_playout` from ``st`` (-1: a drawn hand), for search
    rollouts: the position is consumed (left undefined) rather than written back."""
    from game.core import OVER
    from game.kowah.rules import TAKE
    steps = 0
    while (st.phase != TAKE or st.opening) and st.phase != OVER and steps < limit:
        steps += _slow_step(st, rng, None, smart)
    if st.phase != OVER:
        steps, end = _heuristic(st, rng, limit, None, steps, smart, lean=True)
        if end is not None:
            return end[0] if end[0] != "drawn" else -1
        while st.phase != OVER and steps < limit:
            steps += _slow_step(st, rng, None, smart)
    res = st.result()
    return res.winners[0] if res is not None and res.winners else -1


def _run(st: KowahState, rng: random.Random, limit: int, record: list | None,
         smart: tuple[bool, ...] | None) -> int:
    from game.core import OVER
    from game.kowah.rules import TAKE
    steps = 0
    # Finish a turn already under way (or the position's odd phase), and the hand's
    # opening turn, the general way: the loops start at a later turn's beginning.
    while (st.phase != TAKE or st.opening) and st.phase != OVER and steps < limit:
        steps += _slow_step(st, rng, record, smart)
    if st.phase == OVER or steps >= limit:
        return steps
    if smart is None:
        steps = _uniform(st, rng, limit, record, steps)
    else:
        steps = _heuristic(st, rng, limit, record, steps, smart)[0]
    while st.phase != OVER and steps < limit:       # the last few actions, one by one
        steps += _slow_step(st, rng, record, smart)
    return steps


def _uniform(st: KowahState, rng: random.Random, limit: int, record: list | None,
             steps: int) -> int:
    """The uniform loop, from the start of a turn after the opening; writes the position
    back. ``got`` is the card this turn took into the hand, ``pile_got`` whether it came
    from the discard pile (else from the stock)."""
    from game.kowah.rules import GUARD_ANOMALY, OPPONENT_DISCARD, OPPONENT_DRAW, SELF_DRAWN
    n = st.n_seats
    nxt = tuple((s + 1) % n for s in range(n))
    pw = st.pow
    table, of_key = checki_table(st.keys)
    checki = table.get
    hands = [list(h) for h in st.hands]
    sigs = list(st.sigs)
    stock = st.stock
    pile = st.discards
    known = st.known
    public_draws = st.public_draws
    waits = [-1 if x is None else x for x in st.declared]
    anyone = st.any_declared
    seat = st.turn
    idle = st.no_draw_turns
    guard = st.guard_limit
    rediscard = st.rediscard
    turn_no = st.turn_no
    rnd = rng.random
    rec = record.append if record is not None else None
    end = None          # (winner, card, method, releaser) or ("drawn", anomaly)
    got = None
    pile_got = False
    stop = limit - 3
    while not anyone and steps <= stop:
        # ---- nobody has declared: every seat is free, no claims, no public draws (the
        # loop below, without what a declaration brings; most random hands never leave it)
        h = hands[seat]
        u = rnd()
        if pile and u < 0.5:
            got = c = pile.pop()
            pile_got = True
            u += u
            known[seat].append(c)
        else:
            if pile:
                u += u - 1.0
            got = c = stock.pop()
            pile_got = False
        h.append(c)
        sig = sigs[seat] + pw[c]
        # uniform over the distinct identities held (and not the card just taken when
        # it may not go back): a random card, kept with probability 1 / its copies
        u *= 9
        i = int(u)
        c = h[i]
        if rediscard or not pile_got:
            if (u - i) * h.count(c) >= 1:
                while True:
                    u = rnd() * 9
                    i = int(u)
                    c = h[i]
                    if (u - i) * h.count(c) < 1:
                        break
        elif c == got or (u - i) * h.count(c) >= 1:
            while True:
                u = rnd() * 9
                i = int(u)
                c = h[i]
                if c != got and (u - i) * h.count(c) < 1:
                    break
        del h[i]
        sigs[seat] = sig = sig - pw[c]
        kn = known[seat]
        if kn and c in kn:
            kn.remove(c)
        pile.append(c)
        steps += 2
        if rec:
            rec(("take",) if pile_got else ("draw",))
            rec(("discard", c))
        if not stock:
            end = ("drawn", None)
            break
        kx = checki(sig)
        if kx is not None:
            pairs = [x for x in of_key[kx] if h.count(x) == 2]
            if pairs:
                i = int(rnd() * (len(pairs) + 1))
                steps += 1
                if i < len(pairs):
                    x = pairs[i]
                    if rec:
                        rec(("declare", x))
                    _declare(st, seat, x, h, kn)
                    waits[seat] = x
                    anyone = True
                elif rec:
                    rec(("pass",))
        if pile_got:
            idle += 1
            if idle >= guard:
                end = ("drawn", GUARD_ANOMALY)
                break
        else:
            idle = 0
        seat = nxt[seat]
        turn_no += 1
    while end is None and steps <= stop:    # (a whole turn fits; the rest the slow way)
        w = waits[seat]
        if w >= 0:                  # ---- a declared seat: draw, then discard that card
            got = c = stock.pop()
            pile_got = False
            public_draws.append((seat, c))
            if rec:
                rec(("draw",))
            if c == w:
                steps += 1
                end = (seat, c, SELF_DRAWN, seat)
                break
            if c in waits:
                o = _claim(waits, seat, c, n)
                if o >= 0:
                    steps += 1
                    end = (o, c, OPPONENT_DRAW, seat)
                    break
            steps += 2
            if rec:
                rec(("discard", c))
            pile.append(c)
            if not stock:           # the last stock card: the hand is drawn (rule 24)
                end = ("drawn", None)
                break
            idle = 0
        else:                       # ---- a free seat: take, discard, maybe declare
            h = hands[seat]
            # One uniform u decides take or draw and, rescaled to [0, 1), makes the first
            # try at the discard (its integer part the index, its fraction the acceptance).
            u = rnd()
            if pile and u < 0.5:
                got = c = pile.pop()
                pile_got = True
                u += u
                known[seat].append(c)
            else:
                if pile:
                    u += u - 1.0
                got = c = stock.pop()
                pile_got = False
                if anyone:
                    public_draws.append((seat, c))
                    if c in waits:
                        o = _claim(waits, seat, c, n)
                        if o >= 0:
                            steps += 1
                            if rec:
                                rec(("draw",))
                            end = (o, c, OPPONENT_DRAW, seat)
                            break
                    known[seat].append(c)
            h.append(c)
            sig = sigs[seat] + pw[c]
            # uniform over the distinct identities held (and not the card just taken when
            # it may not go back): a random card, kept with probability 1 / its copies
            u *= 9
            i = int(u)
            c = h[i]
            if rediscard or not pile_got:
                if (u - i) * h.count(c) >= 1:
                    while True:
                        u = rnd() * 9
                        i = int(u)
                        c = h[i]
                        if (u - i) * h.count(c) < 1:
                            break
            elif c == got or (u - i) * h.count(c) >= 1:
                while True:
                    u = rnd() * 9
                    i = int(u)
                    c = h[i]
                    if c != got and (u - i) * h.count(c) < 1:
                        break
            del h[i]
            sigs[seat] = sig = sig - pw[c]
            kn = known[seat]
            if kn and c in kn:
                kn.remove(c)
            pile.append(c)
            steps += 2
            if rec:                 # (recorded here: one test a turn)
                rec(("take",) if pile_got else ("draw",))
                rec(("discard", c))
            if anyone and c in waits:
                o = _claim(waits, seat, c, n)
                if o >= 0:
                    pile.pop()
                    end = (o, c, OPPONENT_DISCARD, seat)
                    break
            if not stock:           # this turn drew the last stock card (rule 24)
                end = ("drawn", None)
                break
            kx = checki(sig)
            if kx is not None:
                pairs = [x for x in of_key[kx] if h.count(x) == 2]
                if pairs:
                    i = int(rnd() * (len(pairs) + 1))
                    steps += 1
                    if i < len(pairs):
                        x = pairs[i]
                        if rec:
                            rec(("declare", x))
                        _declare(st, seat, x, h, kn)
                        waits[seat] = x
                        anyone = True
                    elif rec:
                        rec(("pass",))
            if pile_got:
                idle += 1
                if idle >= guard:
                    end = ("drawn", GUARD_ANOMALY)
                    break
            else:
                idle = 0
        # ---- _end_turn
        seat = nxt[seat]
        turn_no += 1
    _write_back(st, hands, anyone, seat, turn_no, idle, got, pile_got, end)
    return steps


def _declare(st: KowahState, seat: int, x: int, h: list[int], kn: list[int]) -> None:
    """``seat`` declares on the pair of ``x`` (its 8 cards ``h``): locked, waiting."""
    st.declared[seat] = x
    st.locked[seat] = tuple(sorted(h))
    for _ in range(2):      # the exposed pair is on the table, not in the concealed hand
        if x in kn:
            kn.remove(x)


def _write_back(st: KowahState, hands: list[list[int]], anyone: bool,
                seat: int, turn_no: int, idle: int, got: int | None, pile_got: bool,
                end: tuple | None) -> None:
    """Store a loop's position in the state (sorted hands, derived fields rebuilt) and
    settle the end of the hand, if it came, through the state's own methods. The loops
    run after the opening turn, so ``opening`` is False."""
    from game.kowah.rules import OPPONENT_DISCARD, TAKE
    st.hands = [sorted(h) for h in hands]
    st._compute_signatures()
    st.any_declared = anyone
    st.turn = seat
    st.turn_no = turn_no
    st.opening = False
    st.no_draw_turns = idle
    if end is None:         # (stopped at the start of a turn)
        got = None
    st.drawn = None if pile_got else got
    st.taken = got if pile_got else None
    st.held = None
    # (set by a draw of the last stock card that nobody won)
    st.last_stock_turn = not st.stock and not (
        end is not None and end[0] != "drawn" and end[2] != OPPONENT_DISCARD)
    st.phase = TAKE
    if end is None:
        return
    if end[0] == "drawn":
        st._end_drawn(end[1])
    else:
        st._win(*end)


def _heuristic(st: KowahState, rng: random.Random, limit: int, record: list | None,
               steps: int, smart: tuple[bool, ...], lean: bool = False) -> tuple[int, Any]:
    """The loop of :func:`heuristic_playout`: :func:`_uniform` with the smart seats'
    choices. Returns the actions played and, when ``lean``, how the hand ended (see
    :func:`heuristic_winner`) without writing the position back."""
    from game.kowah.rules import GUARD_ANOMALY, OPPONENT_DISCARD, OPPONENT_DRAW, SELF_DRAWN
    n = st.n_seats
    nxt = tuple((s + 1) % n for s in range(n))
    pw = st.pow
    table, of_key = checki_table(st.keys)
    checki = table.get
    hands = [list(h) for h in st.hands]
    sigs = list(st.sigs)
    stock = st.stock
    pile = st.discards
    known = st.known
    public_draws = st.public_draws
    waits = [-1 if x is None else x for x in st.declared]
    anyone = st.any_declared
    seat = st.turn
    idle = st.no_draw_turns
    guard = st.guard_limit
    rediscard = st.rediscard
    turn_no = st.turn_no
    rnd = rng.random
    rec = record.append if record is not None else None
    end = None
    got = None
    pile_got = False
    shift = st.shift
    stop = limit - 3
    while steps <= stop:
        w = waits[seat]
        if w >= 0:
            got = c = stock.pop()
            pile_got = False
            public_draws.append((seat, c))
            if rec:
                rec(("draw",))
            if c == w:
                steps += 1
                end = (seat, c, SELF_DRAWN, seat)
                break
            if c in waits:
                o = _claim(waits, seat, c, n)
                if o >= 0:
                    steps += 1
                    end = (o, c, OPPONENT_DRAW, seat)
                    break
            steps += 2
            if rec:
                rec(("discard", c))
            pile.append(c)
            if not stock:
                end = ("drawn", None)
                break
            idle = 0
        else:
            h = hands[seat]
            s_smart = smart[seat]
            if not pile:
                take = False
            elif s_smart:
                top = pile[-1]
                m = sigs[seat] >> shift[top] & 15
                take = m >= 2 or (m == 1 and top in h)
            else:
                take = rnd() < 0.5
            if take:
                got = c = pile.pop()
                pile_got = True
                if rec:
                    rec(("take",))
                known[seat].append(c)
            else:
                got = c = stock.pop()
                pile_got = False
                if rec:
                    rec(("draw",))
                if anyone:
                    public_draws.append((seat, c))
                    if c in waits:
                        o = _claim(waits, seat, c, n)
                        if o >= 0:
                            steps += 1
                            end = (o, c, OPPONENT_DRAW, seat)
                            break
                    known[seat].append(c)
            h.append(c)
            sig = sigs[seat] + pw[c]
            if s_smart:             # _smart_discard, written out
                banned = got if pile_got and not rediscard else None
                start = int(rnd() * 9)
                c = h[0]
                best_v = 999
                for x in h[start:] + h[:start]:
                    v = (sig >> shift[x] & 15) << 2
                    if v >= best_v or x == banned:
                        continue
                    if v > 4 and h.count(x) > 1:
                        v += 2
                    if anyone and x in waits:
                        v += 100
                    if v < best_v:
                        best_v = v
                        c = x
                i = h.index(c)
            elif rediscard or not pile_got:
                while True:
                    i = int(rnd() * 9)
                    c = h[i]
                    if rnd() * h.count(c) < 1:
                        break
            else:
                while True:
                    i = int(rnd() * 9)
                    c = h[i]
                    if c != got and rnd() * h.count(c) < 1:
                        break
            del h[i]
            sigs[seat] = sig = sig - pw[c]
            kn = known[seat]
            if kn and c in kn:
                kn.remove(c)
            pile.append(c)
            steps += 2
            if rec:
                rec(("discard", c))
            if anyone and c in waits:
                o = _claim(waits, seat, c, n)
                if o >= 0:
                    pile.pop()
                    end = (o, c, OPPONENT_DISCARD, seat)
                    break
            if not stock:
                end = ("drawn", None)
                break
            kx = checki(sig)
            if kx is not None:
                pairs = [x for x in of_key[kx] if h.count(x) == 2]
                if pairs:
                    i = 0 if s_smart else int(rnd() * (len(pairs) + 1))
                    steps += 1
                    if i < len(pairs):
                        x = pairs[i]
                        if rec:
                            rec(("declare", x))
                        _declare(st, seat, x, h, kn)
                        waits[seat] = x
                        anyone = True
                    elif rec:
                        rec(("pass",))
            if pile_got:
                idle += 1
                if idle >= guard:
                    end = ("drawn", GUARD_ANOMALY)
                    break
            else:
                idle = 0
        seat = nxt[seat]
        turn_no += 1
    if lean:
        return steps, end
    _write_back(st, hands, anyone, seat, turn_no, idle, got, pile_got, end)
    return steps, None


def _claim(waits: list[int], releaser: int, c: int, n: int) -> int:
    """The first seat after ``releaser`` in turn order waiting for ``c``, or -1 (rule 22)."""
    for k in range(1, n):
        s = (releaser + k) % n
        if waits[s] == c:
            return s
    return -1


def _smart_discard(h: list[int], shift: tuple[int, ...], sig: int, waits: list[int] | None,
                   banned: int | None, rnd) -> int:
    """A card of the least-held key (``sig``: the hand's key signature), keeping identical
    pairs over loners of the same key, not a declared seat's wait when another card will
    do; among equals the first from a random place in the hand. (Written out again in
    :func:`_heuristic`'s loop.)"""
    start = int(rnd() * len(h))
    best = h[0]
    best_v = 999
    for x in h[start:] + h[:start]:
        v = (sig >> shift[x] & 15) << 2
        if v >= best_v or x == banned:
            continue
        if v > 4 and h.count(x) > 1:
            v += 2
        if waits is not None and x in waits:
            v += 100
        if v < best_v:
            best_v = v
            best = x
    return best


def _slow_step(st: KowahState, rng: random.Random, record: list | None,
               smart: tuple[bool, ...] | None) -> int:
    """One action the general way (legal list, trusted advance); a smart seat chooses as
    in the loop."""
    seat = st.turn
    legal = st.legal_actions(seat)
    a = None
    if smart is not None and smart[seat] and len(legal) > 1:
        kind = legal[0][0]
        h = st.hands[seat]
        if kind == "declare":
            a = legal[0]
        elif kind == "draw":
            top = st.discards[-1]
            m = st.sigs[seat] >> st.shift[top] & 15
            a = legal[1] if m >= 2 or (m == 1 and top in h) else legal[0]
        elif kind == "discard":
            waits = [-1 if x is None else x for x in st.declared]
            banned = st.taken if not st.rediscard else None
            c = _smart_discard(h, st.shift, st.sigs[seat],
                               waits if st.any_declared else None, banned, rng.random)
            a = ("discard", c)
    if a is None:
        a = legal[int(rng.random() * len(legal))]
    if record is not None:
        record.append(a)
    st.advance(seat, a)
    return 1
