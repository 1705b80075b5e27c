"""Where the viewer's Ganjifa cards sit: one row, suits in avatar order, scaled to fit.

The row keeps every suit group in one place (no second row for groups to jump to) and
shrinks the cards just enough that each card's upper-left index medallion stays clear of
its right-hand neighbour. Pure geometry: no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass

STEP_MIN = 0.31      # of D: the 10:30 index medallion (centre 0.265 D, r 0.115 D) stays
#                      clear of the next card even when the next card is lifted a little
STEP_MAX = 0.62      # of D: the widest fan, for short hands
GAP_MIN = 0.12       # of D: between suit groups when the row is tight
GAP_MAX = 0.25       # of D: between suit groups when there is room
D_MAX_U = 17.0       # largest hand card, in u
MEDALLION = (-0.265, -0.265, 0.115)     # centre x, y and radius, in D (scenes.art.ganjifa_cards)


@dataclass
class HandSlot:
    card: int
    centre: tuple[float, float]
    row: int = 0


@dataclass
class HandLayout:
    d: int                                  # card diameter
    slots: list[HandSlot]
    groups: list[tuple[int, float, float]]  # (suit, left edge, room to the next group)


def row_diameter(n: int, groups: int, size: tuple[int, int], u: float) -> int:
    """The card diameter of a row of ``n`` cards in ``groups`` suit groups: the largest
    that fits, quantised so the faces are painted at few sizes per hand."""
    w, h = size
    avail = max(1.0, w - 6 * u)
    d_max = max(8, min(round(D_MAX_U * u), round(0.3 * h)))
    d = d_max
    if n > 1:
        fit = avail / (1 + (n - 1) * STEP_MIN + max(0, groups - 1) * GAP_MIN)
        if fit < d_max:
            q = max(2, round(u / 2))
            d = fit // q * q
    return max(8, int(d))


def hand_layout(cards: list[int], per_suit: int, size: tuple[int, int], u: float,
                basis: list[int] | None = None) -> HandLayout:
    """Slots for ``cards`` (sorted by suit, then strength) in one centred row.

    ``basis`` (a superset, sorted the same way) fixes the card size and places while the
    hand is still being dealt, so arriving cards land where they will stay.
    """
    basis = basis if basis is not None else cards
    w, h = size
    avail = max(1.0, w - 6 * u)
    n = len(basis)
    g = len({c // per_suit for c in basis})
    d = row_diameter(n, g, size, u)
    step, gap = 0.0, 0.0
    if n > 1:
        gaps = max(0, g - 1)
        step, gap = STEP_MAX * d, GAP_MAX * d
        if d + (n - 1) * step + gaps * gap > avail:
            gap = GAP_MIN * d
            step = max(1.0, min(STEP_MAX * d, (avail - d - gaps * gap) / (n - 1)))
    width = d + step * max(0, n - 1) + gap * max(0, g - 1)
    x = (w - width) / 2 + d / 2
    y = h - 2.5 * u - d / 2
    keep = set(cards)
    slots: list[HandSlot] = []
    placed: list[tuple[int, float]] = []
    for i, c in enumerate(basis):
        if i and c // per_suit != basis[i - 1] // per_suit:
            x += gap
        if c in keep:
            slots.append(HandSlot(c, (x, y)))
            placed.append((c, x))
        x += step
    groups: list[tuple[int, float, float]] = []
    for i, (c, cx) in enumerate(placed):
        suit = c // per_suit
        if groups and groups[-1][0] == suit:
            continue
        nxt = next((x2 for c2, x2 in placed[i:] if c2 // per_suit != suit), None)
        last = max(x2 for c2, x2 in placed if c2 // per_suit == suit)
        room = (nxt - cx - 0.2 * gap) if nxt is not None else (last - cx + d)
        groups.append((suit, cx - d / 2, room))
    return HandLayout(d, slots, groups)


def medallion(centre: tuple[float, float], d: float) -> tuple[float, float, float]:
    """The index medallion of a card drawn at ``centre``: (x, y, radius) in pixels."""
    mx, my, r = MEDALLION
    return (centre[0] + mx * d, centre[1] + my * d, r * d)
