"""How far a Kowah hand got, for the menu's "Continue" (pure: public view in, i18n key out)."""

from __future__ import annotations

from game.kowah.rules import KowahView


def progress(view: KowahView) -> tuple[str, dict]:
    """``("progress.kowah", {"stock": 23, "turn": 12})``: cards left in the stock (what
    a Kowah player watches) and the turn being played."""
    return "progress.kowah", {"stock": view.stock_left, "turn": view.turn_no + 1}
