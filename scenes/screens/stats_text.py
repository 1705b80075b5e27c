"""The statistics screen's words and numbers, in the player's language."""

from __future__ import annotations

import time

from game.history import HistoryProblem
from game.saves import HUMAN_KINDS
from scenes.core.i18n import names, person, t

GAME_MODES = (None, "ai", "party", "assisted")     # None: every mode


def mode_label(mode: str | None) -> str:
    return t(f"stats.modes.{mode or 'all'}")


def level_label(level: str) -> str:
    if level in ("random", "easy", "normal", "hard"):
        return t(f"level.{level}")
    return t(f"stats.levels.{level}")


def pct(x: float | None) -> str:
    return "–" if x is None else f"{round(100 * x)} %"


def number(x: float | None) -> str:
    if x is None:
        return "–"
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def when(ts: float) -> str:
    """Local date and time of a finished game (the same digits in both languages)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts))


def minutes(seconds: float | None) -> str:
    return t("stats.minutes", n=max(1, round((seconds or 0) / 60)))


def seat_name(rec: dict, seat: int) -> str:
    """How the recent list names a seat (as the table names it)."""
    kind = rec["seats"][seat]
    if kind in HUMAN_KINDS:
        if len(rec["human_seats"]) == 1:
            return person(t("seat.you"), you=True)
        return person(t("seat.player", n=seat + 1))
    return person(t("seat.ai", n=seat + 1, level=t(f"level.{kind}")))


def result_text(rec: dict) -> str:
    """Won / Lost / Shared / Drawn for one player; who won for a party."""
    winners = rec.get("winners") or []
    if not winners:
        return t("stats.result.drawn")
    if len(rec["human_seats"]) > 1:
        return t("stats.result.won_by", names=names(seat_name(rec, s) for s in winners))
    if rec.get("won"):
        return t("stats.result.shared" if len(winners) > 1 else "stats.result.won")
    return t("stats.result.lost")


def row_text(rec: dict) -> str:
    """The middle of a recent-games row: opponents, mode, length."""
    parts = [level_label(rec["level"])]
    if rec["mode"] != "ai":
        parts.append(mode_label(rec["mode"]))
    parts += [minutes(rec.get("duration_s")), t("stats.moves", n=rec.get("moves", 0)),
              t("table.deal", n=rec.get("seed", "?"))]
    return " · ".join(parts)


def problem_text(problem: HistoryProblem | None, unavailable: bool = False,
                 read_only: bool = False) -> str:
    """What the player reads about a statistics file that was set aside, cannot be had,
    or can only be read (it is shown; new games are not recorded)."""
    if read_only:
        return t("stats.problem.read_only")
    if problem is None:
        return t("stats.problem.unavailable") if unavailable else ""
    kept = t("stats.problem.kept", file=problem.kept) if problem.kept else t("stats.problem.not_kept")
    return f"{t(problem.key)} {kept}"
