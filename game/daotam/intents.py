"""Đạo Tâm's intents: everything a player can do, whatever sends it (a key, a click, a
phone). The rules decide what an intent means; no front end does.

* Real-time (``Match.intent(seat, intent, at)``, judged where it lands on the Match clock):
  ``("buzz",)`` — the one buzzer, "Phản Đòn!" and "Cương Nhu Phối Triển!" alike — and
  ``("pass",)`` — "I let this window go" (R6.4: all eligible seats passing closes it).
* Turn moves (``Match.intent(seat, action)`` / ``Match.submit``): ``("claim", cards,
  call)``, ``("public",)``, ``("push", target)``, ``("use",)``, ``("decline",)``.

What a buzz means (:func:`meaning`, R6.3 and R7.2):

* in a Phản Đòn window, by a living seat other than the actor: a challenge (the first
  wins; same-tick ties go clockwise from the actor);
* in a shout race, by an eligible shouter: a shout (the actor wins a same-tick tie); by a
  living seat the race excludes (tn01): an ignored shout;
* by the actor inside its own Phản Đòn window: it has nothing to challenge, so it is a
  shout while no race is open — a false start (R7.2);
* in no window: a shout while no race is open — a false start, barring that seat from a
  race opening at most ``false_start_lock_s`` later (R7.2). As a challenge it would do
  nothing (R6.3); a Phản Đòn window has no lockout, so both rules hold. Except:
* a press after a window has closed does nothing (R6.3 "after it closes"): a seat's first
  buzz after a window it could answer has closed is its late answer to that window, not
  a false start for the next race. Only its first: pressing again is shouting with no
  race open. The seat whose turn it now is gets no late answer — it can only be
  anticipating its own public play;
* possessed and out seats can neither challenge nor shout (R6.2, R7.2): nothing.

A pass means a pass for a seat the open window waits for, and nothing anywhere else (it
is never a false start). The action log records what the intents meant (``challenge``,
``shout``, ``pass``), so saves and replays are the same as before intents existed.
"""

from __future__ import annotations

from typing import Any

from game.core import BUZZ, Action, Landing

PASS: Action = ("pass",)
SHOUT: Action = ("shout",)

#: Real-time intents: sent with the press's time, judged by the Match's window desk.
REALTIME: tuple[str, ...] = ("buzz", "pass")
#: Turn moves: sent when made, applied at once (they are the engine's actions).
TURN_MOVES: tuple[str, ...] = ("claim", "public", "push", "use", "decline")
#: Every intent kind of the game (the game descriptor's ``intents``).
INTENTS: tuple[str, ...] = REALTIME + TURN_MOVES
#: The engine actions a buzz can turn into (what the log records instead of the buzz).
BUZZ_MEANS: tuple[str, ...] = ("challenge", "shout")


def meaning(state: Any, seat: int, intent: Action, landing: Landing) -> Action | None:
    """What ``intent`` by ``seat`` says where it landed (see the module docstring): an
    action for the window desk to judge (a window's answer, or ``("shout",)`` with no
    race open: a false start), or None — it does nothing."""
    w = landing.window
    if intent == PASS:
        return PASS if w is not None and seat in w.seats else None
    if intent != BUZZ or state.status[seat] != "living":
        return None
    if w is not None:
        return (w.closes_on[0],) if seat in w.seats else SHOUT
    closed = landing.closed
    if (closed is not None and landing.first and seat in closed.seats
            and seat != state.turn):
        return None                      # late for the window that closed (R6.3)
    return SHOUT                         # shouting while no race is open (R7.2)
