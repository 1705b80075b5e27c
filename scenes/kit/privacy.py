"""A table's privacy part (hot-seat play): which faces may be drawn now, and the handoff
screen the driver asks for when the screen must change hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenes.core.i18n import t


class Privacy:
    """The one question every face drawn on a table asks, and the handoff screens.

    ``reveal_all`` reads whether the table shows every face (a finished game's replay);
    ``seat_name``/``preview`` say who takes the screen and what they will see;
    ``accepted(seat)`` is the table's rebuild once a handoff is confirmed."""

    def __init__(self, app: Any, match: Any, driver: Any, reveal_all: Callable[[], bool],
                 seat_name: Callable[[int], str], preview: Callable[[int], str] | None,
                 accepted: Callable[[int], None], open_pause: Callable[[], None],
                 open_rules: Callable[[], None]) -> None:
        self.app = app
        self.match = match
        self.driver = driver
        self.reveal_all = reveal_all
        self.seat_name = seat_name
        self.preview = preview or (lambda seat: t("handoff.sees_hand"))
        self.accepted = accepted
        self.open_pause = open_pause
        self.open_rules = open_rules
        self.handoff: Any = None          # the handoff screen this table pushed, until confirmed
        self._private: tuple[tuple, frozenset] = ((), frozenset())

    @property
    def looking(self) -> int | None:
        """The seat whose private things may be drawn: the viewer once confirmed, else nobody.

        ``viewer`` is also the seat drawn at the bottom; with several humans and no confirmed
        handoff the table shows only public things (the bottom hand as backs).
        """
        return self.driver.looking

    def private_cards(self) -> frozenset:
        """The viewer's cards nobody else may see (from the current state, so a card that
        has just left the hand is public while it flies). Tables may widen this."""
        viewer = self.driver.viewer
        key = (len(self.match.events), viewer)
        if self._private[0] != key:
            self._private = (key, frozenset(self.match.view(viewer).hand or ()))
        return self._private[1]

    def may_show(self, card: int | None) -> bool:
        """The one question every face drawn on a table asks (hot-seat privacy)."""
        return card is not None and (self.driver.confirmed_viewer or card not in self.private_cards())

    def shown(self, card: int | None) -> int | None:
        """``card`` if its face may be drawn now, else None (draw its back)."""
        return card if self.reveal_all() or self.may_show(card) else None

    def next_human(self) -> int | None:
        """The human seat the rules wait for now (the first active one), if any."""
        return self.driver.next_human()

    def show_handoff(self, seat: int) -> None:
        """The driver asks for the screen to change hands: push one handoff screen for
        ``seat`` and wait (the table's time stops beneath it) until that human confirms."""
        from scenes.screens.handoff import HandoffScene
        self.handoff = HandoffScene(self.app, seat, self.seat_name(seat), self.preview(seat),
                                    lambda: self.accept_viewer(seat), self.open_pause, self.open_rules)
        self.app.stack.push(self.handoff)

    def accept_viewer(self, seat: int) -> None:
        """The handoff screen's confirm: the only way the viewer changes."""
        self.handoff = None
        self.driver.accept(seat)
        self.accepted(seat)
