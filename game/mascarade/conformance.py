"""Seeded random self-play conformance run (T05, T61 for the random agent):

    python -m game.mascarade.conformance --games 10000 [--counts 2-13] [--seed 0]

For every player count, plays ``--games`` games with uniformly random legal actions
(one in four with a non-default flag set), checks :func:`check_invariants` after every
action (coins conserved with the bank, no negatives, the cards a permutation of the
layout, phase and result agreeing), and replays each game from its action log, which
must give the identical events and result. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence

from game.mascarade.rules import check_invariants, new_game

VARIANTS: tuple[dict, ...] = (
    {}, {}, {},
    {"widow_mode": "topup", "witch_may_decline": False, "thief_two_player": "once"},
    {"forced_swap_after_reveal": False, "first_player": "fixed_seat"},
    {"small_table_mode": "official"},
    {"extra_middle_cards": 1},
    {"extra_middle_cards": 2},
)


def options_for(n: int, i: int) -> dict:
    opts = dict(VARIANTS[(i // 4) % len(VARIANTS)] if i % 4 == 3 else {})
    if "extra_middle_cards" in opts and (n < 6 or n + opts["extra_middle_cards"] > 13):
        opts = {}
    return opts


def _digest(events: list) -> str:
    h = hashlib.blake2b(digest_size=16)
    for e in events:
        h.update(repr((e.kind, e.seat, sorted(e.data.items()), e.to)).encode())
    return h.hexdigest()


def play(n: int, seed: int, options: dict) -> tuple[list, list, object, list[str]]:
    """One random game: (actions, events, result, invariant problems)."""
    st = new_game(n, seed, options)
    rng = random.Random(seed * 7919 + n)
    events = list(st.deal_events())
    log, bad = [], []
    while not st.is_over():
        seat = st.active_seats()[0]
        action = rng.choice(st.legal_actions(seat))
        log.append((seat, action))
        events += st.apply(seat, action)
        problems = check_invariants(st)
        if problems:
            bad += [f"n={n} seed={seed} step={len(log)}: {p}" for p in problems]
            break
    return log, events, st.result(), bad


def replay(n: int, seed: int, options: dict, log: list) -> tuple[list, object]:
    st = new_game(n, seed, options)
    events = list(st.deal_events())
    for seat, action in log:
        events += st.apply(seat, action)
    return events, st.result()


def run(games: int, counts: Sequence[int], seed: int = 0) -> dict:
    out: dict = {"games_per_count": games, "counts": {}, "violations": 0, "replay_mismatches": 0,
                 "samples": []}
    t0 = time.perf_counter()
    for n in counts:
        reasons: Counter = Counter()
        turns = actions = 0
        for i in range(games):
            gseed = seed * 1_000_003 + i
            opts = options_for(n, i)
            log, events, result, bad = play(n, gseed, opts)
            out["violations"] += len(bad)
            out["samples"] += bad[: max(0, 5 - len(out["samples"]))]
            r_events, r_result = replay(n, gseed, opts, log)
            if _digest(r_events) != _digest(events) or r_result != result:
                out["replay_mismatches"] += 1
                if len(out["samples"]) < 5:
                    out["samples"].append(f"n={n} seed={gseed}: replay differs")
            reasons[result.reason if result else "none"] += 1
            turns += result.details["turns"] if result else 0
            actions += len(log)
        out["counts"][n] = {"games": games, "end_reasons": dict(reasons),
                            "mean_turns": round(turns / max(games, 1), 2),
                            "mean_actions": round(actions / max(games, 1), 2)}
    out["wall_s"] = round(time.perf_counter() - t0, 1)
    return out


def _counts(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.mascarade.conformance")
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--counts", default="2-13")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    report = run(a.games, _counts(a.counts), a.seed)
    print(json.dumps(report, separators=(",", ":")))
    return 0 if report["violations"] == 0 and report["replay_mismatches"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
