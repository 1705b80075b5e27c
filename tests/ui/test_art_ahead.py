"""Card art is painted ahead, not inside a frame (issue 18: the frame bench stays within
today's CPU budget at 1280x720 and 1920x1080).

Counted, not timed: each of the four tables plays an AI game on a fixed frame clock
(1/60 s a frame, the agents' think delays off so the game moves), and every card picture
the table's art caches is counted in the frame that paints it, except the ones the
warm-up (:class:`scenes.kit.card_art.WarmQueue`) paints in a frame's spare time. The
spare time is modelled as room for :data:`SPARE_JOBS` warm-up jobs a frame (the real
queue fills what the frame's CPU time leaves, ~6 ms at 720p: two to four faces), so the
count does not depend on the machine.

A "picture" is a new Surface in a card-art cache: a dict of Surfaces held by an art
object of the table (one with ``face``/``back``) or by a module of ``scenes.art`` or the
table's own package, or a miss of an ``lru_cache``d function there that returns a
Surface. An art's ``_parts`` and, in a frame that paints anything else, a private
``_helper``'s images (a Kowah face's glyphs) are pieces of the face being painted: not
counted again.

The limit, :data:`PER_FRAME`: two pictures. A frame's own drawing costs ~2–3 ms of CPU
(tools/bench.py, p50) and a face 1.5–4 ms at 1080p (a Ganjifa court card up to ~10 ms), so
two ordinary faces still fit the 16.7 ms frame, a third may not; today's Đạo Tâm reveal
paints two Chiêu Thức faces in one frame, while a table without its warm-up paints a
hand's worth (a Ganjifa size step: ~40). Ganjifa and Kowah, whose every face is painted
ahead (the hand's first, flights drawn from a painted size meanwhile), are held to a few
stragglers over the whole run (:data:`AHEAD`: a shadow or a back). The first
:data:`WARM_FRAMES` frames (the table opening: its first layout paints the viewer's hand
at once, by design) are not counted.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator

import pygame
import pytest

from game import registry
from game.match import Match, Seat
from scenes.core.session import make_table
from scenes.kit.card_art import WarmQueue
from scenes.screens.setup_options import fresh_options
from tests.ui.helpers import make_app

SIZES = [(1280, 720), (1920, 1080)]
GAMES = ["ganjifa", "kowah", "daotam", "mascarade"]
WARM_FRAMES = 20        # the table opening
FRAMES = 220            # counted after those
SPARE_JOBS = 2          # warm-up jobs a frame's spare time runs (see the module's docstring)
PER_FRAME = 2           # card pictures a frame may paint itself
AHEAD = {"ganjifa": 2, "kowah": 2}      # tables that paint their art ahead: pictures a whole run may paint in frames
DT = 1 / 60
SPEED = 0.4          # motion at 0.4 of its length: more of the game in fewer frames


def _is_picture(v: object) -> bool:
    return isinstance(v, pygame.Surface) or (isinstance(v, tuple) and bool(v) and isinstance(v[0], pygame.Surface))


def _returns_surface(fn: object) -> bool:
    ret = getattr(getattr(fn, "__wrapped__", None), "__annotations__", {}).get("return")
    return ret is not None and "Surface" in str(ret)


class Ledger:
    """The card-art caches a table paints into, and what is new in them since a mark."""

    def __init__(self, table: object, game: str) -> None:
        prefixes = ("scenes.art.", f"scenes.tables.{game}.")
        mods = [m for name, m in sorted(sys.modules.items()) if m is not None and name.startswith(prefixes)]
        self.dicts: list[tuple[str, Callable[[], dict]]] = []
        self.lrus: list[tuple[str, Callable[[], int]]] = []
        self.helpers: set[str] = set()      # private lru_cached painters: maybe parts of a face
        lru_seen: set[int] = set()          # a cache imported by several modules counts once
        for m in mods:
            for name, v in vars(m).items():
                if isinstance(v, dict) and id(v) not in lru_seen:
                    lru_seen.add(id(v))
                    self.dicts.append((f"{m.__name__}.{name}", lambda m=m, name=name: getattr(m, name)))
                elif hasattr(v, "cache_info") and _returns_surface(v) and id(v) not in lru_seen:
                    lru_seen.add(id(v))
                    self.lrus.append((f"{m.__name__}.{name}", lambda v=v: v.cache_info().misses))
                    if name.startswith("_"):
                        self.helpers.add(f"{m.__name__}.{name}")
        for obj in self._art_objects(table):
            for name in list(vars(obj)):
                if isinstance(vars(obj)[name], dict) and "part" not in name:    # pieces of a face
                    self.dicts.append((f"{type(obj).__name__}.{name}", lambda o=obj, n=name: vars(o)[n]))

    @staticmethod
    def _art_objects(table: object) -> Iterator[object]:
        seen: set[int] = set()
        todo = [v for v in vars(table).values() if hasattr(v, "__dict__")]
        for v in todo:
            if id(v) in seen or not (callable(getattr(v, "face", None)) or callable(getattr(v, "back", None))):
                continue
            seen.add(id(v))
            yield v
            todo += [x for x in vars(v).values() if hasattr(x, "__dict__")]

    def mark(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for name, get in self.dicts:
            out[name] = {k: id(v) for k, v in get().items() if _is_picture(v)}
        for name, get in self.lrus:
            out[name] = get()
        return out

    def pictures(self, new: dict[str, int]) -> dict[str, int]:
        """``new`` without the private helpers' images when anything else was painted
        too (a Kowah face's glyphs): those are parts of it."""
        if any(k not in self.helpers for k in new):
            return {k: n for k, n in new.items() if k not in self.helpers}
        return new

    @staticmethod
    def new(before: dict[str, object], after: dict[str, object]) -> dict[str, int]:
        """Pictures painted between two marks, by cache."""
        out = {}
        for name, now in after.items():
            was = before.get(name)
            if isinstance(now, dict):
                was = was if isinstance(was, dict) else {}
                n = sum(1 for k, i in now.items() if was.get(k) != i)
            else:
                n = now - (was if isinstance(was, int) else 0)
            if n > 0:
                out[name] = n
        return out


def _match(game: str, before_end: int | None = None) -> Match:
    """The AI game the tests play (seed 7); ``before_end``: that many actions before its
    end (the game played out headless first to learn its log, then replayed up to there)."""
    n = registry.info(game).min_seats

    def new() -> Match:
        return Match(game, [Seat("normal") for _ in range(n)], 7, fresh_options(game, {}), threaded=False)
    match = new()
    if before_end is None:
        return match
    match.think_scale, now = 0.0, 0.0
    while not match.is_over() and now < 10_000:
        now += 0.25
        match.tick(now)
    assert match.is_over(), f"{game}: the AI game did not end"
    log = list(match.log)
    match.close()
    match = new()
    for seat, action in log[:max(0, len(log) - before_end)]:
        match.submit(seat, action)
    return match


def _open(game: str, size: tuple[int, int], before_end: int | None = None):
    app = make_app(size=size, lang="en", speed=SPEED)
    app.settings.ai_speed = 0.0         # no think delays: the game moves at the motion's pace
    table = make_table(app, _match(game, before_end), fresh=False)
    app.stack.push(table)
    return app, table


def painted_in_frames(game: str, size: tuple[int, int], frames: int = FRAMES, before_end: int | None = None,
                      after_end: int = 0) -> list[tuple[int, dict[str, int]]]:
    """(frame, pictures by cache) for each counted frame that painted any itself.
    ``before_end``: the table opens that many actions before the game's end, and the
    frames run to the end and ``after_end`` frames past it (the results panel up)."""
    app, table = _open(game, size, before_end)
    ledger = Ledger(table, game)
    ahead: list[dict[str, int]] = []
    real_run_one = WarmQueue.run_one

    def run_one(queue: WarmQueue) -> None:        # a warm-up job: its pictures are painted ahead
        before = ledger.mark()
        real_run_one(queue)
        ahead.append(Ledger.new(before, ledger.mark()))

    def run_in_frame(queue: WarmQueue, *_a, **_kw) -> int:
        n = 0
        while queue and n < SPARE_JOBS:
            queue.run_one()
            n += 1
        return n

    out = []
    ended: int | None = None       # the first frame with the game over and the table still
    mp = pytest.MonkeyPatch()
    mp.setattr(WarmQueue, "run_one", run_one)
    mp.setattr(WarmQueue, "run_in_frame", run_in_frame)
    try:
        for i in range(WARM_FRAMES + frames):
            before = ledger.mark()
            ahead.clear()
            app.stack.update(DT)
            app.stack.draw(app.screen)
            table.spare_time(time.thread_time())
            new = Ledger.new(before, ledger.mark())
            for job in ahead:
                for k, n in job.items():
                    new[k] = new.get(k, 0) - n
            new = ledger.pictures({k: n for k, n in new.items() if n > 0})
            if i >= WARM_FRAMES and new:
                out.append((i, new))
            if table.match.is_over() and not table.anim.busy:
                ended = i if ended is None else ended
                if i - ended >= after_end:
                    break
    finally:
        mp.undo()
    painted_in_frames.frames = i + 1         # type: ignore[attr-defined]
    painted_in_frames.ended = ended          # type: ignore[attr-defined]
    painted_in_frames.actions = len(table.match.log)     # type: ignore[attr-defined]
    assert len(table.match.log) >= 4, f"{game} at {size}: the AI game hardly moved ({len(table.match.log)} actions)"
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_card_art_is_painted_ahead_not_in_frames(game, size):
    painted = painted_in_frames(game, size)
    over = [(i, new) for i, new in painted if sum(new.values()) > PER_FRAME]
    assert not over, "\n".join(
        f"{game} at {size[0]}x{size[1]}, frame {i}: {sum(new.values())} card pictures painted in the frame "
        f"(at most {PER_FRAME}): {new}" for i, new in over[:6])
    total = sum(sum(new.values()) for _, new in painted)
    assert total <= AHEAD.get(game, total), (
        f"{game} at {size[0]}x{size[1]}: {total} card pictures painted inside frames {[i for i, _ in painted]} "
        f"(at most {AHEAD[game]}: its art is painted ahead): {painted[:6]}")


END_ACTIONS = 8         # the end test opens the table this many actions before the game's end
AFTER_END = 30          # ... and counts this many frames of the finished table (results panel up)


@pytest.mark.parametrize("game", GAMES)
def test_the_end_of_a_game_paints_no_more_than_any_frame(game):
    """The last moves, the winner's show and the results panel at 1920x1080: faces at the
    sizes only the end uses (Kowah's winning hand in its banner and on the results panel)
    are stand-ins or painted ahead, never a hand's worth inside one frame."""
    size = (1920, 1080)
    painted = painted_in_frames(game, size, frames=4000, before_end=END_ACTIONS, after_end=AFTER_END)
    assert painted_in_frames.ended is not None, f"{game}: the game did not end in the frames run"
    over = [(i, new) for i, new in painted if sum(new.values()) > PER_FRAME]
    assert not over, "\n".join(
        f"{game} at the end of a game, frame {i}: {sum(new.values())} card pictures painted in the frame "
        f"(at most {PER_FRAME}): {new}" for i, new in over[:6])


def test_kowah_warms_the_smaller_minis_of_a_growing_known_row():
    """An opponent's "Known:" minis shrink as the row grows: the next size is painted
    ahead, so the card that shrinks them repaints at most itself inside the frame (it
    repainted the whole row: 7-8 minis in one frame at 1280x720)."""
    app, table = _open("kowah", (1280, 720))
    app.stack.draw(app.screen)
    seat = next(s for s in range(len(table.match.seats)) if s != table.viewer)
    size = table.painter.known_mini
    n = next(k for k in range(3, 30) if size(seat, k + 1) < size(seat, k))
    cards = list(range(n + 1))
    minis = lambda: {k for k in table.art._cache if k[0] == "mini"}     # noqa: E731
    table.model.known[seat] = cards[:n]
    table.card_paint._plan_warm()
    while table.warm_queue:
        table.warm_queue.run_one()
    app.stack.draw(app.screen)
    table.model.known[seat].append(cards[n])        # the row's next card: smaller minis
    table.card_paint._plan_warm()
    before = minis()
    app.stack.draw(app.screen)
    painted = minis() - before
    assert len(painted) <= 1, f"{len(painted)} minis painted in the frame the row grew to {n + 1}: {sorted(painted)}"
    assert {k[3] for k in table.art._cache if k[0] == "mini"} >= {size(seat, n), size(seat, n + 1)}, "both sizes drawn"


@pytest.mark.parametrize("game", ["kowah", "mascarade"])
def test_the_frame_a_game_ends_in_imports_no_module(game, monkeypatch):
    """What the end of a game needs (the history's modules: ~20 ms of CPU to import) is
    imported with the app, not in the frame the game ends in (a 40-60 ms frame at 1080p)."""
    import game as game_pkg
    for name in [m for m in sys.modules if m == "game.history" or m.startswith("game.history.")]:
        monkeypatch.delitem(sys.modules, name)          # as in a fresh process (put back after)
    monkeypatch.delattr(game_pkg, "history", raising=False)
    app, table = _open(game, (640, 400), before_end=2)
    imported: list[tuple[int, list[str]]] = []
    for i in range(2000):
        before = set(sys.modules)
        app.stack.update(DT)
        app.stack.draw(app.screen)
        new = sorted(set(sys.modules) - before)
        if new:
            imported.append((i, new))
        if table.match.is_over() and app.stack.top is not table:
            break
    assert table.match.is_over() and app.stack.top is not table, "the game ended, its results are up"
    assert not imported, f"modules imported inside frames: {imported}"


@pytest.mark.parametrize("game", ["kowah", "daotam"])
def test_the_results_panel_is_painted_before_it_opens(game, monkeypatch):
    """The results panel is made and drawn once off screen in spare time while the last
    moves play (its first frame cost 13-25 ms at 1920x1080, ~15 lines of text rendered):
    the frames that show it render no new line of text."""
    from scenes.core import fonts
    from scenes.screens.results import ResultsScene
    app, table = _open(game, (1280, 720), before_end=2)
    rendered: list[str] = []
    real, real_draw = fonts._render, ResultsScene.draw
    on_screen = [False]

    def spy(s, *a, **kw):
        if on_screen[0]:
            rendered.append(s)
        return real(s, *a, **kw)

    def draw(scene, surface):           # the panel's own lines, in the frames that show it
        on_screen[0] = app.stack.top is scene
        try:
            real_draw(scene, surface)
        finally:
            on_screen[0] = False
    real_table_draw = type(table).draw

    def table_draw(scene, surface):     # the table's own lines (its picture under the panel) aside
        was, on_screen[0] = on_screen[0], False
        try:
            real_table_draw(scene, surface)
        finally:
            on_screen[0] = was
    monkeypatch.setattr(fonts, "_render", spy)
    monkeypatch.setattr(ResultsScene, "draw", draw)
    monkeypatch.setattr(type(table), "draw", table_draw)
    shown = 0
    for _ in range(3000):
        rendered.clear()
        app.stack.update(DT)
        app.stack.draw(app.screen)
        if isinstance(app.stack.top, ResultsScene):
            assert app.stack.top.table is table
            assert not rendered, f"lines rendered in the panel's frame {shown}: {rendered}"
            shown += 1
            if shown == 3:
                break
        table.spare_time(time.thread_time())
    assert shown == 3, "the results panel opened"


def test_the_finished_table_under_the_results_panel_is_drawn_into_a_still(monkeypatch):
    """Under the results panel the finished table does not change: it is drawn twice
    (before and after the veil fades in), not in every frame (7-11 ms of a 1080p frame)."""
    from scenes.screens.results import ResultsScene
    app, table = _open("kowah", (640, 400), before_end=2)
    draws = [0]
    real = type(table).draw

    def counted(scene, surface):
        draws[0] += scene is table
        return real(scene, surface)
    monkeypatch.setattr(type(table), "draw", counted)
    frames = 0
    for _ in range(3000):
        app.stack.update(DT)
        if isinstance(app.stack.top, ResultsScene):
            if not frames:
                draws[0] = 0
            frames += 1
            if frames > 40:
                break
        app.stack.draw(app.screen)
        table.spare_time(time.thread_time())
    assert frames > 40, "the results panel opened"
    assert draws[0] <= 2, f"the table drawn {draws[0]} times in 40 frames of the results panel"
