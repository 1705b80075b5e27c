"""The snap race ruleset played through a kit-built table (tests/ui/snap_table.py) with
synthetic key presses on a fake clock: every frame is ``frame(app, dt)`` — the posted
events, then exactly ``dt`` of table time — so nothing depends on the machine's speed."""

from __future__ import annotations

import pygame
import pytest

from scenes.kit.bluff.buzzers import cap_place
from scenes.screens.pause import PauseScene
from scenes.tables.daotam.token import DAO_TAM, TA_NIEM
from tests.engine.snap_rules import SNAP_S
from tests.ui.helpers import post
from tests.ui.snap_table import frame, snap_table_app


def down(k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="")


def up(k: int) -> None:
    post(pygame.KEYUP, key=k, mod=0, unicode="")


def recording(table) -> list[tuple]:
    """Every press the table hands the Match, passed through."""
    got: list[tuple] = []
    real = table.match.press
    table.match.press = lambda seat, action, at: (got.append((seat, action, at)), real(seat, action, at))[1]
    return got


def open_window(app, table, dt: float = 1 / 60) -> None:
    """The seat to play presses Enter; frames run until the Match opens the window."""
    down(pygame.K_RETURN)
    for _ in range(60):
        frame(app, dt)
        if table.match.open_window() is not None:
            return
    raise AssertionError("no window opened")


def run_until_closed(app, table, dt: float = 0.05) -> None:
    for _ in range(200):
        if table.match.open_window() is None:
            return
        frame(app, dt)
    raise AssertionError("the window never closed")


def dropped(table) -> list[tuple[str, int]]:
    return [(why, p.seat) for why, p in table.match.desk.dropped]


def test_two_buzzers_in_one_frame_the_tie_break_decides():
    app, table = snap_table_app(3, speed=0.0)
    presses = recording(table)
    frame(app, 0.0)
    open_window(app, table)
    assert table.match.open_window().window.seats == (1, 2)     # tie-break: seat 1 first
    frame(app, 0.3)
    down(pygame.K_3)                 # seat 2's key comes first in the frame …
    down(pygame.K_2)                 # … seat 1's second: same frame, same time
    frame(app)
    assert [(s, a) for s, a, _ in presses] == [(2, ("snap",)), (1, ("snap",))]
    assert presses[0][2] == presses[1][2]
    assert table.match.log[-1] == (1, ("snap",))
    assert (2, ("snap",)) not in table.match.log
    assert ("late", 2) in dropped(table)


def test_a_false_start_locks_the_seat_out_of_the_next_window():
    app, table = snap_table_app(3, speed=0.0)
    frame(app, 0.0)
    down(pygame.K_3)                  # seat 2 snaps while no window is open
    up(pygame.K_3)
    frame(app, 0.1)
    open_window(app, table)           # seat 0 plays 0.1 s later: within the 1.0 s lockout
    assert 2 in table.match.open_window().locked
    frame(app, 0.2)
    down(pygame.K_3)                  # a fresh press, but locked out
    frame(app)
    run_until_closed(app, table)
    assert ("false start", 2) in dropped(table) and ("locked out", 2) in dropped(table)
    assert table.match.log[-2:] == [(1, ("pass",)), (2, ("pass",))]     # defaults at the deadline
    assert table.ticks == 2                                               # 2 s and 1 s left


def test_a_key_held_from_before_the_window_does_not_count():
    app, table = snap_table_app(3, speed=0.0)
    presses = recording(table)
    frame(app, 0.0)
    down(pygame.K_2)                  # seat 1 holds its key down (a false start) …
    frame(app)
    for _ in range(15):               # … for 1.5 s: past the lockout
        frame(app, 0.1)
    open_window(app, table)
    assert 1 not in table.match.open_window().locked
    down(pygame.K_2)                  # a key repeat while held: no KEYUP came, not fresh
    frame(app, 0.1)
    run_until_closed(app, table)
    assert [s for s, _, _ in presses] == [1]
    assert table.match.log[-2] == (1, ("pass",))
    up(pygame.K_2)                    # released, then pressed again in the next window
    frame(app, 0.1)
    open_window(app, table)           # seat 1 plays; seats 2 and 0 may snap
    down(pygame.K_1)
    frame(app)
    assert table.match.log[-1] == (0, ("snap",))


def ring_pixels(table, surface: pygame.Surface) -> bytes:
    table.draw(surface)
    u = table.app.u
    box = pygame.Rect(0, 0, round(20 * u), round(20 * u))
    box.center = (round(table.centre[0]), round(table.centre[1]))
    return pygame.image.tobytes(surface.subsurface(box), "RGB")


def test_a_pause_mid_window_freezes_the_ring():
    app, table = snap_table_app(3, speed=0.0)
    frame(app, 0.0)
    open_window(app, table)
    opened = table.match.open_window().opened_at
    for _ in range(10):
        frame(app, 0.1)
    left = table.match.open_window().remaining(table.clock)
    assert left == pytest.approx(SNAP_S - 1.0)
    canvas = pygame.Surface(app.size)
    before = ring_pixels(table, canvas)
    down(pygame.K_ESCAPE)
    frame(app, 0.1)
    assert isinstance(app.stack.top, PauseScene)
    clock = table.clock
    for _ in range(50):               # 5 s under the pause: longer than the window
        frame(app, 0.1)
    assert table.clock == clock and table.match.open_window() is not None
    assert table.match.open_window().remaining(table.clock) == left
    assert ring_pixels(table, canvas) == before
    down(pygame.K_2)                  # a buzzer under the pause presses nothing
    frame(app, 0.1)
    assert all(s != 1 for s, _ in table.match.log[1:])
    app.stack.remove(app.stack.top)
    frame(app, 0.1)
    assert ring_pixels(table, canvas) != before
    run_until_closed(app, table, 0.1)
    assert table.match.desk.previous.closed_at == pytest.approx(opened + SNAP_S)


def test_a_key_released_under_the_pause_is_up_afterwards():
    app, table = snap_table_app(3, speed=0.0)
    frame(app, 0.0)
    down(pygame.K_2)                  # seat 1 presses (a false start) and holds its key
    frame(app, 0.1)
    down(pygame.K_ESCAPE)
    frame(app, 0.1)
    assert isinstance(app.stack.top, PauseScene)
    up(pygame.K_2)                    # … and lets go while the pause menu is up
    frame(app, 0.1)
    app.stack.remove(app.stack.top)
    for _ in range(15):               # past the false start's lockout
        frame(app, 0.1)
    open_window(app, table)
    down(pygame.K_2)                  # a fresh press: it counts
    frame(app)
    assert table.match.log[-1] == (1, ("snap",))


def ivory_count(surface: pygame.Surface, rect: pygame.Rect) -> int:
    sub = surface.subsurface(rect)
    return sum(1 for x in range(0, rect.width, 2) for y in range(0, rect.height, 2)
               if (c := sub.get_at((x, y))).r > 200 and c.g > 190 and c.b > 160)


def amber_count(surface: pygame.Surface, rect: pygame.Rect) -> int:
    sub = surface.subsurface(rect)
    return sum(1 for x in range(0, rect.width, 2) for y in range(0, rect.height, 2)
               if (c := sub.get_at((x, y))).r > 180 and 120 < c.g < 200 and c.b < 80)


@pytest.mark.parametrize("n", [3, 5, 8, 13])
def test_ring_token_and_buzzers_rendered(n, tmp_path):
    app, table = snap_table_app(n, speed=1.0)
    frame(app, 0.0)
    open_window(app, table)
    for _ in range(6):
        frame(app, 0.05)
    u = app.u
    ring_box = pygame.Rect(0, 0, round(19 * u), round(19 * u))
    ring_box.center = (round(table.centre[0]), round(table.centre[1]))
    card = pygame.Rect(0, 0, round(9.5 * u), round(13 * u))
    card.center = ring_box.center
    early = app.screen.copy()
    pygame.image.save(early, str(tmp_path / f"snap_{n}_window_early.png"))
    for _ in range(38):                          # 1.9 s later: under a second left
        frame(app, 0.05)
    late = app.screen.copy()
    pygame.image.save(late, str(tmp_path / f"snap_{n}_window_late.png"))

    def arc(img: pygame.Surface) -> int:      # the ring's ivory or amber, not the card's paper
        return ivory_count(img, ring_box) - ivory_count(img, card) + amber_count(img, ring_box)
    assert arc(early) > 2 * arc(late) > 0      # 90 % of the window left, then 27 %
    assert amber_count(early, ring_box) == 0 and amber_count(late, ring_box) > 0
    # every human seat shows its buzzer cap, eligible ones ringed
    bg = early.get_at((5, app.size[1] - 5))
    for seat in range(n):
        (cx, cy), r = cap_place(table.spots[seat], table.centre)
        assert early.get_at((cx, cy - r // 2)) != bg, seat
    # a buzzer closes the window: the ring stops with a burst, the token flips
    seat = table.match.open_window().window.seats[0]
    rest_face = table.tokens[seat].face
    post(pygame.MOUSEBUTTONDOWN, pos=cap_place(table.spots[seat], table.centre)[0], button=1)
    frame(app)
    assert table.match.log[-1] == (seat, ("snap",))
    assert table.ring.burst_p < 1 and table.ring.reading(table.match, table.clock).stopped
    pygame.image.save(app.screen, str(tmp_path / f"snap_{n}_burst.png"))
    token = table.tokens[seat]
    for _ in range(60):
        frame(app, 1 / 60)
        if token.scale_x < 0.5 and token.face == rest_face:
            break
    assert token.flipping and token.scale_x < 0.5
    pygame.image.save(app.screen, str(tmp_path / f"snap_{n}_midflip.png"))
    for _ in range(40):
        frame(app, 1 / 60)
    assert not token.flipping and token.face == (TA_NIEM if rest_face == DAO_TAM else DAO_TAM)
    pygame.image.save(app.screen, str(tmp_path / f"snap_{n}_after.png"))
