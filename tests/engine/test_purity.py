"""The rules engine (everything under game/) and the phone server (party/) never import
pygame.

Checked twice: statically on the source (ast), and by importing every game module in a
fresh interpreter and looking at sys.modules.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PURE = ("game", "party")     # the engine, and the phone server beside the pygame loop
FORBIDDEN = ("pygame",)


def _forbidden(name: str | None) -> bool:
    return bool(name) and name.split(".")[0] in FORBIDDEN


def pygame_imports(source: str, filename: str = "<src>") -> list[str]:
    """Every way ``source`` pulls in pygame: import statements and dynamic imports."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names
                      if _forbidden(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and _forbidden(node.module):
                found.append(f"line {node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                        and _forbidden(arg.value):
                    found.append(f"line {node.lineno}: {name}({arg.value!r})")
    return found


def test_the_checker_catches_every_form():
    for src in ("import pygame", "import os, pygame.display as d", "from pygame import Rect",
                "from pygame.locals import *", "def f():\n    import pygame\n",
                "import importlib\nimportlib.import_module('pygame')", "__import__('pygame')"):
        assert pygame_imports(src), src
    for src in ("import os", "from . import pygame_free", "x = 'pygame'", "import pygame_ce_x"):
        assert not pygame_imports(src), src


def game_sources(package: str = "game") -> list[Path]:
    return sorted(p for p in (ROOT / package).rglob("*.py") if "__pycache__" not in p.parts)


def test_no_game_or_party_source_imports_pygame():
    files = game_sources() + game_sources("party")
    names = {p.relative_to(ROOT).as_posix() for p in files}
    assert {"game/core.py", "game/match.py", "game/ganjifa/rules.py",
            "game/ganjifa/ai.py", "party/room.py", "party/clock.py"} <= names
    bad = {}
    for path in files:
        hits = pygame_imports(path.read_text(encoding="utf-8"), str(path))
        if hits:
            bad[path.relative_to(ROOT).as_posix()] = hits
    assert not bad, f"game/ and party/ must stay pure, but: {bad}"


PROBE = """
import importlib, json, pkgutil, sys
import game, party
failed = []
names = [m.name for pkg in (game, party)
         for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".",
                                        onerror=lambda n: failed.append(n))]
for name in names:
    try:
        importlib.import_module(name)
    except Exception as err:
        failed.append(f"{name}: {err!r}")
print(json.dumps({"modules": names, "failed": failed,
                  "pygame": sorted(k for k in sys.modules if k.split(".")[0] == "pygame")}))
"""


def test_importing_every_game_and_party_module_leaves_pygame_unloaded():
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    expected = {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
                for p in game_sources() + game_sources("party")}
    expected = {m[: -len(".__init__")] if m.endswith(".__init__") else m for m in expected}
    expected -= set(PURE)
    assert expected <= set(report["modules"]), expected - set(report["modules"])
    assert report["failed"] == []
    assert report["pygame"] == [], f"pygame was loaded by game/ or party/: {report['pygame']}"


def test_the_probe_would_see_pygame():
    """The subprocess probe is not blind: importing pygame there is noticed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    probe = "import pygame\n" + PROBE
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120, check=True)
    assert "pygame" in json.loads(out.stdout.strip().splitlines()[-1])["pygame"]
