"""Mascarade's intents: everything a player can do, whatever sends it (a key, a click, a
phone). Every intent is one of the engine's actions (game/mascarade/rules.py); the rules
decide whether it is legal now (``Match.why_illegal`` says why not).

* Real-time (``Match.intent(seat, intent, at)``): the answers to the claim ask (§7.2), a
  one-seat window — ``("claim", own)`` or ``("pass",)``. Outside the window they do nothing.
* Turn moves (``Match.intent(seat, action)``): ``("swap", own, other, bit)``,
  ``("peek", own)``, ``("announce", character, own)``.
* Power choices (§8): ``("bishop", seat)``, ``("witch", seat)``, ``("decline",)``,
  ``("fool", a, b, bit)``, ``("spy", pos)``, ``("spy_swap", bit)``, ``("inquire", seat)``,
  and the Inquisitor's target's ``("guess", character, own)``.
"""

from __future__ import annotations

REALTIME: tuple[str, ...] = ("claim", "pass")
TURN_MOVES: tuple[str, ...] = ("swap", "peek", "announce")
POWER_CHOICES: tuple[str, ...] = ("bishop", "witch", "decline", "fool", "spy", "spy_swap",
                                  "inquire", "guess")
#: Every intent kind of the game (the game descriptor's ``intents``).
INTENTS: tuple[str, ...] = REALTIME + TURN_MOVES + POWER_CHOICES
