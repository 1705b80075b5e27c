"""The join panel: phones take their seats before a phone table starts (or comes back).

Shown after setup when a seat is a phone seat (and for ``--seats`` with ``phone``, and on
"Continue" of a saved game with phone seats). It opens the app's phone party
(:mod:`scenes.core.phone_host`: the server listens from now on) and shows the room's QR
code, the address to type, the short room code, and every seat: a phone seat with its
state (waiting for a phone / the player's name, connected or away), a screen seat and an
AI seat labelled. Picking a phone seat (click, or focus and Enter) shows that seat's own
link instead; picking it again, or the room row, shows the room link.

Start (a new deal) is enabled once every phone seat has joined. Continuing a saved game
waits until every phone is back; "Continue without" gives each absent phone seat to a
Normal AI. Back stops the server.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from scenes.core import fonts, nav, phone_host, session, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.core.textfit import ellipsize
from scenes.screens.dialog import wrap
from scenes.tables import registry as tables
from scenes.widgets.button import Button, ButtonRow, draw_focus_ring
from scenes.widgets.options import READABLE_PX
from scenes.widgets.panel import draw_titled_panel

QUIET = 4               # modules of light margin around a QR code (the standard's quiet zone)
STAND_IN = "normal"     # the AI level "Continue without" gives an absent phone seat
GREEN = (120, 190, 110)


@lru_cache(maxsize=8)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``url`` (medium error correction), dark modules True, no quiet zone."""
    import segno
    code = segno.make(url, error="m", micro=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


@lru_cache(maxsize=4)
def qr_surface(url: str, module: int) -> pygame.Surface:
    """The code drawn with one rectangle per dark module, ``module`` px each, dark on
    ivory inside its quiet zone: crisp at any size."""
    rows = qr_matrix(url)
    n = len(rows) + 2 * QUIET
    surf = pygame.Surface((n * module, n * module))
    surf.fill(theme.IVORY)
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):                 # a run of dark modules is one rectangle
            if row[x]:
                end = x
                while end < len(row) and row[end]:
                    end += 1
                surf.fill(theme.INK, ((QUIET + x) * module, (QUIET + y) * module,
                                      (end - x) * module, module))
                x = end
            else:
                x += 1
    return surf


def fitted(text: str, px: int, width: int, weight: str = "regular") -> tuple[str, int]:
    """``text`` at the largest size ≤ ``px`` that fits ``width``, but not below a readable
    size: there it is cut short with an ellipsis instead."""
    floor = min(px, READABLE_PX - 1)
    size = fonts.fit(text, px, width, weight)
    if size >= floor:
        return text, size
    return ellipsize(text, floor, width, weight), floor


class SeatButton(Button):
    """One row of the seat list: a label on the left, a state (with its dot) on the right.
    Only the rows that have a link (the room row and phone seats) can be picked."""

    def __init__(self, panel: JoinPanel, seat: int | None) -> None:
        super().__init__(lambda: panel.row_label(seat), lambda: panel.pick(seat),
                         enabled=lambda: panel.pickable(seat))
        self.panel = panel
        self.seat = seat

    def draw(self, surface: pygame.Surface, u: float) -> None:
        r = self.rect
        radius = max(2, round(0.8 * u))
        chosen = self.panel.selected == self.seat
        if chosen:
            pygame.draw.rect(surface, theme.darken(theme.GOLD, 0.55), r, border_radius=radius)
        elif self.enabled and (self.hover or self.focused):
            pygame.draw.rect(surface, theme.lighten(theme.BUTTON, 0.08), r, border_radius=radius)
        if self.enabled:
            pygame.draw.rect(surface, theme.GOLD if chosen else theme.darken(theme.GOLD, 0.4), r,
                             max(1, round(0.15 * u)), border_radius=radius)
        if self.focused:
            draw_focus_ring(surface, r, u, radius)
        state, colour, dot = self.panel.row_state(self.seat)
        pad = max(3, round(1.0 * u))
        px = max(12, min(round(2.6 * u), round(r.height * 0.55)))
        room = r.width - 2 * pad
        dot_r = max(2, round(px * 0.28))
        state_w = min(fonts.size(state, px)[0], room // 2) if state else 0
        label_w = room - state_w - (3 * dot_r + pad if state else 0)
        label, lpx = fitted(self.label, px, label_w, "semibold")
        img = fonts.text(label, lpx, theme.IVORY if self.enabled else theme.MUTED, "semibold")
        surface.blit(img, img.get_rect(midleft=(r.x + pad, r.centery)))
        if state:
            state, spx = fitted(state, px, state_w)
            simg = fonts.text(state, spx, colour)
            at = simg.get_rect(midright=(r.right - pad, r.centery))
            surface.blit(simg, at)
            if dot:
                centre = (at.x - 2 * dot_r, r.centery)
                width = 0 if dot == "full" else max(1, dot_r // 2)
                pygame.draw.circle(surface, colour, centre, dot_r, width)


class JoinPanel(Scene):
    """The host's lobby of a phone table (see the module docstring)."""

    holds_party = True          # scenes.core.phone_host keeps the server while this is up

    def __init__(self, app, game: str, seats: list[str], seed: int | None = None,
                 options: dict | None = None, match: Any = None) -> None:
        super().__init__(app)
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})
        self.match = None               # (not a table: phone_host.holds reads holds_party)
        self.resumed = match
        self.handed = False
        self.sides = tables.info(game).sides
        self.party = phone_host.open_party(app, game, self.seats, fresh=match is None)
        self.selected: int | None = None
        self.rows = [SeatButton(self, None)] + [SeatButton(self, i) for i in range(len(self.seats))]
        self.back_button = Button(lambda: t("common.back"), self.back)
        self.go_button = Button(lambda: t("join.continue" if self.resumed else "join.start"),
                                self.start, "primary", enabled=self.can_start)
        self.without_button = Button(lambda: t("join.without"), self.start_without,
                                     enabled=lambda: bool(self.away()))
        extra = [self.without_button] if self.resumed is not None else []
        self.row = ButtonRow([*self.rows, self.back_button, *extra, self.go_button])
        self.u = app.u
        self.qr_box = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------ the seats
    def seat_name(self, seat: int) -> str:
        if seat < len(self.sides):
            return t("setup.seat", n=seat + 1, where=t(f"setup.side.{self.sides[seat]}"))
        return t("setup.seat_plain", n=seat + 1)

    def phone_seats(self) -> list[int]:
        return self.party.room.phone_seats()

    def row_label(self, seat: int | None) -> str:
        if seat is None:
            return t("join.room_link")
        slot = self.party.room.slots[seat]
        if slot.is_phone and slot.name:
            return f"{self.seat_name(seat)} · {slot.name}"
        return self.seat_name(seat)

    def row_state(self, seat: int | None) -> tuple[str, tuple[int, int, int], str]:
        """What a row says on its right, in which colour, with which dot ("", "ring", "full")."""
        if seat is None:
            return "", theme.MUTED, ""
        slot = self.party.room.lobby()[seat]
        if slot.kind == "human":
            return t("join.screen"), theme.MUTED, ""
        if not slot.is_phone:
            return t("join.ai", level=t(f"level.{slot.kind}")), theme.MUTED, ""
        if not slot.joined:
            return t("join.waiting"), theme.MUTED, "ring"
        if slot.connected:
            return t("join.connected"), GREEN, "full"
        return t("join.away"), theme.AMBER, "full"

    def pickable(self, seat: int | None) -> bool:
        return seat is None or self.party.room.slots[seat].is_phone

    def pick(self, seat: int | None) -> None:
        """Show ``seat``'s own link (the room link for None, or when it is shown already)."""
        self.selected = None if seat == self.selected else seat

    def away(self) -> list[int]:
        """Phone seats without a connected phone (what Continue waits for)."""
        return [s.seat for s in self.party.room.lobby() if s.is_phone and not s.connected]

    def can_start(self) -> bool:
        if not self.party.listening:
            return False
        if self.resumed is not None:
            return bool(self.phone_seats()) and not self.away()
        return self.party.room.ready()

    def url(self) -> str:
        """The link the QR code shows now."""
        return self.party.link(self.selected)

    def qr_place(self) -> tuple[pygame.Rect, int]:
        """Where the QR code of :meth:`url` is drawn (quiet zone included) and its module
        size in pixels: whole pixels per module, centred in its square."""
        n = len(qr_matrix(self.url())) + 2 * QUIET
        module = max(1, self.qr_box.width // n)
        rect = pygame.Rect(0, 0, module * n, module * n)
        rect.center = self.qr_box.center
        return rect, module

    # ------------------------------------------------------------ actions
    def start(self) -> None:
        if not self.can_start():
            return
        match = self.resumed
        if match is None:
            match = session.start(self.game, self.seats, self.seed, self.options)
        self._open_table(match)

    def start_without(self) -> None:
        """Continue now: each phone seat whose phone is not back goes to a Normal AI."""
        match = self.resumed
        if match is None or not self.party.listening:
            return
        for seat in self.away():
            match.hand_over(seat, STAND_IN)
            self.party.room.hand_to_ai(seat, STAND_IN)
        self._open_table(match)

    def _open_table(self, match: Any) -> None:
        self.party.room.start()
        self.party.keep(force=True)
        self.handed = True
        nav.reset(self.app, "table", match, fresh=self.resumed is None)

    def back(self) -> None:
        phone_host.end(self.app)
        if self.resumed is not None:
            nav.reset(self.app, "menu")
        else:
            nav.reset(self.app, "setup", self.game, self.seats, self.seed, self.options)

    # ------------------------------------------------------------ scene
    def enter(self) -> None:
        self.party.start()
        self.resize(self.app.size)

    def exit(self) -> None:
        if self.resumed is not None and not self.handed:
            self.resumed.close()            # its agents' worker goes with it

    def update(self, dt: float) -> None:
        if self.selected is not None and not self.pickable(self.selected):
            self.selected = None        # (a seat handed to an AI has no link any more)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.row.handle(event)

    # ------------------------------------------------------------ layout
    def resize(self, size) -> None:
        w, h = self.app.size
        u = self.u = self.app.u
        margin = round(2 * u)
        self.panel = pygame.Rect(0, 0, min(w - 2 * margin, round(175 * u)), h - 2 * margin)
        self.panel.center = (w // 2, h // 2)
        pad = round(3 * u)
        inner = self.panel.inflate(-2 * pad, 0)
        bh = round(6 * u)
        button_y = self.panel.bottom - pad - bh
        top = self.panel.y + round(10 * u)
        bottom = button_y - round(1.5 * u)
        bw = round(26 * u)
        self.back_button.rect = pygame.Rect(inner.x, button_y, bw, bh)
        self.go_button.rect = pygame.Rect(inner.right - bw, button_y, bw, bh)
        label_px = max(13, round(2.5 * u))      # as Button draws it: wide enough for its words
        wide = max(bw, min(round(44 * u), fonts.size(self.without_button.label, label_px, "semibold")[0]
                           + round(4 * u)))
        self.without_button.rect = pygame.Rect(inner.right - bw - round(2 * u) - wide, button_y, wide, bh)
        # many seats in a low window: the list takes two columns and the code gives way
        for cols, share in ((1, 0.45), (2, 0.36)):
            if self._place(inner, top, bottom, cols, share):
                break

    def _place(self, inner: pygame.Rect, top: int, bottom: int, cols: int, share: float) -> bool:
        """Lay out the QR code (left), the address, code and hint (right, measured), and
        the seat list under them in ``cols`` columns. False if its rows come out too low."""
        u = self.u
        caption_h = max(fonts.size("Ag", max(11, round(2.1 * u)))[1], round(3.4 * u))
        side = max(8, min(bottom - top - caption_h, round(inner.width * share)))
        self.qr_box = pygame.Rect(inner.x, top, side, side)
        self.caption_rect = pygame.Rect(inner.x, top + side + round(0.6 * u), side, caption_h)
        gap = round(3 * u)
        right = pygame.Rect(inner.x + side + gap, top, inner.right - inner.x - side - gap, bottom - top)
        self.info_rect = right
        self.info = []
        y = right.y
        address = self.party.address() if self.party.listening else "—"
        label_px = max(11, round(1.9 * u))
        for label, value, colour, big in ((t("join.address"), address, theme.IVORY, 4.2),
                                          (t("join.code"), " ".join(self.party.room.code), theme.GOLD, 4.8)):
            px = fonts.fit(label, label_px, right.width)
            self.info.append((label, px, theme.MUTED, "regular", y))
            y += fonts.size(label, px)[1]
            px = fonts.fit(value, round(big * u), right.width, "bold")
            self.info.append((value, px, colour, "bold", y))
            y += fonts.size(value, px, "bold")[1] + round(0.4 * u)
        hint = t("join.scan")
        px = label_px
        lines = wrap(hint, px, right.width)
        while len(lines) > 2 and px > 9:
            px -= 1
            lines = wrap(hint, px, right.width)
        for line in lines[:2]:
            self.info.append((line, px, theme.MUTED, "regular", y))
            y += fonts.size(line, px)[1]
        list_top = y + round(1.2 * u)
        seats = self.rows[1:]
        per_col = -(-len(seats) // cols)
        pitch = min(round(6.2 * u), (right.bottom - list_top) // (1 + per_col))
        row_h = max(6, pitch - max(1, round(0.6 * u)))
        self.rows[0].rect = pygame.Rect(right.x, list_top, right.width, row_h)
        col_gap = round(1.5 * u)
        col_w = (right.width - col_gap * (cols - 1)) // cols
        for i, b in enumerate(seats):
            c, line = divmod(i, per_col)
            b.rect = pygame.Rect(right.x + c * (col_w + col_gap), list_top + (1 + line) * pitch, col_w, row_h)
        last = max(b.rect.bottom for b in self.rows)
        self.note_rect = pygame.Rect(right.x, last + round(1.2 * u), right.width,
                                     max(0, right.bottom - last - round(1.2 * u)))
        return row_h >= max(18, round(4.4 * u)) or cols > 1

    # ------------------------------------------------------------ drawing
    def status(self) -> tuple[str, str, tuple[int, int, int]]:
        """How many phones are in (the line between the buttons), and a note under the
        seats: a problem (amber), or what "Continue without" does."""
        phones = self.phone_seats()
        if self.resumed is not None:
            back = len(phones) - len(self.away())
            count = t("join.back_count", n=back, total=len(phones))
        else:
            joined = sum(1 for s in self.party.room.lobby() if s.is_phone and s.joined)
            count = t("join.count", n=joined, total=len(phones))
        if self.party.error is not None:
            return count, t("join.no_server", reason=self.party.error), theme.AMBER
        if self.resumed is not None and not self.party.restored:
            return count, t("join.new_room"), theme.AMBER
        if self.party.host.startswith("127."):
            return count, t("join.no_network"), theme.AMBER
        if self.resumed is not None and self.away():
            return count, t("join.without_hint"), theme.MUTED
        return count, "", theme.MUTED

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        title = f"{t('join.title')} — {t(f'short.{self.game}')}"
        draw_titled_panel(surface, self.panel, u, title, 3.0, 7.0)
        self.draw_qr(surface, u)
        self.draw_info(surface, u)
        for b in self.rows:
            b.draw(surface, u)
        self.draw_status(surface, u)
        self.back_button.draw(surface, u)
        if self.resumed is not None:
            self.without_button.draw(surface, u)
        self.go_button.draw(surface, u)

    def draw_status(self, surface: pygame.Surface, u: float) -> None:
        """The count between Back and the buttons on the right; the note under the seat
        list (or with the count, when the list leaves no room for it)."""
        count, note, colour = self.status()
        gap = round(2 * u)
        left = self.back_button.rect.right + gap
        right = (self.without_button if self.resumed is not None else self.go_button).rect.x - gap
        area = pygame.Rect(left, self.back_button.rect.y, max(1, right - left), self.back_button.rect.height)
        px = max(11, round(2.1 * u))
        if note:
            lines = wrap(note, px, self.note_rect.width)
            height = sum(fonts.size(line, px)[1] for line in lines)
            if len(lines) <= 3 and height <= self.note_rect.height:
                y = self.note_rect.y
                for line in lines:
                    img = fonts.text(line, px, colour)
                    surface.blit(img, (self.note_rect.x, y))
                    y += img.get_height()
                note = ""
        lines = [(line, theme.MUTED) for line in wrap(count, px, area.width)]
        if note:            # no room under the list: with the count, smaller
            px = max(9, round(1.8 * u))
            lines = [(line, colour) for line in wrap(note, px, area.width)] + lines
        lines = lines[-3:]
        imgs = [fonts.text(line, fonts.fit(line, px, area.width), c) for line, c in lines]
        y = area.centery - sum(i.get_height() for i in imgs) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
            y += img.get_height()

    def draw_qr(self, surface: pygame.Surface, u: float) -> None:
        if not self.party.listening:
            pygame.draw.rect(surface, theme.darken(theme.IVORY, 0.6), self.qr_box,
                             max(1, round(0.3 * u)), border_radius=max(2, round(u)))
            return
        rect, module = self.qr_place()
        surface.blit(qr_surface(self.url(), module), rect)
        if self.selected is None:
            caption = t("join.room_caption")
        else:
            caption = t("join.seat_caption", seat=self.seat_name(self.selected))
        r = self.caption_rect
        px = fonts.fit(caption, max(11, round(2.1 * u)), r.width)
        img = fonts.text(caption, px, theme.GOLD if self.selected is not None else theme.MUTED)
        surface.blit(img, img.get_rect(midtop=(self.qr_box.centerx, r.y)))

    def draw_info(self, surface: pygame.Surface, u: float) -> None:
        """The address, the room code and how to join, as :meth:`_place` measured them."""
        for text, px, colour, weight, y in self.info:
            surface.blit(fonts.text(text, px, colour, weight), (self.info_rect.x, y))


def join_for(app, match: Any) -> Scene:
    """The join panel of a saved game with phone seats (its phones come back)."""
    return JoinPanel(app, match.game, [s.kind for s in match.seats], match=match)
