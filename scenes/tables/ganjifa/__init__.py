"""The Ganjifa table (see :mod:`scenes.tables.ganjifa.table`).

The table is imported on first use, so the visual model (:mod:`.model`) and the hand's
geometry (:mod:`.hand`) can be imported and tested without pygame."""

from __future__ import annotations

from typing import Any

__all__ = ["GanjifaTable"]


def __getattr__(name: str) -> Any:
    if name == "GanjifaTable":
        from scenes.tables.ganjifa.table import GanjifaTable
        return GanjifaTable
    raise AttributeError(name)
