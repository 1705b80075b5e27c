"""A table attribute that is its visual model's.

A table's visual state lives on a pygame-free model (``table.model``); the table keeps
the old attribute names, for its own code, tests and tools, as properties over it."""

from __future__ import annotations


def model_field(name: str, doc: str) -> property:
    """``table.<name>`` reads and writes ``table.model.<name>``."""
    return property(lambda self: getattr(self.model, name),
                    lambda self, value: setattr(self.model, name, value), doc=doc)
