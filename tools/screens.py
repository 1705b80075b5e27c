"""Render the main screens to PNG, headless, for looking at them.

    python tools/screens.py --out shots --size 1280x720 --lang vi
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

from game.autoplay import play_with_agents  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from scenes.core.app import App, LaunchOptions  # noqa: E402
from scenes.core.settings_store import Settings  # noqa: E402


def app_for(size, lang) -> App:
    app = App(LaunchOptions(size=size, lang=lang, fps=0, speed=0), settings=Settings(lang=lang))
    return app


def shot(app: App, path: Path, frames: int = 3) -> None:
    for _ in range(frames):
        app.step()
    pygame.image.save(app.screen, str(path))
    print(path)


drive = play_with_agents      # the tools' name for it


def ganjifa_shots(out: Path, size, lang: str) -> None:
    from scenes.screens.menu import MenuScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.setup import SetupScene
    from scenes.tables.ganjifa import GanjifaTable
    tag = f"{size[0]}x{size[1]}_{lang}"
    app = app_for(size, lang)
    app.stack.push(MenuScene(app))
    shot(app, out / f"menu_{tag}.png")
    app.stack.push(SetupScene(app, "ganjifa", seed=42, options={"time": "night"}))
    shot(app, out / f"setup_{tag}.png")

    match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("hard")], 7, {"time": "day"})
    drive(match, lambda m: m.active_seats() == (0,))        # the first decision: 40 cards
    app.stack.reset(GanjifaTable(app, match))
    shot(app, out / f"ganjifa_start_{tag}.png")

    seats = [Seat("human"), Seat("normal"), Seat("hard")]
    match = Match("ganjifa", seats, 7, {"time": "day"})
    drive(match, lambda m: m.state.trick_no >= 9 and len(m.state.trick) == 2 and m.active_seats() == (0,))
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    shot(app, out / f"ganjifa_mid_{tag}.png")
    table.show_last = True
    shot(app, out / f"ganjifa_last_trick_{tag}.png")

    for seed in range(1, 400):
        match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("normal")], seed, {"time": "night"})
        if drive(match, lambda m: m.state.phase == "give" and m.active_seats() == (0,), seed=seed):
            break
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    need = table.controls.give_needed()
    table.selected = list(match.view(0).hand[:max(0, need - 1)])
    shot(app, out / f"ganjifa_dukal_{tag}.png")

    for seed in range(1, 400):
        match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("normal")], seed, {"time": "day"})
        if drive(match, lambda m: m.active_seats() == (0,) and m.state.phase == "lead"
                 and any(a[0] == "dukal" for a in m.legal_actions(0)), seed=seed):
            break
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    for _ in range(3):
        app.step()
    table.controls.open_dukal()
    shot(app, out / f"ganjifa_dukal_choice_{tag}.png")
    for seed in range(1, 400):
        match = Match("ganjifa", [Seat("human"), Seat("normal"), Seat("normal")], seed, {"time": "day"})
        if drive(match, lambda m: bool(m.state.history) and m.state.history[-1].kind == "dukal"
                 and m.active_seats() == (0,), seed=seed):
            break
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    table.show_last = True
    shot(app, out / f"ganjifa_last_dukal_{tag}.png")

    match = Match("ganjifa", [Seat("human"), Seat("easy"), Seat("hard")], 3, {"time": "day"})
    drive(match, lambda m: False)
    table = GanjifaTable(app, match)
    app.stack.reset(table)
    table.over_shown = True
    app.stack.push(ResultsScene(app, table))
    shot(app, out / f"ganjifa_results_{tag}.png")

    from scenes.screens.rules_viewer import RulesScene
    app.stack.push(RulesScene(app, "ganjifa"))
    shot(app, out / f"rules_{tag}.png")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="shots")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="vi")
    p.add_argument("--game", default="ganjifa")
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    size = tuple(int(x) for x in args.size.split("x"))
    os.environ.setdefault("CARDTABLE_HOME", str(out / "home"))
    if args.game == "ganjifa":
        ganjifa_shots(out, size, args.lang)
    else:
        from tools import screens_kowah  # type: ignore[import-not-found]
        screens_kowah.shots(out, size, args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
