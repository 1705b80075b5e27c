"""A table's results part: what the results panel says about a finished match (who won,
each seat's score, a game's extra panel), and telling the app the match is over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.core import i18n
from scenes.core.i18n import t


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
            self.app.stack.push(ResultsScene(self.app, self.scene))
