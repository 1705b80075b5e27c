"""Why the Kowah agents take, draw, discard or expose, in one sentence (see
:mod:`game.hints`).

The facts are the agents' own counting (:class:`game.kowah.ai.Counter`): the *distance*
(cards still missing for a checki hand whose wait keeps a live copy), the cards of the
hand sharing a number (the groups), and the live copies the seat has not seen.
"""

from __future__ import annotations

from game.core import Action
from game.hints import Hint
from game.kowah.ai import INF, Counter, _remove, make_agent
from game.kowah.deck import default_deck
from game.kowah.rules import KowahView

UNDO = True             # undo against AIs is offered in Kowah (game.undo)
_DECK = default_deck()
_COUNTER = Counter(_DECK)


def card_name(card: int) -> dict:
    return {lg: _DECK.card_name(card, lg) for lg in ("vi", "en")}


def explain(view: KowahView, legal: list[Action], level: str, events: list, seed: int) -> Hint:
    settings = {"time_budget": None} if level == "hard" else {}
    agent = make_agent(level, view.seat, seed, **settings)
    agent.observe(events)
    return reason(view, legal, agent.decide(view, legal))


def _distance(hand: list[int], unseen: list[int], ukey: list[int]) -> int:
    return _COUNTER.analyse(hand, unseen, ukey)[0]


def _same_number(hand: list[int], card: int) -> int:
    """Cards of ``hand`` sharing ``card``'s triple key (its number), ``card`` not counted."""
    keys = _DECK.keys
    return sum(1 for c in hand if keys[c] == keys[card]) - (1 if card in hand else 0)


def reason(view: KowahView, legal: list[Action], action: Action) -> Hint:
    """The sentence for ``action`` (any legal one) from the facts of ``view``."""
    unseen = _COUNTER.unseen(view)
    ukey = _COUNTER.key_unseen(unseen)
    hand = list(view.hand or ())
    kind = action[0]
    if kind in ("declare", "pass"):
        pairs = [a[1] for a in legal if a[0] == "declare"]
        if kind == "declare":
            return Hint(action, "hints.kowah.declare", {"card": card_name(action[1]),
                                                        "n": unseen[action[1]]})
        best = max(pairs, key=lambda x: unseen[x]) if pairs else None
        if best is not None and unseen[best] == 0:
            return Hint(action, "hints.kowah.pass_dead", {"card": card_name(best)})
        return Hint(action, "hints.kowah.pass", {})
    if kind in ("take", "draw"):
        top = view.discards[-1]
        now = _distance(hand, unseen, ukey)
        nine = sorted(hand + [top])
        options = set(nine)
        if not view.rediscard_taken_card:
            options.discard(top)
        after = min(_distance(_remove(nine, z), unseen, ukey) for z in options)
        p = {"card": card_name(top), "now": now, "d": after}
        if kind == "take":
            same = _same_number(hand, top)
            if after == 0:
                return Hint(action, "hints.kowah.take_checki", p)
            if same >= 2:
                return Hint(action, "hints.kowah.take_triple", {**p, "n": same + 1})
            if after < now:
                return Hint(action, "hints.kowah.take_closer", p)
            return Hint(action, "hints.kowah.take_outs", p)
        if now >= INF:
            return Hint(action, "hints.kowah.draw_far", p)
        if after < now:
            return Hint(action, "hints.kowah.draw_better", p)
        return Hint(action, "hints.kowah.draw", p)
    card = action[1]
    rest = _remove(hand, card)
    d = _distance(rest, unseen, ukey)
    p = {"card": card_name(card), "d": d}
    waits = [s for s, x in enumerate(view.declared) if x is not None and s != view.seat]
    fed = [s for s in waits if view.declared[s] in {a[1] for a in legal} and view.declared[s] != card]
    if d == 0:
        return Hint(action, "hints.kowah.discard_checki", p)
    if fed:
        return Hint(action, "hints.kowah.discard_safe", {**p, "seat": fed[0],
                                                          "wait": card_name(view.declared[fed[0]])})
    same = _same_number(hand, card)
    if same == 0:
        if ukey[_DECK.keys[card]] == 0:
            return Hint(action, "hints.kowah.discard_dead", p)
        return Hint(action, "hints.kowah.discard_loner", p)
    if d >= INF:
        return Hint(action, "hints.kowah.discard_far", p)
    return Hint(action, "hints.kowah.discard_keep", {**p, "n": same + 1})
