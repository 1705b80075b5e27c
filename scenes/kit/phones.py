"""A table's phones part (issue 17): the big screen's side of a table with phone seats.

The table holds one only when the app has a phone party (``app.party``: its
:class:`party.room.Room` and server) for this game. Once a frame (:meth:`TablePhones.update`,
on the game thread) it pumps the room — the phones' queued intents go to the Match, each
phone gets its new screen if something changed — and renders the card pictures the
server asked for (:meth:`TablePhones.art`, thread-safe: it only enqueues) within a small
budget of the frame, by the game's own art (the replay's faces,
:func:`scenes.screens.replay_truth.reveal`), as PNG bytes cached in memory and on disk.

It draws a phone glyph on phone seats' plates (through :class:`~scenes.kit.plates.SeatPlates`)
and, while the rules wait for a phone seat whose phone is away, a "Waiting for Lan's
phone…" line; the host opens a small menu (click the plate, or F6) to give the seat to
an AI or to another phone (a new seat link, shown as a QR code). Nothing here waits for
the network.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import io
import json
import logging
import queue
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

from scenes.core import fonts, i18n, theme
from scenes.core.i18n import t
from scenes.core.textfit import fit_text
from scenes.widgets.button import Button

log = logging.getLogger(__name__)

ART_BUDGET_S = 0.004        # of each frame, for the phones' card pictures
ART_PER_FRAME = 8           # and never more than this many in one frame
ART_MIN, ART_MAX, ART_STEP = 32, 1024, 16
MEMORY_CACHE = 256          # pictures kept in memory (PNG bytes)
MENU_KEY = pygame.K_F6      # the host's menu for a missing phone (F-keys are never a seat's)
AI_LEVEL = "normal"         # who takes a seat given to an AI


def art_height(h: Any) -> int:
    """The picture height served: clamped to 32…1024 px, rounded up to a multiple of 16."""
    try:
        h = int(h)
    except (TypeError, ValueError):
        h = ART_MIN
    h = max(ART_MIN, min(ART_MAX, h))
    return -(-h // ART_STEP) * ART_STEP


def card_of(card_json: str) -> Any:
    """A card as the art takes it, from its JSON (lists become tuples)."""
    def tuples(v: Any) -> Any:
        return tuple(tuples(x) for x in v) if isinstance(v, list) else v
    return tuples(json.loads(card_json))


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "x.png")
    return buf.getvalue()


def draw_phone_glyph(surface: pygame.Surface, centre: tuple[int, int], u: float, away: bool) -> pygame.Rect:
    """A small phone drawn with shapes (on a dark pill, so it reads on any plate border);
    struck through in red when the phone is away."""
    h = max(10, round(2.8 * u))
    w = max(6, round(h * 0.58))
    pill = pygame.Rect(0, 0, w + max(4, round(1.2 * u)), h + max(4, round(0.8 * u)))
    pill.center = centre
    colour = (226, 74, 62) if away else theme.GOLD
    pygame.draw.rect(surface, theme.PANEL, pill, border_radius=max(2, pill.width // 3))
    pygame.draw.rect(surface, colour, pill, max(1, round(0.15 * u)), border_radius=max(2, pill.width // 3))
    body = pygame.Rect(0, 0, w, h)
    body.center = centre
    line = max(1, round(0.22 * u))
    ink = theme.MUTED if away else theme.IVORY
    pygame.draw.rect(surface, ink, body, line, border_radius=max(1, w // 4))
    screen = body.inflate(-2 * line - max(1, round(0.2 * u)), -max(4, round(h * 0.38)))
    screen.top = body.top + line + max(1, round(0.15 * u))
    pygame.draw.rect(surface, theme.darken(ink, 0.3), screen)
    pygame.draw.circle(surface, ink, (body.centerx, body.bottom - line - max(1, round(0.3 * u))),
                       max(1, round(0.25 * u)))
    if away:
        pygame.draw.line(surface, colour, pill.topleft, pill.bottomright, max(2, round(0.35 * u)))
    return pill


def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code (segno's matrix, quiet zone included), about ``size`` px square,
    dark on white, each module a whole number of pixels."""
    import segno
    rows = [list(r) for r in segno.make(text, error="m").matrix_iter(border=2)]
    n = len(rows)
    k = max(1, size // n)
    img = pygame.Surface((n * k, n * k))
    img.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                img.fill((0, 0, 0), (x * k, y * k, k, k))
    return img


class TablePhones:
    """The phones part of one table (see the module docstring). ``party``: the app's
    phone party (``.room``; optional ``.link(seat)`` for a seat's join link)."""

    def __init__(self, table: Any, party: Any) -> None:
        self.table = table
        self.party = party
        self.room = party.room
        self.requests: queue.SimpleQueue = queue.SimpleQueue()
        self.cache: OrderedDict[tuple[str, str, int], bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.rendered = 0                   # pictures made in the last frame
        self.menu: int | None = None        # the away seat whose host menu is open
        self.qr: tuple[int, str] | None = None      # (seat, its new link) after "Another phone"
        self._qr_img: tuple[tuple, pygame.Surface] | None = None
        self.waiting: list[int] = []
        self.line_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons = [Button(lambda: t("table_phone.to_ai"), self.to_ai, "primary"),
                        Button(lambda: t("table_phone.another"), self.another),
                        Button(lambda: t("common.cancel"), self.close_menu)]
        self.close_button = Button(lambda: t("table_phone.done"), self.close_menu)
        table.plates.phone_away = self.away
        self.closed = False
        party.art = self.art                        # the server asks the party for pictures
        party.table_phones = self                   # (tend() may call covered_frame)
        self._updated = -1
        server = getattr(party, "server", None)
        if server is not None and hasattr(server, "art"):
            server.art = self.art

    # ------------------------------------------------------------ reads
    def away(self, seat: int) -> bool:
        """Whether ``seat`` is a phone seat whose phone is not connected now."""
        slot = self.room.slots[seat] if seat < len(self.room.slots) else None
        return bool(slot is not None and slot.is_phone and slot.conn is None)

    def name(self, seat: int) -> str:
        """The name the seat's phone joined with ("" before it joined)."""
        return self.room.name(seat) if seat < len(self.room.slots) else ""

    def names(self) -> list[str]:
        return [str(self.table.seat_name(s)) for s in range(len(self.table.match.seats))]

    def link(self, seat: int) -> str:
        own = getattr(self.party, "link", None)
        if callable(own):
            try:
                return str(own(seat))
            except Exception:       # noqa: BLE001 - a server not listening: the code alone
                log.exception("no join link for seat %d", seat)
        return f"{self.room.code} #{seat + 1}"

    # ------------------------------------------------------------ each frame
    def update(self) -> None:
        """Pump the room (intents in, screens out) and make the pictures asked for."""
        table = self.table
        self.room.pump(table.match, table.driver.clock, time.monotonic(), self.names())
        self.waiting = self.room.waiting_for(table.match)
        if self.menu is not None and not self.away(self.menu) and self.qr is None:
            self.menu = None                # the phone came back (or the seat went to an AI)
        if self.qr is not None and not self.away(self.qr[0]):
            self.qr = self.menu = None      # the new phone took the seat
        self.render_art()
        self._updated = self.table.app.frames

    def covered_frame(self) -> None:
        """A frame the table is covered (pause menu, rules, results): its time stands
        still, so no intent is applied, but the pictures asked for are still made. The
        app's per-frame party upkeep may call this every frame; it does nothing in a
        frame the table's own update ran."""
        if self._updated != self.table.app.frames and not self.closed:
            self.render_art()

    # ------------------------------------------------------------ card art
    def art(self, game: str, card_json: str, h: int) -> concurrent.futures.Future:
        """A future of the PNG bytes of a card face ``h`` px tall (None: no such card).
        Thread-safe (the server's thread calls it): it only enqueues, the game thread
        renders."""
        fut: concurrent.futures.Future = concurrent.futures.Future()
        key = (str(game), str(card_json), art_height(h))
        with self._lock:
            data = self.cache.get(key)
        if data is not None:
            fut.set_result(data)
        elif self.closed:
            fut.set_result(None)
        else:
            self.requests.put((*key, fut))
        return fut

    def render_art(self, budget_s: float = ART_BUDGET_S, limit: int = ART_PER_FRAME) -> int:
        """Answer queued picture requests until ``budget_s`` of this frame is spent (at
        least one a frame, at most ``limit``). Returns how many were answered."""
        t0 = time.perf_counter()
        n = 0
        while n < limit and (n == 0 or time.perf_counter() - t0 < budget_s):
            try:
                game, card_json, h, fut = self.requests.get_nowait()
            except queue.Empty:
                break
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(self.picture(game, card_json, h))
            except Exception as err:        # noqa: BLE001 - a bad request never stops the table
                log.warning("card art %s %r %d: %s", game, card_json, h, err)
                fut.set_result(None)
            n += 1
        self.rendered = n
        return n

    def draw_face(self, game: str, card: Any, h: int) -> pygame.Surface | None:
        """One card face ``h`` px tall by the game's own art — the face whatever the big
        screen may show now (a phone asks only for its own seat's cards and public ones;
        the table's privacy is for the big screen) — or, for ``None``, the card back."""
        from scenes.screens.replay_truth import reveal
        table = self.table
        own = table.__dict__.get("reveal_all")
        table.reveal_all = True
        try:
            return reveal(game).picture(table, card, h)
        finally:
            if own is None:
                del table.__dict__["reveal_all"]
            else:
                table.reveal_all = own

    def disk_path(self, game: str, card_json: str, h: int) -> Path:
        from game.storage import user_dir
        digest = hashlib.sha1(card_json.encode("utf-8")).hexdigest()[:20]
        return user_dir() / "art-cache" / game / f"{digest}-{h}.png"

    def picture(self, game: str, card_json: str, h: int) -> bytes | None:
        """The PNG of one card face (memory, else disk, else drawn by the table's art)."""
        key = (game, card_json, h)
        with self._lock:
            data = self.cache.get(key)
        if data is not None:
            return data
        if game != self.table.match.game:
            return None
        path = self.disk_path(game, card_json, h)
        try:
            data = path.read_bytes()
        except OSError:
            data = None
        if data is None:
            img = self.draw_face(game, card_of(card_json), h)
            if img is None:
                return None
            if abs(img.get_height() - h) > 2:        # an art with a smallest size: the height asked
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * h / img.get_height())), h))
            data = png_bytes(img)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(".tmp")
                tmp.write_bytes(data)
                tmp.replace(path)
            except OSError as err:
                log.warning("card art not kept on disk: %s", err)
        with self._lock:
            self.cache[key] = data
            while len(self.cache) > MEMORY_CACHE:
                self.cache.popitem(last=False)
        return data

    def close(self) -> None:
        """The table is gone: every picture still asked for is answered None."""
        self.closed = True
        if getattr(self.party, "table_phones", None) is self:
            self.party.table_phones = None
            self.party.art = None
        while True:
            try:
                *_, fut = self.requests.get_nowait()
            except queue.Empty:
                break
            if fut.set_running_or_notify_cancel():
                fut.set_result(None)

    # ------------------------------------------------------------ the host
    def open_menu(self, seat: int) -> None:
        self.menu, self.qr = seat, None

    def close_menu(self) -> None:
        self.menu = self.qr = None

    def to_ai(self) -> None:
        """Give the menu's seat to an AI: the phone is told, the Match hands it over."""
        seat = self.menu
        if seat is None:
            return
        self.room.hand_to_ai(seat, AI_LEVEL)
        self.table.match.hand_over(seat, AI_LEVEL)
        self.close_menu()

    def another(self) -> None:
        """The menu's seat goes to another phone: a new seat secret, its link as a QR."""
        seat = self.menu
        if seat is None:
            return
        self.room.reissue(seat)
        self.qr = (seat, self.link(seat))

    def handle(self, event: pygame.event.Event) -> bool:
        """The host's menu (modal while open), a click on an away phone seat's plate or on
        the waiting line, and F6."""
        if self.menu is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close_menu()
                return True
            for b in [self.close_button] if self.qr is not None else self.buttons:
                if b.handle(event):
                    return True
            if event.type == pygame.KEYDOWN and self.qr is None and event.key in (pygame.K_1, pygame.K_2):
                (self.to_ai if event.key == pygame.K_1 else self.another)()
                return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if event.type == pygame.KEYDOWN and event.key == MENU_KEY and self.waiting:
            self.open_menu(self.waiting[0])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.waiting and self.line_rect.collidepoint(event.pos):
                self.open_menu(self.waiting[0])
                return True
            for seat, rect in self.table.plates.rects.items():
                if rect.collidepoint(event.pos) and self.away(seat):
                    self.open_menu(seat)
                    return True
        return False

    # ------------------------------------------------------------ drawing
    def waiting_text(self, px: int, width: int) -> str:
        """The waiting line, with how to open the host's menu; shorter where it does not fit."""
        who = i18n.names([self.table.seat_name(s) for s in self.waiting])
        key = pygame.key.name(MENU_KEY).upper()
        text = t("table_phone.waiting", name=who, what=key)
        if fonts.size(text, px, "semibold")[0] > width:
            text = t("table_phone.waiting_short", name=who, what=key)
        return text

    def line_place(self) -> tuple[tuple[int, int], int]:
        """Where the waiting line goes: the table's toast place (a line each table keeps
        clear above its hand), as wide as that place allows."""
        table = self.table
        w = table.app.size[0]
        own = getattr(table, "toast_place", None)
        centre, width = own() if own is not None else (
            (w // 2, round(table.hand_top() - 11 * table.app.u)), None)
        return centre, width or round(w * 0.56)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.table.app.u
        if self.waiting and self.menu is None and self.table.toast.left <= 0:
            (cx, cy), width = self.line_place()
            pad_x, pad_y = round(1.5 * u), round(0.7 * u)
            px, room = max(13, round(2.4 * u)), max(10, width - 2 * pad_x)
            img = fit_text(self.waiting_text(px, room), px, theme.GOLD, room, "semibold", min_px=9)
            box = img.get_rect().inflate(2 * pad_x, 2 * pad_y)
            box.center = (cx, cy)
            box.clamp_ip(surface.get_rect())
            self.line_rect = box
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, theme.GOLD, box, max(1, round(0.2 * u)), border_radius=box.height // 2)
            surface.blit(img, img.get_rect(center=box.center))
        else:
            self.line_rect = pygame.Rect(0, 0, 0, 0)
        if self.menu is not None:
            self.draw_menu(surface, u)

    def draw_menu(self, surface: pygame.Surface, u: float) -> None:
        """The host's menu for the away seat, or its new link as a QR code."""
        w, h = surface.get_size()
        name = self.table.seat_name(self.menu)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        pad, gap = round(2.2 * u), round(1.2 * u)
        pw = min(w - round(4 * u), round(62 * u))
        inner = pw - 2 * pad
        bh = max(28, round(5.2 * u))
        title_px, body_px = max(14, round(3.0 * u)), max(12, round(2.1 * u))
        if self.qr is None:
            title = fit_text(t("table_phone.menu_title", name=name), title_px, theme.GOLD, inner, "bold", min_px=10)
            body = [fit_text(t("table_phone.menu_hint"), body_px, theme.MUTED, inner, min_px=9)]
            rows = len(self.buttons)
        else:
            title = fit_text(t("table_phone.scan", name=name), title_px, theme.GOLD, inner, "bold", min_px=10)
            body = [fit_text(self.qr[1], body_px, theme.IVORY, inner, min_px=8),
                    fit_text(t("table_phone.code", code=self.room.code), body_px, theme.MUTED, inner, min_px=9)]
            rows = 1
        fixed = (2 * pad + title.get_height() + gap + sum(b.get_height() + gap // 2 for b in body)
                 + gap + rows * bh + (rows - 1) * gap)
        qr_side = 0
        if self.qr is not None:
            qr_side = max(21, min(round(34 * u), h - round(2 * u) - fixed - gap))
        self.panel = pygame.Rect(0, 0, pw, fixed + (qr_side + gap if qr_side else 0))
        self.panel.center = (w // 2, h // 2)
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=round(1.5 * u))
        pygame.draw.rect(surface, theme.GOLD, p, max(1, round(0.2 * u)), border_radius=round(1.5 * u))
        y = p.y + pad
        surface.blit(title, title.get_rect(midtop=(p.centerx, y)))
        y += title.get_height() + gap
        if qr_side:
            key = (self.qr, qr_side)
            if self._qr_img is None or self._qr_img[0] != key:
                self._qr_img = (key, qr_surface(self.qr[1], qr_side))
            q = self._qr_img[1]
            surface.blit(q, q.get_rect(midtop=(p.centerx, y)))
            y += qr_side + gap
        for img in body:
            surface.blit(img, img.get_rect(midtop=(p.centerx, y)))
            y += img.get_height() + gap // 2
        y += gap
        if self.qr is None:
            for b in self.buttons:
                b.rect = pygame.Rect(p.x + pad, y, inner, bh)
                b.draw(surface, u)
                y += bh + gap
        else:
            self.close_button.rect = pygame.Rect(0, 0, min(inner, round(24 * u)), bh)
            self.close_button.rect.midtop = (p.centerx, y)
            self.close_button.draw(surface, u)
