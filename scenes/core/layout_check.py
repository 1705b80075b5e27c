"""The overlap check's recorder: where each line of text and each control landed in a frame.

Off unless a test turns it on (:func:`recording`); then every surface the scenes create is
a :class:`RecordingSurface`, which notes, for each blit of a line of text made by
:mod:`scenes.core.fonts`, the box of its ink (and carries those notes along when a layer holding
text is blitted onto another surface), and each control a widget declares
(:func:`control`: buttons, sliders, seat plates, buzzers...). :func:`problems` then names
every pair that collides, by string and rectangle.

What counts as a problem:

- two lines of text whose ink boxes intersect;
- a line of text cut: partly covered by an opaque image blitted after it (a card, a
  panel), partly outside the surface it was drawn on (the window's edge, a panel's edge),
  or crossing the edge of a control;
- a line of text inside a control that is not its own (drawn while another control was
  being drawn), and two controls that overlap without one holding the other.

What is allowed, by name (the whole allow-list):

- ``SHADOW``: a line drawn twice over itself (the same string: a drop shadow or outline);
- ``SCROLL``: a line or a control cut by a clip rectangle the scene set on purpose (a
  scrolled list);
- ``OVERLAY``: what lies under a layer drawn on top on purpose (a dialog scene over the
  table, a panel the player opened: :func:`overlay`) is hidden, not cut: it is dropped.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame

#: Whether a test is recording (read by scenes.core.fonts and the widgets; nothing else).
active = False
_RealSurface = pygame.Surface
#: text images made by scenes.core.fonts -> (string, pixel size, ink box in the image)
_texts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: covering fraction of a text box up to which a later image only touches it
TOUCH = 0.04


@dataclass
class Text:
    rect: pygame.Rect
    s: str
    px: int
    owner: int | None = None      # index of the control it was drawn for (in its surface)
    cut: str = ""                 # why it is cut, if it is


@dataclass
class Control:
    rect: pygame.Rect
    role: str
    label: str = ""


@dataclass
class Notes:
    texts: list[Text] = field(default_factory=list)
    controls: list[Control] = field(default_factory=list)
    owner: int | None = None


def tag(img: pygame.Surface, s: str, px: int) -> None:
    """Remember that ``img`` is the line ``s`` (called by scenes.core.fonts while recording)."""
    if img not in _texts:
        box = img.get_bounding_rect(min_alpha=40) if img.get_flags() & pygame.SRCALPHA else img.get_rect()
        _texts[img] = (s, px, box)


def same_text(copy: pygame.Surface, original: pygame.Surface) -> pygame.Surface:
    """``copy`` (of a line of text: faded, say) is still that line for the check."""
    if original in _texts:
        _texts[copy] = _texts[original]
    return copy


def smoothscale(src: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``pygame.transform.smoothscale`` that keeps the lines of text on ``src`` for the check,
    their boxes and pixel sizes scaled: a card face painted at 2x and scaled down is measured
    at the size the player sees (while not recording it is the plain call)."""
    out = pygame.transform.smoothscale(src, size)
    inner = _notes(src) if active and isinstance(src, RecordingSurface) else None
    if inner is None or not inner.texts:
        return out
    kept = RecordingSurface(size, pygame.SRCALPHA)
    _RealSurface.blit(kept, out, (0, 0))
    sx, sy = size[0] / max(1, src.get_width()), size[1] / max(1, src.get_height())
    kept.__dict__["_notes"] = Notes([Text(pygame.Rect(round(t.rect.x * sx), round(t.rect.y * sy),
                                                      max(1, round(t.rect.w * sx)), max(1, round(t.rect.h * sy))),
                                          t.s, max(1, round(t.px * sy)), None, t.cut) for t in inner.texts])
    return kept


def _notes(surface: pygame.Surface) -> Notes | None:
    if not isinstance(surface, RecordingSurface):
        return None
    notes = surface.__dict__.get("_notes")
    if notes is None:
        notes = surface.__dict__["_notes"] = Notes()
    return notes


def _where(surface: pygame.Surface) -> tuple[Notes | None, tuple[int, int], pygame.Rect]:
    """The notes a surface's drawing goes to, the offset to their coordinates and the
    surface's bounds there: a subsurface (the replay's table area) notes on its root."""
    if surface.get_parent() is None:
        return _notes(surface), (0, 0), surface.get_rect()
    off = surface.get_abs_offset()
    return _notes(surface.get_abs_parent()), off, pygame.Rect(off, surface.get_size())


def _covered(src: pygame.Surface, at: pygame.Rect, box: pygame.Rect, area: pygame.Rect | None) -> float:
    """The fraction of ``box`` (destination coordinates) that ``src`` blitted at ``at`` hides."""
    common = at.clip(box)
    if common.width <= 0 or common.height <= 0 or box.width * box.height == 0:
        return 0.0
    alpha = src.get_alpha()
    if alpha is not None and alpha < 128:
        return 0.0
    ox, oy = (area.x, area.y) if area is not None else (0, 0)
    part = common.move(-at.x + ox, -at.y + oy).clip(src.get_rect())
    if part.width <= 0 or part.height <= 0:
        return 0.0
    if src.get_flags() & pygame.SRCALPHA:
        opaque = pygame.mask.from_surface(src.subsurface(part), 128).count()
    elif src.get_colorkey() is not None:
        opaque = pygame.mask.from_surface(src.subsurface(part)).count()
    else:
        opaque = part.width * part.height
    return opaque / (box.width * box.height)


class RecordingSurface(_RealSurface):
    """A surface that notes the text and controls drawn on it (see the module)."""

    def fill(self, color, rect=None, special_flags=0):  # noqa: ANN001, ANN201
        if rect is None or pygame.Rect(rect).contains(self.get_rect()):
            self.__dict__.pop("_notes", None)           # repainted from scratch
        return super().fill(color, rect, special_flags)

    def _with_notes(self, out):  # noqa: ANN001, ANN202
        notes = self.__dict__.get("_notes")
        if notes is not None and isinstance(out, RecordingSurface):
            out.__dict__["_notes"] = Notes([Text(pygame.Rect(t.rect), t.s, t.px, t.owner, t.cut) for t in notes.texts],
                                           [Control(pygame.Rect(c.rect), c.role, c.label) for c in notes.controls])
        return out

    def convert_alpha(self, *args):  # noqa: ANN002, ANN201
        return self._with_notes(super().convert_alpha(*args))

    def convert(self, *args):  # noqa: ANN002, ANN201
        return self._with_notes(super().convert(*args))

    def copy(self):  # noqa: ANN201
        return self._with_notes(super().copy())

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: ANN001, ANN201
        drawn = super().blit(source, dest, area, special_flags)
        if active:
            self._note(source, dest, area, drawn)
        return drawn

    def blits(self, blit_sequence, doreturn=1):  # noqa: ANN001, ANN201
        out = [self.blit(*args) for args in blit_sequence]
        return out if doreturn else None

    def _note(self, source, dest, area, drawn: pygame.Rect) -> None:  # noqa: ANN001
        notes, (ox, oy), bounds = _where(self)
        if notes is None:
            return
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        x, y = round(x) + ox, round(y) + oy
        drawn = drawn.move(ox, oy)
        area_r = pygame.Rect(area) if area is not None else None
        size = area_r.size if area_r is not None else source.get_size()
        at = pygame.Rect((x, y), size)
        # what the new image hides of the text already there
        info = _texts.get(source)
        if drawn.width and drawn.height and info is None:
            keep = []
            for tx in notes.texts:
                if tx.rect.colliderect(drawn):
                    f = _covered(source, at, tx.rect, area_r)
                    if f > TOUCH and not tx.cut:
                        tx.cut = f"covered {round(100 * f)}% by an image at {tuple(at)}"
                keep.append(tx)
            notes.texts = keep
        if info is not None:
            s, px, ink = info
            box = ink.move(x, y)
            if area_r is not None:
                box = box.move(-area_r.x, -area_r.y).clip(at)
            self._add_text(notes, Text(box, s, px, notes.owner), bounds, (ox, oy))
            return
        inner = _notes(source) if isinstance(source, RecordingSurface) else None
        if inner is not None:
            base = len(notes.controls)
            for c in inner.controls:
                r = c.rect.move(x, y)
                if area_r is not None:
                    r = r.move(-area_r.x, -area_r.y)
                notes.controls.append(Control(r, c.role, c.label))
            for tx in inner.texts:
                r = tx.rect.move(x, y)
                if area_r is not None:
                    r = r.move(-area_r.x, -area_r.y)
                owner = base + tx.owner if tx.owner is not None else notes.owner
                self._add_text(notes, Text(r, tx.s, tx.px, owner, tx.cut), bounds, (ox, oy))

    def _add_text(self, notes: Notes, tx: Text, bounds: pygame.Rect, off: tuple[int, int]) -> None:
        clip = self.get_clip().move(off)
        if clip != bounds:                               # SCROLL: cut on purpose
            tx.rect = tx.rect.clip(clip)
            if not tx.rect.width or not tx.rect.height:
                return
        if not bounds.contains(tx.rect) and not tx.cut:
            tx.cut = f"outside its surface {tuple(bounds)}"
        notes.texts.append(tx)


@contextlib.contextmanager
def control(surface: pygame.Surface, rect: pygame.Rect, role: str, label: str = "") -> Iterator[None]:
    """Declare a control drawn on ``surface``; text blitted inside the block is its own."""
    notes, off, bounds = _where(surface) if active else (None, (0, 0), None)
    if notes is None:
        yield
        return
    rect = pygame.Rect(rect).move(off)
    clip = surface.get_clip().move(off)
    if clip != bounds:                  # SCROLL: a control scrolled partly out of its list
        rect = rect.clip(clip)
        if not rect.width or not rect.height:
            yield                       # wholly out of view (its text is clipped away too)
            return
    same = [i for i, c in enumerate(notes.controls) if c.rect == rect and c.role == role]
    if not same:                    # declared again (more of its text): the same control
        notes.controls.append(Control(rect, role, label))
    before, notes.owner = notes.owner, same[-1] if same else len(notes.controls) - 1
    try:
        yield
    finally:
        notes.owner = before


def add_control(surface: pygame.Surface, rect: pygame.Rect, role: str, label: str = "") -> None:
    """Declare a control that has no text of its own (a slider's track, a buzzer)."""
    with control(surface, rect, role, label):
        pass


def overlay(surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
    """A layer drawn on top on purpose starts here (OVERLAY): forget what it hides, the
    text and controls in ``rect`` (the whole surface if None)."""
    notes, off, bounds = _where(surface) if active else (None, (0, 0), None)
    if notes is None:
        return
    if rect is None and surface.get_parent() is None:
        notes.texts, notes.controls, notes.owner = [], [], None
        return
    r = bounds if rect is None else pygame.Rect(rect).move(off)
    notes.texts = [tx for tx in notes.texts if not tx.rect.colliderect(r)]
    kept = [c for c in notes.controls if not c.rect.colliderect(r)]
    index = {id(c): i for i, c in enumerate(kept)}
    for tx in notes.texts:                      # owners renumbered (or lost with their control)
        own = notes.controls[tx.owner] if tx.owner is not None else None
        tx.owner = index.get(id(own)) if own is not None else None
    notes.controls = kept


def frame(surface: pygame.Surface) -> Notes:
    """What was noted on ``surface`` (a :class:`RecordingSurface`) since it was last cleared."""
    return _notes(surface) or Notes()


def clear(surface: pygame.Surface) -> None:
    surface.__dict__.pop("_notes", None)


@contextlib.contextmanager
def recording() -> Iterator[None]:
    """Turn the recorder on: every pygame.Surface made meanwhile is a RecordingSurface."""
    global active
    before = pygame.Surface
    pygame.Surface = RecordingSurface            # type: ignore[misc]
    active = True
    try:
        yield
    finally:
        active = False
        pygame.Surface = before                  # type: ignore[misc]


def _nested(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.contains(b) or b.contains(a)


def _hit(a: pygame.Rect, b: pygame.Rect, slack: int = 1) -> bool:
    """Whether ``a`` and ``b`` share more than ``slack`` pixels each way (ink that only
    touches, antialiasing against antialiasing, is not an overlap)."""
    c = a.clip(b)
    return c.width > slack and c.height > slack


def problems(notes: Notes, size: tuple[int, int]) -> list[str]:
    """Every collision in a frame, as readable sentences (empty: the frame is clean)."""
    out: list[str] = []
    screen = pygame.Rect((0, 0), size)
    texts, controls = notes.texts, notes.controls
    for tx in texts:
        if tx.cut:
            out.append(f"text {tx.s!r} {tuple(tx.rect)} is cut: {tx.cut}")
        elif not screen.contains(tx.rect):
            out.append(f"text {tx.s!r} {tuple(tx.rect)} is cut by the window's edge")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if _hit(a.rect, b.rect) and a.s != b.s:      # SHADOW: same string over itself
                out.append(f"text {a.s!r} {tuple(a.rect)} overlaps text {b.s!r} {tuple(b.rect)}")
    for tx in texts:
        for k, c in enumerate(controls):
            if not _hit(tx.rect, c.rect):
                continue
            if tx.owner == k:
                if not c.rect.contains(tx.rect):
                    out.append(f"text {tx.s!r} {tuple(tx.rect)} does not fit its {c.role} {tuple(c.rect)}")
                continue
            own = controls[tx.owner] if tx.owner is not None else None
            if own is not None and c.rect.contains(own.rect):
                continue                                 # its control lies within that one
            out.append(f"text {tx.s!r} {tuple(tx.rect)} collides with {c.role} "
                       f"{c.label!r} {tuple(c.rect)}")
    for i, a in enumerate(controls):
        if not screen.contains(a.rect):
            out.append(f"{a.role} {a.label!r} {tuple(a.rect)} is cut by the window's edge")
        for b in controls[i + 1:]:
            if _hit(a.rect, b.rect) and not _nested(a.rect, b.rect):
                out.append(f"{a.role} {a.label!r} {tuple(a.rect)} overlaps {b.role} {b.label!r} {tuple(b.rect)}")
    return out
