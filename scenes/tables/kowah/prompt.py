"""The line that tells the viewer what to do now at the Kowah table (from the view alone)."""

from __future__ import annotations

from typing import Any

from scenes.core.i18n import t


def prompt_text(v: Any, viewer: int, can_act: bool, declared: bool, may_take: bool,
                seat_name: Any) -> str:
    """``v`` the viewer's view; ``declared`` whether the viewer has declared checki;
    ``may_take`` whether taking the discard is legal now; ``seat_name`` names a seat."""
    if not can_act:
        if v.turn is not None and v.turn != viewer:
            return t("kowah.waiting", seat=seat_name(v.turn))
        return ""
    if v.phase == "take":
        if declared:
            return t("kowah.prompt_declared_draw")
        if v.opening or not may_take:
            return t("kowah.prompt_first")
        return t("kowah.prompt_take")
    if v.phase == "discard":
        if declared:
            return t("kowah.prompt_declared_discard")
        if v.last_stock_turn:
            return t("kowah.prompt_last")
        return t("kowah.prompt_discard")
    return ""
