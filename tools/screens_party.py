"""Render a same-screen party (two humans and an AI) to PNG: the first handoff, the table
after the confirm, the table gone public after that human's move, the next handoff.

    python tools/screens_party.py --game kowah --out shots --size 1280x720 --lang vi
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import registry  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from scenes.core import session  # noqa: E402
from scenes.core.app import App, LaunchOptions  # noqa: E402
from scenes.core.settings_store import Settings  # noqa: E402
from scenes.screens.handoff import HandoffScene  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="ganjifa")
    p.add_argument("--out", type=Path, default=Path("shots"))
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="en")
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args()
    size = tuple(int(x) for x in a.size.split("x"))
    a.out.mkdir(parents=True, exist_ok=True)
    app = App(LaunchOptions(size=size, lang=a.lang, fps=0, speed=0), settings=Settings(lang=a.lang))
    app.settings.anim_speed = 1.0
    options = {"time": "day"} if a.game == "ganjifa" else {}
    match = Match(a.game, [Seat("human"), Seat("human"), Seat("normal")], a.seed, options)
    table = session.make_table(app, match, fresh=True)
    app.stack.push(table)
    agents = {s: registry.make_agent(a.game, "normal", s, s) for s in (0, 1)}
    prefix = f"party-{a.game}-{a.size}-{a.lang}"
    shots = 0
    moved_at = None
    for frame in range(4000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            pygame.image.save(app.screen, str(a.out / f"{prefix}-{shots}-handoff.png"))
            shots += 1
            top.confirm()
            app.now = time.perf_counter() - 0.05
            app.step()
            pygame.image.save(app.screen, str(a.out / f"{prefix}-{shots}-confirmed.png"))
            shots += 1
            if shots >= 6:
                break
        elif top is table and table.viewer_can_act:
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
            moved_at = frame
        app.now = time.perf_counter() - 0.05
        app.step()
        if moved_at is not None and frame == moved_at + 3 and app.stack.top is table:
            pygame.image.save(app.screen, str(a.out / f"{prefix}-{shots}-after-move.png"))
            shots += 1
    print("\n".join(sorted(str(x) for x in a.out.glob(prefix + "*"))))


if __name__ == "__main__":
    main()
