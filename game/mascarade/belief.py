"""Belief trackers fed only one seat's observations (§14.2 layer 1, T60).

:class:`WorldSet` keeps weighted worlds ``(perm, know)``: ``perm[pos]`` is the card at a
position, ``know[pos]`` what the position's owner believes it is (-1: unsure; always -1
for middle cards). That second-order knowledge is what matrix trackers lack: after A
peeks and B swaps with A, the world where B took A's card also says B knows it.

Updates follow the table of §14.2: own swaps are deterministic, an opponent's swap splits
every world (weight ``p`` exchanged, ``1 - p`` not), peeks set ``know``, reveals and the
own peek / Spy look filter hard; with ``soft=True`` announcements and non-claims are
weighed as evidence. Identical keys merge; at most ``k_max`` worlds survive, by weight;
if a hard filter kills every world, the set is rebuilt from the last marginals.

:class:`Marginals` is the Easy tracker: a position × card matrix, swaps mix two rows,
reveals are one-hot rows re-balanced by Sinkhorn steps, and rows untouched for
``memory`` turns fade toward the prior (dokan722's ``memoryTime``).

Both take events through :meth:`observe` and answer :meth:`card_probs`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.core import Event

ALPHA, BETA, GAMMA = 0.6, 0.25, 0.15      # announce C: knows C / holds C unknowingly / else
DELTA = 0.25                              # a seat that knows it holds C and stays silent


class WorldSet:
    """Weighted worlds (see the module docstring)."""

    def __init__(self, seat: int, k_max: int = 1500, soft: bool = False, p_swap: float = 0.5,
                 rebuild: int = 500, seed: int = 0) -> None:
        self.seat = seat
        self.k_max, self.soft, self.p, self.n_rebuild = k_max, soft, p_swap, rebuild
        self.rng = random.Random(seed)
        self.worlds: dict[tuple, float] = {}
        self.owner: tuple = ()
        self.cards: tuple = ()              # the multiset of cards, sorted
        self.rebuilds = 0
        self._pending_swap = False
        self._last_ann: tuple | None = None

    # ------------------------------------------------------------------- events
    def observe(self, events: Iterable[Event]) -> None:
        for e in events:
            handler = getattr(self, "_on_" + e.kind, None)
            if handler is not None:
                handler(e)

    def _on_setup(self, e: Event) -> None:
        layout = tuple(e.data["layout"])
        self.owner = tuple(e.data["owner"])
        self.cards = tuple(sorted(layout))
        know = tuple(c if o is not None else -1 for c, o in zip(layout, self.owner, strict=True))
        self.worlds = {(layout, know): 1.0}

    def _on_swap(self, e: Event) -> None:
        if e.seat != self.seat:
            self._split(e.data["a"], e.data["b"], "swap")

    def _on_swap_bit(self, e: Event) -> None:
        self._own_swap(e.data["a"], e.data["b"], e.data["bit"], keep_know=True)

    def _on_fool(self, e: Event) -> None:
        if e.seat != self.seat:
            self._split(e.data["a"], e.data["b"], "fool")

    def _on_fool_bit(self, e: Event) -> None:
        self._own_swap(e.data["a"], e.data["b"], e.data["bit"], keep_know=False)

    def _on_spy_swap(self, e: Event) -> None:
        if e.seat != self.seat:
            self._split(e.data["a"], e.data["b"], "spy")

    def _on_spy_bit(self, e: Event) -> None:
        a, b, bit = e.data["a"], e.data["b"], e.data["bit"]
        out: dict[tuple, float] = {}
        for (perm, know), w in self.worlds.items():
            p = list(perm)
            if bit:
                p[a], p[b] = p[b], p[a]
            k = list(know)
            k[a] = p[a]
            if self.owner[b] is not None:
                k[b] = -1
            key = (tuple(p), tuple(k))
            out[key] = out.get(key, 0.0) + w
        self.worlds = out

    def _on_spy_look(self, e: Event) -> None:
        self._filter({e.data["own"]: e.data["own_card"], e.data["pos"]: e.data["card"]})

    def _on_peek(self, e: Event) -> None:
        pos = e.data["pos"]
        out: dict[tuple, float] = {}
        for (perm, know), w in self.worlds.items():
            k = list(know)
            k[pos] = perm[pos]
            key = (perm, tuple(k))
            out[key] = out.get(key, 0.0) + w
        self.worlds = out

    def _on_peek_result(self, e: Event) -> None:
        self._filter({e.data["pos"]: e.data["card"]})

    def _on_reveal(self, e: Event) -> None:
        self._filter(dict((p, c) for p, c in e.data["cards"]), set_know=True)

    def _on_announce(self, e: Event) -> None:
        self._last_ann = (e.seat, e.data["character"], e.data["pos"])
        if not self.soft or e.seat == self.seat:
            return
        c, pos = e.data["character"], e.data["pos"]
        self._weigh(lambda perm, know: ALPHA if know[pos] == c else
                    BETA if know[pos] == -1 and perm[pos] == c else GAMMA)

    def _on_pass(self, e: Event) -> None:
        if not self.soft or e.seat == self.seat:
            return
        c = e.data["character"]
        mine = [p for p, o in enumerate(self.owner) if o == e.seat]
        self._weigh(lambda perm, know: DELTA if any(know[p] == c for p in mine) else 1.0)

    # ------------------------------------------------------------------ updates
    def _own_swap(self, a: int, b: int, bit: int, keep_know: bool) -> None:
        """My own swap (or Fool swap): I know the bit; the owners of a and b do not
        (for my own swap, I still know what I know about my card)."""
        pub_b = self._certain(b) if keep_know else None
        out: dict[tuple, float] = {}
        for (perm, know), w in self.worlds.items():
            p, k = list(perm), list(know)
            if bit:
                p[a], p[b] = p[b], p[a]
            if keep_know:
                if bit:
                    k[a] = pub_b if pub_b is not None else -1
                if self.owner[b] is not None:
                    k[b] = (know[a] if bit else know[b]) if self.owner[b] == self.seat else -1
            else:
                if self.owner[a] is not None:
                    k[a] = -1
                if self.owner[b] is not None:
                    k[b] = -1
            key = (tuple(p), tuple(k))
            out[key] = out.get(key, 0.0) + w
        self.worlds = out

    def _split(self, a: int, b: int, how: str) -> None:
        """An opponent's secret swap-or-not of positions a and b."""
        pub_b = self._certain(b)
        p1, p0 = self.p, 1.0 - self.p
        out: dict[tuple, float] = {}
        own_a, own_b = self.owner[a] is not None, self.owner[b] is not None
        for (perm, know), w in self.worlds.items():
            sw = list(perm)
            sw[a], sw[b] = sw[b], sw[a]
            sw_t = tuple(sw)
            k1, k0 = list(know), list(know)
            if how == "swap":
                if own_a:
                    k1[a] = pub_b if pub_b is not None else -1
                if own_b:
                    k1[b] = k0[b] = -1
            elif how == "fool":
                for k in (k1, k0):
                    if own_a:
                        k[a] = -1
                    if own_b:
                        k[b] = -1
            else:                                   # spy: the spy (at a) knows both ways
                k1[a], k0[a] = sw_t[a], perm[a]
                if own_b:
                    k1[b] = k0[b] = -1
            if sw_t == perm and k1 == k0:
                key = (perm, tuple(k0))
                out[key] = out.get(key, 0.0) + w
                continue
            key1, key0 = (sw_t, tuple(k1)), (perm, tuple(k0))
            out[key1] = out.get(key1, 0.0) + w * p1
            out[key0] = out.get(key0, 0.0) + w * p0
        self.worlds = out
        self._prune()

    def _certain(self, pos: int) -> int | None:
        first = None
        for perm, _ in self.worlds:
            if first is None:
                first = perm[pos]
            elif perm[pos] != first:
                return None
        return first

    def _weigh(self, like) -> None:
        out = {key: w * like(*key) for key, w in self.worlds.items()}
        total = sum(out.values())
        if total > 0:
            self.worlds = {k: w / total for k, w in out.items()}

    def _filter(self, facts: dict[int, int], set_know: bool = False) -> None:
        out: dict[tuple, float] = {}
        for (perm, know), w in self.worlds.items():
            if all(perm[p] == c for p, c in facts.items()):
                if set_know:
                    k = list(know)
                    for p, c in facts.items():
                        if self.owner[p] is not None:
                            k[p] = c
                    key = (perm, tuple(k))
                else:
                    key = (perm, know)
                out[key] = out.get(key, 0.0) + w
        if not out:
            self._rebuild(facts)
            return
        total = sum(out.values())
        self.worlds = {k: w / total for k, w in out.items()}

    def _prune(self) -> None:
        if len(self.worlds) > self.k_max:
            top = sorted(self.worlds.items(), key=lambda kv: kv[1], reverse=True)[: self.k_max]
            self.worlds = dict(top)
        total = sum(self.worlds.values())
        if total > 0:
            self.worlds = {k: w / total for k, w in self.worlds.items()}

    def _rebuild(self, facts: dict[int, int]) -> None:
        """The true world was pruned: sample layouts that keep ``facts`` from the last
        marginals; nobody is assumed to know their card except the facts' owners."""
        self.rebuilds += 1
        probs = self.card_probs()
        n_pos = len(self.owner)
        out: dict[tuple, float] = {}
        for _ in range(self.n_rebuild):
            left = list(self.cards)
            perm = [-1] * n_pos
            ok = True
            for p, c in facts.items():
                if c in left:
                    left.remove(c)
                    perm[p] = c
                else:
                    ok = False
            if not ok:
                break
            order = [p for p in range(n_pos) if perm[p] < 0]
            self.rng.shuffle(order)
            for p in order:
                weights = [probs[p].get(c, 0.0) + 1e-3 for c in left]
                c = self.rng.choices(left, weights)[0]
                left.remove(c)
                perm[p] = c
            know = tuple(facts.get(p, -1) if self.owner[p] is not None else -1
                         for p in range(n_pos))
            key = (tuple(perm), know)
            out[key] = out.get(key, 0.0) + 1.0
        if not out:
            return
        total = sum(out.values())
        self.worlds = {k: w / total for k, w in out.items()}
        self._prune()

    # ------------------------------------------------------------------ queries
    def card_probs(self) -> list[dict[int, float]]:
        """P(card at position) per position."""
        n_pos = len(self.owner)
        out: list[dict[int, float]] = [{} for _ in range(n_pos)]
        for (perm, _), w in self.worlds.items():
            for p in range(n_pos):
                d = out[p]
                c = perm[p]
                d[c] = d.get(c, 0.0) + w
        return out

    def prob_at(self, pos: int) -> dict[int, float]:
        d: dict[int, float] = {}
        for (perm, _), w in self.worlds.items():
            d[perm[pos]] = d.get(perm[pos], 0.0) + w
        return d

    def knows(self, pos: int, card: int) -> float:
        """P(the owner of ``pos`` believes it holds ``card``)."""
        return sum(w for (_, know), w in self.worlds.items() if know[pos] == card)

    def sample(self, k: int) -> list[tuple]:
        """``k`` worlds drawn by weight (stratified: systematic resampling)."""
        items = list(self.worlds.items())
        if not items:
            return []
        step = 1.0 / k
        u = self.rng.random() * step
        out, acc, i = [], items[0][1], 0
        for _ in range(k):
            while u > acc and i < len(items) - 1:
                i += 1
                acc += items[i][1]
            out.append(items[i][0])
            u += step
        return out


class Marginals:
    """The Easy tracker: a matrix with forgetting (see the module docstring)."""

    def __init__(self, seat: int, memory: int = 6, sinkhorn: int = 3) -> None:
        self.seat, self.memory, self.sinkhorn = seat, memory, sinkhorn
        self.rows: list[dict[int, float]] = []
        self.touched: list[int] = []
        self.prior: dict[int, float] = {}
        self.turn = 0
        self.owner: tuple = ()

    def observe(self, events: Iterable[Event]) -> None:
        for e in events:
            k, d = e.kind, e.data
            if k == "setup":
                self.owner = tuple(d["owner"])
                n = len(d["layout"])
                self.rows = [{c: 1.0} for c in d["layout"]]
                self.touched = [0] * n
                self.prior = {}
                for c in d["layout"]:
                    self.prior[c] = self.prior.get(c, 0.0) + 1.0 / n
            elif k == "turn":
                self.turn = d["turn"]
                self._forget()
            elif k in ("swap", "fool", "spy_swap") and e.seat != self.seat:
                self._mix(d["a"], d["b"])
            elif k in ("swap_bit", "fool_bit", "spy_bit") and d["bit"]:
                a, b = d["a"], d["b"]
                self.rows[a], self.rows[b] = self.rows[b], self.rows[a]
            elif k == "peek_result":
                self._fix(d["pos"], d["card"])
            elif k == "spy_look":
                self._fix(d["own"], d["own_card"])
                self._fix(d["pos"], d["card"])
            elif k == "reveal":
                for p, c in d["cards"]:
                    self._fix(p, c)

    def _mix(self, a: int, b: int) -> None:
        ra, rb = self.rows[a], self.rows[b]
        keys = set(ra) | set(rb)
        m = {c: 0.5 * (ra.get(c, 0.0) + rb.get(c, 0.0)) for c in keys}
        self.rows[a], self.rows[b] = dict(m), dict(m)
        self.touched[a] = self.touched[b] = self.turn

    def _fix(self, pos: int, card: int) -> None:
        self.rows[pos] = {card: 1.0}
        self.touched[pos] = self.turn
        counts: dict[int, float] = {}
        for c, share in self.prior.items():
            counts[c] = share * len(self.rows)
        for _ in range(self.sinkhorn):          # columns sum to the card counts
            col: dict[int, float] = {}
            for r in self.rows:
                for c, v in r.items():
                    col[c] = col.get(c, 0.0) + v
            for i, r in enumerate(self.rows):
                if i == pos:
                    continue
                for c in r:
                    if col.get(c):
                        r[c] *= counts[c] / col[c]
                s = sum(r.values())
                if s > 0:
                    for c in r:
                        r[c] /= s

    def _forget(self) -> None:
        for i, r in enumerate(self.rows):
            if self.turn - self.touched[i] > self.memory:
                for c, v in self.prior.items():
                    r[c] = 0.8 * r.get(c, 0.0) + 0.2 * v
                s = sum(r.values())
                for c in r:
                    r[c] /= s

    def card_probs(self) -> list[dict[int, float]]:
        return [dict(r) for r in self.rows]

    def prob_at(self, pos: int) -> dict[int, float]:
        return dict(self.rows[pos])

    def knows(self, pos: int, card: int) -> float:
        return self.rows[pos].get(card, 0.0) if self.owner[pos] is not None else 0.0
