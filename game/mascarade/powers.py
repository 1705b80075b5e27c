"""The twelve powers (§8), applied to a :class:`~game.mascarade.rules.MascaradeState`.

A power is atomic (§10.2 D3): choices it needs (Bishop tie, Witch, Fool, Spy, Inquisitor
and the target's guess) are asked as ``pending`` power-phase actions, and the C1 check
runs only once every power user of the announcement is done.

Every function appends its events to ``ev`` in the order they happen; with ``ev=None``
(``advance``, ``playout``) no event is made and the state changes the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Action, Event, new_event
from game.mascarade.chars import (
    BANK,
    BISHOP,
    CHEAT,
    COURT,
    FOOL,
    INQUISITOR,
    JUDGE,
    KING,
    PEASANT,
    QUEEN,
    SPY,
    THIEF,
    WIDOW,
    WITCH,
)

if TYPE_CHECKING:
    from game.mascarade.rules import MascaradeState


def next_power(st: MascaradeState, ev: list[Event] | None) -> None:
    """Apply the power of each remaining power user until one needs a choice; then the
    rest of the announcement (C1, fines, C2, next turn)."""
    char = st.ann[1]
    chars = st.rules.characters
    while st.users:
        seat, pos = st.users[0]
        if ev is not None:
            ev.append(new_event(("power", seat, {"character": char, "pos": pos}, None)))
        if char == PEASANT:
            users, st.users = st.users, []
            ch = chars[PEASANT]
            amount = ch.pair_amount if len(users) == 2 else ch.amount
            if ev is not None:
                for s, p in users[1:]:
                    ev.append(new_event(("power", s, {"character": char, "pos": p}, None)))
            for s, _ in users:
                st._move(BANK, s, amount, "peasant", ev)
            st.power_applied = True
            break
        if _start(st, seat, pos, char, ev):
            return
        st.users.pop(0)
        st.power_applied = True
    st.finish_announcement(ev)


def _start(st: MascaradeState, seat: int, pos: int, char: int, ev: list[Event] | None) -> bool:
    """Begin one power; True if it waits for a choice (``st.pending`` is set)."""
    ch = st.rules.characters[char]
    n = st.n_seats
    if char == KING or char == QUEEN:
        st._move(BANK, seat, ch.amount, ch.id, ev)
    elif char == JUDGE:
        st._move(COURT, seat, st.court, "judge", ev)
    elif char == WIDOW:
        diff = ch.amount - st.coins[seat]
        if diff > 0:
            st._move(BANK, seat, diff, "widow", ev)
        elif diff < 0 and st.options["widow_mode"] == "exact10":
            st._move(seat, BANK, -diff, "widow", ev)
    elif char == THIEF:
        left, right = (seat + 1) % n, (seat - 1) % n
        st._move(left, seat, ch.amount, "thief", ev)
        if n > 2 or st.options["thief_two_player"] == "both_sides":
            st._move(right, seat, ch.amount, "thief", ev)
    elif char == CHEAT:
        wins = st.coins[seat] >= ch.amount
        if wins:
            st.cheat_winner = seat
        if ev is not None:
            ev.append(new_event(("cheat", seat, {"wins": wins}, None)))
    elif char == BISHOP:
        coins = st.coins
        others = [t for t in range(n) if t != seat]
        top = max(coins[t] for t in others)
        cands = tuple(t for t in others if coins[t] == top)
        if len(cands) > 1:
            st.pending = ("bishop", seat, cands)
            return True
        st._move(cands[0], seat, ch.amount, "bishop", ev)
    elif char == WITCH:
        st.pending = ("witch", seat)
        return True
    elif char == FOOL:
        st._move(BANK, seat, ch.amount, "fool", ev)
        if st.fool_pairs(seat):
            st.pending = ("fool", seat)
            return True
        if ev is not None:
            ev.append(new_event(("fool_skip", seat, {}, None)))     # §8.5: fewer than two others
    elif char == SPY:
        st.pending = ("spy_look", seat, pos)
        return True
    elif char == INQUISITOR:
        st.pending = ("inquire", seat)
        return True
    return False


def power_action(st: MascaradeState, seat: int, action: Action, ev: list[Event] | None) -> None:
    """A power-phase choice (already checked legal)."""
    kind = action[0]
    pend = st.pending
    if kind == "bishop":
        st._move(action[1], seat, st.rules.characters[BISHOP].amount, "bishop", ev)
    elif kind == "witch":
        t = action[1]
        st.coins[seat], st.coins[t] = st.coins[t], st.coins[seat]
        if ev is not None:
            ev.append(new_event(("witch", seat, {"target": t, "coins": list(st.coins)}, None)))
    elif kind == "decline":
        if ev is not None:
            ev.append(new_event(("witch", seat, {"target": None, "coins": list(st.coins)}, None)))
    elif kind == "fool":
        _, a, b, bit = action
        if bit:
            st.cards[a], st.cards[b] = st.cards[b], st.cards[a]
        st.private[seat].append(("fool", a, b, bit))
        if ev is not None:
            ev.append(new_event(("fool", seat, {"a": a, "b": b}, None)))
            ev.append(new_event(("fool_bit", seat, {"a": a, "b": b, "bit": bit}, seat)))
    elif kind == "spy":
        own, p = pend[2], action[1]
        st.private[seat].append(("spy", own, st.cards[own], p, st.cards[p]))
        st.pending = ("spy_swap", seat, own, p)
        if ev is not None:
            ev.append(new_event(("spy", seat, {"own": own, "pos": p}, None)))
            ev.append(new_event(("spy_look", seat, {"own": own, "own_card": st.cards[own],
                                                    "pos": p, "card": st.cards[p]}, seat)))
        return
    elif kind == "spy_swap":
        own, p, bit = pend[2], pend[3], action[1]
        if bit:
            st.cards[own], st.cards[p] = st.cards[p], st.cards[own]
        st.private[seat].append(("spy_swap", own, p, bit))
        if ev is not None:
            ev.append(new_event(("spy_swap", seat, {"a": own, "b": p}, None)))
            ev.append(new_event(("spy_bit", seat, {"a": own, "b": p, "bit": bit}, seat)))
    elif kind == "inquire":
        st.pending = ("guess", action[1], seat)
        if ev is not None:
            ev.append(new_event(("inquire", seat, {"target": action[1]}, None)))
        return
    elif kind == "guess":
        _, c, p = action
        inq = pend[2]
        real = st.cards[p]
        st.faceup[p] = real
        st.revealed_at[seat] = st.turn_no
        st.revealed_pos[seat] = p
        if ev is not None:
            ev.append(new_event(("guess", seat, {"character": c, "pos": p}, None)))
            ev.append(new_event(("reveal", None, {"cards": [(p, real)], "why": "inquisitor"}, None)))
        if real != c:
            st._move(seat, inq, st.rules.characters[INQUISITOR].amount, "inquisitor", ev)
    else:
        raise AssertionError(kind)
    st.pending = None
    st.users.pop(0)
    st.power_applied = True
    next_power(st, ev)


__all__ = ["next_power", "power_action", "FOOL", "SPY"]
