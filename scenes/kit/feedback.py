"""A table's feedback part: the toast, and what a refused move says (its reason, in the
player's language) and for how long (until someone acts, at a turn-based table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core import IllegalAction
from scenes.core.i18n import t
from scenes.widgets.toast import Toast


class Feedback:
    """The toast and refusals of one table. ``viewer`` reads who the table's viewer is now;
    ``follow_turns``: a refused move's reason lasts only until someone acts;
    ``params``: a game's own parameters for an error's text (default: the error's own)."""

    def __init__(self, app: Any, match: Any, viewer: Callable[[], int], follow_turns: bool,
                 params: Callable[[IllegalAction], dict] | None = None) -> None:
        self.app = app
        self.match = match
        self.viewer = viewer
        self.follow_turns = follow_turns
        self.params = params or (lambda err: dict(err.params))
        self.toast = Toast()

    def refuse(self, err: IllegalAction) -> None:
        self.toast.show(self.explain(err), self.while_undecided())
        self.app.audio.play("illegal")

    def while_undecided(self) -> Callable[[], bool] | None:
        """For a toast about the decision open now (a refused move's reason): true until
        someone acts, at a turn-based table (``toasts_follow_turns``), so the reason never
        outlives the decision into the next turn. None elsewhere (the toast just lasts)."""
        if not self.follow_turns:
            return None
        at = len(self.match.log)
        return lambda: len(self.match.log) == at

    def viewers_turn(self) -> bool:
        """Whether the rules wait for the viewer now (what the turn line says once the
        cards in flight have landed)."""
        viewer = self.viewer()
        return (not self.match.is_over() and viewer in self.match.active_seats()
                and self.match.seats[viewer].at_screen)

    def say_not_your_turn(self) -> bool:
        """Toast "not your turn yet" for a move tried out of turn: never while it is the
        viewer's turn, and gone as soon as the turn comes to them (the turn line then says
        "Your turn"). True if it was shown."""
        return self.toast.show(t("table.not_your_turn"), lambda: not self.viewers_turn())

    def explain(self, err: IllegalAction) -> str:
        key = f"err.{err.key}"
        text = t(key, **self.params(err))
        return str(err) if text == key else text
