"""The memory aids of the Mascarade table: the "what the table can know" view (public
events only: the same numbers and the same pixels whether a swap was real or not), the
log rebuilt for a table opened mid-game, the end-of-game timeline reached from the
results, and a layout where nothing overlaps (log open or not) from 640x400 to 1920x1080."""

from __future__ import annotations

import pygame
import pytest

from game.autoplay import play_with_agents
from game.mascarade.timeline import build
from game.match import Match, Seat
from scenes.core import fonts
from scenes.core.i18n import t
from scenes.core.textfit import ellipsize
from scenes.screens.results import ResultsScene
from scenes.tables.mascarade import MascaradeTable
from scenes.tables.mascarade.timeline_scene import TimelineScene
from tests.ui.helpers import click, key, make_app, post
from tests.ui.mascarade_drive import frame, mascarade_app

SEATS = ["human", "normal", "easy", "normal", "hard", "normal"]


def _swap_with_odds_on(bit: int):
    app = make_app(speed=0.0)
    app.settings.anim_speed = 1.0
    match = Match("mascarade", [Seat(k) for k in SEATS], 7, {"first_player": "fixed_seat", "first_seat": 0})
    table = MascaradeTable(app, match, fresh=True)
    app.stack.push(table)
    key(pygame.K_k)                      # the odds view on, from the first frame
    for _ in range(400):
        frame(app)
        if table.controls.actor() == 0:
            break
    assert table.show_known and table.controls.actor() == 0
    click(table.pos_rects[3].center)
    frame(app)
    key(pygame.K_e if bit else pygame.K_n)
    frames, odds = [], []
    for _ in range(150):
        frame(app)
        frames.append(pygame.image.tobytes(app.screen, "RGB"))
        odds.append(table.model.known.probs())
    return match, frames, odds


def test_the_odds_view_is_the_same_whether_the_swap_was_real_or_not():
    m1, frames1, odds1 = _swap_with_odds_on(1)
    m0, frames0, odds0 = _swap_with_odds_on(0)
    assert m1.state.cards != m0.state.cards
    assert odds1 == odds0
    assert any(sorted(d.values()) == [0.5, 0.5] for d in odds1[-1])     # the swap split
    same = [a == b for a, b in zip(frames1, frames0, strict=True)]
    assert all(same), f"frame {same.index(False)} differs"


def test_a_table_opened_mid_game_has_the_whole_log_and_the_same_odds():
    match = Match("mascarade", [Seat(k) for k in ["human", "normal", "normal", "normal", "normal"]], 3)
    play_with_agents(match, lambda m: m.view(None).turn_no >= 12, seed=3)
    app = make_app(speed=0.0)
    late = MascaradeTable(app, match)
    fresh = MascaradeTable(app, match, fresh=True)
    app.stack.push(fresh)
    for _ in range(4000):
        frame(app)
        if fresh.cursor == len(match.events) and not fresh.anim.busy:
            break
    assert late.model.log and [ln.key for ln in late.model.log] == [ln.key for ln in fresh.model.log]
    assert late.model.known.probs() == fresh.model.known.probs()


def test_the_timeline_opens_from_the_results_and_scrolls():
    match = Match("mascarade", [Seat(k) for k in ["human"] + ["normal"] * 12], 2)
    play_with_agents(match, seed=2)
    assert match.is_over()
    app = make_app(size=(1280, 720), speed=0.0)
    table = MascaradeTable(app, match)
    app.stack.push(table)
    table.over_shown = True
    app.stack.push(ResultsScene(app, table))
    frame(app)
    results = app.stack.top
    button = next(b for b in results.row.buttons if b.label == t("mascarade_memory.timeline_button"))
    click(button.rect.center)
    frame(app)
    tl = app.stack.top
    assert isinstance(tl, TimelineScene)
    assert len(tl.lines) == len(build(match.events))
    assert sum(1 for ln in tl.lines if ln.key.startswith("swap_")) == \
        sum(1 for e in match.events if e.kind == "swap_bit")
    assert tl.scroll.scrollable                       # 13 seats: longer than the panel
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    frame(app)
    assert tl.scroll.offset > 0
    key(pygame.K_END)
    frame(app)
    assert tl.scroll.offset == tl.scroll.max_offset
    key(pygame.K_ESCAPE)
    frame(app)
    assert app.stack.top is results


def test_the_timeline_is_refused_before_the_end():
    app, match, table = mascarade_app(["human", "normal", "normal", "normal"])
    with pytest.raises(AssertionError):
        TimelineScene(app, table)


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_nothing_overlaps_with_or_without_the_log(size, lang):
    app = make_app(size=size, lang=lang, speed=0.0)
    for n in range(2, 14):
        match = Match("mascarade", [Seat("human")] + [Seat("normal")] * (n - 1), 1)
        table = MascaradeTable(app, match)
        for log in (False, True):
            if table.show_log != log:
                table.toggle_log()
            screen = pygame.Rect((0, 0), size)
            plates = [pygame.Rect(s.plate) for s in table.spots]
            cards = table.pos_rects
            buttons = [b.rect for b in table.top_buttons]
            things = plates + cards
            assert all(screen.contains(r) for r in things), (n, log)
            for i, a in enumerate(things):
                for b in things[i + 1:]:
                    assert not a.colliderect(b), (n, log, a, b)
            assert not any(r.colliderect(b) for r in things for b in buttons), (n, log)
            assert not any(r.colliderect(p) for r in (table.court_rect, table.bank_rect) for p in things), (n, log)
            if log:
                assert not any(r.colliderect(table.geometry.log_rect()) for r in things), (n, log)
            if size[1] >= 500:            # every name whole from 800x500 up
                u = app.u
                for spot in table.spots:
                    w, h = spot.plate[2:]
                    name = table.seat_name(spot.seat)
                    inner = w - 2 * max(1, round(1.2 * u))
                    name_px = min(max(13, round(2.3 * u)), max(1, round(0.42 * h)))
                    px = fonts.fit(name, name_px, inner, "semibold", min(9, name_px))
                    assert ellipsize(name, px, inner, "semibold") == name, (n, size, name)
            table.draw(app.screen)
