"""The Ganjifa table driven like a player would: drags, clicks and keys."""

from __future__ import annotations

import json

import pygame
import pytest

from game.storage import user_dir
from scenes.core import session
from scenes.core.boot import first_scene
from scenes.screens.menu import MenuScene
from scenes.screens.results import ResultsScene
from scenes.tables.ganjifa import GanjifaTable
from tests.ui.helpers import click, drag, key, make_app


def open_table(seats="human,random,random", seed=5, **kw):
    app = make_app(game="ganjifa", seats=seats, seed=seed, time="day", **kw)
    app.stack.push(first_scene(app))
    table = app.stack.top
    assert isinstance(table, GanjifaTable)
    return app, table


def settle(app, table, limit=400):
    """Step until the human may act or the hand is over."""
    for _ in range(limit):
        app.step()
        if table.viewer_can_act or table.match.is_over():
            return
    raise AssertionError("table never became ready")


def slot_of(table, card):
    pos = table.geometry.grab_point(card)
    assert table.geometry.card_at((round(pos[0]), round(pos[1]))) == card
    return pos


def test_whole_hand_played_by_mouse_drags():
    app, table = open_table()
    match = table.match
    plays = 0
    while not match.is_over():
        settle(app, table)
        if match.is_over():
            break
        view = match.view(table.viewer)
        legal = match.legal_actions(table.viewer)
        if view.phase == "give":
            need = table.controls.give_needed()
            for _, card in legal[:need]:
                click(slot_of(table, card))
                app.step()
            click(table.give_button.rect.center)
            app.step()
            continue
        card = next(a[1] for a in legal if a[0] == "play")
        before = len(match.log)
        drag(slot_of(table, card), table.centre_pt)
        app.step()
        assert len(match.log) == before + 1, "the drag did not play the card"
        assert match.log[-1] == (table.viewer, ("play", card))
        plays += 1
    for _ in range(5):
        app.step()
    assert plays >= 10
    assert isinstance(app.stack.top, ResultsScene)
    assert sum(match.result().scores) == 120
    assert app.result_line and json.loads(app.result_line)["game"] == "ganjifa"


def test_illegal_drop_snaps_back_and_says_why():
    app, table = open_table(seed=11)
    settle(app, table)
    match = table.match
    view = match.view(table.viewer)
    legal = {a[1] for a in match.legal_actions(table.viewer) if a[0] == "play"}
    illegal = [c for c in view.hand if c not in legal]
    if not illegal:
        pytest.skip("this deal gives the viewer no illegal card at this point")
    before = len(match.log)
    drag(slot_of(table, illegal[0]), table.centre_pt)
    app.step()
    assert len(match.log) == before
    assert illegal[0] in table.hand
    assert table.toast.message, "no reason shown"
    assert any(w in table.toast.message for w in ("Raja", "follow", "trump", "No "))


def test_double_click_and_keyboard_play():
    app, table = open_table(seed=3)
    match = table.match
    settle(app, table)
    card = next(a[1] for a in match.legal_actions(table.viewer) if a[0] == "play")
    pos = slot_of(table, card)
    click(pos)
    app.step()
    click(pos)
    app.step()
    assert match.log and match.log[-1] == (table.viewer, ("play", card))
    settle(app, table)
    if match.is_over():
        return
    legal = [a[1] for a in match.legal_actions(table.viewer) if a[0] == "play"]
    table.focus = None
    key(pygame.K_DOWN)       # focus the first legal card
    app.step()
    assert table.focus in legal
    n = len(match.log)
    key(pygame.K_RETURN)
    app.step()
    assert len(match.log) == n + 1


def test_space_skips_animations():
    app = make_app(game="ganjifa", seats="human,random,random", seed=2, time="night")
    app.settings.anim_speed = 1.0
    app.settings.ai_speed = 1.0      # the AI waits its think delay after the skip
    app.stack.push(first_scene(app))
    table = app.stack.top
    app.step()
    assert table.anim.busy, "the deal should be animating"
    key(pygame.K_SPACE)
    app.step()
    assert not table.anim.busy
    assert table.sizes == [40, 40, 40]


def test_kill_and_resume_continues_exactly(tmp_path):
    app, table = open_table(seed=9)
    match = table.match
    for _ in range(3):
        settle(app, table)
        card = next(a[1] for a in match.legal_actions(table.viewer) if a[0] == "play")
        drag(slot_of(table, card), table.centre_pt)
        app.step()
    settle(app, table)
    saved_view = match.view(table.viewer)
    saved_log = list(match.log)
    pygame.quit()           # the process "dies" right after the move: no flush, no exit
    #                         handler; the save was written through when the move was made
    assert session.resumable()
    app2 = make_app()
    app2.stack.push(MenuScene(app2))
    menu = app2.stack.top
    continue_button = menu.row.buttons[0]
    click(continue_button.rect.center)
    app2.step()
    table2 = app2.stack.top
    assert isinstance(table2, GanjifaTable)
    assert table2.match.log == saved_log
    assert table2.match.view(table2.viewer) == saved_view


def test_corrupt_save_gives_a_message_and_is_kept(tmp_path):
    path = session.save_path("ganjifa")
    path.write_bytes(b"{\"version\": 1, \"game\": \"ganjifa\", \"actions\": [[0,")
    app = make_app()
    app.stack.push(MenuScene(app))          # the menu checks the saves as it opens
    app.step()
    top = app.stack.top
    assert isinstance(top, MenuScene) and not top.can_continue
    assert "damaged" in " ".join(top.notice_text())
    assert not path.exists()
    assert any(p.name.startswith("current-ganjifa.broken") for p in user_dir().iterdir())


def test_hot_seat_handoff_hides_cards_until_confirmed():
    from scenes.screens.handoff import HandoffScene
    app, table = open_table(seats="human,human,random", seed=4)
    match = table.match
    seen_handoff = False
    for _ in range(200):
        app.step()
        top = app.stack.top
        if isinstance(top, HandoffScene):
            seen_handoff = True
            # the handoff draws no game data: the frame is the plain handoff screen
            assert top.opaque
            assert app.stack.visible() == [top]
            click(top.button.rect.center)
            app.step()
            assert table.viewer == top.seat
            break
        if table.viewer_can_act:
            card = next(a[1] for a in match.legal_actions(table.viewer) if a[0] == "play")
            drag(slot_of(table, card), table.centre_pt)
    assert seen_handoff
