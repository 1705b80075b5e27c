"""Kowah / Cheki rules engine (shared/rules/kowah.md). Pure Python, seeded, no I/O.

Seats are numbered in the direction of play (clockwise on the table): the next seat is
always ``(i + 1) % 3``. Cards are identities (see :mod:`game.kowah.deck`).

A turn is two or three actions by the seat whose turn it is:

* ``("draw",)`` from the stock or ``("take",)`` the top discard (phase ``take``);
* ``("discard", card)`` (phase ``discard``);
* only when the 8 cards left are checki and a declaration is allowed (phase ``declare``):
  ``("declare", x)`` exposing the pair of ``x``, or ``("pass",)``.

A declared player's turn is ``("draw",)`` then ``("discard", drawn)``: the only legal
actions. Off-turn wins (rules 19–22) are automatic, so nobody else ever acts: ``apply``
settles them in rotation priority and emits a ``"win"`` event.
"""

from __future__ import annotations

import logging
import random
from bisect import insort
from dataclasses import dataclass
from operator import itemgetter

from game.core import OVER, Action, Event, IllegalAction, OneSeatAtATime, Result, new_event
from game.descriptor import Truth
from game.kowah.checki import exposable_pairs, is_complete, split_groups
from game.kowah.deck import Deck, default_deck
from game.kowah.playout import playout as _playout
from game.shuffle import shuffle

log = logging.getLogger(__name__)

TAKE, DISCARD, DECLARE = "take", "discard", "declare"
SELF_DRAWN, OPPONENT_DRAW, OPPONENT_DISCARD = "self_drawn", "opponent_draw", "opponent_discard"
DRAWN = "drawn"
GUARD_ANOMALY = "max_turns_without_stock_draw"

DRAW: Action = ("draw",)
TAKE_ACTION: Action = ("take",)
PASS: Action = ("pass",)
_DISCARD_ACTIONS: tuple[Action, ...] = ()     # ("discard", c) for every card, shared


_DECLARE_ACTIONS: tuple[Action, ...] = ()     # ("declare", x) for every card, shared


def _discard_actions(kinds: int) -> tuple[Action, ...]:
    global _DISCARD_ACTIONS, _DECLARE_ACTIONS
    if len(_DISCARD_ACTIONS) < kinds:
        _DISCARD_ACTIONS = tuple(("discard", c) for c in range(kinds))
        _DECLARE_ACTIONS = tuple(("declare", c) for c in range(kinds))
    return _DISCARD_ACTIONS


# Per deck, what every new state of it shares: the signature digit and bit offset of each
# card, the default options (a state is made per hand, and
# building these took a third of a random hand's set-up).
_PER_DECK: dict[int, tuple] = {}


def _deck_tables(deck: Deck) -> tuple:
    got = _PER_DECK.get(id(deck))
    if got is None or got[0] is not deck:
        keys = deck.keys
        got = (deck, tuple(16 ** k for k in keys), tuple(4 * k for k in keys),
               KowahState.check_options({}, deck), _discard_actions(deck.kinds),
               tuple(deck.build()),
               tuple(_deal_plan(deck, first) for first in range(deck.players)))
        _PER_DECK[id(deck)] = got
    return got


def _deal_plan(deck: Deck, first: int) -> tuple:
    """How a shuffled pack is dealt when ``first`` plays first (rule 10: packets clockwise
    from the first player): per seat a getter of its cards' positions, the packets as
    the deal event lists them, and where the stock starts."""
    n, size, packet = deck.players, deck.hand_size, deck.deal_packet
    where: list[list[int]] = [[] for _ in range(n)]
    packets = []
    pos = 0
    for _ in range(size // packet):
        for k in range(n):
            seat = (first + k) % n
            where[seat].extend(range(pos, pos + packet))
            packets.append((seat, packet))
            pos += packet
    return tuple(itemgetter(*w) for w in where), tuple(packets), pos


# Odd counts of two signature digits (one byte), for :func:`_odd_of`.
_ODD_BYTE = bytes(((v & 15) % 3 != 0) + ((v >> 4) % 3 != 0) for v in range(256))


def _odd_of(sig: int) -> int:
    """``odd_keys(sig)`` by bytes (signatures of up to 16 keys)."""
    if sig >> 64:
        return odd_keys(sig)
    t = _ODD_BYTE
    return (t[sig & 255] + t[sig >> 8 & 255] + t[sig >> 16 & 255] + t[sig >> 24 & 255]
            + t[sig >> 32 & 255] + t[sig >> 40 & 255] + t[sig >> 48 & 255] + t[sig >> 56])


# A frozen view is built by assigning its __dict__ in one step: several times faster than
# the generated __init__, and the instance is just as immutable afterwards.
_new = object.__new__
_setattr = object.__setattr__
# A hand's "odd" count is how many keys it holds a number of times not divisible by three.
# Triples leave a multiple of three per key, so a checki hand (two triples and a pair) has
# exactly one: a cheap filter before the full test. Adding a card whose key the hand held
# n times changes the count by _ODD_ADD[n]; removing one by _ODD_REMOVE[n]. Digits are at
# most 15 (a key has at most 12 copies).
_ODD_ADD = tuple((1, 0, -1)[n % 3] for n in range(16))
_ODD_REMOVE = tuple((1, -1, 0)[n % 3] for n in range(16))


def odd_keys(sig: int) -> int:
    """The odd count of a key signature (one hex digit per key count), from scratch."""
    odd = 0
    while sig:
        if (sig & 15) % 3:
            odd += 1
        sig >>= 4
    return odd


@dataclass(frozen=True)
class KowahView:
    """Everything one seat may know (``seat=None``: the public view, ``hand=None``).

    ``known[s]`` lists cards publicly known to be in seat ``s``'s concealed hand (taken
    from the pile or drawn face up, and not discarded since). ``declared[s]`` is the
    exposed pair's identity (the card ``s`` waits for) or None.
    """

    seat: int | None
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    stock_left: int
    discards: tuple[int, ...]           # the whole pile, oldest first; only the last is live
    declared: tuple[int | None, ...]
    known: tuple[tuple[int, ...], ...]
    public_draws: tuple[tuple[int, int], ...]   # (seat, card) of every face-up stock draw
    any_declared: bool
    first: int
    turn: int | None
    phase: str
    opening: bool                       # the hand's first turn: stock draw only
    turn_no: int
    drawn: int | None                   # this turn's stock draw, if this seat may see it
    taken: int | None                   # this turn's card taken from the pile (public)
    held: int | None                    # a declarer's drawn card, to discard (public)
    last_stock_turn: bool               # the stock is empty: no declaration this turn
    turns_without_stock_draw: int
    rediscard_taken_card: bool
    max_turns_without_stock_draw: int


class KowahState(OneSeatAtATime):
    """One hand of Kowah for three seats.

    Slotted: attribute access is the bulk of an action's cost, and slots make it about a
    tenth cheaper (measured on random-vs-random hands)."""

    __slots__ = (
        "deck", "keys", "pow", "shift", "discard_actions", "n_seats", "options", "rediscard",
        "guard_limit", "hand_size", "seed", "rng", "hands", "sigs", "odd", "stock", "discards",
        "declared", "locked", "known", "public_draws", "any_declared", "packets", "first",
        "turn", "phase", "opening", "turn_no", "drawn", "taken", "held", "last_stock_turn",
        "no_draw_turns", "win_card", "_result", "initial_counts", "total_cards", "dacts",
    )

    def __init__(self, seed: int = 0, options: dict | None = None, deck: Deck | None = None,
                 _deal: bool = True) -> None:
        self.deck = deck = deck or default_deck()
        _, pw, shift, defaults, da = _deck_tables(deck)[:5]
        self.keys = deck.keys
        self.pow = pw           # per card: its digit in a signature
        self.shift = shift      # per card: that digit's bit offset
        self.discard_actions = da
        self.n_seats = deck.players
        self.options = self.check_options(options, deck) if options else dict(defaults)
        self.rediscard = bool(self.options["rediscard_taken_card"])
        self.guard_limit = int(self.options["max_turns_without_stock_draw"])
        self.hand_size = self.deck.hand_size
        self.seed = seed
        self.rng = random.Random(seed)
        n = self.n_seats
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.sigs: list[int] = [0] * n     # per hand: key counts as hex digits
        self.odd: list[int] = [0] * n      # per hand: odd_keys(sig), kept up to date
        # per hand: ("discard", c) for each identity held, sorted: the legal discards,
        # kept up to date as cards come and go (copying it is ten times cheaper than
        # listing a hand's distinct cards)
        self.dacts: list[list[Action]] = [[] for _ in range(n)]
        self.stock: list[int] = []          # top of the stock = last element
        self.discards: list[int] = []
        self.declared: list[int | None] = [None] * n
        self.locked: list[tuple[int, ...] | None] = [None] * n
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.public_draws: list[tuple[int, int]] = []
        self.any_declared = False
        self.packets: list[tuple[int, int]] = []
        self.first = 0
        self.turn = 0
        self.phase = TAKE
        self.opening = True
        self.turn_no = 0
        self.drawn: int | None = None
        self.taken: int | None = None
        self.held: int | None = None
        self.last_stock_turn = False
        self.no_draw_turns = 0
        self.win_card: int | None = None
        self._result: Result | None = None
        self.initial_counts: tuple[int, ...] = ()
        self.total_cards = 0
        if _deal:
            self._deal()

    # ------------------------------------------------------------------ setup
    @staticmethod
    def check_options(options: dict, deck: Deck | None = None) -> dict:
        """Options with defaults filled in; ValueError on an unknown or bad option."""
        deck = deck or default_deck()
        specs = deck.options
        unknown = set(options) - set(specs)
        if unknown:
            raise ValueError(f"unknown Kowah option(s): {', '.join(sorted(unknown))}")
        out: dict = {}
        flag = options.get("rediscard_taken_card", specs["rediscard_taken_card"]["default"])
        if isinstance(flag, str) and flag.lower() in ("true", "false"):    # command lines
            flag = flag.lower() == "true"
        if not isinstance(flag, bool):
            raise ValueError(f"option rediscard_taken_card must be true or false, got {flag!r}")
        out["rediscard_taken_card"] = flag
        g = specs["max_turns_without_stock_draw"]
        limit = options.get("max_turns_without_stock_draw", g["default"])
        if isinstance(limit, bool) or not isinstance(limit, int) \
                or not g["min"] <= limit <= g["max"]:
            raise ValueError(f"option max_turns_without_stock_draw must be an integer "
                             f"from {g['min']} to {g['max']}, got {limit!r}")
        out["max_turns_without_stock_draw"] = limit
        return out

    def _deal(self) -> None:
        """Shuffle; first player at random; packets of two clockwise from the first player."""
        d = self.deck
        tables = _deck_tables(d)
        cards = list(tables[5])     # d.build(), made once per deck
        shuffle(self.rng, cards)
        n = self.n_seats
        self.first = self.turn = first = self.rng.randrange(n)
        getters, packets, pos = tables[6][first]
        self.hands = [sorted(get(cards)) for get in getters]
        self.packets = list(packets)
        self._compute_signatures()
        self.stock = cards[:pos - 1:-1]     # cards[pos:] reversed: the top is the last
        self.initial_counts = tuple([d.copies] * d.kinds)
        self.total_cards = d.size

    @classmethod
    def from_deal(
        cls, hands: list, stock: list | str, *, discards: list | str = (), first: int = 0,
        turn: int | None = None, declared: dict | None = None, opening: bool | None = None,
        options: dict | None = None, deck: Deck | None = None, extra_copies: bool = False,
        no_draw_turns: int = 0,
    ) -> KowahState:
        """A hand from an explicit position, for tests and scenarios.

        Cards are ints or ids (``"5C"``, ``"OT"``); a hand or pile may be one string
        ``"5C 5C 5S"``. ``stock`` lists the cards in draw order (first drawn first).
        ``declared`` maps a seat to the identity of its exposed pair. ``extra_copies``
        allows more than four copies of a card (synthetic decks, rule 22). The position
        need not use the whole pack.
        """
        deck = deck or default_deck()
        st = cls(seed=0, options=options, deck=deck, _deal=False)
        n = st.n_seats
        if len(hands) != n:
            raise ValueError(f"need {n} hands, got {len(hands)}")
        st.hands = [sorted(deck.parse_many(h)) for h in hands]
        for s, h in enumerate(st.hands):
            if len(h) != deck.hand_size:
                raise ValueError(f"seat {s} holds {len(h)} cards, not {deck.hand_size}")
        st.stock = deck.parse_many(stock)[::-1]
        if not st.stock:
            raise ValueError("the stock must not be empty at the start of a turn")
        st.discards = deck.parse_many(discards)
        counts = [0] * deck.kinds
        for c in [c for h in st.hands for c in h] + st.stock + st.discards:
            if not 0 <= c < deck.kinds:
                raise ValueError(f"unknown card {c!r}")
            counts[c] += 1
        if not extra_copies and any(k > deck.copies for k in counts):
            bad = next(i for i, k in enumerate(counts) if k > deck.copies)
            raise ValueError(f"more than {deck.copies} copies of {deck.card_id(bad)}")
        st.initial_counts = tuple(counts)
        st.total_cards = sum(counts)
        st._compute_signatures()
        st.first = first
        st.turn = first if turn is None else turn
        for seat, x in (declared or {}).items():
            xc = deck.parse(x) if isinstance(x, str) else int(x)
            if xc not in exposable_pairs(st.hands[seat], st.keys):
                raise ValueError(f"seat {seat} cannot expose {deck.card_id(xc)}")
            st.declared[seat] = xc
            st.locked[seat] = tuple(st.hands[seat])
            st.any_declared = True
        st.opening = (st.turn == first and not st.discards) if opening is None else opening
        st.no_draw_turns = no_draw_turns
        return st

    def _compute_signatures(self) -> None:
        """Every hand's signature, odd count and discard list, from scratch (hands sorted)."""
        pw = self.pow.__getitem__
        da = self.discard_actions.__getitem__
        self.sigs = sigs = [sum(map(pw, h)) for h in self.hands]
        self.odd = [_odd_of(sig) for sig in sigs]
        self.dacts = [list(map(da, dict.fromkeys(h))) for h in self.hands]

    def _add_to_hand(self, seat: int, c: int) -> None:
        hand = self.hands[seat]
        if c not in hand:
            insort(self.dacts[seat], self.discard_actions[c])
        insort(hand, c)
        sig = self.sigs[seat]
        self.odd[seat] += _ODD_ADD[sig >> self.shift[c] & 15]
        self.sigs[seat] = sig + self.pow[c]

    # ------------------------------------------------------------- contract
    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if seat != self.turn or phase == OVER:
            return []
        if phase == TAKE:
            if self.declared[seat] is not None or self.opening or not self.discards:
                return [DRAW]
            return [DRAW, TAKE_ACTION]
        if phase == DISCARD:
            if self.declared[seat] is not None:
                return [self.discard_actions[self.held]]     # type: ignore[index]
            acts = self.dacts[seat][:]      # one action per identity held, sorted
            if not self.rediscard and self.taken is not None:
                acts.remove(self.discard_actions[self.taken])
            return acts
        pairs = exposable_pairs(self.hands[seat], self.keys)
        return [_DECLARE_ACTIONS[x] for x in pairs] + [PASS]

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action; on IllegalAction (with the rules' reason) nothing has changed."""
        self._check(seat, action)
        return self._play(seat, action, True)     # type: ignore[return-value]

    def advance(self, seat: int, action: Action) -> None:
        """Apply a *trusted* action (one of ``legal_actions(seat)``) without checking it
        and without making events: the fast path of random playouts and search. An
        illegal action here leaves the state undefined; untrusted input goes through
        :meth:`apply` (the Match's door).

        The usual moves before anyone has declared (a stock draw, a discard that ends the
        turn) are written out here in one piece; everything else goes the general way
        (a test holds the two to the same states)."""
        kind = action[0]
        if self.any_declared or self.last_stock_turn:
            self._play(seat, action, False)
        elif kind == "discard":
            c = action[1]
            hand = self.hands[seat]
            hand.remove(c)
            if c not in hand:
                self.dacts[seat].remove(action)
            sigs = self.sigs
            sig = sigs[seat]
            odd = self.odd
            o = odd[seat] + _ODD_REMOVE[sig >> self.shift[c] & 15]
            odd[seat] = o
            sigs[seat] = sig - self.pow[c]
            kn = self.known[seat]
            if kn and c in kn:
                kn.remove(c)
            self.discards.append(c)
            if o == 1 and exposable_pairs(self.hands[seat], self.keys):
                self.phase = DECLARE        # (nobody has declared, this seat included)
            elif self.drawn is None and self.no_draw_turns + 1 >= self.guard_limit:
                self._end_turn()            # the engine guard ends the hand
            else:                           # _end_turn, written out
                if self.drawn is None:
                    self.no_draw_turns += 1
                else:
                    self.no_draw_turns = 0
                    self.drawn = None
                self.turn = (self.turn + 1) % self.n_seats
                self.turn_no += 1
                self.phase = TAKE
                self.opening = False
                self.taken = None
        elif kind == "draw":
            stock = self.stock
            c = stock.pop()
            self.drawn = c
            if not stock:
                self.last_stock_turn = True
            hand = self.hands[seat]
            if c not in hand:
                insort(self.dacts[seat], self.discard_actions[c])
            insort(hand, c)
            sigs = self.sigs
            sig = sigs[seat]
            self.odd[seat] += _ODD_ADD[sig >> self.shift[c] & 15]
            sigs[seat] = sig + self.pow[c]
            self.phase = DISCARD
        elif kind == "take":
            c = self.discards.pop()
            self.taken = c
            hand = self.hands[seat]
            if c not in hand:
                insort(self.dacts[seat], self.discard_actions[c])
            insort(hand, c)
            sigs = self.sigs
            sig = sigs[seat]
            self.odd[seat] += _ODD_ADD[sig >> self.shift[c] & 15]
            sigs[seat] = sig + self.pow[c]
            self.known[seat].append(c)
            self.phase = DISCARD
        else:
            self._play(seat, action, False)

    def playout(self, rng: random.Random, limit: int, record: list | None = None) -> int:
        """Play on to the end of the hand (or ``limit`` actions), every seat choosing
        uniformly among its legal actions with ``rng``; returns the actions played. The
        engine's fast loop (:mod:`game.kowah.playout`): no actions, events or checks
        inside, the same position at the end as those actions played through
        :meth:`apply`. ``record`` (if given) gets each action played."""
        return _playout(self, rng, limit, record)

    def _check(self, seat: int, action: object) -> None:
        """Raise the IllegalAction that ``action`` deserves now, if any (state untouched)."""
        phase = self.phase
        if seat != self.turn or phase == OVER:
            if phase == OVER:
                raise IllegalAction("The hand is over.", "over")
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if type(action) is not tuple or not action:
            raise IllegalAction(f"Unknown action {action!r}.", "unknown_action")
        kind = action[0]
        n = len(action)
        declared = self.declared[seat] is not None
        if kind == "discard" and n == 2:
            self._need_phase(DISCARD)
            card = action[1]
            if declared:
                if card != self.held or isinstance(card, bool):
                    raise IllegalAction("Declared: you must discard the card you drew.",
                                        "declared_discard", card=self.held)
            else:
                if type(card) is not int or card not in self.hands[seat]:   # (bool: no card)
                    raise IllegalAction("That card is not in your hand.", "not_in_hand")
                if not self.rediscard and card == self.taken:
                    raise IllegalAction("You may not discard the card you just took from "
                                        "the pile.", "no_rediscard", card=card)
            return
        if kind == "draw" and n == 1:
            self._need_phase(TAKE)
            return
        if kind == "take" and n == 1:
            self._need_phase(TAKE)
            if declared:
                raise IllegalAction("Declared: you must draw from the stock.", "declared_draw")
            if self.opening:
                raise IllegalAction("First turn: draw from the stock.", "first_turn_draw")
            if not self.discards:
                raise IllegalAction("The discard pile is empty.", "pile_empty")
            return
        if kind == "declare" and n == 2:
            self._need_phase(DECLARE)
            x = action[1]
            pairs = exposable_pairs(self.hands[seat], self.keys)
            if x not in pairs or isinstance(x, bool):
                names = ", ".join(self.deck.card_id(p) for p in pairs)
                raise IllegalAction(f"That pair cannot be exposed; choose one of: {names}.",
                                    "bad_pair", pairs=list(pairs))
            return
        if kind == "pass" and n == 1:
            if phase != DECLARE:
                raise IllegalAction("There is no declaration to decline.", "nothing_to_pass")
            return
        raise IllegalAction(f"Unknown action {action!r}.", "unknown_action")

    def _need_phase(self, want: str) -> None:
        if self.phase == want:
            return
        if want == DECLARE:
            raise IllegalAction("You can declare only after discarding.", "declare_after_discard")
        if self.phase == TAKE:
            raise IllegalAction("Take a card first: draw from the stock or take the discard.",
                                "must_take")
        if self.phase == DISCARD:
            raise IllegalAction("You have taken a card: now discard one.", "must_discard")
        raise IllegalAction("Declare checki or pass.", "must_declare_or_pass")

    # ---------------------------------------------------------------- moves
    # Trusted from here on: the action has been checked (apply) or comes from the legal
    # list (advance). ``ev`` says whether to make the events (None when not).
    def _play(self, seat: int, action: Action, ev: bool) -> list[Event] | None:
        kind = action[0]
        if kind == "discard":
            return self._discard(seat, action[1], ev)
        if kind == "draw":
            return self._draw(seat, ev)
        if kind == "take":
            c = self.discards.pop()
            self.taken = c
            self._add_to_hand(seat, c)
            self.known[seat].append(c)
            self.phase = DISCARD
            return [new_event(("take", seat, {"card": c}, None))] if ev else None
        if kind == "declare":
            return self._declare(seat, int(action[1]), ev)
        events = self._end_turn()       # pass
        return [Event("pass", seat, {}, seat)] + events if ev else None

    def _draw(self, seat: int, ev: bool) -> list[Event] | None:
        stock = self.stock
        c = stock.pop()
        self.drawn = c      # (a draw is public iff anyone had declared when it was made;
        left = len(stock)   # a declaration ends the turn, so that is unchanged)
        events = None
        if self.any_declared:
            self.public_draws.append((seat, c))
            if ev:
                events = [Event("draw", seat, {"source": "stock", "card": c, "public": True,
                                               "stock_left": left})]
            claimant = self._claimant(seat, c, own_counts=True)
            if claimant is not None:
                method = SELF_DRAWN if claimant == seat else OPPONENT_DRAW
                won = self._win(claimant, c, method, seat)
                return events + won if ev else None     # type: ignore[operator]
            public = True
        else:
            if ev:
                events = [new_event(("draw", seat, {"source": "stock", "card": None,
                                                    "public": False, "stock_left": left},
                                     None)),
                          new_event(("draw_card", seat, {"card": c}, seat))]
            public = False
        if left == 0:
            self.last_stock_turn = True
        if self.declared[seat] is not None:
            self.held = c
        else:
            self._add_to_hand(seat, c)
            if public:
                self.known[seat].append(c)
        self.phase = DISCARD
        return events

    def _discard(self, seat: int, c: int, ev: bool) -> list[Event] | None:
        if self.declared[seat] is not None:
            c = self.held       # (a checked card equals it; held is the int)
            self.held = None
        else:
            hand = self.hands[seat]
            hand.remove(c)
            if c not in hand:
                self.dacts[seat].remove(self.discard_actions[c])
            sig = self.sigs[seat]
            self.odd[seat] += _ODD_REMOVE[sig >> self.shift[c] & 15]
            self.sigs[seat] = sig - self.pow[c]
            kn = self.known[seat]
            if kn and c in kn:
                kn.remove(c)
        self.discards.append(c)
        if self.any_declared:
            claimant = self._claimant(seat, c, own_counts=False)
            if claimant is not None:
                self.discards.pop()
                won = self._win(claimant, c, OPPONENT_DISCARD, seat)
                return [new_event(("discard", seat, {"card": c}, None))] + won if ev else None
        if self.last_stock_turn:
            events = self._end_drawn(None)
        elif self.odd[seat] == 1 and self.declared[seat] is None \
                and exposable_pairs(self.hands[seat], self.keys):
            self.phase = DECLARE
            events = []
        else:
            events = self._end_turn()
        return [new_event(("discard", seat, {"card": c}, None))] + events if ev else None

    def _declare(self, seat: int, xc: int, ev: bool) -> list[Event] | None:
        self.declared[seat] = xc
        self.locked[seat] = tuple(self.hands[seat])
        self.any_declared = True
        kn = self.known[seat]
        for _ in range(2):      # the exposed pair is on the table now, not in the concealed hand
            if xc in kn:
                kn.remove(xc)
        events = self._end_turn()
        return [Event("declare", seat, {"pair": xc, "wait": xc})] + events if ev else None

    # ------------------------------------------------------------ settling
    def _claimant(self, releaser: int, card: int, own_counts: bool) -> int | None:
        """Who wins ``card`` released by ``releaser`` (rule 22): the drawer first when it is
        their own wait (``own_counts``), then the others in turn order."""
        declared = self.declared
        if own_counts and declared[releaser] == card:
            return releaser
        n = self.n_seats
        for k in range(1, n):
            s = (releaser + k) % n
            if declared[s] == card:
                return s
        return None

    def _win(self, winner: int, card: int, method: str, releaser: int) -> list[Event]:
        self.win_card = card
        self.phase = OVER
        mult = self.deck.multipliers[method]
        hand9 = sorted(self.hands[winner] + [card])
        # what a table shows of the win: the two triples and the three identical cards
        groups = [list(g) for g in split_groups(hand9, card, self.keys)]
        scores = tuple(mult if s == winner else 0 for s in range(self.n_seats))
        details = {"method": method, "multiplier": mult, "card": card, "from_seat": releaser,
                   "self_drawn": method == SELF_DRAWN, "pair": self.declared[winner],
                   "hand": hand9, "groups": groups, "turns": self.turn_no + 1,
                   "stock_left": len(self.stock)}
        self._result = Result((winner,), scores, method, details)
        data = {"from_card": card, "card": card, "self_drawn": method == SELF_DRAWN,
                "multiplier": mult, "method": method, "from_seat": releaser,
                "pair": self.declared[winner], "hand": hand9,
                "groups": [list(g) for g in groups]}
        return [Event("win", winner, data),
                Event("over", None, {"winners": [winner], "reason": method,
                                     "multiplier": mult})]

    def _end_drawn(self, anomaly: str | None) -> list[Event]:
        self.phase = OVER
        details: dict = {"method": DRAWN, "multiplier": 0, "turns": self.turn_no + 1,
                         "stock_left": len(self.stock), "anomaly": anomaly}
        self._result = Result((), tuple([0] * self.n_seats), DRAWN, details)
        events = []
        if anomaly:
            log.warning("Kowah engine guard: %d turns without a stock draw (seed %s); "
                        "hand ended as a draw", self.no_draw_turns, self.seed)
            events.append(Event("anomaly", None, {"kind": anomaly, "turns": self.no_draw_turns}))
        return events + [Event("over", None, {"winners": [], "reason": DRAWN, "multiplier": 0})]

    def _end_turn(self) -> list[Event]:
        if self.drawn is not None:     # this turn drew from the stock
            self.no_draw_turns = 0
        else:
            self.no_draw_turns += 1
            if self.no_draw_turns >= self.guard_limit:
                return self._end_drawn(GUARD_ANOMALY)
        self.turn = (self.turn + 1) % self.n_seats
        self.turn_no += 1
        self.phase = TAKE
        self.opening = False
        self.drawn = self.taken = None
        return []

    # ----------------------------------------------------------------- views
    def view(self, seat: int | None) -> KowahView:
        drawn = self.drawn
        if drawn is not None and not self.any_declared and seat != self.turn:
            drawn = None
        hands = self.hands
        known = self.known
        v = _new(KowahView)
        _setattr(v, "__dict__", {
            "seat": seat, "hand": tuple(hands[seat]) if seat is not None else None,
            "hand_sizes": (len(hands[0]), len(hands[1]), len(hands[2])),
            "stock_left": len(self.stock), "discards": tuple(self.discards),
            "declared": tuple(self.declared),
            "known": (tuple(known[0]), tuple(known[1]), tuple(known[2])),
            "public_draws": tuple(self.public_draws), "any_declared": self.any_declared,
            "first": self.first, "turn": None if self.phase == OVER else self.turn,
            "phase": self.phase, "opening": self.opening, "turn_no": self.turn_no,
            "drawn": drawn, "taken": self.taken, "held": self.held,
            "last_stock_turn": self.last_stock_turn,
            "turns_without_stock_draw": self.no_draw_turns,
            "rediscard_taken_card": self.rediscard,
            "max_turns_without_stock_draw": self.guard_limit,
        })
        return v

    def deal_events(self) -> list[Event]:
        """The deal as events: public packets, and each seat's hand to that seat only."""
        events = [Event("deal", None, {"first": self.first, "packets": list(self.packets),
                                       "stock": len(self.stock),
                                       "hand_size": self.deck.hand_size})]
        events += [Event("hand", s, {"cards": list(self.hands[s])}, to=s)
                   for s in range(self.n_seats)]
        return events

    def fork(self) -> KowahState:
        """:meth:`clone` for search: the same position, sharing the (spent) dealing rng
        and the fields no move changes (every field listed: a loop over the slots costs
        more than the rest of the copy)."""
        st = _new(KowahState)
        st.deck = self.deck
        st.keys = self.keys
        st.pow = self.pow
        st.shift = self.shift
        st.discard_actions = self.discard_actions
        st.n_seats = self.n_seats
        st.options = self.options
        st.rediscard = self.rediscard
        st.guard_limit = self.guard_limit
        st.hand_size = self.hand_size
        st.seed = self.seed
        st.rng = self.rng
        st.hands = [list(h) for h in self.hands]
        st.sigs = list(self.sigs)
        st.odd = list(self.odd)
        st.stock = list(self.stock)
        st.discards = list(self.discards)
        st.declared = list(self.declared)
        st.locked = list(self.locked)
        st.known = [list(k) for k in self.known]
        st.public_draws = list(self.public_draws)
        st.any_declared = self.any_declared
        st.packets = self.packets
        st.first = self.first
        st.turn = self.turn
        st.phase = self.phase
        st.opening = self.opening
        st.turn_no = self.turn_no
        st.drawn = self.drawn
        st.taken = self.taken
        st.held = self.held
        st.last_stock_turn = self.last_stock_turn
        st.no_draw_turns = self.no_draw_turns
        st.win_card = self.win_card
        st._result = self._result
        st.initial_counts = self.initial_counts
        st.total_cards = self.total_cards
        st.dacts = [list(a) for a in self.dacts]
        return st

    def clone(self) -> KowahState:
        st = self._copy_fields()
        st.hands = [list(h) for h in self.hands]
        st.sigs = list(self.sigs)
        st.odd = list(self.odd)
        st.dacts = [list(a) for a in self.dacts]
        st.stock = list(self.stock)
        st.discards = list(self.discards)
        st.declared = list(self.declared)
        st.locked = list(self.locked)
        st.known = [list(k) for k in self.known]
        st.public_draws = list(self.public_draws)
        st.packets = list(self.packets)
        st.rng = random.Random()
        st.rng.setstate(self.rng.getstate())
        return st


def new_game(n_seats: int = 3, seed: int = 0, options: dict | None = None) -> KowahState:
    deck = default_deck()
    if n_seats != deck.players:
        raise ValueError(f"Kowah is for {deck.players} players")
    return KowahState(seed=seed, options=options, deck=deck)


def check_invariants(state: KowahState, full: bool | None = None) -> list[str]:
    """What must hold in any reachable position; returns the problems found (empty = fine).

    The cheap checks (card count, hand sizes, locked hands, phase and result consistency)
    run on every call. The thorough ones (every identity conserved, hands sorted, public
    knowledge consistent, declared pairs exposable, the winning hand valid) run when
    ``full`` is true, and by default once the hand is over: a card that appeared,
    vanished or changed identity mid-hand is still wrong at the end.

    This runs after every action in the arena and the fuzz tests, so the usual position
    (three seats, nobody declared, hand not over) first goes through
    :func:`_quick_ok`, a single expression of the same cheap checks; anything else, or a
    position it doubts, gets the full diagnosis below (a test holds the two to agreeing).
    """
    if full is None and _quick_ok(state):
        return []
    # Every condition is computed once as a flag; messages are built only for the flags
    # that fail.
    hands = state.hands
    phase = state.phase
    turn = state.turn
    held = state.held
    size = state.hand_size
    turn_declared = state.declared[turn] is not None
    fuller = turn if phase == DISCARD and not turn_declared else -1
    if len(hands) == 3:     # the usual table, unrolled
        h0, h1, h2 = hands
        sizes = (len(h0), len(h1), len(h2))
        in_hands = sizes[0] + sizes[1] + sizes[2]
        sizes_ok = (sizes[0] == sizes[1] == sizes[2] == size if fuller < 0 else
                    sizes[fuller] == size + 1 and sizes[fuller - 1] == sizes[fuller - 2] == size)
        # (fuller - 1 and fuller - 2 are the other two seats, negative indices included)
    else:
        sizes = tuple(len(h) for h in hands)
        in_hands = sum(sizes)
        sizes_ok = all(n == size + (s == fuller) for s, n in enumerate(sizes))
    n_cards = (in_hands + len(state.stock) + len(state.discards)
               + (held is not None) + (state.win_card is not None))
    over = phase == OVER
    count_ok = n_cards == state.total_cards
    locked_ok = not state.any_declared or all(
        x is None or state.locked[s] == tuple(hands[s]) for s, x in enumerate(state.declared))
    held_ok = (held is not None) == (phase == DISCARD and turn_declared)
    guard_ok = state.no_draw_turns <= state.guard_limit
    if over:
        res = state._result
        end_ok = res is not None and (not res.winners or state.win_card is not None)
    else:
        end_ok = (state._result is None and state.win_card is None
                  and (bool(state.stock) or (phase != TAKE and state.last_stock_turn)))
    if full is None:
        full = over
    if count_ok and sizes_ok and locked_ok and held_ok and guard_ok and end_ok and not full:
        return []
    problems: list[str] = []
    if not count_ok:
        problems.append(f"{n_cards} cards in play, not {state.total_cards}")
    for s, n in enumerate(sizes):
        if n != size + (s == fuller):
            problems.append(f"seat {s}: {n} cards, expected {size + (s == fuller)}")
    if not locked_ok:
        for s, x in enumerate(state.declared):
            if x is not None and state.locked[s] != tuple(hands[s]):
                problems.append(f"seat {s}: declared hand changed")
    if not held_ok:
        problems.append("held card out of place")
    if not guard_ok:
        problems.append("engine guard overrun")
    if not end_ok:
        if not over:
            if state._result is not None or state.win_card is not None:
                problems.append("result before the end")
            else:
                problems.append("empty stock outside the last turn")
        elif state._result is None:
            problems.append("hand over without a result")
        else:
            problems.append("a winner without a winning card")
    if full:
        problems += _thorough(state)
    return problems


def _quick_ok(state: KowahState) -> bool:
    """True when the cheap checks of :func:`check_invariants` all pass in a three-seat
    position with no declaration and the hand not over; False means "diagnose"."""
    hands = state.hands
    phase = state.phase
    if phase == OVER or state.any_declared or len(hands) != 3 or state.held is not None:
        return False
    h0, h1, h2 = hands
    l0, l1, l2 = len(h0), len(h1), len(h2)
    size = state.hand_size
    if phase == DISCARD:
        f = state.turn
        sizes = (l0, l1, l2)
        if not (sizes[f] == size + 1 and sizes[f - 1] == sizes[f - 2] == size):
            return False
    elif not l0 == l1 == l2 == size:
        return False
    return (l0 + l1 + l2 + len(state.stock) + len(state.discards) == state.total_cards
            and state.no_draw_turns <= state.guard_limit
            and state._result is None and state.win_card is None
            and (bool(state.stock) or (phase != TAKE and state.last_stock_turn)))


def _thorough(state: KowahState) -> list[str]:
    problems: list[str] = []
    d = state.deck
    counts = [0] * d.kinds
    zones = [c for h in state.hands for c in h] + state.stock + state.discards
    zones += [c for c in (state.held, state.win_card) if c is not None]
    for c in zones:
        if not isinstance(c, int) or not 0 <= c < d.kinds:
            return problems + [f"unknown card {c!r}"]
        counts[c] += 1
    if tuple(counts) != state.initial_counts:
        diff = [d.card_id(i) for i in range(d.kinds) if counts[i] != state.initial_counts[i]]
        problems.append(f"cards not conserved: {', '.join(diff)}")
    for s, h in enumerate(state.hands):
        if h != sorted(h):
            problems.append(f"seat {s}: hand not sorted")
        if state.sigs[s] != sum(state.pow[c] for c in h) \
                or state.odd[s] != odd_keys(state.sigs[s]):
            problems.append(f"seat {s}: key signature out of date")
        if state.dacts[s] != [("discard", c) for c in sorted(set(h))]:
            problems.append(f"seat {s}: discard list out of date")
        kn = list(h)
        for c in state.known[s]:
            if c in kn:
                kn.remove(c)
            else:
                problems.append(f"seat {s}: known card {d.card_id(c)} not in hand")
        x = state.declared[s]
        if x is not None and x not in exposable_pairs(h, state.keys):
            problems.append(f"seat {s}: declared pair {d.card_id(x)} is not exposable")
    res = state._result
    if res is not None and res.winners:
        w = res.winners[0]
        if state.win_card != state.declared[w]:
            problems.append("winner did not win on their exposed pair")
        elif not is_complete(state.hands[w] + [state.win_card], state.keys):
            problems.append("winning hand is not two triples and three identical cards")
        if list(res.details.get("hand", ())) != sorted(state.hands[w] + [state.win_card]):
            problems.append("result shows another hand than the winner's")
    return problems


__all__ = ["KowahState", "KowahView", "new_game", "check_invariants", "TAKE", "DISCARD",
           "DECLARE", "OVER", "SELF_DRAWN", "OPPONENT_DRAW", "OPPONENT_DISCARD", "DRAWN"]


def truth(state: KowahState) -> Truth:
    """What a finished replay reveals: every seat's hand, sorted."""
    return Truth(tuple(tuple(sorted(h)) for h in state.hands))
