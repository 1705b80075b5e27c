"""The Kowah table (see :mod:`scenes.tables.kowah.table`).

The table is imported on first use, so the visual model (:mod:`.model`) can be imported
and tested without pygame."""

from __future__ import annotations

from typing import Any

from scenes.tables.kowah.model import HELD

__all__ = ["HELD", "KowahTable"]


def __getattr__(name: str) -> Any:
    if name == "KowahTable":
        from scenes.tables.kowah.table import KowahTable
        return KowahTable
    raise AttributeError(name)
