"""The Đạo Tâm table (see ``table``)."""

from scenes.tables.daotam.table import DaoTamTable

__all__ = ["DaoTamTable"]
