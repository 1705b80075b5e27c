"""Render the statistics screen to PNG, headless: a made-up history of a few hundred games
(every game, level and mode), and the empty state.

    python tools/screens_stats.py --out /tmp/shots --size 1280x720 --lang vi [--games 400]
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

from game import history  # noqa: E402
from game.history import synthetic  # noqa: E402
from scenes.core import nav  # noqa: E402
from scenes.core.app import App, LaunchOptions  # noqa: E402
from scenes.core.settings_store import Settings  # noqa: E402


def fill(path: Path, n: int, seed: int = 11) -> None:
    recorder = history.Recorder(path)
    for rec in synthetic.records(n, seed=seed, per_game=6):
        recorder.record(rec)
    recorder.close()


def render(out: Path, size: tuple[int, int], lang: str, db: Path, tag: str,
           game: str | None = None, mode: str | None = None, scroll: int = 0) -> Path:
    app = App(LaunchOptions(size=size, lang=lang, fps=0, speed=0), settings=Settings(lang=lang))
    app.recorder = history.Recorder(db)
    scene = nav.push(app, "stats", game=game, mode=mode)
    scene.scroll(scroll)
    app.step()
    path = out / f"stats_{tag}_{size[0]}x{size[1]}_{lang}.png"
    pygame.image.save(app.screen, str(path))
    app.recorder.close()
    scene.exit()
    pygame.quit()
    print(path)
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path("shots"))
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="vi")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--watch", action="store_true", help="register a stand-in 'replay' scene")
    a = p.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    size = tuple(int(v) for v in a.size.lower().split("x"))
    home = Path(tempfile.mkdtemp(prefix="cardtable-stats-"))
    os.environ["CARDTABLE_HOME"] = str(home)
    if a.watch and "replay" not in nav.SCENES:
        nav.register("replay", lambda app, record: None)
    render(a.out, size, a.lang, home / "empty.db", "empty")
    db = home / "history.db"
    fill(db, a.games)
    for game, mode in (("ganjifa", None), ("kowah", "ai"), ("daotam", None), ("mascarade", "party")):
        render(a.out, size, a.lang, db, f"{game}_{mode or 'all'}", game, mode)
    return 0


if __name__ == "__main__":
    sys.exit(main())
