"""The settings' Keys section: every remappable key (scenes.core.keymap), grouped by game.

Select a binding (click its key box, or Tab/↑/↓ to it and Enter) and press the new key;
Esc cancels. A key another binding already uses where both can answer at once (same
game, or a key of every table) is refused with a message naming that binding, and so is
a fixed key (Esc, F1, F11, Space, Enter, Tab, the arrows, Backspace; a game's own fixed
keys). *Buzzers far apart* spreads the per-seat keys over the keyboard; *Reset keys* puts
every key back. Changes are saved at once and open tables take them at once.

Drawn like the settings: the wooden top, one gold-rimmed panel; the list scrolls (wheel,
PgUp/PgDn, and the focused row is kept in view) between a fixed title and footer.
"""

from __future__ import annotations

import pygame

from scenes.core import fonts, keymap, theme
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.widgets.button import Button, ButtonRow
from scenes.widgets.options import ValueRow, handle_rows
from scenes.widgets.panel import draw_titled_panel, fit_tall

PAD, TITLE, HEADING, ROW, GAP, FOOTER, STATUS = 3.0, 7.0, 4.2, 5.0, 1.0, 5.5, 3.6
PANEL_W = 84.0
ROW_MIN_PX = 27     # a row holds its label and a note under it (waiting, refused) in a small window


class KeyRow(ValueRow):
    """One binding: its name, and a box with its key; activating the box waits for a key."""

    def __init__(self, scene: KeysScene, name: str) -> None:
        self.scene, self.name = scene, name
        self.capturing = False
        self.refusal = ""
        super().__init__(lambda: keymap.binding_label(name))

    @property
    def editing(self) -> bool:
        return self.capturing

    def text(self) -> str:
        return "…" if self.capturing else keymap.label(self.scene.app.settings, self.name)

    def note(self) -> str:
        if self.refusal:
            return self.refusal
        return t("keymap.press") if self.capturing else ""

    @property
    def warning(self) -> bool:
        return bool(self.refusal)

    def parts(self) -> dict[str, pygame.Rect]:
        box = self.button.rect
        return {"back": pygame.Rect(box.x, box.y, 0, box.height),
                "value": pygame.Rect(box.x, box.y, max(0, box.width - 1), box.height),   # inside the rim
                "forward": pygame.Rect(box.right, box.y, 0, box.height)}

    def place(self, rect: pygame.Rect, u: float) -> None:
        self.rect = pygame.Rect(rect)
        bw = round(rect.width * 0.3)
        self.button.rect = pygame.Rect(rect.right - bw, rect.y, bw, rect.height)

    def can_step(self, n: int) -> bool:
        return False

    def step(self, n: int) -> None:
        """No ‹ ›: a key is chosen by pressing it."""

    def activate(self) -> None:
        self.scene.start_capture(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.capturing:
            if event.type == pygame.KEYDOWN:
                self.scene.captured(self, event.key)
                return True
            if event.type in (pygame.KEYUP, pygame.TEXTINPUT):
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.scene.cancel_capture()
                return not self.button.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return False                         # no ‹ ›: the arrows move the focus
        return super().handle(event)


class KeysScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.u = app.u
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)      # the scrolling list's window
        self.offset = 0
        self.content_h = 0
        self.status = ""
        self.status_warn = False
        self.rows: list[KeyRow] = []
        self.items: list[tuple[str, object]] = []     # ("heading", group) or ("row", KeyRow)
        for group in keymap.GROUPS:
            self.items.append(("heading", group))
            for name, b in keymap.BINDINGS.items():
                if b.group == group:
                    row = KeyRow(self, name)
                    self.rows.append(row)
                    self.items.append(("row", row))
        self.far = Button(lambda: t("keymap.far"), self.far_apart)
        self.reset = Button(lambda: t("keymap.reset"), self.reset_all)
        self.back = Button(lambda: t("common.back"), self.close, "primary")
        self.row = ButtonRow([r.button for r in self.rows] + [self.far, self.reset, self.back])
        self.placed: dict[int, pygame.Rect] = {}      # row index -> rect in list coordinates
        self.headings: list[tuple[str, pygame.Rect]] = []

    # ----------------------------------------------------------- changes
    def capturing(self) -> KeyRow | None:
        return next((r for r in self.rows if r.capturing), None)

    def start_capture(self, row: KeyRow) -> None:
        self.cancel_capture()
        for r in self.rows:
            r.refusal = ""
        row.capturing = True
        self.status, self.status_warn = t("keymap.press"), False
        self.focus_row(row)

    def cancel_capture(self) -> None:
        for r in self.rows:
            r.capturing = False

    def captured(self, row: KeyRow, key: int) -> None:
        """The key pressed while ``row`` waited for one: bind it, or say why not."""
        row.capturing = False
        if key == pygame.K_ESCAPE:
            self.status = ""
            return
        settings = self.app.settings
        if key == keymap.key(settings, row.name):
            self.status = ""
            return
        why = keymap.rebind(settings, row.name, key)
        label = keymap.key_label(key)
        if why is None:
            row.refusal = ""
            self.status, self.status_warn = t("keymap.changed", name=row.label(), k=label), False
            self._changed()
            return
        row.refusal = (t("keymap.reserved", k=label) if why == "reserved"
                       else t("keymap.taken", k=label, other=keymap.full_label(why)))
        self.status, self.status_warn = row.refusal, True
        self.app.audio.play("illegal")

    def far_apart(self) -> None:
        keymap.apply_far_apart(self.app.settings)
        self.status, self.status_warn = t("keymap.far_done"), False
        self._changed()

    def reset_all(self) -> None:
        keymap.reset(self.app.settings)
        self.status, self.status_warn = t("keymap.reset_done"), False
        self._changed()

    def _changed(self) -> None:
        for r in self.rows:
            r.refusal = ""
        try:
            self.app.settings.save()
        except OSError:
            pass
        for scene in self.app.stack.scenes:           # an open table takes them at once
            hook = getattr(scene, "keys_changed", None)
            if callable(hook):
                hook()

    def close(self) -> None:
        self.cancel_capture()
        self.app.stack.remove(self)

    # ----------------------------------------------------------- layout
    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size) -> None:
        w, h = self.app.size
        u = self.u = max(0.5, min(self.app.u, w * 0.94 / PANEL_W))
        pw = round(PANEL_W * u)
        ph = round(h * 0.96)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x, width = self.panel.x + round(PAD * u), pw - round(2 * PAD * u)
        top = self.panel.y + round((PAD + TITLE) * u)
        bottom = self.panel.bottom - round((PAD + FOOTER + STATUS) * u)
        self.view = pygame.Rect(x - round(u), top, width + 2 * round(u), max(1, bottom - top))
        y = 0
        row_h = max(round(ROW * u * max(1.0, fonts.scale())), ROW_MIN_PX)     # large text: taller
        self.placed, self.headings = {}, []
        i = 0
        for kind, item in self.items:
            if kind == "heading":
                self.headings.append((str(item), pygame.Rect(x, y, width, round(HEADING * u))))
                y += round(HEADING * u)
            else:
                self.placed[i] = pygame.Rect(x, y, width - round(1.5 * u), row_h)
                i += 1
                y += row_h + round(GAP * u)
        self.content_h = y
        self.offset = max(0, min(self.offset, self.content_h - self.view.height))
        self._place_rows()
        fh = round(FOOTER * u)
        fy = self.panel.bottom - round(PAD * u) - fh
        gap = round(1.5 * u)
        bw = (width - 2 * gap) // 3
        self.far.rect = pygame.Rect(x, fy, bw, fh)
        self.reset.rect = pygame.Rect(x + bw + gap, fy, bw, fh)
        self.back.rect = pygame.Rect(x + width - bw, fy, bw, fh)

    def _place_rows(self) -> None:
        """Rows at their scrolled place (the pointer reaches them only inside the list)."""
        for i, r in enumerate(self.rows):
            r.place(self.placed[i].move(0, self.view.y - self.offset), self.u)

    def scroll(self, delta: int) -> None:
        self.offset = max(0, min(self.offset + delta, self.content_h - self.view.height))
        self._place_rows()

    def focus_row(self, row: KeyRow) -> None:
        """Scroll so ``row`` is in view."""
        rect = self.placed[self.rows.index(row)]
        if rect.y < self.offset:
            self.scroll(rect.y - self.offset - round(HEADING * self.u))
        elif rect.bottom > self.offset + self.view.height:
            self.scroll(rect.bottom - self.offset - self.view.height)

    # ------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> bool:
        row = self.capturing()
        if row is not None and row.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * round(3 * ROW * self.u))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll((1 if event.key == pygame.K_PAGEDOWN else -1) * self.view.height * 3 // 4)
                return True
        pos = getattr(event, "pos", None)
        if pos is not None:                 # the pointer: rows inside the list, then the footer
            inside = self.view.collidepoint(pos)
            if inside and handle_rows(self.rows, event):
                return True
            if not inside:
                for r in self.rows:
                    r.hover = None
            return any([b.handle(event) for b in (self.far, self.reset, self.back)]) or True
        if handle_rows(self.rows, event):
            return True
        before = self.row.focus
        used = self.row.handle(event)
        if self.row.focus != before and 0 <= self.row.focus < len(self.rows):
            self.focus_row(self.rows[self.row.focus])
        return used or True

    # ----------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        inner = draw_titled_panel(surface, self.panel, u, t("keymap.title"), PAD, TITLE)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for group, r in self.headings:
            r = r.move(0, self.view.y - self.offset)
            if not r.colliderect(self.view):
                continue
            text = keymap.group_label(group).upper()
            px = fit_tall(text, fonts.fit(text, max(11, round(2.0 * u)), r.width, "bold"),
                          r.height - round(0.8 * u), "bold")
            img = fonts.text(text, px, theme.GOLD, "bold")
            ty = r.bottom - round(1.0 * u) - img.get_height()
            surface.blit(img, (r.x, ty))
            lx = r.x + img.get_width() + round(1.5 * u)
            if lx < r.right:
                pygame.draw.line(surface, theme.darken(theme.GOLD, 0.5), (lx, ty + img.get_height() // 2),
                                 (r.right, ty + img.get_height() // 2), 1)
        for r in self.rows:
            if not r.rect.colliderect(self.view):
                continue
            if r.button.focused or r.hover or r.capturing:
                band = r.rect.inflate(round(1.6 * u), round(GAP * u * 0.6))
                pygame.draw.rect(surface, theme.lighten(theme.PANEL, 0.07), band, border_radius=max(2, round(1.5 * u)))
            r.draw(surface, u)
        surface.set_clip(clip)
        self._draw_scrollbar(surface)
        for b in (self.far, self.reset, self.back):
            b.draw(surface, u)
        status = self.status or t("keymap.hint")
        area = pygame.Rect(inner.x, self.view.bottom, inner.width, self.far.rect.y - self.view.bottom)
        px = fit_tall(status, fonts.fit(status, max(12, round(2.0 * u)), area.width), area.height, "regular")
        colour = theme.AMBER if self.status_warn else (theme.IVORY if self.status else theme.MUTED)
        img = fonts.text(status, px, colour)
        surface.blit(img, img.get_rect(center=area.center))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.content_h <= self.view.height:
            return
        u = self.u
        track = pygame.Rect(self.view.right - round(0.8 * u), self.view.y, max(2, round(0.5 * u)), self.view.height)
        pygame.draw.rect(surface, theme.darken(theme.GOLD, 0.6), track, border_radius=track.width // 2)
        h = max(round(3 * u), track.height * self.view.height // self.content_h)
        y = track.y + (track.height - h) * self.offset // max(1, self.content_h - self.view.height)
        pygame.draw.rect(surface, theme.GOLD, pygame.Rect(track.x, y, track.width, h), border_radius=track.width // 2)
