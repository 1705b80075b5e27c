"""The overlap check: every line of text and every control of every screen and table, at
640x400, 1280x720 and 1920x1080, in both languages, with large text off and on, in the
busy moments (a window open, a burst, a reveal, the log open, a panel open), collides
with nothing (scenes/core/layout_check.py says what counts, and its short allow-list); and at
1280x720 with large text off no line is drawn below 12 px (READ_PX, measured where it is
drawn; the replay's smaller table area aside: READ_ELSEWHERE).

The matches behind the tables are found once per run and every size, language and text
size is drawn from the same scenes (tests/ui/overlap_moments.py), so the whole check
stays well under a minute and a half on a small machine.
"""

from __future__ import annotations

import pygame
import pytest

from scenes.core import fonts, grade, i18n
from scenes.core import layout_check as lc
from tests.ui import overlap_moments as om
from tests.ui.helpers import make_app, recording_layout

SIZES = ((640, 400), (1280, 720), (1920, 1080))
LANGS = ("en", "vi")


def configs() -> list[tuple[tuple[int, int], str, bool]]:
    """Large text only where it applies: at 640x400 it falls back to the designed size
    (scenes.core.fonts.scale), so the same frame would be drawn twice."""
    return [(size, lang, large) for size in SIZES for lang in LANGS for large in (False, True)
            if not (large and size[1] <= fonts.NO_ROOM)]


def check(app, moment, size: tuple[int, int], lang: str, large: bool, name: str = "") -> list[str]:
    """What collides in ``moment`` drawn at this size, language and text size; at
    READ_AT with large text off, also every line drawn below READ_PX."""
    app.screen = pygame.display.set_mode(size)
    i18n.set_lang(lang)
    app.settings.lang = lang
    fonts.set_scale(grade.LARGE_TEXT if large else 1.0)
    moment(app)             # scenes made now are laid out for this window
    frame = lc.RecordingSurface(size)
    app.stack.draw(frame)
    app.screen.blit(frame, (0, 0))          # what was checked is what the window shows
    notes = lc.frame(frame)
    readable = size == READ_AT and not large and not name.startswith(READ_ELSEWHERE)
    return lc.problems(notes, size) + (small_texts(notes) if readable else [])


#: where every player-facing line must be readable (large text off), and how big
READ_AT, READ_PX = (1280, 720), 12
#: not held to READ_PX at READ_AT: the replay draws its table in a smaller area beside its
#: panel (the table's unit is that area's, as in a smaller window)
READ_ELSEWHERE = ("replay-",)


def small_texts(notes: lc.Notes) -> list[str]:
    """Every line of text drawn below READ_PX (its pixel size where it is drawn)."""
    return [f"text {tx.s!r} {tuple(tx.rect)} is {tx.px} px: below {READ_PX} px" for tx in notes.texts
            if tx.px < READ_PX and tx.s.strip()]


@pytest.fixture(scope="module")
def recorder():
    with recording_layout():
        yield


GROUPS = {
    "screens": ("menu", "settings", "keys", "pause", "results", "stats", "handoff", "setup-", "rules-", "replay-"),
    "ganjifa": ("ganjifa",),
    "kowah": ("kowah",),
    "daotam": ("daotam",),
    "mascarade": ("mascarade",),
}


@pytest.mark.parametrize("group", list(GROUPS))
def test_nothing_overlaps(recorder, group: str) -> None:
    app = make_app(size=(1280, 720))
    found: list[str] = []
    for name, moment in om.moments().items():
        if not name.startswith(GROUPS[group]):
            continue
        for size, lang, large in configs():
            tag = f"{name} {size[0]}x{size[1]} {lang}{' large' if large else ''}"
            found += [f"[{tag}] {p}" for p in check(app, moment, size, lang, large, name)]
    assert not found, f"{len(found)} overlaps:\n" + "\n".join(found[:60])


def test_the_check_sees_an_overlap(recorder) -> None:
    """The recorder is not blind: a line drawn across another line, a line cut by the
    window's edge, a label spilling out of its button and a line half under a card are
    each reported, by string; a button's own label (fitted, then cut short with "…") is not."""
    from scenes.widgets.button import Button
    pygame.display.set_mode((300, 200))
    frame = lc.RecordingSurface((300, 200))
    a = fonts.text("Deal #1", 14, (255, 255, 255))
    b = fonts.text("Ganjifa", 14, (255, 255, 255))
    frame.blit(a, (10, 10))
    frame.blit(b, (20, 14))
    frame.blit(fonts.text("edge", 14, (255, 255, 255)), (280, 100))
    card = pygame.Surface((40, 60))
    frame.blit(fonts.text("under", 14, (255, 255, 255)), (100, 100))
    frame.blit(card, (120, 90))
    with lc.control(frame, pygame.Rect(10, 150, 40, 20), "button", "spill"):
        frame.blit(fonts.text("A label far too long for it", 14, (255, 255, 255)), (12, 152))
    button = Button("A label far too long for it", lambda: None)     # fitted, then cut short
    button.rect = pygame.Rect(200, 150, 60, 20)
    button.draw(frame, 2.0)
    out = "\n".join(lc.problems(lc.frame(frame), (300, 200)))
    assert "'Deal #1'" in out and "overlaps text 'Ganjifa'" in out
    assert "'edge'" in out and "outside its surface" in out
    assert "'under'" in out and "covered" in out
    assert "does not fit its button (10, 150, 40, 20)" in out
    assert "(200, 150, 60, 20)" not in out


def test_the_check_sees_small_text(recorder) -> None:
    """A line drawn at 10 px is reported with its size; one at 12 px is not."""
    pygame.display.set_mode((300, 200))
    frame = lc.RecordingSurface((300, 200))
    frame.blit(fonts.text("tiny", 10, (255, 255, 255)), (10, 10))
    frame.blit(fonts.text("fine", 12, (255, 255, 255)), (10, 60))
    out = "\n".join(small_texts(lc.frame(frame)))
    assert "'tiny'" in out and "10 px" in out and "'fine'" not in out


def test_public_play_is_readable_at_720p(recorder) -> None:
    """"Thao Diễn Công Khai (P)" (the Đạo Tâm public-play button) at 12 px or more at
    1280x720, inside its button."""
    app = make_app(size=(1280, 720))
    for lang in LANGS:
        check(app, om.moments()["daotam3-turn"], (1280, 720), lang, False)
        frame = lc.RecordingSurface((1280, 720))
        app.stack.draw(frame)
        label = i18n.t("daotam.public")
        sizes = [tx.px for tx in lc.frame(frame).texts if tx.s == label]
        assert sizes and min(sizes) >= 12, (lang, sizes)


#: the largest window and an ultra-wide one: the tables' sizes come from the room, so
#: they must still collide with nothing there (one render of each, language and text
#: size as shipped: each 4K frame paints the table's faces at their largest)
ROOMY = ((3840, 2160), (2560, 1080))


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_nothing_overlaps_in_a_4k_or_ultra_wide_window(recorder, game: str) -> None:
    app = make_app(size=(1280, 720))
    moment = om.moments()[game]
    found = [f"[{game} {w}x{h}] {p}" for w, h in ROOMY for p in check(app, moment, (w, h), "en", False, game)]
    assert not found, f"{len(found)} overlaps:\n" + "\n".join(found[:40])
