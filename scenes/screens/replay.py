"""Watching a recorded game again: the game's real table, driven by the record.

The table is the game's own :class:`~scenes.tables.base.TableScene`, built on a
:class:`~game.replay.ReplayMatch` standing at the current move (nobody at it acts; its
clock moves nothing). Stepping forward submits the recorded move to that match, and the
table's own driver turns the new events into its usual animations; stepping back (or
changing the seat) builds the table afresh at the new move, from the replay's
checkpoints. The table draws in the area left of the side panel, through a
:class:`Frame` that tells it the area's size.

Keys: Space play/pause, ← → step, Home/End, + − speed, V next seat, F faces up (finished
games only), E export, F1 rules, Esc back. Other keys and clicks on the table reach the
table (sorting, the last trick, its log); a move it offers is refused.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.replay import Replay, export_record
from game.storage import SaveError
from scenes.core import nav
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.kit.driver import NoHandoff
from scenes.screens.replay_panel import ReplayPanel
from scenes.tables import registry as tables
from scenes.widgets.toast import Toast

log = logging.getLogger(__name__)
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
STEP_PAUSE = 0.7            # seconds between moves at speed 1, once the animations end


class Frame:
    """The app as a table inside the replay sees it: the same services, a smaller size."""

    def __init__(self, app: Any, size: tuple[int, int]) -> None:
        self._app = app
        self.size = size

    @property
    def u(self) -> float:
        return self.size[1] / 100.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)


class ReplayScene(Scene):
    def __init__(self, app: Any, record: Any = None, seat: int = 0, error: SaveError | None = None,
                 back: str = "") -> None:
        super().__init__(app)
        self.record = record
        self.back_to = back
        self.error = error
        self.replay: Replay | None = None
        if error is None:
            try:
                self.replay = Replay(record)
            except SaveError as err:
                log.info("record refused: %s", err)
                self.error = err
        self.seat = seat if self.replay and 0 <= seat < len(self.replay.seats) else 0
        self.faces_up = False
        self.playing = False
        self.speed_i = SPEEDS.index(1.0)
        self.wait = 0.0
        self.table: Any = None
        self.frame = Frame(app, app.size)
        self.toast = Toast()
        self.panel = ReplayPanel(self)
        if self.replay is not None:
            self.rebuild()

    # ------------------------------------------------------------ the table
    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def table_rect(self) -> pygame.Rect:
        return self.panel.table_rect()

    def rebuild(self) -> None:
        """The table afresh at the replay's current move, from the chosen seat."""
        assert self.replay is not None
        if self.table is not None:
            self.table.match.close()
        self.frame.size = self.table_rect().size
        match = self.replay.match_at()
        table = tables.table_class(self.replay.game)(self.frame, match, viewer=self.seat)
        table.driver.policy = NoHandoff()
        table.driver.confirmed_viewer = True    # the replay shows this seat's own cards
        table.driver.over_shown = True          # no results screen from inside a replay
        table.top_buttons = []
        table.reveal_all = self.faces_up
        if self.faces_up:
            table.show_truth(self.replay.full_state())
        explain = table.feedback.explain
        table.feedback.explain = lambda err: t("replay.only") if err.key == "replay_only" else explain(err)
        table.reset_visual()
        table.layout()
        self.table = table

    def forward(self) -> bool:
        """One recorded move on, animated by the table. False at the end."""
        r = self.replay
        if r is None or r.pos >= r.length:
            self.playing = False
            return False
        self.table.driver.skip()
        seat, action = r.move(r.pos + 1)
        r.forward()
        self.table.match.feed(seat, action)
        if self.faces_up:
            self.table.show_truth(r.full_state())
        return True

    def back(self) -> None:
        if self.replay is None or self.replay.pos == 0:
            return
        self.playing = False
        self.replay.back()
        self.rebuild()

    def seek(self, n: int) -> None:
        if self.replay is not None:
            self.replay.seek(n)
            self.rebuild()

    def toggle_play(self) -> None:
        if self.replay is None:
            return
        if not self.playing and self.replay.pos >= self.replay.length:
            self.seek(0)
        self.playing = not self.playing
        self.wait = 0.0

    def change_speed(self, step: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + step))

    def next_seat(self) -> None:
        if self.replay is not None:
            self.seat = (self.seat + 1) % len(self.replay.seats)
            self.rebuild()

    def can_face_up(self) -> bool:
        return self.replay is not None and self.replay.over

    def toggle_faces_up(self) -> None:
        if not self.can_face_up():
            self.toast.show(t("replay.faces_locked"))
            return
        self.faces_up = not self.faces_up
        self.table.reveal_all = self.faces_up
        self.rebuild()

    def export(self) -> None:
        try:
            path = export_record(self.record)
        except (OSError, SaveError) as err:
            log.warning("export failed: %s", err)
            self.toast.show(t("replay.export_failed"))
            return
        self.toast.show(t("replay.exported", path=str(path)))

    def close(self) -> None:
        if len(self.app.stack.scenes) > 1:
            self.app.stack.remove(self)
        else:
            nav.reset(self.app, self.back_to or "menu")

    def open_rules(self) -> None:
        if self.replay is not None:
            self.playing = False
            nav.push(self.app, "rules", self.replay.game)

    def seat_name(self, seat: int) -> str:
        return self.table.seat_name(seat) if self.table is not None else str(seat + 1)

    # ------------------------------------------------------------ scene
    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.panel.layout()
        if self.table is not None:
            self.frame.size = self.table_rect().size
            self.table.resize(self.frame.size)

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        if self.table is None:
            return
        self.table.update(dt * self.speed)
        if self.playing and not self.table.anim.busy:
            self.wait += dt * self.speed
            if self.wait >= STEP_PAUSE:
                self.wait = 0.0
                self.forward()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.panel.handle(event):
            return True
        if event.type != pygame.KEYDOWN:
            return self._to_table(event)
        k = event.key
        actions = {
            pygame.K_ESCAPE: self.close, pygame.K_SPACE: self.toggle_play,
            pygame.K_RIGHT: self._step_forward, pygame.K_LEFT: self.back,
            pygame.K_PLUS: lambda: self.change_speed(1), pygame.K_EQUALS: lambda: self.change_speed(1),
            pygame.K_KP_PLUS: lambda: self.change_speed(1), pygame.K_MINUS: lambda: self.change_speed(-1),
            pygame.K_KP_MINUS: lambda: self.change_speed(-1), pygame.K_v: self.next_seat,
            pygame.K_f: self.toggle_faces_up, pygame.K_e: self.export,
            pygame.K_HOME: lambda: self.seek(0), pygame.K_F1: self.open_rules,
            pygame.K_END: lambda: self.seek(self.replay.length if self.replay else 0),
        }
        fn = actions.get(k)
        if fn is None:
            return self._to_table(event)
        fn()
        return True

    def _to_table(self, event: pygame.event.Event) -> bool:
        """The table's own looking aids (sorting, the last trick, its log) still answer;
        a move it offers is refused by the replay's match."""
        if self.table is None:
            return False
        pos = getattr(event, "pos", None)
        if pos is not None and not self.table_rect().collidepoint(pos):
            return False
        return self.table.handle(event)

    def _step_forward(self) -> None:
        self.playing = False
        self.forward()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 18, 16))
        if self.table is not None:
            area = self.table_rect()
            self.table.draw(surface.subsurface(area))
        self.panel.draw(surface)
        w, h = surface.get_size()
        self.toast.draw(surface, (self.table_rect().centerx, round(h * 0.5)), self.app.u)

    def exit(self) -> None:
        if self.table is not None:
            self.table.match.close()


def from_file(app: Any, path: Any) -> ReplayScene:
    """The replay scene for a file (``main.py --replay FILE``): a bad file opens the
    scene with its reason and a way back, never a crash."""
    from game.replay import import_record
    try:
        record = import_record(path)
    except SaveError as err:
        return ReplayScene(app, None, error=err)
    return ReplayScene(app, record)
