"""The normal level's policy on suit masks, and what the public record reveals.

A hand is ten 12-bit masks, one per suit, bit ``k`` = the card of strength ``k``
(11 = Raja, 10 = Mantri, 9..0 = numerals best to worst). Numeral strengths follow face
value (up or down), so a Dukal run is a run of consecutive bits below the Mantri.
The same functions play the normal level on a real view, the hard level's playouts in
its simulator, and the replay of opponents' decisions in :mod:`game.ganjifa.evidence`.
"""

from __future__ import annotations

from typing import Any

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
        # Within a suit the lowest card outside the Dukal material (else the lowest card)
        # has the best key: the fewest kept, then the most cards above it, then the lowest.
        free = h & ~keep
        k = _low(free or h)
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
