"""Random clicks and keys on a Mascarade table with two humans (handoffs confirmed):
no exception, the scenes never pile up, and the game moves on."""

from __future__ import annotations

import random

import pygame

from scenes.screens.handoff import HandoffScene
from scenes.screens.results import ResultsScene
from tests.ui.helpers import click, key
from tests.ui.mascarade_drive import frame, mascarade_app

KEYS = [pygame.K_p, pygame.K_a, pygame.K_e, pygame.K_n, pygame.K_c, pygame.K_x, pygame.K_l,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_3,
        pygame.K_SPACE, pygame.K_F1]


def test_random_input_on_a_two_human_table():
    rng = random.Random(5)
    app, match, table = mascarade_app(["human", "normal", "human", "easy", "normal"], seed=9)
    acted = 0
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffScene):
            key(pygame.K_RETURN)
        elif top is not table:
            key(pygame.K_ESCAPE)          # close the rules or the pause menu
        elif rng.random() < 0.5:
            if table.pos_rects and rng.random() < 0.6:
                click(rng.choice(table.pos_rects).center)
            elif table.choice_buttons:
                click(rng.choice(table.choice_buttons).rect.center)
            else:
                click((rng.randrange(1280), rng.randrange(720)))
        else:
            key(rng.choice(KEYS))
        n = len(match.log)
        frame(app)
        acted += len(match.log) > n
        assert len(app.stack.scenes) <= 4
    assert acted > 20
