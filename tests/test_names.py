"""Shared screen code names no game: everything one game needs is declared by its own
table package (scenes/tables/<name>/, its front.py) and asked for through the one
registry file, scenes/tables/registry.py (issue 16, item 1; the engine side, game/, has
its own check).

Allowed to name a game: the game's own table package; the card-art modules drawn for
one game (scenes/art/<game>_*.py, named after it); the registry. The developer tools
(tools/monkey.py, tools/bench.py) live outside the product packages.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT / "scenes"
GAMES = ("ganjifa", "kowah", "daotam", "mascarade")
# the four names as they are written anywhere: ids, class names (DaoTamTable), prose
# (Đạo Tâm, Dao Tam), in any case
NAMES = re.compile(r"ganjifa|kowah|mascarade|daotam|dao[ _-]?tam|đạo[ _-]?tâm", re.IGNORECASE)
REGISTRY = "scenes/tables/registry.py"


def _allowed(rel: str) -> bool:
    parts = rel.split("/")
    if rel == REGISTRY:
        return True
    if parts[:2] == ["scenes", "tables"] and len(parts) > 3 and parts[2] in GAMES:
        return True          # the game's own table package
    return parts[:2] == ["scenes", "art"] and len(parts) == 3 and parts[2].split("_")[0] in GAMES


def naming_files() -> dict[str, list[str]]:
    """Every shared file under scenes/ that names a game → its first few such lines."""
    out: dict[str, list[str]] = {}
    for path in sorted(SCENES.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if _allowed(rel):
            continue
        hits = [f"{i}: {line.strip()}" for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if NAMES.search(line)]
        if hits:
            out[rel] = hits[:3]
    return out


def test_the_pattern_finds_every_way_a_game_is_named():
    for text in ("ganjifa", "KOWAH", "DaoTamTable", "Đạo Tâm", "ĐẠO TÂM", "dao_tam", "Mascarade's"):
        assert NAMES.search(text), text
    for text in ("token", "the middle", "a game's own table", "masquerade"):
        assert not NAMES.search(text), text


def test_the_allowed_files_are_exactly_the_games_own():
    assert _allowed("scenes/tables/kowah/front.py") and _allowed("scenes/art/ganjifa_signs.py")
    assert _allowed(REGISTRY)
    for rel in ("scenes/tables/base.py", "scenes/tables/front.py", "scenes/kit/zoom.py",
                "scenes/art/shapes.py", "scenes/screens/replay_truth.py", "scenes/tables/kowah.py"):
        assert not _allowed(rel), rel


def test_no_shared_scene_file_names_a_game():
    assert naming_files() == {}


def test_every_table_registers_a_front_with_its_own_palette():
    """The chart felt and the table top are one declaration (the table's front)."""
    from scenes.tables import registry
    for game in registry.playable():
        front = registry.front(game)
        assert front.style is not None, game
        assert registry.table_class(game).style is front.style, game


def test_a_game_without_a_front_gets_the_shared_defaults(monkeypatch):
    """A fifth game registers only its table: the shared screens fall back to their
    defaults instead of asking for a name they do not know."""
    from scenes.screens import replay_truth, rules_doc, stats_charts
    from scenes.tables import registry
    from scenes.tables.front import NO_FRONT
    from scenes.tables.registry import TableInfo
    monkeypatch.setattr(registry, "TABLES", dict(registry.TABLES))
    registry.register(TableInfo("fifth", "nowhere:Table"))
    assert registry.front("fifth") is NO_FRONT
    assert registry.hook("fifth", "reveal") is None
    assert replay_truth.reveal("fifth") is replay_truth.DEFAULT
    assert rules_doc.rules_cards("fifth") is None
    assert stats_charts.felt_style("fifth") is stats_charts.DEFAULT_FELT
