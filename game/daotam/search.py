"""Đạo Tâm search for the Hard agent: determinised worlds on the real engine.

A Hard seat never reads the true state. From its seat's VIEW and the events it saw it
builds *worlds*: full :class:`~game.daotam.rules.DaoTamState` objects that agree with
everything the seat knows (its hand, the face-up discards, opened Tâm Niệm, hands shown
by Si Mê, Tà Khí it watched being pushed into a hand, caught cards taken back …) and fill
in the rest at random: the other hands, the face-down claim cards, the face-down
discards, the order of both decks.

* :class:`Tracker` keeps, per seat, the cards the seat is *known* to hold (a lower bound
  per kind) from public events.
* :func:`claim_posterior` weighs the hands an actor may have held before its open claim
  by how likely a reasonable player (public play when it can; lies grow with the Tà Khí
  in hand, calls the believable kind; truth with the commonest real kind) makes exactly
  that claim from that hand: the belief that the claim is a lie biases which claimed
  cards the worlds put face down.
* :class:`Worlds` samples worlds from the view, the tracker and that posterior.
* :func:`policy` is a cheap, Normal-like rollout policy that reads a world's state (in a
  world every hidden card is a guess, so reading it is fair); a challenger in a rollout
  judges the claim from the cards *it* could see, never from the world's truth.
* :func:`value` scores an unfinished world for a seat: a softmax over the living seats
  of a linear score (Đạo Tâm, shield, stages opened, hand make-up, whose turn), fitted
  on Normal self-play (conditional logit; see :data:`WEIGHTS`).

The agent (:class:`game.daotam.ai.HardAgent`) runs :func:`game.ai.search.flat_monte_carlo`
over its candidate actions: each world scores every candidate by playing the action on
a clone, the rest of the turn by the rollout policy, and the value of where it lands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from math import comb, exp
from typing import Any

from game.ai.search import next_actor
from game.core import Action, Event
from game.daotam.deck import STAGES, default_deck
from game.daotam.rules import (
    CALLS,
    CHALLENGE,
    LIVING,
    OPTION,
    PUSH,
    RACE,
    TURN,
    DaoTamState,
    DaoTamView,
)

KINDS = ("cuong", "nhu", "ta_khi")
CHALLENGE_A: Action = ("challenge",)
PASS: Action = ("pass",)
SHOUT: Action = ("shout",)
PUBLIC: Action = ("public",)
SHIELD_CARD = "tinh_tam"


@lru_cache(maxsize=65536)
def hyper_at_least(N: int, K: int, n: int, k: int) -> float:
    """P(X ≥ k) for X ~ Hypergeometric(population N, K successes, n draws)."""
    n = min(n, N)
    if k <= 0:
        return 1.0
    if N <= 0 or K < k or n < k:
        return 0.0
    return sum(comb(K, i) * comb(N - K, n - i) for i in range(k, min(K, n) + 1)) / comb(N, n)


def _total() -> tuple[int, int, int]:
    return default_deck().chieu_counts()


# ----------------------------------------------------------------------------- value
#: per-seat features of :func:`seat_features`, in order
FEATURES = ("dt1", "dt2", "shield", "stage1", "stage2", "ta_khi", "real", "pair", "to_move",
            "skip", "late_stages")
#: conditional-logit weights (P(seat wins) = softmax over the living seats of w · features),
#: fitted by Newton's method with a unit ridge on 26,305 turn starts (every other one) of
#: 1,500 Normal self-play games, 500 each at 3, 4 and 5 seats; label: the winners (shared
#: wins split). Mean log-likelihood -1.138 (-1.320 with all weights 0).
WEIGHTS = (-0.628, -0.211, 0.172, 0.555, 1.322, -0.19, 0.138, -0.056, 0.007, -0.113, 0.881)


def seat_features(st: DaoTamState, s: int) -> tuple[float, ...]:
    """The features :func:`value` weighs for living seat ``s`` of world ``st``."""
    dt = st.dao_tam[s]
    h = st.hands[s]
    stages = len(st.opened[s])
    late = st.round / st.round_limit
    return (float(dt == 1), float(dt == 2), float(st.shield[s] is not None),
            float(stages == 1), float(stages >= 2), float(h[2]), float(h[0] + h[1]),
            float(h[0] > 0 and h[1] > 0), float(st.turn == s), float(st.skip[s]),
            stages * late)


def scores(st: DaoTamState, weights: Sequence[float] = WEIGHTS) -> list[float]:
    """Every seat's estimated win share of world ``st`` (a finished world: its result)."""
    n = st.n_seats
    if st.is_over():
        res = st.result()
        won = res.winners if res is not None else ()
        return [1.0 / len(won) if s in won else 0.0 for s in range(n)]
    out = [0.0] * n
    total = 0.0
    for s in range(n):
        if st.status[s] == LIVING:
            f = seat_features(st, s)
            e = exp(sum(w * x for w, x in zip(weights, f, strict=True)))
            out[s] = e
            total += e
    return [x / total for x in out] if total else out


_W = WEIGHTS


def value(st: DaoTamState, seat: int) -> float:
    """``scores(st)[seat]``, computed for one seat (the search's leaf evaluation)."""
    if st.is_over():
        return scores(st)[seat]
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10 = _W
    late = st.round / st.round_limit
    turn = st.turn
    mine = total = 0.0
    for s, status in enumerate(st.status):
        if status != LIVING:
            continue
        dt = st.dao_tam[s]
        h = st.hands[s]
        stages = len(st.opened[s])
        z = (w5 * h[2] + w6 * (h[0] + h[1]) + w10 * stages * late
             + (w0 if dt == 1 else w1 if dt == 2 else 0.0)
             + (w2 if st.shield[s] is not None else 0.0)
             + (w3 if stages == 1 else w4 if stages >= 2 else 0.0)
             + (w7 if h[0] and h[1] else 0.0) + (w8 if s == turn else 0.0)
             + (w9 if st.skip[s] else 0.0))
        e = exp(z)
        total += e
        if s == seat:
            mine = e
    return mine / total if total else 0.0


class FastRng:
    """A small seeded generator for rollouts (``random``, ``randrange``): made for free
    per playout, where seeding a ``random.Random`` costs more than the playout's draws."""

    __slots__ = ("x",)
    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.x = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & self.MASK

    def random(self) -> float:
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) & self.MASK
        return (self.x >> 11) * (1.0 / 9007199254740992.0)

    def randrange(self, n: int) -> int:
        return int(self.random() * n)


_SHARED = (int, float, str, bool, tuple, frozenset, type(None))


def fork(st: DaoTamState) -> DaoTamState:
    """A copy of world ``st`` for one playout: like ``clone`` (every list, dict, set or
    bytearray attribute copied, lists and dicts inside them too), but the random
    generator is shared, not copied. Copying it is most of ``clone``'s cost; in a
    world it only orders a reshuffle, so playouts from one world may share it."""
    new = object.__new__(type(st))
    d = new.__dict__
    for name, v in st.__dict__.items():
        t = type(v)
        if t is list:
            if v and type(v[0]) in (list, dict):
                v = [x.copy() if type(x) in (list, dict) else x for x in v]
            else:
                v = v.copy()
        elif t is dict:
            v = {k: (x.copy() if type(x) in (list, dict) else x) for k, x in v.items()}
        elif t in (set, bytearray):
            v = v.copy()
        d[name] = v
    return new


# --------------------------------------------------------------------------- tracker
class Tracker:
    """Cards each seat is known to hold (a lower bound per kind), from public events."""

    #: a counting player's share of the challenge windows it is the one to challenge
    BASE_CHALLENGE = 0.2
    #: share of a random claimer's revealed claims that hold a real card of the other kind
    ODD_RANDOM = 0.44

    def __init__(self, n_seats: int = 5) -> None:
        self.known = [[0, 0, 0] for _ in range(n_seats)]
        self.before_claim = [[0, 0, 0] for _ in range(n_seats)]
        self.eligible = [0] * n_seats      # challenge windows the seat could answer
        self.challenged = [0] * n_seats    # ... and challenged first
        self.revealed = [0] * n_seats      # its claims turned over
        self.odd = [0] * n_seats           # ... holding a real card of the other kind

    def _grow(self, n: int) -> None:
        while len(self.known) < n:
            self.known.append([0, 0, 0])
            self.before_claim.append([0, 0, 0])
            for field in (self.eligible, self.challenged, self.revealed, self.odd):
                field.append(0)

    def extra_challenge(self, s: int) -> float:
        """How much readier to challenge than a counting player seat ``s`` has shown
        itself (0: not at all; 1: it challenges everything)."""
        if s >= len(self.eligible):
            return 0.0
        rate = (self.challenged[s] + self.BASE_CHALLENGE * 6) / (self.eligible[s] + 6)
        return min(1.0, max(0.0, 2 * (rate - self.BASE_CHALLENGE) / (1 - self.BASE_CHALLENGE)))

    def randomness(self, s: int) -> float:
        """The weight of "claims at random" in seat ``s``'s claim model, from how often
        its turned-over claims held a real card of the other kind."""
        if s >= len(self.revealed):
            return 0.1
        odd = (self.odd[s] + 0.1 * self.ODD_RANDOM * 3) / (self.revealed[s] + 3)
        return min(1.0, max(0.05, odd / self.ODD_RANDOM))

    def observe(self, events: Sequence[Event]) -> None:
        for e in events:
            kind, s, d = e.kind, e.seat, e.data
            if kind == "window" and d.get("kind") == "challenge":
                for x in d.get("seats", ()):
                    self._grow(x + 1)
                    self.eligible[x] += 1
            if s is None:
                continue
            self._grow(s + 1)
            k = self.known[s]
            if kind == "challenge":
                self.challenged[s] += 1
            elif kind == "reveal":
                self.revealed[s] += 1
                call = d.get("call")
                self.odd[s] += any(c != call and c != "ta_khi" for c in d.get("cards", ()))
            elif kind == "claim":
                self.before_claim[s] = list(k)
                n = d.get("count", 1)
                self.known[s] = [max(0, x - n) for x in k]
            elif kind == "public":
                k[0], k[1] = max(0, k[0] - 1), max(0, k[1] - 1)
            elif kind == "push":
                t = d.get("to")
                if t is not None:
                    self._grow(t + 1)
                    self.known[t][2] += 1
            elif kind == "caught_cards" and d.get("to") == "hand":
                for c in d.get("cards", ()):
                    k[KINDS.index(c)] += 1
            elif kind == "reveal_top":
                k[2] += sum(1 for c in d.get("cards", ()) if c == "ta_khi")
            elif kind == "discard":
                n = d.get("n", 1)
                if d.get("card") in KINDS:
                    i = KINDS.index(d["card"])
                    k[i] = max(0, k[i] - n)
                else:
                    self.known[s] = [max(0, x - n) for x in k]
            elif kind == "nhap_ma":
                self.known[s] = [0, 0, 0]

    def floor(self, view: DaoTamView, seat: int, before_claim: bool = False) -> list[int]:
        """The known part of ``seat``'s hand, trimmed to what the view allows."""
        self._grow(view.n_seats)
        k = list(self.before_claim[seat] if before_claim else self.known[seat])
        size = view.hand_sizes[seat] + (view.claim[1] if before_claim and view.claim else 0)
        while sum(k) > size:
            k[k.index(max(k))] -= 1
        return k


# ------------------------------------------------------------------ claim posterior
def plausible_call(disc_up: Sequence[int], size: int, count: int) -> int | None:
    """The call a counting player finds most believable for ``count`` cards from a hand
    of ``size`` (its public count of each real kind); None on a tie."""
    total = _total()
    pop = sum(total) - sum(disc_up)
    p = [hyper_at_least(pop, total[k] - disc_up[k], size, count) for k in range(2)]
    if p[0] == p[1]:
        return None
    return 0 if p[0] > p[1] else 1


def _claims_of(hand: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every (sorted kinds, call) claim a hand can make."""
    out = []
    for a in range(3):
        if hand[a]:
            out += [((a,), c) for c in (0, 1)]
    for a in range(3):
        for b in range(a, 3):
            if (hand[a] >= 2) if a == b else (hand[a] and hand[b]):
                out += [((a, b), c) for c in (0, 1)]
    return out


def claim_model(hand: Sequence[int], dao_tam: int, disc_up: Sequence[int],
                noise: float = 0.08, pair_claim: float = 0.05, randomness: float = 0.0) -> dict:
    """P(claim cards, call | the hand before the claim) for a reasonable player:
    ``{(sorted kinds, call): p}``, the probability of making a claim at all (versus a
    public play) folded in. ``randomness``: the weight of a player choosing uniformly
    among its legal turn actions."""
    claims = _claims_of(hand)
    if not claims:
        return {}
    out: dict = {}
    pair = bool(hand[0] and hand[1])
    rand = randomness / (len(claims) + pair)
    uniform = 1.0 / len(claims)
    if pair:
        for c in claims:
            out[c] = (1 - randomness) * pair_claim * uniform + rand
        return out
    base: dict = {}
    size = sum(hand)
    truthful = hand[0] or hand[1]
    rate = 0.825 * hand[2] / size
    if dao_tam == 1:
        rate /= 2
    p_lie = (1.0 if not truthful else rate) if hand[2] else 0.0
    if p_lie:
        two = 0.3 if hand[2] >= 3 and dao_tam > 1 else 0.0
        for count, pc in ((1, 1 - two), (2, two)):
            if not pc:
                continue
            best = plausible_call(disc_up, size, count)
            for call in (0, 1):
                pcall = 0.5 if best is None else (0.85 if call == best else 0.15)
                key = ((2,) * count, call)
                base[key] = base.get(key, 0.0) + p_lie * pc * pcall
    if p_lie < 1:
        k = 0 if hand[0] >= hand[1] else 1
        key = ((k, k) if hand[k] >= 3 else (k,), k)
        base[key] = base.get(key, 0.0) + 1 - p_lie
    for c in claims:
        out[c] = (1 - randomness) * ((1 - noise) * base.get(c, 0.0) + noise * uniform) + rand
    return out


def claim_posterior(view: DaoTamView, tracker: Tracker) -> list[tuple[float, tuple[int, int, int],
                                                                      tuple[int, ...]]]:
    """The open claim's possible (weight, actor's hand before the claim, claimed cards),
    weights summing to 1, from what ``view.seat`` knows."""
    actor, count, call_name = view.claim              # type: ignore[misc]
    call = CALLS.index(call_name)
    pool = unseen_pool(view, tracker, skip=actor)
    shown = view.revealed_hands[actor]       # Si Mê: the hand is known, the claim cards not
    if shown is not None:
        floor = list(shown)
    else:
        floor = tracker.floor(view, actor, before_claim=True)
        pool = [max(0, pool[k] - floor[k]) for k in range(3)]
    size = view.hand_sizes[actor] + count
    free = size - sum(floor)
    out = []
    disc_up = view.discard_face_up
    rho = tracker.randomness(actor)
    for x0 in range(min(free, pool[0]) + 1):
        for x1 in range(min(free - x0, pool[1]) + 1):
            x2 = free - x0 - x1
            if x2 > pool[2]:
                continue
            prior = comb(pool[0], x0) * comb(pool[1], x1) * comb(pool[2], x2)
            hand = (floor[0] + x0, floor[1] + x1, floor[2] + x2)
            model = claim_model(hand, view.dao_tam[actor], disc_up, randomness=rho)
            drawn = (x0, x1, x2)
            for (cards, c), p in model.items():
                if shown is not None and tuple(cards.count(k) for k in range(3)) != drawn:
                    continue
                if c == call and len(cards) == count and p > 0:
                    out.append((prior * p, hand, cards))
    total = sum(w for w, _, _ in out)
    if not total:       # nothing fits the model: any hand of the size, any cards
        return [(1.0, (0, 0, size), (2,) * count)] if size else []
    return [(w / total, h, c) for w, h, c in out]


def p_lie(posterior: Sequence[tuple[float, Any, tuple[int, ...]]], call: int) -> float:
    return sum(w for w, _, cards in posterior if any(k != call for k in cards))


def unseen_pool(view: DaoTamView, tracker: Tracker, skip: int | None = None) -> list[int]:
    """Chiêu Thức the seat has not seen, less what other seats are known to hold (not
    ``skip``'s): the cards that go at random into hidden places."""
    total = _total()
    me = view.seat
    out = [total[k] - view.discard_face_up[k] - (view.hand[k] if view.hand else 0)
           for k in range(3)]
    for s, h in enumerate(view.revealed_hands):
        if h is not None and s != me:
            out = [out[k] - h[k] for k in range(3)]
    for s in range(view.n_seats):
        if s in (me, skip) or view.revealed_hands[s] is not None or view.status[s] != LIVING:
            continue
        f = tracker.floor(view, s)
        out = [out[k] - f[k] for k in range(3)]
    return [max(0, x) for x in out]


# ---------------------------------------------------------------------------- worlds
def _draw(pool: list[int], n: int, rng: random.Random) -> list[int]:
    """``n`` cards drawn at random from ``pool`` (counts per kind; updated)."""
    got = [0, 0, 0]
    for _ in range(n):
        left = pool[0] + pool[1] + pool[2]
        if left <= 0:
            break
        r = rng.randrange(left)
        k = 0 if r < pool[0] else (1 if r < pool[0] + pool[1] else 2)
        pool[k] -= 1
        got[k] += 1
    return got


class Worlds:
    """Worlds consistent with ``view`` (and what ``tracker`` knows), sampled on demand.

    The engine state is built once from the view's public fields (the state's own
    constructor and attributes; no true state is read); each sample clones it and fills
    in the hidden cards.
    """

    def __init__(self, view: DaoTamView, tracker: Tracker) -> None:
        self.view = view
        self.tracker = tracker
        self.me = me = view.seat
        n = view.n_seats
        deck = default_deck()
        st = DaoTamState(n, 0, {"first": view.first}, deck=deck, _deal=False)
        st.first, st.turn, st.round = view.first, view.turn, view.round
        st.round_limit = view.round_limit
        st.status = list(view.status)
        st.dao_tam = list(view.dao_tam)
        st.ta_niem_left = list(view.ta_niem_left)
        st.opened = [{STAGES[i]: c for i, c in enumerate(o) if c} for o in view.opened]
        st.shield = [SHIELD_CARD if x else None for x in view.shield]
        st.skip = list(view.skip)
        st.si_me = [0 if h is None else (2 if s == view.turn else 1)
                    for s, h in enumerate(view.revealed_hands)]
        st.disc_up = list(view.discard_face_up)
        st.disc_cd = list(view.cd_discard)
        st.reveal_log = list(view.reveal_log)
        st.caught = [list(c) for c in view.caught]
        st.phase = view.phase
        st.waiting = list(view.waiting)
        st._window_seats = tuple(view.waiting)
        st.hands = [list(h) if h is not None else [0, 0, 0] for h in view.revealed_hands]
        st.hands[me] = list(view.hand or (0, 0, 0))
        cd = deck.chinh_list()
        for c in [*view.cd_discard, *(c for o in view.opened for c in o if c),
                  *(SHIELD_CARD for x in view.shield if x)]:
            if c in cd:
                cd.remove(c)
        self.cd_left = cd
        self.base = st
        self.hidden = [s for s in range(n) if s != me and view.revealed_hands[s] is None
                       and view.status[s] == LIVING]
        self.down = view.discard_size - sum(view.discard_face_up)
        self.posterior = None
        if view.phase == CHALLENGE and view.claim is not None and view.claim[0] != me:
            self.posterior = claim_posterior(view, tracker)
            self._cum = []
            acc = 0.0
            for w, _, _ in self.posterior:
                acc += w
                self._cum.append(acc)

    def p_lie(self) -> float:
        if not self.posterior:
            return 0.0
        return p_lie(self.posterior, CALLS.index(self.view.claim[2]))   # type: ignore[index]

    def sample(self, rng: random.Random) -> DaoTamState:
        view, tr = self.view, self.tracker
        st = fork(self.base)
        st.rng = random.Random(rng.getrandbits(32))
        pool = unseen_pool(view, tr)
        actor_hand = None
        if self.posterior:
            r = rng.random() * self._cum[-1]
            i = 0
            while i < len(self._cum) - 1 and self._cum[i] < r:
                i += 1
            _, pre, cards = self.posterior[i]
            actor, _, call = view.claim                  # type: ignore[misc]
            shown = view.revealed_hands[actor] or (0, 0, 0)
            pool = unseen_pool(view, tr, skip=actor)     # the actor's share is drawn here
            pool = [max(0, pool[k] - pre[k] + shown[k]) for k in range(3)]
            held = list(pre)
            table = [0, 0, 0]
            for k in cards:
                held[k] -= 1
                table[k] += 1
            actor_hand = (actor, held, table, cards, call)
        if actor_hand is not None:
            st.hands[actor_hand[0]] = actor_hand[1]
        for s in self.hidden:
            if actor_hand is not None and s == actor_hand[0]:
                continue
            f = tr.floor(view, s)
            got = _draw(pool, view.hand_sizes[s] - sum(f), rng)
            st.hands[s] = [f[k] + got[k] for k in range(3)]
        if actor_hand is not None:
            actor, _, table, cards, call = actor_hand
            st.table = table
            call_k = CALLS.index(call)
            st.claim = (actor, tuple(cards), call)
            st.ctx = {"truthful": all(k == call_k for k in cards)}
        st.disc_down = _draw(pool, self.down, rng)
        deck_ct = [k for k in range(3) for _ in range(pool[k])]
        rng.shuffle(deck_ct)
        st.deck_ct = deck_ct
        cd = list(self.cd_left)
        rng.shuffle(cd)
        st.deck_cd = cd
        return st


# ---------------------------------------------------------------------------- policy
def _normal_challenges(st: DaoTamState, s: int) -> bool:
    """A counting challenger's call in world ``st`` (Normal's rule, from the cards seat
    ``s`` could see: the face-up discards and its own hand)."""
    actor, ks, call = st.claim                              # type: ignore[misc]
    count = len(ks)
    k = CALLS.index(call)
    total = _total()
    h = st.hands[s]
    u = [total[i] - st.disc_up[i] - h[i] for i in range(3)]
    hold = hyper_at_least(max(0, u[0]) + max(0, u[1]) + max(0, u[2]), max(0, u[k]),
                          sum(st.hands[actor]) + count, count)
    p = (1 - hold) + hold * 0.40
    t = 0.62
    rivals = sum(1 for x, stt in enumerate(st.status) if stt == LIVING and x != actor)
    t += 0.04 * (rivals - 2)
    if st.dao_tam[s] == 1:
        t += 0.15
    if st.shield[s] is not None:
        t -= 0.1
    if "tn05" in st.opened[actor].values():
        t += 0.1
    if st.dao_tam[actor] == 1:
        t -= 0.05
    return p > t


def turn_action(st: DaoTamState, s: int, rng: random.Random) -> Action:
    """A Normal-like turn: public play when it can; else a lie with a chance growing with
    the Tà Khí in hand (halved at one Đạo Tâm), or the truth with its commonest kind."""
    h = st.hands[s]
    if h[0] and h[1]:
        return PUBLIC
    size = h[0] + h[1] + h[2]
    rate = 0.825 * h[2] / size
    if st.dao_tam[s] == 1:
        rate /= 2
    if h[2] and (not (h[0] or h[1]) or rng.random() < rate):
        count = 2 if h[2] >= 3 and st.dao_tam[s] > 1 and rng.random() < 0.3 else 1
        best = plausible_call(st.disc_up, size, count)
        call = rng.randrange(2) if best is None else best
        return ("claim", ("ta_khi",) * count, CALLS[call])
    k = 0 if h[0] >= h[1] else 1
    return ("claim", (KINDS[k],) * (2 if h[k] >= 3 else 1), KINDS[k])


class Model:
    """Per seat: the weight of random turn play and the extra readiness to challenge
    (beyond the counting rule) the rollouts give it (from a :class:`Tracker`)."""

    def __init__(self, tracker: Tracker | None, n_seats: int, me: int,
                 uniform: bool = False) -> None:
        self.uniform = uniform          # every seat plays uniformly at random (a baseline)
        self.random_turn = [0.0] * n_seats
        self.extra = [0.0] * n_seats
        if tracker is not None:
            for s in range(n_seats):
                if s != me:
                    r = tracker.randomness(s)
                    self.random_turn[s] = 0.0 if r <= 0.1 else r
                    self.extra[s] = tracker.extra_challenge(s)


NO_MODEL = Model(None, 13, -1)


def step_policy(st: DaoTamState, rng: random.Random, apply: Any, model: Model = NO_MODEL) -> None:
    """Play the next decision of world ``st`` by the rollout policy (a whole window at
    once: the first press among the seats that press, chosen at random)."""
    phase = st.phase
    if model.uniform:
        s = next_actor(st)
        legal = st.legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])
        return
    if phase == TURN:
        s = st.turn
        if model.random_turn[s] and rng.random() < model.random_turn[s]:
            legal = st.legal_actions(s)
            apply(s, legal[rng.randrange(len(legal))])
        else:
            apply(s, turn_action(st, s, rng))
    elif phase == CHALLENGE:
        waiting = list(st.waiting)
        extra = model.extra
        who = [s for s in waiting
               if (extra[s] and rng.random() < extra[s]) or _normal_challenges(st, s)]
        if who:
            apply(who[rng.randrange(len(who))], CHALLENGE_A)
        else:
            for s in waiting:
                apply(s, PASS)
    elif phase == RACE:
        waiting = list(st.waiting)
        actor = st.turn
        others = [s for s in waiting if s != actor]
        if others and (actor not in waiting or rng.random() < 0.1 * len(others)):
            apply(others[rng.randrange(len(others))], SHOUT)
        else:
            apply(actor if actor in waiting else waiting[0], SHOUT)
    elif phase == PUSH:
        s = st.turn
        targets = st.legal_actions(s)
        apply(s, max(targets, key=lambda a: (len(st.opened[a[1]]), st.dao_tam[a[1]],
                                             -sum(st.hands[a[1]]), rng.random())))
    elif phase == OPTION:
        apply(st.pending[0], ("use",))
    else:
        s = st.active_seats()[0]
        legal = st.legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])


def fast_apply(st: DaoTamState) -> Any:
    """The state's cheapest trusted apply (no validation / no events) if it has one."""
    return getattr(st, "advance", None) or getattr(st, "apply_trusted", None) or st.apply


def rollout(st: DaoTamState, rng: Any, turns: int, model: Model = NO_MODEL,
            limit: int = 400, since: int | None = None) -> None:
    """Play world ``st`` by the rollout policy until ``turns`` more turns have started
    since turn count ``since`` (default: now), stopping at that turn's first decision,
    or the game ends."""
    stop = (st.turns if since is None else since) + turns
    apply = fast_apply(st)
    for _ in range(limit):
        if st.phase == "over" or (st.phase == TURN and st.turns >= stop):
            return
        step_policy(st, rng, apply, model)
