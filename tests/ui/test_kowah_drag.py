"""Dragging from the Kowah stock or discard: into the hand, or back with a word of help.

Checked at the drawing layer: every card image the table blits is recorded, so "nothing
follows the pointer" means no card is drawn centred on it after the release.
"""

from __future__ import annotations

import pygame

from tests.ui.helpers import drag, post
from tests.ui.test_kowah_table import fixed_table, settle, step

SLOW = 50.0      # animations 50× slower: a frame (dt ≤ 0.1 s) moves a flight by < 1 %
HANDS = ["1C 2C 3C 4C 6C 8C 1S 2S", "5C 5C 7S 7S 7M 9C 9S 9M", "1M 2M 3M 4M 6M 8M 3S 4S"]


def record_blits(table) -> list[tuple[int | None, tuple[int, int]]]:
    """Every card the table draws from now on, as (card or None for a back, centre)."""
    seen: list[tuple[int | None, tuple[int, int]]] = []
    original = table.card_paint.blit_card

    def spy(surface, card, centre, height, *args, **kw):
        rect = original(surface, card, centre, height, *args, **kw)
        seen.append((card, rect.center))
        return rect

    table.card_paint.blit_card = spy
    return seen


def near(a: tuple[float, float], b: tuple[float, float], tol: float = 3) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def move_pointer(app, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step()


def opened_table():
    app, table = fixed_table(HANDS, "6S 6S 6M 2M 3S")
    settle(app, table)
    assert table.phase() == "take" and table.viewer_can_act
    return app, table


def test_a_card_drawn_by_drag_does_not_stay_on_the_pointer():
    app, table = opened_table()
    drag(table.geometry.stock_point(), table.geometry.hand_point())
    step(app)
    assert table.match.log == [(0, ("draw",))]
    seen = record_blits(table)
    away = (round(table.app.size[0] * 0.5), round(table.app.size[1] * 0.3))
    move_pointer(app, away)
    move_pointer(app, (away[0] + 40, away[1] + 10))
    assert not any(near(c, away) or near(c, (away[0] + 40, away[1] + 10)) for _, c in seen), \
        "a card is still drawn under the pointer after the drop"
    assert not table.drag.active
    assert len(table.order) == 9


def test_drawn_card_flies_from_where_it_was_let_go():
    app, table = opened_table()
    app.settings.anim_speed = SLOW
    drop = (round(table.app.size[0] * 0.3), round(table.hand_top() - 10 * table.app.u))
    drag(table.geometry.stock_point(), drop)
    app.step()
    assert table.match.log == [(0, ("draw",))]
    flying = [s for s in table.flying if not s.face_up]
    assert len(flying) == 1
    assert near(flying[0].pos, drop, 0.1 * table.H), \
        "the drawn card should start its flight at the drop point, not jump back to the stock"
    table.anim.skip()
    app.settings.anim_speed = 0.0
    app.step()
    assert not table.flying and not table.drag.active


def test_dropping_near_the_hand_counts():
    app, table = opened_table()
    drop = (round(table.app.size[0] * 0.3), round(table.hand_top() - 10 * table.app.u))
    assert drop[1] < table.hand_top() - 2 * table.app.u   # above the hand, nearer it than the piles
    drag(table.geometry.stock_point(), drop)
    step(app)
    assert table.match.log == [(0, ("draw",))]


def test_dropping_short_snaps_back_and_says_where_to_drop():
    app, table = opened_table()
    app.settings.anim_speed = SLOW
    stock = table.stock_vis
    short = (round(table.geometry.stock_point()[0]), round(table.geometry.stock_point()[1] + 0.15 * table.app.size[1]))
    assert not table.geometry.reaches_hand(short)
    drag(table.geometry.stock_point(), short)
    app.step()
    assert table.match.log == []
    assert table.toast.message == "Drop it on your hand"
    assert not table.drag.active
    flying = [s for s in table.flying if not s.face_up]
    assert len(flying) == 1 and table.anim.busy, "the card flies back to the stock"
    assert near(flying[0].pos, short, 0.1 * table.H), "it starts where it was let go"
    table.anim.skip()
    app.settings.anim_speed = 0.0
    seen = record_blits(table)
    move_pointer(app, short)
    assert not table.flying and table.stock_vis == stock
    assert not any(near(c, short) for _, c in seen)
    # and a second try into the hand works
    settle(app, table)
    drag(table.geometry.stock_point(), table.geometry.hand_point())
    step(app)
    assert table.match.log == [(0, ("draw",))]


def test_the_discard_dragged_short_goes_back_on_the_pile():
    app, table = opened_table()
    drag(table.geometry.stock_point(), table.geometry.hand_point())      # open: draw, then discard
    step(app)
    drag(table.geometry.grab_point(0), table.geometry.pile_point())
    step(app)
    settle(app, table, limit=2000)
    if not (table.viewer_can_act and table.can("take")):
        raise AssertionError("no takeable discard")
    pile = list(table.pile)
    short = (round(table.geometry.pile_point()[0] + 30), round(table.geometry.pile_point()[1] + 40))
    drag(table.geometry.pile_point(), short)
    step(app)
    assert table.toast.message == "Drop it on your hand"
    assert table.pile == pile and not table.drag.active and not table.flying


def test_a_release_that_went_elsewhere_drops_the_card():
    app, table = opened_table()
    sx, sy = map(round, table.geometry.stock_point())
    post(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)
    post(pygame.MOUSEMOTION, pos=(sx + 60, sy + 60), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert table.drag.dragging
    # the button came up over another window or scene: the next motion has no button held
    seen = record_blits(table)
    move_pointer(app, (sx + 90, sy + 90))
    move_pointer(app, (sx + 120, sy + 100))
    assert not table.drag.active
    assert not any(near(c, (sx + 120, sy + 100)) for _, c in seen)
    assert table.match.log == []
