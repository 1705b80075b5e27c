"""A table's results part: what the results panel says about a finished match (who won,
each seat's score, a game's extra panel), and telling the app the match is over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.core import i18n
from scenes.core.i18n import t

PREPARE_ROOM = 0.006    # s: a frame's CPU so far below which a step of the results panel fits. Not
                        # more in bigger windows: a step costs more there (a 1080p frame that had
                        # spent 9 ms and then made the panel's body reached 16.5-25.8 ms)


class TableResults:
    """The results of one table's match. ``seat_name`` names a seat as the table does;
    a game may give its own ``headline``, ``score_text``, ``extra_height`` and ``draw_extra``
    (each replaces the default of the same name)."""

    def __init__(self, app: Any, match: Any, seat_name: Callable[[int], str], scene: Any,
                 clock: Callable[[], float], **own: Callable[..., Any] | None) -> None:
        self.app = app
        self.match = match
        self.seat_name = seat_name
        self.scene = scene
        self.clock = clock
        for name, fn in own.items():
            if fn is not None:
                setattr(self, name, fn)

    def headline(self) -> str:
        """The results panel's first line: who won (a game may say how, or that nobody did)."""
        winners = self.match.result().winners
        names = i18n.names(self.seat_name(s) for s in winners)
        return t("results.shared" if len(winners) > 1 else "results.winner", names=names)

    default_headline = headline     # what a game's own headline may build on

    def score_text(self, seat: int) -> str:
        return str(self.match.result().scores[seat])

    def extra_height(self) -> float:
        """Extra room a game wants on the results panel (e.g. how a hand was won)."""
        return 0.0

    def draw_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pass

    _ready: Any = None          # the results panel, made ahead (prepare_step)
    _making: Any = None         # ... while it is being made: (scene, steps done)
    _shown = False              # the results panel was opened

    def prepare_step(self, spent: float = 0.0) -> bool:
        """Once the match is over (the table's last moves still playing), in a frame that
        has spent less than :data:`PREPARE_ROOM` seconds of CPU so far, one step of
        making the results panel ahead of the frame that shows it, so that frame only
        blits what is painted (its first frame cost 13-25 ms of CPU at 1920x1080): the
        scene and its layout, its buttons, its title and corner, its body, then the whole
        panel drawn once off screen (its lines, fonts and pictures all painted by then).
        Returns whether it did a step. Not while the overlap check records frames: it
        would note an off-screen panel."""
        if self._ready is not None or self._shown:
            return False                # every frame after it is made: nothing more to weigh
        from scenes.core import layout_check
        if spent >= PREPARE_ROOM or not self.match.is_over() or layout_check.active:
            return False
        from scenes.screens.dialog import Dialog, scrim
        if self._making is None:
            from scenes.screens.results import ResultsScene
            scene = ResultsScene(self.app, self.scene)
            scene.layout()
            self._making = (scene, 0)
            return True
        scene, done = self._making
        scratch = pygame.Surface((1, 1))        # drawing is clipped away: only the painting counts
        steps = (lambda: scene.row.draw(scratch, self.app.u),          # the buttons
                 lambda: (scene.corner(), scene.title_image()),         # the deal number, the title
                 lambda: scene.draw_body(scratch, scene.body_area()),   # the lines, a game's panel
                 lambda: Dialog.draw(scene, scratch))                   # the rest: all painted now
        steps[done]()
        if done + 1 < len(steps):
            self._making = (scene, done + 1)
        else:
            scrim(self.app.size, 0)             # the veil over the table, made too
            self._ready, self._making = scene, None
        return True

    def finish(self) -> None:
        """The match is over: record it and show the results screen over ``scene``."""
        result = self.match.result()
        self.app.audio.play("win")
        self.app.finish_match({
            "game": self.match.game, "seed": self.match.seed,
            "seats": [s.kind for s in self.match.seats],
            "winners": list(result.winners), "scores": list(result.scores),
            "reason": result.reason, "actions": len(self.match.log),
        }, self.match, self.clock())
        if self.app.running:
            from scenes.screens.results import ResultsScene
            scene, self._ready, self._making, self._shown = self._ready, None, None, True
            self.app.stack.push(scene or ResultsScene(self.app, self.scene))
