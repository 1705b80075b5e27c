"""Frame-time benchmark: the table headless on autoplay, one JSON line out.

    python -m scenes.bench --game ganjifa --frames 600 --size 1280x720

Frame time = update + draw (event handling included), excluding the frame-rate sleep.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


def main(argv: list[str] | None = None) -> int:
    t_start = time.perf_counter()
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="ganjifa")
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--seats", default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--speed", type=float, default=1.0)
    p.add_argument("--fps", type=int, default=60)
    p.add_argument("--screenshot", default=None)
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game import registry
    from scenes.app import App, LaunchOptions
    from scenes.boot import first_scene
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
    clock = pygame.time.Clock()
    for _ in range(args.frames):
        if not app.running or not app.stack.scenes:
            break
        busy = bool(getattr(table, "match", None) and table.match.thinking())
        work = app.step()
        if busy:
            thinking_times.append(work)
        pygame.display.flip()
        if first_frame is None:
            first_frame = time.perf_counter() - t_start
        if args.fps:
            clock.tick(args.fps)
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
        "first_frame_s": round(first_frame or 0, 3),
        "max_rss_mb": round(rss_kb / 1024, 1),
        "actions": len(table.match.log) if getattr(table, "match", None) else 0,
    }
    print(json.dumps(out))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
