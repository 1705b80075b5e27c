"""A key and a click on a secret prompt in one frame, at a table where the next seat is a
human too: the key acts and closes the prompt; the click on the old prompt's button (the
buttons are laid out again only at the next frame) must do nothing — not act as the next
human, not crash. The UI monkey found this as a TypeError in ``choose`` (2 humans)."""

from __future__ import annotations

import pygame

from scenes.screens.handoff import HandoffScene
from tests.ui.helpers import click, key
from tests.ui.mascarade_drive import frame, mascarade_app


def test_a_key_then_a_click_on_the_swap_prompt_acts_once():
    app, match, table = mascarade_app(["human", "human"], seed=28141)
    for _ in range(200):
        if isinstance(app.stack.top, HandoffScene):
            key(pygame.K_RETURN)
        frame(app)
        if app.stack.top is table and table.controls.actor() is not None and match.view(None).phase == "turn":
            break
    seat = table.controls.actor()
    other = next(p for p in range(len(table.pos_rects)) if p != table.controls.own_pos(seat))
    table.controls.pick_card(other)
    frame(app)
    for _ in range(10):                  # the secret decision is behind a handoff
        if isinstance(app.stack.top, HandoffScene):
            key(pygame.K_RETURN)
        frame(app)
    assert table.secret is not None and table.secret[0] == "swap"
    bits = list(table.choice_buttons)
    n = len(match.log)
    key(pygame.K_n)                  # "no exchange" by key closes the prompt…
    click(bits[-1].rect.center)      # …and a click on the old prompt's button follows
    frame(app)
    assert len(match.log) == n + 1 and match.log[-1][0] == seat and match.log[-1][1][0] == "swap"
