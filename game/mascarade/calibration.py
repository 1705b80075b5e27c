"""Belief calibration: the Brier score of a tracker's card-at-position probabilities
against the truth (§14.2 validation), per AI level.

    python -m game.mascarade.calibration [--seats 4,8,13] [--games 20] [--seed 0] [--bias]
        [--shadow normal]

All seats of a game play the same level; at the start of every turn each agent's
tracker is scored (mean over positions of Σ_c (p_c − [c is there])²; 0 is perfect, a
uniform guess over k distinct cards scores about 1 − 1/k). Also reports how long
``observe`` takes per event batch (the tracker's update cost), which the arena does
not time. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence

from game.mascarade.ai import HardAgent, NormalAgent, make_agent
from game.mascarade.rules import new_game


def brier(probs: Sequence[dict[int, float]], truth: Sequence[int]) -> float:
    total = 0.0
    for d, c in zip(probs, truth, strict=True):
        total += sum(p * p for k, p in d.items() if k != c) + (1.0 - d.get(c, 0.0)) ** 2
    return total / len(truth)


def measure(level: str, n: int, games: int, seed: int) -> dict:
    scores: list[float] = []
    obs_times: list[float] = []
    for g in range(games):
        st = new_game(n, seed * 10_007 + g)
        agents = [make_agent(level, s, seed=g * 31 + s) for s in range(n)]
        first = st.deal_events()
        for a in agents:
            a.observe([e for e in first if e.visible_to(a.seat)])
        while not st.is_over():
            s = st.active_seats()[0]
            events = st.apply(s, agents[s].decide(st.view(s), st.legal_actions(s)))
            for a in agents:
                t0 = time.perf_counter()
                a.observe([e for e in events if e.visible_to(a.seat)])
                obs_times.append(time.perf_counter() - t0)
            if any(e.kind == "turn" for e in events):
                for a in agents:
                    scores.append(brier(a.tracker.card_probs(), st.cards))
    obs_times.sort()
    return {"brier": round(statistics.fmean(scores), 4) if scores else None,
            "samples": len(scores),
            "observe_ms_p95": round(obs_times[int(0.95 * (len(obs_times) - 1))] * 1000, 3)
            if obs_times else None}


def shadow(n: int, games: int, seed: int, play: str = "normal") -> dict:
    """The trackers alone, on the same games: every seat plays ``play``, and beside each
    seat an Easy, a Normal and a Hard tracker (and a public one, fed only public events:
    the memory aid's "what the table can know") observe that seat's events; each is
    scored against the truth at every turn start. Self-play Brier scores mix tracker
    quality with how a level plays (a level that swaps more is harder to follow)."""
    from game.mascarade.belief import Marginals, WorldSet
    makers = {"easy": lambda s: Marginals(s),
              "normal": lambda s: WorldSet(s, k_max=NormalAgent.k_max, soft=False, seed=s),
              "hard": lambda s: WorldSet(s, k_max=HardAgent.k_max, soft=True, seed=s)}
    scores: dict[str, list[float]] = {k: [] for k in (*makers, "public")}
    for g in range(games):
        st = new_game(n, seed * 10_007 + g)
        agents = [make_agent(play, s, seed=g * 31 + s) for s in range(n)]
        trackers = {k: [m(s) for s in range(n)] for k, m in makers.items()}
        public = WorldSet(None, k_max=HardAgent.k_max, soft=False)
        batch = st.deal_events()
        while True:
            for s in range(n):
                mine = [e for e in batch if e.visible_to(s)]
                agents[s].observe(mine)
                for k in makers:
                    trackers[k][s].observe(mine)
            public.observe([e for e in batch if e.to is None])
            if any(e.kind == "turn" for e in batch):
                for k in makers:
                    scores[k] += [brier(t.card_probs(), st.cards) for t in trackers[k]]
                scores["public"].append(brier(public.card_probs(), st.cards))
            if st.is_over():
                break
            s = st.active_seats()[0]
            batch = st.apply(s, agents[s].decide(st.view(s), st.legal_actions(s)))
    return {k: round(statistics.fmean(v), 4) for k, v in scores.items() if v}


def seat_bias(level: str, n: int, games: int, seed: int) -> list[float]:
    """Win share by seat order from the first player (0 = first to act), all seats at
    ``level``: the arena rotates seats, which cancels this bias rather than showing it."""
    shares = [0.0] * n
    for g in range(games):
        st = new_game(n, seed * 10_007 + g)
        agents = [make_agent(level, s, seed=g * 31 + s) for s in range(n)]
        first = st.deal_events()
        for a in agents:
            a.observe([e for e in first if e.visible_to(a.seat)])
        while not st.is_over():
            s = st.active_seats()[0]
            events = st.apply(s, agents[s].decide(st.view(s), st.legal_actions(s)))
            for a in agents:
                a.observe([e for e in events if e.visible_to(a.seat)])
        winners = st.result().winners
        for w in winners:
            shares[(w - st.first) % n] += 1.0 / len(winners)
    return [round(x / games, 4) for x in shares]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.mascarade.calibration")
    p.add_argument("--seats", default="4,8,13")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--levels", default="easy,normal,hard")
    p.add_argument("--bias", action="store_true", help="win share by order from the first player")
    p.add_argument("--shadow", default="", help="score the three trackers side by side on games "
                                                "played by this level")
    a = p.parse_args(argv)
    out: dict = {}
    if a.shadow:
        for n in (int(x) for x in a.seats.split(",")):
            out[n] = shadow(n, a.games, a.seed, a.shadow)
        print(json.dumps({"games": a.games, "play": a.shadow, "brier": out}, separators=(",", ":")))
        return 0
    if a.bias:
        for n in (int(x) for x in a.seats.split(",")):
            out[n] = {lv: seat_bias(lv, n, a.games, a.seed) for lv in a.levels.split(",")}
        print(json.dumps({"games": a.games, "seat_bias": out}, separators=(",", ":")))
        return 0
    for n in (int(x) for x in a.seats.split(",")):
        out[n] = {lv: measure(lv, n, a.games, a.seed) for lv in a.levels.split(",")}
    print(json.dumps({"games": a.games, "by_seats": out}, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
