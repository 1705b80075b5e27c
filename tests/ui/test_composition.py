"""Tables by composition: the shared table and every registered table stay small (their
behaviour lives in parts they hold, not in mixins sharing ``self``), and the kit never
imports a table."""

from __future__ import annotations

import ast
from pathlib import Path

from scenes.nav import resolve
from scenes.tables import registry
from scenes.tables.base import TableScene

ROOT = Path(__file__).resolve().parents[2]
BASE_LIMIT = 25         # the Scene protocol, submit and the hooks a table implements
TABLE_LIMIT = 40        # every table, inherited members included


def callables(cls: type) -> list[str]:
    """The callables a class offers (inherited included), beyond what every object has."""
    return sorted(n for n in set(dir(cls)) - set(dir(object)) if callable(getattr(cls, n, None)))


def test_the_shared_table_holds_parts_and_keeps_only_its_hooks():
    names = callables(TableScene)
    assert len(names) <= BASE_LIMIT, names
    for part in ("fly", "draw_plate", "refuse", "may_show", "show_handoff", "result_headline"):
        assert part not in names, part


def test_every_registered_table_is_within_its_limit():
    assert registry.TABLES
    for game, info in registry.TABLES.items():
        cls = resolve(info.table) if isinstance(info.table, str) else info.table
        if not isinstance(cls, type):
            continue
        names = callables(cls)
        assert len(names) <= TABLE_LIMIT, (game, len(names), names)


def test_the_kit_imports_no_table():
    offenders = []
    for path in sorted((ROOT / "scenes" / "kit").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            offenders += [(path.name, n) for n in names
                          if n == "scenes.tables" or n.startswith("scenes.tables.")]
            if isinstance(node, ast.ImportFrom) and node.module == "scenes":
                offenders += [(path.name, a.name) for a in node.names if a.name == "tables"]
    assert offenders == []
