"""The table's guidance never contradicts itself: a "not your turn yet" toast (a move or a
hint asked for out of turn) is gone by the frame the turn line says "Your turn", and is
never raised while it is the viewer's turn; a refused move's reason goes once the
decision is made. Frames are driven with a fixed step, agents decide in this process."""

from __future__ import annotations

import pygame
import pytest

from game.autoplay import play_with_agents
from game.match import Match, Seat
from scenes.core.i18n import t
from tests.ui.helpers import make_app, strings_drawn

DT = 1 / 30


def table_at_own_turn(game: str, lang: str, seed: int):
    """A table at the human's (seat 0) first decision, AIs at human pace, cards in motion."""
    from scenes.tables.registry import make_table
    app = make_app(lang=lang, speed=1.0)
    match = Match(game, [Seat("human"), Seat("random"), Seat("random")], seed,
                  {"time": "day"} if game == "ganjifa" else {})
    assert play_with_agents(match, lambda m: m.active_seats() == (0,) and len(m.log) > 0)
    table = make_table(app, match, fresh=False)
    app.stack.push(table)
    return app, table


def frame(app) -> list[str]:
    """One frame of DT seconds: update and draw; the strings it drew."""
    app.stack.update(DT)
    return strings_drawn(lambda: app.stack.draw(app.screen))


def press(app, k: int) -> None:
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


KOWAH_PROMPTS = ("prompt_first", "prompt_take", "prompt_discard", "prompt_last",
                 "prompt_declared_draw", "prompt_declared_discard")


def contradiction(texts: list[str]) -> bool:
    """A "not your turn" line and a "your turn" line (the banner, Ganjifa's turn line, a
    Kowah prompt telling the viewer what to do now) drawn in one frame."""
    wait = {t("table.not_your_turn"), t("hints.not_now"), t("err.not_your_turn")}
    mine = {t(f"kowah.{k}") for k in KOWAH_PROMPTS}
    return (any(s in wait for s in texts)
            and any(s.startswith(t("table.your_turn")) or s in mine for s in texts))


def play_own_move(app, table) -> None:
    """The viewer's move, made through the keys (a legal one)."""
    match = table.match
    n = len(match.log)
    if table.match.game == "ganjifa":
        press(app, pygame.K_DOWN)           # the first playable card
        press(app, pygame.K_RETURN)
        if len(match.log) == n and table.phase() == "give":
            for _ in range(table.controls.give_needed()):
                press(app, pygame.K_DOWN)
                press(app, pygame.K_SPACE)
            press(app, pygame.K_RETURN)
    else:
        while match.active_seats() == (table.viewer,):
            for _ in range(200):
                if table.viewer_can_act:
                    break
                frame(app)
            action = match.legal_actions(table.viewer)[0]
            before = len(match.log)
            table.controls._act(action)
            assert len(match.log) > before, action
    assert len(match.log) > n


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_not_your_turn_is_gone_when_the_turn_comes(game, lang):
    app, table = table_at_own_turn(game, lang, seed=11)
    acts = [pygame.K_RETURN if game == "ganjifa" else pygame.K_s, pygame.K_h]
    raised = turns = 0
    for _ in range(3):                  # three of the viewer's turns
        for _ in range(10):
            frame(app)
        play_own_move(app, table)
        waited = False
        for i in range(2000):
            if table.viewer_can_act and waited:
                break
            if not table.viewer_can_act:
                waited = True
                press(app, acts[i % 2])     # hammering the keys out of turn
            texts = frame(app)
            raised += t("table.not_your_turn") in texts or t("hints.not_now") in texts
            assert not contradiction(texts), texts
        else:
            raise AssertionError("the turn never came back")
        for _ in range(int(3 / DT)):    # the turn line's first seconds
            texts = frame(app)
            assert not contradiction(texts), texts
        turns += 1
        if table.match.is_over():
            break
    assert raised, "a move out of turn was never answered"
    assert turns >= 2


@pytest.mark.parametrize("game", ["ganjifa", "kowah"])
def test_not_your_turn_is_never_raised_on_the_viewers_turn(game):
    app, table = table_at_own_turn(game, "en", seed=11)
    frame(app)
    assert table.feedback.viewers_turn()
    assert not table.feedback.say_not_your_turn()
    table.assists.ask()             # a hint asked for now is a hint, not "wait for your turn"
    assert table.toast.left == 0 or table.toast.message != t("hints.not_now")
    assert t("table.not_your_turn") not in frame(app)


def test_a_refused_moves_reason_goes_with_the_decision():
    """Ganjifa: "You must follow …" does not outlive the move that answers it into the
    next turn, where another suit may be led."""
    for seed in range(1, 40):
        app, table = table_at_own_turn("ganjifa", "en", seed)
        legal = table.controls.legal_cards()
        wrong = [c for c in table.hand if c not in legal]
        if table.phase() == "follow" and wrong:
            break
    else:
        raise AssertionError("no follow decision with a card that may not be played")
    frame(app)
    table.controls._try_play(wrong[0])
    reason = table.toast.message
    assert reason and table.toast.left > 0 and reason in frame(app)
    assert table.controls._try_play(sorted(legal)[0])
    assert reason not in frame(app)


def test_a_toast_that_no_longer_holds_is_not_drawn():
    from scenes.widgets.toast import Toast
    surface = pygame.Surface((400, 200))
    state = {"waiting": True}
    toast = Toast()
    assert toast.show("not yet", lambda: state["waiting"])
    toast.update(0.1)
    assert toast.left > 0 and "not yet" in strings_drawn(lambda: toast.draw(surface, (200, 100), 4.0))
    state["waiting"] = False        # the turn came: gone in this very frame, without an update
    assert "not yet" not in strings_drawn(lambda: toast.draw(surface, (200, 100), 4.0))
    assert toast.left == 0
    assert not toast.show("not yet", lambda: state["waiting"]) and toast.left == 0
    assert toast.show("plain") and toast.left == Toast.DURATION      # no condition: it just lasts
