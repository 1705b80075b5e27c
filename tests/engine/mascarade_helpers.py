"""Rigged Mascarade positions for the edge-case tests (T01–T63)."""

from __future__ import annotations

from game.mascarade.data import default_rules
from game.mascarade.rules import MascaradeState, new_game

R = default_rules()


def ids(*names: str) -> list[int]:
    return [R.index(x) for x in names]


def rigged(n: int, layout: list[str] | None = None, coins: list[int] | None = None,
           turn: int = 0, turn_no: int = 5, court: int = 0, **options) -> MascaradeState:
    """A game at turn ``turn_no`` with seat ``turn`` to act and the cards ``layout``
    (position order: seats, then middle). ``coins`` replace the 6s; the bank issue is
    adjusted so that coins stay conserved."""
    st = new_game(n, seed=1, options=options)
    if layout is not None:
        cards = ids(*layout)
        assert len(cards) == len(st.cards), (len(cards), len(st.cards))
        st.cards = list(cards)
        st.initial = tuple(cards)
        st.charset = tuple(sorted(set(cards)))
    if coins is not None:
        st.coins = list(coins)
    st.court = court
    st.bank_issued = sum(st.coins) + st.court - R.start_coins * n
    st.turn, st.turn_no, st.first = turn, turn_no, turn
    return st


def act(st: MascaradeState, *actions) -> list:
    """Apply each action for the seat that must act; returns all events."""
    out = []
    for a in actions:
        out += st.apply(st.active_seats()[0], a)
    return out


def announce(st: MascaradeState, char: str, claimers: tuple[int, ...] = ()) -> list:
    """The turn seat announces ``char``; the seats in ``claimers`` claim, the rest pass."""
    seat = st.turn
    events = st.apply(seat, ("announce", R.index(char), st.hands[seat][0]))
    while st.phase == "claim":
        s = st.active_seats()[0]
        events += st.apply(s, ("claim", st.hands[s][0]) if s in claimers else ("pass",))
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]
