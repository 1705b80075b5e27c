"""The Đạo Tâm table (see ``table``).

The table is imported on first use, so the game's front (:mod:`.front`) can be read by
shared screens without it."""

from __future__ import annotations

from typing import Any

__all__ = ["DaoTamTable"]


def __getattr__(name: str) -> Any:
    if name == "DaoTamTable":
        from scenes.tables.daotam.table import DaoTamTable
        return DaoTamTable
    raise AttributeError(name)
