"""The Kowah table draws at any window size it can be given, at every point of a hand.

The app keeps windows at least 640x400 (scenes.core.app.MIN_SIZE), but a window manager may
ignore that: each size is forced on the display and handed to the scenes as the app does
after a resize, then frames are drawn. Tiny windows used to raise: negative strip
lengths in the tile frame, a zero-width hand layer, a seal speck sampled past its edge.
"""

from __future__ import annotations

import pygame

from scenes.screens.results import ResultsScene
from scenes.tables.kowah.pair import PairChooser
from tests.ui.helpers import click, drag, make_app, post
from tests.ui.test_kowah_table import fixed_table, open_table, settle, step

SIZES = [(1, 1), (50, 40), (2, 300), (300, 2), (7, 5), (30, 20), (120, 70), (200, 900),
         (900, 200), (320, 200), (800, 500), (1280, 720), (3840, 2160), (1, 1), (1280, 720)]

WIN = (["1C 2C 3C 4C 6C 8C 1S 2S", "5C 5C 7S 7S 7M 9C 9S 9M", "1M 2M 3M 4M 6M 8M 3S 4S"], "5C 6S 6M")
TWO_PAIRS = (["5C 5C 5S 5S 5M 8C 8S 1S", "1C 2C 3C 4C 6C 7C 9C 2S", "1M 2M 3M 4M 6M 7M 9M 3S"],
             "8M 6S 6S 7S")


def resize_through(app, sizes=SIZES, frames: int = 2) -> None:
    """Force each size on the window, as a window manager may, and draw frames at it."""
    for w, h in sizes:
        app.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        app.stack.resize(app.size)
        for _ in range(frames):
            app.step()
        assert app.size == (w, h)


def test_every_size_while_dealing_and_playing():
    app, table = open_table(seed=5)
    app.settings.anim_speed = 1.0          # the deal is still in flight while we resize
    app.step()
    assert table.anim.busy
    resize_through(app, SIZES[:4], frames=1)
    app.settings.anim_speed = 0.0
    resize_through(app, [(1280, 720)])
    settle(app, table)
    resize_through(app)                    # the viewer to act
    settle(app, table)
    table.hover = ("hand", 0)
    table.focus = 0
    resize_through(app)
    # a drag in progress (the pointer holds a hand card) while the window shrinks
    post(pygame.MOUSEBUTTONDOWN, pos=tuple(map(round, table.geometry.grab_point(0))), button=1)
    post(pygame.MOUSEMOTION, pos=(640, 200), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    resize_through(app)
    post(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    app.step()


def test_every_size_with_the_checki_prompt_and_the_pair_chooser():
    app, table = fixed_table(*TWO_PAIRS)
    settle(app, table)
    drag(table.geometry.stock_point(), table.geometry.hand_point())
    step(app)
    s1 = table.deck.parse("1S")
    drag(table.geometry.grab_point(table.geometry.index_of(s1)), table.geometry.pile_point())
    step(app)
    settle(app, table)
    assert table.phase() == "declare"
    resize_through(app)
    click(table.checki_button.rect.center)
    step(app)
    assert isinstance(app.stack.top, PairChooser)
    resize_through(app)


def test_every_size_with_exposed_pairs_the_win_and_the_results():
    app, table = fixed_table(*WIN, declared={1: "5C"})
    settle(app, table)
    resize_through(app)                    # an exposed pair on the table
    click(table.geometry.stock_point())
    step(app)
    for _ in range(5):
        app.step()
    assert table.match.is_over() and isinstance(app.stack.top, ResultsScene)
    resize_through(app)
    app.stack.pop()                        # the win showcase alone
    resize_through(app)


def test_every_size_after_a_drawn_hand():
    app, table = fixed_table(WIN[0], "6S")
    settle(app, table)
    drag(table.geometry.stock_point(), table.geometry.hand_point())
    step(app)
    drag(table.geometry.grab_point(0), table.geometry.pile_point())
    step(app)
    for _ in range(5):
        app.step()
    assert table.match.is_over() and not table.match.result().winners
    resize_through(app)
    app.stack.pop()
    resize_through(app)


def test_a_window_made_at_a_tiny_size():
    app = make_app(game="kowah", seats="human,normal,normal", seed=2, size=(1, 1))
    from scenes.core.boot import first_scene
    app.stack.push(first_scene(app))
    for _ in range(3):
        app.step()
    resize_through(app, [(50, 40), (1, 1)])
