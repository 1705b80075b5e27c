"""How far a Mascarade game got, for the menu's "Continue" (public view in, i18n key out)."""

from __future__ import annotations

from game.mascarade.rules import MascaradeView


def progress(view: MascaradeView) -> tuple[str, dict]:
    """``("progress.mascarade", {"turn": 17, "coins": 11})``: the turn being played and
    the richest fortune (what a Mascarade player watches: 13 wins)."""
    return "progress.mascarade", {"turn": view.turn_no, "coins": max(view.coins)}
