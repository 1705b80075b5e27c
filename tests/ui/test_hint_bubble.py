"""Hint (H) and undo (U / Ctrl+Z) on the tables (scenes/kit/hint_bubble.py)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.storage import user_dir
from scenes.core.boot import first_scene
from scenes.core.i18n import t
from scenes.kit.hint_bubble import hint_text
from tests.ui.helpers import click, key, make_app, post, strings_drawn

SEATS = {"ganjifa": "human,normal,normal", "kowah": "human,normal,normal",
         "daotam": "human,normal,normal,normal", "mascarade": "human,normal,normal,normal"}


def open_table(game: str, seats: str | None = None, seed: int = 5):
    app = make_app(game=game, seats=seats or SEATS[game], seed=seed)
    app.stack.push(first_scene(app))
    return app, app.stack.top


def settle(app, table, limit: int = 600) -> None:
    for _ in range(limit):
        app.step()
        if table.viewer_can_act or table.match.is_over():
            return
    raise AssertionError("the human never got to act")


def saved(game: str) -> dict:
    return json.loads((user_dir() / f"current-{game}.json").read_text())


@pytest.mark.parametrize("game", list(SEATS))
def test_h_shows_the_hint_outlines_the_move_and_esc_dismisses_it(game: str) -> None:
    app, table = open_table(game)
    settle(app, table)
    assert not table.match.assisted
    key(pygame.K_h)
    app.step()
    table.assists.wait()
    hint = table.assists.hint
    assert hint is not None and hint.action in table.match.legal_actions(table.viewer)
    assert table.match.assisted
    drawn = strings_drawn(lambda: table.draw(app.screen))
    assert any(hint_text(hint, table.seat_name).startswith(s) for s in drawn if len(s) > 8)
    if game in ("ganjifa", "kowah") or hint.action[0] not in ("pass", "use", "decline"):
        assert table.hint_targets(hint.action), hint
    key(pygame.K_ESCAPE)
    app.step()
    assert table.assists.hint is None and app.stack.top is table     # Esc closed the bubble only
    table.match.flush()
    if game in ("ganjifa", "kowah"):
        assert saved(game)["assisted"] is True


def test_the_hint_button_and_the_next_action_dismiss() -> None:
    app, table = open_table("kowah")
    settle(app, table)
    table.assists.place()
    click(table.assists.hint_button.rect.center)
    app.step()
    table.assists.wait()
    hint = table.assists.hint
    assert hint is not None
    table.submit(hint.action)
    app.step()
    assert table.assists.hint is None


def test_no_hint_before_a_hot_seat_handoff_is_confirmed() -> None:
    # night, fixed: the default trump follows the clock, and with it who leads this deal
    app = make_app(game="ganjifa", seats="human,human,normal", seed=5, options={"time": "night"})
    app.stack.push(first_scene(app))
    table = app.stack.top
    assert not table.confirmed_viewer
    table.assists.ask()
    assert table.assists.hint is None and table.toast.message == t("hints.not_now")


def test_undo_goes_back_to_the_previous_decision_and_rewrites_the_save() -> None:
    app, table = open_table("ganjifa")
    settle(app, table)
    first = list(table.match.log)
    table.submit(table.match.legal_actions(table.viewer)[0])
    settle(app, table)
    assert len(table.match.log) > len(first) + 1
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    app.step()
    new = app.stack.top
    assert new is not table and new.match.log == first and new.match.assisted
    assert new.toast.message == t("hints.undone")
    settle(app, new)
    assert new.viewer_can_act
    new.match.flush()
    data = saved("ganjifa")
    assert len(data["actions"]) == len(first) and data["assisted"] is True


@pytest.mark.parametrize(("game", "seats", "why"), [
    ("daotam", None, "hints.undo_game"),
    ("mascarade", None, "hints.undo_game"),
    ("kowah", "human,human,normal", "hints.undo_party"),
])
def test_undo_is_refused_with_a_toast(game: str, seats: str | None, why: str) -> None:
    app, table = open_table(game, seats)
    for _ in range(5):
        app.step()
    top = app.stack.top
    table.assists.undo()
    assert app.stack.top is top and table.toast.message == t(why)
    assert not table.assists.offers_undo()


def test_undo_with_nothing_to_take_back() -> None:
    app, table = open_table("kowah", seed=9)
    settle(app, table)
    if table.match.log and any(s == table.viewer for s, _ in table.match.log):
        pytest.skip("the human already moved in this deal")
    key(pygame.K_u)
    app.step()
    assert app.stack.top is table and table.toast.message == t("hints.undo_nothing")


def test_the_undo_button_takes_back_a_kowah_discard() -> None:
    app, table = open_table("kowah", seed=3)
    settle(app, table)
    while table.match.view(table.viewer).phase != "discard":
        table.submit(table.match.legal_actions(table.viewer)[0])
        settle(app, table)
    before = list(table.match.log)
    table.submit(table.match.legal_actions(table.viewer)[0])      # the discard
    table.assists.place()
    click(table.assists.undo_button.rect.center)
    app.step()
    new = app.stack.top
    assert new is not table and new.match.log == before
    assert new.match.view(new.viewer).phase == "discard"
