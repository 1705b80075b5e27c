"""The seeded UI monkey (tools/monkey.py) in the suite: from the menu and from each table
(all four games, at the seat counts each allows) with one and with two humans, a few thousand random mouse, key and resize events through
the real app, with frames between them — zero exceptions, and never more than
``MAX_SCENES`` scenes stacked (a handoff screen pushed every frame is a lock-up).

On failure the message gives the seed, the event index, the traceback, the last 20 events
and the command that replays it (``python -m tools.monkey ... --shrink`` shrinks it)."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.stack import Scene
from scenes.screens.menu import MenuScene
from tools.monkey import MAX_SCENES, Monkey, replay

SEED = 20261201
EVENTS = 2000
COMBOS = [("menu", 1), ("ganjifa", 1), ("ganjifa", 2), ("kowah", 1), ("kowah", 2),
          ("daotam", 1), ("daotam", 2), ("mascarade", 1), ("mascarade", 2)]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Saves and settings the monkey makes stay in a temporary folder."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "monkey-home"))


@pytest.mark.parametrize(("scene", "humans"), COMBOS, ids=[f"{s}-{h}human" for s, h in COMBOS])
def test_monkey_finds_no_crash_and_no_pile_up(scene, humans, home):
    monkey = Monkey(scene, humans, seed=SEED)
    monkey.run(EVENTS, max_frames=5 * EVENTS)
    report = "\n\n".join([monkey.summary(), *(monkey.details(f) for f in monkey.failures.values())])
    if monkey.failures:
        pytest.fail(report, pytrace=False)
    assert monkey.events >= EVENTS, report
    assert monkey.frames >= EVENTS // 4, report     # time ran between the events


class _Trap(Scene):
    """A scene that raises on F1 and stacks itself on a click: what the monkey must report."""

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            raise RuntimeError("planted")
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.app.stack.push(_Trap(self.app))
            return True
        return False


def test_monkey_reports_a_planted_crash_and_a_pile_up_and_replays_them(home, monkeypatch):
    monkeypatch.setattr(MenuScene, "enter", lambda self: self.app.stack.push(_Trap(self.app)))
    monkey = Monkey("menu", seed=3)
    monkey.run(300)
    kinds = {f.kind: f for f in monkey.failures.values()}
    assert set(kinds) == {"RuntimeError", "LockUp"}, monkey.summary()
    crash = kinds["RuntimeError"]
    assert crash.where.startswith("tests/ui/test_monkey.py:"), crash.where
    assert "planted" in crash.trace and crash.event_index > 0 and len(crash.recent) == 20
    assert "_Trap piles up" in kinds["LockUp"].where
    assert f"(limit {MAX_SCENES})" in kinds["LockUp"].message
    # the recorded script replays to the same failure on a fresh app
    again = replay(crash.start, crash.script, seed=3)
    assert again is not None and again.key == crash.key


def test_a_seed_replays_the_same_run(home):
    runs = []
    for _ in range(2):
        monkey = Monkey("kowah", 1, seed=11)
        monkey.run(250)
        runs.append((monkey.events, monkey.frames, monkey.restarts, dict(monkey.seen),
                     sorted(monkey.failures)))
    assert runs[0] == runs[1]
