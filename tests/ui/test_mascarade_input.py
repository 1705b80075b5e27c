"""Mascarade table input: refused actions say why, the log toggles, a single human acts
without any handoff, a claim answer is public (no handoff), and the table lays out every
count 2–13 with all cards inside the window and no two cards overlapping."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match, Seat
from scenes.core.i18n import t
from scenes.screens.handoff import HandoffScene
from scenes.tables.mascarade import MascaradeTable
from tests.ui.helpers import key, make_app
from tests.ui.mascarade_drive import frame, mascarade_app


def _to_my_turn(app, table, seat: int = 0) -> None:
    for _ in range(600):
        frame(app)
        if table.controls.actor() == seat and table.match.view(None).phase == "turn":
            return
    raise AssertionError("never my turn")


def test_refused_actions_say_why_and_the_log_toggles():
    app, match, table = mascarade_app(["human", "normal", "normal", "normal"], seed=2)
    _to_my_turn(app, table)
    assert match.view(None).forced
    key(pygame.K_p)                      # peeking on a forced swap turn
    frame(app)
    assert table.toast.message == t("err.mascarade.swap_only_start", turn=5) and table.secret is None
    own = match.view(None).hands[0][0]
    table.controls.pick_card(own)                 # a swap needs another card
    assert table.toast.message == t("mascarade.err_self") and table.secret is None
    n = len(match.log)
    key(pygame.K_l)
    frame(app)
    assert table.show_log and len(match.log) == n
    key(pygame.K_l)
    frame(app)
    assert not table.show_log


def test_one_human_swaps_without_a_handoff():
    app, match, table = mascarade_app(["human", "normal", "normal", "normal"], seed=2)
    _to_my_turn(app, table)
    table.controls.pick_card(match.view(None).hands[1][0])
    key(pygame.K_e)
    frame(app)
    assert match.log[-1][0] == 0 and match.log[-1][1][0] == "swap" and match.log[-1][1][3] == 1
    assert not any(isinstance(s, HandoffScene) for s in app.stack.scenes)


@pytest.mark.parametrize("n", range(2, 14))
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_count_fits(n, size):
    app = make_app(size=size)
    match = Match("mascarade", [Seat("human")] + [Seat("normal")] * (n - 1), 1, {})
    table = MascaradeTable(app, match)
    screen = pygame.Rect((0, 0), size)
    rects = table.pos_rects
    assert all(screen.contains(r) for r in rects)
    assert not any(rects[i].colliderect(rects[j]) for i in range(len(rects))
                   for j in range(i + 1, len(rects)))
    plates = [pygame.Rect(s.plate) for s in table.spots]
    assert not any(r.colliderect(p) for r in rects for p in plates)
    table.draw(app.screen)


def test_a_swap_with_the_keyboard_only():
    app, match, table = mascarade_app(["human", "normal", "normal", "normal"], seed=2)
    _to_my_turn(app, table)
    target = match.view(None).hands[2][0]
    for _ in range(target + 1):          # Right from no focus: position 0, 1, …
        key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    frame(app)
    assert table.focus == target and table.secret == ("swap", 0, 0, target)
    key(pygame.K_n)
    frame(app)
    assert match.log[-1] == (0, ("swap", 0, target, 0)) and table.secret is None
