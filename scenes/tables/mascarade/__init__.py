"""The Mascarade table: 2–13 seats round the kit's ellipse (see table.py)."""

from scenes.tables.mascarade.table import MascaradeTable

__all__ = ["MascaradeTable"]
