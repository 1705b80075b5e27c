"""Undo against AIs (games whose hints module sets ``UNDO``): back to the human's previous decision.

The Match is rebuilt from its seed and its log cut just before the human's last
decision — the AI moves after it are dropped — exactly as a save is resumed, so the new
Match equals a fresh replay of the shorter log, and its agents are seeded as at any
resume (:meth:`game.match.Match._agent_seed`): the same position gives the same AI
choices every time. A decision is one action, or a run of same-kind actions by that
seat in a row (the Dukal give-up: the table submits the cards together).

Refused (an i18n key says why) unless the game offers undo (``UNDO`` in its hints
module), exactly one seat is human, the hand is not over and that human has acted.
"""

from __future__ import annotations

from typing import Any

from game.hints import explainer


def refusal(match: Any, seat: int) -> str | None:
    """None if ``seat`` may undo now, else the i18n key of the reason."""
    if not getattr(explainer(match.game), "UNDO", False):
        return "hints.undo_game"
    if match.human_seats() != [seat]:
        return "hints.undo_party"
    if match.is_over():
        return "hints.undo_over"
    if undo_point(match.log, seat) is None:
        return "hints.undo_nothing"
    return None


def undo_point(log: list, seat: int) -> int | None:
    """How many actions of ``log`` to keep: all before ``seat``'s last decision."""
    i = len(log) - 1
    while i >= 0 and log[i][0] != seat:
        i -= 1
    if i < 0:
        return None
    kind = log[i][1][0]
    while i > 0 and log[i - 1][0] == seat and log[i - 1][1][0] == kind:
        i -= 1
    return i


def rewound(match: Any, seat: int) -> Any:
    """A new Match (same class and settings) at ``seat``'s previous decision, marked
    assisted, its autosave rewritten; the old Match is then closed (its last save was
    flushed first, so it cannot land after the new one). ValueError if :func:`refusal`
    objects; if the rebuild fails (SaveError) the old Match is left as it was."""
    why = refusal(match, seat)
    if why is not None:
        raise ValueError(why)
    keep = undo_point(match.log, seat)
    data = match.to_json()
    data["actions"] = data["actions"][:keep]
    data["over"] = False
    data["assisted"] = True
    save_path = match.save_path
    settings = {"think_scale": match.think_scale, "threaded": match.threaded,
                "state_factory": match.state_factory, "async_save": match.async_save,
                "timers": match.timers, "timing": match.timing}
    match.flush()
    new = type(match).from_json(data, save_path=save_path, **settings)
    match.close()
    new.save()
    return new
