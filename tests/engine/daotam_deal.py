"""Explicit Đạo Tâm deals for scenario tests (rules §6: seeded RNG, direct state setup,
a fake clock). Cards are letters: C = Cương, N = Nhu, T = Tà Khí; a pile string lists
the cards in the order they will be drawn. Whatever a test does not place goes to the
bottom of the decks, so all 55 + 20 cards stay accounted for (the conservation check)
unless ``conserve=False`` builds a deliberately short state."""

from __future__ import annotations

from game.core import Event
from game.daotam.deck import default_deck
from game.daotam.rules import DaoTamState, check_invariants
from game.match import Match, Seat

LETTER = {"C": 0, "N": 1, "T": 2}
CHALLENGE, PASS, SHOUT = ("challenge",), ("pass",), ("shout",)


def counts(text: str) -> list[int]:
    out = [0, 0, 0]
    for ch in text.replace(" ", ""):
        out[LETTER[ch]] += 1
    return out


def deal(hands: list[str], top: str = "", cd_top: tuple[str, ...] | list[str] = (),
         first: int = 0, disc_up: str = "", disc_down: str = "", conserve: bool = True,
         bottom: str | None = None, cd_bottom: list[str] | None = None, **fields) -> DaoTamState:
    """A state whose first turn (seat ``first``) is about to be played."""
    deck = default_deck()
    hs = [counts(h) for h in hands]
    used = [sum(h[k] for h in hs) + counts(top)[k] + counts(disc_up)[k] + counts(disc_down)[k]
            for k in range(3)]
    if bottom is None:
        left = [c - u for c, u in zip(deck.chieu_counts(), used, strict=True)]
        assert min(left) >= 0, f"too many cards placed: {left}"
        rest = [k for k in (2, 0, 1) for _ in range(left[k])] if conserve else []
    else:
        rest = list(reversed([LETTER[c] for c in bottom]))
    deck_ct = rest + list(reversed([LETTER[c] for c in top]))
    held = list(cd_top) + list(fields.get("disc_cd", []))
    held += [c for o in fields.get("opened", []) for c in o.values()]
    held += [c for c in fields.get("shield", []) if c]
    if cd_bottom is None:
        pool = deck.chinh_list()
        for c in held:
            pool.remove(c)
        cd_rest = pool if conserve else []
    else:
        cd_rest = list(reversed(cd_bottom))
    deck_cd = cd_rest + list(reversed(list(cd_top)))
    disc_cd = fields.pop("disc_cd", [])
    st = DaoTamState.from_deal(len(hands), hs, deck_ct, deck_cd, first=first,
                               disc_up=counts(disc_up), disc_down=counts(disc_down),
                               disc_cd=disc_cd, **fields)
    st.conserve = conserve
    ok(st)
    return st


def ok(st: DaoTamState) -> None:
    bad = check_invariants(st, conservation=getattr(st, "conserve", True))
    assert bad == [], bad


def play(st: DaoTamState, seat: int, action: tuple) -> list[Event]:
    ev = st.apply(seat, action)
    ok(st)
    return ev


def match(st: DaoTamState, timers: bool | None = None, seats: list[Seat] | None = None) -> Match:
    """A Match of humans around ``st`` (every event checked through ``ok``)."""
    m = Match("daotam", seats or [Seat("human") for _ in range(st.n_seats)], seed=1,
              state_factory=lambda n, seed, opts: st, timers=timers)
    return m


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
