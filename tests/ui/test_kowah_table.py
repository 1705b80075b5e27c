"""The Kowah table driven like a player would: clicks, drags and keys on the real app."""

from __future__ import annotations

import json

import pygame

from game import registry
from game.kowah.rules import KowahState
from game.match import Match, Seat
from scenes.core import session
from scenes.core.boot import first_scene
from scenes.screens.handoff import HandoffScene
from scenes.screens.menu import MenuScene
from scenes.screens.results import ResultsScene
from scenes.tables.kowah import HELD, KowahTable
from scenes.tables.kowah.pair import PairChooser
from tests.ui.helpers import click, drag, key, make_app


def open_table(seats="human,normal,normal", seed=5, **kw):
    app = make_app(game="kowah", seats=seats, seed=seed, **kw)
    app.stack.push(first_scene(app))
    table = app.stack.top
    assert isinstance(table, KowahTable)
    return app, table


def settle(app, table, limit=600):
    """Step until the human may act or the hand is over."""
    for _ in range(limit):
        app.step()
        if table.viewer_can_act or table.match.is_over():
            return
    raise AssertionError("table never became ready")


def grab(table, card):
    """A point on the hand card showing ``card``, checked against the table's hit test."""
    idx = table.geometry.index_of(card)
    pos = table.geometry.grab_point(idx)
    assert table.item_at((round(pos[0]), round(pos[1]))) == ("hand", idx)
    return pos


def play_by_mouse(app, table, action):
    """Carry out one engine action for the viewer with synthetic mouse events only."""
    kind = action[0]
    if kind == "draw":
        drag(table.geometry.stock_point(), table.geometry.hand_point())
    elif kind == "take":
        drag(table.geometry.pile_point(), table.geometry.hand_point())
    elif kind == "discard":
        drag(grab(table, action[1]), table.geometry.pile_point())
    elif kind == "declare":
        click(table.checki_button.rect.center)
        step(app)
        if isinstance(app.stack.top, PairChooser):
            chooser = app.stack.top
            app.step()          # lays out its buttons
            click(chooser.pick_buttons[chooser.options.index(action[1])].rect.center)
    elif kind == "pass":
        click(table.pass_button.rect.center)
    step(app)


def step(app, n=2):
    """Frames for an action to land: one to submit it, one to finish its (instant) animation."""
    for _ in range(n):
        app.step()


def fixed_table(hands, stock, seats=("human", "normal", "normal"), **kw):
    """A table on a position built with the engine's from_deal."""
    app = make_app()
    match = Match("kowah", [Seat(k) for k in seats], 1,
                  state_factory=lambda n, seed, opts: KowahState.from_deal(hands, stock, **kw))
    table = KowahTable(app, match, fresh=True)
    app.stack.push(table)
    return app, table


def test_whole_hand_played_with_the_mouse():
    app, table = open_table(seed=5)
    match = table.match
    brain = registry.make_agent("kowah", "normal", 0, 99)
    kinds = set()
    for _ in range(400):
        settle(app, table)
        if match.is_over():
            break
        view = match.view(table.viewer)
        action = brain.decide(view, match.legal_actions(table.viewer))
        before = len(match.log)
        play_by_mouse(app, table, action)
        assert len(match.log) > before, f"{action} was not carried out by the mouse"
        assert match.log[before] == (table.viewer, action)
        kinds.add(action[0])
    for _ in range(5):
        app.step()
    assert match.is_over()
    assert {"draw", "discard"} <= kinds
    assert isinstance(app.stack.top, ResultsScene)
    assert app.result_line and json.loads(app.result_line)["game"] == "kowah"
    # the discard history on the table is the engine's pile
    assert table.pile == list(match.view(None).discards)


def test_click_and_keyboard_also_work():
    app, table = open_table(seed=8)
    match = table.match
    settle(app, table)
    n = len(match.log)
    if match.view(0).phase == "take":
        click(table.geometry.stock_point())
        step(app)
        assert match.log[n] == (0, ("draw",))
    settle(app, table)
    hand = list(match.view(0).hand)
    card = table.order[0]
    pos = table.geometry.grab_point(0)
    click(pos)
    step(app)
    click(pos)
    step(app)
    assert match.log[n + 1] == (0, ("discard", card)), "double-click did not discard"
    assert len(match.view(0).hand) == len(hand) - 1 or match.is_over()
    settle(app, table)
    if match.is_over():
        return
    n = len(match.log)
    key(pygame.K_s)
    step(app)
    assert match.log[n] == (0, ("draw",))
    settle(app, table)
    table.focus = None
    key(pygame.K_RIGHT)
    step(app)
    assert table.focus == table.slots[0].idx
    key(pygame.K_RETURN)
    step(app)
    assert match.log[n + 1][0] == 0 and match.log[n + 1][1][0] == "discard"


def test_illegal_moves_are_refused_with_a_reason():
    # seat 0 opens the hand: the discard pile is empty and only the stock may be drawn
    app, table = fixed_table(["1C 2C 3C 4C 6C 8C 1S 2S", "5C 5C 7S 7S 7M 9C 9S 9M",
                              "1M 2M 3M 4M 6M 8M 3S 4S"], "6S 6S 6M 2M 3S")
    settle(app, table)
    match = table.match
    order = list(table.order)
    drag(grab(table, order[0]), table.geometry.pile_point())        # discarding before taking
    step(app)
    assert match.log == []
    assert table.order == order and len(table.slots) == 8
    assert "Take a card first" in table.toast.message
    table.toast.message = ""
    key(pygame.K_t)                                        # taking on the opening turn
    step(app)
    assert match.log == []
    assert "First turn" in table.toast.message
    assert table.phase() == "take"


def test_sort_buttons_and_dragging_reorder_the_hand():
    app, table = open_table(seed=13)
    match = table.match
    settle(app, table)
    if table.phase() == "take":
        drag(table.geometry.stock_point(), table.geometry.hand_point())
        step(app)
    assert len(table.order) == 9
    deck = table.deck
    click(table.sort_suit.rect.center)
    step(app)
    assert table.order == sorted(table.order)
    click(table.sort_number.rect.center)
    step(app)
    assert table.order == sorted(table.order, key=lambda c: (deck.keys[c], c))
    assert sorted(table.order) == sorted(match.view(0).hand)
    first = table.order[0]
    last = table.slots[-1].centre
    drag(table.geometry.grab_point(0), (last[0] + 20, last[1]))     # within the hand: reorder only
    step(app)
    assert table.order[-1] == first and table.sort_mode == "manual"
    assert match.view(0).phase == "discard", "reordering must not play a card"


def test_kill_and_resume_restores_the_table():
    app, table = open_table(seed=9)
    match = table.match
    brain = registry.make_agent("kowah", "normal", 0, 1)
    for _ in range(4):
        settle(app, table)
        if match.is_over():
            break
        play_by_mouse(app, table, brain.decide(match.view(0), match.legal_actions(0)))
    settle(app, table)
    saved_view = match.view(table.viewer)
    saved_log = list(match.log)
    pile = list(table.pile)
    pygame.quit()           # the process "dies" right after the move: no flush, no exit
    #                         handler; the save was written through when the move was made
    assert session.resumable() or match.is_over()
    if match.is_over():
        return
    app2 = make_app()
    app2.stack.push(MenuScene(app2))
    click(app2.stack.top.row.buttons[0].rect.center)
    app2.step()
    table2 = app2.stack.top
    assert isinstance(table2, KowahTable)
    assert table2.match.log == saved_log
    assert table2.match.view(table2.viewer) == saved_view
    assert table2.pile == pile
    assert sorted(table2.order) == sorted(saved_view.hand)
    assert table2.declared == list(saved_view.declared)


def test_hot_seat_handoff_hides_cards_until_confirmed():
    app, table = open_table(seats="human,human,normal", seed=4)
    match = table.match
    seen = False
    for _ in range(300):
        app.step()
        top = app.stack.top
        if isinstance(top, HandoffScene):
            seen = True
            assert top.opaque and app.stack.visible() == [top]
            click(top.button.rect.center)
            step(app)
            assert table.viewer == top.seat
            assert sorted(table.order) == sorted(match.view(top.seat).hand)
            break
        if table.viewer_can_act:
            legal = match.legal_actions(table.viewer)
            play_by_mouse(app, table, legal[0] if legal[0][0] != "discard" else legal[-1])
    assert seen


def test_your_prompt_keeps_clear_of_your_exposed_pair_label():
    app, table = fixed_table(["4S 4S 4M 7S 7S 7M 5S 5S", "1C 2C 3C 4C 6C 8C 1S 2S",
                              "1M 2M 3M 4M 6M 8M 3S 6S"], "9C 6M 9M", declared={0: "5S"})
    settle(app, table)
    app.step()
    assert table.wait_label is not None and table.prompt_box is not None
    assert not table.prompt_box.colliderect(table.wait_label)


def test_off_turn_win_shows_banner_and_results():
    # seat 1 waits for a third 5 of Coins; seat 0 draws it from the stock: ×1 for seat 1
    app, table = fixed_table(["1C 2C 3C 4C 6C 8C 1S 2S", "5C 5C 7S 7S 7M 9C 9S 9M",
                              "1M 2M 3M 4M 6M 8M 3S 4S"], "5C 6S 6M", declared={1: "5C"})
    settle(app, table)
    assert table.declared[1] is not None, "the exposed pair is on the table"
    click(table.geometry.stock_point())
    step(app)
    for _ in range(5):
        app.step()
    match = table.match
    assert match.is_over()
    o = table.outcome
    assert o and o["kind"] == "win" and o["winner"] == 1 and o["method"] == "opponent_draw"
    assert o["mult"] == 1
    assert table.showcase.score_text(1) == "×1" and table.showcase.score_text(0) == "—"
    assert "AI 2" in table.showcase.result_headline()
    assert "drawn by you" in table.showcase.method_text(o)      # "You" inside a sentence: "you"
    assert isinstance(app.stack.top, ResultsScene)


def test_drawn_hand_shows_the_draw_banner():
    app, table = fixed_table(["1C 2C 3C 4C 6C 8C 1S 2S", "5C 5C 7S 7S 7M 9C 9S 9M",
                              "1M 2M 3M 4M 6M 8M 3S 4S"], "6S")
    settle(app, table)
    drag(table.geometry.stock_point(), table.geometry.hand_point())       # the last stock card
    step(app)
    assert table.view().last_stock_turn
    drag(grab(table, table.order[0]), table.geometry.pile_point())
    step(app)
    for _ in range(5):
        app.step()
    assert table.match.is_over() and not table.match.result().winners
    assert table.outcome == {"kind": "drawn", "anomaly": None}
    assert table.showcase.result_headline() == "Draw — no winner"
    assert isinstance(app.stack.top, ResultsScene)


def test_declaring_with_a_pair_choice():
    # after drawing 8M and discarding 1S, seat 0 holds 5C 5C 5S 5S 5M 8C 8S 8M: two pairs qualify
    app, table = fixed_table(["5C 5C 5S 5S 5M 8C 8S 1S", "1C 2C 3C 4C 6C 7C 9C 2S",
                              "1M 2M 3M 4M 6M 7M 9M 3S"], "8M 6S 6S 7S")
    settle(app, table)
    drag(table.geometry.stock_point(), table.geometry.hand_point())
    step(app)
    s1 = table.deck.parse("1S")
    drag(grab(table, s1), table.geometry.pile_point())
    step(app)
    settle(app, table)
    assert table.phase() == "declare"
    assert len(table.pairs_offered()) == 2
    click(table.checki_button.rect.center)
    step(app)
    chooser = app.stack.top
    assert isinstance(chooser, PairChooser)
    app.step()
    x = chooser.options[1]
    click(chooser.pick_buttons[1].rect.center)
    step(app)
    assert table.match.view(0).declared[0] == x
    assert table.order[-2:] == [x, x], "the exposed pair sits at the end of the hand"
    assert HELD == -1


def test_f1_opens_the_kowah_rules_and_setup_offers_the_house_rule():
    from scenes.screens.rules_viewer import RulesScene
    from scenes.screens.setup import SetupScene
    app, table = open_table(seed=3)
    key(pygame.K_F1)
    app.step()
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.game == "kowah"
    setup = SetupScene(app, "kowah")
    assert setup.options["rediscard_taken_card"] is True
    row = next(r for r in setup.rows if "discard" in r.label().lower())
    row.cycle()
    assert setup.options["rediscard_taken_card"] is False
