"""A swap-or-not looks the same whether the cards were exchanged or not: the same public
events, and the same pixels on every frame of its animation."""

from __future__ import annotations

import pygame

from game.match import Match, Seat
from scenes.tables.mascarade import MascaradeTable
from tests.ui.helpers import click, key, make_app
from tests.ui.mascarade_drive import frame

SEATS = ["human", "normal", "easy", "normal", "hard", "normal"]


def _run(bit: int) -> tuple[list, list[bytes], MascaradeTable]:
    app = make_app(speed=0.0)
    app.settings.anim_speed = 1.0
    match = Match("mascarade", [Seat(k) for k in SEATS], 7,
                  {"first_player": "fixed_seat", "first_seat": 0})
    table = MascaradeTable(app, match, fresh=True)
    app.stack.push(table)
    for _ in range(400):
        frame(app)
        if table.controls.actor() == 0:
            break
    assert table.controls.actor() == 0
    click(table.pos_rects[3].center)     # seat 3's card, then the covered choice
    frame(app)
    assert table.secret == ("swap", 0, 0, 3)
    key(pygame.K_e if bit else pygame.K_n)
    frames = []
    for _ in range(150):                 # the swap, and the next turns of the AIs
        frame(app)
        frames.append(pygame.image.tobytes(app.screen, "RGB"))
    public = [(e.kind, e.seat, e.data) for e in match.events if e.to is None]
    return public, frames, table


def test_exchanged_or_not_the_swap_shows_the_same_events_and_frames():
    ev1, frames1, t1 = _run(1)
    ev0, frames0, t0 = _run(0)
    assert t1.match.state.cards != t0.match.state.cards     # the truth differs…
    assert any(e[0] == "swap" and e[1] == 0 for e in ev1)
    assert ev1 == ev0                                       # …the public record does not
    assert len(frames1) == len(frames0)
    same = [a == b for a, b in zip(frames1, frames0, strict=True)]
    assert all(same), f"frame {same.index(False)} differs"
    assert len(set(frames1[:20])) > 5                       # the cards really moved
