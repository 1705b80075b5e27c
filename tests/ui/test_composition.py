"""Tables by composition: the shared table and every registered table stay small (their
behaviour lives in parts they hold, not in mixins sharing ``self``), and the kit never
imports a table."""

from __future__ import annotations

import ast
from pathlib import Path

from scenes.core.nav import resolve
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


def part_classes() -> list[type]:
    """Every table's own parts: classes in a registered table's package that borrow
    from their table (``scenes.kit.parts.borrowing``)."""
    import importlib
    import inspect
    import pkgutil

    from scenes.kit.parts import Borrowed
    out = []
    for info in registry.TABLES.values():
        cls = resolve(info.table) if isinstance(info.table, str) else info.table
        package = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
        for mod in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            module = importlib.import_module(mod.name)
            for _, part in inspect.getmembers(module, inspect.isclass):
                if part.__module__ == module.__name__ and not issubclass(part, TableScene) and any(
                        isinstance(v, Borrowed) for v in vars(part).values()):
                    out.append(part)
    return out


def test_every_name_a_part_reads_is_its_own_or_declared():
    """A part reads only what it has, sets itself, or declares it borrows: a method moved
    into a part (or a new line in one) that reads a table name without declaring it fails
    here, not in the middle of a game."""
    import inspect
    import re
    import textwrap

    def sets(src: str) -> set[str]:
        """Names the source assigns on ``self`` (``self.x = …``, ``self.a, self.b = …``)."""
        out = set()
        for node in ast.walk(ast.parse(textwrap.dedent(src))):
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for t in targets:
                for el in (t.elts if isinstance(t, ast.Tuple) else [t]):
                    if isinstance(el, ast.Attribute) and isinstance(el.value, ast.Name) and el.value.id == "self":
                        out.add(el.attr)
        return out

    parts = part_classes()
    assert len(parts) >= 20, parts
    missing = {}
    for part in parts:
        srcs = [inspect.getsource(k) for k in part.__mro__ if k.__module__.startswith("scenes.")]
        reads = set(re.findall(r"\bself\.(\w+)", "".join(srcs)))
        own = set(dir(part)).union(*(sets(src) for src in srcs)) | {"table"}
        gaps = sorted(reads - own)
        if gaps:
            missing[part.__qualname__] = gaps
    assert missing == {}
