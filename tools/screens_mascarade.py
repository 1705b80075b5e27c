"""Mascarade screenshots: 4, 8 and 13 seats mid-game, the log with the "what the table can
know" view, a swap mid-animation, a counter-claim reveal, the results and the end
timeline; a swap-only turn, 13 seats face up and every card face.

    python tools/screens_mascarade.py --out /tmp/shots --size 1280x720 --lang vi
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.match import Match, Seat  # noqa: E402
from tools.screens import app_for, drive, shot  # noqa: E402


def seats_for(n: int) -> list[str]:
    return ["human"] + ["normal"] * (n - 1)


def find(n: int, until: Callable[[Match], bool], seeds=range(1, 60)) -> Match | None:
    for seed in seeds:
        match = Match("mascarade", [Seat(k) for k in seats_for(n)], seed)
        if drive(match, until, "normal", seed):
            return match
    return None


def _turn(m: Match) -> bool:
    v = m.view(None)
    return v.phase == "turn" and v.turn == 0


def shots(out: Path, size: tuple[int, int], lang: str, counts=(4, 8, 13)) -> None:
    from scenes.screens.results import ResultsScene
    from scenes.tables.mascarade import MascaradeTable
    from scenes.tables.mascarade.timeline_scene import TimelineScene
    tag = f"{size[0]}x{size[1]}_{lang}"
    app = app_for(size, lang)

    def table_for(match: Match, fresh: bool = False) -> MascaradeTable:
        table = MascaradeTable(app, match, fresh=fresh)
        app.stack.reset(table)
        table.over_shown = True
        return table

    for n in counts:
        mid = find(n, lambda m: m.view(None).turn_no >= 9 and _turn(m))
        if mid is None:
            continue
        table = table_for(mid)
        shot(app, out / f"masc_{n}_mid_{tag}.png")
        table.toggle_log()
        table.toggle_known()
        shot(app, out / f"masc_{n}_memory_{tag}.png")
        table.toggle_log()
        shot(app, out / f"masc_{n}_known_{tag}.png")

        # a swap mid-animation: replay the match up to a swap and stop half way
        table = table_for(mid, fresh=True)
        app.settings.anim_speed = 1.0
        seen = 0
        for _ in range(4000):
            table.update(0.03)
            if table.swap_fx is not None and 0.35 < table.swap_fx[2] < 0.6:
                seen += 1
                if seen > 2:                 # not the first swap: a few lines in the log
                    break
        table.show_log = False
        app.stack.draw(app.screen)
        shot(app, out / f"masc_{n}_swapping_{tag}.png", frames=0)

        # a counter-claim reveal: faces up together
        rev = find(n, lambda m: any(e.kind == "reveal" and len(e.data["cards"]) >= 2
                                    for e in m.events[-6:]))
        if rev is not None:
            table = table_for(rev)
            idx = max(i for i, e in enumerate(rev.events) if e.kind == "reveal")
            table.cursor = idx
            table.model.faceup = {}
            app.settings.anim_speed = 1.0
            for _ in range(200):
                table.update(0.03)
                if table.flip_fx is None and table.model.faceup:
                    break
            app.stack.draw(app.screen)
            shot(app, out / f"masc_{n}_reveal_{tag}.png", frames=0)
        app.settings.anim_speed = 0.0

        end = Match("mascarade", [Seat(k) for k in seats_for(n)], 2)
        drive(end, lambda m: False, "normal", 2)
        table = table_for(end)
        app.stack.push(ResultsScene(app, table))
        shot(app, out / f"masc_{n}_results_{tag}.png")
        app.stack.push(TimelineScene(app, table))
        shot(app, out / f"masc_{n}_timeline_{tag}.png")
        app.stack.top.scroll.by(size[1] * 0.6)
        shot(app, out / f"masc_{n}_timeline2_{tag}.png")


def issue15_shots(out: Path, size: tuple[int, int], lang: str) -> None:
    """A swap-only turn (Peek and Announce greyed), 13 seats with every card face up (names
    whole: labels beside small cards) and every face at three heights."""
    from scenes.tables.mascarade import MascaradeTable
    from scenes.tables.mascarade.cards import MascaradeCards
    tag = f"{size[0]}x{size[1]}_{lang}"
    app = app_for(size, lang)
    for n in (5, 13):
        match = find(n, lambda m: _turn(m) and m.view(None).forced and m.view(None).turn_no <= 4)
        if match is None:
            continue
        table = MascaradeTable(app, match)
        app.stack.reset(table)
        table.over_shown = True
        shot(app, out / f"masc_{n}_swap_only_{tag}.png")
        table.model.faceup = dict(enumerate(match.state.cards))
        shot(app, out / f"masc_{n}_faces_up_{tag}.png")
    cards, screen = MascaradeCards(), app.screen
    screen.fill((30, 60, 40))
    y = 10
    for h in (200, 90, 60):
        x = 10
        for c in range(len(match.state.rules.characters)):
            img = cards.face(c, h)
            screen.blit(img, (x, y))
            x += img.get_width() + 6
        y += h + 10
    pygame.image.save(screen, str(out / f"masc_faces_{tag}.png"))


def _replay_to(app, match: Match, first: int, until: Callable, limit: int = 600):
    """A table replaying ``match``'s public events from index ``first`` (its model reset
    to the state before it) at speed 1, stopped on the frame ``until(table)`` holds."""
    from scenes.tables.mascarade import MascaradeTable
    table = MascaradeTable(app, match, fresh=True)
    app.stack.reset(table)
    table.over_shown = True
    app.settings.anim_speed = 1.0
    table.model.catch_up(match.events[:first])     # the model caught up to ``first``, no motion
    table.cursor = first
    table.model.faceup = {}                         # the opening's show is long over
    for _ in range(limit):
        table.update(1 / 60)
        if until(table):
            break
    return table


def moment_shots(out: Path, size: tuple[int, int], lang: str, counts=(5, 8, 13)) -> None:
    """Issue 18's moments: banners up in a claim window, a reveal with the truth lit and
    the fines in the air, the win's confetti."""
    from scenes.tables.mascarade import MascaradeTable
    tag = f"{size[0]}x{size[1]}_{lang}"
    app = app_for(size, lang)
    for n in counts:
        claim = find(n, lambda m: m.view(None).phase == "claim"
                     and sum(1 for _, a in m.view(None).answered if a == "claim") >= 2)
        if claim is not None:
            table = MascaradeTable(app, claim)
            app.stack.reset(table)
            table.over_shown = True
            shot(app, out / f"masc_{n}_banners_{tag}.png")
        rev = find(n, lambda m: any(e.kind == "reveal" and len(e.data["cards"]) >= 3
                                    for e in m.events[-8:]), seeds=range(1, 120)) \
            or find(n, lambda m: any(e.kind == "reveal" and len(e.data["cards"]) >= 2
                                     for e in m.events[-8:]))
        if rev is not None:
            r = max(i for i, e in enumerate(rev.events) if e.kind == "reveal")
            a = max(i for i, e in enumerate(rev.events[:r]) if e.kind == "announce")
            table = _replay_to(app, rev, a, lambda tb: tb.flip_fx is not None and 0.3 < tb.flip_fx[1] < 0.45)
            app.stack.draw(app.screen)
            shot(app, out / f"masc_{n}_reveal_flip_{tag}.png", frames=0)
            table = _replay_to(app, rev, a, lambda tb: tb.fx.coins is not None and tb.fx.coins.t > 0.2
                               and any(f.dst == "court" for f in tb.fx.coins.flights))
            app.stack.draw(app.screen)
            shot(app, out / f"masc_{n}_reveal_coins_{tag}.png", frames=0)
        end = Match("mascarade", [Seat(k) for k in seats_for(n)], 2)
        drive(end, lambda m: False, "normal", 2)
        e = max(i for i, ev in enumerate(end.events) if ev.kind == "end")
        table = _replay_to(app, end, e, lambda tb: tb.fx.win_fx is not None and tb.fx.win_fx[1] > 0.3)
        app.stack.draw(app.screen)
        shot(app, out / f"masc_{n}_win_{tag}.png", frames=0)
    app.settings.anim_speed = 0.0


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="shots")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="vi")
    p.add_argument("--seats", default="4,8,13")
    p.add_argument("--moments", action="store_true", help="only issue 18's moments (banners, reveal, win)")
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("CARDTABLE_HOME", str(out / "home"))
    size = tuple(int(x) for x in args.size.split("x"))
    counts = tuple(int(x) for x in args.seats.split(","))
    moment_shots(out, size, args.lang, counts)
    if args.moments:
        return 0
    shots(out, size, args.lang, counts)
    issue15_shots(out, size, args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
