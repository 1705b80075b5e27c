"""Game-agnostic search helpers for hidden-information games.

Nothing here knows a game's rules. A game's agent supplies callbacks:

* a *world sampler* that turns what its seat knows into one full, concrete guess of the
  hidden information (a determinisation), usually built on :func:`constrained_deal`;
* an *evaluator* that plays one candidate action in one world to the end (a playout)
  and returns the searching seat's utility.

:func:`flat_monte_carlo` runs the classic determinised loop (Perfect Information Monte
Carlo): every sampled world scores *every* candidate, so candidates are compared on the
same deals and luck largely cancels. :func:`ismcts` is a single-observer Information Set
MCTS (Cowling, Powley & Whitehouse 2012) over any state offering the engine contract
(``active_seats``, ``legal_actions``, ``apply``, ``is_over``, ``result``, ``clone``).

Both are time-boxed by a :class:`Budget` and fully deterministic for a given RNG when
the budget has no time limit.

Several seats may be active at once (a reaction window). Search has no clock, so it
plays a window the way timers-off mode does: the seats answer one after another in the
window's tie-break order (:func:`next_actor`), which is also who would win a same-time
tie. It lets later seats see earlier answers; for a playout that is a fair price.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import Action

#: Every Hard's wall-clock cap per decision, in seconds: a safety net only. Hard's budget is
#: work (worlds, playouts), sized to take well under 150 ms on an idle machine; a busy
#: machine makes a decision slower, and only past this cap weaker.
SAFETY_WALL_S = 0.3


def next_actor(state: Any) -> int:
    """The seat a search lets act next: the only active seat, or in a reaction window
    the first eligible seat (tie-break order) still to answer."""
    active = state.active_seats()
    if len(active) > 1:
        window = getattr(state, "window", None)
        w = window() if window is not None else None
        if w is not None:
            for seat in w.seats:
                if seat in active:
                    return seat
    return active[0]


class Budget:
    """An iteration cap, a work cap and/or a wall-clock limit; at least ``min_iterations``
    always run.

    ``work``: a cap on units of work the search reports with :meth:`charge` (for example
    the actions its playouts played), so a busy machine slows a search down rather than
    weakening it; the clock (``seconds``) is then only a safety net. With ``seconds=None``
    only the caps apply, which makes a search reproducible (tests rely on that).
    """

    def __init__(self, seconds: float | None, iterations: int | None,
                 min_iterations: int = 1, work: int | None = None) -> None:
        if seconds is None and iterations is None and work is None:
            raise ValueError("a search budget needs a time limit, an iteration or a work cap")
        self.seconds = seconds
        self.iterations = iterations
        self.min_iterations = min_iterations
        self.work = work
        self.used = 0
        self.done = 0
        self.started = time.perf_counter()

    def spent(self) -> bool:
        """True once the search must stop (call once per iteration, before it)."""
        if self.done < self.min_iterations:
            return False
        if self.iterations is not None and self.done >= self.iterations:
            return True
        if self.work is not None and self.used >= self.work:
            return True
        return self.seconds is not None and time.perf_counter() - self.started >= self.seconds

    def out_of_time(self) -> bool:
        """True once the wall-clock limit has passed (for work inside an iteration)."""
        return self.seconds is not None and time.perf_counter() - self.started >= self.seconds

    def charge(self, units: int) -> None:
        """Count ``units`` of work done (see ``work``)."""
        self.used += units

    def tick(self) -> None:
        self.done += 1


def constrained_deal(
    cards: Sequence[Any], capacity: Sequence[int], allowed: Callable[[int, Any], bool],
    rng: random.Random, tries: int = 20,
) -> list[list[Any]] | None:
    """Deal ``cards`` to seats 0..k-1 so seat i gets exactly ``capacity[i]`` cards and only
    cards ``allowed(i, card)``. Returns None when no attempt succeeds.

    Cards with the fewest possible holders go first; each card then goes to an allowed seat
    with probability proportional to that seat's free room. With two seats this is a
    uniform draw among the consistent deals.
    """
    k = len(capacity)
    if sum(capacity) != len(cards):
        raise ValueError(f"{len(cards)} cards for {sum(capacity)} places")
    options = [[i for i in range(k) if allowed(i, c)] for c in cards]
    order = sorted(range(len(cards)), key=lambda j: len(options[j]))
    for _ in range(tries):
        room = list(capacity)
        hands: list[list[Any]] = [[] for _ in range(k)]
        ok = True
        for j in order:
            seats = [i for i in options[j] if room[i] > 0]
            if not seats:
                ok = False
                break
            total = sum(room[i] for i in seats)
            pick = rng.randrange(total)
            for i in seats:
                pick -= room[i]
                if pick < 0:
                    break
            hands[i].append(cards[j])
            room[i] -= 1
        if ok:
            return hands
        # Late cards can be starved by early random picks; a fresh try usually succeeds.
    return None


@dataclass
class SearchStats:
    """What a search did, for logs and tests."""

    worlds: int = 0
    means: dict = field(default_factory=dict)   # action -> mean utility
    elapsed: float = 0.0


def flat_monte_carlo(
    actions: Sequence[Action],
    sample_world: Callable[[random.Random], Any],
    evaluate: Callable[[Any, Action, random.Random], float],
    rng: random.Random,
    budget: Budget,
    tie_margin: float = 0.0,
    prune_z: float | None = None,
    prune_every: int = 8,
    keep_first_z: float | None = None,
    halving: int | None = None,
    stop_when_one: bool = False,
) -> tuple[Action, SearchStats]:
    """Determinised flat Monte Carlo: each world scores every action; best mean wins.

    ``evaluate`` must not mutate the world it is given (copy it first). Actions earlier in
    ``actions`` win ties, and a later action must beat an earlier one by more than
    ``tie_margin`` (in utility units) — so callers put their heuristic favourite first
    and search only overrides it on evidence.

    With ``prune_z``, every ``prune_every`` worlds an action is dropped when the leader
    beats it by more than ``prune_z`` standard errors of their paired differences (same
    worlds), so the remaining time goes to the close contenders.

    With ``halving=k``, successive halving: after 2, 4, 8, … worlds the better half of
    the actions (by mean on the same worlds, never fewer than ``k``, the first action
    always kept) goes on, so a position with many candidates still gets deep samples of
    its best few.

    When the budget's wall clock runs out inside a world (after the first), that world's
    partial scores are dropped, so every action keeps its scores on the same worlds.

    With ``keep_first_z``, the first action (the caller's favourite) is kept unless the
    best one beats it by more than that many standard errors of their paired
    differences: with few worlds (a tight clock, a big position) the search then defers
    to the heuristic instead of following noise.

    With ``stop_when_one``, pruning goes on down to a single action (not two), and the
    search ends as soon as one is left: the rest of the budget would only sample it.
    """
    if not actions:
        raise ValueError("no actions to search")
    values: list[list[float]] = [[] for _ in actions]
    alive = list(range(len(actions)))
    cut = 2
    while not budget.spent():
        world = sample_world(rng)
        row = []
        for i in alive:
            if budget.done and budget.out_of_time():
                break       # the wall clock ran out inside a world: it is left out
            row.append(evaluate(world, actions[i], rng))
        if len(row) < len(alive):
            break
        for i, v in zip(alive, row, strict=True):
            values[i].append(v)
        budget.tick()
        if prune_z is not None and (len(alive) > 2 or stop_when_one and len(alive) == 2) \
                and budget.done % prune_every == 0:
            alive = _prune(values, alive, prune_z)
        if stop_when_one and len(alive) == 1:
            break
        if halving is not None and budget.done >= cut:
            cut *= 2
            if len(alive) > halving:
                ranked = sorted(alive, key=lambda i: -sum(values[i]))
                keep = set(ranked[:max(halving, (len(alive) + 1) // 2)]) | {0}
                alive = [i for i in alive if i in keep]
    means = [sum(v) / len(v) if v else float("-inf") for v in values]
    best = alive[0]
    for i in alive[1:]:
        if means[i] > means[best] + tie_margin:
            best = i
    if keep_first_z is not None and best != 0 and 0 in alive:
        n = len(values[0])
        diffs = [a - b for a, b in zip(values[best], values[0], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
        if n < 2 or mean <= keep_first_z * math.sqrt(var / n):
            best = 0
    stats = SearchStats(budget.done, {a: m for a, m in zip(actions, means, strict=True)},
                        time.perf_counter() - budget.started)
    return actions[best], stats


def _prune(values: list[list[float]], alive: list[int], z: float) -> list[int]:
    """Keep the actions not clearly worse than the current leader (paired comparison)."""
    n = len(values[alive[0]])
    lead = max(alive, key=lambda i: sum(values[i]))
    top = values[lead]
    keep = []
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(top, values[i], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
        if mean <= z * math.sqrt(var / n):
            keep.append(i)
    return keep


# ---------------------------------------------------------------------------- ISMCTS
class _Node:
    __slots__ = ("action", "actor", "parent", "children", "visits", "avail", "total")

    def __init__(self, action: Hashable | None, actor: int, parent: _Node | None) -> None:
        self.action = action
        self.actor = actor          # the seat that chose ``action``
        self.parent = parent
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def ismcts(
    determinize: Callable[[random.Random], Any],
    utility: Callable[[Any, int], float],
    rng: random.Random,
    budget: Budget,
    rollout: Callable[[Any, int, list[Action], random.Random], Action] | None = None,
    exploration: float = 0.7,
    seat: int | None = None,
) -> tuple[Action, SearchStats]:
    """Single-observer ISMCTS from the point of view of the seat to move (``seat``, when
    several are active: a seat answering a window decides its own answer first).

    ``determinize(rng)`` returns a fresh full state consistent with what that seat knows;
    the search mutates it. Every seat's decisions share one tree keyed by action, so an
    opponent's node averages over the worlds (the usual SO-ISMCTS simplification).
    ``utility(state, seat)`` scores a finished state for a seat, ideally in [0, 1].
    ``rollout`` picks playout moves (uniform random by default). Availability counts make
    UCB fair to actions that are legal in only some worlds.
    """
    root = _Node(None, -1, None)
    pick = rollout or (lambda _s, _seat, legal, r: r.choice(legal))
    while not budget.spent():
        state = determinize(rng)
        node = root
        while not state.is_over():      # selection, then one expansion
            actor = seat if node is root and seat is not None else next_actor(state)
            legal = state.legal_actions(actor)
            untried = []
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = node.children[a] = _Node(a, actor, node)
                child.avail = 1
                state.apply(actor, a)
                node = child
                break
            node = max((node.children[a] for a in legal),
                       key=lambda c: c.total / c.visits
                       + exploration * math.sqrt(math.log(c.avail) / c.visits))
            state.apply(actor, node.action)
        while not state.is_over():      # playout
            actor = next_actor(state)
            state.apply(actor, pick(state, actor, state.legal_actions(actor), rng))
        scores = [utility(state, s) for s in range(state.n_seats)]
        while node.parent is not None:  # backpropagation, each node for its chooser
            node.visits += 1
            node.total += scores[node.actor]
            node = node.parent
        budget.tick()
    if not root.children:
        raise ValueError("ISMCTS ran no iteration")
    best = max(root.children.values(), key=lambda c: (c.visits, c.total))
    stats = SearchStats(budget.done, {a: c.total / max(c.visits, 1)
                                      for a, c in root.children.items()},
                        time.perf_counter() - budget.started)
    return best.action, stats
