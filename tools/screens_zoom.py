"""Render the card zoom (scenes.kit.zoom) on every table to PNG, headless: a hand card of
Ganjifa and Kowah, an opened Tâm Niệm of Đạo Tâm, a face-up Mascarade character.

    python tools/screens_zoom.py --out /tmp/shots --size 1280x720 --lang vi
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.match import Match, Seat  # noqa: E402
from tools.screens import app_for, drive  # noqa: E402

SEATS = {"ganjifa": 3, "kowah": 3, "daotam": 4, "mascarade": 5}


def opened(m: Match) -> bool:
    return any(c for o in m.view(None).opened for c in o) and 0 in m.active_seats()


def moments() -> dict[str, Callable[[Match], bool]]:
    return {"ganjifa": lambda m: len(m.log) >= 6 and 0 in m.active_seats(),
            "kowah": lambda m: len(m.log) >= 6 and 0 in m.active_seats(),
            "daotam": opened,
            "mascarade": lambda m: bool(m.view(None).faceup) and len(m.log) >= 2 and 0 in m.active_seats()}


def targets(table, want: Callable) -> list[tuple[int, int]]:
    """Points whose zoom card passes ``want``, found on a grid over the window."""
    w, h = table.app.size
    step = max(4, h // 120)
    out = []
    for y in range(0, h, step):
        for x in range(0, w, step):
            z = table.zoom_at((x, y))
            if z is not None and want(z):
                out.append((x, y))
    return out


def zoom_shot(game: str, size, lang: str, out: Path, seed: int = 5) -> Path | None:
    from scenes.core import nav
    from scenes.screens.setup_options import fresh_options
    app = app_for(size, lang)
    for s in range(seed, seed + 40):
        match = Match(game, [Seat("human")] + [Seat("normal")] * (SEATS[game] - 1), s, fresh_options(game, {}))
        if drive(match, moments()[game]):
            break
    table = nav.make(app, "table", match)
    app.stack.reset(table)
    for _ in range(3):
        app.step()
    want = {"daotam": lambda z: z.key[1].startswith("tn")}.get(game, lambda z: True)
    points = targets(table, want)
    if not points:
        print(f"{game}: nothing to zoom")
        return None
    pos = points[len(points) // 2]
    if game == "ganjifa":                   # a hand card, on its index medallion
        pos = table.geometry.grab_point(table.geometry._sorted_hand()[len(table.hand) // 2])
    elif game == "kowah":
        pos = table.geometry.grab_point(table.slots[len(table.slots) // 2].idx)
    pos = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(8):                       # a hover held 0.5 s on the table's clock
        app.now = time.perf_counter() - 0.1
        app.step()
    path = out / f"zoom_{game}_{size[0]}x{size[1]}_{lang}.png"
    pygame.image.save(app.screen, str(path))
    print(path, table.zoom.card.key if table.zoom.card else None)
    return path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="shots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--games", default=",".join(SEATS))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    size = tuple(int(x) for x in a.size.split("x"))
    for game in a.games.split(","):
        zoom_shot(game, size, a.lang, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
