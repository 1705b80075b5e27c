"""Why the Mascarade agents swap, look, announce or claim, in one sentence (see
:mod:`game.hints`).

The facts are the agent's own beliefs — its tracker of where every card may be, fed
the events the seat has seen — and the coins on the table: how sure the seat may be
of its card (and what it most likely is), what a power would earn, who is richest.
The hint agent never bluffs (its random "bluff" move is switched off): a hint is the
deliberate choice.
"""

from __future__ import annotations

from game.core import Action
from game.hints import Hint, pct
from game.mascarade.ai import WIN, gain, make_agent
from game.mascarade.data import default_rules
from game.mascarade.rules import MascaradeView

UNDO = False            # secret decisions and several humans: no undo


def char_name(c: int) -> dict:
    return dict(default_rules().characters[c].name)


def explain(view: MascaradeView, legal: list[Action], level: str, events: list, seed: int) -> Hint:
    agent = make_agent(level, view.seat, seed)
    agent.bluff_rate = 0.0
    agent.observe(events)
    return reason(view, agent, agent.decide(view, legal))


def _best(d: dict[int, float]) -> tuple[int, float]:
    return max(d.items(), key=lambda kv: (kv[1], -kv[0])) if d else (0, 0.0)


def reason(view: MascaradeView, agent, action: Action) -> Hint:
    """The sentence for ``action`` from ``view`` and the agent's beliefs."""
    kind, me = action[0], view.seat
    mine = agent.my_card(view)
    guess, sure = _best(mine)
    base = {"char": char_name(guess), "p": pct(sure)}
    if kind == "announce":
        c, pos = action[1], action[2]
        p = agent.my_card(view, pos).get(c, 0.0)
        g = gain(c, me, view)
        params = {"char": char_name(c), "p": pct(p), "g": round(g)}
        if g >= WIN:
            return Hint(action, "hints.mascarade.announce_win", params)
        if p < 0.5:
            miss = 1.0
            for s in range(view.n_seats):
                if s != me:
                    miss *= 1.0 - agent.claim_probability(view, s, c)
            return Hint(action, "hints.mascarade.announce_bluff", {**params, "q": pct(1.0 - miss)})
        return Hint(action, "hints.mascarade.announce", params)
    if kind == "peek":
        return Hint(action, "hints.mascarade.peek", base)
    if kind == "swap":
        other = action[2]
        params = {**base, "seat": view.owner[other]}
        if view.owner[other] is None:
            params["seat"] = None
        if view.forced:
            return Hint(action, "hints.mascarade.swap_forced", params)
        if action[3]:
            theirs, p_theirs = _best(agent.tracker.prob_at(other))
            return Hint(action, "hints.mascarade.swap_real",
                        {**params, "their": char_name(theirs), "q": pct(p_theirs)})
        return Hint(action, "hints.mascarade.swap_fake", params)
    if kind in ("claim", "pass"):
        ann_seat, c, _pos = view.announced
        pos = action[1] if kind == "claim" else view.hands[me][0]
        p = agent.my_card(view, pos).get(c, 0.0)
        params = {"char": char_name(c), "p": pct(p), "seat": ann_seat}
        if kind == "pass":
            return Hint(action, "hints.mascarade.pass_not" if p == 0 else "hints.mascarade.pass", params)
        if gain(c, ann_seat, view) >= WIN and p < 0.5:
            return Hint(action, "hints.mascarade.claim_block", params)
        return Hint(action, "hints.mascarade.claim", params)
    if kind in ("bishop", "witch", "inquire"):
        s = action[1]
        return Hint(action, f"hints.mascarade.{kind}", {"seat": s, "coins": view.coins[s]})
    if kind == "decline":
        return Hint(action, "hints.mascarade.decline", {"coins": view.coins[me]})
    if kind == "spy":
        return Hint(action, "hints.mascarade.spy_look", {"seat": view.owner[action[1]]})
    if kind == "spy_swap":
        return Hint(action, "hints.mascarade.spy_swap" if action[1] else "hints.mascarade.spy_keep", {})
    if kind == "guess":
        p = agent.my_card(view, action[2]).get(action[1], 0.0)
        return Hint(action, "hints.mascarade.guess", {"char": char_name(action[1]), "p": pct(p)})
    return Hint(action, "hints.mascarade.fool", {})
