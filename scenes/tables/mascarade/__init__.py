"""The Mascarade table: 2–13 seats round the kit's ellipse (see table.py).

The table is imported on first use, so the game's front (:mod:`.front`) can be read by
shared screens without it."""

from __future__ import annotations

from typing import Any

__all__ = ["MascaradeTable"]


def __getattr__(name: str) -> Any:
    if name == "MascaradeTable":
        from scenes.tables.mascarade.table import MascaradeTable
        return MascaradeTable
    raise AttributeError(name)
