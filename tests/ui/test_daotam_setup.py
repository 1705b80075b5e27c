"""Đạo Tâm's setup choices and window banner: the timers option comes from
data/daotam.yaml's ``options:`` (on by default) and reaches the Match; during a reaction
window the banner says what the window asks, never "Your turn"."""

from __future__ import annotations

import pytest

from game import registry
from game.cards import DataError
from game.daotam.deck import load_deck
from game.match import Match, Seat
from scenes.core.i18n import strings, t
from scenes.screens.setup_options import fresh_options
from scenes.tables.daotam import DaoTamTable
from tests.ui.helpers import make_app, strings_drawn

DT = 0.05


def test_timers_are_a_setup_option_on_by_default():
    specs = {s.key: s for s in registry.option_specs("daotam")}
    assert "timers" in specs and specs["timers"].default is True
    assert specs["timers"].values == (True, False)
    for lang in ("en", "vi"):
        table = strings(lang)
        assert specs["timers"].label in table
        for value in (True, False):
            assert specs["timers"].choice_key(value) in table
    assert fresh_options("daotam", defaults=True)["timers"] is True


@pytest.mark.parametrize("value,timed", [(True, True), (False, False)])
def test_the_timers_option_reaches_the_windows(value, timed):
    match = Match("daotam", [Seat("human"), Seat("normal"), Seat("normal")], 3, {"timers": value})
    assert match.timers is timed
    again = Match.from_json(match.to_json())          # a save keeps the choice
    assert again.timers is timed


def test_a_bad_timers_value_or_option_is_refused(tmp_path):
    with pytest.raises(ValueError):
        registry.new_game("daotam", 3, 1, {"timers": "sometimes"})
    src = (load_deck.__globals__["DATA_DIR"] / "daotam.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "daotam.yaml"
    bad.write_text(src.replace("  timers: {default: true", "  timer: {default: true"), encoding="utf-8")
    with pytest.raises(DataError, match="timer"):
        load_deck(bad)


@pytest.mark.parametrize("kind", ["challenge", "race"])
def test_the_line_in_a_reaction_window_says_what_it_asks(kind):
    """A window is everyone's, not "Your turn": the lasting instruction line says what it
    asks of the human, with their buzzer and pass keys (it replaced the fading banner)."""
    app = make_app()
    match = Match("daotam", [Seat("normal"), Seat("human"), Seat("normal")], 5, {"first": 0})
    match.think_scale = 0.0
    brain = registry.make_agent("daotam", "normal", 1, 1)
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    for _ in range(4000):
        app.stack.update(DT)
        st = match.state
        if st.phase == kind and 1 in st.waiting and match.open_window() is not None:
            break
        if st.phase == "turn" and st.turn == 1 and table.viewer_can_act:
            table.submit(brain.decide(match.view(1), match.legal_actions(1)))
    else:
        raise AssertionError(f"no {kind} window with the human in it")
    drawn = strings_drawn(lambda: app.stack.draw(app.screen))
    assert t("table.your_turn") not in drawn
    if kind == "challenge":
        actor, _, call = match.view(None).claim
        line = t("daotam_table.prompt_challenge", name=table.seat_name(actor), call=t(f"daotam.{call}"),
                 k="2", p="S")
    else:
        line = t("daotam_table.prompt_race", k="2")
    assert line in drawn, drawn


def test_timers_off_a_window_waits_for_the_human_who_passes_by_key_or_button():
    import pygame

    from tests.ui.helpers import click, key
    app = make_app(speed=1.0)
    match = Match("daotam", [Seat("normal"), Seat("human"), Seat("normal")], 5,
                  {"first": 0, "timers": False})
    table = DaoTamTable(app, match, fresh=True)
    app.stack.push(table)
    brain = registry.make_agent("daotam", "normal", 1, 1)
    answered = []
    for _ in range(20000):
        if match.is_over() or len(answered) >= 2:
            break
        app.stack.update(DT)
        st = match.state
        if st.phase == "turn" and st.turn == 1 and table.viewer_can_act:
            table.submit(brain.decide(match.view(1), match.legal_actions(1)))
        ow = match.open_window()
        if ow is None or 1 not in st.waiting or table.anim.busy:
            continue
        assert ow.ends_at is None
        for _ in range(int(5.0 / DT)):               # far past any timer: it still waits
            app.stack.update(DT)
        assert match.open_window() is ow and 1 in match.state.waiting
        assert table.pass_label(1) in strings_drawn(lambda: app.stack.draw(app.screen))
        n = len(match.log)
        if answered:
            click(table.pass_buttons[1].rect.center)
        else:
            key(pygame.K_s)                          # seat 1's pass key (A S D F G)
        for event in pygame.event.get():
            app.dispatch(event)
        for _ in range(5):
            app.stack.update(DT)
        assert match.open_window() is not ow, "the human's answer let the window close"
        assert (1, ("pass",)) in match.log[n:] or match.log[n][1][0] in ("challenge", "shout")
        answered.append(ow.window.id)
    assert len(answered) == 2
