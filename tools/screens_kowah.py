"""Kowah screenshots for tools/screens.py (``--game kowah``): the table mid-hand, the
Checki prompt, declarations with exposed pairs, an off-turn win, a drawn hand, results,
a stock card dropped short of the hand (flying back, with its toast).

    python tools/screens.py --game kowah --out shots --size 1280x720 --lang vi
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.match import Match, Seat
from tools.screens import app_for, drive, shot

SEATS = ("human", "normal", "hard")


def find(until: Callable[[Match], bool], level: str = "normal", seeds: range = range(1, 300),
         seats: tuple[str, ...] = SEATS) -> Match | None:
    for seed in seeds:
        match = Match("kowah", [Seat(k) for k in seats], seed)
        if drive(match, until, level, seed):
            return match
    return None


def _state(m: Match):
    return m.state


def drop_short(app, table) -> None:
    """Drag the stock card a little way and let go (animations slowed to catch it flying)."""
    import pygame
    sx, sy = (round(v) for v in table.geometry.stock_point())
    ex, ey = sx + round(6 * app.u), sy + round(14 * app.u)
    app.settings.anim_speed = 40.0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1))
    for i in range(1, 5):
        pos = (sx + (ex - sx) * i // 4, sy + (ey - sy) * i // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(ex, ey), button=1))


def shots(out: Path, size: tuple[int, int], lang: str) -> None:
    from scenes.screens.results import ResultsScene
    from scenes.screens.setup import SetupScene
    from scenes.tables.kowah import KowahTable
    tag = f"{size[0]}x{size[1]}_{lang}"
    app = app_for(size, lang)
    app.stack.push(SetupScene(app, "kowah", seed=42))
    shot(app, out / f"kowah_setup_{tag}.png")

    def show(match: Match, name: str, prepare: Callable[[KowahTable], None] | None = None,
             results: bool = False) -> KowahTable:
        table = KowahTable(app, match)
        app.stack.reset(table)
        table.over_shown = True          # no results dialog unless asked for
        if prepare:
            prepare(table)
        if results:
            app.stack.push(ResultsScene(app, table))
        shot(app, out / f"kowah_{name}_{tag}.png")
        return table

    # mid-hand: the human has just drawn and must discard; a dozen discards on the table
    mid = find(lambda m: len(_state(m).discards) >= 14 and _state(m).turn == 0
               and _state(m).phase == "discard" and not _state(m).any_declared)
    if mid:
        show(mid, "mid", lambda tb: setattr(tb, "hover", None))

    # a stock card dragged and let go short of the hand: it flies back, a toast says where
    if mid:
        opening = Match("kowah", [Seat(k) for k in SEATS], 3)
        table = show(opening, "table")
        drop_short(app, table)
        shot(app, out / f"kowah_drop_short_{tag}.png", frames=1)
        app.settings.anim_speed = 0.0

    # the Checki prompt: the human's discard left a checki hand
    prompt = find(lambda m: _state(m).turn == 0 and _state(m).phase == "declare")
    if prompt:
        show(prompt, "checki_prompt")

    # declarations: at least two exposed pairs, the human to take
    decl = find(lambda m: sum(x is not None for x in _state(m).declared) >= 2
                and _state(m).turn == 0 and _state(m).phase == "take")
    if decl:
        show(decl, "declared")

    # an off-turn win (from an opponent's draw or discard), banner showing
    win = find(lambda m: m.is_over() and m.result().reason in ("opponent_draw", "opponent_discard"))
    if win:
        show(win, "win")
        show(win, "win_results", results=True)

    self_won = find(lambda m: m.is_over() and m.result().reason == "self_drawn", seeds=range(1, 60))
    if self_won:
        show(self_won, "self_drawn")

    # a drawn hand: random players rarely declare, so the stock runs out
    drawn = find(lambda m: m.is_over() and not m.result().winners, level="random", seeds=range(1, 200))
    if drawn:
        show(drawn, "drawn")
        show(drawn, "drawn_results", results=True)

    # two pairs qualify: the chooser (a position built with the engine's from_deal)
    from game.kowah.rules import KowahState
    from scenes.tables.kowah.pair import PairChooser
    hands = ["5C 5C 5S 5S 5M 8C 8S 1S", "1C 2C 3C 4C 6C 7C 9C 2S", "1M 2M 3M 4M 6M 7M 9M 3S"]
    two = Match("kowah", [Seat(k) for k in SEATS], 1,
                state_factory=lambda n, seed, opts: KowahState.from_deal(hands, "8M 6S 6S 7S"))
    two.submit(0, ("draw",))
    two.submit(0, ("discard", two.state.deck.parse("1S")))
    table = KowahTable(app, two)
    app.stack.reset(table)
    shot(app, out / f"kowah_pair_prompt_{tag}.png")
    app.stack.push(PairChooser(app, table, table.pairs_offered()))
    shot(app, out / f"kowah_pair_choice_{tag}.png")
