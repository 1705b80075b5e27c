"""The characters loader under the name every game module offers (``deck.default_deck``,
used by the launch check of every data file)."""

from __future__ import annotations

from game.mascarade.data import Rules, load_rules
from game.mascarade.data import default_rules as default_deck

__all__ = ["Rules", "default_deck", "load_rules"]
