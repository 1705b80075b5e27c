"""Scenes by name: each screen is registered once here and pushed by its name.

A scene module never imports another scene module; it asks for one by name
(``nav.push(app, "setup", game=name)``, ``nav.reset(app, "menu", message=…)``).
Targets are ``"module:attribute"`` strings resolved on first use, so importing a scene
(or this module) imports no other screen and no table.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Scene = Any     # a scenes.core.stack.Scene; not imported, so nav sits below every scene

#: name → "module:factory" (a Scene class or a function returning a Scene; the factory
#: is called with the app first, then the arguments given to push/reset/replace).
SCENES: dict[str, str | Callable[..., Any]] = {
    "menu": "scenes.screens.menu:MenuScene",
    "setup": "scenes.screens.setup:SetupScene",
    "deal_again": "scenes.screens.setup:SetupScene.again",
    "settings": "scenes.screens.settings:SettingsScene",
    "rules": "scenes.screens.rules_viewer:RulesScene",
    "pause": "scenes.screens.pause:PauseScene",
    "results": "scenes.screens.results:ResultsScene",
    "handoff": "scenes.screens.handoff:HandoffScene",
    "confirm": "scenes.screens.confirm:ConfirmDialog",
    "table": "scenes.tables.registry:make_table",
    "join": "scenes.screens.join_panel:JoinPanel",
    "join_saved": "scenes.screens.join_panel:join_for",
    "replay": "scenes.screens.replay:ReplayScene",
    "stats": "scenes.screens.stats:StatsScene",
}


def resolve(target: str | Callable[..., Any]) -> Callable[..., Any]:
    """``"package.module:Name.attr"`` → the object (a callable is returned as it is)."""
    if callable(target):
        return target
    module, _, attrs = target.partition(":")
    if not module or not attrs:
        raise ValueError(f"a scene target reads 'module:name', got {target!r}")
    obj: Any = importlib.import_module(module)
    for attr in attrs.split("."):
        obj = getattr(obj, attr)
    return obj


def register(name: str, target: str | Callable[..., Any]) -> None:
    """Name a scene (or replace what a name opens)."""
    SCENES[name] = target


def make(app, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Build the scene registered as ``name`` without showing it."""
    try:
        target = SCENES[name]
    except KeyError:
        raise ValueError(f"no scene named {name!r}; known: {', '.join(SCENES)}") from None
    return resolve(target)(app, *args, **kwargs)


def push(app, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Show the scene ``name`` over the current one."""
    scene = make(app, name, *args, **kwargs)
    app.stack.push(scene)
    return scene


def reset(app, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Clear the stack and start again from the scene ``name``."""
    scene = make(app, name, *args, **kwargs)
    app.stack.reset(scene)
    return scene


def replace(app, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Swap the top scene for the scene ``name``."""
    scene = make(app, name, *args, **kwargs)
    app.stack.replace(scene)
    return scene
