"""Kowah's intents: one seat acts at a time, and every intent is one of the engine's
actions (game/kowah/rules.py), sent when made (``Match.intent(seat, action)``):
``("draw",)`` from the stock or ``("take",)`` the top discard, ``("discard", card)``, and
``("declare", x)`` or ``("pass",)`` when a declaration is offered. Nothing is timed."""

from __future__ import annotations

REALTIME: tuple[str, ...] = ()
INTENTS: tuple[str, ...] = ("draw", "take", "discard", "declare", "pass")
