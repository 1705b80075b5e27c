"""What a table's parts share: :class:`Borrowed`, an attribute a part reads (and writes)
on another object it holds, declared on the part's class so its dependencies are listed
in one place (``spots = Borrowed("geometry")`` reads ``self.geometry.spots``)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any


class Borrowed:
    """A part's attribute that lives on another object, reached by a dotted path from the
    part (``Borrowed("table")``, ``Borrowed("table.geometry")``). Reads go through one
    C-level ``attrgetter`` (parts read these on every frame)."""

    def __init__(self, path: str, name: str | None = None) -> None:
        self.path = path.split(".")
        self.name = name or ""
        self._get = attrgetter(f"{path}.{self.name}") if self.name else None
        self._holder = attrgetter(path)

    def __set_name__(self, owner: type, name: str) -> None:
        if not self.name:
            self.name = name
            self._get = attrgetter(f"{'.'.join(self.path)}.{name}")

    def holder(self, obj: Any) -> Any:
        return self._holder(obj)

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return self._get(obj)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(self._holder(obj), self.name, value)


def borrowing(**holders: str) -> Any:
    """Class decorator: declare a part's borrowed names in one place, by holder —
    ``@borrowing(table="app match", geometry="spots centre")`` reads ``self.table.app``
    and ``self.table.geometry.spots`` (a holder other than ``table`` is a part of the table)."""
    def decorate(cls: type) -> type:
        for holder, names in holders.items():
            path = "table" if holder == "table" else f"table.{holder}"
            for name in names.split():
                borrowed = Borrowed(path, name)
                setattr(cls, name, borrowed)
        return cls
    return decorate
