"""The Kowah table (see :mod:`scenes.tables.kowah.table`)."""

from scenes.tables.kowah.model import HELD
from scenes.tables.kowah.table import KowahTable

__all__ = ["HELD", "KowahTable"]
