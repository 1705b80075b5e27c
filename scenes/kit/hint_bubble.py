"""Assists on every table: the hint bubble (H, Shift+H for the Hard level, the "Hint"
button) and undo against AIs (U or Ctrl+Z, the "Undo" button; on the tables that offer it).

A hint is asked only while the viewer is the confirmed human whose move it is
(``viewer_can_act``), so it never reads another seat's hand at a hot-seat table. The
move is outlined on the table — each table's ``hint_targets(action)`` names the rects —
and its reason sits in a bubble pointing at them; the next action (anyone's) or Esc
dismisses it. Hints and undo mark the Match as assisted (saved at once).

Undo rebuilds the Match from seed + the log cut before the human's last decision
(:mod:`game.undo`) and replaces the table by one built on it, the way Continue opens a
save (``fresh=False``: drawn from the state, no replayed animations).
"""

from __future__ import annotations

import concurrent.futures
import logging
from collections.abc import Callable
from typing import Any

import pygame

from game import hints, undo
from game.hints import Hint
from game.storage import SaveError
from scenes.core import fonts, keymap, theme
from scenes.core.i18n import lang, t
from scenes.core.tween import pulse
from scenes.screens.dialog import wrap
from scenes.widgets.button import Button

log = logging.getLogger(__name__)
_POOL: list[concurrent.futures.ThreadPoolExecutor] = []


def _pool() -> concurrent.futures.ThreadPoolExecutor:
    """One thread for every table's hints: a Hard search never blocks the frame loop."""
    if not _POOL:
        _POOL.append(concurrent.futures.ThreadPoolExecutor(1, "hint"))
    return _POOL[0]


def hint_text(hint: Hint, seat_name: Any) -> str:
    """The hint's sentence in the current language: a ``{"vi", "en"}`` param is picked by
    language, ``"@key"`` is translated, a ``seat…`` param is named by ``seat_name``."""
    lg = lang()
    params: dict[str, Any] = {}
    for k, v in hint.params.items():
        if isinstance(v, dict):
            v = v.get(lg) or v.get("en", "")
        elif isinstance(v, str) and v.startswith("@"):
            v = t(v[1:])
        elif k.startswith("seat"):
            v = t("hints.middle_card") if v is None else seat_name(v)
        params[k] = v
    return t(hint.key, **params)


class Assists:
    """The hint bubble and undo for one table (see the module docstring)."""

    def __init__(self, table: Any, rebuild: Callable[..., Any]) -> None:
        self.table = table
        self.rebuild = rebuild          # (app, match, fresh=False) -> the table anew (undo)
        self.hint: Hint | None = None
        self.level = "normal"
        self.text = ""
        self.position: tuple = ()       # (moves, viewer) the hint was asked at
        self.shown_for = 0.0
        self.job: tuple | None = None   # (future, position, level) of a hint being computed
        self.hint_button = Button(lambda: t("hints.button"), self.ask)
        self.undo_button = Button(lambda: t("hints.undo_button"), self.undo)
        self._placed: tuple = ()

    # ----------------------------------------------------------- queries
    def offers_undo(self) -> bool:
        """Whether this table has an undo button (a game with undo, one human)."""
        m = self.table.match
        return bool(getattr(hints.explainer(m.game), "UNDO", False)) and len(m.human_seats()) == 1

    def buttons(self) -> list[Button]:
        if not self.table.match.screen_seats():
            return []       # no one at this screen plays (AIs, phones only, a replay)
        return [self.hint_button] + ([self.undo_button] if self.offers_undo() else [])

    def place(self) -> None:
        """Put the buttons left of the table's top row (Menu, Rules and any a game adds)."""
        tb = self.table
        menu = tb.menu_button.rect
        u = tb.app.u
        row = [b.rect for b in vars(tb).values() if isinstance(b, Button)
               and b not in (self.hint_button, self.undo_button) and b.rect.y == menu.y and b.rect.w]
        key = (menu.topleft, menu.size, tuple(r.x for r in row))
        if key == self._placed:
            return
        self._placed = key
        x = min([menu.x] + [r.x for r in row])
        gap = round(1.5 * u)
        for b in self.buttons():
            b.rect = pygame.Rect(x - gap - menu.w, menu.y, menu.w, menu.h)
            x = b.rect.x

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = keymap.keys_of(self.table.app.settings)
            if event.key == keys["common.hint"] and self.buttons():
                self.ask("hard" if event.mod & pygame.KMOD_SHIFT else "normal")
                return True
            if event.key == pygame.K_ESCAPE and self.hint is not None:
                self.dismiss()
                return True
            if event.key == keys["common.undo"] or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
                if self.buttons():
                    self.undo()
                    return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.place()
            for b in self.buttons():
                if b.handle(event):
                    return True
        return False

    def ask(self, level: str = "normal") -> None:
        """Show the hint for the viewer's move (or say why there is none now)."""
        tb = self.table
        if not tb.viewer_can_act or not tb.match.legal_actions(tb.viewer):
            # "wait for your turn": gone once the turn comes (and not said while it has)
            tb.toast.show(t("hints.not_now"), None if tb.viewer_can_act else lambda: not tb.feedback.viewers_turn())
            return
        self.hint = None
        self.job = (_pool().submit(hints.prepare(tb.match, tb.viewer, level)),
                    (len(tb.match.log), tb.viewer), level)
        self.shown_for = 0.0
        if not tb.match.assisted:
            tb.match.assisted = True
            tb.match.save()

    def dismiss(self) -> None:
        self.hint = None
        self.job = None

    def wait(self) -> None:
        """Block until the hint being computed is ready and shown (tests, screenshots)."""
        if self.job is not None:
            concurrent.futures.wait([self.job[0]])
            self.update(0.0)

    def _collect(self) -> None:
        future, position, level = self.job
        if not future.done():
            return
        self.job = None
        try:
            hint = future.result()
        except Exception:   # noqa: BLE001 - a hint must never take the table down
            log.exception("hint failed")
            return
        if position == (len(self.table.match.log), self.table.viewer):
            self.hint, self.level, self.position = hint, level, position
            self.text = hint_text(hint, self.table.seat_name)

    def undo(self) -> None:
        """Back to the viewer's previous decision, on a rebuilt Match and table."""
        tb = self.table
        why = undo.refusal(tb.match, tb.viewer)
        if why is None and tb.app.stack.top is not tb:
            return
        if why is not None:
            tb.toast.show(t(why))
            tb.app.audio.play("illegal")
            return
        tb.driver.skip()
        try:
            match = undo.rewound(tb.match, tb.viewer)
        except SaveError as err:        # the shorter log did not replay: keep playing on
            log.error("undo failed: %s", err)
            tb.toast.show(t("hints.undo_failed"))
            return
        new = self.rebuild(tb.app, match, fresh=False)
        tb.app.stack.replace(new)       # the old table's exit closes the old Match
        new.toast.show(t("hints.undone"))

    # ------------------------------------------------------------ frames
    def update(self, dt: float) -> None:
        tb = self.table
        if self.job is not None:
            self._collect()
        if self.hint is not None and self.position != (len(tb.match.log), tb.viewer):
            self.hint = None            # somebody acted: the hint is stale
        self.shown_for += dt

    def draw_buttons(self, surface: pygame.Surface) -> None:
        self.place()
        for b in self.buttons():
            b.draw(surface, self.table.app.u)

    def draw(self, surface: pygame.Surface) -> None:
        tb = self.table
        if not tb.confirmed_viewer:
            return
        u = tb.app.u
        if self.hint is None:
            if self.job is not None and self.shown_for > 0.15:    # a Hard search: say so
                draw_bubble(surface, t("hints.thinking"), t("hints.title", level=t(f"level.{self.job[2]}")),
                            t("hints.dismiss"), None, tb.hand_top(), u)
            return
        try:
            targets = [r for a in (self.hint.action, *self.hint.also)
                       for r in tb.hint_targets(a) if r.w and r.h]
        except (KeyError, ValueError, AttributeError):
            targets = []
        glow = 0.5 + 0.5 * pulse(self.shown_for, 1.4)
        for r in targets:
            draw_target(surface, r, u, glow)
        anchor = targets[0].unionall(targets[1:]) if targets else None
        draw_bubble(surface, self.text, t("hints.title", level=t(f"level.{self.level}")),
                    t("hints.dismiss"), anchor, tb.hand_top(), u)


def draw_target(surface: pygame.Surface, rect: pygame.Rect, u: float, glow: float) -> None:
    """A pulsing gold outline around a suggested card or button (round for a round card)."""
    pad = max(2, round(0.5 * u))
    r = rect.inflate(2 * pad, 2 * pad)
    radius = min(r.w, r.h) // 2 if abs(r.w - r.h) <= 2 else max(2, round(u))
    width = max(3, round(0.6 * u))
    halo = pygame.Surface(r.inflate(4 * width, 4 * width).size, pygame.SRCALPHA)
    pygame.draw.rect(halo, (*theme.GOLD, round(90 + 110 * glow)), halo.get_rect(), 2 * width,
                     border_radius=radius + 2 * width)
    surface.blit(halo, halo.get_rect(center=r.center))
    pygame.draw.rect(surface, theme.lighten(theme.GOLD, 0.35 * glow), r, width, border_radius=radius)


def draw_bubble(surface: pygame.Surface, text: str, title: str, note: str,
                anchor: pygame.Rect | None, hand_top: float, u: float) -> pygame.Rect:
    """The speech bubble: a dark lacquer panel with a gold rim and a tail pointing at
    ``anchor`` — above it (clear of the prompt above a hand), below it when nothing fits
    above — or above the hand with no anchor."""
    w, h = surface.get_size()
    px = max(14, round(2.4 * u))
    small = max(12, round(1.8 * u))
    pad = round(1.8 * u)
    tail = round(1.6 * u)
    if anchor is None:
        anchor = pygame.Rect(w // 2, round(hand_top), 0, 0)
    max_w = min(round(70 * u), w - round(6 * u))
    lines = wrap(text, px, max_w - 2 * pad, "semibold")
    line_h = fonts.size("Ág", px, "semibold")[1]
    title_img = fonts.text(title, small, theme.GOLD, "semibold")
    note_img = fonts.text(note, small, theme.MUTED)
    text_w = max([fonts.size(s, px, "semibold")[0] for s in lines] + [0])
    bw = min(max_w, max(text_w, title_img.get_width() + note_img.get_width() + round(3 * u)) + 2 * pad)
    bh = pad + title_img.get_height() + round(0.6 * u) + line_h * len(lines) + pad
    box = pygame.Rect(0, 0, bw, bh)
    gap = tail + round(0.6 * u)
    above = anchor.top - gap - bh >= round(9 * u)
    box.centerx = anchor.centerx
    if above:
        box.bottom = anchor.top - gap
        if hand_top - 3 * u <= anchor.top <= hand_top + 12 * u:
            box.bottom = min(box.bottom, round(hand_top - 6.2 * u))   # clear of the prompt pill
    else:
        box.top = anchor.bottom + gap
    box.clamp_ip(surface.get_rect().inflate(-round(2 * u), -round(2 * u)))
    radius = round(1.2 * u)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL, 242), panel.get_rect(), border_radius=radius)
    surface.blit(panel, box)
    rim = max(1, round(0.22 * u))
    pygame.draw.rect(surface, theme.GOLD, box, rim, border_radius=radius)
    _draw_tail(surface, box, anchor, above, tail, radius, rim, u)
    # a small lamp glyph before the title: the art direction's gold dot motif
    lamp = (box.x + pad + round(0.6 * u), box.y + pad + title_img.get_height() // 2)
    pygame.draw.circle(surface, theme.GOLD, lamp, max(2, round(0.55 * u)))
    surface.blit(title_img, (lamp[0] + round(1.2 * u), box.y + pad))
    surface.blit(note_img, (box.right - pad - note_img.get_width(), box.y + pad))
    y = box.y + pad + title_img.get_height() + round(0.6 * u)
    for s in lines:
        surface.blit(fonts.text(s, px, theme.IVORY, "semibold"), (box.x + pad, y))
        y += line_h
    return box


def _draw_tail(surface: pygame.Surface, box: pygame.Rect, anchor: pygame.Rect, above: bool,
               tail: int, radius: int, rim: int, u: float) -> None:
    """The bubble's pointer, from its bottom (or top) edge to just short of the anchor."""
    near = round(0.4 * u)
    x = max(box.left + radius + tail, min(box.right - radius - tail, anchor.centerx))
    base = box.bottom - 1 if above else box.top + 1
    tip = anchor.top - near if above else anchor.bottom + near
    if (tip - base if above else base - tip) < tail:
        tip = base + (tail if above else -tail)
    pts = [(x - tail, base), (x + tail, base), (x, tip)]
    pygame.draw.polygon(surface, theme.PANEL, pts)
    pygame.draw.line(surface, theme.GOLD, pts[0], pts[2], rim)
    pygame.draw.line(surface, theme.GOLD, pts[1], pts[2], rim)
    pygame.draw.line(surface, theme.PANEL, pts[0], pts[1], rim + 1)
