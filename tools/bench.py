"""Frame-time benchmark: the table headless on autoplay, one JSON line out.

    python -m tools.bench --game <game> --frames 600 --size 1280x720

Frame time = update + draw (event handling included), excluding the frame-rate sleep.
``cpu_ms`` is the same frames' CPU time on the main thread (``time.thread_time``): the
work a frame does, which a busy machine does not inflate the way it does wall time.
``slow_frames`` lists the worst frames over 16.7 ms after the first (index, wall and CPU
ms, images the card art cached in it), ``cpu_slow_frames`` every frame over it in CPU.
``--why N`` adds each one's N costliest functions by CPU time (every frame is then
profiled, so all the times read high). ``--sample N`` instead samples the main thread's
stack every ~0.5 ms from a second thread (cheap: the frames keep about their times) and
names, for each frame over ``--sample-over`` ms of CPU, its N most sampled call paths
in the project's own code.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import resource
import sys
import threading
import time
from collections import Counter


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


BUDGET_MS = 1000 / 60
SHOW_SLOW = 8           # the worst frames listed by wall time


def _painted(table: object) -> int:
    """How many card images the table's art holds (its caches' sizes, whatever the game)."""
    art = getattr(table, "art", None)
    return sum(len(v) for k, v in vars(art).items() if isinstance(v, dict)) if art is not None else 0


def _top(prof: cProfile.Profile, n: int) -> list[str]:
    """The ``n`` functions with the most own time in one frame's profile."""
    st = pstats.Stats(prof)
    rows = sorted(st.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:n]     # type: ignore[attr-defined]
    return [f"{fn[2]}@{os.path.basename(fn[0])}:{fn[1]} {tt * 1000:.1f}ms x{nc}"
            for fn, (_cc, nc, tt, _ct, _callers) in rows]


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Sampler:
    """Samples the main thread's Python stack from a second thread, tagged with the
    frame the main thread is in; :meth:`paths` names a frame's most sampled call paths."""

    def __init__(self, every: float = 0.0005) -> None:
        self.every = every
        self.frame = -1
        self.samples: dict[int, Counter] = {}
        self._main = threading.main_thread().ident
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._old = sys.getswitchinterval()
        sys.setswitchinterval(self.every)       # the main thread lets the sampler in this often
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        sys.setswitchinterval(self._old)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            f = sys._current_frames().get(self._main)
            i = self.frame
            if f is None or i < 0:
                continue
            path = []
            while f is not None:
                code = f.f_code
                if code.co_filename.startswith(ROOT) and "/tools/bench" not in code.co_filename:
                    path.append(f"{code.co_name}@{os.path.basename(code.co_filename)}:{f.f_lineno}")
                f = f.f_back
            self.samples.setdefault(i, Counter())[" < ".join(path[:7])] += 1

    def paths(self, i: int, n: int) -> list[str]:
        got = self.samples.get(i, Counter())
        total = sum(got.values()) or 1
        return [f"{100 * c // total}% {p}" for p, c in got.most_common(n)]


def _time_saves(match: object) -> list[tuple[float, float]]:
    """(CPU ms, wall ms) of each autosave the match writes from now on (in the frame that
    made the move: the file is written through before the move returns)."""
    out: list[tuple[float, float]] = []
    real = getattr(match, "_save", None)
    if real is None:
        return out

    def timed() -> None:
        c0, w0 = time.thread_time(), time.perf_counter()
        real()
        out.append(((time.thread_time() - c0) * 1000, (time.perf_counter() - w0) * 1000))
    match._save = timed         # type: ignore[attr-defined]
    return out


def main(argv: list[str] | None = None) -> int:
    t_start = time.perf_counter()
    p = argparse.ArgumentParser()
    from scenes.tables.registry import playable
    p.add_argument("--game", default=playable()[0])
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--seats", default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--speed", type=float, default=1.0)
    p.add_argument("--fps", type=int, default=60)
    p.add_argument("--screenshot", default=None)
    p.add_argument("--why", type=int, default=0, help="profile frames; name N costliest functions of slow ones")
    p.add_argument("--sample", type=int, default=0, help="sample stacks; name N commonest paths of slow frames")
    p.add_argument("--sample-over", type=float, default=BUDGET_MS, help="CPU ms a frame must take to be named")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game import registry
    from scenes.core.app import App, LaunchOptions
    from scenes.core.boot import first_scene
    w, h = (int(x) for x in args.size.split("x"))
    n = registry.info(args.game).min_seats
    seats = args.seats or ",".join(["hard"] + ["normal"] * (n - 1))
    opts = LaunchOptions(game=args.game, seats=seats, seed=args.seed, size=(w, h), autoplay=True,
                         speed=args.speed, fps=args.fps, lang="vi")
    app = App(opts)
    app.stack.push(first_scene(app))
    table = app.stack.top
    first_frame = None
    thinking_times: list[float] = []
    cpu: list[float] = []
    slow: list[dict] = []
    clock = pygame.time.Clock()
    saves = _time_saves(getattr(table, "match", None))
    sampler = Sampler() if args.sample else None
    sampled: list[dict] = []
    if sampler:
        sampler.start()
    for i in range(args.frames):
        if not app.running or not app.stack.scenes:
            break
        busy = bool(getattr(table, "match", None) and table.match.thinking())
        before = _painted(table)
        prof = cProfile.Profile(time.thread_time) if args.why else None
        c0 = time.thread_time()
        if prof:
            prof.enable()
        if sampler:
            sampler.frame = i
        work = app.step()
        if sampler:
            sampler.frame = -1
        if prof:
            prof.disable()
        cpu.append((time.thread_time() - c0) * 1000)
        if sampler and i and cpu[-1] > args.sample_over:
            sampled.append({"i": i, "cpu_ms": round(cpu[-1], 1), "painted": max(0, _painted(table) - before),
                            "actions": len(table.match.log) if getattr(table, "match", None) else 0,
                            "paths": sampler.paths(i, args.sample)})
        if busy:
            thinking_times.append(work)
        if i and work * 1000 > BUDGET_MS:
            row = {"i": i, "ms": round(work * 1000, 1), "cpu_ms": round(cpu[-1], 1),
                   "painted": max(0, _painted(table) - before), "thinking": busy}
            if prof:
                row["top"] = _top(prof, args.why)
            slow.append(row)
        pygame.display.flip()
        if first_frame is None:
            first_frame = time.perf_counter() - t_start
        if args.fps:
            clock.tick(args.fps)
    if sampler:
        sampler.stop()
    if args.screenshot:
        pygame.image.save(app.screen, args.screenshot)
    times = [t * 1000 for t in app.frame_times]
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out = {
        "game": args.game, "size": args.size, "frames": len(times), "seats": seats,
        "frame_ms": {"p50": round(percentile(times, 50), 2), "p95": round(percentile(times, 95), 2),
                     "p99": round(percentile(times, 99), 2), "max": round(max(times, default=0), 2)},
        "thinking_frames": len(thinking_times),
        "thinking_max_ms": round(max(thinking_times, default=0) * 1000, 2),
        "frames_over_16ms": sum(1 for t in times if t > 16),
        "cpu_ms": {"p50": round(percentile(cpu, 50), 2), "p95": round(percentile(cpu, 95), 2),
                   "p99": round(percentile(cpu, 99), 2), "max": round(max(cpu, default=0), 2)},
        "over_budget_after_first": len(slow),
        "cpu_over_budget_after_first": sum(1 for c in cpu[1:] if c > BUDGET_MS),
        "max_after_first_ms": round(max(times[1:], default=0), 2),
        "cpu_max_after_first_ms": round(max(cpu[1:], default=0), 2),
        "cpu_after_first_ms": {"p50": round(percentile(cpu[1:], 50), 2),
                               "p99": round(percentile(cpu[1:], 99), 2),
                               "max": round(max(cpu[1:], default=0), 2)},
        "first_frame_s": round(first_frame or 0, 3),
        "max_rss_mb": round(rss_kb / 1024, 1),
        "actions": len(table.match.log) if getattr(table, "match", None) else 0,
    }
    out["slow_frames"] = sorted(slow, key=lambda r: r["ms"], reverse=True)[:SHOW_SLOW]
    out["cpu_slow_frames"] = [r for r in slow if r["cpu_ms"] > BUDGET_MS]
    if saves:
        out["autosave_ms"] = {"saves": len(saves), "cpu_p50": round(percentile([c for c, _ in saves], 50), 3),
                              "cpu_max": round(max(c for c, _ in saves), 3),
                              "wall_max": round(max(w for _, w in saves), 3)}
    if sampler:
        out["sampled_frames"] = sampled
    print(json.dumps(out))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
