"""Render the menu's save screens to PNG, headless: a damaged save's notice, two
unfinished games, the replace-hand question.

    python tools/screens_saves.py --out /tmp/shots --size 1280x720 --lang vi
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from scenes.core.app import App, LaunchOptions  # noqa: E402
from scenes.core.settings_store import Settings  # noqa: E402


def shot(app: App, path: Path, frames: int = 3) -> None:
    for _ in range(frames):
        app.step()
    pygame.image.save(app.screen, str(path))
    print(path)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path("shots"))
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="vi")
    args = p.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.size}_{args.lang}"
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
    from scenes.core import session
    from scenes.screens.menu import MenuScene
    from tests.engine.save_cases import good_save

    def app_for() -> App:
        return App(LaunchOptions(size=size, lang=args.lang, fps=0, speed=0),
                   settings=Settings(lang=args.lang))

    good_save(session.save_path("ganjifa"), "ganjifa", moves=20)
    good_save(session.save_path("kowah"), "kowah", moves=30)
    app = app_for()
    app.stack.push(MenuScene(app))
    shot(app, args.out / f"menu_two_unfinished_{tag}.png")
    app.stack.top.new("ganjifa")
    shot(app, args.out / f"menu_replace_{tag}.png")

    data = session.save_path("ganjifa").read_bytes()
    session.save_path("ganjifa").write_bytes(data.replace(b'"seed":21', b'"seed":' + b"9" * 5000))
    (session.user_dir() / "current.json").write_bytes(b"\x00\xff garbage")
    app.stack.reset(MenuScene(app))
    shot(app, args.out / f"menu_damaged_{tag}.png")
    app.stack.top.ask_quit()
    shot(app, args.out / f"menu_quit_{tag}.png")
    pygame.quit()


if __name__ == "__main__":
    main()
