"""How much recording games costs, and how fast the statistics screen opens.

    python tools/bench_history.py [--games 10000] [--size 1280x720] [--keep DIR]

1. Writes: ``--games`` made-up games (real logs, see game.history.synthetic) are handed
   to a Recorder as fast as a loop can; reports the time the main thread spent queueing
   them, and the writer thread's time encoding, inserting and committing (wall and CPU),
   with the number of transactions.
2. Opening: with those games recorded, the statistics screen's construction + first draw
   from the menu (the menu drawn first, as a player gets there: the wood background the
   two share is built), the first time in the process (fonts, charts, queries cold) and
   again; then the time of each query on a fresh connection.

Prints one JSON line; the machine's load (``uptime``) is included, as figures are only
meaningful next to it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import history  # noqa: E402
from game.history import synthetic  # noqa: E402


def bench_writes(path: Path, n: int) -> dict:
    records = synthetic.records(n, seed=1, per_game=6)
    recorder = history.Recorder(path)
    recorder.flush()                       # the file is open before the clock starts
    t0 = time.perf_counter()
    for rec in records:
        recorder.record(rec)
    queued = time.perf_counter() - t0
    recorder.flush()
    total = time.perf_counter() - t0
    recorder.close()
    return {"games": n, "queue_s": round(queued, 4), "writer_wall_s": round(recorder.write_seconds, 3),
            "writer_cpu_s": round(recorder.write_cpu_seconds, 3), "until_flushed_s": round(total, 3),
            "transactions": recorder.commits, "db_mb": round(path.stat().st_size / 1e6, 1)}


def bench_open(path: Path, size: tuple[int, int]) -> dict:
    import pygame

    from scenes.core import nav
    from scenes.core.app import App, LaunchOptions
    from scenes.core.settings_store import Settings
    from scenes.screens.menu import MenuScene

    app = App(LaunchOptions(size=size, lang="en", fps=0, speed=0), settings=Settings(lang="en"))
    app.recorder = history.Recorder(path)
    app.recorder.flush()
    out = {}
    menu = MenuScene(app)
    app.stack.push(menu)
    menu.draw(app.screen)                  # the player comes from the menu: its wood is built
    for label in ("first", "again"):
        t0 = time.perf_counter()
        scene = nav.push(app, "stats")
        built = time.perf_counter() - t0
        scene.draw(app.screen)
        out[f"{label}_construct_ms"] = round(1000 * built, 1)
        out[f"{label}_open_ms"] = round(1000 * (time.perf_counter() - t0), 1)
        app.stack.remove(scene)
    reader = history.HistoryReader.open(path, checked=True)
    game = max(reader.counts_by_game().items(), key=lambda kv: kv[1])
    out["game"], out["game_games"] = game
    for name, ask in (("stats", lambda: reader.stats(game[0])),
                      ("recent", lambda: reader.recent(game[0], None, 60)),
                      ("counts", reader.counts_by_game)):
        t0 = time.perf_counter()
        ask()
        out[f"query_{name}_ms"] = round(1000 * (time.perf_counter() - t0), 1)
    reader.close()
    app.recorder.close()
    pygame.quit()
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--keep", type=Path, help="keep the database in this folder")
    a = p.parse_args(argv)
    folder = a.keep or Path(tempfile.mkdtemp(prefix="cardtable-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["CARDTABLE_HOME"] = str(folder)
    path = folder / "history.db"
    if path.exists():
        path.unlink()
    size = tuple(int(v) for v in a.size.lower().split("x"))
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    result = {"writes": bench_writes(path, a.games), "open": bench_open(path, size), "size": a.size,
              "uptime": load}
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
