"""Scenes by name (scenes.core.nav): no screen imports another, the menu imports no table,
and a game the engine knows but no table draws stays off the menu."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.registry import GameInfo
from scenes.core import nav
from scenes.tables import registry as tables
from tests.ui.helpers import make_app

ROOT = Path(__file__).resolve().parents[2]
SCENES_DIR = ROOT / "scenes"


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def _target_module(target) -> str:
    return target.partition(":")[0] if isinstance(target, str) else target.__module__


def screen_modules() -> set[str]:
    """The modules that hold a registered screen or table."""
    out = {_target_module(t) for t in nav.SCENES.values()}
    out |= {_target_module(t.table) for t in tables.TABLES.values()}
    out.discard("scenes.tables.registry")      # the "table" name: a factory, not a screen
    return out


def _without_type_checking(tree: ast.Module) -> ast.Module:
    """``if TYPE_CHECKING:`` imports are for the type checker only: not counted."""
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                setattr(node, field, [b for b in block if not (
                    isinstance(b, ast.If) and "TYPE_CHECKING" in ast.unparse(b.test))])
    return tree


def imports(path: Path, top_level: bool) -> set[str]:
    """Every module ``path`` imports (with ``from a import b``, both a and a.b)."""
    tree = _without_type_checking(ast.parse(path.read_text(encoding="utf-8")))
    nodes = tree.body if top_level else list(ast.walk(tree))
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_no_screen_module_imports_another_screen_anywhere():
    """menu, setup, pause, results… and boot, session: other screens only through nav,
    even inside a function. (Drivers from outside, such as the UI monkey, may reach in.)"""
    screens = screen_modules()
    bad = []
    for path in sorted(SCENES_DIR.glob("*.py")):
        me = module_name(path)
        if me not in screens | {"scenes.core.boot", "scenes.core.session"}:
            continue
        for target in imports(path, top_level=False):
            if target in screens and target != me:
                bad.append(f"{me} imports {target}")
    assert not bad, bad


# The Kowah table reads ResultsScene (is my result showing?) and results.fitted at import
# time; the table split onto the kit should drop it. Any module of that table counts.
KNOWN = {("scenes.tables.kowah", "scenes.screens.results")}


def test_no_scene_module_imports_another_screen_at_import_time():
    screens = screen_modules()
    bad = []
    for path in sorted(SCENES_DIR.rglob("*.py")):
        me = module_name(path)
        for target in imports(path, top_level=True):
            if target not in screens or target == me or _under(target, me):
                continue
            if any(_under(me, a) and target == b for a, b in KNOWN):
                continue
            bad.append(f"{me} imports {target}")
    assert not bad, bad


def _largest_cycle_through_screens() -> list[str]:
    graph: dict[str, set[str]] = {}
    for path in SCENES_DIR.rglob("*.py"):
        graph[module_name(path)] = imports(path, top_level=False)
    for name in graph:
        graph[name] = {m for m in graph[name] if m in graph and m != name}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    comps: list[list[str]] = []

    def visit(v: str) -> None:       # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    for v in graph:
        if v not in index:
            visit(v)
    screens = screen_modules()
    loops = [c for c in comps if len(c) > 1 and screens & set(c)]
    return max(loops, key=len, default=[])


def test_no_import_cycle_runs_through_a_screen():
    """The scene modules imported each other in one 17-file circle (imports inside
    functions included); now every screen is reached by name."""
    assert _largest_cycle_through_screens() == []


def test_importing_the_menu_imports_no_table_and_no_other_screen():
    code = ("import sys, scenes.screens.menu; "
            "print(' '.join(m for m in sys.modules if m.startswith('scenes')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    others = screen_modules() - {"scenes.screens.menu"}
    assert not others & set(out), sorted(others & set(out))
    assert "scenes.tables.base" not in out


def test_push_and_reset_by_name():
    app = make_app()
    menu = nav.reset(app, "menu", message="hello")
    assert app.stack.scenes == [menu] and menu.toast.message == "hello"
    setup = nav.push(app, "setup", game="kowah")
    assert app.stack.top is setup and setup.game == "kowah"
    again = nav.replace(app, "settings")
    assert app.stack.scenes == [menu, again]
    with pytest.raises(ValueError, match="no scene named"):
        nav.push(app, "nowhere")


@pytest.fixture
def engine_only_game(monkeypatch):
    """A game the engine registry knows (say its engine landed first) with no table yet."""
    monkeypatch.setattr(registry, "GAMES", dict(registry.GAMES))
    registry.register(GameInfo("enginegame", "game.enginegame_absent", 3, 6))
    return "enginegame"


def test_a_game_without_a_table_is_not_on_the_menu(engine_only_game):
    assert engine_only_game not in tables.playable()
    app = make_app()
    menu = nav.reset(app, "menu")
    app.step()
    assert menu.games == tables.playable()
    labels = [b.label for b in menu.row.buttons]
    assert not any("enginegame" in label for label in labels)
    assert len(labels) == len(tables.playable()) + 4      # the games, rules, statistics, settings, quit


def test_a_game_without_a_table_cannot_be_launched(engine_only_game):
    from scenes.core.boot import first_scene
    app = make_app(game=engine_only_game)
    with pytest.raises(SystemExit, match="has no table"):
        first_scene(app)
    with pytest.raises(ValueError, match="no table"):
        tables.info(engine_only_game)
