"""Where the viewer's Ganjifa cards sit: suits in avatar order, in one row of at most
:data:`ROW_MAX` cards, or in two (art direction §1.3: never more than 20 a row).

A hand of more than 20 cards is split between an upper and a lower row at the suit
boundary that balances them best (a suit is cut in two only when no boundary keeps both
rows to 20); once split, a suit group stays in its row for the rest of the hand (the
split is kept as cards leave, so no group jumps rows). Both rows use one card size,
which stays the same as long as there are two rows (the row's faces are painted once),
and one spacing. The cards shrink just enough that each card's upper-left index
medallion stays clear of its right-hand neighbour; the lower row stands far enough down
that the upper row's medallions stay clear of it and of its suit tabs. Each suit group
is given room for its tab's label where the row has it (``label_w``). Pure geometry: no
drawing here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

STEP_MIN = 0.31      # of D: the 10:30 index medallion (centre 0.265 D, r 0.115 D) stays
#                      clear of the next card even when the next card is lifted a little
STEP_MAX = 0.62      # of D: the widest fan, for short hands
GAP_MIN = 0.12       # of D: between suit groups when the row is tight
GAP_MAX = 0.25       # of D: between suit groups when there is room
D_MAX_U = 19.0       # largest hand card, in u (a short hand where the row has the room)
TRICK_U = (15.0, 19.0)   # the trick's cards, in u: from the window's width (0.105 W), within these
PILE_U = (7.0, 8.5)      # the capture piles', in u: 0.05 W, within these
ROW_MAX = 20         # cards in a row, at most (art direction §1.3)
TWO_ROW_D_U = 15.5   # largest card of a two-row hand, in u: the pair of rows stands 32u tall
WORST_ROW_GROUPS = 6     # a row of a split hand holds at most 6 suit groups (5 + a cut suit)
PITCH = (0.35, 4.2)  # the lower row's centre below the upper's: 0.35 D + 4.2 u. The upper
#                      row's medallions end 0.15 D above its centre; the lower row's tabs
#                      (3 u) lifted with a playable group (1.2 u) stay below them
BOTTOM_U = 2.5       # below the (lower) row
TAB_U = 3.2          # the suit tabs above a row
LIFT_U = 1.2         # a playable card (and its group's tab) stands forward this much
MEDALLION = (-0.265, -0.265, 0.115)     # centre x, y and radius, in D (scenes.art.ganjifa_cards)


@dataclass
class HandSlot:
    card: int
    centre: tuple[float, float]
    row: int = 0


@dataclass
class HandGroup:
    """One suit group of a row: its cards' left edge, the room its tab may take (to the
    next group of the row, or the group's own width for the row's last) and its row."""
    suit: int
    left: float
    room: float
    row: int = 0


@dataclass
class HandLayout:
    d: int                                  # card diameter
    slots: list[HandSlot]
    groups: list[HandGroup]
    pitch: float = 0.0                      # the lower row's centre below the upper's (0: one row)
    lower: frozenset[int] = field(default_factory=frozenset)    # the cards of the lower row

    @property
    def rows(self) -> int:
        return 2 if self.pitch else 1


def room_sizes(size: tuple[int, int]) -> tuple[int, int]:
    """The trick's and the capture piles' card diameters at a window ``size``: they take
    the width the window gives (a 16:9 window's centre has room for cards larger than
    the art direction's 15u trick) without reaching the hand's prompt or the seats."""
    w, h = size
    u = h / 100
    wu = w / max(u, 1e-6)
    trick = min(TRICK_U[1], max(TRICK_U[0], 0.105 * wu))
    pile = min(PILE_U[1], max(PILE_U[0], 0.05 * wu))
    return max(8, round(trick * u)), max(6, round(pile * u))


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


def two_row_diameter(size: tuple[int, int], u: float) -> int:
    """The card diameter of a two-row hand: one size whatever the hand (that of the
    fullest row the split allows), so the rows never step while there are two."""
    return min(row_diameter(ROW_MAX, WORST_ROW_GROUPS, size, u), max(8, round(TWO_ROW_D_U * u)))


def hand_diameter(n: int, groups: int, size: tuple[int, int], u: float) -> int:
    """The card diameter of a hand of ``n`` cards in ``groups`` suit groups."""
    if n > ROW_MAX:
        return two_row_diameter(size, u)
    return row_diameter(n, groups, size, u)


def row_pitch(d: float, u: float) -> float:
    return PITCH[0] * d + PITCH[1] * u


def hand_height(d: float, rows: int, u: float) -> float:
    """From the top of the (upper) row's tabs, lifted, to the window's bottom."""
    return TAB_U * u + LIFT_U * u + d + (row_pitch(d, u) if rows > 1 else 0.0) + BOTTOM_U * u


def tallest_hand(size: tuple[int, int], u: float) -> float:
    """The most room any hand takes at this window size (one row of the largest cards,
    or two rows)."""
    return max(hand_height(row_diameter(1, 1, size, u), 1, u), hand_height(two_row_diameter(size, u), 2, u))


def row_split(order: Sequence[int], per_suit: int, lower: Collection[int] | None = None) -> int:
    """Where the lower row starts in ``order`` (0: one row). ``lower``: the cards the
    lower row held before; kept while it still splits ``order`` validly (cards only
    leave a hand), so groups stay in their rows."""
    n = len(order)
    if n <= ROW_MAX:
        return 0

    def fits(i: int) -> bool:
        return 0 < i < n and i <= ROW_MAX and n - i <= ROW_MAX

    def cuts(i: int) -> bool:
        return order[i] // per_suit == order[i - 1] // per_suit

    if lower:
        i = next((k for k, c in enumerate(order) if c in lower), n)
        if fits(i) and all(c in lower for c in order[i:]):
            if not cuts(i):
                return i
            suit = order[i] // per_suit      # a cut suit joins one row once it can
            at = [k for k, c in enumerate(order) if c // per_suit == suit]
            whole = [k for k in (at[0], at[-1] + 1) if fits(k)]
            return min(whole, key=lambda k: (abs(2 * k - n), k)) if whole else i
    bounds = [i for i in range(1, n) if fits(i) and order[i] // per_suit != order[i - 1] // per_suit]
    if bounds:
        return min(bounds, key=lambda i: (abs(2 * i - n), i))
    return (n + 1) // 2


def _runs(row: Sequence[int], per_suit: int) -> list[tuple[int, int]]:
    """A row's suit groups: (suit, cards) left to right."""
    out: list[tuple[int, int]] = []
    for c in row:
        if out and out[-1][0] == c // per_suit:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((c // per_suit, 1))
    return out


def _spans(runs: list[tuple[int, int]], d: float, step: float, gap: float,
           need: Mapping[int, float]) -> list[float]:
    """Each group's span: to the next group's left edge (the last: to its right edge),
    at least what its tab's label needs."""
    out = []
    for i, (suit, k) in enumerate(runs):
        natural = k * step + gap if i < len(runs) - 1 else (k - 1) * step + d
        out.append(max(natural, need.get(suit, 0.0)))
    return out


def _spacing(rows: list[list[tuple[int, int]]], d: float, avail: float,
             label_levels: Sequence[Mapping[int, float]]) -> tuple[float, float, Mapping[int, float]]:
    """One (step, gap) for every row, and the label widths the rows make room for: the
    widest fan that fits with the first level of labels that fits at all (their names,
    then short forms, then none), else the tightest fan (steps below STEP_MIN only when
    the cards are as small as they go)."""
    levels = [*label_levels, {}]
    n_max = max(sum(k for _, k in r) for r in rows)
    if n_max <= 1:
        return 0.0, GAP_MAX * d, levels[0]

    def width(step: float, gap: float, need: Mapping[int, float]) -> float:
        return max(sum(_spans(r, d, step, gap, need)) for r in rows)

    for need in levels:
        for gap in (GAP_MAX * d, GAP_MIN * d):
            lo, hi = STEP_MIN * d, STEP_MAX * d
            if width(lo, gap, need) > avail:
                continue
            for _ in range(24):         # width grows with the step: the largest that fits
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if width(mid, gap, need) <= avail else (lo, mid)
            return (hi if width(hi, gap, need) <= avail else lo), gap, need
    step, gap = STEP_MAX * d, GAP_MAX * d
    for r in rows:
        n, g = sum(k for _, k in r), len(r)
        if n > 1 and d + (n - 1) * step + (g - 1) * gap > avail:
            gap = GAP_MIN * d
            step = min(step, max(1.0, (avail - d - (g - 1) * gap) / (n - 1)))
    return step, gap, {}


def hand_layout(cards: list[int], per_suit: int, size: tuple[int, int], u: float,
                basis: list[int] | None = None, lower: Collection[int] | None = None,
                label_w: Sequence[Mapping[int, float]] = ()) -> HandLayout:
    """Slots for ``cards`` (sorted by suit, then strength) in one centred row, or two.

    ``basis`` (a superset, sorted the same way) fixes the card size and places while the
    hand is still being dealt, so arriving cards land where they will stay. ``lower``:
    the previous layout's lower row (kept while valid). ``label_w``: per suit, the room
    (in pixels, from the group's left edge) its tab's label needs, by level of preference
    (full names, short forms).
    """
    basis = basis if basis is not None else cards
    w, h = size
    avail = max(1.0, w - 6 * u)
    split = row_split(basis, per_suit, lower)
    rows = [basis[:split], basis[split:]] if split else [basis]
    d = hand_diameter(len(basis), len({c // per_suit for c in basis}), size, u)
    runs = [_runs(r, per_suit) for r in rows]
    step, gap, need = _spacing(runs, d, avail, label_w) if basis else (0.0, 0.0, {})
    pitch = row_pitch(d, u) if split else 0.0
    y_bottom = h - BOTTOM_U * u - d / 2
    keep = set(cards)
    slots: list[HandSlot] = []
    groups: list[HandGroup] = []
    for r, (row, row_runs) in enumerate(zip(rows, runs, strict=True)):
        spans = _spans(row_runs, d, step, gap, need)
        left = (w - sum(spans)) / 2
        y = y_bottom - (pitch if r == 0 else 0.0)
        i = 0
        placed: list[tuple[int, float, float]] = []     # (suit, left edge, span) of groups with cards
        for (suit, k), span in zip(row_runs, spans, strict=True):
            here = [(c, left + d / 2 + j * step) for j, c in enumerate(row[i:i + k]) if c in keep]
            for c, x in here:
                slots.append(HandSlot(c, (x, y), r))
            if here:
                placed.append((suit, here[0][1] - d / 2, here[-1][1] + d / 2))
            i += k
            left += span
        for j, (suit, x0, x1) in enumerate(placed):
            room = placed[j + 1][1] - x0 if j + 1 < len(placed) else max(x1 - x0, need.get(suit, 0.0))
            groups.append(HandGroup(suit, x0, room, r))
    return HandLayout(d, slots, groups, pitch, frozenset(rows[1]) if split else frozenset())


def medallion(centre: tuple[float, float], d: float) -> tuple[float, float, float]:
    """The index medallion of a card drawn at ``centre``: (x, y, radius) in pixels."""
    mx, my, r = MEDALLION
    return (centre[0] + mx * d, centre[1] + my * d, r * d)
