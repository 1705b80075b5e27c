"""Đạo Tâm agents. Levels: random, easy, normal, hard. An agent sees only its seat's view
(:class:`game.daotam.rules.DaoTamView`) and the events its seat may see.

* **easy** — makes a public play when it can; otherwise tells the truth when it can and
  lies with the odd Tà Khí; challenges on a hunch (a fixed lie rate, no counting);
  pushes Tà Khí at random; always uses an optional power.
* **normal** — counts cards: a Chiêu Thức is *unseen* unless it is in its hand, face up in
  the discard pile (since the last reshuffle) or in a hand shown by Si Mê. It challenges
  when P(lie) = P(the actor cannot hold the claimed cards) + P(can) × 0.40 beats a
  threshold (0.55; higher at 1 Đạo Tâm and against tn05, lower behind a shield), with
  P(can hold) a hypergeometric tail over the unseen cards. As the actor it lies with
  probability ≈ 0.55 × (share of Tà Khí in hand), halved at 1 Đạo Tâm, calling the kind
  that looks most plausible to the table; possessed, it pushes onto the leader.
* **hard** — searches on the real engine (:mod:`game.daotam.search`): from its view and
  the events it saw it samples worlds (the other hands, the face-down claim cards and
  discards, both decks' order), the claim cards weighted by how likely a reasonable
  player makes that claim from each hand (so the belief that a claim is a lie biases
  the sampling), plays each candidate action in every world with a Normal-like rollout
  policy (adapted to each opponent's observed readiness to challenge and randomness)
  to the end of the turn, and scores where it lands with a value fitted on self-play.
  Its old judgement (expected value of a challenge, a lie rate adjusted to the table's
  challenges) is the favourite the search must clearly beat; pushes avoid a tn03 holder.

Reaction delays are not chosen here: the Match draws them per decision from
``data/daotam.yaml`` (R17), so a human can win a race or a challenge.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.base import RandomAgent
from game.ai.search import SAFETY_WALL_S, Budget, SearchStats, flat_monte_carlo
from game.core import Action, Event
from game.daotam import search as search_mod
from game.daotam.deck import default_deck
from game.daotam.rules import CALLS, DaoTamView
from game.daotam.search import hyper_at_least

KIND = ("cuong", "nhu", "ta_khi")


def unseen(view: DaoTamView) -> list[int]:
    """Chiêu Thức of each kind this seat has not seen (deck, hidden hands, face-down)."""
    total = list(default_deck().chieu_counts())
    out = [total[k] - view.discard_face_up[k] - (view.hand[k] if view.hand else 0)
           for k in range(3)]
    for s, h in enumerate(view.revealed_hands):
        if h is not None and s != view.seat:
            out = [out[k] - h[k] for k in range(3)]
    return [max(0, x) for x in out]


class _Base:
    level = "base"
    think_delay = 0.6
    prior = 0.40
    threshold = 0.62

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.claims = 0
        self.challenges = 0

    def observe(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "claim":
                self.claims += 1
            elif e.kind == "challenge":
                self.challenges += 1

    def decide(self, view: DaoTamView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "challenge":
            return ("challenge",) if self.should_challenge(view) else ("pass",)
        if phase == "race":
            return ("shout",)
        if phase == "push":
            return self.push(view, legal)
        if phase == "option":
            return ("use",)
        return self.act(view, legal)

    # --------------------------------------------------------------- challenge
    def lie_prior(self, view: DaoTamView, actor: int) -> float:
        return self.prior

    def p_can_hold(self, view: DaoTamView, actor: int, count: int, call: str) -> float:
        u = unseen(view)
        k = KIND.index(call)
        size = view.hand_sizes[actor] + count
        return hyper_at_least(sum(u), u[k], size, count)

    def p_lie(self, view: DaoTamView) -> float:
        actor, count, call = view.claim           # type: ignore[misc]
        hold = self.p_can_hold(view, actor, count, call)
        return (1 - hold) + hold * self.lie_prior(view, actor)

    def challenge_threshold(self, view: DaoTamView) -> float:
        me = self.seat
        actor = view.claim[0]                      # type: ignore[index]
        t = self.threshold
        rivals = sum(1 for s, st in enumerate(view.status) if st == "living" and s != actor)
        t += 0.04 * (rivals - 2)                    # others may catch the lie: wait more
        if view.dao_tam[me] == 1:
            t += 0.15
        if view.shield[me]:
            t -= 0.1
        if "tn05" in view.opened[actor]:
            t += 0.1
        if view.dao_tam[actor] == 1:
            t -= 0.05                               # a catch could put them out of the race
        return t

    def should_challenge(self, view: DaoTamView) -> bool:
        return self.p_lie(view) > self.challenge_threshold(view)

    # ------------------------------------------------------------------- turn
    def act(self, view: DaoTamView, legal: list[Action]) -> Action:
        if ("public",) in legal:
            return ("public",)
        hand = view.hand or (0, 0, 0)
        size = sum(hand)
        clog = hand[2] / size if size else 0.0
        truthful = [a for a in legal if all(c == a[2] for c in a[1])]
        if hand[2] and (not truthful or self.rng.random() < self.lie_rate(view, clog)):
            return self.lie(view, hand)
        return self.truth(view, hand, truthful)

    def lie_rate(self, view: DaoTamView, clog: float) -> float:
        rate = 0.55 * clog * 1.5   # clog: the share of Tà Khí in hand (calibrated on §5)
        return rate / 2 if view.dao_tam[self.seat] == 1 else rate

    def plausible_call(self, view: DaoTamView, count: int) -> str:
        """The call the table finds most believable: its public count of each kind."""
        total = list(default_deck().chieu_counts())
        pub = [total[k] - view.discard_face_up[k] for k in range(2)]
        size = view.hand_sizes[self.seat]
        pop = sum(total) - sum(view.discard_face_up)
        p = [hyper_at_least(pop, pub[k], size, count) for k in range(2)]
        return CALLS[0] if p[0] > p[1] or p[0] == p[1] and self.rng.random() < 0.5 else CALLS[1]

    def lie(self, view: DaoTamView, hand: tuple[int, ...]) -> Action:
        two = hand[2] >= 3 and view.dao_tam[self.seat] > 1 and self.rng.random() < 0.3
        count = 2 if two else 1
        return ("claim", ("ta_khi",) * count, self.plausible_call(view, count))

    def truth(self, view: DaoTamView, hand: tuple[int, ...], truthful: list[Action]) -> Action:
        k = 0 if hand[0] >= hand[1] else 1
        if hand[k] >= 3:
            return ("claim", (KIND[k], KIND[k]), KIND[k])
        return ("claim", (KIND[k],), KIND[k])

    # ------------------------------------------------------------------- push
    def push(self, view: DaoTamView, legal: list[Action]) -> Action:
        def lead(a: Action) -> tuple:
            s = a[1]
            stages = sum(1 for c in view.opened[s] if c)
            return (stages, view.dao_tam[s], -view.hand_sizes[s], self.rng.random())
        return max(legal, key=lead)


class EasyAgent(_Base):
    level = "easy"
    think_delay = 0.8

    def should_challenge(self, view: DaoTamView) -> bool:
        return self.rng.random() < 0.3

    def lie_rate(self, view: DaoTamView, clog: float) -> float:
        return 0.3 * clog

    def plausible_call(self, view: DaoTamView, count: int) -> str:
        return self.rng.choice(CALLS)

    def push(self, view: DaoTamView, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class NormalAgent(_Base):
    level = "normal"


class HardAgent(_Base):
    """Search on the real engine over worlds sampled from its view (game.daotam.search).

    Today's judgement stays as the favourite: the challenge rule below (expected value of
    a catch against a wrong challenge) and Normal's turn play with the lie rate adjusted
    to the table's observed readiness to challenge. The search then plays every candidate
    in each sampled world (the rest of the turn by a Normal-like rollout policy, then the
    fitted value of where it lands) and overrides the favourite only when the paired
    difference over the same worlds is clear (``keep_first_z`` standard errors).

    ``worlds`` bounds the work per decision (worlds sampled; every candidate is played in
    each); ``time_budget`` is a wall-clock cap (seconds) as a safety net only. With the
    cap not reached, the same seed gives the same decisions.
    """

    level = "hard"
    think_delay = 0.5

    def __init__(self, seat: int, seed: int = 0, time_budget: float | None = SAFETY_WALL_S,
                 worlds: int = 16, challenge_worlds: int = 24, horizon: int = 1,
                 keep_first_z: float = 1.0, halving: int = 3, search: bool = True,
                 rollout: str = "normal") -> None:
        super().__init__(seat, seed)
        self.time_budget = time_budget
        self.worlds = worlds
        self.challenge_worlds = challenge_worlds
        self.horizon = horizon
        self.keep_first_z = keep_first_z
        self.halving = halving
        self.rollout = rollout          # "normal": the Normal-like policy; "random": uniform
        self.search = search
        self.tracker = search_mod.Tracker()
        self.last_stats: SearchStats | None = None
        self._worlds_cache: tuple[DaoTamView, search_mod.Worlds] | None = None

    def observe(self, events: list[Event]) -> None:
        super().observe(events)
        self.tracker.observe(events)

    def _worlds(self, view: DaoTamView) -> search_mod.Worlds:
        cached = self._worlds_cache
        if cached is not None and cached[0] is view:
            return cached[1]
        w = search_mod.Worlds(view, self.tracker)
        self._worlds_cache = (view, w)
        return w

    # --------------------------------------------------------------- decisions
    def decide(self, view: DaoTamView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "challenge":
            fav = ("challenge",) if self.should_challenge(view) else ("pass",)
            other = ("pass",) if fav == ("challenge",) else ("challenge",)
            return self._search(view, [fav, other], self.challenge_worlds)
        if phase == "turn":
            fav = self.act(view, legal)
            return self._search(view, [fav, *(a for a in legal if a != fav)], self.worlds)
        return super().decide(view, legal)

    def _search(self, view: DaoTamView, actions: list[Action], worlds: int) -> Action:
        if not self.search or worlds <= 0:
            return actions[0]
        me = self.seat
        rng = random.Random(self.rng.getrandbits(32))
        maker = self._worlds(view)
        horizon = self.horizon
        model = search_mod.Model(self.tracker, view.n_seats, me, uniform=self.rollout == "random")

        def sample(r: random.Random) -> tuple[Any, int]:
            return maker.sample(r), r.getrandbits(32)

        def evaluate(world: tuple[Any, int], action: Action, _r: random.Random) -> float:
            st = search_mod.fork(world[0])
            since = st.turns
            st.apply(me, action)
            search_mod.rollout(st, search_mod.FastRng(world[1]), horizon, model, since=since)
            return search_mod.value(st, me)

        budget = Budget(self.time_budget, worlds)
        best, self.last_stats = flat_monte_carlo(
            actions, sample, evaluate, rng, budget, keep_first_z=self.keep_first_z,
            halving=self.halving if len(actions) > self.halving else None)
        return best

    # --------------------------------------------------------------- challenge
    def lie_prior(self, view: DaoTamView, actor: int) -> float:
        challenged, caught = view.caught[actor]
        return (caught + self.prior * 4) / (challenged + 4)

    def p_lie(self, view: DaoTamView) -> float:
        """The chance the open claim is a lie: the posterior over the actor's hand before
        the claim (game.daotam.search.claim_posterior)."""
        return self._worlds(view).p_lie()

    def should_challenge(self, view: DaoTamView) -> bool:
        """Expected value: a catch costs the actor a Đạo Tâm (worth more against a leader,
        decisive when it ends the game), a wrong challenge costs this seat one (its fall
        at 1) and hands the actor a Chính Đạo draw (worth a lot when it may complete
        their third stage)."""
        me = self.seat
        actor = view.claim[0]                                  # type: ignore[index]
        p = self.p_lie(view)
        stages = sum(1 for c in view.opened[actor] if c)
        living = sum(1 for st in view.status if st == "living")
        gain = 0.6 * (1.5 if stages == 2 else 1.0) + 0.05
        if view.dao_tam[actor] == 1:
            gain += 1.0 if living > 2 else 5.0                 # their fall (or my Trụ Vững)
        loss = 0.3 if view.shield[me] else (1.0, 3.0, 1.3, 1.0)[min(view.dao_tam[me], 3)]
        if view.dao_tam[me] == 1 and not view.shield[me] and living == 2:
            loss = 6.0                                         # my fall hands them the game
        draws = 2 if "tn05" in view.opened[actor] else 1
        loss += draws * (0.3 + (1.5 * self.p_completes(view, actor) if stages == 2 else 0.0))
        return p * gain > (1 - p) * loss

    @staticmethod
    def p_completes(view: DaoTamView, seat: int) -> float:
        """Chance that one Chính Đạo draw opens ``seat``'s missing stage."""
        deck = default_deck()
        missing = [st for st, c in zip(("hoc_dao", "hieu_dao", "hanh_dao"), view.opened[seat],
                                       strict=True) if c is None]
        seen = {c for o in view.opened for c in o if c} | set(view.cd_discard)
        hits = sum(1 for c in deck.chinh_dao if c.stage in missing and c.id not in seen)
        left = view.cd_deck_left or len(view.cd_discard)
        return min(1.0, hits / left) if left else 0.0

    # -------------------------------------------------------------------- turn
    def lie_rate(self, view: DaoTamView, clog: float) -> float:
        rate = super().lie_rate(view, clog)
        if self.claims >= 6:
            seen = self.challenges / self.claims
            rate *= max(0.4, min(1.6, (0.30 / max(seen, 0.05)) ** 0.5))
        return min(rate, 0.95)

    def push(self, view: DaoTamView, legal: list[Action]) -> Action:
        def lead(a: Action) -> tuple:
            s = a[1]
            opened = view.opened[s]
            stages = sum(1 for c in opened if c)
            tn03 = "tn03" in opened
            return (not tn03, stages, view.dao_tam[s], -view.hand_sizes[s], self.rng.random())
        return max(legal, key=lead)


def make_agent(level: str, seat: int, seed: int = 0, **kwargs: Any) -> Any:
    cls = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent,
           "hard": HardAgent}.get(level)
    if cls is None:
        raise ValueError(f"unknown level {level!r}")
    return cls(seat, seed, **kwargs)
