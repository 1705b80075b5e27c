"""The setup screen's deal-code row: shows the code of the deal being set up; click it (or
Enter on it) to type a friend's code, Enter to play that deal — game, players, options and
deal number — or be told, in the row's note, why a code is wrong."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.dealcode import Deal, DealCodeError, code_for, decode, prefix
from scenes.core.i18n import t
from scenes.widgets.options import ValueRow

MAX_TYPED = 24
EXAMPLE_DEAL = 15        # the deal the hint's example code names (another if it is this one)


class CodeRow(ValueRow):
    def __init__(self, current: Callable[[], tuple[str, int, dict, int]],
                 use: Callable[[Deal], str | None]) -> None:
        """``current``: (game, seats, options, deal) being set up; ``use``: apply a decoded
        deal, returning an i18n key if it cannot be played (else None)."""
        self.current, self.use = current, use
        self._editing = False
        self.buffer = ""
        self.problem = ""           # why the typed code was refused (already translated)
        super().__init__(lambda: t("replay.code_label"))

    @property
    def editing(self) -> bool:
        return self._editing

    def text(self) -> str:
        if self._editing:
            return self.buffer
        return code_for(*self.current()) or "—"

    def note(self) -> str:
        if self.problem:
            return self.problem
        return t("replay.code_typing") if self._editing else t("replay.code_hint", example=self.example())

    def example(self) -> str:
        """A code of the game being set up (with its own prefix), for the hint."""
        game, seats, options, deal = self.current()
        other = EXAMPLE_DEAL + (deal == EXAMPLE_DEAL)
        return code_for(game, seats, options, other) or code_for(game, seats, {}, other) or f"{prefix(game)}-…"

    @property
    def warning(self) -> bool:
        return bool(self.problem)

    def can_step(self, n: int) -> bool:
        return False

    def step(self, n: int) -> None:
        pass

    def activate(self) -> None:
        if not self._editing:
            self._editing, self.buffer, self.problem = True, "", ""

    def accept(self) -> bool:
        """Play the typed code's deal; False (and still typing) with the reason if not."""
        try:
            deal = decode(self.buffer)
        except DealCodeError as err:
            self.problem = t(err.key, **err.params)
            return False
        refused = self.use(deal)
        if refused:
            self.problem = t(refused)
            return False
        self._editing, self.problem = False, ""
        return True

    def cancel(self) -> None:
        self._editing, self.problem = False, ""

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._editing:
            return super().handle(event)
        if event.type == pygame.TEXTINPUT:
            return True                          # characters arrive as KEYDOWN too
        if event.type == pygame.MOUSEBUTTONDOWN and not self.button.rect.collidepoint(event.pos):
            self.cancel()                        # a click away drops an unfinished code
            return False
        if event.type != pygame.KEYDOWN:
            return super().handle(event)
        ch = getattr(event, "unicode", "")
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.key == pygame.K_BACKSPACE:
            self.buffer, self.problem = self.buffer[:-1], ""
        elif event.key == pygame.K_DELETE:
            self.buffer, self.problem = "", ""
        elif event.key == pygame.K_TAB:
            self.cancel()
            return False
        elif ch and len(ch) == 1 and (ch.isalnum() or ch in "- ") and len(self.buffer) < MAX_TYPED:
            self.buffer += ch.upper()
            self.problem = ""
        return True                              # while typing, no other key reaches the screen
