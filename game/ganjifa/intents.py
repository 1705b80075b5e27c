"""Ganjifa's intents: one seat acts at a time, and every intent is one of the engine's
actions (game/ganjifa/rules.py), sent when made (``Match.intent(seat, action)``):
``("play", card)`` to a trick, ``("dukal", …)`` declaring a Dukal, and ``("give", card)``
— one card of a Dukal give-up. Nothing is timed."""

from __future__ import annotations

REALTIME: tuple[str, ...] = ()
INTENTS: tuple[str, ...] = ("play", "dukal", "give")
