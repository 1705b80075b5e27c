"""A hot-seat peek at one's own hand during a reaction window, made safe for a shared screen.

Pressing a seat's peek key (``peek_seat_of``, built once by the table) is accepted only
while the open window waits for that seat; otherwise a toast says why not. It first puts
up a cover naming the seat ("Player 2 is looking — others look away"); only once that is
confirmed — Enter or the cover's button, or the key still held after ``PEEK_HOLD_S`` —
is that seat's hand drawn, and only while the key stays down. Release, or the window no
longer waiting for the seat, ends the peek. While one peek is up every other peek key does
nothing, and no peek is ever shown beside a confirmed viewer's hand: at most one hand is
on screen. The table's clock (and so the rule timers) keeps running throughout."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.textfit import fit_text
from scenes.kit.parts import borrowing
from scenes.widgets.button import Button

PEEK_HOLD_S = 0.6          # a peek key held this long (table time) confirms the cover


@borrowing(table="app clock confirmed_viewer match peek_button peek_seat_of seat_name toast",
           geometry="hand_top",
           memory_panel="memory_rect")
class DaoTamPeek:
    """Part of the table: the peek's state, its keys (``handle_peek``) and its cover (``draw_peek_cover``)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    peek: int | None = None            # the seat whose cover (or hand) is up, key held
    peek_confirmed: bool = False
    peek_since: float = 0.0            # table clock at the key-down

    def init_peek(self) -> None:
        self.peek, self.peek_confirmed, self.peek_since = None, False, 0.0
        self.peek_button = Button(lambda: t("daotam_table.peek_show"), self.confirm_peek, "primary")

    # ------------------------------------------------------------ rules of a peek
    def peek_allowed(self, seat: int) -> bool:
        """A peek is for a human seat the open window still waits for, at a shared screen
        with no hand open and the table on top."""
        return (len(self.match.screen_seats()) > 1 and not self.confirmed_viewer
                and self.app.stack.top is self.table and self.match.open_window() is not None
                and seat in self.match.view(None).waiting and self.match.seats[seat].at_screen)

    def peek_cover(self) -> int | None:
        """The seat whose cover is up, not yet confirmed (its hand not drawn)."""
        if self.peek is None or self.peek_confirmed or not self.peek_allowed(self.peek):
            return None
        return self.peek

    def peeking(self) -> int | None:
        """The seat whose own hand is shown now by a confirmed peek (hot-seat only)."""
        if self.peek is None or not self.peek_confirmed or not self.peek_allowed(self.peek):
            return None
        return self.peek

    def end_peek(self) -> None:
        self.peek, self.peek_confirmed = None, False

    def confirm_peek(self) -> None:
        if self.peek_cover() is not None:
            self.peek_confirmed = True

    def update_peek(self) -> None:
        """Each frame: a peek ends once the window stops waiting for its seat; a cover
        whose key is held long enough is confirmed."""
        if self.peek is None:
            return
        if not self.peek_allowed(self.peek):
            self.end_peek()
        elif not self.peek_confirmed and self.clock - self.peek_since >= PEEK_HOLD_S:
            self.peek_confirmed = True

    # ------------------------------------------------------------ input
    def handle_peek(self, event: pygame.event.Event) -> bool:
        """Peek keys (down: ask, up: cover again), and the cover's confirm (Enter, button)."""
        if self.peek_cover() is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm_peek()
                return True
            if self.peek_button.handle(event):
                return True
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or event.key not in self.peek_seat_of:
            return False
        seat = self.peek_seat_of[event.key]
        if event.type == pygame.KEYUP:
            if self.peek == seat:
                self.end_peek()               # covered again on release
            return True
        if self.peek is not None or len(self.match.screen_seats()) <= 1:
            return True                       # one peek at a time; one human sees their hand
        if not self.peek_allowed(seat):
            self.toast.show(t("daotam_table.peek_refused", name=self.seat_name(seat)))
            self.app.audio.play("illegal")
            return True
        self.peek, self.peek_confirmed, self.peek_since = seat, False, self.clock
        return True

    # ------------------------------------------------------------ drawing
    def peek_key_label(self, seat: int) -> str:
        key = next((k for k, s in self.peek_seat_of.items() if s == seat), None)
        return pygame.key.name(key).upper() if key is not None else "?"

    def peek_prompt(self) -> str | None:
        """The instruction line while a peek's hand is shown (under a cover the line goes on
        saying what the window asks: the cover itself names the seat)."""
        shown = self.peeking()
        if shown is not None:
            return t("daotam_table.peek_shown", name=self.seat_name(shown), k=self.peek_key_label(shown))
        return None

    def draw_peek_cover(self, surface: pygame.Surface) -> None:
        """The cover over the hand area: who is looking, how to confirm, a filling bar."""
        seat = self.peek_cover()
        if seat is None:
            return
        u = self.app.u
        w, h = surface.get_size()
        top = round(self.hand_top() - 0.5 * u)
        title_px, how_px = max(13, round(2.8 * u)), max(12, round(2.1 * u))
        title_text = t("daotam_table.peek_cover", name=self.seat_name(seat))
        how_text = t("daotam_table.peek_how", k=self.peek_key_label(seat))
        need = max(fonts.size(title_text, title_px, "bold")[0], fonts.size(how_text, how_px)[0])
        cw = min(w - round(4 * u), max(round(60 * u), need + round(6 * u)))
        rect = pygame.Rect(0, top, cw, h - top - round(u))
        rect.centerx = w // 2
        clear = self.memory_rect().right + round(u)       # right of the memory aid when there is room
        if rect.left < clear:
            rect.left = max(round(u), min(clear, w - round(u) - rect.width))
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.PANEL, 245), panel.get_rect(), border_radius=round(1.5 * u))
        surface.blit(panel, rect)
        pygame.draw.rect(surface, theme.GOLD, rect, max(2, round(0.3 * u)), border_radius=round(1.5 * u))
        inner = rect.w - round(4 * u)
        title = fit_text(title_text, title_px, theme.GOLD, inner, "bold", min_px=11)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + round(1.2 * u))))
        how = fit_text(how_text, how_px, theme.IVORY, inner, min_px=10)
        y = rect.y + round(1.2 * u) + title.get_height() + round(0.6 * u)
        surface.blit(how, how.get_rect(midtop=(rect.centerx, y)))
        y += how.get_height() + round(0.8 * u)
        bar = pygame.Rect(0, 0, min(inner, round(30 * u)), max(2, round(0.7 * u)))
        bar.midtop = (rect.centerx, y)
        p = max(0.0, min(1.0, (self.clock - self.peek_since) / PEEK_HOLD_S))
        pygame.draw.rect(surface, theme.darken(theme.GOLD, 0.6), bar, border_radius=bar.h // 2)
        pygame.draw.rect(surface, theme.GOLD, (bar.x, bar.y, round(bar.w * p), bar.h), border_radius=bar.h // 2)
        label = self.peek_button.label
        bw = fonts.size(label, max(13, round(2.3 * u)), "semibold")[0] + round(4 * u)
        self.peek_button.rect = pygame.Rect(0, 0, min(inner, bw), round(4.4 * u))
        self.peek_button.rect.midtop = (rect.centerx, bar.bottom + round(u))
        if self.peek_button.rect.bottom > rect.bottom - round(0.5 * u):
            self.peek_button.rect.bottom = rect.bottom - round(0.5 * u)
        self.peek_button.draw(surface, u)
