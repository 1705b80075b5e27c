"""The Kowah table's visual state, without pygame: what lies where on the cloth.

It is rebuilt from the viewer's view (:meth:`KowahModel.reset`) and then changed one step
at a time as the engine's events are animated: the animation calls a step (a card leaves
the stock, lands in a hand, joins the pile…) when the flight reaches it. Every write to
the table's state goes through a method here, so tests can feed a view and events
(:meth:`KowahModel.apply_events`) and read the state back with no display at all.

The rules stay in the engine: a win's groups come from its win event (or the result), and
a declared hand is shown as its two triples and the exposed pair by sorting it by key (the
engine has already checked that the pair may be exposed; a triple is one key).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

HELD = -1                   # hand slot index of a declarer's drawn card
STOCK_WINS = ("self_drawn", "opponent_draw")     # the winning card came off the stock


def display_groups(hand: Sequence[int], pair: int, keys: Sequence[int]) -> tuple[tuple[int, ...], ...] | None:
    """An engine-checked hand around its pair, as shown: (T1, T2, the pair or three).

    The hand is 8 cards (a checki hand, the pair held twice) or 9 (won, held three
    times). None when the hand does not hold the pair that often."""
    n_pair = 2 if len(hand) == 8 else 3
    rest = list(hand)
    if rest.count(pair) < n_pair:
        return None
    for _ in range(n_pair):
        rest.remove(pair)
    rest.sort(key=lambda c: (keys[c], c))
    return tuple(rest[:3]), tuple(rest[3:]), (pair,) * n_pair


def outcome_from_win(winner: int, data: dict) -> dict:
    """The table's record of a win, from the win event's data (or a result's details)."""
    return {"kind": "win", "winner": winner, "card": data.get("card"),
            "method": data.get("method"), "mult": data.get("multiplier", 1),
            "from_seat": data.get("from_seat"), "pair": data.get("pair"),
            "hand": list(data.get("hand", ())),
            "groups": [tuple(g) for g in data.get("groups") or ()]}


def outcome_from_result(result: Any) -> dict | None:
    """The outcome of a finished hand (None while it goes on)."""
    if result is None:
        return None
    d = result.details
    if result.winners:
        o = outcome_from_win(result.winners[0], d)
        o["method"] = d.get("method", result.reason)
        return o
    return {"kind": "drawn", "anomaly": d.get("anomaly")}


def outcome_groups(o: dict) -> list[tuple[int, ...]]:
    """The winning hand as the engine split it (one group if it did not say)."""
    return list(o.get("groups") or [tuple(o.get("hand") or ())])


class KowahModel:
    """What the table shows, seat by seat; the viewer's hand in its visual order."""

    def __init__(self, deck: Any, n: int) -> None:
        self.deck = deck
        self.n = n
        self.viewer = 0
        self.sort_mode = "number"           # "number", "suit" or "manual" (dragged)
        self.orders: dict[int, list[int]] = {}   # each viewer's own hand order, kept
        self.order: list[int] = []
        self.full_hand: list[int] = []
        self.sizes = [0] * n
        self.stock_vis = 0
        self.pile: list[int] = []
        self.declared: list[int | None] = [None] * n
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.held: dict[int, int | None] = {s: None for s in range(n)}
        self.slide: dict[int, float] = {}    # 0..1: an exposed pair sliding forward
        self.pulse_at: dict[int, float] = {}   # when a declaration's outline began to pulse
        self.new_idx: int | None = None      # the hand slot of the card just drawn or taken
        self.focus: int | None = None        # the keyboard's hand slot
        self.pending_idx: int | None = None  # the slot a discard was asked from
        self.drop_src: tuple[float, float] | None = None   # a stock/pile card let go here
        self.lifted: Any = None              # ("pile",)/("stock",): that card is in the air
        self.outcome: dict | None = None
        self.show_p = 0.0                    # 0..1: the end-of-hand showcase coming in
        self.dim_p = 0.0
        self.stock_after: int | None = None  # stock count after the viewer's private draw
        self.anomaly: str | None = None
        self.last_draw: Any = None           # the latest draw event seen
        self.winning_draw: Any = None        # the draw event a win took its card from

    # ------------------------------------------------------------ hand order
    def sort_key(self, mode: str) -> Callable[[int], Any]:
        keys = self.deck.keys
        if mode == "suit":
            return lambda c: c
        return lambda c: (keys[c], c)

    def reconcile(self, previous: list[int], hand: list[int]) -> list[int]:
        """Keep the player's own order for the cards still held; add the others."""
        left = list(hand)
        kept = []
        for c in previous:
            if c in left:
                left.remove(c)
                kept.append(c)
        if self.sort_mode != "manual":
            return sorted(kept + left, key=self.sort_key(self.sort_mode))
        return kept + sorted(left, key=self.sort_key("number"))

    def declared_order(self, order: list[int], pair: int | None) -> list[int]:
        """A declared hand: its two triples, then the exposed pair (last, slid forward)."""
        groups = display_groups(order, pair, self.deck.keys) if pair is not None else None
        if groups is None:
            return order
        return [c for g in groups for c in g]

    def with_card(self, order: list[int], card: int) -> tuple[list[int], int]:
        """The order with ``card`` added where the current sort puts it, and its index."""
        if self.sort_mode == "manual":
            order.append(card)
            return order, len(order) - 1
        key = self.sort_key(self.sort_mode)
        i = 0
        while i < len(order) and key(order[i]) <= key(card):
            i += 1
        order.insert(i, card)
        return order, i

    def group_of(self, card: int) -> int:
        """The group a sorted hand puts a gap before (suit, or number)."""
        if self.sort_mode == "suit":
            s = self.deck.suit_of(card)
            return 3 if s is None else s
        return self.deck.keys[card]

    def locked(self) -> bool:
        """The viewer has declared: the hand's order is fixed."""
        return self.declared[self.viewer] is not None

    def set_sort(self, mode: str) -> None:
        new_card = self.order[self.new_idx] if self.new_idx is not None and self.new_idx < len(self.order) else None
        self.sort_mode = mode
        self.order.sort(key=self.sort_key(mode))
        self.orders[self.viewer] = self.order
        self.new_idx = self.order.index(new_card) if new_card is not None else None
        self.focus = None

    def move_card(self, idx: int, new: int) -> None:
        """The player dragged slot ``idx`` to position ``new``: the order is theirs now."""
        card = self.order.pop(idx)
        self.order.insert(new, card)
        if self.new_idx is not None:
            marks = list(range(len(self.order) + 1))
            marks.insert(new, marks.pop(idx))
            old = self.new_idx
            self.new_idx = marks.index(old) if old in marks else None
        self.sort_mode = "manual"
        self.orders[self.viewer] = self.order
        self.focus = new

    def card_at_idx(self, idx: int) -> int | None:
        if idx == HELD:
            return self.held.get(self.viewer)
        return self.order[idx] if 0 <= idx < len(self.order) else None

    def index_of(self, card: int) -> int:
        """The first visual hand slot holding ``card`` (HELD for a declarer's drawn card)."""
        if card in self.order:
            return self.order.index(card)
        if self.held.get(self.viewer) == card:
            return HELD
        raise KeyError(card)

    def add_to_hand(self, card: int) -> None:
        self.order, i = self.with_card(self.order, card)
        self.orders[self.viewer] = self.order
        self.new_idx = i

    # ------------------------------------------------------------ from a view
    def reset(self, v: Any, viewer: int, outcome: dict | None) -> None:
        """Everything as the view says now (no animation in flight)."""
        self.viewer = viewer
        self.sizes = list(v.hand_sizes)
        self.stock_vis = v.stock_left
        self.pile = list(v.discards)
        self.declared = list(v.declared)
        self.known = [list(k) for k in v.known]
        self.held = {s: None for s in range(self.n)}
        if v.held is not None and v.turn is not None:
            self.held[v.turn] = v.held
        self.slide = {s: 1.0 for s in range(self.n) if self.declared[s] is not None}
        self.pulse_at = {}
        self.full_hand = list(v.hand or ())
        self.order = self.reconcile(self.orders.get(viewer, []), self.full_hand)
        if self.declared[viewer] is not None:
            self.order = self.declared_order(self.order, self.declared[viewer])
        self.orders[viewer] = self.order
        self.new_idx = None
        fresh = v.drawn if v.drawn is not None else v.taken
        if v.turn == viewer and v.phase == "discard" and fresh is not None and fresh in self.order:
            self.new_idx = len(self.order) - 1 - self.order[::-1].index(fresh)
        self.outcome = outcome
        self.show_p = self.dim_p = 1.0 if outcome else 0.0
        self.drop_src = None
        self.lifted = None

    def clear_hands(self) -> None:
        """Nothing dealt yet (a table replaying its match from the first event)."""
        self.sizes = [0] * self.n
        self.order = []
        self.stock_vis = 0

    # ------------------------------------------------------------ event steps
    def note(self, ev: Any) -> None:
        """What an event says at once, before any animation of it runs."""
        if ev.kind == "hand":
            self.full_hand = list(ev.data["cards"])
        elif ev.kind == "draw":
            self.last_draw = ev
            if not ev.data.get("public") and ev.seat == self.viewer:
                self.stock_after = ev.data.get("stock_left", self.stock_vis - 1)
        elif ev.kind == "win" and ev.data.get("method") in STOCK_WINS:
            self.winning_draw = self.last_draw
        elif ev.kind == "anomaly":
            self.anomaly = ev.data.get("kind")

    def begin_deal(self, stock: int) -> None:
        self.sizes = [0] * self.n
        self.order = []
        self.orders[self.viewer] = self.order
        self.stock_vis = stock

    def deal_one(self) -> None:
        self.stock_vis -= 1

    def land_dealt(self, seat: int) -> None:
        self.sizes[seat] += 1
        if seat == self.viewer:
            cards = self.full_hand[: self.sizes[seat]]
            mode = self.sort_mode if self.sort_mode != "manual" else "number"
            self.order = sorted(cards, key=self.sort_key(mode))
            self.orders[self.viewer] = self.order

    def land_draw(self, seat: int, card: int | None, public: bool, wins: bool) -> str:
        """A stock card reaches its seat: "win" (the winning card, left in sight), "held"
        (a declarer's drawn card) or "hand"."""
        if wins:
            self.held[seat] = card
            return "win"
        if self.declared[seat] is not None:
            self.held[seat] = card
            return "held"
        self.sizes[seat] += 1
        if seat == self.viewer and card is not None:
            self.add_to_hand(card)
        elif public and card is not None:
            self.known[seat].append(card)
        return "hand"

    def lift_from_pile(self, card: int) -> None:
        self.lifted = None
        if self.pile and self.pile[-1] == card:
            self.pile.pop()

    def land_take(self, seat: int, card: int) -> None:
        self.sizes[seat] += 1
        if seat == self.viewer:
            self.add_to_hand(card)
        else:
            self.known[seat].append(card)

    def discard_index(self, seat: int, card: int) -> int | None:
        """Which slot a discard leaves from: HELD, the viewer's hand slot, or None."""
        if self.held.get(seat) is not None and self.held[seat] == card:
            return HELD
        if seat != self.viewer:
            return None
        idx = self.pending_idx
        if idx is None or idx >= len(self.order) or self.order[idx] != card:
            idx = len(self.order) - 1 - self.order[::-1].index(card) if card in self.order else None
        return idx

    def lift_discard(self, seat: int, card: int, idx: int | None) -> None:
        """The discarded card leaves its seat (``idx`` from :meth:`discard_index`)."""
        if idx == HELD:
            self.held[seat] = None
        elif seat == self.viewer:
            if idx is not None:
                self.order.pop(idx)
            self.new_idx = None
            self.focus = None
            self.sizes[seat] = max(0, self.sizes[seat] - 1)
        else:
            self.sizes[seat] = max(0, self.sizes[seat] - 1)
            if card in self.known[seat]:
                self.known[seat].remove(card)
        self.pending_idx = None

    def land_discard(self, card: int) -> None:
        self.pile.append(card)

    def declare(self, seat: int, pair: int, clock: float) -> None:
        self.declared[seat] = pair
        self.slide[seat] = 0.0
        self.pulse_at[seat] = clock
        if seat == self.viewer:
            self.order = self.declared_order(self.order, pair)
            self.orders[self.viewer] = self.order
            self.new_idx = None
        else:
            for _ in range(2):
                if pair in self.known[seat]:
                    self.known[seat].remove(pair)

    def win(self, outcome: dict) -> None:
        """The winning card leaves the pile or the seat that drew it; the outcome shows."""
        if outcome["method"] == "opponent_discard":
            if self.pile and self.pile[-1] == outcome["card"]:
                self.pile.pop()
        else:
            self.held[outcome["from_seat"]] = None
        self.outcome = outcome

    def drawn(self) -> None:
        self.outcome = {"kind": "drawn", "anomaly": self.anomaly}

    # ------------------------------------------------------------ without animation
    def apply_events(self, events: Iterable[Any], clock: float = 0.0) -> None:
        """Every step of these events at once, in order (what the animations end at)."""
        evs = [e for e in events if e.visible_to(self.viewer)]
        for i, ev in enumerate(evs):
            self.note(ev)
            nxt = evs[i + 1] if i + 1 < len(evs) else None
            self._apply(ev, nxt, clock)

    def _apply(self, ev: Any, nxt: Any, clock: float) -> None:
        d, seat = ev.data, ev.seat
        kind = ev.kind
        if kind == "deal" and d.get("packets"):
            self.begin_deal(d.get("stock", 96) + self.n * d.get("hand_size", 8))
            for s, k in d["packets"]:
                for _ in range(k):
                    self.deal_one()
                    self.land_dealt(s)
        elif kind == "hand" and seat == self.viewer:
            mode = self.sort_mode if self.sort_mode != "manual" else "number"
            self.order = sorted(self.full_hand[: self.sizes[seat]], key=self.sort_key(mode))
            self.orders[self.viewer] = self.order
        elif kind in ("draw", "draw_card"):
            public = bool(d.get("public"))
            if kind == "draw" and not public and seat == self.viewer:
                return                      # its card comes in the private draw_card
            self.stock_vis = d.get("stock_left", self.stock_vis - 1) if kind == "draw" else (
                self.stock_after if self.stock_after is not None else self.stock_vis - 1)
            wins = (nxt is not None and nxt.kind == "win" and nxt.data.get("method") in STOCK_WINS)
            self.land_draw(seat, d.get("card"), public, wins)
        elif kind == "take":
            self.lift_from_pile(d["card"])
            self.land_take(seat, d["card"])
        elif kind == "discard":
            self.lift_discard(seat, d["card"], self.discard_index(seat, d["card"]))
            self.land_discard(d["card"])
        elif kind == "declare":
            self.declare(seat, d["pair"], clock)
            self.slide[seat] = 1.0
        elif kind == "win":
            self.win(outcome_from_win(seat, d))
            self.dim_p = self.show_p = 1.0
        elif kind == "over" and not d.get("winners"):
            self.drawn()
            self.show_p = 1.0
