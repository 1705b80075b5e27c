"""The agent process (see game/ai/remote.py): reads pickled requests on stdin,
answers decisions on stdout. Run as ``python -m game.ai.worker``. It builds agents
through the registry, for any game whose descriptor the caller has sent ("game")."""

from __future__ import annotations

import os
import pickle
import sys
import time


def main() -> int:
    from game import registry
    inp = sys.stdin.buffer
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)   # stray prints go to stderr, never into the reply pipe
    agents: dict[int, object] = {}
    while True:
        try:
            op, key, args = pickle.load(inp)
        except (EOFError, pickle.UnpicklingError, OSError):
            return 0
        try:
            if op == "game":            # a game's descriptor, from the registry of the caller
                paths, info = args
                sys.path.extend(p for p in paths if p not in sys.path)
                registry.register(info)
            elif op == "make":
                agents[key] = registry.make_agent(*args)
            elif op == "observe":
                agents[key].observe(args)
            elif op == "decide":
                rid, view, legal = args
                t0 = time.perf_counter()
                try:
                    action = agents[key].decide(view, legal)
                    reply = (rid, True, (action, time.perf_counter() - t0))
                except Exception as err:   # reported to the caller, who decides locally
                    reply = (rid, False, f"{type(err).__name__}: {err}")
                pickle.dump(reply, out, protocol=pickle.HIGHEST_PROTOCOL)
                out.flush()
        except Exception as err:  # pragma: no cover - keep serving other agents
            print(f"agent worker: {op} failed: {err!r}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
