"""Ganjifa agents. Levels: random, easy, normal, hard.

* **easy** — sensible but loose: wins cheaply when it can, sheds low cards, sometimes slips.
* **normal** — counts cards and tracks voids from the public record (view.history and the
  current trick), leads Dukals at once, cashes masters (safest first), draws trumps with a
  master trump, wins with the cheapest card that does the job (never overtrumping more
  than needed), ducks cheaply when it cannot win, and gives a Dukal its surest losers.
* **hard** — determinised search: samples the two hidden hands consistently with the view
  (hand sizes, inferred voids, every played card out, and how seats played last to a
  trick), scores each candidate action by playouts of the normal policy in a compact
  simulator on the same worlds, and keeps the normal move unless another is significantly
  better. Time-boxed; fully deterministic for a seed when ``time_budget`` is None.

Internally a hand is ten 12-bit masks, one per suit, bit ``k`` = the card of strength ``k``
(11 = Raja, 10 = Mantri, 9..0 = numerals best to worst). Numeral strengths follow face
value (up or down), so a Dukal run is a run of consecutive bits below the Mantri.
The normal policy works on these masks, so it runs both on a real view (normal level) and
inside the simulator (hard level's playouts) with the same code.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.base import RandomAgent
from game.ai.search import Budget, constrained_deal, flat_monte_carlo
from game.core import Action, Event
from game.ganjifa.deck import default_deck
from game.ganjifa.rules import GanjifaView

_DECK = default_deck()
N_SUITS = len(_DECK.suits)
PER = _DECK.per_suit
N_SEATS = _DECK.players
STRENGTH: tuple[int, ...] = _DECK.strength
CARD_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(c for c in range(s * PER, (s + 1) * PER) if STRENGTH[c] == k) for k in range(PER))
    for s in range(N_SUITS))
FULL = (1 << PER) - 1
RAJA_BIT = 1 << (PER - 1)
COURTS = RAJA_BIT | (1 << (PER - 2))            # Raja + Mantri
NUMERALS = (1 << (PER - 2)) - 1
MIN_RUN = _DECK.dukal_min_run

LEAD, FOLLOW, GIVE = 0, 1, 2
PLAY, DUKAL = "play", "dukal"

# Normal-policy thresholds (chances, 0..1), tuned with game.arena.
SAFE_MASTER = 0.15      # cash a master at once when the ruff risk is below this
RISKY_MASTER = 1.01     # ... or, with nothing better, below this (>1: always)
SECOND_SURE = 0.5       # 2nd to play: take with a master unless the ruff risk is above
SECOND_GAMBLE = 0.25    # 2nd to play: beat the lead if the last player likely cannot
TRUMP_SECOND = 0.5      # 2nd to play, void: trump if the last player is unlikely void
LEAD_NEAR = 2           # with no master, lead a top card with at most this many higher out
LOW_FROM_LONG = False   # else lead low from the longest side suit (False: the shortest)


def _best_run(mask: int) -> tuple[int, int]:
    """(length, bits) of the longest run of consecutive bits; of equal runs the lowest, so
    the higher cards stay in hand."""
    best_len, best_bits, k = 0, 0, 0
    while k < PER:
        if mask >> k & 1:
            j = k
            while j < PER and mask >> j & 1:
                j += 1
            if j - k > best_len:
                best_len, best_bits = j - k, ((1 << (j - k)) - 1) << k
            k = j
        else:
            k += 1
    return best_len, best_bits


RUN: tuple[tuple[int, int], ...] = tuple(_best_run(m) for m in range(NUMERALS + 1))


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def card_mask(cards: Any) -> list[int]:
    """Cards (ints) → ten suit masks."""
    masks = [0] * N_SUITS
    for c in cards:
        masks[c // PER] |= 1 << STRENGTH[c]
    return masks


def mask_cards(suit: int, mask: int) -> list[int]:
    return [CARD_AT[suit][k] for k in range(PER) if mask >> k & 1]


# ------------------------------------------------------------------ public inference
def _reveals(strict: bool, trump: int, led: int, s: int) -> int:
    """The suits a follower playing suit ``s`` to a ``led`` trick is shown to lack."""
    if s == led:
        return 0
    v = 1 << led
    if s != trump:
        x = (led + 1) % N_SUITS
        while x != s:
            v |= 1 << x
            x = (x + 1) % N_SUITS
        if strict:
            v |= 1 << trump
    return v


# REVEALS[strict][trump][led][played suit] -> void mask (hot in playouts)
REVEALS = tuple(tuple(tuple(tuple(_reveals(strict, t, led, s) for s in range(N_SUITS))
                            for led in range(N_SUITS)) for t in range(N_SUITS))
                for strict in (False, True))


def note_voids(voids: list[int], plays: Any, trump: int, strict: bool) -> None:
    """Add what one trick's follows reveal (rules 14, R5): a follower who did not play the
    led suit is void in it; one who played a non-trump suit S also holds nothing of the
    suits strictly between the led suit and S, and under ``strict`` no trump."""
    if len(plays) < 2:
        return
    led = plays[0][1] // PER
    table = REVEALS[strict][trump][led]
    for seat, c in plays[1:]:
        voids[seat] |= table[c // PER]


def public_voids(view: GanjifaView) -> list[int]:
    """Per seat, a bitmask of the suits that seat is publicly known to lack."""
    voids = [0] * N_SEATS
    strict = view.void_rule == "strict"
    for t in view.history:
        if t.kind == "trick":
            note_voids(voids, t.plays, view.trump, strict)
    note_voids(voids, view.trick, view.trump, strict)
    return voids


def behaviour_exclusions(view: GanjifaView) -> list[list[int]]:
    """Per seat and suit, masks of cards the seat very likely does not hold, read from how
    it played — soft knowledge, unlike :func:`public_voids`.

    The assumption: a seat playing last to a trick takes it if it can (the normal level
    always does, and so do most players). So a last player who did not win held no card
    that would have won: no higher card of the led suit if it followed suit under a
    led-suit winner; if void, no trump at all under a led-suit winner and no higher trump
    under a trump winner. A seat later seen playing or giving a card it was believed not
    to hold evidently plays otherwise, and loses all such inferences.
    """
    excl = [[0] * N_SUITS for _ in range(N_SEATS)]
    broken = [False] * N_SEATS
    trump = view.trump

    def saw(seat: int, c: int) -> None:
        if excl[seat][c // PER] >> STRENGTH[c] & 1:
            broken[seat] = True

    for t in view.history:
        for seat, c in t.plays:
            saw(seat, c)
        if t.kind != "trick" or len(t.plays) != N_SEATS:
            continue
        led = t.plays[0][1] // PER
        best_t, best_k = False, -1
        for _, c in t.plays[:-1]:
            s, k = c // PER, STRENGTH[c]
            if s == trump:
                if not best_t or k > best_k:
                    best_t, best_k = True, k
            elif s == led and not best_t and k > best_k:
                best_k = k
        last, c = t.plays[-1]
        if t.winner == last:
            continue
        above = FULL >> (best_k + 1) << (best_k + 1)
        if c // PER == led:
            if not best_t:
                excl[last][led] |= above
        elif best_t:
            excl[last][trump] |= above
        else:
            excl[last][trump] = FULL
    for seat, c in view.trick:
        saw(seat, c)
    for seat, cs in view.gives:
        for c in cs:
            saw(seat, c)
    return [[0] * N_SUITS if broken[s] else excl[s] for s in range(N_SEATS)]


def played_cards(view: GanjifaView) -> list[int]:
    """Every card that has left the hands: all public (rule 16 [IMPL])."""
    out = [c for t in view.history for _, c in t.plays]
    out += [c for _, c in view.trick]
    out += list(view.dukal)
    out += [c for _, cs in view.gives for c in cs]
    return out


# ------------------------------------------------------------------------ the policy
HALF = tuple(0.5 ** i for i in range(PER * N_SUITS + 1))


def _p_lacks(o: int, mine_known: bool, other_known: bool) -> float:
    """Chance a seat holds none of ``o`` outstanding cards of a suit (two unknown holders)."""
    if mine_known:
        return 1.0
    if other_known:
        return 1.0 if o == 0 else 0.0
    return HALF[o]


def _ruff_risk(s: int, o: int, nt: int, trump: int, va: int, vb: int) -> float:
    """Chance that an opponent can trump a lead of suit ``s`` (``_p_lacks`` inlined: this
    runs for every master at every lead of every playout)."""
    if nt == 0:
        return 0.0
    a_void, b_void = va >> s & 1, vb >> s & 1
    a_none, b_none = va >> trump & 1, vb >> trump & 1
    pv = 1.0 if a_void else (0.0 if o else 1.0) if b_void else HALF[o]
    pt = 0.0 if a_none else 1.0 if b_none else 1.0 - HALF[nt]
    ra = pv * pt
    pv = 1.0 if b_void else (0.0 if o else 1.0) if a_void else HALF[o]
    pt = 0.0 if b_none else 1.0 if a_none else 1.0 - HALF[nt]
    return 1.0 - (1.0 - ra) * (1.0 - pv * pt)


def lead_choice(hand: list[int], rem: list[int], voids: list[int], me: int,
                trump: int) -> tuple[str, int, int]:
    """The normal lead: ``(kind, suit, bits)``. ``rem`` = cards still in any hand.

    In order: the longest Dukal (3N cards outright); a master whose ruff risk is small;
    a master trump while opponents hold trumps (drawing theirs); any other master; a top
    card with at most LEAD_NEAR higher cards still out; else a low card (from a short
    suit when holding trumps, to make a void).
    """
    va, vb = voids[(me + 1) % N_SEATS], voids[(me + 2) % N_SEATS]
    my_t = hand[trump]
    out_t = rem[trump] & ~my_t
    nt = out_t.bit_count()
    dukal_len = 0
    dukal = safe = risky = near = None
    risky_r = min(RISKY_MASTER, 1.0)
    trump_top = -1
    for s in range(N_SUITS):        # one pass collects every kind of candidate
        h = hand[s]
        if not h:
            continue
        if h & COURTS == COURTS:
            ln, bits = RUN[h & NUMERALS]
            if ln >= MIN_RUN and ln > dukal_len:
                dukal_len, dukal = ln, (DUKAL, s, bits | COURTS)
        top = h.bit_length() - 1
        o = rem[s] & ~h
        if s == trump:
            if not o >> top:
                trump_top = top
            continue
        above = (o >> top).bit_count()
        if above:
            if above <= LEAD_NEAR and (near is None or above < near[0]):
                near = (above, s, top)
            continue
        oc = o.bit_count()
        r = _ruff_risk(s, oc, nt, trump, va, vb)
        if r < SAFE_MASTER:
            key = (r, -oc)
            if safe is None or key < safe[0]:
                safe = (key, s, top)
        elif r < risky_r:
            risky_r, risky = r, (s, top)
        elif LEAD_NEAR > 0 and (near is None or near[0] > 0):
            near = (0, s, top)          # a master sure to be ruffed: no better than near
    if dukal is not None:
        return dukal
    if safe is not None:
        return PLAY, safe[1], 1 << safe[2]
    if trump_top >= 0 and nt:
        return PLAY, trump, 1 << trump_top
    if risky is not None:
        return PLAY, risky[0], 1 << risky[1]
    if near is not None:
        return PLAY, near[1], 1 << near[2]
    pick = None
    for s in range(N_SUITS):
        h = hand[s]
        if not h or s == trump:
            continue
        low = _low(h)
        above = (rem[s] & ~h) >> low
        if LOW_FROM_LONG:
            key = (-h.bit_count(), -min(above.bit_count(), 4), low)
        else:
            key = (h.bit_count() if my_t else 0, -min(above.bit_count(), 4), low)
        if pick is None or key < pick[0]:
            pick = (key, s, low)
    if pick is None:                    # only trumps left
        if trump_top >= 0:
            return PLAY, trump, 1 << trump_top
        return PLAY, trump, my_t & -my_t
    return PLAY, pick[1], 1 << pick[2]


def follow_choice(hand: list[int], rem: list[int], voids: list[int], me: int, trump: int,
                  trick: list[tuple[int, int, int]],
                  legal: list[tuple[int, int]]) -> tuple[int, int]:
    """The normal follow: ``(suit, strength)``. ``trick`` = (seat, suit, strength) so far;
    ``legal`` = (suit, mask) pairs allowed by the follow rules."""
    led = trick[0][1]
    best_t, best_k = False, -1
    for _, s, k in trick:
        if s == trump:
            if not best_t or k > best_k:
                best_t, best_k = True, k
        elif s == led and not best_t and k > best_k:
            best_k = k
    win_led = win_t = 0
    for s, m in legal:
        if s == trump:
            win_t = m >> (best_k + 1) << (best_k + 1) if best_t else m
        elif s == led:
            win_led = 0 if best_t else m >> (best_k + 1) << (best_k + 1)
    if len(trick) == N_SEATS - 1:       # last to play: cheapest winner, else duck
        if win_led:
            return led, _low(win_led)
        if win_t:
            return trump, _low(win_t)
        return _discard(legal, trump)
    q = (me + 1) % N_SEATS              # the one seat still to play after me
    vq, vo = voids[q], voids[trick[0][0]]
    out_t = rem[trump] & ~hand[trump]
    nt = out_t.bit_count()
    if win_led:
        o = rem[led] & ~hand[led]
        q_may_follow = not vq >> led & 1
        thr = max(best_k, o.bit_length() - 1) if q_may_follow else best_k
        sure = win_led >> (thr + 1) << (thr + 1)
        if led == trump:
            ruff = 0.0
        else:
            p_void = _p_lacks(o.bit_count(), bool(vq >> led & 1), bool(vo >> led & 1))
            ruff = p_void * (1.0 - _p_lacks(nt, bool(vq >> trump & 1), bool(vo >> trump & 1)))
        if sure and ruff < SECOND_SURE:
            return led, _low(sure)
        if q_may_follow and ruff < SECOND_GAMBLE:
            # Beat the lead if the last player probably holds nothing higher (each higher
            # card outstanding is theirs about half the time).
            m = win_led
            while m:
                k = _low(m)
                if HALF[(o >> (k + 1)).bit_count()] * (1.0 - ruff) >= SECOND_GAMBLE:
                    return led, k
                m &= m - 1
        return _discard(legal, trump)
    if win_t:
        o = rem[led] & ~hand[led]
        p_void = _p_lacks(o.bit_count(), bool(vq >> led & 1), bool(vo >> led & 1))
        if p_void < TRUMP_SECOND or vq >> trump & 1:
            return trump, _low(win_t)
        top_out = out_t.bit_length() - 1
        master = win_t >> (top_out + 1) << (top_out + 1)
        if master:
            return trump, _low(master)
        if p_void < 0.9:
            return trump, _low(win_t)
    return _discard(legal, trump)


def _discard(legal: list[tuple[int, int]], trump: int) -> tuple[int, int]:
    """Cheapest card: the lowest of a non-trump suit if there is one."""
    for s, m in legal:
        if s != trump:
            return s, _low(m)
    s, m = legal[0]
    return s, _low(m)


def give_choice(hand: list[int], rem: list[int], trump: int) -> tuple[int, int]:
    """The card to give up to a Dukal: a sure loser, from a short suit when holding trumps
    (a void lets trumps win later); never Dukal material, trumps or masters if avoidable."""
    my_t = hand[trump]
    pick = None
    for s in range(N_SUITS):
        h = hand[s]
        if not h:
            continue
        keep = 0
        if h & COURTS == COURTS:
            ln, bits = RUN[h & NUMERALS]
            if ln >= MIN_RUN:
                keep = bits | COURTS
        o = rem[s] & ~h
        length = h.bit_count() if my_t and s != trump else 0
        m = h
        while m:
            k = _low(m)
            m &= m - 1
            above = min((o >> (k + 1)).bit_count(), 3)
            key = (keep >> k & 1, s == trump, -above, length, k)
            if pick is None or key < pick[0]:
                pick = (key, s, k)
    assert pick is not None
    return pick[1], pick[2]


def legal_masks(hand: list[int], led: int, trump: int, strict: bool) -> list[tuple[int, int]]:
    """The follow rules (13–14) on masks, as (suit, mask) pairs."""
    h = hand[led]
    if h:
        return [(led, h)]
    t = hand[trump]
    if strict and t:
        return [(trump, t)]
    s = (led + 1) % N_SUITS
    while not hand[s]:
        s = (s + 1) % N_SUITS
    if s == trump:
        return [(trump, t)]
    return [(s, hand[s]), (trump, t)] if t else [(s, hand[s])]


# ------------------------------------------------------------------------ simulator
class World:
    """A compact full-information copy of a hand for playouts (one guess of the hidden
    cards). Mirrors the rules engine on masks; tests check it against the engine."""

    __slots__ = ("h", "rem", "n", "cap", "voids", "trump", "strict", "phase", "turn",
                 "leader", "trick", "gives", "dukal_n")

    def copy(self) -> World:
        w = object.__new__(World)
        w.h = [x[:] for x in self.h]
        w.rem = self.rem[:]
        w.n = self.n[:]
        w.cap = self.cap[:]
        w.voids = self.voids[:]
        w.trump, w.strict, w.phase = self.trump, self.strict, self.phase
        w.turn, w.leader, w.dukal_n = self.turn, self.leader, self.dukal_n
        w.trick = self.trick[:]
        w.gives = [g[:] for g in self.gives]
        return w

    @classmethod
    def from_view(cls, view: GanjifaView, hands: list[list[int]],
                  voids: list[int] | None = None) -> World:
        """The view plus a guess of every hand (``hands[view.seat]`` is the seat's own)."""
        w = object.__new__(World)
        w.h = [card_mask(h) for h in hands]
        w.rem = [0] * N_SUITS
        for hm in w.h:
            for s in range(N_SUITS):
                w.rem[s] |= hm[s]
        w.n = [len(h) for h in hands]
        w.cap = list(view.captured)
        w.voids = list(voids) if voids is not None else public_voids(view)
        w.trump, w.strict = view.trump, view.void_rule == "strict"
        w.phase = {"lead": LEAD, "follow": FOLLOW, "give": GIVE}[view.phase]
        w.turn = view.turn if view.turn is not None else view.leader
        w.leader = view.leader
        w.trick = [(seat, c // PER, STRENGTH[c]) for seat, c in view.trick]
        w.dukal_n = view.give_count
        w.gives = [[seat, view.give_count - len(cs)] for seat, cs in view.gives
                   if len(cs) < view.give_count]
        return w

    def apply(self, kind: str, s: int, bits: int) -> None:
        """Apply ``("play"|"dukal"|"give", suit, bits)`` for the seat to move (trusted)."""
        seat = self.turn
        self.h[seat][s] &= ~bits
        self.rem[s] &= ~bits
        if kind == PLAY:
            self.n[seat] -= 1
            trick = self.trick
            if trick:
                led = trick[0][1]
                if s != led:
                    self.voids[seat] |= REVEALS[self.strict][self.trump][led][s]
                trick.append((seat, s, bits.bit_length() - 1))
                if len(trick) == N_SEATS:
                    self._finish_trick()
                    return
            else:
                trick.append((seat, s, bits.bit_length() - 1))
            self.phase, self.turn = FOLLOW, (seat + 1) % N_SEATS
            return
        self.n[seat] -= bits.bit_count()
        if kind == DUKAL:
            self.dukal_n = bits.bit_count()
            self.gives = [[(seat + i) % N_SEATS, self.dukal_n] for i in range(1, N_SEATS)]
            self.phase, self.turn = GIVE, self.gives[0][0]
        else:
            g = self.gives[0]
            g[1] -= 1
            if g[1]:
                return
            self.gives.pop(0)
            if self.gives:
                self.turn = self.gives[0][0]
                return
            self.cap[self.leader] += N_SEATS * self.dukal_n
            self.dukal_n = 0
            self.phase, self.turn = LEAD, self.leader

    def _finish_trick(self) -> None:
        trump, trick = self.trump, self.trick
        led = trick[0][1]
        win, key = trick[0][0], -1
        for seat, s, k in trick:
            v = k + 100 if s == trump else k if s == led else -1
            if v > key:
                win, key = seat, v
        self.cap[win] += len(trick)
        self.trick = []
        self.phase, self.turn, self.leader = LEAD, win, win

    def policy_action(self) -> tuple[str, int, int]:
        """The normal policy for the seat to move, as ``(kind, suit, bits)``."""
        seat = self.turn
        hand = self.h[seat]
        if self.phase == LEAD:
            return lead_choice(hand, self.rem, self.voids, seat, self.trump)
        if self.phase == FOLLOW:
            legal = legal_masks(hand, self.trick[0][1], self.trump, self.strict)
            s, k = follow_choice(hand, self.rem, self.voids, seat, self.trump, self.trick, legal)
            return PLAY, s, 1 << k
        s, k = give_choice(hand, self.rem, self.trump)
        return "give", s, 1 << k

    def playout(self) -> list[int]:
        """Play to the end with the normal policy for every seat; final capture counts.

        (``policy_action`` + ``apply`` inlined for speed: this is the search's inner loop.)
        """
        h, rem, voids, n = self.h, self.rem, self.voids, self.n
        trump, strict, apply = self.trump, self.strict, self.apply
        while True:
            seat, phase = self.turn, self.phase
            hand = h[seat]
            if phase == LEAD:
                if not n[seat]:
                    return self.cap
                kind, s, bits = lead_choice(hand, rem, voids, seat, trump)
            elif phase == FOLLOW:
                trick = self.trick
                s, k = follow_choice(hand, rem, voids, seat, trump, trick,
                                     legal_masks(hand, trick[0][1], trump, strict))
                kind, bits = PLAY, 1 << k
            else:
                s, k = give_choice(hand, rem, trump)
                kind, bits = "give", 1 << k
            apply(kind, s, bits)


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


def _sim_action(action: Action) -> tuple[str, int, int]:
    kind, arg = action
    if kind == DUKAL:
        return DUKAL, arg[0] // PER, sum(1 << STRENGTH[c] for c in arg)
    return kind, arg // PER, 1 << STRENGTH[arg]


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


class HardAgent:
    """Determinised flat Monte Carlo over the normal policy (see the module docstring).

    ``time_budget`` seconds per decision (None: no clock, only ``iterations`` worlds, which
    makes decisions reproducible for a seed). ``iterations`` caps the sampled worlds.
    The normal move is the first candidate; ``halving`` keeps the better half of the
    candidates after 2, 4, 8… worlds (at least that many), and the normal move is only
    overruled when the best beats it by ``keep_first_z`` standard errors (paired, same
    worlds) — with few worlds the search defers to the heuristic. ``infer_play`` also
    deals the hidden cards consistently with :func:`behaviour_exclusions`.
    """

    level = "hard"
    think_delay = 0.3

    def __init__(self, seat: int, seed: int = 0, time_budget: float | None = 0.1,
                 iterations: int = 400, tie_margin: float = 0.0,
                 prune_z: float | None = None, keep_first_z: float | None = 1.0,
                 halving: int | None = 3, infer_play: bool = True) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.iterations = iterations
        self.tie_margin = tie_margin
        self.prune_z = prune_z
        self.keep_first_z = keep_first_z
        self.halving = halving
        self.infer_play = infer_play
        self.last_stats: Any = None

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: GanjifaView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        known = _Known(view)
        favourite = normal_action(view, legal, known)
        cands = candidate_actions(view, legal, known)
        if favourite in cands:
            cands.remove(favourite)
        cands.insert(0, favourite)
        if len(cands) == 1:
            return favourite
        sample = self._sampler(view, known)
        me = self.seat
        moves = {a: _sim_action(a) for a in cands}

        def evaluate(world: World, action: Action, _rng: random.Random) -> float:
            w = world.copy()
            w.apply(*moves[action])
            return w.playout()[me]

        budget = Budget(self.time_budget, self.iterations)
        best, self.last_stats = flat_monte_carlo(cands, sample, evaluate, self.rng, budget,
                                                 self.tie_margin, self.prune_z,
                                                 keep_first_z=self.keep_first_z,
                                                 halving=self.halving)
        return best

    def _sampler(self, view: GanjifaView, known: _Known) -> Any:
        """A function rng -> World dealing the unseen cards to the other seats."""
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

        def sample(rng: random.Random) -> World:
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
            hands: list[list[int]] = [[] for _ in range(N_SEATS)]
            hands[me] = mine
            for i, s in enumerate(others):
                hands[s] = dealt[i]
            return World.from_view(view, hands, voids)

        return sample


AGENTS = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def make_agent(level: str, seat: int, seed: int = 0, **settings: Any) -> Any:
    """The agent for ``level``; ``settings`` go to its constructor (e.g. ``time_budget=None``
    and ``iterations`` for hard)."""
    try:
        cls = AGENTS[level]
    except KeyError:
        raise ValueError(f"unknown Ganjifa AI level {level!r}") from None
    return cls(seat, seed, **settings)
