"""Frame costs of the Ganjifa table, counted in work rather than timed (no timing asserts):
a step of the hand's card size paints no face in the frame that draws it (stand-ins
scaled from a painted size, the real faces queued first and swapped in), the warm-up paints
the next step's size first and only in a frame's spare time, after the drawing, and the
direction arrows are blitted at their own size, not the window's."""

from __future__ import annotations

import pygame

from scenes.art.ganjifa_cards import GanjifaArt
from scenes.core.stack import Scene
from scenes.kit.card_art import WarmQueue
from scenes.tables.base import direction_layer
from scenes.tables.ganjifa.hand import hand_layout
from tests.ui.test_ganjifa_hand import open_table, settle

SIZE = (1920, 1080)


def _counting_renders(monkeypatch) -> list[tuple[int, int]]:
    painted: list[tuple[int, int]] = []
    real = GanjifaArt._render_face

    def render(self, card, diameter, mark):
        painted.append((card, diameter))
        return real(self, card, diameter, mark)
    monkeypatch.setattr(GanjifaArt, "_render_face", render)
    return painted


def _step_the_row(table) -> int:
    """Take cards out of the viewer's hand until the row's card size steps; the new size."""
    before = table.hand_d
    while table.hand_d == before:
        table.hand = table.hand[:-1]
        table.geometry._layout_hand()
    return table.hand_d


def test_a_size_step_of_the_hand_paints_no_face_in_its_frame(monkeypatch):
    app, table = open_table(seed=3, size=SIZE)
    settle(app, table)
    assert table.confirmed_viewer and len(table.hand) > 20
    table.warm_queue.reset()                # nothing painted ahead: the worst case
    d = _step_the_row(table)
    assert not {(c, d) for c, dd, _m in table.art._faces if dd == d}, "no face painted at the new size"
    painted = _counting_renders(monkeypatch)
    app.stack.draw(app.screen)
    assert painted == [], f"{len(painted)} faces painted in the frame the row stepped"
    stand_ins = {c for c, dd, _soft in table._hand_stand_ins if dd == d}
    assert stand_ins == set(table.hand), "every card of the row drawn as a stand-in"
    while table.warm_queue.urgent:          # the real faces come first in the warm-up
        table.warm_queue.run_one()
    assert {c for c, dd, _m in table.art._faces if dd == d} >= set(table.hand)
    app.stack.draw(app.screen)
    assert table._hand_stand_ins == [], "the row is painted again with the real faces"
    shown = app.screen.copy()
    table.hand_layer.clear()
    app.stack.draw(app.screen)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(app.screen, "RGB")


def test_the_next_size_of_the_row_is_painted_ahead_first(monkeypatch):
    app, table = open_table(seed=3, size=SIZE)
    settle(app, table)
    hand = table.geometry._sorted_hand()
    per = table.deck.per_suit

    def next_sizes(hand: list[int]) -> set[int]:
        """The sizes the row can take once any one card has left it."""
        now = hand_layout(hand, per, app.size, app.u).d
        return {hand_layout(hand[:i] + hand[i + 1:], per, app.size, app.u).d for i in range(len(hand))} - {now}
    while not next_sizes(hand):     # two rows keep one size: down to where the hand steps
        hand = hand[:-1]
    assert len(hand) > 1
    table.hand = hand
    table.geometry._layout_hand()
    n = len(hand)
    nxt = next_sizes(hand)
    table.warm_queue.reset()
    table.card_paint._prewarmed = set()
    table.card_paint._prewarm_hand()
    painted = _counting_renders(monkeypatch)
    for _ in range(n * len(nxt)):
        table.warm_queue.run_one()
    sizes = {d for _c, d in painted}
    assert sizes == nxt, f"the first jobs paint sizes {sorted(sizes)}, not the next step's {sorted(nxt)}"
    assert {c for c, _d in painted} == set(hand)


def test_the_warm_up_runs_after_the_drawing_in_the_frames_spare_time():
    app, table = open_table(seed=3, size=SIZE)
    order: list[str] = []

    class Probe(Scene):
        def draw(self, surface):
            order.append("draw")

        def spare_time(self, started):
            order.append("spare")
    app.stack.push(Probe(app))
    app.step()
    assert order == ["draw", "spare"]


def test_the_warm_queue_keeps_to_the_frames_budget():
    now = [0.0]
    q = WarmQueue()
    done: list[str] = []

    def job(name: str, cost: float):
        def run():
            now[0] += cost
            done.append(name)
        return run
    q.reset([job("b", 0.002), job("a", 0.002)])
    q.add_first([job("urgent", 0.002)])
    q.cost = 0.002
    clock = lambda: now[0]  # noqa: E731
    assert q.run_in_frame(0.0, 0.005, clock=clock) == 2 and done == ["urgent", "a"], \
        "urgent first, then as many as fit: a third would end the frame past its budget"
    now[0] = 0.0
    for frame in range(5):                  # a frame already over its budget: nothing ...
        assert q.run_in_frame(-0.008, 0.005, patience=6, clock=clock) == 0, frame
    assert q.run_in_frame(-0.008, 0.005, patience=6, clock=clock) == 1 and done[-1] == "b", \
        "... until the sixth such frame in a row, which gets one job if it keeps the frame short"
    q.add([job("c", 0.002)])
    for frame in range(23):                 # frames too long for even one more job (15 ms) ...
        assert q.run_in_frame(-0.015, 0.005, patience=6, clock=clock) == 0, frame
    assert q.run_in_frame(-0.015, 0.005, patience=6, clock=clock) == 1 and done[-1] == "c", \
        "... wait longer, but the 24th gets one job: the warm-up never stops"


def test_the_direction_arrows_are_blitted_at_their_own_size():
    app, table = open_table(seed=3, size=SIZE)
    surface = pygame.Surface(SIZE)
    surface.fill((40, 30, 20))
    full = surface.copy()
    centre, radius = table.centre_pt, 15 * app.u
    full.blit(direction_layer(SIZE, centre, radius, table.direction, app.u), (0, 0))
    table.plates.draw_direction(surface, centre, radius)
    w, h = table.plates._dir_layer.get_size()
    assert w * h < SIZE[0] * SIZE[1] / 8, "not a window-sized alpha blit each frame"
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(full, "RGB")
