"""Why the Ganjifa agents play what they play, in one sentence (see :mod:`game.hints`).

The move is the Normal (card-counting policy) or Hard (search, deterministic here)
agent's; the reason describes the facts of the view that make it that move: a Dukal's
length, a card being the best of its suit still out (a *master*), the trumps still out,
the cards above it, winning cheaply or shedding the cheapest card.
"""

from __future__ import annotations

from typing import Any

from game.core import Action
from game.ganjifa.ai import make_agent
from game.ganjifa.deck import default_deck
from game.ganjifa.policy import (
    CARD_AT,
    FULL,
    PER,
    SAFE_MASTER,
    STRENGTH,
    _ruff_risk,
    card_mask,
    give_choice,
    played_cards,
    public_voids,
)
from game.ganjifa.rules import GanjifaView
from game.hints import Hint

UNDO = True             # undo against AIs is offered in Ganjifa (game.undo)
HARD_WORLDS = 120       # the hard hint's sampled worlds (no clock: deterministic)
_DECK = default_deck()
N = _DECK.players


def card_name(card: int) -> dict:
    return {lg: _DECK.card_name(card, lg) for lg in ("vi", "en")}


def suit_name(suit: int) -> dict:
    return dict(_DECK.suits[suit].name)


class Facts:
    """What the seat knows, per suit mask: its hand and the cards still out elsewhere."""

    def __init__(self, view: GanjifaView) -> None:
        self.view = view
        self.me = view.seat
        self.hand = card_mask(view.hand or ())
        gone = card_mask(played_cards(view))
        self.out = [FULL & ~g & ~h for g, h in zip(gone, self.hand, strict=True)]
        self.voids = public_voids(view)
        self.trump = view.trump

    def above(self, card: int) -> int:
        """Cards of ``card``'s suit still in the other hands that beat it."""
        return (self.out[card // PER] >> (STRENGTH[card] + 1)).bit_count()

    def trumps_out(self) -> int:
        return self.out[self.trump].bit_count()

    def ruff_risk(self, suit: int) -> float:
        me = self.me
        return _ruff_risk(suit, self.out[suit].bit_count(), self.trumps_out(), self.trump,
                          self.voids[(me + 1) % N], self.voids[(me + 2) % N])


def explain(view: GanjifaView, legal: list[Action], level: str, events: list, seed: int) -> Hint:
    settings: dict[str, Any] = {"time_budget": None, "iterations": HARD_WORLDS} if level == "hard" else {}
    agent = make_agent(level, view.seat, seed, **settings)
    agent.observe(events)
    action = agent.decide(view, legal)
    hint = reason(view, legal, action)
    rest = _more_gives(view, action)
    if rest:
        cards = [action[1]] + [a[1] for a in rest]
        names = {lg: ", ".join(_DECK.card_name(c, lg) for c in cards) for lg in ("vi", "en")}
        hint = Hint(action, "hints.ganjifa.give_many", {"cards": names, "n": len(cards)}, tuple(rest))
    return hint


def _more_gives(view: GanjifaView, first: Action) -> list[Action]:
    """The rest of a Dukal give-up after ``first``, by the normal policy's choice of sure
    losers (the table gives the cards together, so the hint names them all)."""
    if first[0] != "give":
        return []
    given = next((len(cs) for s, cs in view.gives if s == view.seat), 0)
    need = view.give_count - given
    hand = card_mask(view.hand or ())
    rem = [FULL & ~g for g in card_mask(played_cards(view))]
    out: list[Action] = []
    card = first[1]
    for _ in range(need - 1):
        s, k = card // PER, STRENGTH[card]
        hand[s] &= ~(1 << k)
        rem[s] &= ~(1 << k)
        s, k = give_choice(hand, rem, view.trump)
        card = CARD_AT[s][k]
        out.append(("give", card))
    return out


def reason(view: GanjifaView, legal: list[Action], action: Action) -> Hint:
    """The sentence for ``action`` (any legal one) from the facts of ``view``."""
    f = Facts(view)
    if action[0] == "dukal":
        cards = action[1]
        return Hint(action, "hints.ganjifa.dukal",
                    {"suit": suit_name(cards[0] // PER), "n": len(cards), "total": N * len(cards)})
    card = action[1]
    p = {"card": card_name(card), "suit": suit_name(card // PER)}
    if action[0] == "give":
        if f.above(card):
            return Hint(action, "hints.ganjifa.give_loser", {**p, "n": f.above(card)})
        return Hint(action, "hints.ganjifa.give_least", p)
    if view.phase == "lead":
        return Hint(action, *_lead(f, card, p))
    return Hint(action, *_follow(f, view, legal, card, p))


def _lead(f: Facts, card: int, p: dict) -> tuple[str, dict]:
    suit, trump = card // PER, f.trump
    above = f.above(card)
    if suit == trump:
        if not above and f.trumps_out():
            return "hints.ganjifa.draw_trumps", {**p, "n": f.trumps_out()}
        if all(not f.hand[s] for s in range(len(f.hand)) if s != trump):
            return "hints.ganjifa.only_trumps", p
        return "hints.ganjifa.lead_trump", {**p, "n": above}
    if not above:
        if not f.trumps_out():
            return "hints.ganjifa.master_no_trumps", p
        if f.ruff_risk(suit) < SAFE_MASTER:
            return "hints.ganjifa.master_safe", p
        return "hints.ganjifa.master_risky", {**p, "n": f.trumps_out()}
    if STRENGTH[card] == f.hand[suit].bit_length() - 1 and above <= 2:
        return "hints.ganjifa.near", {**p, "n": above}
    if f.hand[trump] and f.hand[suit].bit_count() <= 2:
        return "hints.ganjifa.low_short", {**p, "n": f.hand[suit].bit_count()}
    return "hints.ganjifa.low", p


def _power(card: int, led: int, trump: int) -> tuple[int, int]:
    s = card // PER
    return (2 if s == trump else 1 if s == led else 0, STRENGTH[card])


def _follow(f: Facts, view: GanjifaView, legal: list[Action], card: int, p: dict) -> tuple[str, dict]:
    trump = f.trump
    led = view.trick[0][1] // PER
    best_seat, best = max(view.trick, key=lambda sc: _power(sc[1], led, trump))
    top = _power(best, led, trump)
    p = {**p, "best": card_name(best), "led": suit_name(led)}
    mine = _power(card, led, trump)
    if mine > top:
        if len(view.trick) == N - 1:
            return "hints.ganjifa.win_last", p
        if card // PER == trump and led != trump:
            return "hints.ganjifa.ruff", p
        if not f.above(card) and (led == trump or not f.trumps_out()):
            return "hints.ganjifa.win_sure", p
        return "hints.ganjifa.win_second", {**p, "n": f.above(card)}
    can_win = any(_power(a[1], led, trump) > top for a in legal if a[0] == "play")
    if can_win:
        return "hints.ganjifa.duck_keep", p
    return "hints.ganjifa.duck", p
