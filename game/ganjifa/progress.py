"""How far a Ganjifa hand got, for the menu's "Continue" (pure: public view in, i18n key out)."""

from __future__ import annotations

from game.ganjifa.rules import GanjifaView


def progress(view: GanjifaView) -> tuple[str, dict]:
    """``("progress.ganjifa", {"trick": 7, "tricks": 40})``: the trick being played and
    how many the hand has at most (every card a trick of its own; a Dukal shortens it).

    The seats still to play the current trick hold the most cards, one per trick left,
    so ``trick_no`` finished tricks plus the largest hand is the hand's length.
    """
    left = max(view.hand_sizes) if view.hand_sizes else 0
    tricks = view.trick_no + left
    trick = min(view.trick_no + 1, max(tricks, 1))
    return "progress.ganjifa", {"trick": trick, "tricks": tricks}
