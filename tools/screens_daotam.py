"""Render the Đạo Tâm table's signature moments to PNG, headless: a claim with the ring
running, a challenge burst, a token flip mid-way, a shout race, a Nhập Ma turn, a Khai
Sáng win (the sweep, then the results), and in hot-seat the handoff and a peek — and each
§3.5 moment caught mid-way (scenes/tables/daotam/effects.py): ``strike`` (Phản Đòn!),
``lie`` / ``truth`` (the verdict and who pays), ``pays`` (the token that turns),
``amduong`` (a public play), ``pop`` and ``steal`` (the shout race), ``cdflip`` (a Chính
Đạo draw), ``smoke`` (a fall into Nhập Ma); Khai Sáng is rare between AIs, so when no game
reaches it a staged one is shot (``win-align``, ``win``, ``win-end``).

    python tools/screens_daotam.py --out /tmp/shots --seats 3,5 --size 1280x720,1920x1080 --lang vi,en

The table runs on its own clock in fixed steps (update only; a frame is drawn only to
shoot it; tools/film.py); the human seats are played by an agent through ``table.submit``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import registry  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from scenes.core.app import App, LaunchOptions  # noqa: E402
from scenes.core.settings_store import Settings  # noqa: E402
from scenes.screens.handoff import HandoffScene  # noqa: E402

DT = 1 / 30
Check = Callable[[object], bool]


def app_for(size: tuple[int, int], lang: str) -> App:
    app = App(LaunchOptions(size=size, lang=lang, fps=0, speed=1.0), settings=Settings(lang=lang))
    return app


def save(app: App, path: Path) -> None:
    app.stack.draw(app.screen)
    pygame.image.save(app.screen, str(path))
    print(path)


def moments() -> dict[str, Check]:
    """What to shoot, as predicates on the table (the first frame each holds)."""
    def ring(table) -> bool:
        r = table.ring.reading(table.match, table.clock)
        return (table.match.state.phase == "challenge" and r is not None and not r.stopped
                and 0.3 < r.fraction < 0.6)

    def race(table) -> bool:
        r = table.ring.reading(table.match, table.clock)
        return table.match.state.phase == "race" and r is not None and not r.stopped and r.fraction < 0.92

    def burst(table) -> bool:
        return table.ring.burst_seat is not None and 0.2 < table.ring.burst_p < 0.45

    def flip(table) -> bool:
        return any(0.2 < tok.scale_x < 0.6 for toks in table.tokens for tok in toks)

    def nhap_ma(table) -> bool:
        return table.match.state.phase == "push" and table.viewer_can_act

    def sweep(table) -> bool:
        return 0.4 < table.fx.sweep_p < 0.8

    def turn(table) -> bool:
        return table.match.state.phase == "turn" and table.viewer_can_act

    def live(kind: str, lo: float = 0.3, hi: float = 0.75, **want) -> Check:
        """A §3.5 moment mid-way (scenes/tables/daotam/effects.py)."""
        def check(table) -> bool:
            got = table.effects.get(kind, table.clock)
            return (got is not None and lo < got[0] < hi
                    and all(got[1].get(k) == v for k, v in want.items()))
        return check

    def pop(table) -> bool:
        return table.model.pop is not None and 0.35 < table.model.pop[1] < 0.65

    def cd_flip(table) -> bool:
        return table.model.cd_shown is not None and 0.3 < table.model.cd_x < 0.7

    return {"turn": turn, "ring": ring, "race": race, "burst": burst, "flip": flip, "nhapma": nhap_ma,
            "win": sweep, "strike": live("strike", 0.35, 0.6), "lie": live("verdict", caught="lie"),
            "truth": live("verdict", caught="truth"), "pays": live("token"), "amduong": live("am_duong", 0.2, 0.6),
            "steal": live("steal", 0.5, 0.9), "pop": pop, "cdflip": cd_flip, "smoke": live("ma", 0.25, 0.6)}


def play(app: App, n: int, seed: int, want: dict[str, Check], out: Path, tag: str,
         level: str = "easy") -> set[str]:
    """One game, seat 0 human (an agent decides for it); shoot each moment still wanted."""
    from scenes.screens.results import ResultsScene
    from tools.film import Film

    def at_table(check: Check) -> Callable[[Film], bool]:
        return lambda film: film.at_table and check(film.table)

    def khai_sang(film: Film) -> bool:
        return film.match.is_over() and film.match.result().reason == "khai_sang"
    checks = {name: at_table(check) for name, check in want.items()}
    if "win" in want:
        checks["win"] = lambda film: khai_sang(film) and at_table(want["win"])(film)
    if "results" in want:
        checks["results"] = lambda film: isinstance(film.app.stack.top, ResultsScene) and khai_sang(film)
    film = Film(app, "daotam", n, seed, human_level=level)
    return film.run(checks, lambda name: save(app, out / f"daotam-{tag}-{name}.png"))


def staged_win(app: App, n: int, out: Path, tag: str) -> None:
    """Khai Sáng is rare between AIs: a fresh table whose first seat has opened one Tâm
    Niệm of each stage, handed the win event, shot mid-sweep and as it ends (a staged
    scene: the engine's state is edited for the picture only)."""
    from game.core import Event
    from scenes.tables.daotam import DaoTamTable
    match = Match("daotam", [Seat("human")] + [Seat("normal")] * (n - 1), 3)
    deck = match.state.deck
    for stage in ("hoc_dao", "hieu_dao", "hanh_dao"):
        match.state.opened[0][stage] = next(c.id for c in deck.by_id.values() if c.stage == stage)
    table = DaoTamTable(app, match, fresh=True)
    app.stack.reset(table)
    table.on_event(Event("win", None, {"winners": [0], "reason": "khai_sang"}))
    shots = {"win-align": (0.15, 0.3), "win": (0.5, 0.7), "win-end": (0.97, 1.01)}
    for _ in range(200):
        table.anim.update(DT / 2)
        p = table.fx.sweep_p
        for name, (lo, hi) in list(shots.items()):
            if lo < p < hi:
                save(app, out / f"daotam-{tag}-{name}.png")
                del shots[name]
        if not shots or not table.anim.busy:
            break


def hot_seat(app: App, n: int, seed: int, out: Path, tag: str) -> set[str]:
    """Two humans and AIs: the handoff screen, then a peek during a window."""
    from scenes.tables.daotam import DaoTamTable
    from scenes.tables.daotam.table import PEEK_KEYS
    match = Match("daotam", [Seat("human"), Seat("human")] + [Seat("normal")] * (n - 2), seed)
    table = DaoTamTable(app, match, fresh=True)
    app.stack.reset(table)
    agents = {s: registry.make_agent("daotam", "normal", s, seed + s) for s in (0, 1)}
    got: set[str] = set()
    for _ in range(30000):
        top = app.stack.top
        if match.is_over():
            break
        if isinstance(top, HandoffScene):
            if "handoff" not in got:
                save(app, out / f"daotam-{tag}-handoff.png")
                got.add("handoff")
            top.confirm()
        elif top is table and table.viewer_can_act and match.state.phase in ("turn", "push", "option"):
            seat = table.viewer
            table.submit(agents[seat].decide(match.view(seat), match.legal_actions(seat)))
        elif (top is table and "peek" not in got and table.looking is None
              and match.open_window() is not None and 1 in match.state.waiting):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=PEEK_KEYS[1], mod=0, unicode=""))
            for event in pygame.event.get():
                app.dispatch(event)
            app.stack.update(DT * 6)                 # the cover, its bar filling
            save(app, out / f"daotam-{tag}-peekcover.png")
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
            for event in pygame.event.get():
                app.dispatch(event)
            save(app, out / f"daotam-{tag}-peek.png")
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=PEEK_KEYS[1], mod=0, unicode=""))
            for event in pygame.event.get():
                app.dispatch(event)
            got.add("peek")
        if {"handoff", "peek"} <= got:
            break
        app.stack.update(DT)
    return got


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path("/tmp/shots-daotam"))
    p.add_argument("--seats", default="3,5")
    p.add_argument("--size", default="1280x720,1920x1080")
    p.add_argument("--lang", default="vi,en")
    p.add_argument("--only", default="", help="comma list of moments (default: all)")
    p.add_argument("--tries", type=int, default=12, help="seeds to try per table")
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    only = set(filter(None, a.only.split(",")))
    for size_s in a.size.split(","):
        size = tuple(int(x) for x in size_s.split("x"))
        for lang in a.lang.split(","):
            app = app_for(size, lang)            # type: ignore[arg-type]
            for n in (int(x) for x in a.seats.split(",")):
                tag = f"{n}p-{size_s}-{lang}"
                want = {k: v for k, v in moments().items() if not only or k in only}
                if not only or "results" in only:
                    want["results"] = lambda table: True
                for seed in range(1, a.tries + 1):
                    if not want:
                        break
                    got = play(app, n, seed, want, a.out, tag)
                    want = {k: v for k, v in want.items() if k not in got}
                for seed in range(1, a.tries + 1):      # a careless human falls sooner
                    if "nhapma" not in want:
                        break
                    got = play(app, n, seed, {"nhapma": want["nhapma"]}, a.out, tag, level="random")
                    want = {k: v for k, v in want.items() if k not in got}
                if "win" in want:
                    staged_win(app, n, a.out, tag)
                    want.pop("win")
                if want:
                    print(f"{tag}: not seen {sorted(want)}")
                if not only or {"handoff", "peek"} & only:
                    hot_seat(app, n, 4, a.out, tag)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
