"""The twelve powers (§8), applied to a :class:`~game.mascarade.rules.MascaradeState`.

A power is atomic (§10.2 D3): choices it needs (Bishop tie, Witch, Fool, Spy, Inquisitor
and the target's guess) are asked as ``pending`` power-phase actions, and the C1 check
runs only once every power user of the announcement is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Action, Event

if TYPE_CHECKING:
    from game.mascarade.rules import MascaradeState

from game.mascarade.rules import (
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


def next_power(st: MascaradeState) -> list[Event]:
    """Apply the power of each remaining power user until one needs a choice; then the
    rest of the announcement (C1, fines, C2, next turn)."""
    events: list[Event] = []
    char = st.ann[1]
    chars = st.rules.characters
    while st.users:
        seat, pos = st.users[0]
        events.append(Event("power", seat, {"character": char, "pos": pos}))
        if char == PEASANT:
            users, st.users = st.users, []
            ch = chars[PEASANT]
            amount = ch.pair_amount if len(users) == 2 else ch.amount
            for s, _ in users[1:]:
                events.append(Event("power", s, {"character": char, "pos": _}))
            for s, _ in users:
                events += st.move(BANK, s, amount, "peasant")
            st.power_applied = True
            break
        wait = _start(st, seat, pos, char, events)
        if wait:
            return events
        st.users.pop(0)
        st.power_applied = True
    return events + st.finish_announcement()


def _start(st: MascaradeState, seat: int, pos: int, char: int, events: list[Event]) -> bool:
    """Begin one power; True if it waits for a choice (``st.pending`` is set)."""
    ch = st.rules.characters[char]
    n = st.n_seats
    if char in (KING, QUEEN):
        events += st.move(BANK, seat, ch.amount, ch.id)
    elif char == JUDGE:
        events += st.move(COURT, seat, st.court, "judge")
    elif char == WIDOW:
        diff = ch.amount - st.coins[seat]
        if diff > 0:
            events += st.move(BANK, seat, diff, "widow")
        elif diff < 0 and st.options["widow_mode"] == "exact10":
            events += st.move(seat, BANK, -diff, "widow")
    elif char == THIEF:
        left, right = (seat + 1) % n, (seat - 1) % n
        events += st.move(left, seat, ch.amount, "thief")
        if n > 2 or st.options["thief_two_player"] == "both_sides":
            events += st.move(right, seat, ch.amount, "thief")
    elif char == CHEAT:
        wins = st.coins[seat] >= ch.amount
        if wins:
            st.cheat_winner = seat
        events.append(Event("cheat", seat, {"wins": wins}))
    elif char == BISHOP:
        others = [t for t in range(n) if t != seat]
        top = max(st.coins[t] for t in others)
        cands = tuple(t for t in others if st.coins[t] == top)
        if len(cands) > 1:
            st.pending = ("bishop", seat, cands)
            return True
        events += st.move(cands[0], seat, ch.amount, "bishop")
    elif char == WITCH:
        st.pending = ("witch", seat)
        return True
    elif char == FOOL:
        events += st.move(BANK, seat, ch.amount, "fool")
        if st.fool_pairs(seat):
            st.pending = ("fool", seat)
            return True
        events.append(Event("fool_skip", seat, {}))     # §8.5: fewer than two others
    elif char == SPY:
        st.pending = ("spy_look", seat, pos)
        return True
    elif char == INQUISITOR:
        st.pending = ("inquire", seat)
        return True
    return False


def power_action(st: MascaradeState, seat: int, action: Action) -> list[Event]:
    """A power-phase choice (already checked legal)."""
    kind = action[0]
    events: list[Event] = []
    pend = st.pending
    if kind == "bishop":
        events += st.move(action[1], seat, st.rules.characters[BISHOP].amount, "bishop")
    elif kind == "witch":
        t = action[1]
        st.coins[seat], st.coins[t] = st.coins[t], st.coins[seat]
        events.append(Event("witch", seat, {"target": t, "coins": list(st.coins)}))
    elif kind == "decline":
        events.append(Event("witch", seat, {"target": None, "coins": list(st.coins)}))
    elif kind == "fool":
        _, a, b, bit = action
        if bit:
            st.cards[a], st.cards[b] = st.cards[b], st.cards[a]
        st.private[seat].append(("fool", a, b, bit))
        events += [Event("fool", seat, {"a": a, "b": b}),
                   Event("fool_bit", seat, {"a": a, "b": b, "bit": bit}, to=seat)]
    elif kind == "spy":
        own, p = pend[2], action[1]
        st.private[seat].append(("spy", own, st.cards[own], p, st.cards[p]))
        st.pending = ("spy_swap", seat, own, p)
        return [Event("spy", seat, {"own": own, "pos": p}),
                Event("spy_look", seat, {"own": own, "own_card": st.cards[own], "pos": p,
                                         "card": st.cards[p]}, to=seat)]
    elif kind == "spy_swap":
        own, p, bit = pend[2], pend[3], action[1]
        if bit:
            st.cards[own], st.cards[p] = st.cards[p], st.cards[own]
        st.private[seat].append(("spy_swap", own, p, bit))
        events += [Event("spy_swap", seat, {"a": own, "b": p}),
                   Event("spy_bit", seat, {"a": own, "b": p, "bit": bit}, to=seat)]
    elif kind == "inquire":
        st.pending = ("guess", action[1], seat)
        return [Event("inquire", seat, {"target": action[1]})]
    elif kind == "guess":
        _, c, p = action
        inq = pend[2]
        real = st.cards[p]
        st.faceup[p] = real
        st.revealed_at[seat] = st.turn_no
        st.revealed_pos[seat] = p
        events += [Event("guess", seat, {"character": c, "pos": p}),
                   Event("reveal", None, {"cards": [(p, real)], "why": "inquisitor"})]
        if real != c:
            events += st.move(seat, inq, st.rules.characters[INQUISITOR].amount, "inquisitor")
    else:
        raise AssertionError(kind)
    st.pending = None
    st.users.pop(0)
    st.power_applied = True
    return events + next_power(st)


__all__ = ["next_power", "power_action", "FOOL", "SPY"]
