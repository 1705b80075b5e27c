"""The overlap check's moments as PNGs, with what the check finds in each (headless).

    python tools/screens_overlap.py --out /tmp/shots --only daotam,kowah-checki --size 640x400 --lang vi --large 0,1

Every moment of tests/ui/overlap_moments.py (a prefix in ``--only`` picks some), at each
size, language and text size; prints each collision as the test would report it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CARDTABLE_HISTORY", "off")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from scenes.core import layout_check  # noqa: E402
from tests.ui import overlap_moments  # noqa: E402
from tests.ui.helpers import make_app  # noqa: E402
from tests.ui.test_overlap import check  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path("shots"))
    p.add_argument("--only", default="", help="comma list of moment name prefixes")
    p.add_argument("--size", default="640x400,1280x720,1920x1080")
    p.add_argument("--lang", default="en,vi")
    p.add_argument("--large", default="0,1")
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("CARDTABLE_HOME", str(a.out / "home"))
    only = tuple(filter(None, a.only.split(",")))
    found = 0
    with layout_check.recording():
        app = make_app(size=(1280, 720))
        for name, moment in overlap_moments.moments().items():
            if only and not name.startswith(only):
                continue
            for size in (tuple(int(v) for v in s.split("x")) for s in a.size.split(",")):
                for lang in a.lang.split(","):
                    for large in (x == "1" for x in a.large.split(",")):
                        problems = check(app, moment, size, lang, large, name)
                        tag = f"{name}_{size[0]}x{size[1]}_{lang}{'_large' if large else ''}"
                        pygame.image.save(app.screen, str(a.out / f"{tag}.png"))
                        for line in problems:
                            print(f"[{tag}] {line}")
                        found += len(problems)
    print(f"{found} collisions")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
