"""Render the hint bubble (and the undo toast) on every table, headless.

    python tools/screens_hints.py --out /tmp/shots --size 1280x720 --lang vi
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

from game.match import Match, Seat  # noqa: E402
from tools.screens import app_for, shot  # noqa: E402

SEATS = {"ganjifa": 3, "kowah": 3, "daotam": 4, "mascarade": 5}
SEEDS = {"ganjifa": 42, "kowah": 7, "daotam": 3, "mascarade": 5}


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step()


def table_for(app, game: str, human_moves: int, want: str = "", seed: int | None = None):
    """A table of ``game`` whose human (seat 0) has made ``human_moves`` moves and may
    act — or, with ``want``, played the hints until one suggests an action of that kind."""
    from game import hints
    from scenes.tables.registry import make_table
    m = Match(game, [Seat("human")] + [Seat("normal")] * (SEATS[game] - 1),
              SEEDS[game] if seed is None else seed, think_scale=0.0, timers=False)
    now, done = 0.0, 0
    for _ in range(5000):
        if 0 in m.active_seats() and len(m.legal_actions(0)) > 1:
            if want:
                action = hints.for_match(m, 0).action
                if action[0] == want:
                    break
                m.submit(0, action)
                continue
            if done >= human_moves:
                break
            m.submit(0, m.legal_actions(0)[0])
            done += 1
        elif 0 in m.active_seats():
            m.submit(0, m.legal_actions(0)[0])
        else:
            now += 1.0
            m.tick(now)
    table = make_table(app, m, fresh=False)
    app.stack.push(table)
    return table


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="/tmp/shots-hints")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="vi")
    p.add_argument("--games", default=",".join(SEATS))
    p.add_argument("--moves", type=int, default=3)
    p.add_argument("--plain", action="store_true", help="no hint: the table as it is")
    p.add_argument("--want", default="", help="play the hints until one is of this kind")
    p.add_argument("--seed", type=int, default=None)
    a = p.parse_args()
    size = tuple(int(x) for x in a.size.split("x"))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    for game in a.games.split(","):
        app = app_for(size, a.lang)
        table_for(app, game, a.moves, a.want, a.seed)
        for _ in range(30):
            app.step()
        tag = f"{game}{'_' + a.want if a.want else ''}_{size[0]}x{size[1]}_{a.lang}"
        if a.plain:
            shot(app, out / f"plain_{tag}.png")
            continue
        key(app, pygame.K_h)
        app.stack.top.assists.wait()
        shot(app, out / f"hint_{tag}.png", frames=5)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_u)            # done in Ganjifa and Kowah, refused with a toast elsewhere
        shot(app, out / f"undo_{tag}.png", frames=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
