"""Ganjifa rules engine (shared/rules/ganjifa.md). Pure Python, seeded, no I/O.

Seats are numbered in the direction of play (counter-clockwise on the table):
the next seat is always ``(i + 1) % 3``.

The Dukal give-up is a sequence of single-card ``("give", card)`` actions by each
opponent in turn: a giver is done after exactly N cards, so N+1 is refused and the
Dukal does not resolve on N−1. This keeps ``legal_actions`` small and enumerable.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass, fields
from operator import itemgetter

from game.core import OVER, Action, Event, IllegalAction, OneSeatAtATime, Result, new_event
from game.descriptor import Truth
from game.ganjifa.deck import Deck, default_deck
from game.shuffle import shuffled_range

LEAD, FOLLOW, GIVE = "lead", "follow", "give"


def legal_follow(
    hand: list[int], led_suit: int, trump: int, mode: str = "choice",
    n_suits: int = 10, per_suit: int = 12,
) -> list[int]:
    """The cards a follower may play to a trick led in ``led_suit`` (rules 13–14, R5)."""
    lo = led_suit * per_suit
    hi = lo + per_suit
    same = [c for c in hand if lo <= c < hi]
    if same:
        return same
    return _void_follow(hand, led_suit, trump, mode, n_suits, per_suit)


def _void_follow(hand: list[int], led_suit: int, trump: int, mode: str, n_suits: int,
                 per_suit: int) -> list[int]:
    """:func:`legal_follow` for a hand void in the led suit (two passes over the hand)."""
    held = {c // per_suit for c in hand}
    t_lo = trump * per_suit
    t_hi = t_lo + per_suit
    if trump in held and mode == "strict":
        return [c for c in hand if t_lo <= c < t_hi]
    for k in range(1, n_suits + 1):
        nxt = (led_suit + k) % n_suits
        if nxt in held:
            break
    else:
        raise ValueError("empty hand")
    if nxt == trump:
        return [c for c in hand if t_lo <= c < t_hi]
    lo = nxt * per_suit
    hi = lo + per_suit
    if trump in held:
        return sorted([c for c in hand if lo <= c < hi or t_lo <= c < t_hi])
    return sorted([c for c in hand if lo <= c < hi])


def next_held_suit(hand: list[int], led_suit: int, n_suits: int = 10, per_suit: int = 12) -> int:
    """First suit after ``led_suit`` in avatar order (wrapping) of which the hand holds a card."""
    held = {c // per_suit for c in hand}
    for k in range(1, n_suits + 1):
        s = (led_suit + k) % n_suits
        if s in held:
            return s
    raise ValueError("empty hand")


_SUIT_CARDS: dict[int, tuple[Deck, tuple]] = {}
_ACTIONS: dict[int, tuple[Deck, tuple]] = {}


def _card_actions(deck: Deck) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """Every ``("play", c)`` and ``("give", c)`` action, built once per deck."""
    hit = _ACTIONS.get(id(deck))
    if hit is None or hit[0] is not deck:
        cards = range(deck.size)
        hit = _ACTIONS[id(deck)] = (deck, (tuple(("play", c) for c in cards),
                                           tuple(("give", c) for c in cards)))
    return hit[1]


def _suit_cards(deck: Deck) -> tuple:
    """Per suit: (Raja card, Mantri card, ((face value, card), ...) by ascending value),
    and {Raja card: suit}."""
    hit = _SUIT_CARDS.get(id(deck))
    if hit is None or hit[0] is not deck:
        per = deck.per_suit
        table = tuple(
            (s * per + deck.raja_rank, s * per + deck.mantri_rank,
             tuple(sorted((r.value, s * per + r.index) for r in deck.ranks if r.kind == "numeral")))
            for s in range(len(deck.suits)))
        hit = _SUIT_CARDS[id(deck)] = (deck, (table, {t[0]: s for s, t in enumerate(table)}, {}))
    return hit[1]


_KEYS: dict[tuple[int, int], tuple[Deck, tuple]] = {}


def _trick_keys(deck: Deck, trump: int) -> tuple[tuple[int, ...], ...]:
    """Per led suit, every card's weight in the trick (rule 15): trumps above the led suit
    above the rest (0); the highest weight wins. Built once per deck and trump."""
    hit = _KEYS.get((id(deck), trump))
    if hit is None or hit[0] is not deck:
        per, strength = deck.per_suit, deck.strength
        keys = tuple(
            tuple(2 * per + strength[c] if c // per == trump
                  else per + strength[c] if c // per == led else 0 for c in range(deck.size))
            for led in range(len(deck.suits)))
        hit = _KEYS[(id(deck), trump)] = (deck, keys)
    return hit[1]


def _suit_dukals(deck: Deck, court: tuple, held: tuple[int, ...], runs: dict) -> tuple:
    """Every Dukal (sorted card tuples) of one suit whose held cards are ``held`` (its Raja
    and Mantri among them), whatever the hand sizes; cached in ``runs`` by ``held``."""
    found = runs.get(held)
    if found is None:
        raja, mantri, numerals = court
        hand = set(held)
        min_run = deck.dukal_min_run
        have = [(v, c) for v, c in numerals if c in hand]      # ascending face value
        out = []
        for i in range(len(have)):
            run = [have[i]]
            for vc in have[i + 1:]:
                if vc[0] != run[-1][0] + 1:
                    break
                run.append(vc)
                if len(run) >= min_run:
                    out.append(tuple(sorted([raja, mantri] + [c for _, c in run])))
        found = runs[held] = tuple(out)
    return found


_DEFAULT_OPTIONS: dict[int, tuple[Deck, dict]] = {}
_DEALS: dict[tuple[int, int, int, int], tuple] = {}


def _deal_plan(size: int, packet: int, n: int, dealer: int) -> tuple:
    """Per seat, an itemgetter of the shuffled positions it is dealt (packets of
    ``packet`` from the dealer's next seat, rule 7), and the packets as (seat, size)."""
    key = (size, packet, n, dealer)
    plan = _DEALS.get(key)
    if plan is None:
        positions: list[list[int]] = [[] for _ in range(n)]
        packets = []
        seat = (dealer + 1) % n
        for pos in range(0, size, packet):
            part = range(pos, min(pos + packet, size))
            positions[seat] += part
            packets.append((seat, len(part)))
            seat = (seat + 1) % n
        getters = tuple((lambda cards: []) if not p else
                        (lambda cards, p=p[0]: [cards[p]]) if len(p) == 1 else itemgetter(*p)
                        for p in positions)
        plan = _DEALS[key] = (getters, tuple(packets))
    return plan


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick or Dukal, public to everyone."""

    kind: str                               # "trick" or "dukal"
    leader: int
    plays: tuple[tuple[int, int], ...]      # (seat, card) in the order played
    winner: int


@dataclass(frozen=True, slots=True)
class GanjifaView:
    """Everything one seat may know (``seat=None``: the public view, ``hand=None``)."""

    seat: int | None
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    captured: tuple[int, ...]               # capture-pile counts
    trump: int
    time: str
    void_rule: str
    dealer: int
    phase: str
    turn: int | None
    leader: int
    trick_no: int
    trick: tuple[tuple[int, int], ...]      # current single-card trick so far
    dukal: tuple[int, ...]                  # cards of a Dukal being answered, else ()
    gives: tuple[tuple[int, tuple[int, ...]], ...]   # per giver, cards given so far
    give_count: int                          # N while a Dukal is answered, else 0
    history: tuple[Trick, ...]


_VIEW_SLOTS = tuple(getattr(GanjifaView, f.name).__set__ for f in fields(GanjifaView))
_new_object = object.__new__
(_set_seat, _set_hand, _set_hand_sizes, _set_captured, _set_trump, _set_time, _set_void_rule,
 _set_dealer, _set_phase, _set_turn, _set_leader, _set_trick_no, _set_trick, _set_dukal,
 _set_gives, _set_give_count, _set_history) = _VIEW_SLOTS


def _make_view(seat: int | None, hand: tuple[int, ...] | None, hand_sizes: tuple[int, ...],
               captured: tuple[int, ...], trump: int, time: str, void_rule: str, dealer: int,
               phase: str, turn: int | None, leader: int, trick_no: int,
               trick: tuple[tuple[int, int], ...], dukal: tuple[int, ...],
               gives: tuple[tuple[int, tuple[int, ...]], ...], give_count: int,
               history: tuple[Trick, ...]) -> GanjifaView:
    """``GanjifaView(...)`` minus the frozen-dataclass ``__init__`` cost (a view is built
    after every action, and that cost was most of it): fills the slots directly.
    The object is the same in every respect."""
    v = _new_object(GanjifaView)
    _set_seat(v, seat)
    _set_hand(v, hand)
    _set_hand_sizes(v, hand_sizes)
    _set_captured(v, captured)
    _set_trump(v, trump)
    _set_time(v, time)
    _set_void_rule(v, void_rule)
    _set_dealer(v, dealer)
    _set_phase(v, phase)
    _set_turn(v, turn)
    _set_leader(v, leader)
    _set_trick_no(v, trick_no)
    _set_trick(v, trick)
    _set_dukal(v, dukal)
    _set_gives(v, gives)
    _set_give_count(v, give_count)
    _set_history(v, history)
    return v


_set_tr_kind, _set_tr_leader, _set_tr_plays, _set_tr_winner = (
    getattr(Trick, f.name).__set__ for f in fields(Trick))


def _trick(kind: str, leader: int, plays: tuple[tuple[int, int], ...], winner: int) -> Trick:
    """``Trick(...)`` without the frozen-dataclass ``__init__`` cost (one per trick)."""
    t = _new_object(Trick)
    _set_tr_kind(t, kind)
    _set_tr_leader(t, leader)
    _set_tr_plays(t, plays)
    _set_tr_winner(t, winner)
    return t


class GanjifaState(OneSeatAtATime):
    """One hand of Ganjifa for three seats.

    Slotted: attribute access is the bulk of an action's cost, and slots make it cheaper."""

    __slots__ = (
        "deck", "n_seats", "options", "trump", "rng", "seed", "dealer", "packets", "hands",
        "_captured", "trick", "_history", "_pending", "trick_no", "dukal", "gives", "leader", "turn",
        "phase", "_result", "_hist_cache", "_per", "_plays", "_gives_a", "_strict", "_dukal_cache", "_acts_cache",
        "_keys", "_size",
    )

    def __init__(
        self, seed: int = 0, options: dict | None = None, deck: Deck | None = None,
        hands: list[list[int]] | None = None, dealer: int | None = None,
    ) -> None:
        self.deck = deck or default_deck()
        self.n_seats = self.deck.players
        self.options = self._check_options(options or {})
        self.trump = self.deck.trumps[self.options["time"]]
        self.rng = random.Random(seed)
        self.seed = seed
        n = self.n_seats
        self.dealer = self.rng.randrange(n) if dealer is None else dealer
        if hands is None:
            self.hands, self.packets = self._deal()     # sorted hands
        else:
            self.packets = []
            self._check_explicit_deal(hands)
            self.hands = [sorted(h) for h in hands]
        self._pending: list[int] = []
        self._captured: list[list[int]] = [[] for _ in range(n)]
        self.trick: list[tuple[int, int]] = []
        self._history: list[Trick] = []
        self.trick_no = 0
        self.dukal: tuple[int, ...] = ()
        self.gives: list[tuple[int, list[int]]] = []
        opener = self.trump * self.deck.per_suit + self.deck.raja_rank
        holder = next((s for s in range(n) if opener in self.hands[s]), 0)
        self.leader = self.turn = holder
        self.phase = LEAD
        self._result: Result | None = None
        self._hist_cache: tuple[list[Trick], tuple[Trick, ...]] | None = None
        self._setup_fast()

    # A playout logs its single-card tricks compactly, five ints a trick in ``_pending``
    # (leader, the three cards in play order, winner); they become Trick records and
    # capture-pile cards when either is first read.
    @property
    def history(self) -> list[Trick]:
        """Every finished trick and Dukal, oldest first."""
        if self._pending:
            self._flush()
        return self._history

    @history.setter
    def history(self, value: list[Trick]) -> None:
        if self._pending:
            self._flush()
        self._history = value

    @property
    def captured(self) -> list[list[int]]:
        """Each seat's capture pile."""
        if self._pending:
            self._flush()
        return self._captured

    @captured.setter
    def captured(self, value: list[list[int]]) -> None:
        if self._pending:
            self._flush()
        self._captured = value

    def _flush(self) -> None:
        log, hist, cap = self._pending, self._history, self._captured
        for k in range(0, len(log), 5):
            leader, c0, c1, c2, winner = log[k:k + 5]
            o1 = (leader + 1) % 3
            hist.append(_trick("trick", leader, ((leader, c0), (o1, c1), ((o1 + 1) % 3, c2)),
                               winner))
            cap[winner] += (c0, c1, c2)
        self._pending = []

    def _setup_fast(self) -> None:
        """Per-state constants of the hot paths (cards per suit, the shared action tuples,
        the void rule) and the per-seat Dukal candidates (filled lazily, see :meth:`dukals`)."""
        self._per = self.deck.per_suit
        self._plays, self._gives_a = _card_actions(self.deck)
        self._strict = self.options["void_rule"] == "strict"
        self._keys = _trick_keys(self.deck, self.trump)
        self._size = self.deck.size
        self._dukal_cache = [None] * self.n_seats
        self._acts_cache = [None] * self.n_seats

    # ------------------------------------------------------------------ setup
    def _check_options(self, options: dict) -> dict:
        out = {}
        for key, (default, values) in self.deck.options.items():
            value = options.get(key, default)
            if value not in values:
                raise ValueError(f"option {key} must be one of {values}, got {value!r}")
            out[key] = value
        unknown = set(options) - set(out)
        if unknown:
            raise ValueError(f"unknown Ganjifa option(s): {', '.join(sorted(unknown))}")
        return out

    def _deal(self) -> tuple[list[list[int]], list[tuple[int, int]]]:
        """Shuffle, then packets of four counter-clockwise from the dealer's next seat."""
        cards = shuffled_range(self.rng, self.deck.size)
        getters, packets = _deal_plan(self.deck.size, self.deck.deal_packet, self.n_seats,
                                      self.dealer)
        return [sorted(get(cards)) for get in getters], list(packets)

    def _check_explicit_deal(self, hands: list[list[int]]) -> None:
        if len(hands) != self.n_seats:
            raise ValueError(f"need {self.n_seats} hands, got {len(hands)}")
        flat = [c for h in hands for c in h]
        if len(set(flat)) != len(flat) or any(not 0 <= c < self.deck.size for c in flat):
            raise ValueError("explicit deal has duplicate or unknown cards")

    @classmethod
    def from_deal(cls, hands: list[list[int | str]], options: dict | None = None,
                  dealer: int = 0, deck: Deck | None = None, **state: object) -> GanjifaState:
        """Start from an explicit deal (cards as ints or ids like ``"rama-R"``), for tests.

        Extra keyword arguments (``trick_no``, ``leader``, ``turn``, ``phase``) set a
        mid-hand position directly.
        """
        deck = deck or default_deck()
        parsed = [[deck.parse(c) if isinstance(c, str) else c for c in h] for h in hands]
        st = cls(seed=0, options=options, deck=deck, hands=parsed, dealer=dealer)
        for key, value in state.items():
            if key not in ("trick_no", "leader", "turn", "phase"):
                raise TypeError(key)
            setattr(st, key, value)
        if "leader" in state and "turn" not in state:
            st.turn = st.leader
        return st

    # ------------------------------------------------------------- contract
    def legal_actions(self, seat: int) -> list[Action]:
        # Hot: hands are sorted, so a suit is the slice two bisections find, and the action
        # tuples are the deck's shared ones (no tuple is built here).
        phase = self.phase
        if seat != self.turn or phase == OVER:
            return []
        hand = self.hands[seat]
        if phase == GIVE:
            return list(map(self._gives_a.__getitem__, hand))
        # The hand's ("play", c) actions, in the hand's order, kept alongside it (a play
        # deletes at the same index in both) and rebuilt when the hand list was replaced
        # or changed length otherwise (a Dukal, a give-up).
        acts = self._acts_cache[seat]
        if acts is None or acts[0] is not hand or len(acts[1]) != len(hand):
            acts = self._acts_cache[seat] = (hand, list(map(self._plays.__getitem__, hand)))
        acts = acts[1]
        if phase == FOLLOW:
            per = self._per
            lo = self.trick[0][1]
            lo -= lo % per
            i = bisect_left(hand, lo)
            j = bisect_left(hand, lo + per, i)
            if j > i:       # the usual case: follow suit
                return acts[i:j]
            plays = self._plays
            return [plays[c] for c in self._void_cards(hand, i)]
        if self.trick_no == 0:
            return [self._plays[self._opening_card()]]
        plays = acts[:]
        chance = self._dukal_cache[seat]     # dukals()'s quick exit, inlined
        if chance is not None and chance[0] is hand and not chance[1]:
            return plays
        dukals = self.dukals(seat)
        if dukals:      # "dukal" < "play": Dukals first keeps the list sorted (engine contract)
            return [("dukal", d) for d in dukals] + plays
        return plays

    def _void_cards(self, hand: list[int], i: int) -> list[int]:
        """The follow set of a hand void in the led suit (rule 14), ``i`` being where the led
        suit would sit in the sorted hand: the card there (wrapping to the first) is of the
        next held suit in avatar order."""
        per = self._per
        if i == len(hand):
            i = 0
        nxt = hand[i] // per
        t_lo = self.trump * per
        ti = bisect_left(hand, t_lo)
        tj = bisect_left(hand, t_lo + per, ti)
        if tj > ti and (nxt == self.trump or self._strict):
            return hand[ti:tj]
        j = bisect_left(hand, nxt * per + per, i)
        if tj == ti:
            return hand[i:j]
        return hand[ti:tj] + hand[i:j] if ti < i else hand[i:j] + hand[ti:tj]

    def _opening_card(self) -> int:
        return self.trump * self.deck.per_suit + self.deck.raja_rank

    def dukals(self, seat: int) -> list[tuple[int, ...]]:
        """Every Dukal the seat could lead from its hand (any sub-run of ≥ 3 numerals)."""
        tables = _suit_cards(self.deck)
        suits = tables[0]
        cards = self.hands[seat]
        # Suits whose Raja and Mantri this hand list held when first looked at; a hand only
        # loses cards, so a suit leaves for good once either court is gone. Keyed on the
        # list object: a hand replaced (clone, redeal) is looked at afresh.
        chance = self._dukal_cache[seat]
        if chance is None or chance[0] is not cards:
            held = set(cards)
            chance = self._dukal_cache[seat] = (cards, [
                s for s, t in enumerate(suits) if t[0] in held and t[1] in held])
        live = chance[1]
        if not live:        # quick exit: usually none
            return []
        courts = []
        for s in live[:]:
            t = suits[s]
            if t[0] in cards and t[1] in cards:
                courts.append(t)
            else:
                live.remove(s)
        if not courts:
            return []
        limit = min(map(len, self.hands))
        per, deck, runs = self._per, self.deck, tables[2]
        out = []
        for court in courts:
            lo = court[0] - court[0] % per
            i = bisect_left(cards, lo)
            j = bisect_left(cards, lo + per, i)
            out += [d for d in _suit_dukals(deck, court, tuple(cards[i:j]), runs)
                    if len(d) <= limit]
        return sorted(out)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action; on IllegalAction nothing has changed."""
        if self.phase == OVER:
            raise IllegalAction("The hand is over.", "over")
        if seat != self.turn:
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if not isinstance(action, tuple) or len(action) != 2:
            raise IllegalAction(f"Unknown action {action!r}.", "unknown_action")
        kind, arg = action
        if kind == "play":
            return self._play(seat, arg)
        if kind == "dukal":
            return self._dukal(seat, arg)
        if kind == "give":
            return self._give(seat, arg)
        raise IllegalAction(f"Unknown action {kind!r}.", "unknown_action")

    # ---------------------------------------------------------------- moves
    def _need_in_hand(self, seat: int, card: object) -> int:
        if not isinstance(card, int) or card not in self.hands[seat]:
            raise IllegalAction("That card is not in your hand.", "not_in_hand")
        return card

    def _play(self, seat: int, card: object) -> list[Event]:
        phase = self.phase
        if phase == GIVE:
            raise IllegalAction("Choose the cards you give up to the Dukal.", "must_give",
                                n=len(self.dukal))
        hand = self.hands[seat]
        at = -1
        if isinstance(card, int):   # the hand is sorted: bisection finds the card
            at = bisect_left(hand, card)
            if at == len(hand) or hand[at] != card:
                at = -1
        if at < 0:
            raise IllegalAction("That card is not in your hand.", "not_in_hand")
        c = card
        if phase == LEAD:
            if self.trick_no == 0 and c != self._opening_card():
                raise IllegalAction(
                    "The first trick must be led with the Raja of "
                    f"{self.deck.suits[self.trump].name['en']}.", "opening", trump=self.trump)
        else:
            # Following the led suit is always legal; anything else needs the full rule.
            per = self._per
            lo = self.trick[0][1]
            lo -= lo % per
            if not lo <= c < lo + per:
                i = bisect_left(hand, lo)
                if i < len(hand) and hand[i] < lo + per or c not in self._void_cards(hand, i):
                    raise self._follow_error(seat)
        del hand[at]
        acts = self._acts_cache[seat]
        if acts is not None and acts[0] is hand and len(acts[1]) == len(hand) + 1:
            del acts[1][at]
        trick = self.trick
        trick.append((seat, c))
        events = [new_event(("play", seat, {"card": c, "lead": phase == LEAD}, None))]
        if len(trick) == self.n_seats:
            winner, cards = self._end_trick()
            events.append(new_event(("trick", winner, {"cards": cards, "winner": winner}, None)))
            if self.phase == OVER:
                events.append(self._over_event())
        else:
            self.phase = FOLLOW
            self.turn = (seat + 1) % self.n_seats
        return events

    def advance(self, seat: int, action: Action) -> None:
        """Apply a listed action, trusted: no validation and no events (the fast path of
        random playouts and search). ``action`` must be one of ``legal_actions(seat)``;
        anything else leaves the state undefined. Input from players goes through
        :meth:`apply`, which checks it and raises IllegalAction."""
        if action[0] != "play":     # Dukals and give-ups are rare: the full path
            self.apply(seat, action)
            return
        c = action[1]
        hand = self.hands[seat]
        at = bisect_left(hand, c)
        del hand[at]
        acts = self._acts_cache[seat]
        if acts is not None and acts[0] is hand and len(acts[1]) == len(hand) + 1:
            del acts[1][at]
        trick = self.trick
        trick.append((seat, c))
        if len(trick) == self.n_seats:
            self._end_trick()
        else:
            self.phase = FOLLOW
            self.turn = (seat + 1) % self.n_seats

    def playout(self, rng: random.Random, limit: int = 1 << 30,
                record: list[tuple[int, Action]] | None = None) -> int:
        """Play on to the end (or ``limit`` actions), every seat choosing uniformly among its
        legal actions with ``rng``: the engine's random-playout loop (the arena's random
        hands, search rollouts). The state ends exactly as if each action had been applied
        in turn; ``record`` gets each ``(seat, action)``. Returns the actions played."""
        return random_playout(self, rng, limit, record)

    def _follow_error(self, seat: int) -> IllegalAction:
        d = self.deck
        hand = self.hands[seat]
        led = self.trick[0][1] // d.per_suit
        led_name = d.suits[led].name["en"]
        if any(c // d.per_suit == led for c in hand):
            return IllegalAction(f"You must follow {led_name}.", "must_follow", led=led)
        has_trump = any(c // d.per_suit == self.trump for c in hand)
        nxt = next_held_suit(hand, led, len(d.suits), d.per_suit)
        trump_name, next_name = d.suits[self.trump].name["en"], d.suits[nxt].name["en"]
        if has_trump and (self.options["void_rule"] == "strict" or nxt == self.trump):
            return IllegalAction(f"You have no {led_name}: play a trump ({trump_name}).",
                                 "void_trump", led=led, trump=self.trump)
        if has_trump:
            return IllegalAction(
                f"You have no {led_name}: play a trump ({trump_name}) or {next_name}.",
                "void_choice", led=led, trump=self.trump, next=nxt)
        return IllegalAction(f"You have no {led_name} and no trump: play {next_name}.",
                             "void_next", led=led, next=nxt)

    def _winner(self, plays: list[tuple[int, int]]) -> int:
        keys = self._keys[plays[0][1] // self._per]
        if len(plays) == 3:         # the usual table, unrolled (hot path)
            (s0, c0), (s1, c1), (s2, c2) = plays
            best_seat, best = s0, keys[c0]
            k = keys[c1]
            if k > best:
                best_seat, best = s1, k
            return s2 if keys[c2] > best else best_seat
        best_seat, best = plays[0][0], -1
        for seat, c in plays:
            k = keys[c]
            if k > best:
                best_seat, best = seat, k
        return best_seat

    def _end_trick(self) -> tuple[int, list[int]]:
        """Close a full trick (and the hand, after the last): (winner, cards taken)."""
        trick = self.trick
        winner = self._winner(trick)
        if len(trick) == 3 and self.n_seats == 3:     # the usual table: logged compactly
            (s0, c0), (_, c1), (_, c2) = trick
            cards = [c0, c1, c2]
            self._pending.extend((s0, c0, c1, c2, winner))
        else:
            cards = [c for _, c in trick]
            self.captured[winner] += cards
            self.history.append(_trick("trick", self.leader, tuple(trick), winner))
        self.trick = []
        self.trick_no += 1
        self.leader = self.turn = winner
        self.phase = LEAD
        if not any(self.hands):
            self._end_hand()
        return winner, cards

    def _dukal(self, seat: int, cards: object) -> list[Event]:
        d, per = self.deck, self.deck.per_suit
        if self.phase != LEAD:
            raise IllegalAction("A Dukal can only be led, never played to a trick.", "dukal_follow")
        if self.trick_no == 0:
            raise IllegalAction("No Dukal on the first trick: lead the trump Raja.", "dukal_first",
                                trump=self.trump)
        if not isinstance(cards, tuple) or not all(isinstance(c, int) for c in cards):
            raise IllegalAction("A Dukal is a set of cards.", "dukal_shape")
        if len(set(cards)) != len(cards) or any(c not in self.hands[seat] for c in cards):
            raise IllegalAction("Those cards are not all in your hand.", "not_in_hand")
        suits = {c // per for c in cards}
        if len(suits) != 1:
            raise IllegalAction("A Dukal must be of one suit.", "dukal_suits")
        s = suits.pop()
        ranks = [d.ranks[c % per] for c in cards]
        kinds = [r.kind for r in ranks]
        if kinds.count("raja") != 1 or kinds.count("mantri") != 1:
            raise IllegalAction("A Dukal needs that suit's Raja and Mantri.", "dukal_courts")
        values = sorted(r.value for r in ranks if r.kind == "numeral")
        if len(values) < d.dukal_min_run:
            raise IllegalAction(f"A Dukal needs at least {d.dukal_min_run} numerals.",
                                "dukal_short", k=d.dukal_min_run)
        if any(b != a + 1 for a, b in zip(values, values[1:], strict=False)):
            raise IllegalAction("The numerals of a Dukal must be one unbroken run.", "dukal_run")
        n = len(cards)
        for other in range(self.n_seats):
            if len(self.hands[other]) < n:
                raise IllegalAction(f"A Dukal of {n} is more than seat {other + 1} holds.",
                                    "dukal_size", n=n, seat=other)
        for c in cards:
            self.hands[seat].remove(c)
        self.dukal = tuple(sorted(cards))
        self.gives = [((seat + k) % self.n_seats, []) for k in range(1, self.n_seats)]
        self.phase = GIVE
        self.turn = self.gives[0][0]
        return [Event("dukal", seat, {"cards": list(self.dukal), "suit": s, "n": n})]

    def _give(self, seat: int, card: object) -> list[Event]:
        if self.phase != GIVE:
            raise IllegalAction("There is no Dukal to give cards to.", "no_dukal")
        c = self._need_in_hand(seat, card)
        n = len(self.dukal)
        giver = next(g for g in self.gives if g[0] == seat)
        if len(giver[1]) >= n:  # unreachable: the turn moves on after N cards
            raise IllegalAction(f"You have already given {n} cards.", "given_enough", n=n)
        self.hands[seat].remove(c)
        giver[1].append(c)
        events = [Event("give", seat, {"card": c, "left": n - len(giver[1])})]
        if len(giver[1]) < n:
            return events
        pending = [g for g in self.gives if len(g[1]) < n]
        if pending:
            self.turn = pending[0][0]
            return events
        plays = [(self.leader, c) for c in self.dukal]
        for g_seat, g_cards in self.gives:
            plays += [(g_seat, c) for c in g_cards]
        cards = [c for _, c in plays]
        self.captured[self.leader].extend(cards)
        self.history.append(Trick("dukal", self.leader, tuple(plays), self.leader))
        self.dukal, self.gives = (), []
        self.trick_no += 1
        self.turn = self.leader
        self.phase = LEAD
        events.append(Event("dukal_won", self.leader, {"cards": cards, "winner": self.leader}))
        return events + self._maybe_over()

    def _maybe_over(self) -> list[Event]:
        if any(self.hands):
            return []
        self._end_hand()
        return [self._over_event()]

    def _end_hand(self, scores: tuple[int, ...] | None = None) -> None:
        """The hand is over: the result from the capture piles (or from ``scores``, their
        sizes, when a playout knows them)."""
        self.phase = OVER
        if scores is None:      # the piles' sizes, without making the logged tricks up
            won = self._pending[4::5]
            scores = tuple(len(c) + 3 * won.count(s) for s, c in enumerate(self._captured))
        top = max(scores)
        winners = tuple(s for s in range(self.n_seats) if scores[s] == top)
        self._result = Result(winners, scores, "shared" if len(winners) > 1 else "most_cards")

    def _over_event(self) -> Event:
        res = self._result
        return Event("over", None, {"winners": list(res.winners), "scores": list(res.scores)})

    # ----------------------------------------------------------------- views
    def view(self, seat: int | None) -> GanjifaView:
        # Hot: a view is taken after every action. Hence the three-seat fast path and the
        # history tuple, rebuilt only when the list object or its length changed (the
        # history is append-only).
        hands, captured = self.hands, self.captured
        if len(hands) == 3:
            h0, h1, h2 = hands
            c0, c1, c2 = captured
            sizes = (len(h0), len(h1), len(h2))
            caps = (len(c0), len(c1), len(c2))
        else:
            sizes, caps = tuple(map(len, hands)), tuple(map(len, captured))
        hist = self.history
        cached = self._hist_cache
        if cached is None or cached[0] is not hist or len(cached[1]) != len(hist):
            cached = self._hist_cache = (hist, tuple(hist))
        opts = self.options
        return _make_view(  # the fields of GanjifaView, in order
            seat, tuple(hands[seat]) if seat is not None else None, sizes, caps,
            self.trump, opts["time"], opts["void_rule"], self.dealer, self.phase,
            None if self.phase == OVER else self.turn,
            self.leader, self.trick_no, tuple(self.trick), self.dukal,
            tuple((s, tuple(c)) for s, c in self.gives) if self.gives else (),
            len(self.dukal), cached[1],
        )

    def deal_events(self) -> list[Event]:
        """The deal as events: public packets, and each seat's hand to that seat only."""
        events = [new_event(("deal", None, {"dealer": self.dealer, "packets": self.packets,
                                            "trump": self.trump, "time": self.options["time"]},
                             None))]
        for s, hand in enumerate(self.hands):
            events.append(new_event(("hand", s, {"cards": hand[:]}, s)))
        return events

    def clone(self) -> GanjifaState:
        if self._pending:
            self._flush()
        st = self._copy_fields()
        st._pending = []        # its own log (the copied field is this state's list)
        st.hands = [list(h) for h in self.hands]
        st.captured = [list(c) for c in self.captured]
        st.trick = list(self.trick)
        st.history = list(self.history)
        st.gives = [(s, list(c)) for s, c in self.gives]
        st.rng = random.Random()
        st.rng.setstate(self.rng.getstate())
        st._dukal_cache = [None] * self.n_seats
        st._acts_cache = [None] * self.n_seats
        return st

    @classmethod
    def from_view(cls, view: GanjifaView, hands: list[list[int]], deck: Deck | None = None) -> GanjifaState:
        """A full state matching a public view plus a guess of every hand (a determinisation,
        for search): the position, trick, Dukal and give-ups of the view, ``hands[s]`` for
        every seat. Capture piles keep their counts only (card identities do not matter to
        play) and the history is left empty. Its ``rng`` is shared (the rules draw from it
        only to deal)."""
        st = _new_object(GanjifaState)
        st._pending = []
        st.deck = deck = deck or default_deck()
        st.n_seats = deck.players
        st.options = {"void_rule": view.void_rule, "time": view.time}
        st.trump, st.seed = view.trump, 0
        st.rng = _SEARCH_RNG
        st.dealer, st.packets = view.dealer, []
        st.hands = [sorted(h) for h in hands]
        st._captured = [[-1] * n for n in view.captured]
        st.trick = list(view.trick)
        st._history = []
        st.trick_no, st.dukal = view.trick_no, view.dukal
        st.gives = [(s, list(c)) for s, c in view.gives]
        st.leader, st.phase = view.leader, view.phase
        st.turn = view.turn if view.turn is not None else view.leader
        st._result = None
        st._hist_cache = None
        st._setup_fast()
        return st

    def fork(self) -> GanjifaState:
        """A copy for search, cheaper than :meth:`clone`: it shares the rng (the rules draw
        from it only to deal), the options and the packets, and starts with no caches."""
        if self._pending:
            self._flush()
        st = _new_object(GanjifaState)
        st.deck, st.n_seats, st.options, st.trump = self.deck, self.n_seats, self.options, self.trump
        st.rng, st.seed, st.dealer, st.packets = self.rng, self.seed, self.dealer, self.packets
        st.hands = [h[:] for h in self.hands]
        st._captured = [c[:] for c in self._captured]
        st._pending = []
        st.trick = self.trick[:]
        st._history = self._history[:]
        st.trick_no, st.dukal, st.leader, st.turn = self.trick_no, self.dukal, self.leader, self.turn
        st.gives = [(g, c[:]) for g, c in self.gives] if self.gives else []
        st.phase, st._result, st._hist_cache = self.phase, self._result, None
        st._per, st._plays, st._gives_a = self._per, self._plays, self._gives_a
        st._strict, st._keys, st._size = self._strict, self._keys, self._size
        st._dukal_cache = [None] * self.n_seats
        st._acts_cache = [None] * self.n_seats
        return st


_SEARCH_RNG = random.Random(0)


def check_invariants(state: GanjifaState) -> list[str]:
    """Rule invariants, for the arena and fuzz tests (R10, §5 case 34); [] when all hold.

    Cards are conserved (hands + capture piles + table = the deck), every seat holds the
    same number of cards whenever a trick or Dukal has just finished (a lead is due or the
    hand is over), and a finished hand has empty hands and a result whose scores sum to
    the deck.
    """
    bad = []
    size = state._size
    hands, captured = state.hands, state.captured
    phase = state.phase
    if len(hands) == 3:     # the usual table, without the generic machinery (hot path)
        h0, h1, h2 = hands
        c0, c1, c2 = captured
        n0, n1, n2 = len(h0), len(h1), len(h2)
        held = n0 + n1 + n2 + len(c0) + len(c1) + len(c2) + len(state.trick) + len(state.dukal)
        if state.gives:
            held += sum(len(c) for _, c in state.gives)
        if held == size and (n0 == n1 == n2 or phase == FOLLOW or phase == GIVE) \
                and phase != OVER:
            return bad      # all holds: the usual answer, without building lists
    sizes = list(map(len, hands))
    held = sum(sizes) + sum(map(len, captured)) + len(state.trick) + len(state.dukal)
    held += sum(len(c) for _, c in state.gives)
    if held != size:
        bad.append(f"cards not conserved: {held} accounted for, deck has {size}")
    if (phase == LEAD or phase == OVER) and min(sizes) != max(sizes):
        bad.append(f"unequal hand sizes after a trick: {sizes}")
    if phase == OVER:
        res = state.result()
        if res is None or sum(res.scores) != size or any(sizes):
            bad.append(f"bad end of hand: hands {sizes}, result {res}")
    return bad


def new_game(n_seats: int = 3, seed: int = 0, options: dict | None = None) -> GanjifaState:
    state = GanjifaState(seed=seed, options=options)
    if n_seats != state.n_seats:
        raise ValueError(f"Ganjifa is for {state.n_seats} players")
    return state


def truth(state: GanjifaState) -> Truth:
    """What a finished replay reveals: every seat's hand, sorted."""
    return Truth(tuple(tuple(sorted(h)) for h in state.hands))


from game.ganjifa.playout import random_playout  # noqa: E402  (it reads this module's helpers)
