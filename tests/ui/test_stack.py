"""SceneStack: top-down event offering, opaque/overlay drawing, lifecycle."""

import pygame

from scenes.core.stack import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, consume=False, opaque=True):
        super().__init__(app=None)
        self.name, self.log, self.consume, self.opaque = name, log, consume, opaque

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def handle(self, event):
        self.log.append(f"handle {self.name}")
        return self.consume

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def key_event():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)


def test_push_pop_calls_enter_and_exit():
    log, stack = [], SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    assert stack.pop() is b
    assert log == ["enter a", "enter b", "exit b"]


def test_events_offered_top_down_until_consumed():
    log, stack = [], SceneStack()
    stack.push(Probe("base", log, consume=True))
    stack.push(Probe("overlay", log, consume=False, opaque=False))
    log.clear()
    assert stack.handle(key_event()) is True
    assert log == ["handle overlay", "handle base"]
    log.clear()
    stack.push(Probe("modal", log, consume=True, opaque=False))
    log.clear()
    stack.handle(key_event())
    assert log == ["handle modal"]


def test_opaque_scene_blocks_input_to_scenes_below():
    log, stack = [], SceneStack()
    stack.push(Probe("table", log, consume=True))
    stack.push(Probe("handoff", log, consume=False, opaque=True))
    log.clear()
    assert stack.handle(key_event()) is False
    assert log == ["handle handoff"]


def test_draw_starts_at_topmost_opaque_scene():
    log, stack = [], SceneStack()
    stack.push(Probe("menu", log))
    stack.push(Probe("table", log))
    stack.push(Probe("dialog", log, opaque=False))
    log.clear()
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["draw table", "draw dialog"]


def test_replace_and_reset():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    stack.replace(Probe("c", log))
    assert [s.name for s in stack.scenes] == ["a", "c"]
    stack.reset(Probe("d", log))
    assert [s.name for s in stack.scenes] == ["d"]
    assert "exit a" in log and "exit c" in log


def test_only_the_top_scene_has_time():
    log, stack = [], SceneStack()
    stack.push(Probe("table", log))
    stack.push(Probe("pause", log, opaque=False))
    log.clear()
    stack.update(0.016)
    assert log == ["update pause"]


def test_an_overlay_that_lets_time_run_beneath_says_so():
    log, stack = [], SceneStack()
    stack.push(Probe("menu", log))
    stack.push(Probe("table", log))
    notice = Probe("notice", log, opaque=False)
    notice.time_runs_below = True
    stack.push(notice)
    log.clear()
    stack.update(0.016)
    assert log == ["update notice", "update table"]     # and no further: the table does not
