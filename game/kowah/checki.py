"""Kowah hand recognition as pure functions (rules 5–8, 23).

Cards are identities (ints, see :mod:`game.kowah.deck`). ``keys`` maps an identity to its
triple key (a numeral's number, or the honour itself); it defaults to the default pack.

Because suits mix freely in a triple, a group of cards of one key splits into triples
exactly when its size is a multiple of three. So an 8-card hand is *checki* with exposed
pair ``x`` when it holds exactly two copies of ``x`` (rule 8) and, once those two are
set aside, every key count is a multiple of three.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.kowah.deck import default_deck


def _keys(keys: Sequence[int] | None) -> Sequence[int]:
    return default_deck().keys if keys is None else keys


def is_triple(cards: Iterable[int], keys: Sequence[int] | None = None) -> bool:
    """Three cards of one key: one number in any suits, or three of one honour (rule 6)."""
    cs = list(cards)
    k = _keys(keys)
    return len(cs) == 3 and k[cs[0]] == k[cs[1]] == k[cs[2]]


def is_pair(cards: Iterable[int]) -> bool:
    """Two cards of the same identity: same number *and* suit, or the same honour (rule 7)."""
    cs = list(cards)
    return len(cs) == 2 and cs[0] == cs[1]


def key_counts(hand: Iterable[int], keys: Sequence[int] | None = None) -> dict[int, int]:
    k = _keys(keys)
    out: dict[int, int] = {}
    for c in hand:
        kc = k[c]
        out[kc] = out.get(kc, 0) + 1
    return out


def exposable_pairs(hand: Sequence[int], keys: Sequence[int] | None = None) -> tuple[int, ...]:
    """The identities ``x`` whose pair may be exposed when declaring, sorted (rules 8, 16).

    Empty when the hand is not checki. The hand must hold 8 cards.
    """
    if len(hand) != 8:
        return ()
    k = _keys(keys)
    counts: dict[int, int] = {}
    for c in hand:
        kc = k[c]
        counts[kc] = counts.get(kc, 0) + 1
    odd = 0
    kx = -1
    for kc, n in counts.items():
        if n % 3:
            odd += 1
            kx = kc
    if odd != 1 or counts[kx] % 3 != 2:
        return ()
    out = [x for x in set(hand) if k[x] == kx and hand.count(x) == 2]
    out.sort()
    return tuple(out)


def is_checki(hand: Sequence[int], keys: Sequence[int] | None = None) -> bool:
    """True when the 8 cards are T1 + T2 + an identical pair held exactly twice (rule 8)."""
    return bool(exposable_pairs(hand, keys))


def is_complete(hand: Sequence[int], keys: Sequence[int] | None = None) -> bool:
    """A winning 9-card hand: T1 + T2 + three identical cards (rule 23)."""
    if len(hand) != 9:
        return False
    if any(n % 3 for n in key_counts(hand, keys).values()):
        return False
    return any(hand.count(c) >= 3 for c in set(hand))


def split_groups(hand: Sequence[int], pair: int,
                 keys: Sequence[int] | None = None) -> tuple[tuple[int, ...], ...]:
    """Split a checki hand (8 cards) or a winning hand (9) around ``pair`` for display.

    Returns ``(T1, T2, P)`` where P is the pair (or the three identical cards). Raises
    ValueError when the hand does not split that way.
    """
    k = _keys(keys)
    rest = list(hand)
    n_pair = 2 if len(hand) == 8 else 3
    if rest.count(pair) < n_pair:
        raise ValueError("the hand does not hold that pair")
    for _ in range(n_pair):
        rest.remove(pair)
    rest.sort(key=lambda c: (k[c], c))
    if len(rest) != 6 or not (is_triple(rest[:3], k) and is_triple(rest[3:], k)):
        raise ValueError("the other six cards are not two triples")
    if len(hand) == 8 and pair not in exposable_pairs(hand, k):
        raise ValueError("that pair may not be exposed")
    return tuple(rest[:3]), tuple(rest[3:]), (pair,) * n_pair


__all__ = ["is_triple", "is_pair", "key_counts", "exposable_pairs", "is_checki",
           "is_complete", "split_groups"]
