"""The setup screen: the deal-number row (click, Enter, typing), arrows both ways, keyboard only."""

from __future__ import annotations

import pygame

from game.match import SEAT_KINDS
from scenes.core.i18n import t
from scenes.screens.setup import SetupScene
from scenes.tables.base import TableScene
from tests.ui.helpers import click, key, make_app, post


def open_setup(game: str = "ganjifa", seed: int = 42):
    app = make_app()
    setup = SetupScene(app, game, seed=seed)
    app.stack.push(setup)
    app.step()
    return app, setup


def deal_row(setup: SetupScene):
    return next(r for r in setup.rows if r.label() == t("setup.deal"))


def type_text(text: str) -> None:
    """Queue key presses the way a keyboard sends them (key code and the character)."""
    for ch in text:
        post(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch)
        post(pygame.KEYUP, key=ord(ch), mod=0, unicode=ch)


def focus(app, setup: SetupScene, row) -> None:
    """Tab from nothing focused to ``row`` (keyboard only)."""
    target = setup.rows.index(row)
    for _ in range(target + 1):
        key(pygame.K_TAB)
    app.step()
    assert row.button.focused


def test_left_click_on_the_deal_number_opens_it_for_typing_instead_of_crashing():
    app, setup = open_setup()
    row = deal_row(setup)
    click(row.button.rect.center)
    app.step()                                   # ZeroDivisionError before the fix
    assert app.stack.top is setup
    assert row.editing
    assert setup.seed == 42


def test_enter_on_the_focused_deal_number_opens_it_for_typing_instead_of_crashing():
    app, setup = open_setup()
    row = deal_row(setup)
    focus(app, setup, row)
    key(pygame.K_RETURN)
    app.step()                                   # ZeroDivisionError before the fix
    assert row.editing


def test_typed_deal_number_is_the_seed_of_the_dealt_match():
    app, setup = open_setup()
    row = deal_row(setup)
    click(row.button.rect.center)
    type_text("12345")
    key(pygame.K_RETURN)
    app.step()
    assert not row.editing and setup.seed == 12345
    click(setup.start_button.rect.center)
    app.step()
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match.seed == 12345


def test_keyboard_only_typing_backspace_and_deal():
    app, setup = open_setup("kowah")
    row = deal_row(setup)
    focus(app, setup, row)
    key(pygame.K_RETURN)
    type_text("1239")
    key(pygame.K_BACKSPACE)
    type_text("45")
    key(pygame.K_RETURN)
    app.step()
    assert setup.seed == 12345
    for _ in range(len(setup.row.buttons)):      # Tab on to the Deal button
        if setup.start_button.focused:
            break
        key(pygame.K_TAB)
        app.step()
    assert setup.start_button.focused
    key(pygame.K_RETURN)
    app.step()
    assert isinstance(app.stack.top, TableScene) and app.stack.top.match.seed == 12345


def test_clicking_deal_while_typing_accepts_the_typed_number():
    app, setup = open_setup()
    row = deal_row(setup)
    click(row.button.rect.center)
    type_text("777")
    click(setup.start_button.rect.center)
    app.step()
    assert app.stack.top.match.seed == 777


def test_escape_cancels_typing_and_stays_on_the_setup_screen():
    app, setup = open_setup()
    row = deal_row(setup)
    click(row.button.rect.center)
    type_text("999")
    key(pygame.K_ESCAPE)
    app.step()
    assert app.stack.top is setup and not row.editing and setup.seed == 42


def test_out_of_range_deal_numbers_are_refused_with_a_reason():
    app, setup = open_setup()
    row = deal_row(setup)
    click(row.button.rect.center)
    type_text("0")
    key(pygame.K_RETURN)
    app.step()
    assert row.editing and setup.seed == 42
    assert "999999999" in row.note().replace(",", "").replace(".", "")
    key(pygame.K_BACKSPACE)
    type_text("1234567890")                      # ten digits: the tenth is refused
    key(pygame.K_RETURN)
    app.step()
    assert not row.editing and setup.seed == 123456789


def test_deal_number_arrows_step_both_ways_and_stop_at_one():
    app, setup = open_setup(seed=2)
    row = deal_row(setup)
    r = row.button.rect
    click((r.right - 3, r.centery))
    app.step()
    assert setup.seed == 3
    click((r.left + 3, r.centery))
    click((r.left + 3, r.centery))
    click((r.left + 3, r.centery))
    app.step()
    assert setup.seed == 1


def test_left_arrow_part_steps_back_and_right_part_steps_forward():
    app, setup = open_setup()
    row = setup.rows[1]                          # seat 2, "normal"
    r = row.button.rect
    i = SEAT_KINDS.index(setup.seats[1])
    click((r.left + 3, r.centery))
    app.step()
    assert setup.seats[1] == SEAT_KINDS[(i - 1) % len(SEAT_KINDS)]
    click((r.right - 3, r.centery))
    click((r.right - 3, r.centery))
    app.step()
    assert setup.seats[1] == SEAT_KINDS[(i + 1) % len(SEAT_KINDS)]


def test_left_and_right_keys_step_the_focused_row():
    app, setup = open_setup()
    row = setup.rows[1]
    focus(app, setup, row)
    i = SEAT_KINDS.index(setup.seats[1])
    key(pygame.K_RIGHT)
    app.step()
    assert setup.seats[1] == SEAT_KINDS[(i + 1) % len(SEAT_KINDS)]
    assert row.button.focused                    # the key changed the value, not the focus
    key(pygame.K_LEFT)
    key(pygame.K_LEFT)
    app.step()
    assert setup.seats[1] == SEAT_KINDS[(i - 1) % len(SEAT_KINDS)]
    deal = deal_row(setup)
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    app.step()
    assert deal.button.focused
    key(pygame.K_RIGHT)
    app.step()
    assert setup.seed == 43


def test_setup_draws_while_typing_at_small_and_large_sizes():
    for size in ((320, 200), (800, 500), (1920, 1080)):
        app = make_app(size=size)
        setup = SetupScene(app, "ganjifa", seed=5)
        app.stack.push(setup)
        app.step()
        click(deal_row(setup).button.rect.center)
        type_text("12")
        app.step()
        assert deal_row(setup).editing


def test_digits_on_the_focused_deal_row_start_typing_a_new_number():
    app, setup = open_setup()
    row = deal_row(setup)
    focus(app, setup, row)
    type_text("808")
    key(pygame.K_RETURN)
    app.step()
    assert setup.seed == 808


def test_arrows_while_typing_accept_then_step_and_a_refused_click_away_keeps_the_old_number():
    app, setup = open_setup()
    row = deal_row(setup)
    r = row.button.rect
    click(r.center)
    type_text("500")
    click((r.right - 3, r.centery))
    app.step()
    assert not row.editing and setup.seed == 501
    post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=3)      # right-click steps back
    app.step()
    assert setup.seed == 500
    click(r.center)
    type_text("0")
    click(setup.start_button.rect.center)                      # refused: no deal with #500
    app.step()
    assert app.stack.top is setup and not row.editing and setup.seed == 500
    assert row.warning


def test_random_input_on_the_setup_and_settings_screens_raises_nothing():
    import random

    from scenes.screens.settings import SettingsScene
    rng = random.Random(7)
    keys = [pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
            pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_1, pygame.K_0]
    for make in (lambda a: SetupScene(a, "ganjifa", seed=9), lambda a: SetupScene(a, "kowah"),
                 SettingsScene):
        app = make_app()
        scene = make(app)
        app.stack.push(scene)
        for i in range(400):
            if app.stack.top is not scene:
                app.stack.reset(scene)
            w, h = app.size
            pos = (rng.randrange(w), rng.randrange(h))
            roll = rng.random()
            if roll < 0.35:
                k = rng.choice(keys)
                ch = chr(k) if pygame.K_0 <= k <= pygame.K_9 else ""
                post(pygame.KEYDOWN, key=k, mod=0, unicode=ch)
            elif roll < 0.6:
                post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            elif roll < 0.95:
                post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
                post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            else:
                size = rng.choice(((320, 200), (800, 500), (1280, 720)))   # few sizes: the wood is cached
                post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            if i % 3 == 0:
                app.step()
