"""Frame cost of the big screen with phones: the real app (headless, 1280x720 by default)
plays a table twice for the same time — once with every seat a phone (the join panel
starts the server; five simulated phones in another process join, the host starts, the
phones play over WebSockets), once with the same seats as AIs and no phone — and prints
each run's frame work time (the app's own per-frame measure: events, update, pump, draw)
p50 / p99 / max, and the phones' round trips in the phone run.

    python -m tools.phone_frames [--game daotam] [--phones 5] [--seconds 20] [--repeat 3]

With ``--repeat N`` the two kinds of run alternate N times (a busy moment of the machine
falls on both alike) and the medians of their p50 / p99 are printed too.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["CARDTABLE_PARTY_HOST"] = "127.0.0.1"         # phones on this machine only
os.environ.setdefault("CARDTABLE_HISTORY", "off")

import pygame  # noqa: E402

from tools.phone_bench import percentile, phones_process  # noqa: E402


def run(game: str, seats: list[str], seconds: float, size: tuple[int, int], seed: int,
        phones: int) -> dict:
    from scenes.core import phone_host
    from scenes.core.app import App, LaunchOptions
    from scenes.core.boot import first_scene
    from scenes.core.settings_store import Settings
    app = App(LaunchOptions(game=game, seats=",".join(seats), seed=seed, size=size, fps=60,
                            lang="en"), settings=Settings())
    app.stack.push(first_scene(app))
    clock = pygame.time.Clock()
    proc = here = None
    if phones:
        room = app.party.room
        ctx = multiprocessing.get_context("spawn")
        here, there = ctx.Pipe()
        proc = ctx.Process(target=phones_process, daemon=True,
                           args=(there, app.party.port, room.code, room.room_secret, phones,
                                 10**6, seconds, 100.0, seed))
        proc.start()
        while not here.poll(0):                     # the join panel's frames while they join
            app.step()
            clock.tick(60)
        assert here.recv() == "joined"
        button = app.stack.scenes[-1].go_button.rect.center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.stack.handle(pygame.event.Event(kind, pos=button, button=1))
    for _ in range(30):                             # the table's first frames (warm-up)
        app.step()
        clock.tick(60)
    app.frame_times.clear()
    end = time.monotonic() + seconds
    while time.monotonic() < end and app.running:
        app.step()
        clock.tick(60)
    frames = [f * 1000 for f in app.frame_times]
    out = {"seats": ",".join(seats), "frames": len(frames),
           "frame_ms": {"p50": round(percentile(frames, 50), 2), "p99": round(percentile(frames, 99), 2),
                        "max": round(max(frames, default=0.0), 2)}}
    if proc is not None:
        if here.poll(seconds + 30):
            rtts, refused = here.recv()
            ms = [r * 1000 for r in rtts]
            out["round_trips"] = {"n": len(ms), "p50": round(percentile(ms, 50), 2),
                                  "p95": round(percentile(ms, 95), 2), "refused": refused}
        proc.join(5)
    for scene in list(app.stack.scenes):
        match = getattr(scene, "match", None)
        if match is not None:
            match.close()
    phone_host.end(app)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="daotam")
    ap.add_argument("--phones", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args(argv)
    size = tuple(int(x) for x in args.size.split("x"))
    pygame.init()
    runs: dict[str, list[dict]] = {"with_phones": [], "without_phones": []}
    for _ in range(args.repeat):
        os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="phone-frames-")
        runs["with_phones"].append(run(args.game, ["phone"] * args.phones, args.seconds, size,
                                       args.seed, args.phones))
        runs["without_phones"].append(run(args.game, ["normal"] * args.phones, args.seconds, size,
                                          args.seed, 0))
    out: dict = {"game": args.game, "size": args.size, "runs": runs}
    for kind, done in runs.items():
        out[kind] = {q: statistics.median(r["frame_ms"][q] for r in done) for q in ("p50", "p99")}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
