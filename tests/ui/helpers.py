"""Driving the real app headless with synthetic events."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame

from scenes.core.app import App, LaunchOptions
from scenes.core.settings_store import Settings


def make_app(**kw) -> App:
    opts = LaunchOptions(size=kw.pop("size", (1280, 720)), fps=0, lang=kw.pop("lang", "en"),
                         speed=kw.pop("speed", 0.0), **kw)
    return App(opts, settings=Settings())


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def drag(start: tuple[float, float], end: tuple[float, float], steps: int = 4) -> None:
    """Queue a left-button drag from ``start`` to ``end`` (read back through event.pos)."""
    sx, sy = round(start[0]), round(start[1])
    ex, ey = round(end[0]), round(end[1])
    post(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)
    for i in range(1, steps + 1):
        x = sx + (ex - sx) * i // steps
        y = sy + (ey - sy) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(ex, ey), button=1)


def click(pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    post(pygame.MOUSEBUTTONUP, pos=p, button=1)


def key(k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="")
    post(pygame.KEYUP, key=k, mod=0, unicode="")


def strings_drawn(paint) -> list[str]:
    """Every string rendered through scenes.core.fonts while ``paint()`` runs (seat plates,
    otherwise blitted from images painted once, are painted afresh)."""
    from scenes.core import fonts
    from scenes.kit.plates import SeatPlates
    seen: list[str] = []
    real = fonts.text

    def spy(s, *a, **kw):
        seen.append(s)
        return real(s, *a, **kw)

    fonts.text = spy
    SeatPlates.cache = False
    try:
        paint()
    finally:
        fonts.text = real
        SeatPlates.cache = True
    return seen


@contextlib.contextmanager
def recording_layout() -> Iterator[None]:
    """The overlap check's recorder on, and the language and text size restored after."""
    from scenes.core import fonts, i18n
    from scenes.core import layout_check as lc
    lang, scale = i18n.lang(), fonts.chosen_scale()
    with lc.recording():
        yield
    fonts.set_scale(scale)
    i18n.set_lang(lang)
