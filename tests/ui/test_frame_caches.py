"""What a frame rebuilds, counted rather than timed (issue 19, item 4): the engine's view
is built once per change of the log (not per draw), never shared between seats, and a
seat plate is painted again only when what it shows changes."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.match import Match, Seat
from tests.ui.helpers import make_app

SIZE = (640, 400)
DT = 1 / 20


def _ai_table(game: str, seats: str, seed: int = 4):
    """An all-AI table on a Match deciding in this thread (deterministic), and a frame."""
    from scenes.tables.registry import make_table
    app = make_app(size=SIZE)
    app.settings.anim_speed, app.settings.ai_speed = 0.5, 0.2
    match = Match(game, [Seat(k) for k in seats.split(",")], seed)
    table = make_table(app, match)
    app.stack.push(table)

    def frame() -> None:
        table.update(DT)
        table.draw(app.screen)
    return app, table, frame


def _count_builds(match, monkeypatch) -> Counter:
    """Spy on the engine's ``view``: builds per (seat, log length, event count) outside
    the Match's ticks (an agent's own view, taken as it decides, is not the table's)."""
    builds: Counter = Counter()
    real, real_tick = type(match.state).view, match.tick
    ticking = [0]

    def view(state, seat):
        if not ticking[0] and state is match.state:
            builds[(seat, len(match.log), len(match.events))] += 1
        return real(state, seat)

    def tick(now):
        ticking[0] += 1
        try:
            return real_tick(now)
        finally:
            ticking[0] -= 1

    monkeypatch.setattr(type(match.state), "view", view)
    match.tick = tick
    return builds


@pytest.mark.parametrize("game,seats", [("ganjifa", "hard,normal,normal"), ("kowah", "normal,easy,normal"),
                                        ("daotam", "normal,easy,normal"),
                                        ("mascarade", "normal,easy,normal,normal,easy")])
def test_the_view_is_built_once_per_change_of_the_log(game, seats, monkeypatch):
    app, table, frame = _ai_table(game, seats)
    match = table.match
    builds = _count_builds(match, monkeypatch)
    asked = [0]
    real_view = match.view

    def counted(seat):
        asked[0] += 1
        return real_view(seat)
    match.view = counted
    start = len(match.log)
    for _ in range(200):
        frame()
    assert len(match.log) > start + 2, "the AIs played on"
    assert builds, "the table read views"
    again = {k: n for k, n in builds.items() if n > 1}
    assert not again, f"views built more than once for the same log: {again}"
    assert asked[0] > sum(builds.values()), "some views served from the cache"


def test_a_cached_view_is_never_stale_nor_another_seats():
    match = Match("ganjifa", [Seat("normal"), Seat("normal"), Seat("normal")], seed=2)
    try:
        public, mine, yours = match.view(None), match.view(0), match.view(1)
        assert match.view(0) is mine and match.view(None) is public, "asked again: the same view"
        assert mine.hand != yours.hand and public.hand is None, "each seat its own view"
        seat = match.active_seats()[0]
        match.submit(seat, match.legal_actions(seat)[0])
        assert match.view(seat) == match.state.view(seat), "after a move: the current view"
        assert match.view(seat) is not mine and match.view(None) != public, "rebuilt after the move"
        built = match.views_built
        match.view(None)
        assert match.views_built == built, "asked again: not rebuilt"
        match.state = match.state.clone()               # a state swapped in (a replay's checkpoint)
        match.view(None)
        assert match.views_built == built + 1, "another state: rebuilt"
        match.forget_views()
        match.view(None)
        assert match.views_built == built + 2, "forgotten: rebuilt"
    finally:
        match.close()


def test_a_plate_is_painted_again_only_when_it_changes():
    app, table, frame = _ai_table("ganjifa", "normal,easy,normal")
    plates = table.plates
    for _ in range(3):
        frame()
    base = plates.repaints
    assert base >= 3, "each seat's plate painted once"
    shown = []
    real = type(plates).draw

    def spy(surface, seat, centre, lines, *a, **kw):
        shown.append((seat, tuple(lines), seat in table.match.active_seats()))
        return real(plates, surface, seat, centre, lines, *a, **kw)
    plates.draw = spy
    for _ in range(200):
        frame()
    del plates.draw
    last: dict[int, tuple] = {}
    changes = 0
    for seat, lines, active in shown:
        changes += last.get(seat) != (lines, active)
        last[seat] = (lines, active)
    assert len(shown) > 100 and changes > 3, "plates drawn each frame, their content changed"
    assert plates.repaints - base <= changes, f"{plates.repaints - base} repaints for {changes} changes"
    assert plates.repaints > base, "a change repaints"


def test_a_cached_plate_looks_like_one_painted_straight():
    app, table, frame = _ai_table("kowah", "normal,easy,normal")
    frame()
    plates = table.plates
    lines = ["Player 2", "Hand 7 · Won 0"]
    out = []
    for cache in (True, False):
        surface = pygame.Surface(SIZE)
        surface.fill((40, 90, 60))
        plates.cache = cache
        rect = plates.draw(surface, 1, (200, 200), lines)
        out.append((rect, surface))
    plates.cache = True
    (r1, a), (r2, b) = out
    assert r1 == r2
    diff = max(abs(c - d) for x in range(r1.left, r1.right) for y in range(r1.top, r1.bottom)
               for c, d in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3], strict=True))
    assert diff <= 12, f"cached and straight plates differ by {diff}"


@pytest.mark.parametrize("game", ["daotam", "mascarade"])
def test_no_yaml_is_read_inside_the_matchs_ticks(game, monkeypatch):
    """The reaction windows' numbers (data/timing.yaml, the game's ``timing:``) are read
    when the Match is made: the frame that opens the first window reads no file."""
    import game.cards as cards
    from game import windows
    windows._shared_timing.cache_clear()        # as in a fresh process: nothing read yet
    windows._game_timing.cache_clear()
    reads: list[str] = []
    real = cards.read_regular

    def spy(path, *a, **kw):
        reads.append(str(path))
        return real(path, *a, **kw)
    monkeypatch.setattr(cards, "read_regular", spy)
    match = Match(game, [Seat("normal") for _ in range(5 if game == "mascarade" else 3)], seed=3, think_scale=0.0)
    try:
        made = len(reads)
        windows_seen, now = 0, 0.0
        while not match.is_over() and len(match.log) < 60:
            match.tick(now)
            windows_seen += match.state.window() is not None
            now += 0.05
        assert windows_seen, "reaction windows opened and were judged"
        assert reads[made:] == [], f"files read inside Match.tick: {reads[made:]}"
        assert any(p.endswith("timing.yaml") for p in reads[:made]), "the Match read its timing when made"
    finally:
        match.close()


def test_a_line_fitted_to_a_width_measures_a_few_sizes_not_each_on_the_way():
    """A size's first measure loads its glyphs (~0.5 ms): fitting a caption from 48 px
    down stepped through every size (a Đạo Tâm window caption cost its frame ~10 ms at
    1080p). The answer stays the one stepping gives."""
    from scenes.core import fonts
    pygame.font.init()
    text = "Khai Sáng — the white belt sweeps over the stage cards"
    for weight, px, width in (("regular", 48, 300), ("bold", 40, 180), ("semibold", 30, 500), ("regular", 20, 900)):
        step = px
        while step > 9 and fonts.font(step, weight).size(text)[0] > width:
            step -= 1
        asked: list[int] = []
        real = fonts.size

        def spy(s, size, w="regular", real=real, asked=asked):
            asked.append(size)
            return real(s, size, w)
        fonts._fit.cache_clear()
        fonts.size = spy
        try:
            got = fonts.fit(text, px, width, weight, floor=9)
        finally:
            fonts.size = real
        assert got == step, f"{weight} {px}px in {width}: {got}, stepping gives {step}"
        assert len(set(asked)) <= 4, f"{weight} {px}px in {width}: measured at {sorted(set(asked))}"
