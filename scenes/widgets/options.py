"""Option rows of the setup and settings screens: a label, then a value box with ‹ and › parts.

``OptionRow`` steps through a list of choices; ``NumberRow`` holds a whole number the player
can also type (the deal number). Both step back with the ‹ part, ← or a right-click, and
forward with the › part or →. The box is a ``Button`` so a ``ButtonRow`` can focus it; Enter
on it does what clicking its middle does (next choice, or start typing the number).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.core import fonts, layout_check, theme
from scenes.widgets.button import Button, draw_focus_ring

READABLE_PX = 12        # below this a text is shrunk to fit, not read
SMALLEST_PX = 7         # the last resort in tiny windows


def stack_lines(surface: pygame.Surface, first: pygame.Surface, second: pygame.Surface,
                rect: pygame.Rect) -> None:
    """Two lines at ``rect``'s left, centred on it together: by their line boxes where
    those fit the row, else by their ink (the fonts' leading is what a low row lacks)."""
    if first.get_height() + second.get_height() <= rect.height:
        top = rect.centery - (first.get_height() + second.get_height()) // 2
        surface.blit(first, (rect.x, top))
        surface.blit(second, (rect.x, top + first.get_height()))
        return
    a, b = first.get_bounding_rect(), second.get_bounding_rect()
    top = rect.centery - (a.height + 1 + b.height) // 2          # the first line's ink top
    surface.blit(first, (rect.x, top - a.y))
    surface.blit(second, (rect.x, top + a.height + 1 - b.y))


class ValueRow:
    """What every option row shares: layout, the ‹ › parts, mouse and ←/→ handling, drawing."""

    def __init__(self, label: Callable[[], str]) -> None:
        self.label = label
        self.button = Button(self.text, self.activate)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover: str | None = None        # "back", "value" or "forward" under the pointer
        self._pressed: str | None = None

    # -- what a subclass says -------------------------------------------------------------
    def text(self) -> str:
        """The value as the box shows it."""
        raise NotImplementedError

    def step(self, n: int) -> None:
        """Move the value ``n`` steps (negative: back)."""
        raise NotImplementedError

    def can_step(self, n: int) -> bool:
        return True

    def activate(self) -> None:
        """Click on the value, or Enter/Space while the row has the focus."""
        self.step(1)

    @property
    def editing(self) -> bool:
        return False

    def note(self) -> str:
        """A line under the label (typing hint or a refusal); empty for none."""
        return ""

    @property
    def warning(self) -> bool:
        """The note says something was refused (drawn in amber, a hint is muted)."""
        return False

    # -- layout ---------------------------------------------------------------------------
    def place(self, rect: pygame.Rect, u: float) -> None:
        self.rect = pygame.Rect(rect)
        bw = round(rect.width * 0.48)
        self.button.rect = pygame.Rect(rect.right - bw, rect.y, bw, rect.height)

    def parts(self) -> dict[str, pygame.Rect]:
        """The box split into its ‹ part, value and › part."""
        box = self.button.rect
        side = max(0, min(box.height, box.width // 4))
        return {"back": pygame.Rect(box.x, box.y, side, box.height),
                "value": pygame.Rect(box.x + side, box.y, max(0, box.width - 2 * side), box.height),
                "forward": pygame.Rect(box.right - side, box.y, side, box.height)}

    def part_at(self, pos: tuple[int, int]) -> str | None:
        for name, r in self.parts().items():
            if r.collidepoint(pos):
                return name
        return None

    # -- events ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.part_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.button.rect.collidepoint(event.pos):
            if event.button == 1:
                self._pressed = self.part_at(event.pos)
                self.button.pressed = True
                return True
            if event.button == 3:
                self.step(-1)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            was, self._pressed = self._pressed, None
            self.button.pressed = False
            if self.part_at(event.pos) == was:
                self.click(was)
            return True
        if event.type == pygame.KEYDOWN and self.button.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def click(self, part: str) -> None:
        if part == "back":
            self.step(-1)
        elif part == "forward":
            self.step(1)
        else:
            self.activate()

    # -- drawing --------------------------------------------------------------------------
    def label_width(self) -> int:
        return max(0, self.button.rect.x - self.rect.x - max(4, self.rect.height // 5))

    def _want_px(self, size_u: float, u: float) -> int:
        """``size_u`` units, at least readable, but never taller than the row allows."""
        return min(max(READABLE_PX, round(size_u * u)), round(self.rect.height * 0.75))

    def _label_px(self, u: float) -> int:
        return fonts.fit(self.label(), self._want_px(2.4, u), self.label_width(), "semibold")

    def _value_px(self, u: float) -> int:
        width = self.parts()["value"].width - max(4, self.button.rect.height // 4)
        return fonts.fit(self.text(), self._want_px(2.5, u), width, "semibold")

    def text_fits(self, u: float) -> bool:
        """Label and value fit their places at a readable size (checked by the layout tests)."""
        return self._label_px(u) >= READABLE_PX and self._value_px(u) >= READABLE_PX

    def draw(self, surface: pygame.Surface, u: float) -> None:
        with layout_check.control(surface, self.rect, "row", self.label()):
            self._draw_row(surface, u)

    def _draw_row(self, surface: pygame.Surface, u: float) -> None:
        note = self.note()
        label = fonts.text(self.label(), self._label_px(u), theme.IVORY, "semibold")
        if note:
            small_px = min(max(READABLE_PX, round(1.7 * u)), max(SMALLEST_PX, round(self.rect.height * 0.4)))
            small = fonts.text(note, fonts.fit(note, small_px, self.label_width()),
                               theme.AMBER if self.warning else theme.MUTED)
            stack_lines(surface, label, small, self.rect)
        else:
            surface.blit(label, (self.rect.x, self.rect.centery - label.get_height() // 2))
        self._draw_box(surface, u)

    def _draw_box(self, surface: pygame.Surface, u: float) -> None:
        box = self.button.rect
        radius = max(2, round(u))
        line = max(1, round(0.2 * u))
        parts = self.parts()
        fill = (18, 15, 12) if self.editing else theme.BUTTON
        pygame.draw.rect(surface, fill, box, border_radius=radius)
        for name in ("back", "forward"):
            r = parts[name]
            if self.hover == name and self.can_step(-1 if name == "back" else 1):
                shade = theme.darken(theme.BUTTON, 0.15) if self._pressed == name else theme.lighten(theme.BUTTON, 0.14)
                pygame.draw.rect(surface, shade, r, border_radius=radius)
            self._chevron(surface, r, name == "back", self.can_step(-1 if name == "back" else 1), u)
        value = parts["value"]
        if self.hover == "value" and not self.editing:
            pygame.draw.rect(surface, theme.lighten(theme.BUTTON, 0.08), value)
        for x in (value.left, value.right):
            pygame.draw.line(surface, theme.darken(theme.GOLD, 0.55), (x, box.y + line * 2),
                             (x, box.bottom - line * 2 - 1), 1)
        border = theme.AMBER if self.editing else theme.GOLD
        pygame.draw.rect(surface, border, box, line + (1 if self.editing else 0), border_radius=radius)
        if self.button.focused:
            draw_focus_ring(surface, box, u, radius)
        img = fonts.text(self.text(), self._value_px(u), theme.IVORY, "semibold")
        at = img.get_rect(center=value.center)
        with layout_check.control(surface, box, "value box", self.text()):
            surface.blit(img, at)
        if self.editing:
            caret = pygame.Rect(at.right + 2, at.y + at.height // 6, max(1, round(0.25 * u)), at.height * 2 // 3)
            pygame.draw.rect(surface, theme.AMBER, caret)

    @staticmethod
    def _chevron(surface: pygame.Surface, r: pygame.Rect, back: bool, enabled: bool, u: float) -> None:
        if r.width < 4 or r.height < 4:
            return
        s = max(2, min(r.width, r.height) // 5)
        cx, cy = r.center
        d = -1 if back else 1
        pts = [(cx - d * s // 2, cy - s), (cx + d * s // 2, cy), (cx - d * s // 2, cy + s)]
        colour = theme.GOLD if enabled else theme.darken(theme.MUTED, 0.55)
        pygame.draw.lines(surface, colour, False, pts, max(2, round(0.35 * u)))


class OptionRow(ValueRow):
    """A choice among ``values``. ``wrap``: stepping past the last value comes back to the
    first (seat levels, languages); ordered scales (volume, speed) stop at their ends."""

    def __init__(self, label: Callable[[], str], values: Sequence[Any], get: Callable[[], Any],
                 set_: Callable[[Any], None], show: Callable[[Any], str], wrap: bool = True) -> None:
        self.values, self.get, self.set, self.show, self.wrap = list(values), get, set_, show, wrap
        super().__init__(label)

    def text(self) -> str:
        return self.show(self.get())

    def _index(self) -> int | None:
        cur = self.get()
        if cur in self.values:
            return self.values.index(cur)
        return None

    def _nearest(self) -> Any:
        """Where a value not on the list (an old or hand-made setting) joins it."""
        cur = self.get()
        numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in [cur, *self.values])
        return min(self.values, key=lambda v: abs(v - cur)) if numbers else self.values[0]

    def cycle(self, step: int = 1) -> None:
        """Step with wrap-around, whatever ``wrap`` says."""
        i = self._index()
        if i is None:
            self.set(self._nearest())
            return
        self.set(self.values[(i + step) % len(self.values)])

    def can_step(self, n: int) -> bool:
        i = self._index()
        return self.wrap or i is None or 0 <= i + n < len(self.values)

    def step(self, n: int) -> None:
        if self.wrap or self._index() is None:
            self.cycle(n)
        elif self.can_step(n):
            self.set(self.values[self._index() + n])   # type: ignore[operator]

    def activate(self) -> None:
        self.cycle(1)


class NumberRow(ValueRow):
    """A whole number in ``lo..hi``: ‹ › step by one; click the value (or Enter) to type it.

    While typing: digits, Backspace, Delete (clear), Enter or a click elsewhere accepts,
    Esc cancels. The first digit replaces the old number. A number out of range is refused
    with ``range_note`` and typing goes on.
    """

    def __init__(self, label: Callable[[], str], get: Callable[[], int], set_: Callable[[int], None],
                 lo: int, hi: int, hint: Callable[[], str], range_note: Callable[[], str],
                 show: Callable[[int], str] = str) -> None:
        self.get, self.set, self.lo, self.hi, self.show = get, set_, lo, hi, show
        self.hint, self.range_note = hint, range_note
        self._editing = False
        self.buffer = ""
        self._fresh = False          # the next digit replaces the whole number
        self._refused = False
        super().__init__(label)

    @property
    def editing(self) -> bool:
        return self._editing

    def text(self) -> str:
        return self.buffer if self._editing else self.show(self.get())

    def note(self) -> str:
        if self._refused:
            return self.range_note()
        return self.hint() if self._editing else ""

    @property
    def warning(self) -> bool:
        return self._refused

    def can_step(self, n: int) -> bool:
        return self.lo <= self.get() + n <= self.hi

    def step(self, n: int) -> None:
        if self._editing and not self.accept():
            return
        self._refused = False
        self.set(min(self.hi, max(self.lo, self.get() + n)))

    def activate(self) -> None:
        if not self._editing:
            self._editing, self.buffer, self._fresh, self._refused = True, str(self.get()), True, False

    def accept(self) -> bool:
        """End typing with the typed number; False (and still typing) if it is out of range."""
        value = int(self.buffer) if self.buffer else None
        if value is None or not self.lo <= value <= self.hi:
            self._refused = True
            return False
        self.set(value)
        self._editing, self._refused = False, False
        return True

    def cancel(self) -> None:
        self._editing = False

    def _type(self, ch: str) -> None:
        if self._fresh:
            self.buffer, self._fresh = "", False
        if len(self.buffer) >= len(str(self.hi)):
            self._refused = True
            return
        self.buffer += ch
        self._refused = False

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._editing:
            if event.type == pygame.KEYDOWN and self.button.focused and _digit(event) is not None:
                self.activate()                  # typing on the focused row starts a new number
                return self._key(event)
            return super().handle(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            return True                          # typed characters arrive as KEYDOWN too
        if event.type == pygame.MOUSEBUTTONDOWN and not self.button.rect.collidepoint(event.pos):
            if self.accept():
                return False                     # the click goes on to what it was aimed at
            self._editing = False                # a click away drops a refused number
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.part_at(event.pos) == "value":
            return True
        return super().handle(event)

    def _key(self, event: pygame.event.Event) -> bool:
        digit = _digit(event)
        if digit is not None:
            self._type(digit)
        elif event.key == pygame.K_BACKSPACE:
            self.buffer = "" if self._fresh else self.buffer[:-1]
            self._fresh = self._refused = False
        elif event.key == pygame.K_DELETE:
            self.buffer, self._fresh = "", False
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif event.key == pygame.K_ESCAPE:
            self._refused = False
            self.cancel()
        elif event.key == pygame.K_TAB:
            return not self.accept()             # accepted: Tab moves the focus on as usual
        return True                              # while typing, no other key reaches the screen


_KEYPAD = {getattr(pygame, f"K_KP{i}"): str(i) for i in range(10)}


def _digit(event: pygame.event.Event) -> str | None:
    """The ASCII digit a key press types, from its character or (no character) its key."""
    ch = getattr(event, "unicode", "")
    if ch:
        return ch if len(ch) == 1 and "0" <= ch <= "9" else None
    if pygame.K_0 <= event.key <= pygame.K_9:
        return chr(event.key)
    return _KEYPAD.get(event.key)


def handle_rows(rows: Sequence[ValueRow], event: pygame.event.Event) -> bool:
    """Offer ``event`` to the row being typed in first, then to every row in order."""
    typing = [r for r in rows if r.editing]
    for r in typing + [r for r in rows if r not in typing]:
        if r.handle(event):
            return True
    return False
