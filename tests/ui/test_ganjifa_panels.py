"""Ganjifa's look-back panel (the last trick) and the Dukal chooser."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.match import Match, Seat
from scenes.core.i18n import t
from scenes.screens.pause import PauseScene
from scenes.tables.ganjifa import GanjifaTable
from scenes.tables.ganjifa.dukal import DukalChooser
from tests.ui.helpers import click, key, make_app, post, strings_drawn
from tests.ui.test_ganjifa_hand import drawn_strings


def drive(match: Match, until, seed: int = 0) -> bool:
    """Play every seat with Easy agents until ``until(match)`` or the end of the hand."""
    agents = {s: registry.make_agent("ganjifa", "easy", s, seed + s) for s in range(len(match.seats))}
    for _ in range(2000):
        if until(match) or match.is_over():
            return until(match)
        seat = match.active_seats()[0]
        match.submit(seat, agents[seat].decide(match.view(seat), match.legal_actions(seat)))
    return False


def table_at(until, time="day", size=(1280, 720), lang="en"):
    """A table (human at seat 0) on the first deal, from seed 1 up, where ``until`` holds."""
    for seed in range(1, 300):
        match = Match("ganjifa", [Seat("human"), Seat("random"), Seat("random")], seed, {"time": time})
        if drive(match, until, seed):
            app = make_app(size=size, lang=lang)
            table = GanjifaTable(app, match)
            app.stack.push(table)
            app.step()
            return app, table
    raise AssertionError("no deal reaches that point")


strings_drawn_by = strings_drawn


def my_turn_after_tricks(k: int):
    return lambda m: len(m.state.history) >= k and m.active_seats() == (0,)


def cards_blitted(table, app) -> list[int]:
    seen: list[int] = []
    real = table.card_paint._blit_card

    def spy(surface, card, *a, **kw):
        seen.append(card)
        return real(surface, card, *a, **kw)

    table.card_paint._blit_card = spy
    try:
        app.step()
    finally:
        del table.card_paint._blit_card
    return seen


def test_last_trick_by_key_button_and_pile_hover():
    app, table = table_at(my_turn_after_tricks(3))
    last = table.match.view(None).history[-1]
    assert last.kind == "trick"
    title = t("ganjifa.last_title", seat=table.seat_name(last.winner))   # "won by you"
    assert title not in drawn_strings(app)
    key(pygame.K_l)
    app.step()
    assert table.show_last
    texts = drawn_strings(app)
    assert title in texts
    assert all(table.seat_name(s) in texts for s, _ in last.plays)       # who played what
    shown = cards_blitted(table, app)
    assert all(c in shown for _, c in last.plays)
    key(pygame.K_l)
    app.step()
    assert title not in drawn_strings(app)
    # the button toggles it, Esc closes it without opening the pause menu
    click(table.last_button.rect.center)
    app.step()
    assert title in drawn_strings(app)
    key(pygame.K_ESCAPE)
    app.step()
    assert not table.show_last and not isinstance(app.stack.top, PauseScene)
    # resting the pointer on the winner's pile shows it; moving away hides it
    pile = table.geometry.last_pile_rect()
    post(pygame.MOUSEMOTION, pos=pile.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    assert title in drawn_strings(app)
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    assert title not in drawn_strings(app)


def test_last_trick_panel_stays_inside_the_window_and_shows_only_public_cards():
    app, table = table_at(my_turn_after_tricks(6), size=(1920, 1080), lang="vi")
    table.show_last = True
    shown = cards_blitted(table, app)
    last = table.match.view(None).history[-1]
    hand = set(table.match.view(0).hand)
    played = {c for _, c in last.plays}
    rect = table.last_rect
    assert rect is not None and pygame.Rect(0, 0, 1920, 1080).contains(rect)
    # every face drawn is the viewer's own, on the table, or in the last trick: nothing else
    on_table = {c for _, c in table.match.view(None).trick}
    faces = [c for c in shown if c is not None]
    assert set(faces) <= hand | played | on_table


def test_last_dukal_lists_each_seat_with_its_cards():
    app, table = table_at(lambda m: bool(m.state.history) and m.state.history[-1].kind == "dukal"
                          and m.active_seats() == (0,))
    key(pygame.K_l)
    app.step()
    last = table.match.view(None).history[-1]
    texts = drawn_strings(app)
    assert t("ganjifa.last_title_dukal", seat=table.seat_name(last.winner)) in texts
    assert any(table.seat_name(last.leader) in s and "Dukal" in s for s in texts)
    assert all(c in cards_blitted(table, app) for _, c in last.plays)


def dukal_table():
    return table_at(lambda m: m.active_seats() == (0,) and m.state.phase == "lead"
                    and any(a[0] == "dukal" for a in m.legal_actions(0)))


def test_dukal_chooser_draws_no_stray_digit():
    app, table = dukal_table()
    table.controls.open_dukal()
    app.step()
    chooser = app.stack.top
    assert isinstance(chooser, DukalChooser)
    texts = strings_drawn_by(lambda: chooser.draw(app.screen))      # the chooser alone
    labels = [b.label for b in chooser.pick_buttons]
    assert not [s for s in texts if s.strip().isdigit()], "a bare number is drawn"
    for i, label in enumerate(labels, 1):
        assert label.endswith(f"({i})"), "the button names its number key"
        assert label in texts


def test_dukal_chooser_number_key_leads_that_dukal():
    app, table = dukal_table()
    table.controls.open_dukal()
    app.step()
    chooser = app.stack.top
    option = chooser.options[0]
    post(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    app.step()
    assert table.match.log[-1] == (0, option)


@pytest.mark.parametrize("size", [(1, 1), (50, 40), (320, 200)])
def test_chooser_give_and_panels_draw_at_tiny_sizes(size):
    app, table = dukal_table()
    table.controls.open_dukal()
    app.step()
    for s in (size, (1280, 720)):
        post(pygame.VIDEORESIZE, size=s, w=s[0], h=s[1])
        app.step()
    app2, table2 = table_at(lambda m: m.state.phase == "give" and m.active_seats() == (0,), time="night")
    table2.selected = list(table2.hand[:2])
    table2.show_last = True
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    for _ in range(3):
        app2.step()
