"""Tables are front ends: view in, intent out. No file under scenes/tables/ reads a
Match's state (``match.state``, ``self.match.state``, ``….state.…``): what a table shows
comes from ``match.view(seat)``, the legal actions, ``why_illegal`` and the open window.

(The replay screen, scenes/screens/replay.py, is not a table: after a game is over it may show
"what really happened" from the full state, and hands it to a table's ``show_truth``.)"""

from __future__ import annotations

import ast
from pathlib import Path

TABLES = Path(__file__).resolve().parents[1] / "scenes" / "tables"


def state_reads(source: str) -> list[int]:
    """Line numbers of every ``<anything>.state`` attribute in ``source``."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Attribute) and node.attr == "state")


def test_the_check_finds_what_it_looks_for():
    assert state_reads("x = self.match.state.phase\n") == [1]
    assert state_reads("st = match.state\n\ny = getattr(v, 'phase')\n") == [1]
    assert state_reads("v = self.match.view(None).phase\n") == []


def test_no_table_reads_the_match_state():
    files = sorted(TABLES.rglob("*.py"))
    assert len(files) > 20, "the table packages are where this test expects them"
    found = {str(f.relative_to(TABLES)): lines for f in files
             if (lines := state_reads(f.read_text(encoding="utf-8")))}
    assert found == {}, f"tables reading match.state (use the view): {found}"
