"""Mascarade's swap-only turns on the real table (issue 15): while the engine allows only a
swap (the game's first turns, or the turn after one's card was revealed), Peek and
Announce are drawn greyed out, a click or key on them shows the engine's reason in the
player's language, and the prompt offers only the swap. Once the engine allows them again
the buttons are live and the prompt offers all three."""

from __future__ import annotations

import pygame
import pytest

from game.core import IllegalAction
from scenes.core.i18n import t
from scenes.tables.mascarade.cards import GOLD, character_name
from tests.ui.helpers import click, key, strings_drawn
from tests.ui.mascarade_drive import frame, mascarade_app


def _to_my_turn(app, table, forced: bool) -> None:
    """Frames until the human (seat 0) must choose a turn action; with ``forced``, one of
    the game's swap-only turns, else a free turn (swapping, not exchanging, and passing on
    claims meanwhile)."""
    for _ in range(3000):
        frame(app)
        v = table.match.view(None)
        if table.controls.actor() == 0 and v.phase == "claim":
            key(pygame.K_x)                             # another seat's announcement: pass
        if table.controls.actor() == 0 and v.phase == "turn":
            if v.forced == forced:
                return
            others = [p for p, o in enumerate(v.owner) if o != 0]
            table.controls.pick_card(others[0])
            key(pygame.K_n)
    raise AssertionError("never that kind of turn")


def _buttons(table) -> dict[str, object]:
    table.controls.layout_choices()
    cmds = [cmd for _, cmd in table.controls.choices()]
    return {cmd[0]: b for b, cmd in zip(table.choice_buttons, cmds, strict=True)}


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_swap_only_turns_grey_out_peek_and_announce(lang):
    app, match, table = mascarade_app(["human", "normal", "normal", "normal"], seed=2, lang=lang)
    _to_my_turn(app, table, forced=True)
    v = match.view(None)
    assert v.turn_no <= 4
    legal = {a[0] for a in match.legal_actions(0)}
    assert legal == {"swap"}                            # the engine's word for it
    buttons = _buttons(table)
    peek, announce = buttons["ask_peek"], buttons["ask_announce"]
    assert not peek.enabled and not announce.enabled
    app.stack.draw(app.screen)
    # drawn greyed: the Peek button (primary) is not painted in the live gold
    inner = peek.rect.inflate(-4, -4)
    assert app.screen.get_at((inner.left + 1, inner.centery))[:3] != GOLD
    prompt = table.painter.prompt_text()
    assert prompt == t("mascarade.prompt_turn_swap", seat=table.seat_name(0))
    assert t("mascarade.prompt_turn", seat=table.seat_name(0)) not in strings_drawn(
        lambda: app.stack.draw(app.screen))

    reason = t("err.mascarade.swap_only_start", turn=5)
    assert "§" not in reason and reason != "err.mascarade.swap_only_start"
    n = len(match.log)
    for gesture in (lambda: click(peek.rect.center), lambda: click(announce.rect.center),
                    lambda: key(pygame.K_p), lambda: key(pygame.K_a)):
        table.toast.message = ""
        gesture()
        frame(app)
        assert table.toast.message == reason
        assert table.secret is None and not table.chooser and len(match.log) == n
    assert table.controls.actor() == 0 and match.view(None).turn_no == v.turn_no


def test_free_turns_offer_peek_and_announce():
    app, match, table = mascarade_app(["human", "normal", "normal", "normal"], seed=2)
    _to_my_turn(app, table, forced=False)
    assert {"peek", "announce"} <= {a[0] for a in match.legal_actions(0)}
    buttons = _buttons(table)
    assert buttons["ask_peek"].enabled and buttons["ask_announce"].enabled
    assert table.painter.prompt_text() == t("mascarade.prompt_turn", seat=table.seat_name(0))
    click(buttons["ask_announce"].rect.center)
    frame(app)
    assert table.chooser


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_refusal_naming_a_character_says_its_name(lang):
    app, match, table = mascarade_app(["human", "normal", "normal", "normal"], lang=lang)
    v = match.view(None)
    missing = next(c for c in range(12) if c not in v.charset)
    err = IllegalAction("-", "mascarade.not_in_set", char=missing)      # the engine's key
    assert table.feedback.explain(err) == t("err.mascarade.not_in_set", char=character_name(missing))
    assert character_name(missing) in table.feedback.explain(err)
