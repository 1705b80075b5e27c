"""How far a Đạo Tâm game got, for the menu's "Continue" (pure: public view in, i18n key
out)."""

from __future__ import annotations

from game.daotam.rules import DaoTamView


def progress(view: DaoTamView) -> tuple[str, dict]:
    """``("progress.daotam", {"round": 14, "rounds": 20})``: the round counter (R14.3)."""
    return "progress.daotam", {"round": view.round, "rounds": view.round_limit}
