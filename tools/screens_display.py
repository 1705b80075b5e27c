"""Render the display settings to PNG, headless: the settings screen, every table at the
sliders' extremes, and menu / setup / settings / results / a table with large text.

    python tools/screens_display.py --out /tmp/shots --size 1280x720 --lang vi [--only tables]
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

from game import registry  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from scenes.core import grade  # noqa: E402
from scenes.core.app import App, LaunchOptions  # noqa: E402
from scenes.core.settings_store import Settings  # noqa: E402
from tools.screens import drive, shot  # noqa: E402

LOOKS = {"neutral": {}, "min": {"contrast": -5, "grain": -5, "warmth": -5},
         "max": {"contrast": 5, "grain": 5, "warmth": 5}}


def app_for(size, lang: str, **display) -> App:
    return App(LaunchOptions(size=size, lang=lang, fps=0, speed=0), settings=Settings(lang=lang, **display))


def table_for(app: App, game: str, seed: int = 5):
    from scenes.core import nav
    from scenes.screens.setup_options import fresh_options
    n = registry.info(game).min_seats
    match = Match(game, [Seat("human")] + [Seat("normal")] * (n - 1), seed, fresh_options(game, {}))
    drive(match, lambda m: len(m.log) >= 6 and 0 in m.active_seats())
    return nav.make(app, "table", match)


def tables(out: Path, size, lang: str) -> None:
    tag = f"{size[0]}x{size[1]}_{lang}"
    for look, display in LOOKS.items():
        app = app_for(size, lang, **display)
        for game in registry.GAMES:
            app.stack.reset(table_for(app, game))
            shot(app, out / f"{game}_{look}_{tag}.png")


def settings_screens(out: Path, size, lang: str) -> None:
    from scenes.screens.settings import SettingsScene
    tag = f"{size[0]}x{size[1]}_{lang}"
    for look, display in LOOKS.items():
        app = app_for(size, lang, **display)
        scene = SettingsScene(app)
        app.stack.push(scene)
        scene.row.focus = len(scene.rows) - 2           # the colour-temperature slider
        scene.row._sync()
        shot(app, out / f"settings_{look}_{tag}.png")


def large_text(out: Path, size, lang: str) -> None:
    from scenes.screens.menu import MenuScene
    from scenes.screens.results import ResultsScene
    from scenes.screens.settings import SettingsScene
    from scenes.screens.setup import SetupScene
    tag = f"{size[0]}x{size[1]}_{lang}_large"
    app = app_for(size, lang, large_text=True)
    app.stack.push(MenuScene(app))
    shot(app, out / f"menu_{tag}.png")
    app.stack.push(SetupScene(app, "ganjifa", seed=42, options={"time": "night"}))
    shot(app, out / f"setup_{tag}.png")
    app.stack.push(SettingsScene(app))
    shot(app, out / f"settings_{tag}.png")
    for game in registry.GAMES:
        table = table_for(app, game)
        app.stack.reset(table)
        shot(app, out / f"{game}_{tag}.png")
    match = Match("ganjifa", [Seat("human"), Seat("easy"), Seat("hard")], 3, {"time": "day"})
    drive(match, lambda m: False)
    table = table_for(app, "ganjifa")
    table.match = match
    app.stack.reset(table)
    table.over_shown = True
    app.stack.push(ResultsScene(app, table))
    shot(app, out / f"results_{tag}.png")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="shots")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="vi")
    p.add_argument("--only", choices=["tables", "settings", "large"], default=None)
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    size = tuple(int(x) for x in args.size.split("x"))
    os.environ.setdefault("CARDTABLE_HOME", str(out / "home"))
    for name, job in (("settings", settings_screens), ("tables", tables), ("large", large_text)):
        if args.only in (None, name):
            job(out, size, args.lang)
    assert grade.current() is not None
    return 0


if __name__ == "__main__":
    sys.exit(main())
