"""Scene and SceneStack: events go top-down until consumed; draw walks down to the
first opaque scene and paints upward from there; time passes only for the top scene
(and for the scenes an overlay explicitly lets run beneath it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import layout_check

if TYPE_CHECKING:
    from scenes.core.app import App


class Scene:
    """A screen or overlay. ``draw`` must not change state."""

    opaque = True
    #: An overlay that lets the scene beneath it keep its clock running (a passing notice)
    #: says so here. By default a covered scene is frozen: no AI move, no deadline, no
    #: animation advances under a pause menu, the rules, settings or a handoff screen.
    time_runs_below = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: drop anything rasterised for the old size."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True if the event was consumed."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        return scene

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        self.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start again from one scene."""
        while self.scenes:
            self.pop()
        self.push(scene)

    def handle(self, event: pygame.event.Event) -> bool:
        for scene in reversed(list(self.scenes)):
            if scene.handle(event):
                return True
            if scene.opaque:
                break   # scenes under an opaque one do not receive input
        return False

    def running(self) -> list[Scene]:
        """The scenes whose time passes this frame: the top one, and below it only as far
        as each overlay says ``time_runs_below``."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.time_runs_below:
                break
        return out

    def update(self, dt: float) -> None:
        for scene in self.running():
            if scene in self.scenes:    # an update above may have removed it
                scene.update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for i, scene in enumerate(self.visible()):
            if i:                       # an overlay: what it covers is not checked for overlaps
                layout_check.overlay(surface)
            scene.draw(surface)
