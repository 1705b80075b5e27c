"""Benchmark arena: agents against agents, headless, generic over ``game.registry``.

    python -m game.arena <game> --seats hard,random,random --games 90 --seed 1 \
        [--options void_rule=strict,time=night]

Each deal is played once per rotation of the seat list (entry ``i`` of ``--seats`` sits at
seat ``(i + r) % n`` in rotation ``r``), so every entry meets the same cards from every
position and deal luck cancels. ``--games`` is the number of hands to play, rounded up to
whole deals. Figures are reported per entry of ``--seats``.

Games are driven directly (no Match): an agent gets only ``view(seat)``, its legal actions
and, through ``observe``, the events visible to its seat. A ``blind`` agent (Random)
declares that it reads neither, so it is given ``None`` and no events: random-vs-random
hands then measure the engine itself (legal actions, apply). After
every action the arena checks generic invariants (an active seat has a legal action, a finished game has a
result) plus, with ``--invariants`` (``run(..., invariants=True)``, the default from Python,
so tests check), the game's own, if its descriptor names one
(``invariants``, by default ``rules:check_invariants(state) -> list[str]``).

Reaction windows (several active seats) run on a fake clock: every eligible agent
decides when the window opens, its answer is stamped with a reaction delay drawn from
the game's timing YAML (a seeded stream per seat), and a :class:`~game.windows.WindowDesk`
judges them exactly as the Match does — first by time, then tie-break order; defaults at
the deadline. So a real-time game is measured headless, in no time. A hand of random
seats only, without invariant checks, is played by the state's own ``playout`` when it
has one (see :func:`play_hand`); its windows are judged by :class:`PlayoutWindows` by
the same rules and delays.

Prints exactly one JSON line.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.core import IllegalAction, OneSeatAtATime
from game.windows import Timing, WindowDesk

MAX_SAMPLES = 5     # violation messages kept for the report
#: Judge windows with the short path below (what the desk decides when every answer is an
#: agent's decision stamped at the window's opening, timers on, no presses from people);
#: False: with the :class:`WindowDesk` itself (tests compare the two, hand by hand).
FAST_WINDOWS = True
MAX_STEPS = 100_000     # a hand this long is an engine bug (a trick-taking hand takes ~120)
DEAL, AGENT, DELAY, PLAYOUT = 1, 2, 3, 4     # seed-derivation tags


@dataclass
class EntryStats:
    """Accumulated figures for one entry of ``--seats``."""

    level: str
    shares: list[float] = field(default_factory=list)
    wins: int = 0
    outright: int = 0
    times: list[float] = field(default_factory=list)
    closed: int = 0          # windows this entry's closing answer won (first press)


def parse_options(text: str | None) -> dict[str, Any]:
    """``"void_rule=strict,time=night"`` → dict (integers become ints)."""
    out: dict[str, Any] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"option {part!r} is not key=value")
        value = value.strip()
        out[key.strip()] = int(value) if value.lstrip("-").isdigit() else value
    return out


def invariant_hook(game: str) -> Callable[[Any], list[str]] | None:
    """The game's invariant check (its descriptor's ``invariants``), if it has one."""
    return registry.hook(game, "invariants", optional=True)


def _seed(*parts: int) -> int:
    """A well-mixed 31-bit seed from small ints (splitmix64 steps; cheap, deterministic)."""
    return _fold(0x9E3779B97F4A7C15, parts) & 0x7FFFFFFF


def _fold(x: int, parts: Sequence[int]) -> int:
    """:func:`_seed`'s 64-bit state after ``parts``, from ``x``: ``_seed(*a, *b)`` is
    ``_fold(_fold(start, a), b) & 0x7FFFFFFF`` (seeds sharing a prefix share its work)."""
    for p in parts:
        x = (x ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x = (x ^ (x >> 31)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 29
    return x


@dataclass
class HandClock:
    """The fake clock of one hand and what its windows did (made at the first window)."""

    timing: Timing
    rngs: list
    desk: WindowDesk = None  # type: ignore[assignment]
    now: float = 0.0
    windows: int = 0
    closed_by: list[int] = field(default_factory=list)   # seat whose closing answer won
    fast: bool = False          # FAST_WINDOWS: the fields below stand in for the desk
    window_id: int | None = None    # the open window (None: none since the last closed)
    ends_at: float = 0.0
    presses: list[tuple[float, int, int, Any]] = field(default_factory=list)  # (at, seq, seat, action)

    def __post_init__(self) -> None:
        self.desk = WindowDesk(self.timing)

    def close(self) -> None:
        """The engine closed the open window: its queued answers are dropped."""
        if self.fast:
            self.window_id = None
            self.presses.clear()
        else:
            self.desk.sync(None, self.now)    # the next one opens when it is asked


def play_hand(game: str, levels: Sequence[str], seed: int, options: dict,
              agent_seeds: Sequence[int], check: Callable[[Any], list[str]] | None,
              times: list[list[float]], violations: list[str],
              new_state: Callable[..., Any] | None = None,
              make_agent: Callable[[str, int, int], Any] | None = None,
              timing: Timing | None = None, clocks: list[HandClock] | None = None,
              firsts: list | None = None, steps_out: list[int] | None = None,
              blind_levels: dict[str, bool] | None = None) -> Any:
    """Play one hand; ``levels[s]`` sits at seat ``s``. Appends each seat's decision times
    (seconds) to ``times[s]`` and any invariant breach to ``violations``. Returns the
    Result (None if the game broke off). ``new_state``/``make_agent``/``timing`` stand in
    for the registry's (tests inject a ruleset); a hand with windows appends its
    :class:`HandClock` to ``clocks``, its first player (the state's ``first``, None
    if it names none) to ``firsts`` and the number of actions played to ``steps_out``.

    A hand of random seats only (every agent ``blind``) and no invariant check is played by
    the state's own ``playout(rng, limit)`` if it has one: the engine's random-playout loop
    (the one search uses), each active seat choosing uniformly among its legal actions,
    with one stream seeded from the seats' seeds. A game with reaction windows is played
    so only if its state says ``playout_windows = True``: its playout then takes a
    judge, :class:`PlayoutWindows`, which judges each window as the action-by-action
    loop below does (reaction delays from the timing, a fake clock). No decision times
    are recorded for such a hand (there are no agent calls to time).
    ``blind_levels`` (``run`` passes one per run): level -> whether its agent was blind
    in an earlier hand; when every seat's level is known blind, a playout hand makes no
    agents at all (they would not be asked anything)."""
    n = len(levels)
    state = (new_state or (lambda n_, s_, o_: registry.new_game(game, n_, s_, o_)))(n, seed, options)
    if firsts is not None:
        firsts.append(getattr(state, "first", None))
    window = getattr(state, "window", None)
    if getattr(type(state), "window", None) is OneSeatAtATime.window:
        window = None       # the contract's default: never a window, so skip the call per step
    playout = getattr(state, "playout", None) if check is None else None
    if playout is not None and window is not None and not getattr(state, "playout_windows", False):
        playout = None
    if playout is not None and blind_levels and all(blind_levels.get(lv) for lv in levels):
        return _playout_hand(state, playout, window is not None, game, levels, seed, agent_seeds,
                             timing, clocks, steps_out, violations)
    make = make_agent or (lambda lv, s, sd: registry.make_agent(game, lv, s, sd))
    agents = [make(lv, s, agent_seeds[s]) for s, lv in enumerate(levels)]
    blind = [getattr(a, "blind", False) for a in agents]
    if blind_levels is not None:
        blind_levels.update(zip(levels, blind, strict=True))
    if not all(blind) and hasattr(state, "deal_events"):     # blind seats observe nothing
        _publish(agents, state.deal_events(), blind)
    clock = time.perf_counter
    is_over, active_seats = state.is_over, state.active_seats
    legal_actions, view = state.legal_actions, state.view
    # Every action here comes from the position's own legal list (checked below), so a
    # state's unchecked ``apply_trusted``, if it has one, stands in for ``apply``.
    apply = getattr(state, "apply_trusted", state.apply)
    decide = [a.decide for a in agents]
    record = [t.append for t in times]
    observers = [a.observe for a, b in zip(agents, blind, strict=True) if not b]
    if not observers:
        # Nobody reads events: a state's trusted fast path (``advance``: no validation, no
        # events) plays the actions, which the loop below takes only from the legal list.
        apply = getattr(state, "advance", apply)
        if playout is not None and all(blind):
            return _playout_hand(state, playout, window is not None, game, levels, seed,
                                 agent_seeds, timing, clocks, steps_out, violations)
    hand: HandClock | None = None
    steps = 0
    while True:
        active = active_seats()
        if not active:
            if is_over():
                break
            violations.append(f"seed {seed}: no active seat in an unfinished game")
            return None
        w = window() if window is not None else None
        if w is not None:
            if hand is None:
                hand = HandClock(timing or Timing.for_game(game),
                                 [random.Random(_seed(DELAY, sd)) for sd in agent_seeds],
                                 fast=FAST_WINDOWS)
                if clocks is not None:
                    clocks.append(hand)
            answer = _fast_window_answer if hand.fast else _window_answer
            picked = answer(state, w, hand, levels, agents, blind, times, seed, violations)
            if picked is None:
                return None
            seat, action = picked
        else:
            seat = active[0]
            legal = legal_actions(seat)
            if not legal:
                violations.append(f"seed {seed}: seat {seat} is active with no legal action")
                return None
            v = None if blind[seat] else view(seat)
            t0 = clock()
            action = decide[seat](v, legal)
            record[seat](clock() - t0)
            if action not in legal:
                violations.append(f"seed {seed}: seat {seat} chose unlisted {action!r}")
                return None
        try:
            events = apply(seat, action)
        except IllegalAction as err:
            violations.append(f"seed {seed}: seat {seat}: listed {action!r} refused ({err})")
            return None
        if w is not None:
            after = window()
            if after is None or after.id != w.id:
                if action[:1] and action[0] in w.closes_on:
                    hand.closed_by.append(seat)
                hand.close()
        if observers:
            for e in events:    # _publish, inlined for the usual all-public case
                if e.to is not None:
                    _publish(agents, events, blind)
                    break
            else:
                for obs in observers:
                    obs(events[:])
        if check is not None:
            bad = check(state)
            if bad:
                violations.extend(f"seed {seed} step {steps}: {m}" for m in bad)
        steps += 1
        if steps >= MAX_STEPS and active_seats():
            violations.append(f"seed {seed}: no end after {steps} actions")
            return None
    if steps_out is not None:
        steps_out.append(steps)
    return _final(state, seed, violations)


#: (timing, levels by seat) -> PlayoutWindows' plans (see there)
_PLANS: dict[tuple, dict] = {}


class PlayoutWindows:
    """The arena's window judge for a state's ``playout`` (random seats only, see
    :func:`play_hand`): the windows judged by the rules :func:`_fast_window_answer`
    applies, on a fake clock. When a window opens every seat still to answer picks
    uniformly among its legal actions and gets a reaction delay drawn from the game's
    timing for its level and role (:meth:`Timing.reaction_delay`); answers made before
    the deadline are submitted by time, then ``seats`` order, and the seats whose delay
    reaches the deadline get the window's default, in ``seats`` order. Choices and
    delays come from the playout's one stream (the action-by-action loop draws them from
    a stream per seat), so a hand differs from that loop's, not how it is judged. Counts
    windows and whose closing answer won each, like :class:`HandClock`."""

    def __init__(self, timing: Timing, levels: Sequence[str]) -> None:
        self.timing = timing
        self.levels = levels
        self.windows = 0
        self.closed_by: list[int] = []
        # Per kind of window (seats, actor, timing keys): its deadline and, per eligible
        # seat, (place in seats, seat, lo, hi - lo, max(lo, floor)): a reaction delay is
        # max(lo, floor, lo + (hi - lo) * r), as Timing.reaction_delay draws it. Kept for
        # every hand of the same timing and levels (a judge is made per hand).
        key = (timing, tuple(levels))
        plans = _PLANS.get(key)
        if plans is None:
            if len(_PLANS) > 64:
                _PLANS.clear()
            plans = _PLANS[key] = {}
        self._plans: dict[tuple, tuple[float, tuple[tuple[int, int, float, float, float], ...]]] = plans

    def _plan(self, w: Any) -> tuple[float, tuple[tuple[int, int, float, float, float], ...]]:
        timing, rows = self.timing, []
        for seq, s in enumerate(w.seats):
            lo, hi = timing.delay_range(w.ai_delay, self.levels[s], s == w.actor)
            rows.append((seq, s, lo, hi - lo, max(lo, timing.floor)))
        got = self._plans[(w.seats, w.actor, w.ai_delay, w.duration)] = (
            timing.seconds(w.duration), tuple(rows))
        return got

    def __call__(self, state: Any, w: Any, rng: random.Random) -> list[tuple[int, Any]]:
        self.windows += 1
        ends, plan = self._plans.get((w.seats, w.actor, w.ai_delay, w.duration)) or self._plan(w)
        active = state.active_seats()
        legal_actions = state.legal_actions
        rand = rng.random
        presses = []
        late = []
        for seq, s, lo, span, low in plan:
            if s not in active:
                continue
            legal = legal_actions(s)
            action = legal[int(rand() * len(legal))]
            at = lo + span * rand()
            if at < low:
                at = low
            if at < ends:                   # one at the deadline or later never counts
                presses.append((at, seq, s, action))
            else:
                late.append((s, w.default))
        presses.sort()                      # by time, then place in seats (never equal)
        order = [(p[2], p[3]) for p in presses]
        closes = w.closes_on
        for s, action in order:
            if action[0] in closes:
                self.closed_by.append(s)
                break
        return order + late


def _playout_hand(state: Any, playout: Callable[..., int], windows: bool, game: str,
                  levels: Sequence[str], seed: int, agent_seeds: Sequence[int],
                  timing: Timing | None, clocks: list | None, steps_out: list[int] | None,
                  violations: list[str]) -> Any:
    """A random-seat hand played by the state's ``playout`` (see :func:`play_hand`)."""
    rng = random.Random(_seed(PLAYOUT, *agent_seeds))
    if not windows:
        steps = playout(rng, MAX_STEPS)
    else:
        judge = PlayoutWindows(timing or Timing.for_game(game), levels)
        if clocks is not None:
            clocks.append(judge)
        steps = playout(rng, MAX_STEPS, judge)
    if steps_out is not None:
        steps_out.append(steps)
    if not state.is_over():
        violations.append(f"seed {seed}: playout stopped after {steps} actions unfinished")
        return None
    return _final(state, seed, violations)


def _final(state: Any, seed: int, violations: list[str]) -> Any:
    result = state.result()
    if result is None:
        violations.append(f"seed {seed}: finished without a result")
    return result


def _decide(state: Any, s: int, agents: Sequence[Any], blind: Sequence[bool], times: list[list[float]],
            seed: int, violations: list[str]) -> Any:
    """Seat ``s``'s answer in a window, timed; None (and a violation) if it is not listed."""
    legal = state.legal_actions(s)
    t0 = time.perf_counter()
    action = agents[s].decide(None if blind[s] else state.view(s), legal)
    times[s].append(time.perf_counter() - t0)
    if action not in legal:
        violations.append(f"seed {seed}: seat {s} chose unlisted {action!r}")
        return None
    return action


def _window_answer(state: Any, w: Any, hand: HandClock, levels: Sequence[str],
                   agents: Sequence[Any], blind: Sequence[bool], times: list[list[float]],
                   seed: int, violations: list[str]) -> tuple[int, Any] | None:
    """The next answer in an open window, on the hand's fake clock: a new window has
    every eligible agent decide at once (stamped with its reaction delay); the desk then
    says which answer comes first, or the default once the deadline is reached."""
    desk = hand.desk
    active = state.active_seats()
    if desk.sync(w, hand.now):
        hand.windows += 1
        for s in w.seats:
            if s not in active:
                continue
            action = _decide(state, s, agents, blind, times, seed, violations)
            if action is None:
                return None
            delay = hand.timing.reaction_delay(w, s, levels[s], hand.rngs[s])
            desk.press(s, action, hand.now + delay, window_id=w.id)
    waiting = [s for s in w.seats if s in active]
    while True:
        due = desk.next_due(hand.now, waiting)
        if due is not None:
            hand.now = max(hand.now, due.at)
            return due.seat, due.action
        later = desk.next_time(hand.now)
        if later is None:
            violations.append(f"seed {seed}: window {w.id} waits for nobody")
            return None
        hand.now = later


def _fast_window_answer(state: Any, w: Any, hand: HandClock, levels: Sequence[str],
                        agents: Sequence[Any], blind: Sequence[bool], times: list[list[float]],
                        seed: int, violations: list[str]) -> tuple[int, Any] | None:
    """:func:`_window_answer` without the desk, for the arena's windows only: every answer
    is an agent's, stamped when the window opens, timers on, no false starts. The desk
    then submits the earliest answer made before the deadline by a seat still waiting
    (same time: ``seats`` order, then pressing order), and at the deadline the window's
    default for each waiting seat in ``seats`` order — which is what this does."""
    active = state.active_seats()
    seats = w.seats
    if w.id != hand.window_id:                      # it opens now: every agent decides
        hand.window_id = w.id
        hand.windows += 1
        now = hand.now
        ends = hand.ends_at = now + hand.timing.seconds(w.duration)
        presses = hand.presses
        presses.clear()
        delay = hand.timing.reaction_delay
        for seq, s in enumerate(seats):
            if s not in active:
                continue
            action = _decide(state, s, agents, blind, times, seed, violations)
            if action is None:
                return None
            at = now + delay(w, s, levels[s], hand.rngs[s])
            if at < ends:                           # one at the deadline or later never counts
                presses.append((at, seq, s, tuple(action)))
    best = None
    for p in hand.presses:
        if p[2] in active and p[2] in seats and (
                best is None or (p[0], seats.index(p[2]), p[1])
                < (best[0], seats.index(best[2]), best[1])):
            best = p
    if best is not None:
        hand.presses.remove(best)
        hand.now = max(hand.now, best[0])
        return best[2], best[3]
    for s in seats:
        if s in active:
            hand.now = max(hand.now, hand.ends_at)
            return s, w.default
    violations.append(f"seed {seed}: window {w.id} waits for nobody")
    return None


def _publish(agents: Sequence[Any], events: list, blind: Sequence[bool]) -> None:
    """Each sighted agent observes the events its seat may see (each gets its own list)."""
    private = any(e.to is not None for e in events)
    for i, a in enumerate(agents):
        if not blind[i]:
            a.observe([e for e in events if e.visible_to(i)] if private else events[:])


_REGISTRY_FACTORIES = (registry.new_game, registry.make_agent)


def _factories(game: str) -> tuple[Callable[..., Any] | None, Callable[..., Any] | None]:
    """The registry's state and agent factories for ``game`` with the game's functions
    looked up once (not once per hand); None (the registry's, per call) where a caller has
    put its own in the registry (tests do)."""
    new_game, make_agent = _REGISTRY_FACTORIES
    engine = registry.hook(game, "engine") if registry.new_game is new_game else None
    agents = registry.hook(game, "agents") if registry.make_agent is make_agent else None
    return (None if engine is None else
            lambda n, seed, options: engine(n_seats=n, seed=seed, options=options or {}),
            None if agents is None else lambda level, seat, seed: agents(level, seat, seed))


def chi2_sf(x: float, df: int) -> float:
    """P(χ² with ``df`` degrees of freedom ≥ ``x``) (closed forms, no SciPy)."""
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(x) * math.exp(-h) * math.sqrt(2 / math.pi)
    for i in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * i + 1)
    return min(1.0, total)


def position_chi2(wins: Sequence[int]) -> dict:
    """Wins per seat position against an even split: χ², its degrees of freedom, p."""
    total, n = sum(wins), len(wins)
    if total == 0 or n < 2:
        return {"chi2": 0.0, "df": max(n - 1, 0), "p": 1.0}
    exp = total / n
    chi2 = sum((w - exp) ** 2 / exp for w in wins)
    return {"chi2": round(chi2, 2), "df": n - 1, "p": round(chi2_sf(chi2, n - 1), 5)}


def _per_position(pos_wins: dict, pos_games: dict, order_wins: list[int], known: int) -> dict:
    """Win rates by seat index (all seats, and per level) and by place in turn order."""
    n = len(order_wins)
    all_wins = [sum(w[s] for w in pos_wins.values()) for s in range(n)]
    games = max((sum(g[s] for g in pos_games.values()) for s in range(n)), default=0)
    out: dict[str, Any] = {
        "by_seat_win_rate": [round(w / games, 4) if games else None for w in all_wins],
        "by_seat_chi2": position_chi2(all_wins),
        "by_level": {lv: [round(pos_wins[lv][s] / g, 4) if g else None
                          for s, g in enumerate(pos_games[lv])] for lv in pos_wins},
    }
    if known:
        out["by_turn_order_win_rate"] = [round(w / known, 4) for w in order_wins]
        out["by_turn_order_chi2"] = position_chi2(order_wins)
    return out


def _ci95(per_deal: Sequence[float]) -> list[float] | None:
    """95 % interval of a mean over deals (normal approximation). Rotations of one deal
    share its cards, so they are not independent: the deal is the sampling unit."""
    if len(per_deal) < 2:
        return None
    m = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    return [round(m - half, 4), round(m + half, 4)]


def _pct(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def run(game: str, seats: Sequence[str], games: int, seed: int,
        options: dict | None = None, invariants: bool = True) -> dict:
    """Play the benchmark and return the report (see the module docstring).
    ``invariants``: run the game's own invariant check after every action (tests do; the
    command line does only with ``--invariants``, so a benchmark measures the engine)."""
    info = registry.info(game)
    n = len(seats)
    if not info.min_seats <= n <= info.max_seats:
        raise ValueError(f"{game} takes {info.min_seats}–{info.max_seats} seats, not {n}")
    options = dict(options or {})
    check = invariant_hook(game) if invariants else None
    timing = Timing.for_game(game)      # read once, for every hand's windows
    new_state, make_agent = _factories(game)
    entries = [EntryStats(lv) for lv in seats]
    # per seat position: wins[level][seat], and by place in turn order (0 = first player)
    pos_wins = {lv: [0] * n for lv in dict.fromkeys(seats)}
    pos_games = {lv: [0] * n for lv in dict.fromkeys(seats)}
    order_wins = [0] * n
    order_known = 0
    deals = max(1, math.ceil(games / n))
    per_deal_first: list[float] = []
    per_deal_wins: list[list[float]] = [[] for _ in seats]     # per entry: its win rate in each deal
    violations: list[str] = []
    n_violations = 0
    played = windows = 0
    steps_out: list[int] = []
    blind_levels: dict[str, bool] = {}      # level -> its agents are blind (play_hand)
    reasons: dict[str, int] = {}
    detail_sums: dict[str, float] = {}
    t_start = time.perf_counter()
    for d in range(deals):
        deal_seed = _seed(DEAL, seed, d)
        first_shares = []
        deal_wins = [0] * n
        deal_played = 0
        for r in range(n):
            at = [(i + r) % n for i in range(n)]          # entry i -> seat at[i]
            levels = [""] * n
            for i, s in enumerate(at):
                levels[s] = seats[i]
            agent_seeds = [0] * n
            prefix = _fold(0x9E3779B97F4A7C15, (AGENT, seed, d, r))
            for i, s in enumerate(at):
                agent_seeds[s] = _fold(prefix, (i,)) & 0x7FFFFFFF     # _seed(AGENT, seed, d, r, i)
            times: list[list[float]] = [[] for _ in range(n)]
            found: list[str] = []
            clocks: list[HandClock] = []
            firsts: list = []
            result = play_hand(game, levels, deal_seed, options, agent_seeds, check,
                               times, found, new_state=new_state, make_agent=make_agent,
                               timing=timing, clocks=clocks, firsts=firsts,
                               steps_out=steps_out, blind_levels=blind_levels)
            n_violations += len(found)
            room = MAX_SAMPLES - len(violations)
            if room > 0:
                violations.extend(found[:room])
            if result is None:
                continue
            played += 1
            deal_played += 1
            reasons[result.reason or "-"] = reasons.get(result.reason or "-", 0) + 1
            for key, value in result.details.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    detail_sums[key] = detail_sums.get(key, 0.0) + value
            total = sum(result.scores)
            for hand in clocks:
                windows += hand.windows
            first = firsts[0] if firsts else None
            if isinstance(first, int):
                order_known += 1
                for s in result.winners:
                    order_wins[(s - first) % n] += 1
            for i, s in enumerate(at):
                pos_games[seats[i]][s] += 1
                if s in result.winners:
                    pos_wins[seats[i]][s] += 1
                e = entries[i]
                if clocks:
                    e.closed += sum(hand.closed_by.count(s) for hand in clocks)
                share = result.scores[s] / total if total else 1 / n
                e.shares.append(share)
                e.times.extend(times[s])
                if s in result.winners:
                    e.wins += 1
                    deal_wins[i] += 1
                    if len(result.winners) == 1:
                        e.outright += 1
                if i == 0:
                    first_shares.append(share)
        if first_shares:
            per_deal_first.append(statistics.fmean(first_shares))
        if deal_played:
            for i in range(n):
                per_deal_wins[i].append(deal_wins[i] / deal_played)
    wall = time.perf_counter() - t_start
    per_seat = []
    for i, e in enumerate(entries):
        k = max(len(e.shares), 1)
        per_seat.append({
            "entry": i, "level": e.level,
            "mean_share": round(statistics.fmean(e.shares), 4) if e.shares else None,
            "win_rate": round(e.wins / k, 4),
            "outright_win_rate": round(e.outright / k, 4),
            "decisions": len(e.times),
            "decision_ms_p50": round(_pct(e.times, 0.50) * 1000, 3),
            "decision_ms_p95": round(_pct(e.times, 0.95) * 1000, 3),
            "windows_won": e.closed,
            "win_rate_ci95": _ci95(per_deal_wins[i]),
        })
    ci = _ci95(per_deal_first)
    return {
        "game": game, "seats": list(seats), "options": options, "seed": seed,
        "deals": deals, "rotations": n, "games": played,
        "wall_s": round(wall, 3), "hands_per_s": round(played / wall, 2) if wall > 0 else None,
        "ms_per_hand": round(wall / played * 1000, 3) if played else None,
        "actions": sum(steps_out),
        "actions_per_s": round(sum(steps_out) / wall) if wall > 0 else None,
        "windows": windows,
        "win_types": {r: round(c / played, 4) for r, c in sorted(reasons.items())} if played else {},
        "per_game": {k: round(v / played, 3) for k, v in sorted(detail_sums.items())} if played else {},
        "end_reasons": dict(sorted(reasons.items())),
        "per_seat": per_seat,
        "first_seat_share_ci95": ci,
        "per_position": _per_position(pos_wins, pos_games, order_wins, order_known),
        "invariant_violations": n_violations, "violation_samples": violations,
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n")[0])
    p.add_argument("game", choices=sorted(registry.GAMES))
    p.add_argument("--seats", required=True, help="agent levels in seat order, e.g. hard,random,random")
    p.add_argument("--games", type=int, default=30, help="hands to play (rounded up to whole deals)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", default="", help="game options, e.g. void_rule=strict,time=night")
    p.add_argument("--invariants", action="store_true",
                   help="also run the game's invariant check after every action (slower)")
    args = p.parse_args(argv)
    seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
    try:
        report = run(args.game, seats, args.games, args.seed, parse_options(args.options),
                     invariants=args.invariants)
    except ValueError as err:
        p.error(str(err))
    print(json.dumps(report, separators=(",", ":")))
    return 0 if report["invariant_violations"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
