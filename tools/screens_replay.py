"""Render the replay screens to PNG, headless, for looking at them: a replay mid-way from a
seat's view and faces up for each game, the setup screen's deal-code row (typing, and a
mistyped code), and the results panel with the code, Rematch and Export.

    python tools/screens_replay.py --out /tmp/shots --size 1280x720 --lang vi
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.autoplay import play_first_legal  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from tools.screens import app_for, shot  # noqa: E402

SEATS = {"ganjifa": 3, "kowah": 3, "daotam": 4, "mascarade": 6}


def recorded(game: str, seed: int = 11) -> dict:
    """A whole game by Normal agents, recorded as if a human had sat at seat 0."""
    m = Match(game, [Seat("normal") for _ in range(SEATS[game])], seed=seed, think_scale=0)
    clock = 0.0
    while not m.is_over() and clock < 50_000:
        clock += 0.25
        m.tick(clock)
    rec = m.to_json()
    rec["seats"][0] = "human"
    m.close()
    return rec


def replay_shots(out: Path, size: tuple[int, int], lang: str, games: list[str]) -> None:
    from scenes.screens.replay import ReplayScene
    tag = f"{size[0]}x{size[1]}_{lang}"
    for game in games:
        app = app_for(size, lang)
        scene = ReplayScene(app, recorded(game))
        app.stack.push(scene)
        scene.seek(scene.replay.length // 2)
        shot(app, out / f"replay_{game}_seat_{tag}.png")
        scene.toggle_faces_up()
        shot(app, out / f"replay_{game}_faces_{tag}.png")


def setup_and_results_shots(out: Path, size: tuple[int, int], lang: str) -> None:
    from game.dealcode import encode
    from scenes.screens.results import ResultsScene
    from scenes.screens.setup import SetupScene
    from scenes.tables.ganjifa import GanjifaTable
    tag = f"{size[0]}x{size[1]}_{lang}"
    app = app_for(size, lang)
    setup = SetupScene(app, "ganjifa", seed=4242, options={"time": "night"})
    app.stack.push(setup)
    shot(app, out / f"setup_code_{tag}.png")
    row = setup.code_row
    row.activate()
    row.buffer = encode("kowah", 3, {}, 777)[:8]
    shot(app, out / f"setup_code_typing_{tag}.png")
    good = encode("ganjifa", 3, {}, 31337)
    row.buffer = good[:-1] + ("A" if good[-1] != "A" else "B")
    row.accept()
    shot(app, out / f"setup_code_bad_{tag}.png")

    match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("hard")], 2024, {"time": "night"})
    play_first_legal(match)
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    table.over_shown = True
    results = ResultsScene(app, table)
    app.stack.push(results)
    shot(app, out / f"results_code_{tag}.png")
    results.export()
    shot(app, out / f"results_exported_{tag}.png")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="shots")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="vi")
    p.add_argument("--games", default=",".join(SEATS))
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("CARDTABLE_HOME", str(out / "home"))
    size = tuple(int(x) for x in args.size.split("x"))
    replay_shots(out, size, args.lang, [g for g in args.games.split(",") if g])
    setup_and_results_shots(out, size, args.lang)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
